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
// Like ScannerGV it fills by the non-zero rule whatever the winding asked.
type scanner struct {
	dst    *image.RGBA
	r      vector.Rasterizer
	pts    []fixed.Point26_6 // the shape's points; a new figure starts at each start
	starts []int
	min    fixed.Point26_6
	max    fixed.Point26_6
	src    image.Image
	mask   image.Alpha // the shape's coverage over its box
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
	s.r.Reset(box.Dx(), box.Dy())
	ox, oy := float32(box.Min.X), float32(box.Min.Y)
	at := func(p fixed.Point26_6) (float32, float32) { return float32(p.X)/64 - ox, float32(p.Y)/64 - oy }
	for i, start := range s.starts {
		end := len(s.pts)
		if i+1 < len(s.starts) {
			end = s.starts[i+1]
		}
		s.r.MoveTo(at(s.pts[start]))
		for _, p := range s.pts[start+1 : end] {
			s.r.LineTo(at(p))
		}
	}
	// Coverage into a mask (the rasteriser's fastest path), then laid
	// over the picture here: an opaque colour where coverage is whole is
	// a plain store, which the rasteriser's own compositing never is.
	w, h := box.Dx(), box.Dy()
	s.mask.Pix = slices.Grow(s.mask.Pix[:0], w*h)[:w*h]
	s.mask.Stride, s.mask.Rect = w, image.Rect(0, 0, w, h)
	s.r.DrawOp = draw.Src
	s.r.Draw(&s.mask, s.mask.Rect, image.Opaque, image.Point{})
	s.lay(box)
}

// lay lays the source over the picture in box through the mask.
func (s *scanner) lay(box image.Rectangle) {
	uniform, isUniform := s.src.(*image.Uniform)
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
			if !isUniform {
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
	}
}

func (s *scanner) SetWinding(bool) {}

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
