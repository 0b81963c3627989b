package render

import (
	"fmt"
	"slices"
	"strings"

	"cardpress/gamedata"
)

// PnP renders the print-and-play PDF: pages of card fronts, each followed by
// its mirrored back page for long-edge duplex, then the boards and token
// sheets. Cards of each size get pages of their own, in a grid for that
// size. Text that does not fit is drawn at its minimum size; CheckFit
// reports it.
func PnP(doc *Document, opt Options) (out []byte, err error) {
	defer recoverTo(&err)
	p, err := paperSize(opt.Paper)
	if err != nil {
		return nil, err
	}
	bleed := opt.Bleed
	if err := checkBleed(bleed); err != nil {
		return nil, err
	}
	groups := bySize(doc, copiesOf(doc.Cards))
	grids := make([]grid, len(groups))
	for i, gr := range groups {
		// Every size is checked before drawing, so a bad one fails the
		// whole PDF in one line rather than leaving half of it.
		if grids[i], err = newGrid(p, gr.size.Width, gr.size.Height, bleed); err != nil {
			if c := gr.prints[0]; c.Size != (gamedata.Size{}) && gr.size != doc.Card { // a deck's own size: say which deck
				return nil, fmt.Errorf("render: deck %q: %s", c.Deck, strings.TrimPrefix(err.Error(), "render: "))
			}
			return nil, err
		}
	}
	if len(groups) == 0 {
		// No cards: the size is still checked, as it always was.
		if _, err := newGrid(p, doc.Card.Width, doc.Card.Height, bleed); err != nil {
			return nil, err
		}
	}
	r := &renderer{doc: doc, pdf: newPDF(p, opt.Epoch, doc.Title), m: newMeasurer()}
	for i, gr := range groups {
		r.cardPages(grids[i], gr.prints, bleed)
	}
	r.components(p)
	r.box(p)
	if r.pdf.PageNo() == 0 {
		r.pdf.AddPage() // a PDF needs at least one page
	}
	return output(r.pdf)
}

// cardPages prints cards of one size on g: a page of fronts, then the page
// of their backs, until all are printed.
func (r *renderer) cardPages(g grid, prints []*CardFace, bleed float64) {
	for start := 0; start < len(prints); start += g.perPage() {
		page := prints[start:min(start+g.perPage(), len(prints))]
		r.pdf.AddPage()
		for i, c := range page {
			x, y := g.slot(i, false)
			r.front(c, x, y, bleed)
		}
		g.drawCropMarks(r.pdf)
		r.pdf.AddPage()
		for i, c := range page {
			x, y := g.slot(i, true)
			r.back(c, x, y, bleed)
		}
		g.drawCropMarks(r.pdf)
	}
}

// sizeGroup is the prints of one card size, in document order.
type sizeGroup struct {
	size   gamedata.Size
	prints []*CardFace
}

// bySize splits prints by card size, sizes in the order they first occur;
// one size gives one group, the pages of a single-size game.
func bySize(doc *Document, prints []*CardFace) []sizeGroup {
	var groups []sizeGroup
	for _, c := range prints {
		s := doc.sizeOf(c)
		i := slices.IndexFunc(groups, func(g sizeGroup) bool { return g.size == s })
		if i < 0 {
			i = len(groups)
			groups = append(groups, sizeGroup{size: s})
		}
		groups[i].prints = append(groups[i].prints, c)
	}
	return groups
}

// copiesOf lists each card once per printed copy, in document order. A card
// without a count is printed once.
func copiesOf(cards []CardFace) []*CardFace {
	var out []*CardFace
	for i := range cards {
		for range max(cards[i].Copies, 1) {
			out = append(out, &cards[i])
		}
	}
	return out
}
