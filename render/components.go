package render

import (
	"fmt"
	"math"
	"strings"

	"github.com/cardpress/cardpress/fonts"
	"github.com/cardpress/cardpress/gamedata"

	"codeberg.org/go-pdf/fpdf"
)

const (
	pageMargin   = 12.0 // mm round component and reference pages
	componentGap = 8.0  // mm between two components
	minPiece     = 1.0  // mm, the smallest token, slot or track space drawn
)

// components draws boards, token sheets and track strips on pages after
// the cards. Two-sided token sheets come first: each page of fronts is
// followed by its page of backs, mirrored for long-edge duplex like card
// backs. The rest is packed top to bottom, a new page when one is full,
// and with box the box list after them, sharing their last page when it
// has room. It returns the pages, counted from the first one-sided one,
// the last piece and the box list's start are on (-1 for none).
func (r *renderer) components(p paper, box bool) (lastPiece, boxPage int) {
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
			its = r.trackItems(c, w, h)
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
		sizeLabels(fronts, spots)
		sizeLabels(backs, spots)
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
	firstBox := len(items)
	if box {
		items = append(items, r.boxItems(h)...)
	}
	spots, _ := place(items, h, 0)
	sizeLabels(items, spots)
	page := -1
	for i, it := range items {
		for page < spots[i].frame {
			r.pdf.AddPage()
			page++
		}
		it.draw(pageMargin, pageMargin+spots[i].y, w)
	}
	lastPiece, boxPage = -1, -1
	if firstBox > 0 {
		lastPiece = spots[firstBox-1].frame
	}
	if firstBox < len(items) {
		boxPage = spots[firstBox].frame
	}
	return lastPiece, boxPage
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
			labelW = max(labelW, r.m.labelWidth("B", labelSize, clean(row.Label)))
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
				r.m.drawLabel(pdf, "B", labelSize, x+pad+labelW-r.m.labelWidth("B", labelSize, label), cy+capRatio*labelSize*mmPerPt/2, label, ink)
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
	// tokenSafe is how far inside a token's cut line its label stays, so
	// a cut a little off never touches the text.
	tokenSafe = 1.5
)

// token is one token to print: its face and, on a per-player sheet, the
// player colour it is printed in.
type token struct {
	TokenFace
	player *gamedata.PlayerColor
}

// tokenItems lays out a sheet of round tokens: a heading, then rows of
// filled circles with their label, outlined as the cut line. Without faces
// there are Count tokens of Label; with faces each face's Count tokens, in
// face order. With Players that is one set, printed once per player
// colour (see playerToken). back draws the sheet of backs instead: every
// token at its front's mirrored position (the frame is centred on the
// page, so this is long-edge duplex), filled a little past the cut line
// and not outlined, so a slightly shifted duplex print leaves no white edge.
func (r *renderer) tokenItems(c Component, w float64, back bool) []item {
	set, labels := tokenSet(c)
	if len(set) == 0 {
		return nil
	}
	d := tokenDiameter(c, w)
	rows, n := tokenRows(c, set, d, w)
	items := []item{r.tokenHeading(c, n, w, back)}
	var mark tokenMark
	fit := 0.0
	if len(c.Players) > 0 {
		mark = r.playerMark(c.Players, labels, d)
	} else {
		fit = r.tokenLabelFit(d, labels)
	}
	for _, row := range rows {
		slot := &labelSlot{fit: fit, size: fit}
		if len(c.Players) > 0 {
			slot = nil
		}
		items = append(items, item{h: d, gapAfter: tokenGap, label: slot, draw: func(x, y, w float64) {
			mark := mark
			if slot != nil {
				mark.size = slot.size
				r.pdf.SetFont(fonts.Family, "B", mark.size)
			}
			for _, p := range row {
				cx := x + p.x
				if back {
					cx = 2*x + w - cx
				}
				r.drawTokenAt(p.token, cx, y+d/2, d, mark, back)
			}
		}})
	}
	return items
}

// tokenSet is one set of c's tokens, a face per token with its colours
// taken from the sheet where it has none, and the labels of every front
// and back.
func tokenSet(c Component) (set []TokenFace, labels []string) {
	labels = []string{}
	for _, f := range tokenFaces(c) {
		if f.Color == "" {
			f.Color = c.Color
		}
		if f.BackColor == "" {
			f.BackColor = f.Color
		}
		for range max(f.Count, 0) {
			set = append(set, f)
		}
		labels = append(labels, clean(f.Label), clean(f.Back))
	}
	return set, labels
}

// tokenRows places the tokens of set, d mm across, in rows as wide as w:
// the set once, or once per player colour (groupRows); n is how many
// tokens that makes.
func tokenRows(c Component, set []TokenFace, d, w float64) (rows [][]placed, n int) {
	var tokens []token
	if len(c.Players) > 0 {
		for i := range c.Players {
			for _, f := range set {
				tokens = append(tokens, token{f, &c.Players[i]})
			}
		}
		return groupRows(tokens, len(set), d, w), len(tokens)
	}
	for _, f := range set {
		tokens = append(tokens, token{TokenFace: f})
	}
	cols := max(1, int((w+tokenGap)/(d+tokenGap)))
	for start := 0; start < len(tokens); start += cols {
		var row []placed
		for i, t := range tokens[start:min(start+cols, len(tokens))] {
			row = append(row, placed{t, d/2 + float64(i)*(d+tokenGap)})
		}
		rows = append(rows, row)
	}
	return rows, len(tokens)
}

// tokenHeading is the heading of a sheet of n tokens. The title is
// printed as given (the pipeline words it); without one the label and
// count say what the sheet is.
func (r *renderer) tokenHeading(c Component, n int, w float64, back bool) item {
	title := c.Title
	if title == "" {
		title = fmt.Sprintf("%s ×%d", c.Label, n)
		if len(c.Faces) > 0 {
			title = fmt.Sprintf("Tokens ×%d", n)
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
	return head
}

// drawTokenAt draws token t centred at (cx, cy), d mm across: its front,
// outlined as the cut line, or its back, filled a little past the cut
// line and not outlined; then its label, or its player's mark.
func (r *renderer) drawTokenAt(t token, cx, cy, d float64, mark tokenMark, back bool) {
	pdf := r.pdf
	col, label := parseColor(t.Color, white), clean(t.Label)
	if t.player != nil {
		col = parseColor(t.player.Color, white)
	}
	if back {
		label = clean(t.Back)
		if t.player == nil {
			col = parseColor(t.BackColor, white)
		}
		fill(pdf, col)
		pdf.Circle(cx, cy, d/2+tokenBleed, "F")
	} else {
		fill(pdf, col)
		stroke(pdf, ink)
		pdf.SetLineWidth(0.3)
		pdf.Circle(cx, cy, d/2, "FD")
	}
	if t.player != nil {
		r.playerToken(mark, t.player, label, cx, cy, d, col)
		return
	}
	if label != "" {
		r.m.drawLabel(pdf, "B", mark.size, cx-r.m.labelWidth("B", mark.size, label)/2, cy+capRatio*mark.size*mmPerPt/2, label, contrast(col))
	}
}

// tokenFaces is the faces of token sheet c, a sheet without faces as one.
func tokenFaces(c Component) []TokenFace {
	if len(c.Faces) == 0 {
		return []TokenFace{{Label: c.Label, Count: c.Count}}
	}
	return c.Faces
}

// tokenDiameter is the diameter, in mm, c's tokens are printed at.
func tokenDiameter(c Component, w float64) float64 {
	return min(max(positive(c.Diameter, 15), minPiece), w)
}

// labelSlot is the text size, in pt, of a row of token labels: fit, the
// largest its own tokens allow, and size, the one it is printed at.
type labelSlot struct{ fit, size float64 }

// tokenLabelFit is the largest text size, in pt, for labels on tokens of
// d mm: a cap height of about a third of the token, and no larger than
// lets every label sit within the token's safe area, a circle tokenSafe
// inside the cut line.
func (r *renderer) tokenLabelFit(d float64, labels []string) float64 {
	s := d * 0.32 / (capRatio * mmPerPt)
	safe := max(d/2-tokenSafe, d/4) // a tiny token keeps some room
	for _, l := range labels {
		// The label's box, width × cap height, within the circle.
		lw, ch := r.m.labelWidth("B", s, l), capRatio*s*mmPerPt
		if half := math.Hypot(lw/2, ch/2); half > safe {
			s *= safe / half
		}
	}
	return s
}

// sizeLabels gives every row of token labels on a page the one size all
// of them fit (per-player tokens aside, whose marks playerMark sizes), so
// the pieces of a sheet read alike, whatever their size; spots are where
// place put items.
func sizeLabels(items []item, spots []spot) {
	size := map[int]float64{}
	for i, it := range items {
		if it.label != nil {
			if s, ok := size[spots[i].frame]; !ok || it.label.fit < s {
				size[spots[i].frame] = it.label.fit
			}
		}
	}
	for i, it := range items {
		if it.label != nil {
			it.label.size = size[spots[i].frame]
		}
	}
}

// placed is a token in a row, x its centre from the row's left edge.
type placed struct {
	token
	x float64
}

// groupRows lays out per-player sets of n tokens each: a set stays in one
// row when it fits one, with a wider gap between two sets, so each
// player's pieces are cut out together; a set longer than a row starts a
// row of its own.
func groupRows(tokens []token, n int, d, w float64) [][]placed {
	const gap, setGap = tokenGap, 3 * tokenGap
	setW := float64(n)*d + float64(n-1)*gap
	var rows [][]placed
	var row []placed
	x := 0.0 // where the next set starts in row
	for start := 0; start < len(tokens); start += n {
		if len(row) > 0 && x+setW > w {
			rows, row, x = append(rows, row), nil, 0
		}
		for _, t := range tokens[start:min(start+n, len(tokens))] {
			if len(row) > 0 && x+d > w {
				rows, row, x = append(rows, row), nil, 0
			}
			row = append(row, placed{t, x + d/2})
			x += d + gap
		}
		x += setGap - gap
		if setW > w && len(row) > 0 { // a long set ends its last row
			rows, row, x = append(rows, row), nil, 0
		}
	}
	if len(row) > 0 {
		rows = append(rows, row)
	}
	return rows
}

// tokenMark is the text sizes of a sheet's tokens, the same on all.
type tokenMark struct {
	size     float64 // pt, the label (on a per-player token, above its shape)
	nameSize float64 // pt, the colour name of a per-player token
}

// playerMark sizes the marks of per-player tokens of d mm: the colour's
// name under a shape, and any label above the shape, each fitted to the
// width of the token where it sits. Names are in title case: narrower
// than capitals, so they stay legible on small markers.
func (r *renderer) playerMark(players []gamedata.PlayerColor, labels []string, d float64) tokenMark {
	capped := d * 0.13 / (capRatio * mmPerPt)
	m := tokenMark{size: capped, nameSize: capped}
	for i := range players {
		if nw := r.m.width("B", m.nameSize, clean(players[i].Name)); nw > d*0.74 {
			m.nameSize *= d * 0.74 / nw
		}
	}
	for _, l := range labels {
		if lw := r.m.labelWidth("B", m.size, l); lw > d*0.7 {
			m.size *= d * 0.7 / lw
		}
	}
	return m
}

// playerToken marks a per-player token centred at cx, cy on its fill col:
// the colour's shape above the centre and its name just below, so the
// sets tell apart without colour; a label, if any, goes on top and the
// shape shrinks to make room.
func (r *renderer) playerToken(m tokenMark, p *gamedata.PlayerColor, label string, cx, cy, d float64, col rgb) {
	pdf := r.pdf
	on := contrast(col)
	textColor(pdf, on)
	name := clean(p.Name)
	pdf.SetFont(fonts.Family, "B", m.nameSize)
	pdf.Text(cx-r.m.width("B", m.nameSize, name)/2, cy+d*0.06+capRatio*m.nameSize*mmPerPt, name)
	shape, sy := d*0.32, cy-d*0.17
	if label != "" {
		shape, sy = d*0.18, cy-d*0.05
		pdf.SetFont(fonts.Family, "B", m.size)
		r.m.drawLabel(pdf, "B", m.size, cx-r.m.labelWidth("B", m.size, label)/2, cy-d*0.19, label, on)
	}
	fill(pdf, on)
	drawShape(pdf, p.Shape, cx, sy, shape)
}

// drawShape fills shape s centred at cx, cy within a square of side size.
// The shapes are told apart by outline alone, and each is drawn about as
// heavy as the others. An unknown shape draws nothing.
func drawShape(pdf *fpdf.Fpdf, s string, cx, cy, size float64) {
	h := size / 2
	poly := func(pts ...float64) {
		ps := make([]fpdf.PointType, 0, len(pts)/2)
		for i := 0; i+1 < len(pts); i += 2 {
			ps = append(ps, fpdf.PointType{X: cx + pts[i]*h, Y: cy + pts[i+1]*h})
		}
		pdf.Polygon(ps, "F")
	}
	// star is a regular polygon of n points alternating between radius
	// 1 and inner (inner 1: a plain polygon), first point straight up.
	star := func(n int, inner, turn float64) {
		var pts []float64
		for i := range 2 * n {
			rad := 1.0
			if i%2 == 1 {
				rad = inner
			}
			a := turn + float64(i)*math.Pi/float64(n)
			pts = append(pts, rad*math.Sin(a), -rad*math.Cos(a))
		}
		poly(pts...)
	}
	switch s {
	case "square":
		poly(-0.8, -0.8, 0.8, -0.8, 0.8, 0.8, -0.8, 0.8)
	case "triangle": // centred on its box, not its centroid, so it sits level with the rest
		poly(0, -1, 1, 0.8, -1, 0.8)
	case "diamond":
		poly(0, -1, 0.85, 0, 0, 1, -0.85, 0)
	case "star":
		star(5, 0.45, 0)
	case "cross":
		const a, b = 0.32, 0.95
		poly(-a, -b, a, -b, a, -a, b, -a, b, a, a, a, a, b, -a, b, -a, a, -b, a, -b, -a, -a, -a)
	case "hexagon":
		star(3, 1, math.Pi/6)
	case "circle":
		pdf.Circle(cx, cy, h*0.9, "F")
	case "heart":
		pdf.MoveTo(cx, cy+h*0.95)
		pdf.CurveBezierCubicTo(cx-h*0.4, cy+h*0.55, cx-h*1.05, cy+h*0.1, cx-h*0.95, cy-h*0.4)
		pdf.CurveBezierCubicTo(cx-h*0.85, cy-h*1.0, cx-h*0.1, cy-h*1.05, cx, cy-h*0.45)
		pdf.CurveBezierCubicTo(cx+h*0.1, cy-h*1.05, cx+h*0.85, cy-h*1.0, cx+h*0.95, cy-h*0.4)
		pdf.CurveBezierCubicTo(cx+h*1.05, cy+h*0.1, cx+h*0.4, cy+h*0.55, cx, cy+h*0.95)
		pdf.ClosePath()
		pdf.DrawPath("F")
	}
}

// trackItems lays out Count copies of a track: numbered spaces, each
// outlined as its cut line, with the copy's label in a box at the start.
// A track longer than the page's width is folded into rows under each
// other, read left to right like text, and cut out as one piece; only a
// copy taller than the page is cut into pieces, marked "1/2", "2/2"… and
// each kept on one page.
func (r *renderer) trackItems(c Component, w, h float64) []item {
	if c.Spaces <= 0 {
		return nil
	}
	s := min(max(positive(c.SpaceSize, 15), minPiece), w/2)
	labelSize := min(11, s*0.3/mmPerPt)
	copies := max(c.Count, 1)
	labelOf := func(k int) string {
		if k < len(c.Labels) && c.Labels[k] != "" {
			return clean(c.Labels[k])
		}
		return clean(c.Label)
	}
	widest := "" // the widest label, measured with room for a piece number
	for k := range min(copies, len(c.Labels)+1) {
		if l := labelOf(k); r.m.labelWidth("B", labelSize, l) > r.m.labelWidth("B", labelSize, widest) {
			widest = l
		}
	}
	var labelW float64
	var per, rows, pieces, rowsPer int
	layout := func(numbered bool) {
		text := widest
		if numbered {
			text = strings.TrimSpace(widest + " 00/00")
		}
		labelW = 0
		if text != "" {
			labelW = r.m.labelWidth("B", labelSize, text) + 4
		}
		if labelW > w/2 { // a long label takes at most half the strip
			labelSize *= w / 2 / labelW
			labelW = w / 2
		}
		per = max(1, int((w-labelW)/s))
		rows = (c.Spaces + per - 1) / per
		per = (c.Spaces + rows - 1) / rows // even the rows out
		rows = (c.Spaces + per - 1) / per
		rowsPer = max(1, min(rows, int(h/s)))
		pieces = (rows + rowsPer - 1) / rowsPer
		rowsPer = (rows + pieces - 1) / pieces
	}
	layout(false)
	if pieces > 1 {
		layout(true)
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
	for k := range copies {
		for p := range pieces {
			first := p * rowsPer * per
			last := min(first+rowsPer*per, c.Spaces)
			tag := labelOf(k)
			if pieces > 1 {
				tag = strings.TrimSpace(fmt.Sprintf("%s %d/%d", tag, p+1, pieces))
			}
			bh := float64((last-first+per-1)/per) * s
			// A copy's pieces stay on one page.
			items = append(items, item{h: bh, gapAfter: 3, keep: p < pieces-1, draw: func(x, y, _ float64) {
				r.trackPiece(c, first, last, per, s, rect{x, y, labelW, bh}, tag, labelSize, numSize, valSize, col)
			}})
		}
	}
	return items
}

// trackPiece draws spaces first..last-1 of track c in rows of per spaces
// of side s, right of the label box lb (none when its width is 0).
func (r *renderer) trackPiece(c Component, first, last, per int, s float64, lb rect, tag string, labelSize, numSize, valSize float64, col rgb) {
	pdf := r.pdf
	if lb.w > 0 {
		fill(pdf, paleGray)
		pdf.Rect(lb.x, lb.y, lb.w, lb.h, "F")
		pdf.SetFont(fonts.Family, "B", labelSize)
		textColor(pdf, ink)
		r.m.drawLabel(pdf, "B", labelSize, lb.x+2, lb.y+lb.h/2+capRatio*labelSize*mmPerPt/2, tag, ink)
	}
	fill(pdf, col)
	stroke(pdf, ink)
	pdf.SetLineWidth(0.25)
	textColor(pdf, contrast(col))
	for i := first; i < last; i++ {
		bx := lb.x + lb.w + float64((i-first)%per)*s
		by := lb.y + float64((i-first)/per)*s
		pdf.Rect(bx, by, s, s, "FD")
		num := fmt.Sprint(c.Start + i)
		ny := by + s/2 + capRatio*numSize*mmPerPt/2
		var val string
		if i < len(c.Values) {
			val = clean(c.Values[i])
		}
		if val != "" {
			ny = by + s*0.45
		}
		pdf.SetFont(fonts.Family, "B", numSize)
		pdf.Text(bx+(s-r.m.width("B", numSize, num))/2, ny, num)
		if val != "" {
			vs := valSize
			if vw := r.m.labelWidth("", vs, val); vw > s*0.9 {
				vs *= s * 0.9 / vw
			}
			pdf.SetFont(fonts.Family, "", vs)
			r.m.drawLabel(pdf, "", vs, bx+(s-r.m.labelWidth("", vs, val))/2, by+s*0.82, val, contrast(col))
		}
	}
	// The cut line round the whole piece: the label box and every row,
	// the last row as long as its spaces.
	stroke(pdf, ink)
	pdf.SetLineWidth(0.5)
	full := min(last-first, per)
	lastRow := (last - first) - ((last-first-1)/per)*per
	x0, x1, x2 := lb.x, lb.x+lb.w+float64(full)*s, lb.x+lb.w+float64(lastRow)*s
	y0, y2 := lb.y, lb.y+lb.h
	if lastRow == full {
		pdf.Rect(x0, y0, x1-x0, y2-y0, "D")
		return
	}
	pdf.Polygon([]fpdf.PointType{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y2 - s}, {X: x2, Y: y2 - s}, {X: x2, Y: y2}, {X: x0, Y: y2}}, "D")
}
