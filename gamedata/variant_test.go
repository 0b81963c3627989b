package gamedata

import (
	"slices"
	"strings"
	"testing"
)

// miniVariants adds two variants to the mini game: short (the default, no
// overrides) and long (overrides both parameters).
const miniVariants = `variants:
  default: short
  list:
    - {id: short, name: Short}
    - id: long
      name: Long
      doc: More of everything.
      parameters:
        hand: 5
        rows: [{value: -1, slots: 3}]
print:
`

func withVariants(edits ...string) []string {
	return append([]string{"game.yaml", "print:\n", miniVariants}, edits...)
}

// TestVariantAndLayoutFindings pins each variant, deck layout and count
// finding at its file:line:col, like TestLoadFindings.
func TestVariantAndLayoutFindings(t *testing.T) {
	cases := []struct {
		name  string
		edits []string
		want  []string
		msg   string
	}{
		{name: "variants clean", edits: withVariants()},
		{name: "variant of an undefined parameter", edits: withVariants("game.yaml", "        hand: 5", "        hnad: 5"),
			want: []string{"cards/mini/game.yaml:34:9 UNDEFINED_PARAMETER"}, msg: `parameter "hnad" is not declared in game.yaml parameters (did you mean "hand"?)`},
		{name: "variant value of the wrong type", edits: withVariants("game.yaml", "hand: 5", "hand: many"),
			want: []string{"cards/mini/game.yaml:34:15 SCHEMA_TYPE"}, msg: `found text "many"`},
		{name: "variant value out of range", edits: withVariants("game.yaml", "hand: 5", "hand: 0"),
			want: []string{"cards/mini/game.yaml:34:15 SCHEMA"}, msg: "at least 1"},
		{name: "variant row field", edits: withVariants("game.yaml", "slots: 3}]", "slots: 0}]"),
			want: []string{"cards/mini/game.yaml:35:35 SCHEMA"}, msg: "at least 1"},
		// The defaults' own problem is reported once, at the default.
		{name: "default broken, variant fine", edits: withVariants("game.yaml", "default: 3", "default: three"),
			want: []string{"cards/mini/game.yaml:22:14 SCHEMA_TYPE"}},
		{name: "undefined default variant", edits: withVariants("game.yaml", "default: short", "default: shrot"),
			want: []string{"cards/mini/game.yaml:27:12 UNDEFINED_VARIANT"}, msg: `variant "shrot" is not declared in game.yaml variants list (did you mean "short"?)`},
		{name: "duplicate variant id", edits: withVariants("game.yaml", "id: long", "id: short"),
			want: []string{"cards/mini/game.yaml:30:11 DUPLICATE_ID"}, msg: `duplicate id "short" in variants.list (first at line 29)`},
		{name: "variant id with a slash", edits: withVariants("game.yaml", "id: long", "id: a/b"),
			want: []string{"cards/mini/game.yaml:30:11 SCHEMA"}},
		{name: "unknown variant field", edits: withVariants("game.yaml", "      doc: More", "      docs: More"),
			want: []string{"cards/mini/game.yaml:32:7 SCHEMA_UNKNOWN_FIELD"}},
		{name: "all cards counted",
			edits: []string{"game.yaml", "  - {id: coin,", "  - {id: all, name: All cards, kind: cards, count: 3}\n  - {id: coin,"}},
		{name: "all cards miscounted",
			edits: []string{"game.yaml", "  - {id: coin,", "  - {id: all, name: All cards, kind: cards, count: 4}\n  - {id: coin,"},
			want:  []string{"cards/mini/game.yaml:12:52 COUNT_MISMATCH"}, msg: `component "all" counts 4 but the cards have 3 copies in all`},
		// The one deck has its own front: the top-level one is unused.
		{name: "deck layout clean", edits: []string{"layout.yaml", "components:\n", deckLayout + "components:\n"},
			want: []string{unusedFront}},
		{name: "deck layout for an undefined deck", edits: []string{"layout.yaml", "components:\n", deckLayout + "components:\n", "layout.yaml", "  main:", "  mian:"},
			want: []string{"cards/mini/layout.yaml:10:3 UNDEFINED_DECK"}, msg: `(did you mean "main"?)`},
		{name: "deck layout accent for an undefined keyword", edits: []string{"layout.yaml", "components:\n", deckLayout + "components:\n", "layout.yaml", "colors: {fast: \"#00ff00\"}", "colors: {fats: \"#00ff00\"}"},
			want: []string{unusedFront, "cards/mini/layout.yaml:15:59 UNDEFINED_KEYWORD"}},
		{name: "deck layout unknown field", edits: []string{"layout.yaml", "components:\n", deckLayout + "components:\n", "layout.yaml", "    back_face:", "    backface:"},
			want: []string{unusedFront, "cards/mini/layout.yaml:14:5 SCHEMA_UNKNOWN_FIELD"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, fs := Load("cards/mini", workspace(t, miniWith(t, tc.edits...)))
			if got := briefs(fs); !slices.Equal(got, tc.want) {
				t.Errorf("got  %q\nwant %q\n%s", got, tc.want, lines(fs))
			}
			if tc.msg != "" && len(fs) > 0 && !strings.Contains(fs[0].Message, tc.msg) {
				t.Errorf("message %q does not contain %q", fs[0].Message, tc.msg)
			}
		})
	}
}

// unusedFront is the warning for mini's top-level front once deckLayout
// gives its one deck a front of its own.
const unusedFront = "cards/mini/layout.yaml:2:1 LAYOUT_UNUSED"

const deckLayout = `decks:
  main:
    front:
      elements:
        - {field: name, box: [5, 5, 50, 10], size: 14}
    back_face:
      accent: {box: [0, 0, 63, 10], by: keyword, colors: {fast: "#00ff00"}}
      elements:
        - {field: side_b, box: [5, 20, 50, 30], size: 9}
`

func TestWithVariant(t *testing.T) {
	g, fs := Load("cards/mini", workspace(t, miniWith(t, withVariants()...)))
	if len(fs) != 0 {
		t.Fatal(fs)
	}
	if got := g.Variants(); !slices.Equal(got, []string{"short", "long"}) {
		t.Errorf("Variants() = %q", got)
	}
	long, err := g.WithVariant("long")
	if err != nil {
		t.Fatal(err)
	}
	hand := long.Params["hand"]
	if long.Variant != "long" || hand.Value != 5 || hand.Node == nil || hand.Node.Value != "5" || hand.Pos.Line != 34 || hand.Doc != "Cards in hand." {
		t.Errorf("long hand = %+v (variant %q)", hand, long.Variant)
	}
	var rows []struct{ Value, Slots int }
	if err := long.Params["rows"].Node.Decode(&rows); err != nil || len(rows) != 1 || rows[0].Slots != 3 {
		t.Errorf("long rows decode to %v, %v", rows, err)
	}
	if g.Params["hand"].Value != 3 || g.Variant != "" {
		t.Errorf("WithVariant changed the original: %+v", g.Params["hand"])
	}
	short, err := g.WithVariant("")
	if err != nil || short.Variant != "short" || short.Params["hand"].Value != 3 {
		t.Errorf("default variant: %v %+v", err, short)
	}
	// A variant of a variant starts from the defaults, not from the other
	// variant's values.
	if again, err := long.WithVariant("short"); err != nil || again.Params["hand"].Value != 3 || again.Params["hand"].Pos.Line != 22 {
		t.Errorf("short from long: %v %+v", err, again.Params["hand"])
	}
	if _, err := g.WithVariant("lnog"); err == nil || !strings.Contains(err.Error(), `no variant "lnog" (variants: short, long); did you mean "long"?`) {
		t.Errorf("unknown variant: %v", err)
	}

	plain, _ := Load("cards/mini", workspace(t, miniWith(t)))
	if got := plain.Variants(); !slices.Equal(got, []string{""}) {
		t.Errorf("a game without variants has %q", got)
	}
	if c, err := plain.WithVariant(""); err != nil || c.Params["hand"].Value != 3 {
		t.Errorf("WithVariant(\"\") without variants: %v", err)
	}
	if _, err := plain.WithVariant("long"); err == nil {
		t.Error("a game without variants accepted a variant")
	}
}

func TestDeckLayouts(t *testing.T) {
	g, fs := Load("cards/mini", workspace(t, miniWith(t, "layout.yaml", "components:\n", deckLayout+"components:\n")))
	if got := briefs(fs); !slices.Equal(got, []string{unusedFront}) {
		t.Fatal(fs)
	}
	lay := g.Layout
	if f := lay.FrontOf("main"); len(f.Elements) != 1 || f.Elements[0].Size != 14 || f.Elements[0].Pos.Line != 13 {
		t.Errorf("main front = %+v", f)
	}
	if f := lay.BackFaceOf("main"); len(f.Elements) != 1 || f.Elements[0].Field != "side_b" || f.Elements[0].Pos.Line != 17 {
		t.Errorf("main back face = %+v", f)
	}
	if f := lay.FrontOf("other"); len(f.Elements) != 1 || f.Elements[0].Size != 12 {
		t.Errorf("a deck without its own layout gets %+v", f)
	}
	if f := lay.BackFaceOf("other"); f.Elements[0].Size != 12 {
		t.Errorf("a back face defaults to the deck's front, got %+v", f)
	}
}

// TestFillTemplate: each placeholder is replaced by its value, one without
// a value is kept as written, and a text that does not parse is kept whole.
func TestFillTemplate(t *testing.T) {
	value := func(p Placeholder) (string, bool) {
		switch p.Name {
		case "cost":
			return "3" + p.Format, true
		case "name":
			return "Owl", true
		}
		return "", false
	}
	for in, want := range map[string]string{
		"Cost {cost}, {name}!":    "Cost 3, Owl!",
		"{cost:money} and {else}": "3money and {else}",
		"no placeholders":         "no placeholders",
		"{name} {unclosed":        "{name} {unclosed",
		"":                        "",
	} {
		if got := FillTemplate(in, value); got != want {
			t.Errorf("FillTemplate(%q) = %q, want %q", in, got, want)
		}
	}
}
