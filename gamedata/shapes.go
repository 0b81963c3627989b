package gamedata

import (
	"slices"
	"strconv"

	"github.com/cardpress/cardpress/finding"
)

var _ = registerCheck(Check{
	ID:    "layout-shapes",
	Doc:   "Checks that every layout shape can be drawn as written: corner radii, points inside their box, a polygon's points or star.",
	Codes: []*finding.Code{CodeLayoutShape},
	After: []string{"layout-boxes"}, // a box already reported is not checked again
	run:   onLayout((*loader).checkShapes),
})

// Shapes: elements of kind rect, ellipse, line and polygon draw vector
// shapes in their boxes, in element order with the rest, so text drawn
// after a shape sits on it (render/shapes.go draws them).

// IsShape reports whether the element is a shape.
func (e Element) IsShape() bool {
	switch e.Kind {
	case KindRect, KindEllipse, KindLine, KindPolygon:
		return true
	}
	return false
}

// DefaultStrokeWidth is a stroke's width in mm when stroke_width is left
// out: a fine line that still prints on any printer (0.3 mm is about
// 0.85 pt).
const DefaultStrokeWidth = 0.3

// shapeEps is how far, in mm, a point may lie past its box's edge before
// it is outside: decimals written in the YAML are not exact.
const shapeEps = 1e-6

// checkShapes reports shapes that cannot be drawn as written: a rect's
// corner radius over half its box's shorter side (the corners' arcs would
// cross), a point of a line or polygon outside its box (the box is what
// is checked against the card's edges, so the shape could leave the card
// unnoticed), and a star that has points rather than sides.
func (l *loader) checkShapes() {
	seen := map[finding.Pos]bool{} // a face shared by alias is checked once
	for _, f := range l.g.faces() {
		for i, el := range f.front.Elements {
			at := append(slices.Clone(f.path), "elements", strconv.Itoa(i))
			if !el.IsShape() || len(el.Box) != 4 || l.failed(el.BoxPos) || seen[el.Pos] {
				continue
			}
			seen[el.Pos] = true
			w, h := el.Box[2], el.Box[3]
			if most := min(w, h) / 2; el.Radius > most+shapeEps {
				l.add(CodeLayoutShape.At(l.lay.pos(append(at, "radius")...), "corner radius %s mm is more than half the shorter side of the box %s: at most %s mm (which makes a pill)", mm(el.Radius), boxText(el.Box), mm(round(most))))
			}
			if el.Kind == KindPolygon && len(el.Points) > 0 && el.Star > 0 {
				l.add(CodeLayoutShape.At(l.lay.pos(append(at, "star")...), "star makes a star of sides points; a polygon with points has the corners they give: drop star, or give sides instead of points"))
			}
			for j, p := range el.Points {
				if p[0] < -shapeEps || p[0] > w+shapeEps || p[1] < -shapeEps || p[1] > h+shapeEps {
					l.add(CodeLayoutShape.At(l.lay.pos(append(at, "points", strconv.Itoa(j))...), "point [%s, %s] is outside the box %s: points are in mm from the box's top-left corner, from [0, 0] to [%s, %s]", mm(p[0]), mm(p[1]), boxText(el.Box), mm(w), mm(h)))
				}
			}
		}
	}
}
