package render

import (
	"github.com/cardpress/cardpress/gamedata"

	"codeberg.org/go-pdf/fpdf"
)

// renderer draws one document's pieces onto one PDF.
type renderer struct {
	doc *Document
	pdf *fpdf.Fpdf
	m   *measurer
	art *artSet // the pictures embedded so far (image.go)
}

// edgeEps decides when a layout box "touches" the trim edge and should
// therefore run on into the bleed.
const edgeEps = 0.01

// front draws a card's front with its trim corner at (x, y).
func (r *renderer) front(c *CardFace, x, y, bleed float64) {
	r.face(c, r.doc.Layout.FrontOf(c.Deck), x, y, bleed)
}

// face draws c's fields and rules in the face layout lay with its trim
// corner at (x, y), at c's own size. Background (and an accent band
// touching the edge) run bleed mm past the trim.
func (r *renderer) face(c *CardFace, lay gamedata.Front, x, y, bleed float64) {
	pdf := r.pdf
	size := r.doc.sizeOf(c)
	w, h := size.Width, size.Height
	fill(pdf, parseColor(lay.Background.Pick(c.value), white))
	pdf.Rect(x-bleed, y-bleed, w+2*bleed, h+2*bleed, "F")
	r.faceImage(c, lay.BackgroundImage, rect{x - bleed, y - bleed, w + 2*bleed, h + 2*bleed}, gamedata.FitCover)
	r.accent(c, lay, size, x, y, bleed)
	r.faceImage(c, lay.Frame, rect{x, y, w, h}, gamedata.FitStretch)
	border(pdf, lay.Border, x, y, w, h, ink)
	// Text that overflows at its minimum size is still drawn (CheckFit
	// reports it), but never onto the neighbouring card.
	pdf.ClipRect(x, y, w, h, false)
	defer pdf.ClipEnd()
	for _, el := range lay.Elements {
		if !c.applies(el) {
			continue // its when does not hold on this card
		}
		turned := r.turnBegin(el, x, y)
		elementKinds[el.KindOr()](r, c, el, x, y, size)
		if turned {
			r.turnEnd()
		}
	}
}

// elementColor is the colour of an element's text or pips on card c: its
// color, or the one a value map (or color_by) picks by the card's value.
func elementColor(el gamedata.Element, c *CardFace) string {
	return el.InkColor().Pick(c.value)
}

// accentColor picks the band colour: by the value of a field or the
// card's deck (a value map), or by the card's first keyword that has a
// colour; a "default" entry catches the rest.
func accentColor(a gamedata.Accent, c *CardFace) (string, bool) {
	if v, ok := a.Value(); ok {
		s := v.Pick(c.value)
		return s, s != ""
	}
	for _, k := range c.Keywords {
		if s, ok := a.Colors[k]; ok {
			return s, true
		}
	}
	s, ok := a.Colors["default"]
	return s, ok
}

func (r *renderer) accent(c *CardFace, lay gamedata.Front, size gamedata.Size, x, y, bleed float64) {
	s, ok := accentColor(lay.Accent, c)
	if !ok {
		s = lay.Border.Color // a dark band keeps light name text readable
	}
	r.band(lay.Accent.Box, lay.Border, parseColor(s, ink), size, x, y, bleed)
}

// band fills a layout box on the card of size at (x, y). Inside the face's
// border bd it follows the border's rounded corners; touching the trim edge
// it runs on into the bleed.
func (r *renderer) band(b []float64, bd gamedata.Border, col rgb, size gamedata.Size, x, y, bleed float64) {
	box, ok := boxAt(b, 0, 0)
	if !ok {
		return
	}
	pdf := r.pdf
	fill(pdf, col)
	w, h := size.Width, size.Height
	in := nonNegative(bd.Inset)
	inside := in > 0 && box.x >= in-edgeEps && box.y >= in-edgeEps &&
		box.x+box.w <= w-in+edgeEps && box.y+box.h <= h-in+edgeEps
	if inside {
		pdf.ClipRoundedRect(x+in, y+in, w-2*in, h-2*in, nonNegative(bd.Radius), false)
		pdf.Rect(x+box.x, y+box.y, box.w, box.h, "F")
		pdf.ClipEnd()
		return
	}
	// A band made for a bigger card is cut at this card's trim (and then
	// runs on into the bleed like one touching it), never onto a neighbour.
	if box.x < 0 || box.y < 0 || box.x+box.w > w || box.y+box.h > h {
		x0, y0 := max(box.x, 0), max(box.y, 0)
		box = rect{x0, y0, min(box.x+box.w, w) - x0, min(box.y+box.h, h) - y0}
		if box.w <= 0 || box.h <= 0 {
			return
		}
	}
	if box.x <= edgeEps {
		box.x -= bleed
		box.w += bleed
	}
	if box.y <= edgeEps {
		box.y -= bleed
		box.h += bleed
	}
	if box.x+box.w >= w-edgeEps {
		box.w += bleed
	}
	if box.y+box.h >= h-edgeEps {
		box.h += bleed
	}
	pdf.Rect(x+box.x, y+box.y, box.w, box.h, "F")
}

// border strokes a rounded frame inset from the trim of a w×h card at (x, y).
func border(pdf *fpdf.Fpdf, b gamedata.Border, x, y, w, h float64, def rgb) {
	in := nonNegative(b.Inset)
	if positive(b.Width, 0) == 0 || 2*in >= min(w, h) {
		return
	}
	stroke(pdf, parseColor(b.Color, def))
	pdf.SetLineWidth(b.Width)
	r := min(nonNegative(b.Radius), (min(w, h)-2*in)/2)
	pdf.RoundedRect(x+in, y+in, w-2*in, h-2*in, r, "1234", "D")
}
