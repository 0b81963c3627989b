package render

import (
	"fmt"
	"math"
	"slices"

	"github.com/cardpress/cardpress/gamedata"

	"codeberg.org/go-pdf/fpdf"
)

const (
	// printEdge is how close to the paper's edge anything is drawn. Home
	// printers leave about 4 mm unprinted; the promise is 4.5 mm, and the
	// extra half millimetre keeps a rasterised page's boundary pixel clean.
	printEdge = 5.0
	// markEdge is how close to the paper's edge a crop mark starts: a
	// printer that leaves a full 5 mm blank still prints all of it.
	markEdge   = printEdge + 1
	markGap    = 1.0 // mm between a crop mark and the bleed (or trim) it points at
	markLen    = 5.0 // mm, the longest crop mark
	minMarkLen = 3.0 // mm, the shortest crop mark: shorter ones are lost under a ruler
	// markRoom is the room a crop mark takes between the paper's edge and
	// the bleed: a sheet's outer bleed starts at least this far in.
	markRoom = markEdge + minMarkLen + markGap
	fitEps   = 1e-9 // mm; A4 holds three poker cards and their marks at 0.5 mm bleed exactly
)

// MaxBleed is the most bleed, in mm, cards are printed with: more is
// wasted paper, and the grid's arithmetic need not care about it. The
// pictures covering the bleed are embedded big enough for it.
const MaxBleed = gamedata.MaxBleed

// MaxGutter is the widest gutter, in mm, between neighbouring cards.
const MaxGutter = 20.0

// MinCardSide is the shortest card side, in mm, render prints. Nothing
// smaller is a card anyone could cut or read, and it bounds a page's
// grid (19×28 on A4) and its crop marks, which a 1e-9 mm card would make
// run into the billions.
const MinCardSide = 10.0

// autoGutter asks newGrid to choose the gutter.
const autoGutter = -1.0

// checkBleed refuses a bleed outside 0..MaxBleed, NaN included.
func checkBleed(bleed float64) error {
	if !(bleed >= 0 && bleed <= MaxBleed) {
		return fmt.Errorf("render: bleed %g mm is out of range 0-%g", bleed, MaxBleed)
	}
	return nil
}

// gutterOf is the gutter Options ask for (autoGutter when they leave it to
// the grid), refusing one outside 0..MaxGutter.
func gutterOf(opt Options) (float64, error) {
	if opt.Gutter == nil {
		return autoGutter, nil
	}
	if g := *opt.Gutter; !(g >= 0 && g <= MaxGutter) {
		return 0, fmt.Errorf("render: gutter %g mm is out of range 0-%g", g, MaxGutter)
	}
	return *opt.Gutter, nil
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

// grid places cards centred on a page, gutter mm apart. Each card's
// bleed reaches at most half-way across a gutter, so neighbours never
// paint over each other; on the sheet's outer sides it reaches its full
// width, with room for the crop marks beyond it (markRoom).
type grid struct {
	page       paper
	cols, rows int
	w, h       float64 // a card's trim as it lies on the sheet
	turned     bool    // cards lie on their side: w and h are the card's height and width
	bleed      float64
	gutter     float64
	x0, y0     float64 // trim corner of the top-left slot
}

// newGrid is the grid for cards of w×h with the gutter chosen for them.
func newGrid(p paper, w, h, bleed float64) (grid, error) {
	return gridFor(p, w, h, bleed, autoGutter)
}

// gridFor fits the most cards of w×h a page holds with the full bleed and
// crop marks round the sheet: upright or turned on their side (upright
// when both hold as many), and with an autoGutter of twice the bleed
// (every card keeps its whole bleed), the bleed (neighbours share the
// gutter, half each) or none (neighbours share one cut), the widest that
// holds as many. A card too big for that keeps its marks over the outer
// bleed (markRoom from the edge, the bleed cut at printEdge).
func gridFor(p paper, w, h, bleed, gutter float64) (grid, error) {
	if err := checkCard(w, h); err != nil {
		return grid{}, err
	}
	gutters := []float64{gutter}
	if gutter < 0 {
		gutters = []float64{2 * bleed, bleed, 0}
	}
	var best grid
	for _, outer := range []float64{markRoom + bleed, markRoom} {
		for _, turned := range []bool{false, true} {
			fw, fh := w, h
			if turned {
				fw, fh = h, w
			}
			for _, gut := range gutters {
				cols, rows := fitCount(p.w, fw, gut, outer), fitCount(p.h, fh, gut, outer)
				if cols*rows > best.perPage() {
					best = gridAt(p, fw, fh, bleed, gut, cols, rows)
					best.turned = turned
				}
			}
		}
		if best.perPage() > 0 {
			return best, nil
		}
	}
	return grid{}, fmt.Errorf("render: a %gx%g mm card with %g mm bleed does not fit on a %gx%g mm page", w, h, bleed, p.w, p.h)
}

// fitCount is how many cards of side size fit along a page side of length
// side, gutter apart, leaving outer at both ends.
func fitCount(side, size, gutter, outer float64) int {
	n := math.Floor((side-2*outer+gutter)/(size+gutter) + fitEps)
	if !(n >= 1) { // NaN too
		return 0
	}
	return int(min(n, 1e6))
}

// centred is a cols×rows grid with each card's whole bleed round it; the
// reference sheet's player aid is one such card.
func centred(p paper, w, h, bleed float64, cols, rows int) grid {
	return gridAt(p, w, h, bleed, 2*bleed, cols, rows)
}

func gridAt(p paper, w, h, bleed, gutter float64, cols, rows int) grid {
	g := grid{page: p, cols: cols, rows: rows, w: w, h: h, bleed: bleed, gutter: gutter}
	g.x0 = (p.w - g.span(cols, w)) / 2
	g.y0 = (p.h - g.span(rows, h)) / 2
	return g
}

// span is the length of n cards of side size and the gutters between them.
func (g grid) span(n int, size float64) float64 {
	return float64(n)*size + float64(n-1)*g.gutter
}

func (g grid) perPage() int { return g.cols * g.rows }

// turn is the angle, in degrees anticlockwise, a card side is drawn at
// on the sheet: a turned front lies with its top to the left, and its
// back with its top to the right, the same edge of the sheet once it is
// flipped on its long edge.
func (g grid) turn(back bool) float64 {
	switch {
	case !g.turned:
		return 0
	case back:
		return -90
	}
	return 90
}

// place begins drawing a card side whose trim, turned as it lies on the
// sheet, has its top-left corner at (x, y): it returns the corner to draw
// the upright card at, inside a rotation that end closes.
func (g grid) place(pdf *fpdf.Fpdf, x, y float64, back bool) (cx, cy float64, end func()) {
	a := g.turn(back)
	if a == 0 {
		return x, y, func() {}
	}
	// The corner the card's own top-left lands on: bottom left of the
	// footprint for a front, top right for a back.
	cx, cy = x, y+g.h
	if back {
		cx, cy = x+g.w, y
	}
	pdf.TransformBegin()
	pdf.TransformRotate(a, cx, cy)
	return cx, cy, pdf.TransformEnd
}

// slot gives the trim corner of the i-th card on a page. Backs are mirrored
// left to right, which is what long-edge duplex needs for every back to land
// behind its front; the grid is centred, so this reverses the columns.
func (g grid) slot(i int, back bool) (x, y float64) {
	col, row := i%g.cols, i/g.cols
	x = g.x0 + float64(col)*(g.w+g.gutter)
	y = g.y0 + float64(row)*(g.h+g.gutter)
	if back {
		x = g.page.w - x - g.w
	}
	return x, y
}

// cell is what the card at trim corner (x, y) may paint: its trim, its
// bleed up to the middle of each gutter and all of it on the sheet's
// outer sides, never within printEdge of the paper's edge. Fronts and
// mirrored backs alike sit on the grid's columns, as it is centred.
func (g grid) cell(x, y float64) rect {
	inner := min(g.bleed, g.gutter/2)
	ext := func(at, start, size float64, n int) (before, after float64) {
		i := int(math.Round((at - start) / (size + g.gutter)))
		before, after = inner, inner
		if i <= 0 {
			before = g.bleed
		}
		if i >= n-1 {
			after = g.bleed
		}
		return before, after
	}
	l, r := ext(x, g.x0, g.w, g.cols)
	t, b := ext(y, g.y0, g.h, g.rows)
	x0, y0 := max(x-l, printEdge), max(y-t, printEdge)
	x1, y1 := min(x+g.w+r, g.page.w-printEdge), min(y+g.h+b, g.page.h-printEdge)
	return rect{x0, y0, x1 - x0, y1 - y0}
}

// segment is a straight line from (x1, y1) to (x2, y2).
type segment struct{ x1, y1, x2, y2 float64 }

// mark is a crop mark; one drawn over the outer bleed (a card too big
// for room beside it) gets a white halo so it reads on any background.
type mark struct {
	segment
	overBleed bool
}

// cropMarks lists the short lines in line with every trim edge, in the
// margins round the grid, from markEdge inwards: beyond the bleed, markGap
// short of it, or, for a card too big for that, over the bleed, stopping
// markGap short of the trim. Only the first used slots (of the fronts, or
// of their mirrored backs) hold cards: a line that cuts none of them gets
// no mark, so a half-empty last sheet sends no scissors through blank
// paper.
func (g grid) cropMarks(used int, back bool) []mark {
	left, top := g.x0, g.y0
	right, bottom := left+g.span(g.cols, g.w), top+g.span(g.rows, g.h)
	var out []mark
	// reach places a mark beyond a trim that lies edge mm from the paper's
	// edge: its ends' distances from that paper edge, near (the trim's
	// side) and far.
	reach := func(edge float64) (near, far float64, over, ok bool) {
		near = edge - g.bleed - markGap
		if near-markEdge < minMarkLen-fitEps {
			near, over = edge-markGap, g.bleed > 0
		}
		far = max(markEdge, near-markLen)
		return near, far, over, near-far >= minMarkLen-fitEps
	}
	xs, ys := g.usedTrimLines(used, back)
	if n, f, over, ok := reach(top); ok {
		for _, x := range xs {
			out = append(out, mark{segment{x, f, x, n}, over})
		}
	}
	if n, f, over, ok := reach(g.page.h - bottom); ok {
		for _, x := range xs {
			out = append(out, mark{segment{x, g.page.h - n, x, g.page.h - f}, over})
		}
	}
	if n, f, over, ok := reach(left); ok {
		for _, y := range ys {
			out = append(out, mark{segment{f, y, n, y}, over})
		}
	}
	if n, f, over, ok := reach(g.page.w - right); ok {
		for _, y := range ys {
			out = append(out, mark{segment{g.page.w - n, y, g.page.w - f, y}, over})
		}
	}
	return out
}

// usedTrimLines are the trim lines, across and down, of the columns and
// rows the first used slots fill.
func (g grid) usedTrimLines(used int, back bool) (xs, ys []float64) {
	used = min(used, g.perPage())
	var cols, rows []float64
	for i := range used {
		x, y := g.slot(i, back)
		cols, rows = append(cols, x, x+g.w), append(rows, y, y+g.h)
	}
	return distinctSorted(cols), distinctSorted(rows)
}

// distinctSorted sorts vs and drops values within edgeEps of the one before.
func distinctSorted(vs []float64) []float64 {
	slices.Sort(vs)
	var out []float64
	for _, v := range vs {
		if len(out) == 0 || v-out[len(out)-1] > edgeEps {
			out = append(out, v)
		}
	}
	return out
}

// drawCropMarks draws the marks for the first used slots of a page.
func (g grid) drawCropMarks(pdf *fpdf.Fpdf, used int, back bool) {
	marks := g.cropMarks(used, back)
	for _, halo := range []bool{true, false} {
		if halo {
			stroke(pdf, white)
			pdf.SetLineWidth(0.8)
		} else {
			stroke(pdf, black)
			pdf.SetLineWidth(0.2)
		}
		for _, m := range marks {
			if halo && !m.overBleed {
				continue
			}
			pdf.Line(m.x1, m.y1, m.x2, m.y2)
		}
	}
}
