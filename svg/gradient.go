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

// at is the colour at the centre of pixel (x, y).
func (s *gradientSource) at(x, y int) color.RGBA {
	gx, gy := s.inv.Transform(float64(x)+0.5, float64(y)+0.5)
	ex, ey := gx-s.g.X1, gy-s.g.Y1
	var t float64
	if s.g.Radial {
		// The circle through the point, of the circles from the focus
		// (radius 0) out to the gradient's (radius R), as PDF's radial
		// shading: |e − t d| = t R, the larger root.
		ed := ex*s.d[0] + ey*s.d[1]
		t = (ed - math.Sqrt(ed*ed-s.a*(ex*ex+ey*ey))) / s.a
	} else {
		t = ex*s.dxdy[0] + ey*s.dxdy[1]
	}
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
