package svg

import (
	"image"
	"image/color"
	"math"
	"reflect"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
)

// rasterx works a gradient out pixel by pixel through an interface,
// every colour a new allocation: most of what drawing a gradient-filled
// drawing cost. So Draw fills a shape's gradient itself, from a table of
// colours along it (gradientOf reads it as Vector does), and leaves
// oksvg the rest of the shape (its stroke).

// lutSize is how many colours the table holds along a gradient: finer
// than a byte's steps of colour.
const lutSize = 1024

// gradientSource is a gradient as the scanner lays it.
type gradientSource struct {
	inv  rasterx.Matrix2D // from pixels to the gradient's coordinates
	g    *Gradient
	lut  [lutSize + 1]color.RGBA // premultiplied, from offset 0 to 1
	d    [2]float64              // radial: from the focus to the centre
	a    float64                 // radial: d·d − R², below 0 (the focus is inside)
	dxdy [2]float64              // linear: the axis over its length squared
}

func newGradientSource(g *Gradient, opacity float64) *gradientSource {
	s := &gradientSource{inv: g.Matrix.Invert(), g: g}
	stop := 0
	for i := range s.lut {
		t := float64(i) / lutSize
		for stop+1 < len(g.Stops) && g.Stops[stop+1].Offset < t {
			stop++
		}
		a, b := stop, min(stop+1, len(g.Stops)-1)
		k := 0.0
		if span := g.Stops[b].Offset - g.Stops[a].Offset; span > 0 {
			k = min(max((t-g.Stops[a].Offset)/span, 0), 1)
		} else if t >= g.Stops[b].Offset {
			k = 1
		}
		mix := func(x, y float64) float64 { return x + (y-x)*k }
		alpha := opacity * mix(g.opacities[a], g.opacities[b])
		ch := func(x, y uint8) uint8 { return uint8(mix(float64(x), float64(y))*alpha + 0.5) }
		s.lut[i] = color.RGBA{ch(g.Stops[a].R, g.Stops[b].R), ch(g.Stops[a].G, g.Stops[b].G), ch(g.Stops[a].B, g.Stops[b].B), uint8(255*alpha + 0.5)}
	}
	if g.Radial {
		s.d = [2]float64{g.X2 - g.X1, g.Y2 - g.Y1}
		s.a = s.d[0]*s.d[0] + s.d[1]*s.d[1] - g.R*g.R
	} else {
		dx, dy := g.X2-g.X1, g.Y2-g.Y1
		l := dx*dx + dy*dy
		s.dxdy = [2]float64{dx / l, dy / l}
	}
	return s
}

// along is where the point (x, y), in the gradient's coordinates, is
// along it: 0 at its start, 1 at its end, on past either.
func (s *gradientSource) along(x, y float64) float64 {
	ex, ey := x-s.g.X1, y-s.g.Y1
	if !s.g.Radial {
		return ex*s.dxdy[0] + ey*s.dxdy[1]
	}
	// The circle through the point, of the circles from the focus
	// (radius 0) out to the gradient's (radius R), as PDF's radial
	// shading: |e − t d| = t R, the larger root.
	ed := ex*s.d[0] + ey*s.d[1]
	return (ed - math.Sqrt(ed*ed-s.a*(ex*ex+ey*ey))) / s.a
}

// at is the colour at the centre of pixel (x, y).
func (s *gradientSource) at(x, y int) color.RGBA {
	t := s.along(s.inv.Transform(float64(x)+0.5, float64(y)+0.5))
	switch s.g.spread {
	case rasterx.RepeatSpread:
		t -= math.Floor(t)
	case rasterx.ReflectSpread:
		t = math.Abs(t - 2*math.Floor(t/2+0.5)) // distance to the nearest even number
	}
	if !(t > 0) { // NaN too
		t = 0
	}
	return s.lut[int(min(t, 1)*lutSize+0.5)]
}

var gradientType = reflect.TypeOf(rasterx.Gradient{})

// fillGradient fills p's gradient fill, if it has one, through r (whose
// scanner is Draw's), placed in the picture by px, and takes it off p.
func (d *Drawing) fillGradient(p *oksvg.SvgPath, px rasterx.Matrix2D, r *rasterx.Dasher, evenOdd bool) {
	v := reflect.ValueOf(p).Elem().FieldByName("fillerColor")
	if v.IsNil() || v.Elem().Type() != gradientType {
		return
	}
	t := matrixOf(p)
	paint := d.gradientOf(v.Elem(), p.FillOpacity, p.Path, t, px, rasterx.Identity)
	p.SetFillColor(nil)
	if paint == nil {
		return
	}
	f := &r.Filler
	f.Clear()
	f.SetWinding(!evenOdd)
	p.Path.AddTo(&rasterx.MatrixAdder{Adder: f, M: px.Mult(t)})
	if paint.Gradient == nil {
		f.SetColor(color.NRGBA{paint.R, paint.G, paint.B, uint8(255*paint.Alpha + 0.5)})
	} else {
		f.SetColor(newGradientSource(paint.Gradient, min(max(p.FillOpacity, 0), 1)))
	}
	f.Draw()
	f.SetWinding(true)
}

// The scanner takes a gradientSource as its source picture.
func (s *gradientSource) ColorModel() color.Model { return color.RGBAModel }
func (s *gradientSource) Bounds() image.Rectangle { return funcImage(nil).Bounds() }
func (s *gradientSource) At(x, y int) color.Color { return s.at(x, y) }

// unrolled is g, which repeats or reflects, as a padded gradient over the
// whole of path (in the drawing's units): its stops once for each time
// it repeats across the path's points (control points included, which
// hold the curves), every other time reversed where it reflects; false
// when that makes more than maxStops stops.
func (g *Gradient) unrolled(path []Segment) (*Gradient, bool) {
	src := newGradientSource(g, 1)
	inv := g.Matrix.Invert()
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, seg := range path {
		for _, p := range seg.Pts[:map[SegmentKind]int{MoveTo: 1, LineTo: 1, CubeTo: 3}[seg.Kind]] {
			t := src.along(inv.Transform(p.X, p.Y))
			lo, hi = min(lo, t), max(hi, t)
		}
	}
	if g.Radial {
		lo = 0 // the circles start at the focus
	}
	from, to := math.Floor(lo+1e-9), math.Ceil(hi-1e-9) // not a time more for a rounding
	if !(to-from <= maxStops) {
		return nil, false // NaN too
	}
	times := max(int(to-from), 1)
	out := *g
	out.spread, out.Stops, out.opacities = rasterx.PadSpread, nil, nil
	for k := range times {
		n := int(from) + k
		reverse := g.spread == rasterx.ReflectSpread && n%2 != 0
		// Each time from 0 to 1: its first colour from 0, its last to 1.
		stops := append(append([]Stop{g.Stops[0]}, g.Stops...), g.Stops[len(g.Stops)-1])
		ops := append(append([]float64{g.opacities[0]}, g.opacities...), g.opacities[len(g.opacities)-1])
		stops[0].Offset, stops[len(stops)-1].Offset = 0, 1
		for i := range stops {
			j := i
			if reverse {
				j = len(stops) - 1 - i
			}
			st := stops[j]
			if reverse {
				st.Offset = 1 - st.Offset
			}
			st.Offset = (float64(k) + st.Offset) / float64(times)
			out.Stops, out.opacities = append(out.Stops, st), append(out.opacities, ops[j])
		}
	}
	if len(out.Stops) > maxStops {
		return nil, false
	}
	f0, f1 := float64(int(from)), float64(int(from)+times)
	if g.Radial {
		// Circles from the focus, radius 0, out to time f1's.
		out.X2, out.Y2, out.R = g.X1+f1*(g.X2-g.X1), g.Y1+f1*(g.Y2-g.Y1), f1*g.R
	} else {
		out.X1, out.Y1 = g.X1+f0*(g.X2-g.X1), g.Y1+f0*(g.Y2-g.Y1)
		out.X2, out.Y2 = g.X1+f1*(g.X2-g.X1), g.Y1+f1*(g.Y2-g.Y1)
	}
	return &out, true
}
