package render

import (
	"fmt"

	"codeberg.org/go-pdf/fpdf"
)

// Single cards, for the PNG and Tabletop Simulator exports and the
// browser preview: each face on a page of its own, the card's trim size
// plus the bleed on every side, drawn by the very calls PnP makes (front,
// back), so a card's image cannot drift from its printed sheet.

// Face is one side of one card: Card indexes Document.Cards.
type Face struct {
	Card int
	Back bool
	// DeckBack draws the common back of the card's deck even when the
	// card has a back of its own: the image Tabletop Simulator shows
	// for a hidden card. It implies Back.
	DeckBack bool
}

// CardPDF draws one side of doc.Cards[card] alone on a page of the card's
// size plus opt.Bleed on every side, the trim opt.Bleed mm in from the
// page's top-left corner. Only opt.Bleed and opt.Epoch matter; paper,
// gutter and back offset are the sheet's.
func CardPDF(doc *Document, card int, back bool, opt Options) ([]byte, error) {
	return CardsPDF(doc, []Face{{Card: card, Back: back}}, opt)
}

// CardsPDF draws faces in order, one page each, as CardPDF draws one:
// one PDF for a whole deck embeds its fonts and pictures once.
func CardsPDF(doc *Document, faces []Face, opt Options) (out []byte, err error) {
	defer recoverTo(&err)
	if err := checkBleed(opt.Bleed); err != nil {
		return nil, err
	}
	if err := checkFaces(doc, faces); err != nil {
		return nil, err
	}
	pages := make([]facePage, len(faces))
	for i, f := range faces {
		s := doc.sizeOf(&doc.Cards[f.Card])
		b := opt.Bleed
		pages[i] = facePage{Face: f, w: s.Width + 2*b, h: s.Height + 2*b, x: b, y: b, bleed: b, cut: b}
	}
	return drawFaces(doc, pages, opt.Epoch)
}

// checkFaces refuses a face of no card, or of a card of a size that
// cannot be printed.
func checkFaces(doc *Document, faces []Face) error {
	if len(faces) == 0 {
		return fmt.Errorf("render: no card faces to draw")
	}
	for _, f := range faces {
		if f.Card < 0 || f.Card >= len(doc.Cards) {
			return fmt.Errorf("render: no card %d (the document has %d)", f.Card, len(doc.Cards))
		}
		c := &doc.Cards[f.Card]
		s := doc.sizeOf(c)
		if err := checkCard(s.Width, s.Height); err != nil {
			return fmt.Errorf("render: card %q: %s", c.ID, trimPrefix(err))
		}
	}
	return nil
}

// facePage is one face on a page of its own, w×h mm: the card's trim at
// x, y, its art drawn bleed mm beyond the trim, and the TrimBox cut mm in
// from every edge (the card's trim, or a print shop's).
type facePage struct {
	Face
	w, h, x, y, bleed, cut float64
}

// drawFaces draws each face on its page, by the calls PnP makes.
func drawFaces(doc *Document, pages []facePage, epoch int64) ([]byte, error) {
	r := &renderer{doc: doc, m: newMeasurerFor(doc)}
	r.m.art = r // image icons are placed like the rest of the art
	r.pdf = newPDF(paper{pages[0].w, pages[0].h}, epoch, doc.Title)
	for _, p := range pages {
		c := &doc.Cards[p.Card]
		// "P" keeps the size as given: fpdf swaps width and height only
		// for "L", so a landscape card gets a landscape page.
		r.pdf.AddPageFormat("P", fpdf.SizeType{Wd: p.w, Ht: p.h})
		setCardBoxes(r.pdf, p.w, p.h, p.cut)
		switch {
		case p.DeckBack:
			common := *c
			common.BackFields, common.BackRules = nil, nil
			r.back(&common, p.x, p.y, p.bleed)
		case p.Back:
			r.back(c, p.x, p.y, p.bleed)
		default:
			r.front(c, p.x, p.y, p.bleed)
		}
	}
	return r.output()
}

// trimPrefix is err's text without render's own "render: ", for an error
// that is wrapped in another render error.
func trimPrefix(err error) string {
	s := err.Error()
	const p = "render: "
	if len(s) >= len(p) && s[:len(p)] == p {
		return s[len(p):]
	}
	return s
}

// PnPSpot is where the print-and-play PDF prints one copy of a card face:
// its page (counted from 0), the trim's top-left corner in mm, and Cell,
// the part of the page the face may paint (X, Y, W, H in mm): its trim and
// the bleed that its neighbours and the paper's edge leave it. W and H
// are the trim as it lies on the page, and Turn the angle in degrees
// anticlockwise the face is drawn at (0, or ±90 for cards turned on their
// side to fit more a sheet). The PNG export is checked against the sheet
// within it.
type PnPSpot struct {
	Page int
	X, Y float64
	W, H float64
	Turn float64
	Cell [4]float64
}

// PnPSpots lists where PnP(doc, opt) prints each copy of one side of
// doc.Cards[card], from the same grouping, grids and slots PnP draws by.
func PnPSpots(doc *Document, card int, back bool, opt Options) ([]PnPSpot, error) {
	if card < 0 || card >= len(doc.Cards) {
		return nil, fmt.Errorf("render: no card %d (the document has %d)", card, len(doc.Cards))
	}
	p, err := paperSize(opt.Paper)
	if err != nil {
		return nil, err
	}
	if err := checkBleed(opt.Bleed); err != nil {
		return nil, err
	}
	gutter, err := gutterOf(opt)
	if err != nil {
		return nil, err
	}
	// Back pages are moved by the duplex correction, as pager does.
	dx, dy := 0.0, 0.0
	if back {
		dx, dy = opt.BackOffset[0], -opt.BackOffset[1]
	}
	var out []PnPSpot
	page := guidePages // the first card page, counted from 0
	for _, gr := range bySize(doc, copiesOf(doc.Cards)) {
		g, err := gridFor(p, gr.size.Width, gr.size.Height, opt.Bleed, gutter)
		if err != nil {
			return nil, err
		}
		for i, c := range gr.prints {
			if c != &doc.Cards[card] {
				continue
			}
			sheet, slot := i/g.perPage(), i%g.perPage()
			x, y := g.slot(slot, back)
			cl := g.cell(x, y)
			pg := page + 2*sheet
			if back {
				pg++
			}
			out = append(out, PnPSpot{Page: pg, X: x + dx, Y: y + dy, W: g.w, H: g.h, Turn: g.turn(back), Cell: [4]float64{cl.x + dx, cl.y + dy, cl.w, cl.h}})
		}
		page += 2 * ((len(gr.prints) + g.perPage() - 1) / g.perPage())
	}
	return out, nil
}
