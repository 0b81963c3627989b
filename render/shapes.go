package render

import (
	"math"

	"github.com/cardpress/cardpress/gamedata"
)

// Shapes: elements of kind rect, ellipse, line and polygon
// (gamedata/shapes.go), drawn in element order with the rest, so a pill
// drawn before a text is under it. Each is filled, outlined or both, in
// colours a card's values may pick.

// rectElement draws a rectangle, its corners rounded by radius (at most
// half the shorter side: validation reports more, render clamps it).
func (r *renderer) rectElement(c *CardFace, el gamedata.Element, x, y float64, _ gamedata.Size) {
	r.shape(c, el, x, y, func(b rect, style string) {
		if rad := min(el.Radius, b.w/2, b.h/2); rad > 0 {
			r.pdf.RoundedRect(b.x, b.y, b.w, b.h, rad, "1234", style)
			return
		}
		r.pdf.Rect(b.x, b.y, b.w, b.h, style)
	})
}

// ellipseElement draws the ellipse inscribed in the box: a circle in a
// square box.
func (r *renderer) ellipseElement(c *CardFace, el gamedata.Element, x, y float64, _ gamedata.Size) {
	r.shape(c, el, x, y, func(b rect, style string) {
		r.pdf.Ellipse(b.x+b.w/2, b.y+b.h/2, b.w/2, b.h/2, 0, style)
	})
}

// lineElement draws a line through its points or, without them, through
// the middle of its box along the longer side: a rule under a title.
func (r *renderer) lineElement(c *CardFace, el gamedata.Element, x, y float64, _ gamedata.Size) {
	r.shape(c, el, x, y, func(b rect, style string) {
		pts := el.Points
		if len(pts) < 2 {
			if b.w >= b.h {
				pts = [][2]float64{{0, b.h / 2}, {b.w, b.h / 2}}
			} else {
				pts = [][2]float64{{b.w / 2, 0}, {b.w / 2, b.h}}
			}
		}
		r.path(b, pts, false, style)
	})
}

// polygonElement draws a polygon through its points, or a regular polygon
// (or star) inscribed in its box.
func (r *renderer) polygonElement(c *CardFace, el gamedata.Element, x, y float64, _ gamedata.Size) {
	r.shape(c, el, x, y, func(b rect, style string) {
		pts := el.Points
		if len(pts) < 3 {
			pts = regular(b.w, b.h, el.Sides, el.Star)
		}
		r.path(b, pts, true, style)
	})
}

// shape sets the paint of shape el on card c (fill and outline colours,
// outline width, opacity) and calls draw with its box in page coordinates
// and fpdf's style: F to fill, D to outline, FD both. A shape with neither
// on this card draws nothing. A line is never filled, and outlined in ink
// unless its stroke says otherwise.
func (r *renderer) shape(c *CardFace, el gamedata.Element, x, y float64, draw func(b rect, style string)) {
	b, ok := uprightBox(el, x, y)
	if !ok {
		return
	}
	pdf := r.pdf
	line := el.Kind == gamedata.KindLine
	fillCol, strokeCol := el.Fill.Pick(c.value), el.Stroke.Pick(c.value)
	style := ""
	if fillCol != "" && !line {
		style += "F"
		fill(pdf, parseColor(fillCol, ink))
	}
	if strokeCol != "" || line {
		style += "D"
		stroke(pdf, parseColor(strokeCol, ink))
		pdf.SetLineWidth(positive(el.StrokeWidth, gamedata.DefaultStrokeWidth))
	}
	if style == "" {
		return
	}
	if el.Opacity != nil && *el.Opacity < 1 {
		// Only what the shape draws: the elements after it are opaque.
		pdf.SetAlpha(max(*el.Opacity, 0), "Normal")
		defer pdf.SetAlpha(1, "Normal")
	}
	draw(b, style)
}

// path draws the lines through pts (mm from the box's corner), closed
// into a polygon when closed (so its last corner joins the first like the
// others).
func (r *renderer) path(b rect, pts [][2]float64, closed bool, style string) {
	pdf := r.pdf
	for i, p := range pts {
		if i == 0 {
			pdf.MoveTo(b.x+p[0], b.y+p[1])
		} else {
			pdf.LineTo(b.x+p[0], b.y+p[1])
		}
	}
	if closed {
		pdf.ClosePath()
	}
	pdf.DrawPath(style)
}

// regular is the corners of a regular polygon of sides corners inscribed
// in a w × h box, one at the top; with star between 0 and 1, those of a
// star of sides points, its inner corners at star times the outer radius.
// A box that is not square stretches it.
func regular(w, h float64, sides int, star float64) [][2]float64 {
	sides = max(sides, 3)
	n, step := sides, 2*math.Pi/float64(sides)
	if star > 0 && star < 1 {
		n, step = 2*sides, math.Pi/float64(sides)
	}
	pts := make([][2]float64, n)
	for i := range pts {
		k := 1.0
		if n != sides && i%2 == 1 {
			k = star
		}
		a := -math.Pi/2 + step*float64(i)
		pts[i] = [2]float64{w/2 + k*w/2*math.Cos(a), h/2 + k*h/2*math.Sin(a)}
	}
	return pts
}
