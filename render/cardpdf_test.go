package render

import (
	"math"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/render/pdftest"
)

func TestCardPDFIsOnePageOfTheCardAndItsBleed(t *testing.T) {
	doc := sampleDoc()
	for _, tc := range []struct {
		back  bool
		bleed float64
		text  string
	}{
		{false, 3, doc.Cards[0].Fields["name"]},
		{true, 3, "HEAT"},
		{false, 0, doc.Cards[0].Fields["name"]},
	} {
		data, err := CardPDF(doc, 0, tc.back, Options{Bleed: tc.bleed})
		if err != nil {
			t.Fatal(err)
		}
		r := pdftest.Read(t, data)
		if r.NumPage() != 1 {
			t.Fatalf("%d pages, want 1", r.NumPage())
		}
		w, h := pdftest.MediaBox(r, 1)
		if math.Abs(w-(63+2*tc.bleed)) > 0.01 || math.Abs(h-(88+2*tc.bleed)) > 0.01 {
			t.Errorf("back=%v bleed %g: page %.2fx%.2f mm, want the card and its bleed", tc.back, tc.bleed, w, h)
		}
		if got := pdftest.Joined(pdftest.PageText(t, r, 1)); !strings.Contains(got, tc.text) {
			t.Errorf("back=%v: page says %q, want %q on it", tc.back, got, tc.text)
		}
	}
}

func TestCardsPDFSizesEachPageToItsCard(t *testing.T) {
	doc := sampleDoc()
	doc.Cards[1].Size = gamedata.Size{Width: 88, Height: 63} // a landscape deck of its own
	doc.Cards[2].BackFields = map[string]string{"name": "Secret Side"}
	data, err := CardsPDF(doc, []Face{{Card: 0}, {Card: 1}, {Card: 2, Back: true}, {Card: 2, DeckBack: true}}, Options{Bleed: 2})
	if err != nil {
		t.Fatal(err)
	}
	r := pdftest.Read(t, data)
	want := [][2]float64{{67, 92}, {92, 67}, {67, 92}, {67, 92}}
	if r.NumPage() != len(want) {
		t.Fatalf("%d pages, want %d", r.NumPage(), len(want))
	}
	for i, wh := range want {
		if w, h := pdftest.MediaBox(r, i+1); math.Abs(w-wh[0]) > 0.01 || math.Abs(h-wh[1]) > 0.01 {
			t.Errorf("page %d is %.2fx%.2f mm, want %gx%g", i+1, w, h, wh[0], wh[1])
		}
	}
	pages := pdftest.Pages(t, data)
	if !strings.Contains(pages[2], "Secret Side") {
		t.Errorf("the card's own back shows %q", pages[2])
	}
	// The hidden-card image is the deck's back even for a card with
	// a back of its own.
	if strings.Contains(pages[3], "Secret") || !strings.Contains(pages[3], "HEAT") {
		t.Errorf("the deck's back shows %q", pages[3])
	}
}

func TestCardsPDFRefusesWhatItCannotDraw(t *testing.T) {
	doc := sampleDoc()
	tiny := sampleDoc()
	tiny.Cards[0].Size = gamedata.Size{Width: 5, Height: 5}
	for _, tc := range []struct {
		name  string
		doc   *Document
		faces []Face
		opt   Options
		want  string
	}{
		{"no faces", doc, nil, Options{}, "no card faces"},
		{"no such card", doc, []Face{{Card: len(doc.Cards)}}, Options{}, "no card"},
		{"negative card", doc, []Face{{Card: -1}}, Options{}, "no card -1"},
		{"bleed", doc, []Face{{Card: 0}}, Options{Bleed: MaxBleed + 1}, "bleed"},
		{"tiny card", tiny, []Face{{Card: 0}}, Options{}, "too small"},
	} {
		if _, err := CardsPDF(tc.doc, tc.faces, tc.opt); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

// PnPSpots must name the page and place where PnP prints each copy: the
// card's name is on that page, inside the trim found.
func TestPnPSpotsFindEveryCopyOnItsPage(t *testing.T) {
	doc := smallDoc()
	opt := Options{Bleed: 3, BackOffset: [2]float64{1, 0.5}}
	r, _ := pnpPDF(t, doc, opt)
	const ptPerMM = 72 / 25.4
	for i, c := range doc.Cards {
		spots, err := PnPSpots(doc, i, false, opt)
		if err != nil {
			t.Fatal(err)
		}
		if len(spots) != max(c.Copies, 1) {
			t.Errorf("%s: %d spots, want one per copy (%d)", c.ID, len(spots), c.Copies)
		}
		_, ph := pdftest.MediaBox(r, 1)
		for _, s := range spots {
			found := false
			for _, at := range pdftest.Find(pdftest.PageText(t, r, s.Page+1), c.Fields["name"]) {
				x, y := at.X/ptPerMM, ph-at.Y/ptPerMM // mm from the top-left
				found = found || x >= s.X && x <= s.X+s.W && y >= s.Y && y <= s.Y+s.H
			}
			if !found {
				t.Errorf("%s: not on page %d within the trim at %.1f,%.1f", c.ID, s.Page+1, s.X, s.Y)
			}
			if s.Cell[0] > s.X || s.Cell[1] > s.Y || s.Cell[0]+s.Cell[2] < s.X+s.W || s.Cell[1]+s.Cell[3] < s.Y+s.H {
				t.Errorf("%s: cell %v does not hold the trim at %.1f,%.1f", c.ID, s.Cell, s.X, s.Y)
			}
		}
		backs, err := PnPSpots(doc, i, true, opt)
		if err != nil {
			t.Fatal(err)
		}
		for k, b := range backs {
			f := spots[k]
			if b.Page != f.Page+1 {
				t.Errorf("%s: back on page %d, its front on %d", c.ID, b.Page+1, f.Page+1)
			}
			// Mirrored for long-edge duplex, then moved by the offset.
			if math.Abs((b.X-1)-(210-f.X-f.W)) > 1e-9 || math.Abs((b.Y+0.5)-f.Y) > 1e-9 || b.Turn != -f.Turn {
				t.Errorf("%s: back at %.2f,%.2f for a front at %.2f,%.2f", c.ID, b.X, b.Y, f.X, f.Y)
			}
		}
	}
	if _, err := PnPSpots(doc, len(doc.Cards), false, opt); err == nil {
		t.Error("a card past the end has spots")
	}
}
