package cmd

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/render/pdftest"

	"codeberg.org/go-pdf/fpdf"
	"github.com/ledongthuc/pdf"
	"golang.org/x/image/font/gofont/gobold"
)

// testdata/templates: a game without an engine whose layout prints text
// templates with emphasis and draws some elements only where their when
// holds.

func TestTemplatesRender(t *testing.T) {
	ws := testGame(t, "templates")
	for _, args := range [][]string{{"validate", "templates"}, {"lint", "templates"}} {
		if code, out, errOut := run(t, ws, args...); code != 0 || !strings.Contains(out, "1 game, 5 cards, no problems") {
			t.Fatalf("%s: exit %d\n%s%s", args[0], code, out, errOut)
		}
	}
	// Without bleed the cards lie upright, 9 to an A4 sheet, as measured below.
	if code, out, errOut := run(t, ws, "render", "templates", "--out", "out", "--bleed", "0"); code != 0 {
		t.Fatalf("render: exit %d\n%s%s", code, out, errOut)
	}
	r := pdftest.Read(t, readFile(t, filepath.Join(ws, "out", "templates", "templates-pnp.pdf")))
	ts := pdftest.PageText(t, r, 3) // the fronts
	count := func(s string) int { return len(pdftest.Find(ts, s)) }
	// Knight (vault, dawn, a flee), Thief (dusk), Squire: heroes, each
	// with a strength; Lamp (cost 3) and Rope (no cost): items.
	for s, want := range map[string]int{
		"Strength 4": 1, "Strength 1": 1, "Strength 2": 1, // a template on every hero
		"Cost:":   1, // only the lamp has a cost: on the rope every field it names is empty
		"Vault":   1, // when: 'vault' in keywords
		"BIG":     1, // when: cost >= 3
		"Flee:":   1, // only the knight has a flee
		"At dusk": 1, // when: stage == 'dusk' and deck == 'heroes'
	} {
		if got := count(s); got != want {
			t.Errorf("%q is printed %d times, want %d", s, got, want)
		}
	}
	font := func(s string) string {
		sp := pdftest.Find(ts, s)
		if len(sp) != 1 {
			return ""
		}
		return fontAt(ts, sp[0])
	}
	for s, want := range map[string]string{
		"Cost:": "GoBold", "Flee:": "GoBold", "Lose a turn.": "GoRegular", // **Flee:** {flee}
		"Vault": "GoItalic",                                // *Vault*
		"Once":  "GoItalic", "per turn: gain": "GoRegular", // the card's rules: "*Once* per turn: gain **2** :coin:."
	} {
		if got := font(s); got != want {
			t.Errorf("%q is set in %q, want %q", s, got, want)
		}
	}
	gain := pdftest.Find(ts, "per turn: gain")
	bold2 := 0
	for _, sp := range pdftest.Find(ts, "2") {
		if len(gain) == 1 && sp.Y == gain[0].Y && sp.X > gain[0].X && fontAt(ts, sp) == "GoBold" {
			bold2++
		}
	}
	if bold2 != 1 {
		t.Errorf("the rules' **2** is not set in the Go bold after \"gain\" (%d found)", bold2)
	}
	// The lamp's cost follows the bold label where its width and a space
	// end, on the template's line, 18 mm below the card's top edge + its
	// first line.
	cost, three := pdftest.Find(ts, "Cost:"), pdftest.Find(ts, "3")
	var after []pdftest.Span
	for _, sp := range three {
		if sp.Y == cost[0].Y {
			after = append(after, sp)
		}
	}
	if len(after) != 1 {
		t.Fatalf("no 3 on the line of Cost: (%v)", three)
	}
	p := fpdf.New("P", "pt", "A4", "")
	p.AddUTF8FontFromBytes("gob", "", gobold.TTF)
	p.SetFont("gob", "", 10)
	if got, want := after[0].X, cost[0].X+p.GetStringWidth("Cost:")+goWidth(t, 10, " "); math.Abs(got-want) > 0.05 {
		t.Errorf("the cost starts at %.2f pt, want %.2f (after the bold label and a space)", got, want)
	}
	strength := pdftest.Find(ts, "Strength 4")
	if math.Abs(strength[0].X-cost[0].X) > 0.01 {
		t.Errorf("the lamp's cost template starts at x %.2f, the knight's strength at %.2f: the same box in the same column", cost[0].X, strength[0].X)
	}
}

// fontAt is the font of the glyph run that starts at sp.
func fontAt(ts []pdf.Text, sp pdftest.Span) string {
	for _, tx := range ts {
		if tx.X == sp.X && tx.Y == sp.Y {
			return tx.Font
		}
	}
	return ""
}

// Each mistake in a template, a when or emphasised card text is one
// finding at its line and column; an error exits 1, a when that no card
// matches is a warning (exit 0).
func TestTemplatesBadInput(t *testing.T) {
	const layout, cards = "templates/layout.yaml", "templates/cards.yaml"
	for _, tc := range []struct {
		name, file, old, new string
		want                 string
		code                 int
	}{
		{"unknown field in a template", layout, "{strength}", "{strenght}",
			`templates/layout.yaml:8:24: error LAYOUT_FIELD: field "strenght" is not a field of decks "heroes" or "items" (did you mean "strength"?)`, 1},
		{"unknown icon in a template", layout, ":sword:", ":swrod:",
			`templates/layout.yaml:8:35: error ICON_UNKNOWN: unknown icon ":swrod:" (did you mean ":sword:"?); the built-in icons are listed in docs/own-game.md (Icons), and a game declares its own in game.yaml icons`, 1},
		{"bold not closed", layout, "**Cost:**", "**Cost:",
			`templates/layout.yaml:7:15: error TEXT_EMPHASIS: "**" opens bold that nothing closes in "**Cost: {cost} :coin:": close it with another "**", or write \* for an asterisk that prints`, 1},
		{"brace not closed", layout, "{flee}", "{flee",
			`templates/layout.yaml:11:25: error TEMPLATE: '{' is not closed by '}'`, 1},
		{"a format", layout, "{flee}", "{flee:money}",
			`templates/layout.yaml:11:25: error TEMPLATE: {flee:money} has a format: a card prints a field as its field: element does, and formats are for the reference sheet`, 1},
		{"field and text", layout, `{text: "Strength`, `{field: name, text: "Strength`,
			`templates/layout.yaml:8:7: error SCHEMA`, 1},
		{"unknown field in a when", layout, `"cost >= 3"`, `"cots >= 3"`,
			`templates/layout.yaml:10:28: error LAYOUT_FIELD: field "cots" is not a field of decks "heroes" or "items" (did you mean "cost"?)`, 1},
		{"number compared with text", layout, `"cost >= 3"`, `"cost >= 'x'"`,
			`templates/layout.yaml:10:33: error LAYOUT_WHEN: cost is a number and 'x' is text: compare it with a number (cost >= 3), or with '' for cards without one in when "cost >= 'x'"`, 1},
		{"not a value of the enum", layout, "'dusk'", "'dsuk'",
			`templates/layout.yaml:12:41: error LAYOUT_WHEN: 'dsuk' is not a value of stage (did you mean 'dusk'?); its values: dawn, dusk in when "stage == 'dsuk' and deck == 'heroes'"`, 1},
		{"not a deck", layout, "'heroes'", "'hero'",
			`templates/layout.yaml:12:60: error LAYOUT_WHEN: 'hero' is not a value of deck (did you mean 'heroes'?); its values: heroes, items in when "stage == 'dusk' and deck == 'hero'"`, 1},
		{"syntax", layout, `"cost >= 3"`, `"cost >="`,
			`templates/layout.yaml:10:35: error LAYOUT_WHEN: the expression ends too soon in when "cost >="`, 1},
		{"a when no card matches", layout, `"cost >= 3"`, `"cost >= 9"`,
			`templates/layout.yaml:10:27: warning LAYOUT_WHEN_NEVER: when "cost >= 9" holds on no card of decks "heroes", "items" (5 cards), so the element is never drawn`, 0},
		{"bold not closed in a card", cards, "**2**", "**2",
			`templates/cards.yaml:10:35: error TEXT_EMPHASIS: "**" opens bold that nothing closes in "*Once* per turn: gain **2 :coin:.": close it with another "**", or write \* for an asterisk that prints`, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ws := testGame(t, "templates")
			testutil.Edit(t, ws, tc.file, tc.old, tc.new)
			code, out, errOut := run(t, ws, "validate", "templates")
			var found []string
			for _, l := range strings.Split(out, "\n") {
				if strings.HasPrefix(l, "templates/") {
					found = append(found, l)
				}
			}
			if code != tc.code || len(found) != 1 || !strings.HasPrefix(found[0], tc.want) {
				t.Errorf("validate: exit %d (want %d), findings:\n%s\nwant one: %s\n%s", code, tc.code, strings.Join(found, "\n"), tc.want, errOut)
			}
		})
	}
}
