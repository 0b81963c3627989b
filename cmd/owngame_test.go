package cmd

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/render/pdftest"
)

// sprint is the hand-written game in testdata/sprint (no engine, its own
// declared fields) in a workspace; see testGame.
func sprint(t *testing.T) string { return testGame(t, "sprint") }

// testGame copies the game in testdata/<name>, files in subfolders
// included, into a workspace as ws/<name>, writes its schema folder with
// `cardpress schema` and returns ws.
func testGame(t *testing.T, name string) string {
	t.Helper()
	ws := t.TempDir()
	src := filepath.Join(repoRoot, "cmd", "testdata", name)
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		dst := filepath.Join(ws, name, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := run(t, ws, "schema", name); code != 0 || !strings.Contains(out, "wrote "+name+"/schema/cards.schema.json") {
		t.Fatalf("schema: exit %d\n%s%s", code, out, errOut)
	}
	return ws
}

func TestOwnGameWithoutEngineValidatesLintsAndRenders(t *testing.T) {
	ws := sprint(t)
	for _, args := range [][]string{{"validate", "sprint"}, {"lint", "sprint"}} {
		code, out, errOut := run(t, ws, args...)
		if code != 0 || !strings.Contains(out, "1 game, 12 cards, no problems") {
			t.Errorf("%s: exit %d\n%s%s", args[0], code, out, errOut)
		}
		if args[0] == "lint" && !strings.Contains(errOut, "sprint has no rules engine: static checks only") {
			t.Errorf("lint does not say it played no smoke games: %q", errOut)
		}
	}
	code, out, errOut := run(t, ws, "render", "sprint", "--out", "out")
	if code != 0 {
		t.Fatalf("render: exit %d\n%s%s", code, out, errOut)
	}
	text := strings.Join(pdftest.FilePages(t, filepath.Join(ws, "out", "sprint", "sprint-pnp.pdf")), "\n")
	// Each card prints its declared fields as the layout places them.
	for _, want := range []string{"Hare", "Tortoise", "Fox", "fast", "steady", "Take a banked card"} {
		if !strings.Contains(text, want) {
			t.Errorf("the print-and-play PDF lacks %q", want)
		}
	}
	ref := strings.Join(pdftest.FilePages(t, filepath.Join(ws, "out", "sprint", "sprint-reference.pdf")), "\n")
	if !strings.Contains(ref, "Deal 3 cards to each player") {
		t.Errorf("the reference sheet does not fill {hand_size}:\n%s", ref)
	}
	code, out, _ = run(t, ws, "build", "sprint", "--out", "out")
	if code != 0 || !strings.Contains(out, "sprint: 12 cards; lint: no problems (static checks only: no rules engine)") {
		t.Errorf("build: exit %d\n%s", code, out)
	}
}

// The edits to a hand-written game: each makes validate exit 1
// with the file:line:col of the mistake.
func TestOwnGameEditsAtTheirLine(t *testing.T) {
	cases := []struct {
		name, file, old, new, at, code, msg string
		atIn                                string // the file of at, when not the edited one
	}{
		{"undeclared card field", "cards.yaml", "    points: 3\n", "    points: 3\n    pionts: 3\n", "    pionts", "SCHEMA_UNKNOWN_FIELD", `unknown field "pionts" (did you mean "points"?)`, ""},
		{"wrong type", "cards.yaml", "points: 2", "points: two", "points: two", "SCHEMA_TYPE", `expected a whole number, found text "two"`, ""},
		{"out of bounds", "cards.yaml", "points: 2", "points: 12", "points: 12", "SCHEMA", "12 is too large: at most 9", ""},
		{"missing required field", "cards.yaml", "    speed: slow\n", "", "  - id: tortoise", "SCHEMA_REQUIRED", `missing required field "speed"`, ""},
		{"layout field typo", "layout.yaml", "field: points", "field: pionts", "pionts", "LAYOUT_FIELD", `field "pionts" is not a field of deck "main" (did you mean "points"?)`, ""},
		{"layout box outside the card", "layout.yaml", "[6, 42, 51, 30]", "[6, 62, 51, 30]", "[6, 62", "LAYOUT_BOX", `leaves the card of deck "main" (63 × 88 mm) on the bottom by 4 mm`, ""},
		{"smaller card, same boxes", "game.yaml", "card: poker", "card: mini-european", "[5, 5, 53, 10]", "LAYOUT_BOX", `(44 × 68 mm) on the right by 14 mm`, "layout.yaml"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ws := sprint(t)
			file := filepath.Join("sprint", tc.file)
			testutil.Edit(t, ws, file, tc.old, tc.new)
			if tc.atIn != "" {
				file = filepath.Join("sprint", tc.atIn)
			}
			line := testutil.LineOf(t, ws, file, tc.at, false)
			validateReports(t, ws, "sprint", file+":"+itoa(line)+":", tc.code, tc.msg)
			renderRefuses(t, ws, "sprint")
		})
	}
}

func TestOwnGameCannotBePlayed(t *testing.T) {
	ws := sprint(t)
	for _, args := range [][]string{
		{"sim", "--cards", ".", "--game", "sprint"},
		{"replay", "--cards", ".", "--game", "sprint", "--players", "2", "--seed", "1"},
		{"report", "sprint", "--out", "out"},
	} {
		code, out, errOut := run(t, ws, args...)
		lines := strings.Split(strings.TrimSpace(errOut), "\n")
		if code != ExitUsage || len(lines) != 1 || !strings.Contains(errOut, `game "sprint" has no rules engine (engine: none)`) {
			t.Errorf("%s: exit %d, want %d and one line saying there is no rules engine:\n%s%s", args[0], code, ExitUsage, out, errOut)
		}
	}
}

func TestUnknownEngineListsTheEngines(t *testing.T) {
	ws := sprint(t)
	testutil.Edit(t, ws, "sprint/game.yaml", "id: sprint\n", "id: sprint\nengine: sprint\n")
	code, out, _ := run(t, ws, "validate", "sprint")
	if code != 1 || !containsLine(out, "sprint/game.yaml:5:9:", "UNKNOWN_ENGINE") {
		t.Fatalf("exit %d\n%s", code, out)
	}
	for _, want := range []string{`no engine "sprint" is registered`, `"engine: none"`, "the engines are heat, hmm, masterminds, mice"} {
		if !strings.Contains(out, want) {
			t.Errorf("the UNKNOWN_ENGINE message lacks %q:\n%s", want, out)
		}
	}
}

func TestSchemaFolderFollowsTheDeclarations(t *testing.T) {
	ws := sprint(t)
	// A new declared field: the cards validate against it at once, and the
	// editor's copy is reported out of date until schema runs again.
	testutil.Edit(t, ws, "sprint/game.yaml", "      - {name: rules,", "      - {name: lane, type: integer, min: 1, max: 4}\n      - {name: rules,")
	testutil.Edit(t, ws, "sprint/cards.yaml", "    speed: fast\n", "    speed: fast\n    lane: 2\n")
	code, out, _ := run(t, ws, "validate", "sprint")
	if code != 0 || !containsLine(out, "sprint/schema/cards.schema.json:1:1:", "SCHEMA_STALE") || !strings.Contains(out, "run `cardpress schema sprint`") {
		t.Fatalf("exit %d, want 0 with a SCHEMA_STALE warning:\n%s", code, out)
	}
	if code, out, errOut := run(t, ws, "schema", "sprint"); code != 0 {
		t.Fatalf("schema: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, _ := run(t, ws, "validate", "sprint"); code != 0 || !strings.Contains(out, "no problems") {
		t.Errorf("after cardpress schema: exit %d\n%s", code, out)
	}
	// schema GAME writes into the game folder only: --out is for the
	// repository's schemas.
	if code, _, errOut := run(t, ws, "schema", "sprint", "--out", "x"); code != ExitUsage || !strings.Contains(errOut, "--out") {
		t.Errorf("schema GAME --out: exit %d: %s", code, errOut)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
