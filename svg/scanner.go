package svg

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"slices"

	"github.com/srwiley/rasterx"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"
)

// scanner is rasterx's ScannerGV made to work over each shape's box
// rather than the whole picture: ScannerGV clears and fills a coverage
// buffer the size of the picture for every shape, so a small shape cost
// as much as one that covers everything. This one keeps the shape's
// points, then rasterises them in a buffer the size of their box.
// Unlike ScannerGV it fills by the even-odd rule when asked.
type scanner struct {
	dst    *image.RGBA
	r      vector.Rasterizer
	pts    []fixed.Point26_6 // the shape's points; a new figure starts at each start
	starts []int
	min    fixed.Point26_6
	max    fixed.Point26_6
	src    image.Image
	mask   image.Alpha // the shape's coverage over its box
	// evenOdd: the shape is filled by the even-odd rule (oksvg says so
	// through SetWinding); acc is coverEvenOdd's buffer.
	evenOdd bool
	acc     []float32
}

func newScanner(dst *image.RGBA) *scanner {
	s := &scanner{dst: dst, src: image.NewUniform(color.Black)}
	s.Clear()
	return s
}

func (s *scanner) grow(a fixed.Point26_6) {
	s.min.X, s.min.Y = min(s.min.X, a.X), min(s.min.Y, a.Y)
	s.max.X, s.max.Y = max(s.max.X, a.X), max(s.max.Y, a.Y)
}

func (s *scanner) Start(a fixed.Point26_6) {
	s.grow(a)
	s.starts = append(s.starts, len(s.pts))
	s.pts = append(s.pts, a)
}

func (s *scanner) Line(b fixed.Point26_6) {
	s.grow(b)
	s.pts = append(s.pts, b)
}

func (s *scanner) GetPathExtent() fixed.Rectangle26_6 {
	return fixed.Rectangle26_6{Min: s.min, Max: s.max}
}

func (s *scanner) Draw() {
	box := image.Rect(s.min.X.Floor(), s.min.Y.Floor(), s.max.X.Ceil(), s.max.Y.Ceil()).Intersect(s.dst.Bounds())
	if box.Empty() || len(s.pts) == 0 {
		return
	}
	w, h := box.Dx(), box.Dy()
	s.mask.Pix = slices.Grow(s.mask.Pix[:0], w*h)[:w*h]
	s.mask.Stride, s.mask.Rect = w, image.Rect(0, 0, w, h)
	if s.evenOdd {
		s.coverEvenOdd(box)
		s.lay(box)
		return
	}
	s.r.Reset(w, h)
	ox, oy := float32(box.Min.X), float32(box.Min.Y)
	at := func(p fixed.Point26_6) (float32, float32) { return float32(p.X)/64 - ox, float32(p.Y)/64 - oy }
	s.figures(func(a, b fixed.Point26_6, first bool) {
		if first {
			s.r.MoveTo(at(a))
		}
		s.r.LineTo(at(b))
	})
	// Coverage into a mask (the rasteriser's fastest path), then laid
	// over the picture here: an opaque colour where coverage is whole is
	// a plain store, which the rasteriser's own compositing never is.
	s.r.DrawOp = draw.Src
	s.r.Draw(&s.mask, s.mask.Rect, image.Opaque, image.Point{})
	s.lay(box)
}

// figures calls edge for every edge of the shape as rasterx gave it;
// first marks a figure's first edge. A figure is not closed here: the
// filler closes its own, and the stroker's pieces close one another.
func (s *scanner) figures(edge func(a, b fixed.Point26_6, first bool)) {
	for i, start := range s.starts {
		end := len(s.pts)
		if i+1 < len(s.starts) {
			end = s.starts[i+1]
		}
		fig := s.pts[start:end]
		if len(fig) == 1 {
			edge(fig[0], fig[0], true)
		}
		for j := 1; j < len(fig); j++ {
			edge(fig[j-1], fig[j], j == 1)
		}
	}
}

// coverEvenOdd sets the mask to the shape's coverage by the even-odd
// rule, which golang.org/x/image/vector does not have. Each edge adds,
// to the cells it crosses, the signed area it leaves to their right
// (its winding times the share of each cell's height it spans); adding
// the cells up along a row gives each pixel its winding, antialiased;
// the even-odd rule folds it, 1 and 3 inside, 0 and 2 outside.
func (s *scanner) coverEvenOdd(box image.Rectangle) {
	w, h := box.Dx(), box.Dy()
	stride := w + 2 // room for what an edge at the right leaves
	s.acc = slices.Grow(s.acc[:0], stride*h)[:stride*h]
	clear(s.acc)
	ox, oy := float64(box.Min.X), float64(box.Min.Y)
	s.figures(func(a, b fixed.Point26_6, _ bool) {
		s.edge(float64(a.X)/64-ox, float64(a.Y)/64-oy, float64(b.X)/64-ox, float64(b.Y)/64-oy, w, h, stride)
	})
	for y := range h {
		sum := float32(0)
		for x := range w {
			sum += s.acc[y*stride+x]
			c := float32(math.Mod(math.Abs(float64(sum)), 2))
			if c > 1 {
				c = 2 - c
			}
			s.mask.Pix[y*w+x] = uint8(c*255 + 0.5)
		}
	}
}

// edge accumulates the edge from (x0, y0) to (x1, y1) into s.acc, row by
// row. Where it runs outside the box, it is cut where it leaves it and
// the part outside laid along the box's side: left of the box it still
// counts for every pixel to its right, right of it for none.
func (s *scanner) edge(x0, y0, x1, y1 float64, w, h, stride int) {
	if y0 == y1 {
		return
	}
	dir := float32(1)
	if y0 > y1 {
		dir, x0, y0, x1, y1 = -1, x1, y1, x0, y0
	}
	dxdy := (x1 - x0) / (y1 - y0)
	xAt := func(y float64) float64 { return min(max(x0+(y-y0)*dxdy, 0), float64(w)) }
	var cuts []float64 // where it crosses the box's sides
	if dxdy != 0 {
		for _, side := range []float64{0, float64(w)} {
			if y := y0 + (side-x0)/dxdy; y > y0 && y < y1 {
				cuts = append(cuts, y)
			}
		}
		slices.Sort(cuts)
	}
	for y := max(0, int(math.Floor(y0))); y < min(h, int(math.Ceil(y1))); y++ {
		row := s.acc[y*stride : (y+1)*stride]
		top, bottom := max(float64(y), y0), min(float64(y+1), y1)
		for _, c := range cuts {
			if c > top && c < bottom {
				s.span(row, xAt(top), xAt(c), dir*float32(c-top))
				top = c
			}
		}
		s.span(row, xAt(top), xAt(bottom), dir*float32(bottom-top))
	}
}

// span adds, to one row, a piece of edge from x a to x b spanning d of
// the row's height (signed by its direction): each cell gets the part of
// d left to its right within it, the cell after the rest.
func (s *scanner) span(row []float32, a, b float64, d float32) {
	if a > b {
		a, b = b, a
	}
	i, j := int(a), int(b)
	if i == j || b == float64(j) && j == i+1 {
		// Within one cell: the area right of the edge is its height
		// times the mean distance to the cell's right side.
		mid := float32((a+b)/2 - float64(i))
		row[i] += d * (1 - mid)
		row[i+1] += d * mid
		return
	}
	// Across cells: the edge's height divides evenly along x; cell k
	// gets the area right of the edge inside it.
	slope := d / float32(b-a) // height per unit of x
	cover := func(x0, x1 float64) (inCell, after float32) {
		// The part of the edge from x0 to x1 within cell floor(x0).
		h := slope * float32(x1-x0)
		c := float64(int(x0))
		return h * float32(1-((x0+x1)/2-c)), h * float32((x0+x1)/2-c)
	}
	x := a
	for k := i; float64(k) < b; k++ {
		next := min(float64(k+1), b)
		in, after := cover(x, next)
		row[k] += in
		row[k+1] += after
		x = next
	}
}

// lay lays the source over the picture in box through the mask.
func (s *scanner) lay(box image.Rectangle) {
	uniform, isUniform := s.src.(*image.Uniform)
	grad, _ := s.src.(*gradientSource)
	var sr, sg, sb, sa uint32
	if isUniform {
		sr, sg, sb, sa = uniform.C.RGBA()
		sr, sg, sb, sa = sr>>8, sg>>8, sb>>8, sa>>8
	}
	w := box.Dx()
	for y := range box.Dy() {
		row := s.dst.Pix[s.dst.PixOffset(box.Min.X, box.Min.Y+y):]
		cover := s.mask.Pix[y*w : y*w+w]
		for x, m := range cover {
			if m == 0 {
				continue
			}
			if grad != nil {
				c := grad.at(box.Min.X+x, box.Min.Y+y)
				sr, sg, sb, sa = uint32(c.R), uint32(c.G), uint32(c.B), uint32(c.A)
			} else if !isUniform {
				sr, sg, sb, sa = s.src.At(box.Min.X+x, box.Min.Y+y).RGBA()
				sr, sg, sb, sa = sr>>8, sg>>8, sb>>8, sa>>8
			}
			p := row[4*x : 4*x+4 : 4*x+4]
			if m == 0xff && sa == 0xff {
				p[0], p[1], p[2], p[3] = uint8(sr), uint8(sg), uint8(sb), 0xff
				continue
			}
			// Premultiplied over: the source scaled by coverage, the
			// destination by what the source leaves.
			k := uint32(m)
			a := sa * k / 0xff
			p[0] = uint8((sr*k + uint32(p[0])*(0xff-a)) / 0xff)
			p[1] = uint8((sg*k + uint32(p[1])*(0xff-a)) / 0xff)
			p[2] = uint8((sb*k + uint32(p[2])*(0xff-a)) / 0xff)
			p[3] = uint8((sa*k + uint32(p[3])*(0xff-a)) / 0xff)
		}
	}
}

func (s *scanner) SetBounds(int, int) {}

func (s *scanner) SetColor(c any) {
	switch c := c.(type) {
	case color.Color:
		s.src = image.NewUniform(c)
	case rasterx.ColorFunc:
		s.src = funcImage(c)
	case *gradientSource:
		s.src = c
	}
}

func (s *scanner) SetWinding(nonZero bool) { s.evenOdd = !nonZero }

func (s *scanner) Clear() {
	s.pts, s.starts = s.pts[:0], s.starts[:0]
	const far = fixed.Int26_6(math.MaxInt32)
	s.min, s.max = fixed.Point26_6{X: far, Y: far}, fixed.Point26_6{X: -far, Y: -far}
}

func (s *scanner) SetClip(image.Rectangle) {}

// funcImage is a gradient as a picture, in the destination's pixels.
type funcImage rasterx.ColorFunc

func (f funcImage) ColorModel() color.Model { return color.RGBAModel }
func (f funcImage) Bounds() image.Rectangle {
	return image.Rect(math.MinInt32/2, math.MinInt32/2, math.MaxInt32/2, math.MaxInt32/2)
}
func (f funcImage) At(x, y int) color.Color { return f(x, y) }
