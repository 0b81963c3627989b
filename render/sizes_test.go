package render

import (
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

var (
	poker = gamedata.Size{Width: 63, Height: 88}
	mini  = gamedata.Size{Width: 44, Height: 68}
)

// mixedDoc has poker cards (deck "main", the game's size) and mini cards
// (deck "mini", 44x68 with a layout of its own), interleaved, so grouping
// by size must keep each deck's order. Every card has a back of its own
// id, titled "B" and its name, and one mini card is two-sided.
func mixedDoc() *Document {
	doc := smallDoc()
	doc.Components, doc.Box = nil, nil
	doc.Layout.Decks = map[string]gamedata.DeckLayout{"mini": {
		Front: &gamedata.Front{
			Border: gamedata.Border{Color: "#2b2b2b", Width: 0.5, Inset: 2, Radius: 2},
			Accent: gamedata.Accent{Box: []float64{2, 2, 40, 10}, Colors: map[string]string{"default": "#335577"}},
			Elements: []gamedata.Element{
				{Field: "name", Box: []float64{4, 3, 36, 8}, Size: 9, MinSize: 6, Style: "bold", Align: "center", Color: gamedata.PlainColor("#ffffff")},
				{Field: "rules", Box: []float64{4, 14, 36, 40}, Size: 7, MinSize: 5},
			},
		},
		BackFace: &gamedata.Front{Elements: []gamedata.Element{
			{Field: "secret", Box: []float64{4, 4, 36, 20}, Size: 8, MinSize: 6},
		}},
	}}
	doc.Cards = nil
	add := func(id, deck string, size gamedata.Size) {
		doc.Cards = append(doc.Cards, CardFace{ID: id, Deck: deck, Back: "b-" + id, Copies: 1, Size: size,
			Fields: map[string]string{"name": id}, Rules: []RulesLine{{Text: "Gain 1."}}})
		doc.Backs["b-"+id] = gamedata.Back{Title: "B" + id, Color: "#222222"}
	}
	for i := range 5 {
		add(fmt.Sprintf("Pk%02d", i), "main", gamedata.Size{}) // the zero size: doc.Card
		add(fmt.Sprintf("Mi%02d", i), "mini", mini)
	}
	add("Pk05", "main", poker) // the game's size given explicitly: the same group
	for i := 5; i < 19; i++ {
		add(fmt.Sprintf("Mi%02d", i), "mini", mini)
	}
	tw := &doc.Cards[3] // Mi01
	tw.BackFields = map[string]string{"secret": "Hidden"}
	delete(doc.Backs, tw.Back)
	return doc
}

// slotOf is where the spec puts the i-th card of a group: a grid of as many
// cards as fit with 7.5 mm between the trims and the paper's edge, twice
// the bleed apart when that fits as many, else the bleed apart, centred on
// the page; backs in the mirrored column.
func slotOf(pageW, pageH float64, size gamedata.Size, bleed float64, i int, back bool) rect {
	// 6 mm clear of the edge, a 3 mm crop mark and 1 mm to the bleed.
	margin := 2 * (10 + bleed)
	count := func(gap float64) (cols, rows float64) {
		return math.Floor((pageW - margin + gap + 1e-9) / (size.Width + gap)), math.Floor((pageH - margin + gap + 1e-9) / (size.Height + gap))
	}
	gap := 2 * bleed
	for _, g := range []float64{bleed, 0} {
		c2, r2 := count(gap)
		if c1, r1 := count(g); c1*r1 > c2*r2 {
			gap = g
		}
	}
	cols, rows := count(gap)
	col, row := float64(i%int(cols)), float64(i/int(cols))
	if back {
		col = cols - 1 - col
	}
	pw, ph := size.Width+gap, size.Height+gap
	return rect{(pageW-cols*pw+gap)/2 + col*pw, (pageH-rows*ph+gap)/2 + row*ph, size.Width, size.Height}
}

// in reports whether a text start (PDF points, y up) lies on the card r.
func in(s pdftest.Span, r rect, pageH float64) bool {
	const pt = 72 / 25.4
	x, y := s.X/pt, pageH-s.Y/pt
	return x > r.x && x < r.x+r.w && y > r.y && y < r.y+r.h
}

// trims lists the page's rectangles of exactly w×h mm (to 0.01 mm), top-left
// corners in mm from the page's top-left: card backgrounds and the clip to
// each card's trim.
func trims(r *pdf.Reader, n int, pageH, w, h float64) []rect {
	const pt = 72 / 25.4
	var out []rect
	for _, q := range r.Page(n).Content().Rect {
		x0, x1 := min(q.Min.X, q.Max.X)/pt, max(q.Min.X, q.Max.X)/pt
		y0, y1 := min(q.Min.Y, q.Max.Y)/pt, max(q.Min.Y, q.Max.Y)/pt
		if math.Abs(x1-x0-w) < 0.01 && math.Abs(y1-y0-h) < 0.01 {
			out = append(out, rect{x0, pageH - y1, w, h})
		}
	}
	return out
}

func near(a, b rect) bool {
	return math.Abs(a.x-b.x) < 0.01 && math.Abs(a.y-b.y) < 0.01
}

// Cards of two sizes in one document: each size gets its own pages and
// grid (9 poker or 16 mini cards on A4), in document order within a size;
// every card is drawn at its own size, and every back (common or the
// card's own) lands behind its front.
func TestMixedCardSizes(t *testing.T) {
	doc := mixedDoc()
	var pk, mi []*CardFace
	for i := range doc.Cards {
		c := &doc.Cards[i]
		if c.Deck == "mini" {
			mi = append(mi, c)
		} else {
			pk = append(pk, c)
		}
	}
	// Sizes that lie upright on the sheet (turned cards: TestCardsPerPage).
	for _, tc := range []struct{ opt Options }{
		{Options{Paper: "a4"}},
		{Options{Paper: "a4", Bleed: 0.5}},
	} {
		t.Run(fmt.Sprintf("%s-%g", tc.opt.Paper, tc.opt.Bleed), func(t *testing.T) {
			r, _ := pnpPDF(t, doc, tc.opt)
			pageW, pageH := pdftest.MediaBox(r, 1)
			p, _ := paperSize(tc.opt.Paper)
			page := guidePages + 1
			for _, group := range []struct {
				size  gamedata.Size
				cards []*CardFace
			}{{poker, pk}, {mini, mi}} {
				g, _ := newGrid(p, group.size.Width, group.size.Height, tc.opt.Bleed)
				per := g.perPage()
				if group.size == mini && tc.opt.Paper == "a4" && per != 16 {
					t.Errorf("mini cards per A4 page = %d, want 16", per)
				}
				for start := 0; start < len(group.cards); start += per {
					onPage := group.cards[start:min(start+per, len(group.cards))]
					front, back := pdftest.PageText(t, r, page), pdftest.PageText(t, r, page+1)
					// One clip and (without bleed) one background per card:
					// no rectangle of the other size's trim.
					frontTrims := trims(r, page, pageH, group.size.Width, group.size.Height)
					for i, c := range onPage {
						want := slotOf(pageW, pageH, group.size, tc.opt.Bleed, i, false)
						f := pdftest.Find(front, c.ID)
						if len(f) != 1 || !in(f[0], want, pageH) {
							t.Errorf("page %d: %s at %v, want on the card at %+v", page, c.ID, f, want)
						}
						if !slices.ContainsFunc(frontTrims, func(q rect) bool { return near(q, want) }) {
							t.Errorf("page %d: no %gx%g trim at %+v for %s; trims %+v", page, group.size.Width, group.size.Height, want, c.ID, frontTrims)
						}
						behind := slotOf(pageW, pageH, group.size, tc.opt.Bleed, i, true)
						// The background runs bleed mm past the trim, front
						// and back, and is of the card's own size.
						for _, side := range []struct {
							page int
							at   rect
						}{{page, want}, {page + 1, behind}} {
							bl := tc.opt.Bleed
							bg := rect{side.at.x - bl, side.at.y - bl, side.at.w + 2*bl, side.at.h + 2*bl}
							if !slices.ContainsFunc(trims(r, side.page, pageH, bg.w, bg.h), func(q rect) bool { return near(q, bg) }) {
								t.Errorf("page %d: no %gx%g background at %+v for %s", side.page, bg.w, bg.h, bg, c.ID)
							}
						}
						text := "B" + c.ID
						if c.TwoSided() {
							text = c.BackFields["secret"]
						}
						b := pdftest.Find(back, text)
						if len(b) != 1 || !in(b[0], behind, pageH) {
							t.Errorf("page %d: back %q of %s at %v, want behind it at %+v", page+1, text, c.ID, b, behind)
						}
					}
					if other := otherSize(group.size); len(trims(r, page, pageH, other.Width, other.Height)) != 0 {
						t.Errorf("page %d: a %gx%g card among the %gx%g ones", page, other.Width, other.Height, group.size.Width, group.size.Height)
					}
					page += 2
				}
			}
			if r.NumPage() != page-1 {
				t.Errorf("%d pages, want %d: the guide, the card pages and nothing else", r.NumPage(), page-1)
			}
		})
	}
}

func otherSize(s gamedata.Size) gamedata.Size {
	if s == poker {
		return mini
	}
	return poker
}

// A document whose cards all give their size explicitly prints the very
// bytes of one that leaves it to Document.Card.
func TestExplicitSizeIsTheDefault(t *testing.T) {
	doc := smallDoc()
	want, err := PnP(doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range doc.Cards {
		doc.Cards[i].Size = doc.Card
	}
	got, err := PnP(doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Error("explicit card sizes changed the PDF")
	}
}

// CheckFit measures each card against its own size: a layout made for
// poker cards is fine on a poker card, but on a mini card the text running
// past the trim is reported, and a box wholly off the card is.
func TestCheckFitUsesTheCardsSize(t *testing.T) {
	doc := sampleDoc()
	doc.Cards = doc.Cards[:1] // Bank Job: fits a poker card
	doc.Cards[0].Copies = 1
	doc.Cards[0].Fields["flavor"] = "In and out in ninety seconds, and not a second more than that."
	if fs := CheckFit(doc); len(fs) != 0 {
		t.Fatalf("a poker card with a poker layout reported: %v", fs)
	}

	// The same card in a mini deck, still with the poker layout.
	doc.Cards[0].Size = mini
	fs := CheckFit(doc)
	msgs := func() string {
		var b strings.Builder
		for _, f := range fs {
			b.WriteString(f.Message + "\n")
		}
		return b.String()
	}
	for _, want := range []string{
		// 12 mm box, 4 mm of it on the card: two lines do not fit.
		`field "flavor" is`, "(the part of it on the 44x68 mm card)",
		// at y=79, below the 68 mm card.
		`field "count" has its box [5 79 20 4] off the 44x68 mm card`,
	} {
		if !strings.Contains(msgs(), want) {
			t.Errorf("findings lack %q:\n%s", want, msgs())
		}
	}
	for _, f := range fs {
		if !CodeTextOverflow.Is(f) || f.Severity != finding.Error || f.Pos != doc.Cards[0].Pos {
			t.Errorf("finding %v, want a %s error at the card", f, CodeTextOverflow)
		}
		if strings.Contains(f.Message, `"name"`) || strings.Contains(f.Message, `"rules"`) {
			t.Errorf("%s: the name and rules fit the part of their boxes on the card", f.Message)
		}
	}
	// It is drawn as measured: the name is set in the 39 mm of its box on
	// the card, so it is centred on the mini card, not past its edge.
	r, _ := pnpPDF(t, doc, Options{})
	pageW, pageH := pdftest.MediaBox(r, 1)
	card := slotOf(pageW, pageH, mini, 0, 0, false)
	if s := pdftest.Find(pdftest.PageText(t, r, guidePages+1), "Bank Job"); len(s) != 1 || !in(s[0], card, pageH) {
		t.Errorf("name at %v, want on the mini card at %+v", s, card)
	}
	// The accent band, 58 mm wide, is cut at the 44 mm card's trim.
	for _, q := range r.Page(guidePages + 1).Content().Rect {
		const pt = 72 / 25.4
		x0, x1 := min(q.Min.X, q.Max.X)/pt, max(q.Min.X, q.Max.X)/pt
		y0, y1 := pageH-max(q.Min.Y, q.Max.Y)/pt, pageH-min(q.Min.Y, q.Max.Y)/pt
		if x0 < card.x-0.01 || x1 > card.x+card.w+0.01 || y0 < card.y-0.01 || y1 > card.y+card.h+0.01 {
			t.Errorf("a fill from (%.2f, %.2f) to (%.2f, %.2f) leaves the mini card at %+v", x0, y0, x1, y1, card)
		}
	}
	if strings.Contains(pdftest.Joined(pdftest.PageText(t, r, guidePages+1)), "x2") {
		t.Error("the count, wholly off the mini card, was drawn")
	}

	// The other way round: a game of mini cards with a poker deck. The
	// poker card is measured at its own size, not the game's.
	doc.Card = mini
	doc.Cards[0].Size = poker
	if fs := CheckFit(doc); len(fs) != 0 {
		t.Errorf("a poker card in a mini game measured at the mini size: %v", fs)
	}
}

// A deck's own size that render cannot print fails the PDF in one line
// naming the deck.
func TestBadDeckSize(t *testing.T) {
	doc := mixedDoc()
	for i := range doc.Cards {
		if doc.Cards[i].Deck == "mini" {
			doc.Cards[i].Size = gamedata.Size{Width: 44, Height: 300}
		}
	}
	_, err := PnP(doc, Options{})
	oneLineError(t, err, `deck "mini"`, "44x300 mm card", "does not fit")
}
