package svg

import (
	"bytes"
	"image/color"
	"math"
	"reflect"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
)

// A drawing whose every shape is filled and stroked with plain colours,
// clipped by nothing, can go into a PDF as paths: sharper than pixels and
// far cheaper to make. Vector gives those shapes, read by oksvg from the
// same document Draw hands it, so both ways see one drawing.

// Point is a point in the drawing's units, from the top-left corner of
// its viewBox.
type Point struct{ X, Y float64 }

// SegmentKind is what a segment of a path does.
type SegmentKind uint8

const (
	MoveTo SegmentKind = iota // to Pts[0]
	LineTo                    // to Pts[0]
	CubeTo                    // through Pts[0] and Pts[1] to Pts[2]
	Close
)

// Segment is one step of a path.
type Segment struct {
	Kind SegmentKind
	Pts  [3]Point
}

// Paint is a plain colour and how opaque it is drawn (0 to 1), its own
// alpha and every opacity above it together.
type Paint struct {
	R, G, B uint8
	Alpha   float64
}

// Shape is one painted shape; Fill or Stroke is nil where it has none.
type Shape struct {
	Path    []Segment
	Fill    *Paint
	EvenOdd bool // the fill rule; nonzero when false
	Stroke  *Paint
	// The stroke, lengths in the drawing's units (already scaled by the
	// shape's transforms, as Draw scales them).
	Width, MiterLimit float64
	Cap, Join         string // as PDF writers name them: butt/round/square, miter/round/bevel
	Dash              []float64
	DashOffset        float64
}

// Vector returns the drawing as shapes; false when something in it needs
// pixels (a gradient, a clip path, a join or cap PDF has no like of) or
// it has more than MaxVectorSegments segments.
func (d *Drawing) Vector() (shapes []Shape, ok bool) {
	if d.root.clipped {
		return nil, false
	}
	defer func() {
		if recover() != nil { // oksvg on a drawing from a pull request
			shapes, ok = nil, false
		}
	}()
	var doc bytes.Buffer
	d.writeDoc(&doc, nil, d.root.kids, false, rasterx.Identity)
	icon, err := oksvg.ReadIconStream(&doc, oksvg.StrictErrorMode)
	if err != nil {
		return nil, false
	}
	shapes = make([]Shape, 0, len(icon.SVGPaths))
	segments := 0
	for i := range icon.SVGPaths {
		s, ok := d.shapeOf(&icon.SVGPaths[i])
		if segments += len(s.Path); !ok || segments > MaxVectorSegments {
			return nil, false
		}
		shapes = append(shapes, s)
	}
	return shapes, true
}

// shapeOf is p as a Shape. oksvg keeps a path's paints and transform
// unexported (it only draws them): they are read by reflection, which
// go.mod's fixed oksvg version and TestVector keep honest.
func (d *Drawing) shapeOf(p *oksvg.SvgPath) (Shape, bool) {
	v := reflect.ValueOf(p).Elem()
	fill, okF := paintOf(v.FieldByName("fillerColor"), p.GetFillColor, p.FillOpacity)
	stroke, okS := paintOf(v.FieldByName("linerColor"), p.GetLineColor, p.LineOpacity)
	if !okF || !okS {
		return Shape{}, false
	}
	s := Shape{Fill: fill, EvenOdd: !p.UseNonZeroWinding, Stroke: stroke}
	if stroke != nil {
		if p.LineWidth <= 0 {
			s.Stroke = nil // a PDF line of width 0 is the thinnest a device draws; SVG draws none
		} else if !d.strokeOf(p, &s) {
			return Shape{}, false
		}
	}
	m := v.FieldByName("mAdder").FieldByName("M")
	var t rasterx.Matrix2D
	for i, f := range []*float64{&t.A, &t.B, &t.C, &t.D, &t.E, &t.F} {
		*f = m.Field(i).Float()
	}
	s.Path = d.segments(p.Path, t)
	return s, d.sane(s)
}

// sane reports whether s's numbers are ones a PDF can hold and a reader
// draws: finite, within a hundred times the drawing's size of it (a
// hostile transform can send a shape to 1e300).
func (d *Drawing) sane(s Shape) bool {
	far := 100 * max(d.W, d.H)
	ok := func(f float64) bool { return math.Abs(f) <= far } // false for NaN
	for _, seg := range s.Path {
		for _, p := range seg.Pts {
			if !ok(p.X) || !ok(p.Y) {
				return false
			}
		}
	}
	for _, f := range append([]float64{s.Width, s.DashOffset, s.MiterLimit}, s.Dash...) {
		if !ok(f) {
			return false
		}
	}
	return true
}

var nrgba = reflect.TypeOf(color.NRGBA{})

// paintOf reads paint, an oksvg fill or stroke (nil, a colour or a
// gradient); ok is false for anything but a plain colour or none.
func paintOf(paint reflect.Value, get func() color.Color, opacity float64) (*Paint, bool) {
	if paint.IsNil() {
		return nil, true
	}
	if paint.Elem().Type() != nrgba {
		return nil, false
	}
	c := get().(color.NRGBA)
	a := min(max(opacity*float64(c.A)/255, 0), 1)
	return &Paint{R: c.R, G: c.G, B: c.B, Alpha: a}, true
}

// strokeOf fills in s's stroke from p; false for caps and joins a PDF
// cannot draw (cubic and quadratic caps, arcs, miter-clip).
func (d *Drawing) strokeOf(p *oksvg.SvgPath, s *Shape) bool {
	caps := map[uintptr]string{
		reflect.ValueOf(rasterx.ButtCap).Pointer():   "butt",
		reflect.ValueOf(rasterx.RoundCap).Pointer():  "round",
		reflect.ValueOf(rasterx.SquareCap).Pointer(): "square",
	}
	lineCap := p.LineCap
	if lineCap == nil {
		lineCap = rasterx.ButtCap
	}
	s.Cap = caps[reflect.ValueOf(lineCap).Pointer()]
	if p.LeadLineCap != nil && reflect.ValueOf(p.LeadLineCap).Pointer() != reflect.ValueOf(lineCap).Pointer() {
		return false
	}
	s.Join = map[rasterx.JoinMode]string{rasterx.Miter: "miter", rasterx.Round: "round", rasterx.Bevel: "bevel"}[p.LineJoin]
	if s.Cap == "" || s.Join == "" {
		return false
	}
	s.Width, s.MiterLimit = p.LineWidth, max(p.MiterLimit, 1)
	for _, x := range p.Dash {
		if x < 0 {
			return false
		}
	}
	if len(p.Dash) > 0 {
		s.Dash, s.DashOffset = append([]float64(nil), p.Dash...), p.DashOffset
	}
	return true
}

// segments is path placed by t, from the viewBox's corner; a quadratic
// curve becomes the cubic that draws exactly it.
func (d *Drawing) segments(path rasterx.Path, t rasterx.Matrix2D) []Segment {
	at := func(i int) Point {
		x, y := t.Transform(float64(path[i])/64, float64(path[i+1])/64)
		return Point{x - d.x, y - d.y}
	}
	var out []Segment
	var last, start Point // the current point, and where its subpath began
	for i := 0; i < len(path); {
		var s Segment
		switch rasterx.PathCommand(path[i]) {
		case rasterx.PathMoveTo:
			s = Segment{Kind: MoveTo, Pts: [3]Point{at(i + 1)}}
			i += 3
		case rasterx.PathLineTo:
			s = Segment{Kind: LineTo, Pts: [3]Point{at(i + 1)}}
			i += 3
		case rasterx.PathQuadTo:
			q, e := at(i+1), at(i+3)
			s = Segment{Kind: CubeTo, Pts: [3]Point{lerp(last, q, 2.0/3), lerp(e, q, 2.0/3), e}}
			i += 5
		case rasterx.PathCubicTo:
			s = Segment{Kind: CubeTo, Pts: [3]Point{at(i + 1), at(i + 3), at(i + 5)}}
			i += 7
		default: // PathClose
			s = Segment{Kind: Close}
			i++
		}
		switch s.Kind {
		case MoveTo:
			last, start = s.Pts[0], s.Pts[0]
		case LineTo:
			last = s.Pts[0]
		case CubeTo:
			last = s.Pts[2]
		case Close:
			last = start
		}
		out = append(out, s)
	}
	return out
}

// lerp is the point k of the way from a to b.
func lerp(a, b Point, k float64) Point {
	return Point{a.X + (b.X-a.X)*k, a.Y + (b.Y-a.Y)*k}
}
