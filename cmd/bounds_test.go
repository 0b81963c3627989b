package cmd

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
)

// findingLine matches a printed finding: file:line:col: severity CODE: message.
var findingLine = regexp.MustCompile(`^\S+:\d+:\d+: (error|warning) [A-Z][A-Z0-9_]*: `)

// findingLines keeps the finding lines of a command's output.
func findingLines(out string) []string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if findingLine.MatchString(l) {
			lines = append(lines, l)
		}
	}
	return lines
}

// at is the file:line:col of the first occurrence of value in file of the
// workspace, as findings print it.
func at(t *testing.T, ws, file, value string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(ws, file))
	if err != nil {
		t.Fatal(err)
	}
	line := testutil.LineOf(t, ws, file, value, false)
	text := strings.Split(string(data), "\n")[line-1]
	return fmt.Sprintf("%s:%d:%d", file, line, strings.Index(text, value)+1)
}

// pdfsUnder lists the PDFs written below dir.
func pdfsUnder(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".pdf") {
			out = append(out, path)
		}
		return nil
	})
	return out
}

// expectOneFinding runs a command and checks it exits with code having
// printed exactly one finding, code at pos.
func expectOneFinding(t *testing.T, ws string, exit int, pos, code string, args ...string) {
	t.Helper()
	got, out, errOut := run(t, ws, args...)
	lines := findingLines(out + errOut)
	if got != exit || len(lines) != 1 || !strings.HasPrefix(lines[0], pos+": error "+code+": ") {
		t.Errorf("%s: exit %d (want %d), want one %s at %s; output:\n%s%s", strings.Join(args, " "), got, exit, code, pos, out, errOut)
	}
}

const jewelry = "  - id: jewelry-smash\n    name: Jewelry Store Smash\n    count: 2\n"

// A count of a billion or 2^63-1 is one schema finding at the count for
// every command: the engine is never built on it (it once ran out of
// memory dealing a billion copies) and nothing is rendered.
func TestHugeCardCountIsOneFindingForEveryCommand(t *testing.T) {
	for _, count := range []string{"1000000000", "1e8", "9223372036854775807"} {
		t.Run(count, func(t *testing.T) {
			ws := copyHeat(t)
			edit(t, ws, "cards/heat/cards.yaml", jewelry, strings.Replace(jewelry, "count: 2", "count: "+count, 1))
			pos := at(t, ws, "cards/heat/cards.yaml", count)
			out := filepath.Join(ws, "pdf")
			expectOneFinding(t, ws, 1, pos, "SCHEMA", "validate")
			expectOneFinding(t, ws, 1, pos, "SCHEMA", "lint", "--games", "20")
			expectOneFinding(t, ws, 1, pos, "SCHEMA", "render", "--out", out)
			expectOneFinding(t, ws, 1, pos, "SCHEMA", "build")
			if pdfs := append(pdfsUnder(t, out), pdfsUnder(t, filepath.Join(ws, "out"))...); len(pdfs) > 0 {
				t.Errorf("PDFs written for invalid data: %v", pdfs)
			}
			// sim names the game rather than a path; it refuses to play.
			code, stdout, errOut := run(t, ws, "sim", "--game", "heat", "--games", "10")
			if code != ExitFindings || !hasLineWithPrefix(findingLines(errOut), pos+": error SCHEMA: ") {
				t.Errorf("sim: exit %d, want the finding at %s:\n%s%s", code, pos, stdout, errOut)
			}
		})
	}
}

// hasLineWithPrefix reports whether one of lines starts with prefix.
func hasLineWithPrefix(lines []string, prefix string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}

func TestHugeCardCountInHeistMasterminds(t *testing.T) {
	ws := testutil.CopyGame(t, "hmm")
	edit(t, ws, "cards/hmm/complications.yaml", "{id: laser-grid, name: Laser Grid, deck: complication, count: 3,", "{id: laser-grid, name: Laser Grid, deck: complication, count: 1e9,")
	expectOneFinding(t, ws, 1, at(t, ws, "cards/hmm/complications.yaml", "1e9"), "SCHEMA", "validate")
}

// A deck of more cards than an engine deals (engine.MaxDeck, 256), with
// the box's component count made to agree so COUNT_MISMATCH stays quiet:
// each count passes the schema, and the engine reports TOO_MANY_CARDS at
// the count instead of every smoke game failing "index out of range".
func TestOverfullDeckIsOneEngineFinding(t *testing.T) {
	cases := []struct {
		game, file, old, new string
		counts               [][2]string // game.yaml component counts: old, new
	}{
		{"heat", "cards.yaml", jewelry, strings.Replace(jewelry, "count: 2", "count: 999", 1),
			[][2]string{{"count: 34, deck: main", "count: 1031, deck: main"}}},
		{"masterminds", "prep.yaml", "    keywords: [action]\n    count: 3\n    effect: {draw_prep: 2}", "    keywords: [action]\n    count: 999\n    effect: {draw_prep: 2}",
			[][2]string{{"kind: cards, count: 162}", "kind: cards, count: 1158}"}, {"kind: cards, count: 60, deck: prep}", "kind: cards, count: 1056, deck: prep}"}}},
		{"hmm", "complications.yaml", "{id: laser-grid, name: Laser Grid, deck: complication, count: 3,", "{id: laser-grid, name: Laser Grid, deck: complication, count: 999,",
			[][2]string{{"kind: cards, count: 27, deck: complication}", "kind: cards, count: 1023, deck: complication}"}}},
	}
	for _, tc := range cases {
		t.Run(tc.game, func(t *testing.T) {
			ws := testutil.CopyGame(t, tc.game)
			file := "cards/" + tc.game + "/" + tc.file
			edit(t, ws, file, tc.old, tc.new)
			for _, c := range tc.counts {
				edit(t, ws, "cards/"+tc.game+"/game.yaml", c[0], c[1])
			}
			pos := at(t, ws, file, "999")
			out := filepath.Join(ws, "pdf")
			expectOneFinding(t, ws, 1, pos, "TOO_MANY_CARDS", "validate")
			expectOneFinding(t, ws, 1, pos, "TOO_MANY_CARDS", "lint", "--games", "20")
			expectOneFinding(t, ws, 1, pos, "TOO_MANY_CARDS", "render", "--out", out)
			if pdfs := pdfsUnder(t, out); len(pdfs) > 0 {
				t.Errorf("PDFs written for a deck the engine cannot deal: %v", pdfs)
			}
		})
	}
}

// Money parameters are bounded so that no sum in a game can wrap: a
// starting_money of 2^63-1 is a schema finding, not "-$-9223372036854775808"
// in the smoke games.
func TestHugeMoneyParameterIsOneFinding(t *testing.T) {
	cases := []struct{ name, old, new, value string }{
		{"starting money", "  starting_money:\n    default: 0\n", "  starting_money:\n    default: 9223372036854775807\n", "9223372036854775807"},
		{"penalty", "  out_of_heat_penalty:\n    default: 3\n", "  out_of_heat_penalty:\n    default: 1000000000000\n", "1000000000000"},
		{"heat value", "{value: -5, slots: 3}", "{value: -9223372036854775808, slots: 3}", "-9223372036854775808"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ws := copyHeat(t)
			edit(t, ws, "cards/heat/game.yaml", tc.old, tc.new)
			pos := at(t, ws, "cards/heat/game.yaml", tc.value)
			expectOneFinding(t, ws, 1, pos, "SCHEMA", "validate")
			expectOneFinding(t, ws, 1, pos, "SCHEMA", "lint", "--games", "20")
		})
	}
}

// A card a billionth of a millimetre wide is a schema finding, not an
// internal error in render.
func TestTinyCardIsOneFinding(t *testing.T) {
	ws := copyHeat(t)
	edit(t, ws, "cards/heat/game.yaml", "card: {width: 63, height: 88}", "card: {width: 1e-9, height: 88}")
	out := filepath.Join(ws, "pdf")
	expectOneFinding(t, ws, 1, at(t, ws, "cards/heat/game.yaml", "1e-9"), "SCHEMA", "render", "--out", out)
	if pdfs := pdfsUnder(t, out); len(pdfs) > 0 {
		t.Errorf("PDFs written: %v", pdfs)
	}
}
