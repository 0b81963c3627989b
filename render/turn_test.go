package render

import (
	"bytes"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/testart"
	"github.com/cardpress/cardpress/render/pdftest"

	"github.com/ledongthuc/pdf"
)

// ptPerMM turns the test's mm into the PDF's points.
const ptPerMM = 1 / mmPerPt

// turnDoc is one 63 × 88 mm card (id "odd") printing els; its fields are
// rank "Q", name "Odd" and text.
func turnDoc(text string, els ...gamedata.Element) *Document {
	doc := smallDoc()
	doc.Layout.Decks = nil
	doc.Layout.Front = gamedata.Front{Elements: els}
	doc.Cards = doc.Cards[:1]
	doc.Cards[0].Fields = map[string]string{"name": "Odd", "rank": "Q", "text": text}
	return doc
}

// cardPage draws card 0 of doc alone, without bleed, so the page is the
// card: its glyphs (PDF points, y up) and its content stream.
func cardPage(t *testing.T, doc *Document) ([]byte, []pdf.Text, string) {
	t.Helper()
	data, err := CardPDF(doc, 0, false, Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := pdftest.Read(t, data)
	return data, pdftest.PageText(t, r, 1), pdftest.Content(t, r, 1)
}

// cmOps is every cm operator of a content stream: a b c d e f.
func cmOps(content string) [][6]float64 {
	num := `(-?[0-9.]+)`
	re := regexp.MustCompile(strings.Repeat(num+" ", 6) + "cm")
	var out [][6]float64
	for _, m := range re.FindAllStringSubmatch(content, -1) {
		var v [6]float64
		for i := range v {
			v[i], _ = strconv.ParseFloat(m[i+1], 64)
		}
		out = append(out, v)
	}
	return out
}

func closeTo(a, b, eps float64) bool { return math.Abs(a-b) <= eps }

// glyphs are the glyphs of s, one each, in order (s's letters are all
// different from the rest of the page's).
func glyphs(ts []pdf.Text, s string) []pdf.Text {
	var out []pdf.Text
	for _, g := range ts {
		if strings.Contains(s, g.S) {
			out = append(out, g)
		}
	}
	return out
}

// rotate: 180 turns the text about its box's centre: the text matrix has
// the half turn, and the first glyph lands where the upright one's point
// mirrored through the centre is, its size negative (upside down).
func TestRotateHalfTurnsTextAboutItsBoxCentre(t *testing.T) {
	el := gamedata.Element{Field: "rank", Box: []float64{40, 60, 16, 12}, Size: 20, Align: "left"}
	_, up, upContent := cardPage(t, turnDoc("", el))
	el.Rotate = 180
	_, turned, content := cardPage(t, turnDoc("", el))
	if len(cmOps(upContent)) != 0 {
		t.Fatalf("an upright element writes a cm operator:\n%s", upContent)
	}
	q0, q1 := glyphs(up, "Q"), glyphs(turned, "Q")
	if len(q0) != 1 || len(q1) != 1 {
		t.Fatalf("the rank is printed %d and %d times, want once each", len(q0), len(q1))
	}
	cx, cy := (40+8)*ptPerMM, (88-(60+6))*ptPerMM
	cms := cmOps(content)
	if len(cms) != 1 || !closeTo(cms[0][0], -1, 1e-4) || !closeTo(cms[0][1], 0, 1e-4) || !closeTo(cms[0][2], 0, 1e-4) || !closeTo(cms[0][3], -1, 1e-4) ||
		!closeTo(cms[0][4], 2*cx, 0.01) || !closeTo(cms[0][5], 2*cy, 0.01) {
		t.Fatalf("cm operators %v, want one half turn about (%.2f, %.2f)", cms, cx, cy)
	}
	if x, y := 2*cx-q0[0].X, 2*cy-q0[0].Y; !closeTo(q1[0].X, x, 0.02) || !closeTo(q1[0].Y, y, 0.02) {
		t.Errorf("the turned Q starts at (%.2f, %.2f), want (%.2f, %.2f): the upright one's turned about the box's centre", q1[0].X, q1[0].Y, x, y)
	}
	if !closeTo(q1[0].FontSize, -20, 0.01) || !closeTo(q0[0].FontSize, 20, 0.01) {
		t.Errorf("the text matrix scales by %.2f upright and %.2f turned, want 20 and -20", q0[0].FontSize, q1[0].FontSize)
	}
}

// A quarter turn sets the text in a box as wide as the element's box is
// tall: in a 12 × 60 mm box, "ROTATED" at 14 pt is one line (one origin:
// the reader gives these fonts' glyphs no advance) starting at the box's
// top and running down the card (90), or at its bottom running up (270),
// its baseline a line's depth in from the side the text's top faces.
// Upright, the same text cannot fit the box's width on one line.
func TestRotateQuarterSetsTextAlongTheBox(t *testing.T) {
	box := []float64{20, 10, 12, 60}
	base := 14 * mmPerPt * (lineFactor/2 + capRatio/2) // baseline below the line's top
	for _, tc := range []struct {
		deg  int
		b, c float64 // the cm's b and c: the turn's sine, its sign
		x, y float64 // the line's origin on the card, mm from the top left
	}{{90, -1, 1, 32 - base, 10}, {270, 1, -1, 20 + base, 70}} {
		el := gamedata.Element{Field: "text", Box: box, Size: 14, MinSize: 14, Align: "left", Rotate: tc.deg}
		_, ts, content := cardPage(t, turnDoc("ROTATED", el))
		cms := cmOps(content)
		if len(cms) != 1 || !closeTo(cms[0][0], 0, 1e-4) || !closeTo(cms[0][1], tc.b, 1e-4) || !closeTo(cms[0][2], tc.c, 1e-4) || !closeTo(cms[0][3], 0, 1e-4) {
			t.Errorf("rotate %d: cm operators %v, want one with b %g, c %g", tc.deg, cms, tc.b, tc.c)
			continue
		}
		gs := glyphs(ts, "ROTAED")
		if len(gs) != 7 {
			t.Fatalf("rotate %d: %d glyphs of ROTATED", tc.deg, len(gs))
		}
		for _, g := range gs {
			if x, y := g.X*mmPerPt, 88-g.Y*mmPerPt; !closeTo(x, tc.x, 0.01) || !closeTo(y, tc.y, 0.01) {
				t.Errorf("rotate %d: glyph %q starts at (%.3f, %.3f) mm, want one line from (%.3f, %g)", tc.deg, g.S, x, y, tc.x, tc.y)
			}
		}
	}
	el := gamedata.Element{Field: "text", Box: box, Size: 14, MinSize: 14, Align: "left"}
	_, ts, _ := cardPage(t, turnDoc("ROTATED", el))
	if gs := glyphs(ts, "ROTAED"); len(gs) != 7 || closeTo(gs[0].Y, gs[6].Y, 0.01) {
		t.Errorf("upright, ROTATED at 14 pt fits a 12 mm line: the test proves nothing")
	}
}

// CheckFit measures a turned element's text in the box it is set in:
// six lines fit a 60 mm tall box upright and half turned, but not a
// quarter-turned one (12 mm tall then); a long word breaks in the 12 mm
// width upright but fits the 60 mm a quarter turn gives it.
func TestCheckFitMeasuresTheTurnedBox(t *testing.T) {
	box := []float64{20, 10, 12, 60}
	fit := func(text string, deg int) []finding.Finding {
		el := gamedata.Element{Field: "text", Box: box, Size: 10, MinSize: 10, Rotate: deg}
		return CheckFit(turnDoc(text, el))
	}
	lines := "1\n2\n3\n4\n5\n6"
	for _, deg := range []int{0, 180} {
		if fs := fit(lines, deg); len(fs) != 0 {
			t.Errorf("rotate %d: six lines in a 60 mm tall box: %v", deg, fs)
		}
	}
	for _, deg := range []int{90, 270} {
		fs := fit(lines, deg)
		if len(fs) != 1 || !CodeTextOverflow.Is(fs[0]) || !strings.Contains(fs[0].Message, "too tall for its 12.0 mm box") {
			t.Errorf("rotate %d: six lines in a box 12 mm tall once turned: %v", deg, fs)
		}
	}
	word := "ABCDEFGHIJKLMNOP"
	if fs := fit(word, 0); len(fs) != 1 || !CodeWordBroken.Is(fs[0]) || !strings.Contains(fs[0].Message, "12.0 mm wide box") {
		t.Errorf("upright, a 16-letter word in a 12 mm wide box: %v", fs)
	}
	if fs := fit(word, 90); len(fs) != 0 {
		t.Errorf("rotate 90, a 16-letter word on a 60 mm line: %v", fs)
	}
}

// Drawing and measuring agree on a turned box: a text CheckFit accepts
// at 90 is drawn at the size typesetField chose for the 60 × 12 mm box it
// sets it in, every glyph inside the element's box.
func TestTurnedTextDrawnAsMeasured(t *testing.T) {
	box := []float64{20, 10, 12, 60}
	el := gamedata.Element{Field: "text", Box: box, Size: 30, MinSize: 6, Rotate: 90}
	doc := turnDoc("Shrinks to fit the long side", el)
	if fs := CheckFit(doc); len(fs) != 0 {
		t.Fatalf("findings %v", fs)
	}
	f, ok := newMeasurerFor(doc).typesetField(&doc.Cards[0], el, doc.Card)
	if !ok || !closeTo(f.box.w, 60, 1e-9) || !closeTo(f.box.h, 12, 1e-9) || f.block.size >= 30 {
		t.Fatalf("typesetField: ok %v, box %+v, size %g: want the 60 × 12 box, shrunk", ok, f.box, f.block.size)
	}
	_, ts, content := cardPage(t, doc)
	sizes := regexp.MustCompile(`Tf`).FindAllStringIndex(content, -1)
	if want := strconv.FormatFloat(f.block.size, 'f', 2, 64) + " Tf"; len(sizes) == 0 || !strings.Contains(content, want) {
		t.Errorf("the text is not set at the measured %s", want)
	}
	gs := glyphs(ts, "Shrinkstofthelongd")
	if len(gs) == 0 {
		t.Fatal("no text drawn")
	}
	for _, g := range gs {
		x, y := g.X*mmPerPt, 88-g.Y*mmPerPt
		if x < box[0] || x > box[0]+box[2] || y < box[1]-0.01 || y > box[1]+box[3] {
			t.Errorf("glyph %q at (%.2f, %.2f) mm, outside the box", g.S, x, y)
		}
	}
}

// valign places text in its box: left out it keeps the old rule (top for
// left-aligned text, middle for centred), byte for byte; top, middle and
// bottom put the line where they say.
func TestValignPlacesTextInItsBox(t *testing.T) {
	base := func(align, valign string) gamedata.Element {
		return gamedata.Element{Field: "rank", Box: []float64{5, 10, 50, 40}, Size: 12, Align: align, Valign: valign}
	}
	y := map[string]float64{}
	pdfs := map[string][]byte{}
	for _, v := range []string{"", "top", "middle", "bottom"} {
		data, ts, _ := cardPage(t, turnDoc("", base("left", v)))
		q := glyphs(ts, "Q")
		if len(q) != 1 {
			t.Fatalf("valign %q: %d Qs", v, len(q))
		}
		y[v], pdfs[v] = 88-q[0].Y*mmPerPt, data // the baseline, mm from the top
	}
	if !bytes.Equal(pdfs[""], pdfs["top"]) {
		t.Errorf("left-aligned text without valign is not drawn as with valign top")
	}
	line := 12 * lineFactor * mmPerPt
	if d := y["bottom"] - y["top"]; !closeTo(d, 40-line, 0.01) { // Td has 0.01 pt
		t.Errorf("the bottom line is %.3f mm below the top one, want the box's height less a line, %.3f", d, 40-line)
	}
	if !closeTo(y["middle"], (y["top"]+y["bottom"])/2, 0.01) {
		t.Errorf("the middle line at %.3f mm is not halfway between %.3f and %.3f", y["middle"], y["top"], y["bottom"])
	}
	if y["bottom"] > 50 || y["bottom"] < 50-line {
		t.Errorf("the bottom line's baseline at %.3f mm is not in the box's last line (%.3f-50 mm)", y["bottom"], 50-line)
	}
	centred, _, _ := cardPage(t, turnDoc("", base("center", "")))
	middle, _, _ := cardPage(t, turnDoc("", base("center", "middle")))
	if !bytes.Equal(centred, middle) {
		t.Errorf("centred text without valign is not drawn as with valign middle")
	}
	// Text taller than its box starts at the top whatever valign says.
	tall := base("left", "bottom")
	tall.Box = []float64{5, 10, 50, 3}
	_, ts, _ := cardPage(t, turnDoc("", tall))
	if q := glyphs(ts, "Q"); len(q) != 1 || !closeTo(88-q[0].Y*mmPerPt, y["top"], 1e-3) {
		t.Errorf("overflowing text with valign bottom does not start at the top: %v", q)
	}
}

// An image element's picture goes to the top or bottom of its box with
// valign, read from the image's cm in the PDF; a quarter turn fits it to
// the box turned (a 2:1 picture fills a 20 × 40 mm box turned 90).
func TestImageValignAndTurn(t *testing.T) {
	pic := picture("wide.png", testart.PNG(testart.Portrait(100, 50, 1, false)))
	draw := func(el gamedata.Element) [6]float64 {
		t.Helper()
		doc := turnDoc("", el)
		doc.Images = map[string]*gamedata.Image{"wide.png": pic}
		_, _, content := cardPage(t, doc)
		cms := cmOps(content)
		if len(cms) == 0 {
			t.Fatalf("no picture drawn:\n%s", content)
		}
		return cms[len(cms)-1] // the picture's own, after any turn
	}
	box := []float64{10, 10, 20, 40}
	for _, tc := range []struct {
		valign string
		top    float64 // mm from the card's top edge to the picture's top
	}{{"", 25}, {"top", 10}, {"middle", 25}, {"bottom", 40}} {
		cm := draw(gamedata.Element{Kind: "image", Src: gamedata.ImageSource{Path: "wide.png"}, Box: box, Valign: tc.valign})
		// contain: 20 × 10 mm; its cm is w 0 0 h x y with y its bottom edge.
		w, h := cm[0]*mmPerPt, cm[3]*mmPerPt
		top := 88 - cm[5]*mmPerPt - h
		if !closeTo(w, 20, 1e-3) || !closeTo(h, 10, 1e-3) || !closeTo(top, tc.top, 1e-3) {
			t.Errorf("valign %q: picture %.2f × %.2f mm, top at %.2f mm; want 20 × 10 at %g", tc.valign, w, h, top, tc.top)
		}
	}
	cm := draw(gamedata.Element{Kind: "image", Src: gamedata.ImageSource{Path: "wide.png"}, Box: box, Rotate: 90})
	if w, h := cm[0]*mmPerPt, cm[3]*mmPerPt; !closeTo(w, 40, 1e-3) || !closeTo(h, 20, 1e-3) {
		t.Errorf("rotate 90: picture drawn %.2f × %.2f mm before the turn, want 40 × 20 (the box turned)", w, h)
	}
}

// After a turned element the next one's colours are written again: the
// PDF's Q restored the colours of before the turn, which fpdf does not
// know. Here turned player dots set the fill to red; the name after them,
// also red, must be drawn with red in force, not the background's white.
func TestTurnRestoresColoursForTheNextElement(t *testing.T) {
	const red = "#c0182b"
	doc := turnDoc("",
		gamedata.Element{Field: "players", Kind: "pips", Box: []float64{10, 60, 30, 8}, Color: gamedata.PlainColor(red), Rotate: 180},
		gamedata.Element{Field: "name", Box: []float64{10, 20, 40, 10}, Size: 12, Color: gamedata.PlainColor(red)})
	doc.Cards[0].Players = []int{3, 4}
	_, _, content := cardPage(t, doc)
	fills := fillAtText(content)
	if len(fills) == 0 || fills[len(fills)-1] != rgOf(red) {
		t.Errorf("the name after turned dots is drawn in fill %q, want %q (every text's fill: %v)", last(fills), rgOf(red), fills)
	}
}

func last(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[len(s)-1]
}

// fillAtText follows a content stream's fill colour through q and Q and
// gives the one in force at each Tj, as "r g b" (a grey as one number).
func fillAtText(content string) []string {
	var out, stack, args []string
	fill := "0"
	for _, tok := range strings.Fields(content) {
		switch tok {
		case "q":
			stack = append(stack, fill)
		case "Q":
			if n := len(stack); n > 0 {
				fill, stack = stack[n-1], stack[:n-1]
			}
		case "rg":
			if n := len(args); n >= 3 {
				fill = strings.Join(args[n-3:], " ")
			}
		case "g":
			if n := len(args); n >= 1 {
				fill = args[n-1]
			}
		case "Tj":
			out = append(out, fill)
		}
		if _, err := strconv.ParseFloat(tok, 64); err == nil {
			args = append(args, tok)
		} else {
			args = args[:0]
		}
	}
	return out
}

// BenchmarkPnPTurned is BenchmarkPnP with every element of the sample
// layout turned half round and set at the bottom of its box: what turning
// costs on top of drawing (a q, a cm and a Q per element).
func BenchmarkPnPTurned(b *testing.B) {
	doc := sampleDoc()
	for i := range doc.Layout.Front.Elements {
		doc.Layout.Front.Elements[i].Rotate = 180
		doc.Layout.Front.Elements[i].Valign = gamedata.ValignBottom
	}
	for b.Loop() {
		if _, err := PnP(doc, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCheckEmpty is the empty-element check validate runs on every
// game, here on the sample deck repeated to 510 cards (the shipped
// games' count together), per card.
func BenchmarkCheckEmpty(b *testing.B) {
	doc := sampleDoc()
	base := doc.Cards
	doc.Cards = nil
	for len(doc.Cards) < 510 {
		doc.Cards = append(doc.Cards, base...)
	}
	for b.Loop() {
		CheckEmpty(doc)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(doc.Cards)), "ns/card")
}

// unturn's turns: a box turned back is the box itself, sides swapped by a
// quarter; any part of it turned back and then on again is that part; and
// a part keeps its place relative to the box (its top-right corner, turned
// back 90, is the upright box's top-left).
func TestUnturn(t *testing.T) {
	box := rect{10, 20, 12, 40}
	part := rect{16, 20, 6, 10} // the box's top-right quarter-ish corner
	for _, deg := range []int{0, 90, 180, 270} {
		up := unturn(box, box, deg)
		want := box
		if deg%180 != 0 {
			want = rect{-4, 34, 40, 12} // centre (16, 40), 40 × 12
		}
		if up != want {
			t.Errorf("rotate %d: the box turned back is %+v, want %+v", deg, up, want)
		}
		back := unturn(unturn(part, box, deg), box, (360-deg)%360)
		if !closeTo(back.x, part.x, 1e-9) || !closeTo(back.y, part.y, 1e-9) || back.w != part.w || back.h != part.h {
			t.Errorf("rotate %d: a part turned back and on is %+v, want %+v", deg, back, part)
		}
	}
	if got := unturn(part, box, 90); got != (rect{-4, 34, 10, 6}) {
		t.Errorf("the top-right part turned back a quarter is %+v, want the upright box's top-left {-4 34 10 6}", got)
	}
}
