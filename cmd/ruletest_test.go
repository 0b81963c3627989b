package cmd

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
)

func TestRuleTestsOfTheShippedGamesPass(t *testing.T) {
	code, out, errOut := run(t, repoRoot, "test", "cards/crazy-eights", "cards/hearts")
	if code != 0 || !strings.Contains(out, "crazy-eights: 11 tests passed\n") || !strings.Contains(out, "hearts: 13 tests passed\n") {
		t.Fatalf("test: exit %d\n%s%s", code, out, errOut)
	}
}

// A failing rule test prints its place and message and exits 1.
func TestRuleTestFailureExits1(t *testing.T) {
	ws := testutil.CopyGame(t, "crazy-eights")
	file := "cards/crazy-eights/tests.yaml"
	line := lineOf(t, ws, file, `"score[2]": 6`)
	edit(t, ws, file, `"score[2]": 6`, `"score[2]": 7`)
	code, out, errOut := run(t, ws, "test", "cards/crazy-eights")
	want := fmt.Sprintf("%s:%d:7: test %q: expected 7, got 6\n", file, line, "a blocked deal goes to the lowest hand, who scores the differences")
	if code != 1 || !strings.Contains(out, want) || !strings.Contains(out, "crazy-eights: 10 tests passed, 1 failed\n") {
		t.Fatalf("test: exit %d, want 1 and %q\n%s%s", code, want, out, errOut)
	}
	// build runs them too: the failure, the count and exit 1 (the PDFs
	// are still written).
	code, out, errOut = run(t, ws, "build", "cards/crazy-eights", "--games", "20")
	if code != 1 || !strings.Contains(out, want) || !strings.Contains(out, "; tests: 10 passed, 1 failed; wrote ") {
		t.Fatalf("build: exit %d, want 1, %q and the count\n%s%s", code, want, out, errOut)
	}
}

// A tests file its schema rejects is an error: exit 1, and its tests do
// not run.
func TestRuleTestsFileWithSchemaErrors(t *testing.T) {
	ws := testutil.CopyGame(t, "hearts")
	file := "cards/hearts/tests.yaml"
	edit(t, ws, file, "    seed: 3\n    at: play\n    legal: [clubs-2]", "    seed: 3\n    at: play\n    legal: [clubs-2]\n    oops: 1")
	code, out, errOut := run(t, ws, "test", "cards/hearts")
	if code != 1 || !strings.Contains(out, file+":") {
		t.Fatalf("test: exit %d, want 1 and a finding in %s\n%s%s", code, file, out, errOut)
	}
}

// A card renamed in the card files while a rule test still names the old
// id is caught by validate, at the test's line and column, with exit 1:
// in a game with an engine of its own (HEAT, whose tests play its rules
// file) and in one played by its rules file (Crazy Eights). lint says the
// same, and test says the tests do not run.
func TestRenamedCardIsCaughtByValidate(t *testing.T) {
	for _, c := range []struct{ game, card, line string }{
		{"heat", "casino-cage", `      "hand[2]": [casino-cage]`},
		{"crazy-eights", "diamonds-a", "diamonds-a"},
	} {
		ws := testutil.CopyGame(t, c.game)
		cards, tests := "cards/"+c.game+"/cards.yaml", "cards/"+c.game+"/tests.yaml"
		if c.game == "crazy-eights" {
			cards = "cards/crazy-eights/diamonds.yaml"
		}
		old := "id: " + c.card + "\n"
		if c.game == "crazy-eights" {
			old = "id: " + c.card + ","
		}
		edit(t, ws, cards, old, strings.Replace(old, c.card, c.card+"s", 1))
		line := lineOf(t, ws, tests, c.line)
		data, err := os.ReadFile(filepath.Join(ws, tests))
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Split(string(data), "\n")[line-1]
		want := fmt.Sprintf("%s:%d:%d: error UNDEFINED_CARD: test %q: %s is not a card id of this game (did you mean %ss?)",
			tests, line, strings.Index(text, c.card)+1, testName(t, string(data), line), c.card, c.card)
		for _, cmd := range []string{"validate", "lint", "test"} {
			code, out, errOut := run(t, ws, cmd, "cards/"+c.game)
			if code != 1 || !strings.Contains(out, want+"\n") || strings.Count(out, ": error ") != 1 {
				t.Errorf("%s %s: exit %d, want 1 and only\n%s\nin:\n%s%s", cmd, c.game, code, want, out, errOut)
			}
		}
	}
}

// testName is the name of the test a line of a tests file is in.
func testName(t *testing.T, text string, line int) string {
	t.Helper()
	lines := strings.Split(text, "\n")
	for i := line - 1; i >= 0; i-- {
		if name, ok := strings.CutPrefix(lines[i], "  - name: "); ok {
			return name
		}
	}
	t.Fatalf("no test above line %d", line)
	return ""
}
