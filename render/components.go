package render

import (
	"fmt"

	"cardpress/render/fonts"
)

const (
	pageMargin   = 12.0 // mm round component and reference pages
	componentGap = 8.0  // mm between two components
)

// components draws boards and token sheets on pages after the cards,
// packing them top to bottom and starting a new page when one is full.
func (r *renderer) components(p paper) {
	w, h := p.w-2*pageMargin, p.h-2*pageMargin
	var items []item
	for _, c := range r.doc.Components {
		var its []item
		switch c.Kind {
		case "board":
			its = r.boardItems(c, w, h)
		case "tokens":
			its = r.tokenItems(c, w)
		}
		if len(its) > 0 {
			its[len(its)-1].gapAfter = componentGap
			items = append(items, its...)
		}
	}
	spots, _ := place(items, h, 0)
	page := -1
	for i, it := range items {
		for page < spots[i].frame {
			r.pdf.AddPage()
			page++
		}
		it.draw(pageMargin, pageMargin+spots[i].y, w)
	}
}

// textItem is a paragraph set in width at one size, drawn in col.
func (r *renderer) textItem(ps []para, width, size float64, align string, col rgb, indent float64) item {
	b := r.m.set(ps, width, size)
	return item{h: b.height, draw: func(x, y, _ float64) {
		drawBlock(r.pdf, b, rect{x + indent, y, width, b.height}, align, col)
	}}
}

// boardItems lays out a board: its title, a panel with one row per entry
// (label, then Slots circles of SlotDiameter mm) and the note below. Slots
// shrink only if the board would not fit the page.
func (r *renderer) boardItems(c Component, w, h float64) []item {
	d := positive(c.SlotDiameter, 12)
	slots := 1
	for _, row := range c.Rows {
		slots = max(slots, row.Slots)
	}
	rows := float64(len(c.Rows))
	var labelSize, labelW, gap, pad, panelW, panelH float64
	measure := func() {
		labelSize = min(14, d*0.45/mmPerPt)
		labelW = 0
		for _, row := range c.Rows {
			labelW = max(labelW, r.m.width("B", labelSize, clean(row.Label)))
		}
		gap, pad = d*0.3, 5.0
		panelW = 2*pad + labelW + gap + float64(slots)*d + float64(slots-1)*gap
		panelH = 2*pad + rows*d + max(rows-1, 0)*gap
	}
	measure()
	if room := h - 40; panelW > w || panelH > room { // 40 mm: title and note
		d *= min(w/panelW, room/panelH)
		measure()
	}
	indent := (w - panelW) / 2
	var items []item
	if c.Title != "" {
		t := r.textItem(plain(c.Title, "B"), panelW, 14, "center", ink, indent)
		t.keep, t.gapAfter = true, 2
		items = append(items, t)
	}
	if len(c.Rows) > 0 {
		items = append(items, item{h: panelH, gapAfter: 3, keep: c.Note != "", draw: func(x, y, _ float64) {
			pdf := r.pdf
			x += indent
			fill(pdf, rgb{0xf4, 0xf2, 0xee})
			stroke(pdf, ink)
			pdf.SetLineWidth(0.5)
			pdf.RoundedRect(x, y, panelW, panelH, 3, "1234", "FD")
			cy := y + pad + d/2
			for i, row := range c.Rows {
				if i > 0 { // a hairline between rows
					stroke(pdf, paleGray.mix(ink, 0.2))
					pdf.SetLineWidth(0.2)
					pdf.Line(x+pad, cy-d/2-gap/2, x+panelW-pad, cy-d/2-gap/2)
				}
				label := clean(row.Label)
				pdf.SetFont(fonts.Family, "B", labelSize)
				textColor(pdf, ink)
				pdf.Text(x+pad+labelW-pdf.GetStringWidth(label), cy+capRatio*labelSize*mmPerPt/2, label)
				fill(pdf, white)
				stroke(pdf, ink)
				pdf.SetLineWidth(0.4)
				for s := range row.Slots {
					sx := x + pad + labelW + gap + d/2 + float64(s)*(d+gap)
					pdf.Circle(sx, cy, d/2, "FD")
				}
				cy += d + gap
			}
		}})
	}
	if c.Note != "" {
		items = append(items, r.textItem(plain(c.Note, "I"), panelW, 9, "center", ink.mix(white, 0.2), indent))
	}
	return items
}

// tokenItems lays out a sheet of Count round tokens: a heading, then rows
// of filled circles with their label, outlined as the cut line.
func (r *renderer) tokenItems(c Component, w float64) []item {
	if c.Count <= 0 {
		return nil
	}
	d := min(positive(c.Diameter, 15), w)
	const gap = 2.0
	cols := max(1, int((w+gap)/(d+gap)))
	// The title is printed as given (the pipeline words it); without one
	// the label and count say what the sheet is.
	title := c.Title
	if title == "" {
		title = fmt.Sprintf("%s ×%d", c.Label, c.Count)
	}
	head := r.textItem(plain(title, "B"), w, 11, "left", ink, 0)
	head.keep, head.gapAfter = true, 2
	items := []item{head}
	col := parseColor(c.Color, white)
	label := clean(c.Label)
	size := d * 0.32 / (capRatio * mmPerPt) // cap height about a third of the token
	if lw := r.m.width("B", size, label); lw > d*0.72 {
		size *= d * 0.72 / lw
	}
	lw := r.m.width("B", size, label)
	for left := c.Count; left > 0; left -= cols {
		n := min(left, cols)
		items = append(items, item{h: d, gapAfter: gap, draw: func(x, y, _ float64) {
			pdf := r.pdf
			fill(pdf, col)
			stroke(pdf, ink)
			pdf.SetLineWidth(0.3)
			pdf.SetFont(fonts.Family, "B", size)
			textColor(pdf, contrast(col))
			for i := range n {
				cx, cy := x+d/2+float64(i)*(d+gap), y+d/2
				pdf.Circle(cx, cy, d/2, "FD")
				if label != "" {
					pdf.Text(cx-lw/2, cy+capRatio*size*mmPerPt/2, label)
				}
			}
		}})
	}
	return items
}
