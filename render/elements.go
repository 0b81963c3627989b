package render

import "cardpress/gamedata"

// drawElement draws one layout element of card c, whose trim corner is at
// (x, y) and whose trim size is size.
type drawElement func(r *renderer, c *CardFace, el gamedata.Element, x, y float64, size gamedata.Size)

// elementKinds is how each kind of layout element is drawn: the one place
// a new kind is added (gamedata.ElementKinds lists the kinds a layout may
// name, and a test holds the two equal).
var elementKinds = map[string]drawElement{
	gamedata.KindText:  (*renderer).textElement,
	gamedata.KindPips:  (*renderer).pipsElement,
	gamedata.KindImage: (*renderer).imageElement,
	// Shapes (shapes.go).
	gamedata.KindRect:    (*renderer).rectElement,
	gamedata.KindEllipse: (*renderer).ellipseElement,
	gamedata.KindLine:    (*renderer).lineElement,
	gamedata.KindPolygon: (*renderer).polygonElement,
}

// textElement typesets a field's text in its box (typesetField, which
// CheckFit measures with too) and draws it.
func (r *renderer) textElement(c *CardFace, el gamedata.Element, x, y float64, size gamedata.Size) {
	f, ok := r.m.typesetField(c, el, size)
	if !ok || f.off {
		return
	}
	drawBlock(r.pdf, f.block, rect{x + f.box.x, y + f.box.y, f.box.w, f.box.h}, el.Align, parseColor(elementColor(el, c), ink))
}

// pipsElement draws one dot per player count the card is for.
func (r *renderer) pipsElement(c *CardFace, el gamedata.Element, x, y float64, _ gamedata.Size) {
	if box, ok := boxAt(el.Box, x, y); ok {
		pips(r.pdf, box, c.Players, el.Size, el.Align, parseColor(elementColor(el, c), ink))
	}
}

// imageElement draws the element's picture: its src, or the card's
// picture in its image field.
func (r *renderer) imageElement(c *CardFace, el gamedata.Element, x, y float64, _ gamedata.Size) {
	r.elementImage(c, el, x, y)
}
