package render

import "github.com/cardpress/cardpress/gamedata"

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
	drawBlockIn(r.pdf, f.block, rect{x + f.box.x, y + f.box.y, f.box.w, f.box.h}, el.Align, el.Valign, parseColor(elementColor(el, c), ink))
}

// pipsElement draws one dot per player count the card is for.
func (r *renderer) pipsElement(c *CardFace, el gamedata.Element, x, y float64, _ gamedata.Size) {
	if box, ok := uprightBox(el, x, y); ok {
		pips(r.pdf, box, c.Players, el.Size, el.Align, el.Valign, parseColor(elementColor(el, c), ink))
	}
}

// imageElement draws the element's picture: its src, or the card's
// picture in its image field.
func (r *renderer) imageElement(c *CardFace, el gamedata.Element, x, y float64, _ gamedata.Size) {
	r.elementImage(c, el, x, y)
}

// elementEmpty says, for the kinds that can draw nothing, whether element
// el draws nothing on card c: text without a character, player dots on a
// card for every player count, a picture without a file. A kind with no
// entry (a shape) always draws. CheckEmpty reports an element empty on
// every card it applies to.
var elementEmpty = map[string]func(c *CardFace, el gamedata.Element) bool{
	gamedata.KindText:  func(c *CardFace, el gamedata.Element) bool { return len(elementParas(c, el)) == 0 },
	gamedata.KindPips:  func(c *CardFace, el gamedata.Element) bool { return len(c.Players) == 0 },
	gamedata.KindImage: func(c *CardFace, el gamedata.Element) bool { return imagePath(c, el) == "" },
}

// Turning an element (rotate:). face turns every kind the same way, about
// its box's centre; a kind draws in uprightBox, which the turn lays over
// the box on the card.

// turnBegin starts drawing el turned by its rotate (trim corner at x, y);
// it reports whether it did, and then turnEnd must follow the element.
func (r *renderer) turnBegin(el gamedata.Element, x, y float64) bool {
	box, ok := boxAt(el.Box, x, y)
	deg := el.Turn()
	if deg == 0 || !ok {
		return false
	}
	r.pdf.TransformBegin()
	// fpdf turns anticlockwise, rotate clockwise.
	r.pdf.TransformRotate(float64(360-deg), box.x+box.w/2, box.y+box.h/2)
	return true
}

// turnEnd ends a turn. The PDF's Q restores the colours and line width of
// before it, but fpdf still remembers the element's and would not write
// them again for the next element that wants them: they are set anew.
func (r *renderer) turnEnd() {
	pdf := r.pdf
	pdf.TransformEnd()
	pdf.SetFillColor(pdf.GetFillColor())
	pdf.SetDrawColor(pdf.GetDrawColor())
	pdf.SetLineWidth(pdf.GetLineWidth())
}

// uprightBox is where an element whose card has its trim corner at (x, y)
// draws while turnBegin's turn is in force: its box, turned back about its
// centre (a quarter turn swaps its width and height).
func uprightBox(el gamedata.Element, x, y float64) (rect, bool) {
	box, ok := boxAt(el.Box, x, y)
	if !ok {
		return box, false
	}
	return unturn(box, box, el.Turn()), true
}

// unturn is rect b, on the card, in the frame of an element turned deg
// degrees clockwise about the centre of box: the rect that the turn lays
// over b. For b = box it is box itself, a quarter turn swapping its sides.
func unturn(b, box rect, deg int) rect {
	cx, cy := box.x+box.w/2, box.y+box.h/2
	switch deg {
	case 90: // turned back anticlockwise: (dx, dy) -> (dy, -dx), y down
		return rect{cx + (b.y - cy), cy - (b.x + b.w - cx), b.h, b.w}
	case 180:
		return rect{2*cx - b.x - b.w, 2*cy - b.y - b.h, b.w, b.h}
	case 270: // turned back clockwise: (dx, dy) -> (-dy, dx)
		return rect{cx - (b.y + b.h - cy), cy + (b.x - cx), b.h, b.w}
	}
	return b
}
