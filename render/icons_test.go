package render

import (
	"bytes"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/fonts"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/icon"
	"github.com/cardpress/cardpress/render/pdftest"

	"golang.org/x/image/font/gofont/gosmallcaps"
)

// pieces is the one line text is set in at 10 pt in a wide box.
func onePieces(t *testing.T, m *measurer, text string) []piece {
	t.Helper()
	b := m.set([]para{{runs: []run{{"", text}}}}, 200, 10)
	if len(b.paras) != 1 || len(b.paras[0]) != 1 {
		t.Fatalf("%q: not one line: %+v", text, b.paras)
	}
	return b.paras[0][0].pieces
}

// An icon is measured as a square em, like a glyph that wide, and the
// text after it goes on a space further.
func TestIconIsOneEm(t *testing.T) {
	m := newMeasurer()
	ps := onePieces(t, m, "Gain 2 :coin: now")
	if len(ps) != 3 || ps[0].text != "Gain 2" || ps[1].icon == nil || ps[2].text != "now" {
		t.Fatalf("pieces %+v", ps)
	}
	em := 10 * mmPerPt
	space := m.width("", 10, " ")
	if math.Abs(ps[1].w-em) > 1e-9 || math.Abs(ps[1].x-(m.width("", 10, "Gain 2")+space)) > 1e-9 || math.Abs(ps[2].x-(ps[1].x+em+space)) > 1e-9 {
		t.Errorf("icon at %.3f wide %.3f, text after at %.3f; want wide %.3f", ps[1].x, ps[1].w, ps[2].x, em)
	}
	// Glued to punctuation it stays one word with it.
	ps = onePieces(t, m, "Pay :coin:.")
	if len(ps) != 3 || ps[1].icon == nil || ps[2].text != "." || math.Abs(ps[2].x-(ps[1].x+em)) > 1e-9 {
		t.Errorf("pieces %+v", ps)
	}
	// A name that is no icon stays text; so do "::" and "a: b".
	for _, s := range []string{"see :nope: here", "a :: b", "at 10:30: now"} {
		ps = onePieces(t, m, s)
		if len(ps) != 1 || ps[0].text != s {
			t.Errorf("%q: pieces %+v", s, ps)
		}
	}
}

// Icons wrap like words and a run of them too long for a line breaks
// between icons, never inside one.
func TestIconsWrap(t *testing.T) {
	m := newMeasurer()
	em := 10 * mmPerPt
	lines := m.wrap([]run{{"", ":coin::coin::coin::coin:"}}, 2.5*em, 10)
	if len(lines) != 2 {
		t.Fatalf("%d lines, want 2: %+v", len(lines), lines)
	}
	for _, l := range lines {
		for _, p := range l.pieces {
			if p.icon == nil {
				t.Errorf("a piece of text %q from icons", p.text)
			}
		}
	}
	if n := len(lines[0].pieces); n != 2 {
		t.Errorf("first line holds %d icons, want 2", n)
	}
	lines = m.wrap([]run{{"", "aaaa :star:"}}, m.width("", 10, "aaaa ")+em/2, 10)
	if len(lines) != 2 || lines[1].pieces[0].icon == nil {
		t.Errorf("the icon does not move to the next line: %+v", lines)
	}
}

// A character the Go fonts lack is set in the fallback; the rest stays
// in the Go fonts.
func TestFallbackSegments(t *testing.T) {
	m := newMeasurer()
	ss := m.segments(nil, "B", "a★★b")
	if len(ss) != 3 || ss[0].face != goFace("B") || ss[1].text != "★★" || ss[1].face.font != fonts.Fallback() || ss[2].face != goFace("B") {
		t.Fatalf("segments %+v", ss)
	}
}

// A game's own icon is its built-in in its own colour, and replaces a
// built-in of the same name.
func TestGameIcons(t *testing.T) {
	m := newMeasurerFor(&Document{Icons: map[string]icon.Def{
		"heat": {ID: "heat", Builtin: "flame", Color: "#e0533d"},
		"coin": {ID: "coin", Builtin: "gem"},
	}})
	if ic := m.iconFor("heat"); ic == nil || ic.color == nil || *ic.color != (rgb{0xe0, 0x53, 0x3d}) {
		t.Errorf("heat: %+v", ic)
	}
	if ic := m.iconFor("coin"); ic == nil || ic.color != nil || ic.shape.EvenOdd != true {
		t.Errorf("coin: %+v", ic)
	}
	if m.iconFor("nope") != nil {
		t.Error("an unknown name draws an icon")
	}
}

// iconDoc is one card whose rules show text, in a game font when font is
// set.
func iconDoc(t *testing.T, text string, font bool) *Document {
	t.Helper()
	doc := &Document{
		Title: "T", Card: gamedata.Size{Width: 63, Height: 88},
		Layout: gamedata.Layout{Front: gamedata.Front{Elements: []gamedata.Element{
			{Field: "name", Box: []float64{5, 5, 53, 10}, Size: 12},
			{Field: "rules", Box: []float64{5, 20, 53, 40}, Size: 10},
		}}},
		Cards: []CardFace{{ID: "a", Copies: 1, Fields: map[string]string{"name": "Alpha"}, Rules: []RulesLine{{Text: text}}}},
	}
	if font {
		f, err := fonts.Parse(gosmallcaps.TTF)
		if err != nil {
			t.Fatal(err)
		}
		doc.Fonts = map[string]*fonts.Typeface{"display": {ID: "display", Regular: f}}
		doc.Layout.Front.Font = "display"
		for i := range doc.Layout.Front.Elements {
			doc.Layout.Front.Elements[i].Font = "display"
		}
	}
	return doc
}

// The icon is drawn as a filled path in its em square, between the text
// before and after it.
func TestIconDrawnInPlace(t *testing.T) {
	r, _ := pnpPDF(t, iconDoc(t, "Gain 2 :star: now", false), Options{})
	var page int
	for n := 1; n <= r.NumPage(); n++ {
		if strings.Contains(pdftest.Joined(pdftest.PageText(t, r, n)), "Alpha") {
			page = n
		}
	}
	ts := pdftest.PageText(t, r, page)
	gain, now := pdftest.Find(ts, "Gain 2"), pdftest.Find(ts, "now")
	if len(gain) != 1 || len(now) != 1 {
		t.Fatalf("Gain 2 at %v, now at %v", gain, now)
	}
	m := newMeasurer()
	const pt = 72 / 25.4
	em := 10.0 // pt
	space := m.width("", 10, " ") * pt
	iconX := gain[0].X + m.width("", 10, "Gain 2")*pt + space
	if got, want := now[0].X, iconX+em+space; math.Abs(got-want) > 0.05 {
		t.Errorf("the text after the icon starts at %.2f pt, want %.2f", got, want)
	}
	// Every point of the star's outline lies in the em square.
	content := pdftest.Content(t, r, page)
	var inside int
	for _, mt := range regexp.MustCompile(`([\d.]+) ([\d.]+) [ml]\n`).FindAllStringSubmatch(content, -1) {
		x, y := atof(mt[1]), atof(mt[2])
		if x >= iconX-0.01 && x <= iconX+em+0.01 && y > gain[0].Y-em && y < gain[0].Y+em {
			inside++
		}
	}
	if inside < 10 { // the star has ten corners
		t.Errorf("%d outline points in the icon's square, want the star's 10", inside)
	}
}

// A game font is embedded as a subset under a subset name, and the
// fallback only when some text needs it.
func TestGameFontEmbeddedAsSubset(t *testing.T) {
	data, err := PnP(iconDoc(t, "Plain text", true), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`/BaseFont /[A-Z]{6}\+GoSmallcaps\n`).Match(data) || !regexp.MustCompile(`/FontName /[A-Z]{6}\+GoSmallcaps\n[^>]*/FontFile2 \d+ 0 R`).Match(data) {
		t.Error("no GoSmallcaps subset embedded with /FontFile2")
	}
	if bytes.Contains(data, []byte("DejaVu")) {
		t.Error("the fallback is embedded though no text needs it")
	}
	if again, _ := PnP(iconDoc(t, "Plain text", true), Options{}); !bytes.Equal(again, data) {
		t.Error("the same document gives different bytes")
	}
	data, err = PnP(iconDoc(t, "A ★ here", true), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`/BaseFont /[A-Z]{6}\+DejaVuSans\n`).Match(data) {
		t.Error("★, which the font lacks, is not set in the fallback")
	}
	r := pdftest.Read(t, data)
	drawn := false
	for n := 1; n <= r.NumPage(); n++ {
		for _, tx := range pdftest.PageText(t, r, n) {
			drawn = drawn || strings.HasSuffix(tx.Font, "DejaVuSans") // the reader drops the subset tag
		}
	}
	if !drawn {
		t.Error("no glyph is drawn in the fallback")
	}
}

// Generated text naming an icon the game lacks is reported at the card,
// unless the YAML's own report covers the name.
func TestCheckIcons(t *testing.T) {
	doc := iconDoc(t, "Gain :nope: and :coin: and :nope:", false)
	doc.Cards[0].Pos = finding.Pos{File: "c.yaml", Line: 4, Col: 5}
	fs := CheckIcons(doc, &gamedata.Data{})
	if len(fs) != 1 || fs[0].Pos != doc.Cards[0].Pos || !gamedata.CodeIconUnknown.Is(fs[0]) || !strings.Contains(fs[0].Message, `":nope:"`) {
		t.Errorf("findings %v", fs)
	}
}

func atof(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}
