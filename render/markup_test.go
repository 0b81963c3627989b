package render

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/fonts"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/render/pdftest"

	"github.com/ledongthuc/pdf"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/gosmallcaps"
)

// when compiles a condition over a deck declaring cost and bonus.
func when(t *testing.T, src string) *gamedata.Condition {
	t.Helper()
	cond, problems := gamedata.CompileWhen(src, gamedata.WhenScope{
		Fields: []gamedata.Field{{Name: "cost", Type: gamedata.FieldInteger}, {Name: "bonus", Type: gamedata.FieldText}},
		Decks:  []string{"main", "side"}, Keywords: []string{"vault"},
	})
	if len(problems) > 0 {
		t.Fatalf("when %q: %v", src, problems)
	}
	return cond
}

func showParas(ps []para) string {
	var lines []string
	for _, p := range ps {
		var rs []string
		for _, r := range p.runs {
			rs = append(rs, fmt.Sprintf("%s:%s", r.style, r.text))
		}
		lines = append(lines, strings.Join(rs, "|"))
	}
	return strings.Join(lines, " / ")
}

func TestTemplateParas(t *testing.T) {
	c := &CardFace{Fields: map[string]string{"cost": "3", "flee": "Lose *a* turn.", "empty": " ", "name": "Rope"},
		Rules: []RulesLine{{Phase: "A", Text: "Draw 1."}, {Text: "Gain **2**."}}}
	for _, tc := range []struct{ text, style, want string }{
		{"**Cost:** {cost} :coin:", "", "B:Cost:|: 3 :coin:"},
		// The template's bold reaches over a value; the value's own
		// italic is added to it and closes within it.
		{"**{flee}** and {flee}", "", "B:Lose |BI:a|B: turn.|: and Lose |I:a|: turn."},
		{"*{name}", "B", "BI:Rope"},            // unclosed (validation reports it): closed at the end
		{"Cost {empty}", "", ""},               // every field it names is empty: nothing
		{"Cost {cost}{empty}", "", ":Cost 3 "}, // a value is inserted as it is
		{"A **label**", "I", "I:A |BI:label"},  // no fields: printed on every card
		{"2 \\* 3", "", ":2 * 3"},
		{"Top\n{rules}", "", ":Top / :A: Draw 1. / :Gain |B:2|:."},
	} {
		got := showParas(templateParas(c, gamedata.Element{Text: tc.text}, tc.style))
		if got != tc.want {
			t.Errorf("template %q in %q = %q, want %q", tc.text, tc.style, got, tc.want)
		}
	}
	// A field element's value and a rules line are emphasised too; text
	// without markers stays one run, as before.
	el := gamedata.Element{Field: "flee"}
	if got := showParas(fieldParas(c, el)); got != ":Lose |I:a|: turn." {
		t.Errorf("field flee = %q", got)
	}
	el.Field = "rules"
	if got := showParas(fieldParas(c, el)); got != "B:A:|: Draw 1. / :Gain |B:2|:." {
		t.Errorf("field rules = %q", got)
	}
	el.Field = "name"
	if got := fieldParas(c, el); len(got) != 1 || len(got[0].runs) != 1 || got[0].runs[0] != (run{"", "Rope"}) {
		t.Errorf("field name = %q", showParas(got))
	}
}

// templateDoc is one card face with a cost template, a label drawn only
// on cards with a bonus, and a rules field with emphasis in its data.
func templateDoc(t *testing.T) *Document {
	doc := smallDoc()
	doc.Layout.Decks = nil
	doc.Layout.Front = gamedata.Front{Elements: []gamedata.Element{
		{Text: "**Cost:** {cost} :coin:", Box: []float64{5, 10, 53, 8}, Size: 10},
		{Text: "Bonus!", When: "bonus != ''", Cond: when(t, "bonus != ''"), Box: []float64{5, 20, 53, 8}, Size: 10},
		{Field: "rules", Box: []float64{5, 30, 53, 30}, Size: 10},
	}}
	doc.Cards = doc.Cards[:2]
	doc.Cards[0].Fields = map[string]string{"name": "Lamp", "cost": "3", "bonus": "Light.", "rules": "*Once:* gain 2."}
	doc.Cards[0].Values = map[string]any{"cost": 3, "bonus": "Light."}
	doc.Cards[0].Rules = nil
	doc.Cards[1].Fields = map[string]string{"name": "Rope", "cost": "", "rules": "Climb."}
	doc.Cards[1].Values = map[string]any{}
	doc.Cards[1].Rules = nil
	return doc
}

func cardText(t *testing.T, doc *Document, card int) []pdf.Text {
	t.Helper()
	data, err := CardPDF(doc, card, false, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return pdftest.PageText(t, pdftest.Read(t, data), 1)
}

// fontOf is the font of the glyphs at sp, or "" when they differ.
func fontOf(ts []pdf.Text, sp pdftest.Span, n int) string {
	font := ""
	for _, tx := range ts {
		if tx.X == sp.X && tx.Y == sp.Y && n > 0 {
			if font != "" && tx.Font != font {
				return ""
			}
			font = tx.Font
			n--
		}
	}
	return font
}

// The template prints on the card with a cost, "Cost:" in the Go bold
// and the value after it where the bold word and a space end; the label
// only on the card whose when holds; the italic of the card's own data
// in the Go italic.
func TestTemplateAndWhenInThePDF(t *testing.T) {
	doc := templateDoc(t)
	lamp, rope := cardText(t, doc, 0), cardText(t, doc, 1)
	cost, three := pdftest.Find(lamp, "Cost:"), pdftest.Find(lamp, "3")
	if len(cost) != 1 || len(three) == 0 {
		t.Fatalf("Cost: at %v, 3 at %v", cost, three)
	}
	if f := fontOf(lamp, cost[0], 5); f != "GoBold" {
		t.Errorf("Cost: is set in %q, want the Go bold", f)
	}
	if f := fontOf(lamp, three[0], 1); f != "GoRegular" {
		t.Errorf("the cost is set in %q, want the Go regular", f)
	}
	m := newMeasurer()
	const pt = 72 / 25.4
	want := cost[0].X + (m.width("B", 10, "Cost:")+m.width("", 10, " "))*pt
	if math.Abs(three[0].X-want) > 0.05 || three[0].Y != cost[0].Y {
		t.Errorf("the cost starts at (%.2f, %.2f), want (%.2f, %.2f): after the bold word and a space", three[0].X, three[0].Y, want, cost[0].Y)
	}
	if len(pdftest.Find(lamp, "Bonus!")) != 1 || len(pdftest.Find(rope, "Bonus!")) != 0 {
		t.Error("the label is not drawn on the lamp only, whose bonus its when asks for")
	}
	if len(pdftest.Find(rope, "Cost:")) != 0 {
		t.Error("the template prints on the rope, which has no cost")
	}
	once := pdftest.Find(lamp, "Once:")
	if len(once) != 1 || fontOf(lamp, once[0], 5) != "GoItalic" {
		t.Errorf("the rules' *Once:* is not in the Go italic: %v", once)
	}
}

// Bold runs are wider, and the fit check measures the template as
// printed: a box that holds the word in regular overflows in bold. An
// element whose when does not hold on a card is not measured on it.
func TestFitMeasuresEmphasisAndSkipsWhen(t *testing.T) {
	m := newMeasurer()
	const size, word = 10.0, "abcdefghijklm"
	regular, bold := m.width("", size, word), m.width("B", size, word)
	if bold <= regular {
		t.Fatalf("bold %.2f mm is not wider than regular %.2f mm", bold, regular)
	}
	box := []float64{5, 10, (regular + bold) / 2, size * mmPerPt * lineFactor * 1.1}
	doc := templateDoc(t)
	for _, tc := range []struct {
		el       gamedata.Element
		findings int
	}{
		{gamedata.Element{Text: word, Box: box, Size: size}, 0},
		{gamedata.Element{Text: "**" + word + "**", Box: box, Size: size}, 2}, // both cards
		{gamedata.Element{Text: "**" + word + "**", When: "cost >= 3", Cond: when(t, "cost >= 3"), Box: box, Size: size}, 1},
	} {
		doc.Layout.Front.Elements = []gamedata.Element{tc.el}
		fs := CheckFit(doc)
		if len(fs) != tc.findings {
			t.Errorf("%q (when %q): %d findings, want %d: %v", tc.el.Text, tc.el.When, len(fs), tc.findings, fs)
		}
		for _, f := range fs {
			if !CodeTextOverflow.Is(f) || !strings.Contains(f.Message, `card "Lamp" (`) && tc.findings == 1 {
				t.Errorf("finding %v, want the lamp's TEXT_OVERFLOW", f)
			}
		}
	}
}

func TestCheckWhen(t *testing.T) {
	doc := templateDoc(t)
	at := finding.Pos{File: "layout.yaml", Line: 7, Col: 27}
	doc.Layout.Front.Elements = []gamedata.Element{
		{Text: "Rich", When: "cost >= 9", Cond: when(t, "cost >= 9"), WhenPos: at, Box: []float64{5, 10, 50, 8}},
		{Text: "Cheap", When: "cost < 9", Cond: when(t, "cost < 9"), WhenPos: finding.Pos{File: "layout.yaml", Line: 8, Col: 27}, Box: []float64{5, 20, 50, 8}},
	}
	fs := CheckWhen(doc)
	want := `layout.yaml:7:27: warning LAYOUT_WHEN_NEVER: when "cost >= 9" holds on no card of deck "main" (2 cards), so the element is never drawn`
	if len(fs) != 1 || fs[0].String() != want {
		t.Errorf("CheckWhen = %v,\nwant %s", fs, want)
	}
}

// A bold run is set in the bold file of the game font the element uses.
func TestEmphasisInAGameFont(t *testing.T) {
	regular, err := fonts.Parse(gosmallcaps.TTF)
	if err != nil {
		t.Fatal(err)
	}
	bold, err := fonts.Parse(gomonobold.TTF)
	if err != nil {
		t.Fatal(err)
	}
	doc := templateDoc(t)
	doc.Fonts = map[string]*fonts.Typeface{"display": {ID: "display", Regular: regular, Bold: bold}}
	for i := range doc.Layout.Front.Elements {
		doc.Layout.Front.Elements[i].Font = "display"
	}
	ts := cardText(t, doc, 0)
	cost, three := pdftest.Find(ts, "Cost:"), pdftest.Find(ts, "3")
	if len(cost) != 1 || len(three) == 0 {
		t.Fatalf("Cost: at %v, 3 at %v", cost, three)
	}
	if f := fontOf(ts, cost[0], 5); f != "GoMono-Bold" {
		t.Errorf("the bold run is set in %q, want the game font's bold file (Go Mono Bold)", f)
	}
	if f := fontOf(ts, three[0], 1); f != "GoSmallcaps" {
		t.Errorf("the rest is set in %q, want the game font's regular file", f)
	}
}

// FuzzTemplate: any template and field value typeset without a panic,
// within the box's width unless a single character is wider.
func FuzzTemplate(f *testing.F) {
	f.Add("**Cost:** {cost} :coin:", "3")
	f.Add("*{name}* \\* {cost}", "**a\nb*")
	f.Add("{cost}{cost}", "")
	m := newMeasurer()
	f.Fuzz(func(t *testing.T, text, value string) {
		if len(text) > 2000 || len(value) > 2000 {
			return // the schemas' longest text
		}
		c := &CardFace{Fields: map[string]string{"cost": value, "name": value}}
		ps := templateParas(c, gamedata.Element{Text: text}, "")
		b, _ := m.fit(ps, 40, 30, 10, 6)
		for _, lines := range b.paras {
			for _, l := range lines {
				if l.w > 40+1e-6 && len(l.pieces) > 1 {
					t.Fatalf("template %q with %q: a line %.2f mm wide in a 40 mm box", text, value, l.w)
				}
			}
		}
	})
}

// templatesDoc is n cards whose face prints text templates with
// emphasis, icons and values, and draws some of its elements only where
// their when holds.
func templatesDoc(b *testing.B, n int) *Document {
	cond := func(src string) *gamedata.Condition {
		c, problems := gamedata.CompileWhen(src, gamedata.WhenScope{
			Fields: []gamedata.Field{{Name: "cost", Type: gamedata.FieldInteger}, {Name: "bonus", Type: gamedata.FieldText}},
			Decks:  []string{"main"}, Keywords: []string{"vault", "swift"},
		})
		if len(problems) > 0 {
			b.Fatal(problems)
		}
		return c
	}
	doc := &Document{Title: "T", Card: gamedata.Size{Width: 63, Height: 88}, Backs: map[string]gamedata.Back{"b": {Title: "B"}}}
	doc.Layout.Front.Elements = []gamedata.Element{
		{Field: "name", Box: []float64{5, 5, 53, 9}, Size: 13, Align: "center"},
		{Text: "**Cost:** {cost} :coin:", Box: []float64{5, 16, 30, 7}, Size: 10},
		{Text: "*Vault*", When: "'vault' in keywords", Cond: cond("'vault' in keywords"), Box: []float64{38, 16, 20, 7}, Size: 9},
		{Text: "BIG", When: "cost >= 3 and deck == 'main'", Cond: cond("cost >= 3 and deck == 'main'"), Box: []float64{38, 24, 20, 7}, Size: 9},
		{Text: "**Bonus:** {bonus} :star:", When: "bonus != ''", Cond: cond("bonus != ''"), Box: []float64{5, 32, 53, 12}, Size: 9, MinSize: 6},
		{Field: "rules", Box: []float64{5, 46, 53, 30}, Size: 9, MinSize: 6},
	}
	for i := range n {
		c := CardFace{ID: fmt.Sprintf("c%d", i), Deck: "main", Back: "b", Copies: 1, Pos: finding.Pos{File: "cards.yaml", Line: i + 1},
			Fields: map[string]string{"name": fmt.Sprintf("Card %d", i), "cost": fmt.Sprint(i % 5),
				"rules": "*Once* per turn: gain **2** :coin:, then draw a card if you have fewer than **3** in hand."},
			Values: map[string]any{"cost": i % 5}}
		if i%2 == 0 {
			c.Keywords = []string{"vault"}
			c.Fields["bonus"] = "Take **1** more."
			c.Values["bonus"] = "Take **1** more."
		}
		doc.Cards = append(doc.Cards, c)
	}
	return doc
}

// BenchmarkRenderTemplates renders 9 and 90 cards whose layout uses text
// templates, emphasis and when, and reports what each card beyond the
// first 9 adds: ms/card of wall-clock time (the target is at most 1 ms)
// and cpu-ms/card, which a machine busy with other work inflates less.
func BenchmarkRenderTemplates(b *testing.B) {
	small, big := templatesDoc(b, 9), templatesDoc(b, 90)
	perCardCost(b, small, big)
}
