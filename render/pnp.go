package render

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cardpress/cardpress/gamedata"

	"codeberg.org/go-pdf/fpdf"
)

// PnP renders the print-and-play PDF, laid out so the whole file can go
// through one long-edge duplex run: odd pages are fronts, the even page
// after each is its back.
//
//   - Pages 1-2: how to print this file (made from the document, so its
//     page numbers are this file's) with the duplex check's front, and
//     the check's back.
//   - Card pages: a page of fronts, then the page of their backs, columns
//     mirrored. Cards of each size get pages of their own, in a grid for
//     that size. Text that does not fit is drawn at its minimum size;
//     CheckFit reports it.
//   - Two-sided token sheets, fronts and backs likewise.
//   - One-sided sheets (boards, tracks, one-sided tokens, then the box
//     list), packed onto as few sheets as hold them, each on a front page
//     with its back left blank: printing one on the back of another would
//     make cutting out one destroy the other.
//
// Every back page is moved by Options.BackOffset to cancel the printer's
// duplex offset.
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
	gutter, err := gutterOf(opt)
	if err != nil {
		return nil, err
	}
	if err := checkBackOffset(opt.BackOffset); err != nil {
		return nil, err
	}
	groups := bySize(doc, copiesOf(doc.Cards))
	grids := make([]grid, len(groups))
	for i, gr := range groups {
		// Every size is checked before drawing, so a bad one fails the
		// whole PDF in one line rather than leaving half of it.
		if grids[i], err = gridFor(p, gr.size.Width, gr.size.Height, bleed, gutter); err != nil {
			if c := gr.prints[0]; c.Size != (gamedata.Size{}) && gr.size != doc.Card { // a deck's own size: say which deck
				return nil, fmt.Errorf("render: deck %q: %s", c.Deck, strings.TrimPrefix(err.Error(), "render: "))
			}
			return nil, err
		}
	}
	if len(groups) == 0 {
		// No cards: the size is still checked, as it always was.
		if _, err := gridFor(p, doc.Card.Width, doc.Card.Height, bleed, gutter); err != nil {
			return nil, err
		}
	}
	r := &renderer{doc: doc, pdf: newPDF(p, opt.Epoch, doc.Title), m: newMeasurerFor(doc)}
	r.m.art = r // image icons are placed like the rest of the art
	twoSided, oneSided := splitSheets(doc.Components)
	plan := r.plan(p, opt, groups, grids, twoSided, oneSided)
	pg := &pager{pdf: r.pdf, p: p, dx: opt.BackOffset[0], dy: -opt.BackOffset[1]}
	pg.install()
	r.guide(plan)
	for i, gr := range groups {
		r.cardPages(grids[i], gr.prints)
	}
	r.sheets(p, twoSided, false)
	pg.oneSided = true
	r.sheets(p, oneSided, true)
	pg.finish()
	return r.output()
}

// cardPages prints cards of one size on g: a page of fronts, then the page
// of their backs, until all are printed.
func (r *renderer) cardPages(g grid, prints []*CardFace) {
	for start := 0; start < len(prints); start += g.perPage() {
		page := prints[start:min(start+g.perPage(), len(prints))]
		for _, back := range []bool{false, true} {
			r.pdf.AddPage()
			for i, c := range page {
				x, y := g.slot(i, back)
				r.card(g, c, x, y, back)
			}
			g.drawCropMarks(r.pdf, len(page), back)
		}
	}
}

// card draws one side of c at trim corner (x, y), its bleed kept to its
// cell of the grid: half-way across a gutter it shares with a neighbour,
// and clear of the paper's unprintable edge.
func (r *renderer) card(g grid, c *CardFace, x, y float64, back bool) {
	if g.bleed > 0 {
		cl := g.cell(x, y)
		r.pdf.ClipRect(cl.x, cl.y, cl.w, cl.h, false)
		defer r.pdf.ClipEnd()
	}
	x, y, end := g.place(r.pdf, x, y, back)
	defer end()
	if back {
		r.back(c, x, y, g.bleed)
	} else {
		r.front(c, x, y, g.bleed)
	}
}

// splitSheets parts the components into two-sided token sheets and the
// one-sided rest, each in document order.
func splitSheets(cs []Component) (twoSided, oneSided []Component) {
	for _, c := range cs {
		if c.TwoSided() {
			twoSided = append(twoSided, c)
		} else {
			oneSided = append(oneSided, c)
		}
	}
	return twoSided, oneSided
}

// sheets draws the given components as the component pages do, and with
// box the box list after them; it returns the one-sided pages, counted
// from the first, the last piece and the box list's start are on (-1 for
// none).
func (r *renderer) sheets(p paper, cs []Component, box bool) (lastPiece, boxPage int) {
	if len(cs) == 0 && (!box || len(r.doc.Box) == 0) {
		return -1, -1
	}
	full := r.doc
	d := *full
	d.Components = cs
	r.doc = &d
	defer func() { r.doc = full }()
	return r.components(p, box)
}

// pager keeps the duplex run in order as pages are added, whoever adds
// them: it shifts every back (even) page by the back offset and, while
// one-sided sheets are drawn, leaves each even page blank so every sheet
// starts on a front.
type pager struct {
	pdf      *fpdf.Fpdf
	p        paper
	dx, dy   float64 // the shift of back pages, in page coordinates
	oneSided bool
	shifted  bool // the current page's content is inside the shift
}

func (pg *pager) install() {
	pg.pdf.SetHeaderFunc(pg.header)
	pg.pdf.SetFooterFunc(pg.end)
}

// header runs as each page begins.
func (pg *pager) header() {
	if pg.pdf.PageNo()%2 == 1 {
		return
	}
	if pg.oneSided {
		// Ends this page, blank, and begins the next (odd) one, where
		// whatever asked for a page draws.
		pg.pdf.AddPage()
		return
	}
	if pg.dx != 0 || pg.dy != 0 {
		// The page's clear zone stays where the paper is: what the shift
		// carries into it is cut there, not printed (or lost) at the edge.
		pg.pdf.ClipRect(printEdge, printEdge, pg.p.w-2*printEdge, pg.p.h-2*printEdge, false)
		pg.pdf.TransformBegin()
		pg.pdf.TransformTranslate(pg.dx, pg.dy)
		pg.shifted = true
	}
}

// end closes the shift and its clip as a page ends.
func (pg *pager) end() {
	if pg.shifted {
		pg.pdf.TransformEnd()
		pg.pdf.ClipEnd()
		pg.shifted = false
	}
}

// finish closes the last page's shift before the PDF is written.
func (pg *pager) finish() {
	pg.end()
	pg.pdf.SetHeaderFunc(nil)
	pg.pdf.SetFooterFunc(nil)
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
