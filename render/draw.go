package render

import (
	"math"
	"strconv"

	"github.com/cardpress/cardpress/fonts"
	"github.com/cardpress/cardpress/gamedata"

	"codeberg.org/go-pdf/fpdf"
)

// rect is a box in mm, top-left origin.
type rect struct{ x, y, w, h float64 }

// maxExtent bounds, in mm, every position and size render takes from the
// data: far beyond any card or page, yet small enough that arithmetic on
// it stays exact and the PDF's numbers stay short.
const maxExtent = 1000.0

// boxAt reads a layout box [x, y, w, h] relative to a card corner. A box
// that is not four numbers within maxExtent, with w and h above zero, is
// no box: its element is not drawn.
func boxAt(v []float64, x, y float64) (rect, bool) {
	if len(v) != 4 || !(v[2] > 0 && v[3] > 0) {
		return rect{}, false
	}
	for _, n := range v {
		if !(math.Abs(n) <= maxExtent) { // NaN too
			return rect{}, false
		}
	}
	return rect{x + v[0], y + v[1], v[2], v[3]}, true
}

// positive is v when it is a usable size, above zero and within
// maxExtent; else def.
func positive(v, def float64) float64 {
	if v > 0 && v <= maxExtent {
		return v
	}
	return def
}

// nonNegative is v within 0..maxExtent, 0 for NaN: an inset or radius.
func nonNegative(v float64) float64 {
	if v > 0 {
		return min(v, maxExtent)
	}
	return 0
}

// drawBlock draws typeset text in r. Centred text is also centred
// vertically (names in bands, flavour lines); other text starts at the top,
// and so does anything too tall, so an overflow loses its end, not its start.
func drawBlock(pdf *fpdf.Fpdf, b block, r rect, align string, col rgb) {
	drawBlockIn(pdf, b, r, align, "", col)
}

// blockTop is where block b starts in r: at the top, middle or bottom as
// valign says; with no valign, in the middle when align is center and
// else at the top (drawBlock's rule, which layouts written before valign
// print by). Text too tall for r starts at the top whatever valign says.
func blockTop(b block, r rect, align, valign string) float64 {
	if b.height >= r.h {
		return r.y
	}
	switch valign {
	case gamedata.ValignTop:
		return r.y
	case gamedata.ValignMiddle:
		return r.y + (r.h-b.height)/2
	case gamedata.ValignBottom:
		return r.y + r.h - b.height
	}
	if align == "center" {
		return r.y + (r.h-b.height)/2
	}
	return r.y
}

// drawBlockIn is drawBlock placing the text vertically by valign.
func drawBlockIn(pdf *fpdf.Fpdf, b block, r rect, align, valign string, col rgb) {
	y := blockTop(b, r, align, valign)
	sizeMM := b.size * mmPerPt
	for i, lines := range b.paras {
		mark := b.marks[i]
		for j, l := range lines {
			if j == 0 {
				cy := y + b.lh/2
				switch {
				case mark.badge != "":
					d := b.lh * badgeRatio
					badge(pdf, r.x+d/2, cy, d, mark.badge, col)
				case mark.bullet:
					fill(pdf, col)
					pdf.Circle(r.x+sizeMM*0.3, cy, sizeMM*0.14, "F")
				}
			}
			x := r.x + b.indent
			avail := r.w - b.indent
			switch align {
			case "center":
				x += (avail - l.w) / 2
			case "right":
				x += avail - l.w
			}
			base := y + b.lh/2 + b.capRatio()*sizeMM/2
			textColor(pdf, col)
			for _, p := range l.pieces {
				drawPiece(pdf, p, x, base, y+b.lh/2, b.size, col)
			}
			y += b.lh
		}
		y += b.lh * paraGapRatio
	}
}

// badge draws a filled circle of diameter d centred at (cx, cy) with a short
// label in the contrasting colour. It is all vectors plus plain letters, so
// it never depends on symbol glyphs the fonts lack.
func badge(pdf *fpdf.Fpdf, cx, cy, d float64, label string, col rgb) {
	fill(pdf, col)
	pdf.Circle(cx, cy, d/2, "F")
	label = clean(label)
	if label == "" {
		return
	}
	size := d * 0.62 / mmPerPt
	pdf.SetFont(fonts.Family, "B", size)
	if w := pdf.GetStringWidth(label); w > d*0.78 {
		size *= d * 0.78 / w
		pdf.SetFont(fonts.Family, "B", size)
	}
	textColor(pdf, contrast(col))
	w := pdf.GetStringWidth(label)
	pdf.Text(cx-w/2, cy+capRatio*size*mmPerPt/2, label)
}

// pips draws player-count marks as numbered circles in r, right-aligned
// unless align says otherwise and in the middle unless valign does,
// shrinking them if there are too many.
func pips(pdf *fpdf.Fpdf, r rect, players []int, size float64, align, valign string, col rgb) {
	n := float64(len(players))
	if n == 0 {
		return
	}
	d := min(r.h, positive(size, 7)*mmPerPt*1.6)
	gap := d * 0.25
	if total := n*d + (n-1)*gap; total > r.w {
		d *= r.w / total
		gap = d * 0.25
	}
	total := n*d + (n-1)*gap
	x := r.x + r.w - total
	switch align {
	case "left":
		x = r.x
	case "center":
		x = r.x + (r.w-total)/2
	}
	cy := r.y + r.h/2
	switch valign {
	case gamedata.ValignTop:
		cy = r.y + d/2
	case gamedata.ValignBottom:
		cy = r.y + r.h - d/2
	}
	for _, p := range players {
		badge(pdf, x+d/2, cy, d, strconv.Itoa(p), col)
		x += d + gap
	}
}
