package render

import (
	"fmt"

	"cardpress/render/fonts"
)

const (
	pageMargin   = 12.0 // mm round component and reference pages
	componentGap = 8.0  // mm between two components
	minPiece     = 1.0  // mm, the smallest token, slot or track space drawn
)

// components draws boards, token sheets and track strips on pages after
// the cards. Two-sided token sheets come first: each page of fronts is
// followed by its page of backs, mirrored for long-edge duplex like card
// backs. The rest is packed top to bottom, a new page when one is full.
func (r *renderer) components(p paper) {
	w, h := p.w-2*pageMargin, p.h-2*pageMargin
	var fronts, backs, items []item
	for _, c := range r.doc.Components {
		if c.TwoSided() {
			f, b := r.tokenItems(c, w, false), r.tokenItems(c, w, true)
			if len(f) > 0 {
				f[len(f)-1].gapAfter, b[len(b)-1].gapAfter = componentGap, componentGap
				fronts, backs = append(fronts, f...), append(backs, b...)
			}
			continue
		}
		var its []item
		switch c.Kind {
		case "board":
			its = r.boardItems(c, w, h)
		case "tokens":
			its = r.tokenItems(c, w, false)
		case "track":
			its = r.trackItems(c, w)
		}
		if len(its) > 0 {
			its[len(its)-1].gapAfter = componentGap
			items = append(items, its...)
		}
	}
	if len(fronts) > 0 {
		if r.pdf.PageNo()%2 == 1 { // keep each front on an odd page, its back on the reverse
			r.pdf.AddPage()
		}
		spots, _ := place(fronts, h, 0)
		for frame := 0; frame <= spots[len(spots)-1].frame; frame++ {
			for _, side := range [][]item{fronts, backs} {
				r.pdf.AddPage()
				for i, it := range side {
					if spots[i].frame == frame {
						it.draw(pageMargin, pageMargin+spots[i].y, w)
					}
				}
			}
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
	d := max(positive(c.SlotDiameter, 12), minPiece)
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

const (
	tokenGap   = 2.0 // mm between two tokens
	tokenBleed = 0.8 // mm a token back's fill reaches past its cut line
)

// tokenItems lays out a sheet of round tokens: a heading, then rows of
// filled circles with their label, outlined as the cut line. Without faces
// there are Count tokens of Label; with faces each face's Count tokens, in
// face order. back draws the sheet of backs instead: every token at its
// front's mirrored position (the frame is centred on the page, so this is
// long-edge duplex), filled a little past the cut line and not outlined,
// so a slightly shifted duplex print leaves no white edge.
func (r *renderer) tokenItems(c Component, w float64, back bool) []item {
	faces := c.Faces
	if len(faces) == 0 {
		faces = []TokenFace{{Label: c.Label, Count: c.Count}}
	}
	var tokens []TokenFace
	labels := []string{}
	for _, f := range faces {
		if f.Color == "" {
			f.Color = c.Color
		}
		if f.BackColor == "" {
			f.BackColor = f.Color
		}
		for range max(f.Count, 0) {
			tokens = append(tokens, f)
		}
		labels = append(labels, clean(f.Label), clean(f.Back))
	}
	if len(tokens) == 0 {
		return nil
	}
	d := min(max(positive(c.Diameter, 15), minPiece), w)
	const gap = tokenGap
	cols := max(1, int((w+gap)/(d+gap)))
	// The title is printed as given (the pipeline words it); without one
	// the label and count say what the sheet is.
	title := c.Title
	if title == "" {
		title = fmt.Sprintf("%s ×%d", c.Label, len(tokens))
		if len(c.Faces) > 0 {
			title = fmt.Sprintf("Tokens ×%d", len(tokens))
		}
	}
	// The backs say so when that keeps the heading on one line: the
	// backs are drawn where the fronts were placed, so both headings
	// must be the same height.
	if back && r.m.width("B", 11, clean(title+" (backs)")) <= w {
		title += " (backs)"
	}
	head := r.textItem(plain(title, "B"), w, 11, "left", ink, 0)
	head.keep, head.gapAfter = true, 2
	items := []item{head}
	// One text size for the whole sheet: cap height about a third of the
	// token, smaller if the widest label would not fit.
	size := d * 0.32 / (capRatio * mmPerPt)
	for _, l := range labels {
		if lw := r.m.width("B", size, l); lw > d*0.72 {
			size *= d * 0.72 / lw
		}
	}
	for start := 0; start < len(tokens); start += cols {
		row := tokens[start:min(start+cols, len(tokens))]
		items = append(items, item{h: d, gapAfter: gap, draw: func(x, y, w float64) {
			pdf := r.pdf
			pdf.SetFont(fonts.Family, "B", size)
			for i, t := range row {
				cx, cy := x+d/2+float64(i)*(d+gap), y+d/2
				col, label := parseColor(t.Color, white), clean(t.Label)
				if back {
					cx = 2*x + w - cx
					col, label = parseColor(t.BackColor, white), clean(t.Back)
					fill(pdf, col)
					pdf.Circle(cx, cy, d/2+tokenBleed, "F")
				} else {
					fill(pdf, col)
					stroke(pdf, ink)
					pdf.SetLineWidth(0.3)
					pdf.Circle(cx, cy, d/2, "FD")
				}
				if label != "" {
					textColor(pdf, contrast(col))
					pdf.Text(cx-r.m.width("B", size, label)/2, cy+capRatio*size*mmPerPt/2, label)
				}
			}
		}})
	}
	return items
}

// trackItems lays out Count copies of a track: strips of numbered spaces,
// each outlined as its cut line. A track longer than the page is split
// into pieces of about equal length, each marked "1/2", "2/2"… and kept
// on one page; Label starts every piece.
func (r *renderer) trackItems(c Component, w float64) []item {
	if c.Spaces <= 0 {
		return nil
	}
	s := min(max(positive(c.SpaceSize, 15), minPiece), w/2)
	labelSize := min(11, s*0.3/mmPerPt)
	label := clean(c.Label)
	labelW := 0.0
	if label != "" {
		labelW = r.m.width("B", labelSize, label+" 00/00") + 4
	}
	if labelW > w/2 { // a long label takes at most half the strip
		labelSize *= w / 2 / labelW
		labelW = w / 2
	}
	per := max(1, int((w-labelW)/s))
	pieces := (c.Spaces + per - 1) / per
	per = (c.Spaces + pieces - 1) / pieces // even the pieces out
	if pieces > 1 && label == "" {
		labelW = r.m.width("B", labelSize, "00/00") + 4
	}
	numSize := s * 0.36 / (capRatio * mmPerPt)
	valSize := numSize * 0.5
	col := parseColor(c.Color, white)
	var items []item
	if c.Title != "" {
		t := r.textItem(plain(c.Title, "B"), w, 11, "left", ink, 0)
		t.keep, t.gapAfter = true, 2
		items = append(items, t)
	}
	for range max(c.Count, 1) {
		for p := range pieces {
			first, last := p*per, min((p+1)*per, c.Spaces)
			tag := label
			if pieces > 1 {
				tag = fmt.Sprintf("%s %d/%d", label, p+1, pieces)
			}
			tag = clean(tag)
			// A copy's pieces stay on one page.
			items = append(items, item{h: s, gapAfter: 3, keep: p < pieces-1, draw: func(x, y, _ float64) {
				pdf := r.pdf
				n := float64(last - first)
				if labelW > 0 {
					fill(pdf, paleGray)
					pdf.Rect(x, y, labelW, s, "F")
					pdf.SetFont(fonts.Family, "B", labelSize)
					textColor(pdf, ink)
					pdf.Text(x+2, y+s/2+capRatio*labelSize*mmPerPt/2, tag)
				}
				fill(pdf, col)
				stroke(pdf, ink)
				pdf.SetLineWidth(0.25)
				textColor(pdf, contrast(col))
				for i := first; i < last; i++ {
					bx := x + labelW + float64(i-first)*s
					pdf.Rect(bx, y, s, s, "FD")
					num := fmt.Sprint(c.Start + i)
					ny := y + s/2 + capRatio*numSize*mmPerPt/2
					var val string
					if i < len(c.Values) {
						val = clean(c.Values[i])
					}
					if val != "" {
						ny = y + s*0.45
					}
					pdf.SetFont(fonts.Family, "B", numSize)
					pdf.Text(bx+(s-r.m.width("B", numSize, num))/2, ny, num)
					if val != "" {
						vs := valSize
						if vw := r.m.width("", vs, val); vw > s*0.9 {
							vs *= s * 0.9 / vw
						}
						pdf.SetFont(fonts.Family, "", vs)
						pdf.Text(bx+(s-r.m.width("", vs, val))/2, y+s*0.82, val)
					}
				}
				// The cut line round the whole strip.
				stroke(pdf, ink)
				pdf.SetLineWidth(0.5)
				pdf.Rect(x, y, labelW+n*s, s, "D")
			}})
		}
	}
	return items
}
