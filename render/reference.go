package render

import (
	"fmt"

	"github.com/cardpress/cardpress/fonts"
)

const (
	colGap      = 8.0  // mm between the reference sheet's two columns
	refMaxSize  = 12.0 // pt, body text when there is room
	refMinSize  = 6.0  // pt, the smallest body text before giving up
	headerSpace = 4.0  // mm between the header rule and the columns
)

// ReferencePDF renders the rule reference (named so beside the
// ReferenceSheet type it draws): page 1 is the one-page sheet
// in two columns, page 2 a card-sized player aid for each player, with
// crop marks. Text
// shrinks to stay on one page; it is an error if it cannot.
func ReferencePDF(doc *Document, opt Options) (out []byte, err error) {
	defer recoverTo(&err)
	p, err := paperSize(opt.Paper)
	if err != nil {
		return nil, err
	}
	if err := checkBleed(opt.Bleed); err != nil {
		return nil, err
	}
	r := &renderer{doc: doc, m: newMeasurerFor(doc)}
	r.m.art = r // image icons are placed like the rest of the art
	sheet, err := r.layoutSheet(p)
	if err != nil {
		return nil, err
	}
	aid, err := r.layoutAid()
	if err != nil {
		return nil, err
	}

	title := doc.Reference.Title
	if title == "" {
		title = doc.Title
	}
	r.pdf = newPDF(p, opt.Epoch, title)
	r.pdf.AddPage()
	sheet.draw()
	if aid != nil {
		if err := r.aidSheet(p, aid, opt.Bleed); err != nil {
			return nil, err
		}
	}
	return r.output()
}

// aidSheet draws page 2: a player aid for each player, up to a sheet
// (one when the game names no player count), laid out and cut like cards.
func (r *renderer) aidSheet(p paper, aid *aidLayout, bleed float64) error {
	w, h := r.doc.Card.Width, r.doc.Card.Height
	g, err := newGrid(p, w, h, bleed)
	if err != nil {
		return fmt.Errorf("render: the %gx%g mm player aid does not fit on the page", w, h)
	}
	r.pdf.AddPage()
	aids := min(max(r.doc.Players, 1), g.perPage())
	for i := range aids {
		x, y := g.slot(i, false)
		func() {
			if bleed > 0 {
				cl := g.cell(x, y)
				r.pdf.ClipRect(cl.x, cl.y, cl.w, cl.h, false)
				defer r.pdf.ClipEnd()
			}
			x, y, end := g.place(r.pdf, x, y, false)
			defer end()
			aid.draw(x, y, bleed)
		}()
	}
	g.drawCropMarks(r.pdf, aids, false)
	return nil
}

// sheetLayout is the reference sheet fitted to a page at one text size.
type sheetLayout struct{ draw func() }

// layoutSheet tries body sizes from refMaxSize down to refMinSize and keeps
// the first at which header and two columns fit on the page.
func (r *renderer) layoutSheet(p paper) (*sheetLayout, error) {
	ref := &r.doc.Reference
	w := p.w - 2*pageMargin
	colW := (w - colGap) / 2
	for _, base := range sizes(refMaxSize, refMinSize) {
		head := r.m.set(plain(ref.Title, "B"), w, base*1.9)
		sub := r.m.set(plain(ref.Subtitle, "I"), w, base*1.1)
		headH := head.height + sub.height + 2
		colH := p.h - 2*pageMargin - headH - headerSpace
		// Prefer whole sections per column; split between items only when
		// that is what it takes to keep this size.
		items := r.sheetItems(base, colW, true)
		if _, ok := place(items, colH, 2); !ok {
			items = r.sheetItems(base, colW, false)
			if _, ok := place(items, colH, 2); !ok {
				continue
			}
		}
		spots := balance(items, colH)
		return &sheetLayout{draw: func() {
			pdf := r.pdf
			y := pageMargin
			drawBlock(pdf, head, rect{pageMargin, y, w, head.height}, "center", ink)
			y += head.height
			drawBlock(pdf, sub, rect{pageMargin, y, w, sub.height}, "center", ink.mix(white, 0.25))
			y += sub.height + 2
			stroke(pdf, ink)
			pdf.SetLineWidth(0.4)
			pdf.Line(pageMargin, y, pageMargin+w, y)
			top := y + headerSpace
			for i, it := range items {
				x := pageMargin + float64(spots[i].frame)*(colW+colGap)
				it.draw(x, top+spots[i].y, colW)
			}
		}}, nil
	}
	return nil, fmt.Errorf("render: the reference sheet does not fit on one %gx%g mm page even at %g pt", p.w, p.h, refMinSize)
}

// balance finds the shortest column height that still holds everything in
// two columns, so the second column is not left nearly empty.
func balance(items []item, colH float64) []spot {
	lo, hi := 0.0, colH
	for range 40 {
		mid := (lo + hi) / 2
		if _, ok := place(items, mid, 2); ok {
			hi = mid
		} else {
			lo = mid
		}
	}
	spots, _ := place(items, hi, 2)
	return spots
}

// sheetItems flows the sections: heading (kept with what follows), bullet
// items, phases as badge + name + doc (kept together), and a board
// diagram. With whole set, each section stays in one column.
func (r *renderer) sheetItems(base, colW float64, whole bool) []item {
	bodyGap := base * mmPerPt * 0.35
	var items []item
	for _, s := range r.doc.Reference.Sections {
		start := len(items)
		if s.Heading != "" {
			h := r.m.set(plain(s.Heading, "B"), colW, base*1.2)
			items = append(items, item{h: h.height + 1, gapAfter: 1, keep: true, draw: func(x, y, w float64) {
				drawBlock(r.pdf, h, rect{x, y, w, h.height}, "left", ink)
				stroke(r.pdf, ink.mix(white, 0.6))
				r.pdf.SetLineWidth(0.25)
				r.pdf.Line(x, y+h.height+0.5, x+w, y+h.height+0.5)
			}})
		}
		for _, it := range s.Items {
			t := r.textItem([]para{{runs: []run{{"", clean(it)}}, bullet: true}}, colW, base, "left", ink, 0)
			t.gapAfter = bodyGap
			items = append(items, t)
		}
		for _, ph := range s.Phases {
			runs := []run{{"B", clean(ph.Name)}}
			if ph.Doc != "" {
				runs = append(runs, run{"", " — " + clean(ph.Doc)})
			}
			t := r.textItem([]para{{runs: runs, badge: clean(ph.ID)}}, colW, base, "left", ink, 0)
			t.gapAfter, t.keep = bodyGap, true
			items = append(items, t)
		}
		if len(s.Board) > 0 {
			items = append(items, r.miniBoard(s.Board, base, colW))
		}
		if whole {
			for i := start; i < len(items); i++ {
				items[i].keep = true
			}
		}
		if len(items) > start {
			items[len(items)-1].gapAfter = base * mmPerPt * 1.2
			items[len(items)-1].keep = false
		}
	}
	return items
}

// miniBoard is a small diagram of board rows: label, then a circle per slot.
func (r *renderer) miniBoard(rows []BoardRow, base, colW float64) item {
	const pad = 1.5
	d := base * mmPerPt * lineFactor * 0.9
	slots, labelW := 1, 0.0
	for _, row := range rows {
		slots = max(slots, row.Slots)
		labelW = max(labelW, r.m.labelWidth("B", base, row.Label))
	}
	width := func() float64 { return 2*pad + labelW + d*0.4 + float64(slots)*d*1.3 }
	if wd := width(); wd > colW {
		d *= (colW - 2*pad - labelW) / (wd - 2*pad - labelW)
	}
	pitch := d * 1.3
	h := 2*pad + float64(len(rows))*pitch - (pitch - d)
	return item{h: h, draw: func(x, y, _ float64) {
		pdf := r.pdf
		fill(pdf, rgb{0xf4, 0xf2, 0xee})
		stroke(pdf, ink.mix(white, 0.5))
		pdf.SetLineWidth(0.25)
		pdf.RoundedRect(x, y, width(), h, 1.5, "1234", "FD")
		pdf.SetFont(fonts.Family, "B", base)
		cy := y + pad + d/2
		for _, row := range rows {
			r.m.drawLabel(pdf, "B", base, x+pad+labelW-r.m.labelWidth("B", base, row.Label), cy+capRatio*base*mmPerPt/2, row.Label, ink)
			fill(pdf, white)
			stroke(pdf, ink)
			for s := range row.Slots {
				pdf.Circle(x+pad+labelW+d*0.4+d/2+float64(s)*pitch, cy, d/2, "FD")
			}
			cy += pitch
		}
	}}
}
