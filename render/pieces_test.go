package render

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/render/pdftest"

	"github.com/ledongthuc/pdf"
)

// chipsDoc prints no cards, only a sheet of two-sided modifier chips and
// a track, so page 1 is the chip fronts and page 2 their backs.
func chipsDoc() *Document {
	doc := smallDoc()
	doc.Cards = nil
	doc.Components = []Component{
		{Kind: "track", Title: "Contribution track", Label: "Loot", Spaces: 30, Start: 0, Count: 4, SpaceSize: 14,
			Values: []string{"", "", "", "", "", "bonus"}},
		{Kind: "tokens", Title: "Modifier chips", Diameter: 20, Faces: []TokenFace{
			{Label: "+4", Back: "+2", Color: "#1e88e5", Count: 1},
			{Label: "+3", Back: "+1", Color: "#43a047", Count: 11},
			{Label: "-1", Back: "-3", Color: "#fdd835", BackColor: "#333333", Count: 3},
		}},
	}
	return doc
}

// Each chip's back lands behind its front: in the same row, and at the
// same distance from the right edge of the page as the front is from the
// left (long-edge duplex). The slots come from the spec (12 mm page
// margin, tokens 2 mm apart, rows after an 11 pt heading), not the code.
func TestTokenBacksMirrored(t *testing.T) {
	const pt = 72 / 25.4
	for _, paper := range []string{"a4", "letter"} {
		r, _ := pnpPDF(t, chipsDoc(), Options{Paper: paper})
		pageW, pageH := pdftest.MediaBox(r, 1)
		front, back := pdftest.PageText(t, r, guidePages+1), pdftest.PageText(t, r, guidePages+2)
		if !strings.Contains(pdftest.Joined(front), "Modifier chips") || !strings.Contains(pdftest.Joined(back), "Modifier chips (backs)") {
			t.Fatalf("%s: pages 3-4 are not the chip fronts and backs: %q / %q", paper, pdftest.Joined(front), pdftest.Joined(back))
		}
		pitch := 20 + 2.0
		// slot is the column and row of a label starting at s: a
		// label is centred on its token, so it starts in its token's
		// left half, and a mirrored one ends in its right half.
		slot := func(x, y float64) [2]int {
			return [2]int{int(math.Floor((x - 12) / pitch)), int(math.Round((pageH - y/pt) * 100))}
		}
		where := func(ts []spanList, mirrored bool) map[[2]int]string {
			out := map[[2]int]string{}
			for _, l := range ts {
				for _, s := range l.spans {
					x := s.X / pt
					if mirrored {
						x = pageW - x
					}
					k := slot(x, s.Y)
					if prev, dup := out[k]; dup {
						t.Errorf("%s: %s and %s in one slot %v", paper, prev, l.label, k)
					}
					out[k] = l.label
				}
			}
			return out
		}
		fronts := where([]spanList{{"+4", pdftest.Find(front, "+4")}, {"+3", pdftest.Find(front, "+3")}, {"-1", pdftest.Find(front, "-1")}}, false)
		backs := where([]spanList{{"+2", pdftest.Find(back, "+2")}, {"+1", pdftest.Find(back, "+1")}, {"-3", pdftest.Find(back, "-3")}}, true)
		counts := map[string]int{}
		for _, l := range fronts {
			counts[l]++
		}
		if counts["+4"] != 1 || counts["+3"] != 11 || counts["-1"] != 3 {
			t.Errorf("%s: fronts %v, want +4 ×1, +3 ×11, -1 ×3", paper, counts)
		}
		behind := map[string]string{"+4": "+2", "+3": "+1", "-1": "-3"}
		for k, f := range fronts {
			if backs[k] != behind[f] {
				t.Errorf("%s: behind %s at %v is %q, want %q", paper, f, k, backs[k], behind[f])
			}
		}
		if len(backs) != len(fronts) {
			t.Errorf("%s: %d backs for %d fronts", paper, len(backs), len(fronts))
		}
		// 15 chips need two rows on either paper: the mirror is not
		// just the order reversed.
		rows := map[int]bool{}
		for k := range fronts {
			rows[k[1]] = true
		}
		if len(rows) != 2 {
			t.Errorf("%s: chips in %d rows, want 2", paper, len(rows))
		}
	}
}

type spanList struct {
	label string
	spans []pdftest.Span
}

// Fronts stay on odd pages: after an odd number of pages before them a
// blank page keeps each back on the reverse of its front.
func TestTokenSheetsStartOnAFrontPage(t *testing.T) {
	doc := smallDoc() // 11 cards: four card pages
	doc.Components = chipsDoc().Components
	r, _ := pnpPDF(t, doc, Options{})
	// After the two guide pages and four card pages.
	if !strings.Contains(pdftest.Joined(pdftest.PageText(t, r, guidePages+5)), "Modifier chips") || !strings.Contains(pdftest.Joined(pdftest.PageText(t, r, guidePages+6)), "(backs)") {
		t.Errorf("chip fronts and backs are not pages 7 and 8")
	}
	if !strings.Contains(pdftest.Joined(pdftest.PageText(t, r, guidePages+7)), "Contribution track") {
		t.Errorf("the track does not follow the chips on page 9")
	}
}

// words splits a page's glyphs into the strings drawn by one text call
// (same start and baseline).
func words(ts []pdf.Text) []pdf.Text {
	var out []pdf.Text
	for _, g := range ts {
		if n := len(out); n > 0 && out[n-1].X == g.X && out[n-1].Y == g.Y {
			out[n-1].S += g.S
			continue
		}
		out = append(out, g)
	}
	return out
}

// A track longer than the page is wide folds into rows; every number is
// printed once per copy, and the values under their spaces.
func TestTrackStrips(t *testing.T) {
	doc := chipsDoc()
	r, _ := pnpPDF(t, doc, Options{})
	text := pdftest.PageText(t, r, guidePages+3)
	if !strings.Contains(pdftest.Joined(text), "Contribution track") {
		t.Fatalf("page 5 is not the track: %q", pdftest.Joined(text))
	}
	count := map[string]int{}
	const pt = 72 / 25.4
	pageW, _ := pdftest.MediaBox(r, 3)
	for _, w := range words(text) {
		count[w.S]++
		if x := w.X / pt; x < 12 || x > pageW-12 {
			t.Errorf("%q at %.1f mm, outside the margins", w.S, x)
		}
	}
	// 30 spaces of 14 mm do not fit the 186 mm of A4 between the
	// margins: each copy folds into rows of one piece, labelled once.
	if count["Loot"] != 4 {
		t.Errorf("the label printed %d times, want 4 (one per copy): %v", count["Loot"], count)
	}
	for n := range 30 { // numbered from start 0
		if got := count[fmt.Sprint(n)]; got != 4 {
			t.Errorf("space %d printed %d times, want 4", n, got)
		}
	}
	if count["30"] != 0 || count["bonus"] != 4 {
		t.Errorf("space 30 printed %d times (want 0), the value %d times (want 4)", count["30"], count["bonus"])
	}
}

// Text the fonts cannot draw, and sizes at the edges, never panic.
func TestPiecesHostile(t *testing.T) {
	doc := chipsDoc()
	doc.Components = append(doc.Components,
		Component{Kind: "tokens", Title: strings.Repeat("Very long title ", 20), Diameter: 300, Faces: []TokenFace{
			{Label: "😀", Back: "\xff\x00", Count: 2}, {Label: strings.Repeat("W", 40), Count: 0}, {Back: "x", Count: -1}}},
		Component{Kind: "track", Label: strings.Repeat("Label 🚀 ", 30), Spaces: 500, SpaceSize: 1000, Values: []string{"💰", strings.Repeat("long value ", 9)}},
		Component{Kind: "track", Spaces: 0},
		Component{Kind: "tokens", Faces: []TokenFace{{Label: "none", Count: 0}}},
	)
	for _, paper := range []string{"a4", "letter"} {
		if _, err := PnP(doc, Options{Paper: paper, Bleed: 3}); err != nil {
			t.Fatal(err)
		}
	}
}

// A sheet longer than a page alternates pages of fronts and backs, and
// every chip is printed once on each side.
func TestTokenSheetOverSeveralPages(t *testing.T) {
	doc := chipsDoc()
	doc.Components = doc.Components[1:]
	doc.Components[0].Faces[1].Count = 200
	r, _ := pnpPDF(t, doc, Options{})
	if r.NumPage()%2 != 0 || r.NumPage() < 4 {
		t.Fatalf("pages = %d, want an even number, at least 4", r.NumPage())
	}
	fronts, backs := 0, 0
	for n := 1; n <= r.NumPage(); n++ {
		text := pdftest.PageText(t, r, n)
		f, b := len(pdftest.Find(text, "+3")), len(pdftest.Find(text, "+1"))
		if n%2 == 1 && b != 0 || n%2 == 0 && f != 0 {
			t.Errorf("page %d mixes sides: %d fronts, %d backs", n, f, b)
		}
		if n%2 == 0 {
			if pf := len(pdftest.Find(pdftest.PageText(t, r, n-1), "+3")); pf != b {
				t.Errorf("page %d has %d backs behind %d fronts", n, b, pf)
			}
		}
		fronts, backs = fronts+f, backs+b
	}
	if fronts != 200 || backs != 200 {
		t.Errorf("%d fronts and %d backs, want 200 each", fronts, backs)
	}
}

// One label size on a sheet of tokens of several sizes, every label
// within its token's safe area (1.5 mm inside the cut line). Before, the
// labels of HEAT's money sheet ran from 7.6 to 15.5 pt.
func TestTokenLabelsOneSizePerSheet(t *testing.T) {
	doc := smallDoc()
	doc.Cards, doc.Box = nil, nil
	doc.Components = []Component{
		{Kind: "tokens", Label: "100", Count: 5, Diameter: 14, Color: "#e0533d"},
		{Kind: "tokens", Label: "$1", Count: 5, Diameter: 18, Color: "#c8e6c9"},
		{Kind: "tokens", Label: "$5", Count: 5, Diameter: 20, Color: "#fff59d"},
		{Kind: "tokens", Label: "$25", Count: 5, Diameter: 24, Color: "#66bb6a"},
	}
	r, _ := pnpPDF(t, doc, Options{})
	const pt = 72 / 25.4
	n := guidePages + 1
	_, pageH := pdftest.MediaBox(r, n)
	// The tokens: their outlines, 0.3 mm strokes round a near-square box.
	type circle struct{ x, y, r float64 }
	var tokens []circle
	for _, p := range pageInk(t, r, n) {
		if math.Abs(p.lw-0.3) < 0.01 && math.Abs(p.box.w-p.box.h) < 1 { // six Bézier arcs overshoot the top and bottom
			tokens = append(tokens, circle{p.box.x + p.box.w/2, p.box.y + p.box.h/2, (p.box.w - p.lw) / 2})
		}
	}
	if len(tokens) != 20 {
		t.Fatalf("%d tokens, want 20", len(tokens))
	}
	// The labels: runs of glyphs on one baseline inside a token.
	sizes := map[float64]int{}
	labels := 0
	var run []pdf.Text
	flush := func() {
		if len(run) == 0 {
			return
		}
		defer func() { run = nil }()
		x0, x1 := run[0].X/pt, (run[len(run)-1].X+run[len(run)-1].W)/pt
		base, capH := pageH-run[0].Y/pt, capRatio*run[0].FontSize/pt
		i := slices.IndexFunc(tokens, func(c circle) bool { return math.Hypot((x0+x1)/2-c.x, base-capH/2-c.y) < c.r })
		if i < 0 {
			return // the heading
		}
		labels++
		sizes[math.Round(run[0].FontSize*10)/10]++
		c := tokens[i]
		for _, p := range [][2]float64{{x0, base}, {x1, base}, {x0, base - capH}, {x1, base - capH}} {
			if d := math.Hypot(p[0]-c.x, p[1]-c.y); d > c.r-1.5+0.05 {
				t.Errorf("label %q reaches %.2f mm from its token's centre, past the safe area (%.2f mm)", textOf(run), d, c.r-1.5)
			}
		}
	}
	for _, g := range pdftest.PageText(t, r, n) {
		if len(run) > 0 && (math.Abs(g.Y-run[0].Y) > 0.01 || g.X-(run[len(run)-1].X+run[len(run)-1].W) > 1) {
			flush()
		}
		run = append(run, g)
	}
	flush()
	if labels != 20 || len(sizes) != 1 {
		t.Errorf("%d labels in sizes %v (pt: count), want 20 in one size", labels, sizes)
	}
}

func textOf(ts []pdf.Text) string {
	var b strings.Builder
	for _, g := range ts {
		b.WriteString(g.S)
	}
	return b.String()
}

// The size is per sheet: a page of long labels on small tokens does not
// shrink the labels of the next page (Mice's food tokens once shrank to
// the size CHEESE needed on another sheet).
func TestTokenLabelSizePerPage(t *testing.T) {
	doc := smallDoc()
	doc.Cards, doc.Box = nil, nil
	doc.Components = []Component{
		{Kind: "tokens", Title: "Pieces", Label: "CHEESE", Count: 176, Diameter: 14}, // 16 rows of 11: a page
		{Kind: "tokens", Title: "More", Label: "12", Count: 4, Diameter: 22},
	}
	r, _ := pnpPDF(t, doc, Options{})
	sizeOf := func(n int, s string) map[float64]bool {
		out := map[float64]bool{}
		for _, g := range pdftest.PageText(t, r, n) {
			if g.S == s {
				out[math.Round(g.FontSize*10)/10] = true
			}
		}
		return out
	}
	last := r.NumPage()
	cheese, food := sizeOf(guidePages+1, "H"), sizeOf(last, "2")
	if len(cheese) != 1 || len(food) != 1 {
		t.Fatalf("sizes: CHEESE %v on page %d, 12 %v on page %d; want one each", cheese, guidePages+1, food, last)
	}
	for c := range cheese {
		for f := range food {
			if f <= c {
				t.Errorf("the food labels on their own sheet are %g pt, no bigger than CHEESE's %g on the sheet before", f, c)
			}
		}
	}
}
