package render

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/render/pdftest"
	"github.com/ledongthuc/pdf"
)

// smallDoc has 11 printed cards (two front pages), two backs, a board and a
// sheet of tokens.
func smallDoc() *Document {
	doc := sampleDoc()
	doc.Backs["other"] = gamedata.Back{Title: "OTHER", Subtitle: "second deck", Color: "#f0e0c0", Accent: "#335577"}
	doc.Cards = doc.Cards[:6] // 2+2+1+2+1+2 = 10 prints
	doc.Cards = append(doc.Cards, CardFace{ID: "odd", Deck: "side", Back: "other", Copies: 1,
		Fields: map[string]string{"name": "Odd One"}, Pos: finding.Pos{File: "c.yaml", Line: 99}})
	doc.Components = doc.Components[:2]
	return doc
}

func TestPnPPagesAndPaper(t *testing.T) {
	for _, tc := range []struct {
		paper string
		w, h  float64
		bleed float64
		pages int
	}{
		// The guide pages, 11 prints: 2 front+back pairs, 1 page of
		// one-sided sheets.
		{"a4", 210, 297, 0, guidePages + 2*2 + 1},
		{"letter", 215.9, 279.4, 0, guidePages + 2*2 + 1}, // 3×3 fits letter too
		{"", 210, 297, 3, guidePages + 2*2 + 1},           // with 3 mm bleed A4 holds 3×3 too
	} {
		t.Run(fmt.Sprintf("%s-%g", tc.paper, tc.bleed), func(t *testing.T) {
			r, _ := pnpPDF(t, smallDoc(), Options{Paper: tc.paper, Bleed: tc.bleed})
			if got := r.NumPage(); got != tc.pages {
				t.Errorf("pages = %d, want %d", got, tc.pages)
			}
			for n := 1; n <= r.NumPage(); n++ {
				w, h := pdftest.MediaBox(r, n)
				if math.Abs(w-tc.w) > 0.1 || math.Abs(h-tc.h) > 0.1 {
					t.Errorf("page %d is %.1f×%.1f mm, want %.1f×%.1f", n, w, h, tc.w, tc.h)
				}
			}
		})
	}
}

// pnpPDF renders doc's print-and-play PDF with opt and reads it back,
// failing t if either fails; it returns the reader and the file's bytes.
func pnpPDF(t *testing.T, doc *Document, opt Options) (*pdf.Reader, []byte) {
	t.Helper()
	data, err := PnP(doc, opt)
	if err != nil {
		t.Fatal(err)
	}
	return pdftest.Read(t, data), data
}

func TestPnPText(t *testing.T) {
	doc := sampleDoc()
	r, _ := pnpPDF(t, doc, Options{})
	// 34 prints: 4 front pages (3, 5, 7, 9 after the guide), each
	// followed by its backs.
	if got := r.NumPage(); got < guidePages+8 {
		t.Fatalf("pages = %d, want at least %d", got, guidePages+8)
	}
	var fronts strings.Builder
	for n := guidePages + 1; n <= guidePages+7; n += 2 {
		fronts.WriteString(pdftest.Joined(pdftest.PageText(t, r, n)))
		if back := pdftest.Joined(pdftest.PageText(t, r, n+1)); !strings.Contains(back, "HEAT") {
			t.Errorf("back page %d lacks the back title", n+1)
		}
	}
	for _, c := range doc.Cards {
		if !strings.Contains(fronts.String(), c.Fields["name"]) {
			t.Errorf("card %q not found on the front pages", c.Fields["name"])
		}
	}
	comps := pdftest.Joined(pdftest.PageText(t, r, guidePages+9))
	for _, want := range []string{"Heat board", "-$3", "HEAT"} {
		if !strings.Contains(comps, want) {
			t.Errorf("component page lacks %q", want)
		}
	}
}

func TestFontsEmbedded(t *testing.T) {
	r, data := pnpPDF(t, smallDoc(), Options{})
	p := r.Page(1)
	names := p.Fonts()
	if len(names) == 0 {
		t.Fatal("page 1 has no fonts")
	}
	for _, name := range names {
		f := p.Font(name).V
		desc := f.Key("FontDescriptor")
		if d := f.Key("DescendantFonts"); !d.IsNull() {
			desc = d.Index(0).Key("FontDescriptor")
		}
		if desc.Key("FontFile2").IsNull() {
			t.Errorf("font %s (%s) is not embedded", name, f.Key("BaseFont").Name())
		}
	}
	if !bytes.Contains(data, []byte("/FontFile2")) {
		t.Error("no FontFile2 stream in the file")
	}
}

func TestDeterministic(t *testing.T) {
	for name, render := range map[string]func(*Document, Options) ([]byte, error){"pnp": PnP, "reference": ReferencePDF} {
		opt := Options{Paper: "letter", Bleed: 2, Epoch: 1700000000}
		a, err := render(sampleDoc(), opt)
		if err != nil {
			t.Fatal(err)
		}
		b, err := render(sampleDoc(), opt)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two renders of the same document differ", name)
		}
		opt.Epoch = 0
		c, _ := render(sampleDoc(), opt)
		if bytes.Equal(a, c) {
			t.Errorf("%s: the epoch does not reach the file", name)
		}
	}
}

// TestBacksMirrored checks long-edge duplex: each back sits behind its
// front, so a back is in the front's row and in the mirrored column. The
// columns come from the spec (3 poker cards centred; 2×bleed apart when
// that fits as many, else bleed apart), not from the code under test.
func TestBacksMirrored(t *testing.T) {
	doc := smallDoc()
	doc.Backs["alpha"] = gamedata.Back{Title: "ALPHA", Color: "#222222"}
	doc.Backs["beta"] = gamedata.Back{Title: "BETA", Color: "#444444"}
	card := func(id, back string) CardFace {
		return CardFace{ID: id, Back: back, Copies: 1, Fields: map[string]string{"name": id}}
	}
	// Row 1: Aone Bone Btwo; row 2: Bthree Atwo (a partial row).
	doc.Cards = []CardFace{card("Aone", "alpha"), card("Bone", "beta"), card("Btwo", "beta"), card("Bthree", "beta"), card("Atwo", "alpha")}
	doc.Components = nil
	const pt = 72 / 25.4
	for _, tc := range []struct {
		opt        Options
		cols, rows int
		w, h       float64 // a card as it lies on the sheet: 88×63 turned
		gap        float64
	}{
		{Options{Paper: "a4"}, 3, 3, 63, 88, 0},
		{Options{Paper: "letter", Bleed: 2}, 2, 4, 88, 63, 0},
		{Options{Paper: "a4", Bleed: 3}, 2, 4, 88, 63, 6},
	} {
		r, _ := pnpPDF(t, doc, tc.opt)
		if r.NumPage() != guidePages+2 {
			t.Fatalf("pages = %d, want %d", r.NumPage(), guidePages+2)
		}
		pageW, pageH := pdftest.MediaBox(r, 1)
		pitchX, pitchY := tc.w+tc.gap, tc.h+tc.gap
		left, top := (pageW-float64(tc.cols)*pitchX+tc.gap)/2, (pageH-float64(tc.rows)*pitchY+tc.gap)/2
		slot := func(s pdftest.Span) (col, row int) {
			return int((s.X/pt - left) / pitchX), int((pageH - s.Y/pt - top) / pitchY)
		}
		front, back := pdftest.PageText(t, r, guidePages+1), pdftest.PageText(t, r, guidePages+2)
		backs := map[string][][2]int{}
		for _, title := range []string{"ALPHA", "BETA"} {
			for _, s := range pdftest.Find(back, title) {
				c, r := slot(s)
				backs[title] = append(backs[title], [2]int{c, r})
			}
		}
		for i, c := range doc.Cards {
			want := map[string]string{"alpha": "ALPHA", "beta": "BETA"}[c.Back]
			f := pdftest.Find(front, c.ID)
			if len(f) != 1 {
				t.Fatalf("%s: found %d times on the front", c.ID, len(f))
			}
			col, row := slot(f[0])
			if col != i%tc.cols || row != i/tc.cols {
				t.Errorf("%v: %s is in column %d row %d, want %d %d", tc.opt, c.ID, col, row, i%tc.cols, i/tc.cols)
			}
			if mirror := tc.cols - 1 - col; !slices.Contains(backs[want], [2]int{mirror, row}) {
				t.Errorf("%v: no %s back behind %s: backs at %v, want column %d row %d", tc.opt, want, c.ID, backs[want], mirror, row)
			}
		}
		if n := len(backs["ALPHA"]) + len(backs["BETA"]); n != len(doc.Cards) {
			t.Errorf("%v: %d backs for %d cards", tc.opt, n, len(doc.Cards))
		}
	}
}

func TestCheckFit(t *testing.T) {
	doc := sampleDoc()
	fs := CheckFit(doc)
	if len(fs) != 1 {
		t.Fatalf("got %d findings, want 1: %v", len(fs), fs)
	}
	var long *CardFace
	for i := range doc.Cards {
		if doc.Cards[i].Fields["name"] == "The Long Con" {
			long = &doc.Cards[i]
		}
	}
	f := fs[0]
	if !CodeTextOverflow.Is(f) || f.Severity != finding.Error || f.Pos != long.Pos {
		t.Errorf("finding = %v, want an error %s at %v", f, CodeTextOverflow, long.Pos)
	}
	for _, want := range []string{"The Long Con", `"rules"`, "mm too tall"} {
		if !strings.Contains(f.Message, want) {
			t.Errorf("message %q lacks %q", f.Message, want)
		}
	}
	// The overflowing card is still drawn, at its minimum size.
	data, err := PnP(doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(pdftest.Joined(pdftest.PageText(t, pdftest.Read(t, data), guidePages+7)), "The Long Con") {
		t.Error("the overflowing card is missing from the PnP")
	}
}

func TestCheckFitShrinks(t *testing.T) {
	doc := sampleDoc()
	doc.Cards = doc.Cards[:1]
	c := &doc.Cards[0]
	// Too long for 9 pt in a 38 mm box, short enough for a smaller size.
	c.Rules = []RulesLine{{Phase: "B", Text: strings.Repeat("Gain a little money and take some Heat. ", 12)}}
	m := newMeasurer()
	rules := doc.Layout.Front.Elements[2]
	f, ok := m.typesetField(c, rules, doc.Card)
	if !ok || f.overflow > 0 || f.block.size >= rules.Size || f.block.size < rules.MinSize {
		t.Errorf("fit = size %g overflow %g, want a size between %g and %g", f.block.size, f.overflow, rules.MinSize, rules.Size)
	}
	if fs := CheckFit(doc); len(fs) != 0 {
		t.Errorf("text that fits after shrinking was reported: %v", fs)
	}
}

func TestReferencePDF(t *testing.T) {
	doc := sampleDoc()
	for _, paper := range []string{"a4", "letter"} {
		data, err := ReferencePDF(doc, Options{Paper: paper})
		if err != nil {
			t.Fatal(err)
		}
		r := pdftest.Read(t, data)
		if r.NumPage() != 2 {
			t.Fatalf("%s: pages = %d, want 2", paper, r.NumPage())
		}
		sheet := pdftest.Joined(pdftest.PageText(t, r, 1))
		for _, want := range []string{"rule reference", "Setup", "End and scoring", "Prepare", "victory is shared", "-$5"} {
			if !strings.Contains(sheet, want) {
				t.Errorf("%s: reference sheet lacks %q", paper, want)
			}
		}
		if aid := pdftest.Joined(pdftest.PageText(t, r, 2)); !strings.Contains(aid, "player aid") || !strings.Contains(aid, "least Heat") {
			t.Errorf("%s: page 2 is not the player aid: %q", paper, aid)
		}
	}
}

func TestReferenceTooLong(t *testing.T) {
	doc := sampleDoc()
	doc.Reference.Sections = append(doc.Reference.Sections, Section{Heading: "Everything",
		Items: slices.Repeat([]string{"A rule that goes on and on about very little, in great detail, for quite a while."}, 200)})
	if _, err := ReferencePDF(doc, Options{}); err == nil || !strings.Contains(err.Error(), "does not fit") {
		t.Errorf("err = %v, want a does-not-fit error", err)
	}
	fs := CheckFit(doc)
	if !slices.ContainsFunc(fs, func(f finding.Finding) bool {
		return CodeTextOverflow.Is(f) && f.Pos == doc.Reference.Pos && strings.Contains(f.Message, "reference sheet")
	}) {
		t.Errorf("CheckFit did not report the reference sheet: %v", fs)
	}
}

// TestHostileText makes sure text the fonts or the PDF writer cannot encode
// is replaced, never a panic.
func TestHostileText(t *testing.T) {
	doc := smallDoc()
	doc.Cards[0].Fields["name"] = "Emoji 😀 \xff\xfe bad\x00\tbytes"
	doc.Cards[0].Rules = []RulesLine{{Phase: "𝔸", Text: "Gain 🂡 $3\u200b."}}
	doc.Reference.Title = "Ref 🚀"
	doc.Components[1].Label = "💰"
	if _, err := PnP(doc, Options{}); err != nil {
		t.Fatal(err)
	}
	if _, err := ReferencePDF(doc, Options{}); err != nil {
		t.Fatal(err)
	}
	CheckFit(doc)
}

func TestOptionsErrors(t *testing.T) {
	if _, err := PnP(smallDoc(), Options{Paper: "a3"}); err == nil {
		t.Error("unknown paper accepted")
	}
	doc := smallDoc()
	doc.Card = gamedata.Size{Width: 400, Height: 88}
	if _, err := PnP(doc, Options{}); err == nil {
		t.Error("a card wider than the page was accepted")
	}
	if _, err := PnP(smallDoc(), Options{Bleed: -1}); err == nil {
		t.Error("negative bleed accepted")
	}
}

// The grid fits the most poker cards with the full bleed and 3 mm crop
// marks beyond it: A4 without bleed holds 9 upright; any bleed over
// 0.5 mm leaves no room for a third column with its marks (3×63 + 2×(6 +
// 3 + 1 + bleed) > 210), so the cards turn, 8 a sheet; US Letter is too
// short for three rows with marks even without bleed (3×88 + 2×10 >
// 279.4), so it prints 8 turned cards too.
func TestGrid(t *testing.T) {
	for _, tc := range []struct {
		paper      string
		bleed      float64
		cols, rows int
		turned     bool
		gutter     float64
	}{
		{"a4", 0, 3, 3, false, 0}, {"letter", 0, 2, 4, true, 0}, {"a4", 0.5, 3, 3, false, 0}, {"a4", 1, 2, 4, true, 2},
		{"a4", 3, 2, 4, true, 6}, {"letter", 3, 2, 4, true, 0}, {"a4", MaxBleed, 2, 2, false, 20},
	} {
		p, _ := paperSize(tc.paper)
		g, err := newGrid(p, 63, 88, tc.bleed)
		if err != nil {
			t.Fatal(err)
		}
		if g.cols != tc.cols || g.rows != tc.rows || g.gutter != tc.gutter || g.turned != tc.turned {
			t.Errorf("%s bleed %g: %d×%d turned %v, %g mm apart; want %d×%d turned %v, %g mm apart",
				tc.paper, tc.bleed, g.cols, g.rows, g.turned, g.gutter, tc.cols, tc.rows, tc.turned, tc.gutter)
		}
		marks := g.cropMarks(g.perPage(), false)
		if len(marks) == 0 {
			t.Errorf("%s bleed %g: no crop marks", tc.paper, tc.bleed)
		}
		room := markRoom + tc.bleed
		for i := range g.perPage() {
			for _, back := range []bool{false, true} {
				x, y := g.slot(i, back)
				trim := rect{x, y, g.w, g.h}
				if trim.x < room-1e-9 || trim.y < room-1e-9 || trim.x+trim.w > p.w-room+1e-9 || trim.y+trim.h > p.h-room+1e-9 {
					t.Errorf("%s bleed %g: slot %d at %+v leaves no room for the bleed and crop marks", tc.paper, tc.bleed, i, trim)
				}
				for _, m := range marks {
					if m.overBleed || touches(m.segment, g.cell(x, y)) {
						t.Errorf("%s bleed %g: crop mark %v touches card %d or its bleed at %v", tc.paper, tc.bleed, m, i, trim)
					}
				}
			}
		}
	}
}

// touches reports whether an axis-aligned segment meets a rectangle.
func touches(s segment, r rect) bool {
	x1, x2 := min(s.x1, s.x2), max(s.x1, s.x2)
	y1, y2 := min(s.y1, s.y2), max(s.y1, s.y2)
	return x2 >= r.x && x1 <= r.x+r.w && y2 >= r.y && y1 <= r.y+r.h
}

func BenchmarkPnP(b *testing.B) {
	doc := sampleDoc()
	for b.Loop() {
		if _, err := PnP(doc, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestWrap(t *testing.T) {
	m := newMeasurer()
	width := m.width("", 10, "Gain $9 if no")
	ls := m.wrap([]run{{"B", "Vault"}, {"", ": Gain $9 if no other player revealed a Vault card."}}, width, 10)
	if len(ls) < 3 {
		t.Fatalf("got %d lines, want at least 3", len(ls))
	}
	if got := ls[0].pieces[0].text; got != "Vault" || ls[0].pieces[0].style != "B" {
		t.Errorf("first piece = %q, want bold Vault", got)
	}
	var words []string
	for _, l := range ls {
		if l.w > width+1e-9 {
			t.Errorf("line %v is %.2f mm, wider than %.2f", l, l.w, width)
		}
		var b strings.Builder
		for _, p := range l.pieces {
			b.WriteString(p.text)
		}
		words = append(words, b.String())
	}
	if got := strings.Join(words, " "); got != "Vault: Gain $9 if no other player revealed a Vault card." {
		t.Errorf("rejoined lines = %q", got)
	}
	// A word longer than the line is cut, never left sticking out.
	long := m.wrap([]run{{"", "x Supercalifragilisticexpialidocious"}}, m.width("", 10, "Supercal"), 10)
	for _, l := range long {
		if l.w > m.width("", 10, "Supercal")+1e-9 {
			t.Errorf("line %q is too wide", l.pieces[0].text)
		}
	}
	if len(long) < 4 || long[0].pieces[0].text != "x" {
		t.Errorf("long word lines = %v", long)
	}
	// A box narrower than one letter still terminates, a letter a line.
	if n := len(m.wrap([]run{{"", "abc"}}, 0.1, 10)); n != 3 {
		t.Errorf("%d lines in a tiny box, want 3", n)
	}
}

// A title too wide for its box at full size shrinks rather than break
// between letters ("COMPLICATIO / N"), as long as a smaller size fits.
func TestFitShrinksBeforeBreakingAWord(t *testing.T) {
	m := newMeasurer()
	width := m.width("B", 24, "COMPLICATION") * 0.85
	b, over := m.fit(plain("COMPLICATION", "B"), width, 40, 24, 7)
	if over != 0 || b.broken || b.size >= 24 || len(b.paras[0]) != 1 {
		t.Errorf("size %.1f, %d lines, broken %v, over %.1f: want one smaller unbroken line", b.size, len(b.paras[0]), b.broken, over)
	}
	// With no size small enough, the word is still cut to stay in the box.
	b, over = m.fit(plain("COMPLICATION", "B"), m.width("B", 7, "COMP"), 40, 24, 7)
	if over != 0 || !b.broken {
		t.Errorf("narrow box: broken %v, over %.1f", b.broken, over)
	}
}

func TestCheckFitWarnsOfABrokenWord(t *testing.T) {
	doc := sampleDoc()
	doc.Cards = doc.Cards[:1]
	c := &doc.Cards[0]
	c.Fields["name"] = strings.Repeat("Heist", 12) // one word, twice the box at 7 pt
	fs := CheckFit(doc)
	if len(fs) != 1 || !CodeWordBroken.Is(fs[0]) || fs[0].Severity != finding.Warning || fs[0].Pos != c.Pos || !strings.Contains(fs[0].Message, `field "name"`) {
		t.Fatalf("findings %v, want one %s warning for the name at %v", fs, CodeWordBroken, c.Pos)
	}
}

// Page 2 of the reference holds a player aid for each player, up to a
// sheet, laid out and cut like cards (before, one aid a sheet: a sheet
// printed per player).
func TestPlayerAidsShareASheet(t *testing.T) {
	for _, tc := range []struct {
		players, want int
		opt           Options
	}{
		{0, 1, Options{Paper: "a4"}},
		{4, 4, Options{Paper: "a4"}},
		{12, 9, Options{Paper: "a4"}},
		{6, 6, Options{Paper: "letter", Bleed: 3}},
		{12, 8, Options{Paper: "a4", Bleed: 3}},
	} {
		doc := sampleDoc()
		doc.Players = tc.players
		data, err := ReferencePDF(doc, tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		r := pdftest.Read(t, data)
		aids := cardsOn(t, r, 2, 63, 88, tc.opt.Bleed)
		if len(aids) == 0 {
			aids = cardsOn(t, r, 2, 88, 63, tc.opt.Bleed)
		}
		if len(aids) != tc.want {
			t.Errorf("%d players, %s: %d aids on page 2, want %d", tc.players, optName(tc.opt), len(aids), tc.want)
		}
		if n := strings.Count(pdftest.Joined(pdftest.PageText(t, r, 2)), "least Heat"); n != tc.want {
			t.Errorf("%d players, %s: the aid's text %d times, want %d", tc.players, optName(tc.opt), n, tc.want)
		}
	}
}
