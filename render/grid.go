package render

import (
	"fmt"
	"math"

	"codeberg.org/go-pdf/fpdf"
)

const (
	minMargin = 5.0 // mm kept clear round the grid: crop marks, printers' unprintable edge
	markGap   = 1.0 // mm between the grid's outer edge and a crop mark
	markLen   = 5.0 // mm, the longest crop mark
)

// MaxBleed is the most bleed, in mm, cards are printed with: more is
// wasted paper, and the grid's arithmetic need not care about it.
const MaxBleed = 10.0

// MinCardSide is the shortest card side, in mm, render prints. Nothing
// smaller is a card anyone could cut or read, and it bounds a page's
// grid (20×28 on A4) and its crop marks, which a 1e-9 mm card would make
// run into the billions.
const MinCardSide = 10.0

// checkBleed refuses a bleed outside 0..MaxBleed, NaN included.
func checkBleed(bleed float64) error {
	if !(bleed >= 0 && bleed <= MaxBleed) {
		return fmt.Errorf("render: bleed %g mm is out of range 0-%g", bleed, MaxBleed)
	}
	return nil
}

// checkCard refuses a card size render cannot print, whatever validation
// let through: not a number, infinite or under MinCardSide.
func checkCard(w, h float64) error {
	if math.IsNaN(w) || math.IsNaN(h) || math.IsInf(w, 0) || math.IsInf(h, 0) {
		return fmt.Errorf("render: card size %gx%g mm is not a size", w, h)
	}
	if w < MinCardSide || h < MinCardSide {
		return fmt.Errorf("render: a %gx%g mm card is too small to print; each side must be at least %g mm", w, h, MinCardSide)
	}
	return nil
}

// grid places cards of w×h (trim) centred on a page, each surrounded by its
// bleed, so neighbours are 2×bleed apart.
type grid struct {
	page       paper
	cols, rows int
	w, h       float64
	bleed      float64
	x0, y0     float64 // trim corner of the top-left slot
}

func newGrid(p paper, w, h, bleed float64) (grid, error) {
	if err := checkCard(w, h); err != nil {
		return grid{}, err
	}
	cols := int((p.w - 2*minMargin) / (w + 2*bleed))
	rows := int((p.h - 2*minMargin) / (h + 2*bleed))
	if cols < 1 || rows < 1 {
		return grid{}, fmt.Errorf("render: a %gx%g mm card with %g mm bleed does not fit on a %gx%g mm page", w, h, bleed, p.w, p.h)
	}
	return centred(p, w, h, bleed, cols, rows), nil
}

func centred(p paper, w, h, bleed float64, cols, rows int) grid {
	g := grid{page: p, cols: cols, rows: rows, w: w, h: h, bleed: bleed}
	g.x0 = (p.w-float64(cols)*(w+2*bleed))/2 + bleed
	g.y0 = (p.h-float64(rows)*(h+2*bleed))/2 + bleed
	return g
}

func (g grid) perPage() int { return g.cols * g.rows }

// slot gives the trim corner of the i-th card on a page. Backs are mirrored
// left to right, which is what long-edge duplex needs for every back to land
// behind its front; the grid is centred, so this reverses the columns.
func (g grid) slot(i int, back bool) (x, y float64) {
	col, row := i%g.cols, i/g.cols
	x = g.x0 + float64(col)*(g.w+2*g.bleed)
	y = g.y0 + float64(row)*(g.h+2*g.bleed)
	if back {
		x = g.page.w - x - g.w
	}
	return x, y
}

// segment is a straight line from (x1, y1) to (x2, y2).
type segment struct{ x1, y1, x2, y2 float64 }

// cropMarks lists short lines in the page margin in line with every trim
// edge, outside the grid and its bleed so they never touch card art.
func (g grid) cropMarks() []segment {
	left, top := g.x0-g.bleed, g.y0-g.bleed
	right := left + float64(g.cols)*(g.w+2*g.bleed)
	bottom := top + float64(g.rows)*(g.h+2*g.bleed)
	lenX := min(markLen, left-markGap-1) // room beside the grid
	lenY := min(markLen, top-markGap-1)  // room above and below it
	var out []segment
	if lenY > 0 {
		for _, x := range trimLines(g.x0, g.w, g.bleed, g.cols) {
			out = append(out,
				segment{x, top - markGap - lenY, x, top - markGap},
				segment{x, bottom + markGap, x, bottom + markGap + lenY})
		}
	}
	if lenX > 0 {
		for _, y := range trimLines(g.y0, g.h, g.bleed, g.rows) {
			out = append(out,
				segment{left - markGap - lenX, y, left - markGap, y},
				segment{right + markGap, y, right + markGap + lenX, y})
		}
	}
	return out
}

func (g grid) drawCropMarks(pdf *fpdf.Fpdf) {
	stroke(pdf, black)
	pdf.SetLineWidth(0.2)
	for _, s := range g.cropMarks() {
		pdf.Line(s.x1, s.y1, s.x2, s.y2)
	}
}

// trimLines lists the cut positions along one axis; without bleed
// neighbouring cards share a cut.
func trimLines(start, size, bleed float64, n int) []float64 {
	var out []float64
	for i := range n {
		a := start + float64(i)*(size+2*bleed)
		for _, v := range []float64{a, a + size} {
			if len(out) == 0 || v-out[len(out)-1] > edgeEps {
				out = append(out, v)
			}
		}
	}
	return out
}
