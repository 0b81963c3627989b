package cmd

import (
	"fmt"
	"strings"
	"testing"

	"cardpress/internal/testutil"
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
