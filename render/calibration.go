package render

import (
	"fmt"
	"math"
	"strconv"

	"github.com/cardpress/cardpress/fonts"

	"codeberg.org/go-pdf/fpdf"
)

// The duplex check is a thin cross with two scales on page 1 and a bold
// cross on page 2, both at the page's centre line so they sit back to back
// after a long-edge flip. Held against a window, the bold cross shows
// where the printer put the back; its lines cross the front's scales at
// the offset in mm. Page 2 has scales of its own for the pin test (a pin
// pushed through the thin cross's centre comes out at the same reading).
const (
	MaxBackOffset = 10.0 // mm, either way on either axis

	calArm      = 30.0 // mm, half the length of each cross's lines
	calScaleAt  = 16.0 // mm from the cross's centre to each scale
	calRange    = 6.0  // mm, each scale reads -calRange..+calRange
	calLabelPt  = 6.0  // pt, the scales' numbers
	calFromFoot = 62.0 // mm from the page's foot to the cross's centre
	rulerLen    = 100.0
)

// checkBackOffset refuses an offset that is not a number or is beyond
// MaxBackOffset.
func checkBackOffset(o [2]float64) error {
	for _, v := range o {
		if !(math.Abs(v) <= MaxBackOffset) {
			return fmt.Errorf("render: back offset %g,%g mm is out of range: each must be from -%g to %g", o[0], o[1], MaxBackOffset, MaxBackOffset)
		}
	}
	return nil
}

// calCentre is where both crosses are drawn on a page of p.
func calCentre(p paper) (x, y float64) { return p.w / 2, p.h - calFromFoot }

// minus writes negative numbers with a real minus sign where the font has
// one.
func signed(v float64) string {
	s := strconv.FormatFloat(math.Abs(v), 'f', -1, 64)
	if v < 0 {
		if fonts.GoCovers('−') {
			return "−" + s
		}
		return "-" + s
	}
	return s
}

// scale draws ticks every half millimetre from -calRange to +calRange
// along one axis, with numbers every 2 mm staggered on two rows so they
// never touch. at(v) is the tick for value v: its base point and the unit
// vector it grows in; the number's value is label(v).
func scale(pdf *fpdf.Fpdf, at func(v float64) (x, y, dx, dy float64), label func(v float64) float64) {
	stroke(pdf, black)
	pdf.SetLineWidth(0.12)
	textColor(pdf, black)
	pdf.SetFont(fonts.Family, "", calLabelPt)
	for k := -int(2 * calRange); k <= int(2*calRange); k++ {
		v := float64(k) / 2
		x, y, dx, dy := at(v)
		n := 1.0
		switch {
		case k%4 == 0:
			n = 2.6
		case k%2 == 0:
			n = 1.8
		}
		pdf.Line(x, y, x+n*dx, y+n*dy)
		if k%4 != 0 {
			continue
		}
		// Two rows: 0 and ±4 next to the ticks, ±2 and ±6 further out.
		off := n + 0.8
		if (k/4)%2 != 0 {
			off += 2.6
		}
		s := signed(label(v))
		w := pdf.GetStringWidth(s)
		capH := calLabelPt * mmPerPt * 0.7
		tx, ty := x+off*dx, y+off*dy
		switch {
		case dy > 0: // below the scale: hang from it, centred
			pdf.Text(tx-w/2, ty+capH, s)
		case dy < 0: // above
			pdf.Text(tx-w/2, ty, s)
		case dx > 0: // right of it, centred on the tick
			pdf.Text(tx, ty+capH/2, s)
		default: // left
			pdf.Text(tx-w, ty+capH/2, s)
		}
	}
}

// calibrationFront draws page 1's thin cross, its X scale below it and
// its Y scale to its right. A number on a scale is the offset (mm, + right
// and down, seen from this side) that the back's line crossing it means.
func calibrationFront(pdf *fpdf.Fpdf, p paper) {
	cx, cy := calCentre(p)
	stroke(pdf, black)
	pdf.SetLineWidth(0.12)
	// The arms stop at the scales, which they meet at 0.
	pdf.Line(cx-calScaleAt, cy, cx+calScaleAt, cy)
	pdf.Line(cx, cy-calScaleAt, cx, cy+calScaleAt)
	sx, sy := cy+calScaleAt, cx+calScaleAt
	pdf.Line(cx-calRange, sx, cx+calRange, sx)
	pdf.Line(sy, cy-calRange, sy, cy+calRange)
	scale(pdf, func(v float64) (float64, float64, float64, float64) { return cx + v, sx, 0, 1 }, func(v float64) float64 { return v })
	scale(pdf, func(v float64) (float64, float64, float64, float64) { return sy, cy + v, 1, 0 }, func(v float64) float64 { return v })
	pdf.SetFont(fonts.Family, "B", 8)
	pdf.Text(cx-calRange-4, sx+1, "X")
	pdf.Text(sy-1, cy-calRange-2, "Y")
}

// calibrationBack draws page 2's bold cross behind page 1's, with the
// pin test's scales: above it (X) and, seen from this side, right of it
// (Y), so through the paper they fall clear of page 1's. A pin through
// page 1's centre comes out (X, -Y) from this cross, seen from here, so
// the X numbers grow to the right and the Y numbers upwards.
func calibrationBack(pdf *fpdf.Fpdf, p paper) {
	cx, cy := calCentre(p) // the centre line mirrors onto itself
	stroke(pdf, black)
	pdf.SetLineWidth(0.6)
	// Long where they must cross page 1's scales (down, and left seen
	// from here); stopping at this side's own scales elsewhere.
	pdf.Line(cx-calArm, cy, cx+calScaleAt, cy)
	pdf.Line(cx, cy-calScaleAt, cx, cy+calArm)
	pdf.SetLineWidth(0.3)
	pdf.Circle(cx, cy, 3, "D")
	sx, sy := cy-calScaleAt, cx+calScaleAt
	pdf.SetLineWidth(0.12)
	pdf.Line(cx-calRange, sx, cx+calRange, sx)
	pdf.Line(sy, cy-calRange, sy, cy+calRange)
	scale(pdf, func(v float64) (float64, float64, float64, float64) { return cx + v, sx, 0, -1 }, func(v float64) float64 { return v })
	scale(pdf, func(v float64) (float64, float64, float64, float64) { return sy, cy + v, 1, 0 }, func(v float64) float64 { return -v })
	pdf.SetFont(fonts.Family, "B", 8)
	pdf.Text(cx-calRange-4, sx, "X")
	pdf.Text(sy-1, cy-calRange-2, "Y")
}

// ruler draws a bar of rulerLen mm centred at (cx, y), ticked every 10
// mm, that the instructions ask the reader to measure.
func ruler(pdf *fpdf.Fpdf, cx, y float64) {
	x0 := cx - rulerLen/2
	stroke(pdf, black)
	pdf.SetLineWidth(0.25)
	pdf.Line(x0, y, x0+rulerLen, y)
	pdf.SetLineWidth(0.15)
	textColor(pdf, black)
	pdf.SetFont(fonts.Family, "", 7)
	for mm := 0; mm <= int(rulerLen); mm += 5 {
		x := x0 + float64(mm)
		n := 1.5
		if mm%10 == 0 {
			n = 3
		}
		pdf.Line(x, y, x, y-n)
		if mm%50 == 0 {
			s := strconv.Itoa(mm)
			pdf.Text(x-pdf.GetStringWidth(s)/2, y-4, s)
		}
	}
	s := "this bar is 100 mm long when printed at 100 %"
	pdf.Text(cx-pdf.GetStringWidth(s)/2, y+4, s)
}
