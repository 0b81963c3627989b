package render

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/render/pdftest"
)

// Render must never assume the schema ran: whatever sizes a Document holds,
// it draws them or says in one line why not, and never panics or hangs.

// within fails the test if fn has not returned in time: a geometry that
// makes render loop must fail, not hang the test binary.
func within(t *testing.T, fn func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("still running after a minute")
	}
}

// oneLineError checks err is a single line from render, not a recovered
// panic, and contains every part of want.
func oneLineError(t *testing.T, err error, want ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one containing %q", want)
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, "render: ") || strings.Contains(msg, "internal error") || strings.Contains(msg, "\n") {
		t.Errorf("error %q is not one line from render", msg)
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("error %q does not say %q", msg, w)
		}
	}
}

func TestCardSizesRenderCannotPrint(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	for _, tc := range []struct {
		w, h  float64
		bleed float64
		want  []string
	}{
		{1e-9, 88, 0, []string{"1e-09x88 mm card is too small", "at least 10 mm"}},
		{1e-9, 1e-9, 0, []string{"too small"}},
		{63, 9.99, 0, []string{"63x9.99 mm card is too small"}},
		{0, 88, 0, []string{"too small"}},
		{-63, 88, 0, []string{"too small"}},
		{nan, 88, 0, []string{"NaNx88 mm is not a size"}},
		{63, inf, 0, []string{"63x+Inf mm is not a size"}},
		{201, 288, 0, []string{"201x288 mm card with 0 mm bleed does not fit on a 210x297 mm page"}},
		{1e300, 88, 0, []string{"does not fit"}},
		{200, 287, 0.5, []string{"200x287 mm card with 0.5 mm bleed does not fit"}},
		{190.1, 277, 0, []string{"190.1x277 mm card with 0 mm bleed does not fit on a 210x297 mm page"}}, // no room for crop marks
		{63, 88, nan, []string{"bleed NaN mm is out of range 0-10"}},
		{63, 88, inf, []string{"out of range 0-10"}},
		{63, 88, -0.1, []string{"out of range 0-10"}},
		{63, 88, 10.01, []string{"out of range 0-10"}},
	} {
		t.Run(fmt.Sprintf("%gx%g-bleed-%g", tc.w, tc.h, tc.bleed), func(t *testing.T) {
			doc := smallDoc()
			doc.Card = gamedata.Size{Width: tc.w, Height: tc.h}
			within(t, func() {
				_, err := PnP(doc, Options{Bleed: tc.bleed})
				oneLineError(t, err, tc.want...)
				if tc.bleed != 0 || tc.w > MinCardSide && tc.h > MinCardSide {
					return // a card bigger than the page may still have a reference sheet
				}
				_, err = ReferencePDF(doc, Options{Bleed: tc.bleed})
				oneLineError(t, err, tc.want...)
				CheckFit(doc) // measures the player aid on the card: must not panic
			})
		})
	}
}

// The extremes that do fit print, with every card on its page.
func TestCardSizesAtTheLimitsPrint(t *testing.T) {
	for _, tc := range []struct {
		w, h, bleed float64
		paper       string
		perPage     int
	}{
		{MinCardSide, MinCardSide, 0, "a4", 19 * 27},
		{MinCardSide, MinCardSide, MaxBleed, "a4", 17 * 25}, // abutting: the bleed round the sheet only
		{63, 88, MaxBleed, "a4", 2 * 2},
		{63, 88, MaxBleed, "letter", 2 * 2},
		{190, 277, 0, "a4", 1}, // 10 mm round it for the crop marks
		{180, 267, MaxBleed, "a4", 1},
	} {
		t.Run(fmt.Sprintf("%s-%gx%g-bleed-%g", tc.paper, tc.w, tc.h, tc.bleed), func(t *testing.T) {
			doc := smallDoc()
			doc.Card = gamedata.Size{Width: tc.w, Height: tc.h}
			doc.Reference = ReferenceSheet{} // no player aid: cards, not sheets, are tested here
			within(t, func() {
				data, err := PnP(doc, Options{Paper: tc.paper, Bleed: tc.bleed})
				if err != nil {
					t.Fatal(err)
				}
				prints := len(copiesOf(doc.Cards))
				frontPages := (prints + tc.perPage - 1) / tc.perPage
				r := pdftest.Read(t, data)
				// After the guide, each page of fronts is followed by its
				// backs; then the components' pages.
				for n := guidePages + 1; n <= guidePages+2*frontPages; n++ {
					pdftest.PageText(t, r, n)
				}
				if r.NumPage() < guidePages+2*frontPages {
					t.Errorf("%d pages, want %d of cards and backs after the guide", r.NumPage(), 2*frontPages)
				}
				p, _ := paperSize(tc.paper)
				g, err := newGrid(p, tc.w, tc.h, tc.bleed)
				if err != nil {
					t.Fatal(err)
				}
				if g.perPage() != tc.perPage {
					t.Errorf("%d cards a page, want %d", g.perPage(), tc.perPage)
				}
			})
		})
	}
}

// Sizes in the layout and the components that validation would refuse
// are drawn somehow, never a panic, a hang or an unreadable PDF.
func TestHostileLayoutAndComponentSizes(t *testing.T) {
	bad := []float64{math.NaN(), math.Inf(1), math.Inf(-1), -1, 0, 1e-300, 1e300}
	type edit struct {
		name  string
		apply func(doc *Document, v float64)
	}
	edits := []edit{
		{"token diameter", func(d *Document, v float64) { d.Components[1].Diameter = v }},
		{"slot diameter", func(d *Document, v float64) { d.Components[0].SlotDiameter = v }},
		{"track space", func(d *Document, v float64) {
			d.Components = append(d.Components, Component{Kind: "track", Label: "Heat", Spaces: 12, Count: 1, SpaceSize: v})
		}},
		{"font size", func(d *Document, v float64) { d.Layout.Front.Elements[2].Size = v }},
		{"min font size", func(d *Document, v float64) { d.Layout.Front.Elements[2].MinSize = v }},
		{"back title size", func(d *Document, v float64) { d.Layout.Back.TitleSize = v }},
		{"pips size", func(d *Document, v float64) { d.Layout.Front.Elements[4].Size = v }},
		{"box width", func(d *Document, v float64) { d.Layout.Front.Elements[0].Box[2] = v }},
		{"box x", func(d *Document, v float64) { d.Layout.Front.Elements[1].Box[0] = v }},
		{"accent box", func(d *Document, v float64) { d.Layout.Front.Accent.Box[3] = v }},
		{"border", func(d *Document, v float64) {
			d.Layout.Front.Border.Width, d.Layout.Front.Border.Inset, d.Layout.Front.Border.Radius = v, v, v
		}},
	}
	for _, e := range edits {
		for _, v := range bad {
			t.Run(fmt.Sprintf("%s=%g", e.name, v), func(t *testing.T) {
				doc := smallDoc() // a fresh layout each time
				e.apply(doc, v)
				within(t, func() {
					CheckFit(doc)
					for _, draw := range []func(*Document, Options) ([]byte, error){PnP, ReferencePDF} {
						data, err := draw(doc, Options{})
						if err != nil {
							oneLineError(t, err)
							continue
						}
						readable(t, data)
					}
				})
			})
		}
	}
}

// readable reads every page of a PDF back; the reader panics on operators
// with non-numbers ("NaN Td"), which is what a NaN size would write.
func readable(t *testing.T, data []byte) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("the PDF does not read back: %v", r)
		}
	}()
	r := pdftest.Read(t, data)
	for n := 1; n <= r.NumPage(); n++ {
		pdftest.PageText(t, r, n)
	}
}
