package render

import (
	"math"

	"github.com/cardpress/cardpress/gamedata"
)

// MinFrameClear is the least distance, in mm, between a card back's
// frame (its border's outer edge) and the trim, unless the frame runs
// into the bleed: 3 mm that read as a deliberate margin, and 1 mm more
// for the drift of a home printer's duplex, which shifts the back
// against the cut and would leave a frame near the trim visibly lopsided.
const MinFrameClear = 4.0

// back draws the back of card c, at its own size, with its trim corner at
// (x, y): its own back face when it has one, else its deck's common back.
func (r *renderer) back(c *CardFace, x, y, bleed float64) {
	if c.TwoSided() {
		r.face(c.backSide(), r.doc.Layout.BackFaceOf(c.Deck), x, y, bleed)
		return
	}
	pdf := r.pdf
	size := r.doc.sizeOf(c)
	w, h := size.Width, size.Height
	bk, ok := r.doc.Backs[c.Back]
	if !ok {
		bk = gamedata.Back{Title: r.doc.Title}
	}
	bg := parseColor(bk.Color, ink)
	fg := contrast(bg)
	acc := parseColor(bk.Accent, fg)
	fill(pdf, bg)
	pdf.Rect(x-bleed, y-bleed, w+2*bleed, h+2*bleed, "F")
	r.faceImage(nil, bk.Image, rect{x - bleed, y - bleed, w + 2*bleed, h + 2*bleed}, gamedata.FitCover)
	lay := r.doc.Layout.Back
	if bk.Accent != "" {
		lay.Border.Color = bk.Accent
	}
	border(pdf, lay.Border, x, y, w, h, acc)

	// The title takes the accent colour when it stands out from the
	// background, else the plain contrasting colour.
	titleCol := acc
	if math.Abs(acc.luminance()-bg.luminance()) < 0.25 {
		titleCol = fg
	}
	pad := nonNegative(lay.Border.Inset) + 3
	inner := w - 2*pad
	titleSize := positive(lay.TitleSize, 24)
	subSize := positive(lay.SubtitleSize, 8)
	title, _ := r.m.fit(plain(bk.Title, "B"), inner, h*0.4, titleSize, titleSize*0.3)
	var sub block
	if bk.Subtitle != "" {
		sub, _ = r.m.fit(plain(bk.Subtitle, "I"), inner, h*0.25, subSize, subSize*0.6)
	}
	rule := 3.0 // space for the accent rule between title and subtitle
	total := title.height
	if bk.Subtitle != "" {
		total += rule + sub.height
	}
	ty := y + (h-total)/2
	if bk.Title != "" {
		drawBlock(pdf, title, rect{x + pad, ty, inner, title.height}, "center", titleCol)
	}
	if bk.Subtitle != "" {
		sy := ty + title.height + rule
		stroke(pdf, acc)
		pdf.SetLineWidth(0.4)
		pdf.Line(x+w*0.3, sy-rule/2, x+w*0.7, sy-rule/2)
		drawBlock(pdf, sub, rect{x + pad, sy, inner, sub.height}, "center", fg.mix(bg, 0.15))
	}
}
