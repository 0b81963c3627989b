package cmd

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/render/pdftest"
)

// The game in testdata/reuse, whose layout extends, overrides by name,
// inserts a group and gives one deck per-card backs, is clean and prints
// each hero's secret on its own back.
func TestReuseGameValidatesLintsAndRenders(t *testing.T) {
	ws := testGame(t, "reuse")
	for _, args := range [][]string{{"validate", "reuse"}, {"lint", "reuse"}} {
		if code, out, errOut := run(t, ws, args...); code != 0 || !strings.Contains(out, "1 game, 6 cards, no problems") {
			t.Errorf("%s: exit %d\n%s%s", args[0], code, out, errOut)
		}
	}
	if code, out, errOut := run(t, ws, "render", "reuse", "--out", "out"); code != 0 {
		t.Fatalf("render: exit %d\n%s%s", code, out, errOut)
	}
	pages := pdftest.FilePages(t, filepath.Join(ws, "out", "reuse", "reuse-pnp.pdf"))
	fronts, backs := pages[2], pages[3]
	for _, secret := range []string{"Wins every tie.", "Sees the top card.", "Burns one foe."} {
		if !strings.Contains(backs, secret) || strings.Contains(fronts, secret) {
			t.Errorf("%q is not on the back page alone", secret)
		}
	}
	for _, home := range []string{"Northwatch", "Saltmarsh", "Emberfall", "Hunts in packs."} {
		if !strings.Contains(fronts, home) {
			t.Errorf("the fronts lack %q", home)
		}
	}
}

// Each mistake in a reusing layout is one finding at its line and column,
// with the exit code saying whether it is an error.
func TestReuseEditsAtTheirLine(t *testing.T) {
	cases := []struct {
		name     string
		edits    []string // old, new in layout.yaml
		at       string   // where the finding is: the first occurrence in the edited file
		exit     int
		severity string
		code     string
		msg      string
	}{
		{"unknown base", []string{"extends: heroes", "extends: heros"}, "heros", 1, "error", "LAYOUT_EXTENDS",
			`extends "heros": no such face; a face extends front (the top-level front) or a deck id (that deck's front) (did you mean "heroes"?)`},
		{"faces in a circle", []string{"front:\n  background", "front:\n  extends: heroes\n  background"}, "front\n      background", 1, "error", "LAYOUT_EXTENDS",
			"faces extend each other in a circle: front → decks.heroes.front → front"},
		{"unknown group", []string{"{group: corners}", "{group: corner}"}, "corner}", 1, "error", "LAYOUT_GROUP",
			`no group "corner" in layout.yaml groups (did you mean "corners"?)`},
		{"an override naming no element", []string{`{name: title, color: "#ffe08a"}`, `{name: titel, color: "#ffe08a"}`}, "titel", 1, "error", "LAYOUT_NAME",
			`element "titel" is not whole (missing required field "box"; needs one of: field, text), so it changes an element of front, but that face has no element named "titel" (did you mean "title"?)`},
		{"a name twice", []string{"{name: body, field: rules", "{name: title, field: rules"}, "title, field: rules", 1, "error", "LAYOUT_NAME",
			`two elements of this face are named "title" (the first is at line 15); a name says which element a face that extends this one changes`},
		{"a field typo on the per-card back", []string{"field: secret", "field: secert"}, "secert", 1, "error", "LAYOUT_FIELD",
			`field "secert" is not a field of deck "heroes" (did you mean "secret"?)`},
		{"an unused group", []string{"    - {group: corners}\n", ""}, "corners:", 0, "warning", "LAYOUT_UNUSED",
			`group "corners" is inserted by no face; remove it, or insert it with {group: corners}. Its elements are still checked against the decks' fields`},
		{"a typo in an unused group", []string{"    - {group: corners}\n", "", "field: power, box: [49", "field: pwoer, box: [49"}, "pwoer", 1, "error", "LAYOUT_FIELD",
			`field "pwoer" is not a field of any deck (did you mean "power"?)`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ws := testGame(t, "reuse")
			file := filepath.Join("reuse", "layout.yaml")
			for i := 0; i+1 < len(tc.edits); i += 2 {
				testutil.Edit(t, ws, file, tc.edits[i], tc.edits[i+1])
			}
			line, col := posOf(t, ws, file, tc.at)
			want := file + ":" + itoa(line) + ":" + itoa(col) + ": " + tc.severity + " " + tc.code + ": " + tc.msg
			code, out, errOut := run(t, ws, "validate", "reuse")
			if code != tc.exit || !strings.Contains(out, want+"\n") {
				t.Errorf("exit %d, want %d and the line\n%s\nin:\n%s%s", code, tc.exit, want, out, errOut)
			}
		})
	}
}

// The reproduction: in the game `cardpress new` writes, every deck
// has its own front, so a typo in the top-level front's first field passed
// validate with exit 0. The front is checked against every deck's fields.
func TestNewGameTopFrontTypoIsFound(t *testing.T) {
	ws := t.TempDir()
	if code, out, errOut := run(t, ws, "new", "mygame"); code != 0 {
		t.Fatalf("new: exit %d\n%s%s", code, out, errOut)
	}
	file := filepath.Join("mygame", "layout.yaml")
	first := testutil.LineOf(t, ws, file, "    - {field: name,", false)
	testutil.Edit(t, ws, file, "    - {field: name, box: [5, 5, 53, 11]", "    - {field: nmae, box: [5, 5, 53, 11]")
	want := file + ":" + itoa(first) + ":15: error LAYOUT_FIELD: field \"nmae\" is not a field of any deck (did you mean \"name\"?)\n"
	code, out, errOut := run(t, ws, "validate", "mygame")
	if code != 1 || !strings.Contains(out, want) {
		t.Errorf("exit %d, want 1 and\n%sin:\n%s%s", code, want, out, errOut)
	}
}
