package svg

import (
	"bytes"
	"math"
	"reflect"
	"slices"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
)

// A drawing whose shapes are filled with colours and gradients and
// stroked with colours, clipped by clip paths or not, can go into a PDF
// as paths: sharper than pixels and far cheaper to make. Vector gives
// those shapes, read by oksvg from the same documents Draw hands it, so
// both ways see one drawing.

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

// Paint is a plain colour, or a gradient, and how opaque it is drawn (0
// to 1): its own alpha (a gradient's stops' common opacity) and every
// opacity above it together.
type Paint struct {
	R, G, B  uint8
	Alpha    float64
	Gradient *Gradient // nil for a plain colour
}

// Gradient is a linear or radial gradient padded at both ends (SVG's
// spreadMethod pad), in coordinates of its own that Matrix places.
type Gradient struct {
	Radial bool
	// Linear: from (X1, Y1) to (X2, Y2). Radial: from the focus (X1, Y1)
	// out to the circle round (X2, Y2) of radius R.
	X1, Y1, X2, Y2, R float64
	// Stops in order, offsets from 0 to 1 and never decreasing (as SVG
	// reads them: clamped, each at least the one before).
	Stops []Stop
	// Matrix takes the gradient's coordinates to the drawing's (as a
	// Point): x' = A x + C y + E, y' = B x + D y + F, the gradient's
	// units (userSpaceOnUse or the shape's box), its gradientTransform
	// and the shape's transforms in one.
	Matrix rasterx.Matrix2D
	// What only pixels draw (Vector refuses a gradient with it): a
	// spreadMethod other than pad.
	spread rasterx.SpreadMethod
	// Each stop's own opacity (see Opacities).
	opacities []float64
}

// vectorable reports whether a PDF shading draws g: padded (unrolled
// has made one that repeats or reflects padded), of at most maxStops
// stops.
func (g *Gradient) vectorable() bool {
	return g.spread == rasterx.PadSpread && len(g.Stops) <= maxStops
}

// Opacities is each stop's own opacity, in the order of Stops, where
// they differ (a PDF draws them as a soft mask: the same gradient in
// greys); nil where all are one, which the paint's Alpha holds.
func (g *Gradient) Opacities() []float64 {
	if g.oneOpacity() {
		return nil
	}
	return slices.Clone(g.opacities)
}

func (g *Gradient) oneOpacity() bool {
	for _, op := range g.opacities {
		if math.Abs(op-g.opacities[0]) > 1e-6 {
			return false
		}
	}
	return true
}

// Stop is a gradient's colour at an offset along it.
type Stop struct {
	Offset  float64
	R, G, B uint8
}

// Clip is a clip path: what is drawn inside it shows only inside Path,
// filled by the even-odd rule or the non-zero one.
type Clip struct {
	Path    []Segment
	EvenOdd bool
}

// Shape is one painted shape; Fill or Stroke is nil where it has none.
// Or, where Group is not nil, a group of shapes drawn as one layer (the
// rest of the Shape unset but its Clips).
type Shape struct {
	Group   *Group
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
	// Clips are the clip paths the shape is drawn inside, outermost
	// first; the shapes of one clipped element share them (the same
	// pointers), so a writer can clip once for all of them.
	Clips []*Clip
}

// Group is shapes drawn on each other as one layer, then laid over what
// is under them at Alpha (an SVG opacity over shapes that overlap:
// see markLayers). The clips of its shapes are those inside it.
type Group struct {
	Alpha  float64
	Shapes []Shape
}

// Vector returns the drawing as shapes; false when something in it needs
// pixels (see vectorizer) or it has more than MaxVectorSegments segments,
// clip paths included.
func (d *Drawing) Vector() (shapes []Shape, ok bool) {
	return d.vector(maxVectorRead)
}

// vector is Vector reading at most maxRead bytes.
func (d *Drawing) vector(maxRead int) (shapes []Shape, ok bool) {
	defer func() {
		if recover() != nil { // oksvg on a drawing from a pull request
			shapes, ok = nil, false
		}
	}()
	v := &vectorizer{d: d, maxRead: maxRead}
	if !v.run(nil, d.root.kids, nil) {
		return nil, false
	}
	return v.shapes, true
}

// vectorizer walks the drawing as Draw does (drawRun): runs of elements
// that nothing clips are read by oksvg in one piece each; a clipped
// element's clip path is read as Draw reads its mask, and what it clips
// is read inside it. What needs pixels: a gradient on a stroke, a
// gradient that repeats or reflects (spreadMethod), stops of differing
// opacity, a clip path of several shapes one of which has more than one
// outline, joins and caps a PDF has no like of. An opacity over paints
// that overlap (node.layered) makes a Group.
type vectorizer struct {
	d        *Drawing
	shapes   []Shape
	segments int
	read     int // bytes handed to oksvg, each piece with every gradient
	maxRead  int // maxVectorRead, but in tests
}

// maxVectorRead bounds the bytes Vector hands oksvg: a piece is read for
// each run of unclipped elements, each clip path and each clipped element,
// every one with the drawing's gradients, so a drawing of many clips
// would be read many times over; past this (a second or two of reading)
// it is drawn in pixels, which loading has bounded by what its clips
// cost.
const maxVectorRead = MaxBytes

// count adds n segments; false once over MaxVectorSegments.
func (v *vectorizer) count(n int) bool {
	v.segments += n
	return v.segments <= MaxVectorSegments
}

func (v *vectorizer) run(around, nodes []*node, clips []*Clip) bool {
	var run []*node
	flush := func() bool {
		ok := len(run) == 0 || v.paint(around, run, clips)
		run = nil
		return ok
	}
	for _, n := range nodes {
		switch {
		case n.name == "defs":
		case !n.apart:
			run = append(run, n)
		case !flush():
			return false
		case n.layered:
			if !v.layer(around, n, clips) {
				return false
			}
		case n.clip == nil: // something inside it is clipped
			if !v.run(append(around, n), n.kids, clips) {
				return false
			}
		case !v.clipped(around, n, clips):
			return false
		}
	}
	return flush()
}

// layer adds n, drawn without its opacity, as a Group at that opacity
// inside clips.
func (v *vectorizer) layer(around []*node, n *node, clips []*Clip) bool {
	outer := v.shapes
	v.shapes = nil
	ok := v.run(around, []*node{fadeless(n)}, nil)
	op, _ := opacityOf(n)
	v.shapes = append(outer, Shape{Group: &Group{Alpha: op, Shapes: v.shapes}, Clips: clips})
	return ok
}

// readPiece has oksvg read nodes inside the groups around, in the drawing's
// units; mask reads them as a clip path's shapes.
func (v *vectorizer) readPiece(around, nodes []*node, mask bool) ([]oksvg.SvgPath, []bool, bool) {
	var doc bytes.Buffer
	v.d.writeDoc(&doc, around, nodes, mask, rasterx.Identity)
	if v.read += doc.Len(); v.read > v.maxRead {
		return nil, nil, false
	}
	icon, err := oksvg.ReadIconStream(&doc, oksvg.StrictErrorMode)
	if err != nil {
		return nil, nil, false
	}
	rules := fillRules(icon)
	return icon.SVGPaths, rules, true
}

// paint adds the shapes of nodes, drawn inside clips.
func (v *vectorizer) paint(around, nodes []*node, clips []*Clip) bool {
	paths, rules, ok := v.readPiece(around, nodes, false)
	if !ok {
		return false
	}
	for i := range paths {
		s, ok := v.d.shapeOf(&paths[i], rules[i])
		if !ok || !v.count(len(s.Path)) {
			return false
		}
		s.Clips = clips
		v.shapes = append(v.shapes, s)
	}
	return true
}

// clipped adds the shapes of n, clipped by its clip path inside clips.
func (v *vectorizer) clipped(around []*node, n *node, clips []*Clip) bool {
	if len(clips) >= MaxClipNesting {
		return false // Draw refuses it too
	}
	clip, ok := v.clipOf(around, n)
	if !ok {
		return false
	}
	if clip == nil {
		return true // an empty clip path: nothing of n shows
	}
	inside := append(slices.Clip(clips), clip)
	inner, group := unclipped(n)
	if group != nil {
		return v.run(append(around, group), n.kids, inside)
	}
	return v.paint(around, []*node{inner}, inside)
}

// clipOf is n's clip path as one path: nil when it has no shapes. PDF
// clips to one path at a time, so the shapes of a clip path of several
// are joined into one, each outline turned the same way round, which the
// non-zero rule fills as their union; false when one of several has more
// than one outline (a hole would be filled).
func (v *vectorizer) clipOf(around []*node, n *node) (*Clip, bool) {
	paths, rules, ok := v.readPiece(around, []*node{v.d.clipSpace(n)}, true)
	if !ok {
		return nil, false
	}
	var clip Clip
	for i := range paths {
		p := &paths[i]
		path := v.d.segments(p.Path, matrixOf(p))
		if len(paths) == 1 {
			clip = Clip{Path: path, EvenOdd: rules[i]}
			break
		}
		if outlines(path) > 1 {
			return nil, false
		}
		if area(path) < 0 {
			path = reversed(path)
		}
		clip.Path = append(clip.Path, path...)
	}
	if len(clip.Path) == 0 {
		return nil, true
	}
	if !v.count(len(clip.Path)) || !v.d.saneCoords(clip.Path) {
		return nil, false
	}
	return &clip, true
}

// matrixOf is the transform oksvg keeps for p, unexported (it only
// draws it): read by reflection, as shapeOf reads paints.
func matrixOf(p *oksvg.SvgPath) rasterx.Matrix2D {
	m := reflect.ValueOf(p).Elem().FieldByName("mAdder").FieldByName("M")
	var t rasterx.Matrix2D
	for i, f := range []*float64{&t.A, &t.B, &t.C, &t.D, &t.E, &t.F} {
		*f = m.Field(i).Float()
	}
	return t
}

// shapeOf is p as a Shape, filled by the even-odd rule or not. oksvg
// keeps a path's paints and transform unexported (it only draws them):
// they are read by reflection, which go.mod's fixed oksvg version and
// TestVector keep honest.
func (d *Drawing) shapeOf(p *oksvg.SvgPath, evenOdd bool) (Shape, bool) {
	v := reflect.ValueOf(p).Elem()
	t := matrixOf(p)
	corner := rasterx.Identity.Translate(-d.x, -d.y)
	fill := d.paintOf(v.FieldByName("fillerColor"), p.FillOpacity, p.Path, t, corner, corner)
	stroke := d.paintOf(v.FieldByName("linerColor"), p.LineOpacity, p.Path, t, corner, corner)
	if g := fill.gradient(); g != nil && g.spread != rasterx.PadSpread {
		u, ok := g.unrolled(d.segments(p.Path, t))
		if !ok {
			return Shape{}, false
		}
		fill.Gradient = u
	}
	if g := fill.gradient(); g != nil && !g.vectorable() || stroke.gradient() != nil {
		return Shape{}, false // and a PDF can clip only to a fill, not to a stroke
	}
	s := Shape{Fill: fill, EvenOdd: evenOdd, Stroke: stroke}
	if stroke != nil {
		if p.LineWidth <= 0 {
			s.Stroke = nil // a PDF line of width 0 is the thinnest a device draws; SVG draws none
		} else if !d.strokeOf(p, &s) {
			return Shape{}, false
		}
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
	for _, f := range append([]float64{s.Width, s.DashOffset, s.MiterLimit}, s.Dash...) {
		if !ok(f) {
			return false
		}
	}
	if g := s.Fill.gradient(); g != nil {
		m := g.Matrix
		// Its coordinates are ones the matrix takes into the drawing, and
		// the matrix keeps a gradient's length within a millionth and a
		// hundred times the drawing's.
		for _, f := range []float64{g.X1, g.Y1, g.X2, g.Y2, g.R, m.A, m.B, m.C, m.D, m.E, m.F} {
			if !(math.Abs(f) <= 1e6*far) {
				return false
			}
		}
		if det := math.Abs(m.A*m.D - m.B*m.C); !(det > 1e-12*far*far) || det > far*far*1e6 {
			return false
		}
		for _, p := range []Point{{g.X1, g.Y1}, {g.X2, g.Y2}} {
			x, y := m.Transform(p.X, p.Y)
			if !ok(x) || !ok(y) {
				return false
			}
		}
	}
	return d.saneCoords(s.Path)
}

func (p *Paint) gradient() *Gradient {
	if p == nil {
		return nil
	}
	return p.Gradient
}

// saneCoords: sane for a path alone.
func (d *Drawing) saneCoords(path []Segment) bool {
	far := 100 * max(d.W, d.H)
	for _, seg := range path {
		for _, p := range seg.Pts {
			if !(math.Abs(p.X) <= far && math.Abs(p.Y) <= far) {
				return false
			}
		}
	}
	return true
}

// paintOf reads paint, an oksvg fill or stroke (nil, a colour or a
// gradient) of path, see gradientOf.
func (d *Drawing) paintOf(paint reflect.Value, opacity float64, path rasterx.Path, t, pre, post rasterx.Matrix2D) *Paint {
	if paint.IsNil() {
		return nil
	}
	if paint.Elem().Type() == reflect.TypeOf(rasterx.Gradient{}) {
		return d.gradientOf(paint.Elem(), opacity, path, t, pre, post)
	}
	r, g, b, a := rgbaOf(paint.Elem())
	return &Paint{R: r, G: g, B: b, Alpha: min(max(opacity*float64(a)/255, 0), 1)}
}

// rgbaOf is a colour oksvg holds (color.NRGBA or color.RGBA, opaque).
func rgbaOf(c reflect.Value) (r, g, b, a uint8) {
	for c.Kind() == reflect.Interface || c.Kind() == reflect.Pointer {
		if c.IsNil() {
			return 0, 0, 0, 0xff // SVG's default stop colour: black
		}
		c = c.Elem()
	}
	if c.Kind() != reflect.Struct || c.NumField() != 4 {
		return 0, 0, 0, 0xff
	}
	return uint8(c.Field(0).Uint()), uint8(c.Field(1).Uint()), uint8(c.Field(2).Uint()), uint8(c.Field(3).Uint())
}

// maxStops bounds the stops of a gradient drawn as vectors, those of
// each time it repeats included: each is a function written into the PDF
// (once, some 90 bytes); one with more is drawn in pixels.
const maxStops = 128

// gradientOf reads g, an oksvg rasterx.Gradient painting path (in its own
// units, which t places in the document written for oksvg). Its Matrix
// is pre ∘ t ∘ the shape's box ∘ its gradientTransform for
// objectBoundingBox, post ∘ gradientTransform for userSpaceOnUse (the
// writer has put the shape's placement into a copy's gradientTransform).
// It is a plain colour where SVG paints one: a gradient of one stop, or
// of no length; nil (nothing painted) where it has no stops or its box
// has no width or height.
func (d *Drawing) gradientOf(g reflect.Value, opacity float64, path rasterx.Path, t, pre, post rasterx.Matrix2D) *Paint {
	stops := g.FieldByName("Stops")
	if stops.Len() == 0 {
		return nil
	}
	out := &Gradient{Radial: g.FieldByName("IsRadial").Bool(), spread: rasterx.SpreadMethod(g.FieldByName("Spread").Uint())}
	last := 0.0
	for i := range stops.Len() {
		st := stops.Index(i)
		last = max(last, min(max(st.FieldByName("Offset").Float(), 0), 1))
		r, gg, b, _ := rgbaOf(st.FieldByName("StopColor"))
		out.Stops = append(out.Stops, Stop{Offset: last, R: r, G: gg, B: b})
		out.opacities = append(out.opacities, min(max(st.FieldByName("Opacity").Float(), 0), 1))
	}
	paint := &Paint{Alpha: min(max(opacity*out.opacities[0], 0), 1), Gradient: out}
	if !out.oneOpacity() {
		paint.Alpha = min(max(opacity, 0), 1) // the stops' own go with them
	}
	n := len(out.Stops) - 1
	end := out.Stops[n]
	plain := &Paint{R: end.R, G: end.G, B: end.B, Alpha: min(max(opacity*out.opacities[n], 0), 1)}
	var pts [5]float64
	for i := range pts {
		pts[i] = g.FieldByName("Points").Index(i).Float()
	}
	if out.Radial {
		cx, cy, fx, fy, r := pts[0], pts[1], pts[2], pts[3], pts[4]
		if r <= 0 {
			return plain
		}
		// A focus outside the circle is moved onto it (SVG 1.1), just
		// inside, where a PDF's radial shading still draws a cone.
		if dist := math.Hypot(fx-cx, fy-cy); dist > 0.999*r {
			k := 0.999 * r / dist
			fx, fy = cx+(fx-cx)*k, cy+(fy-cy)*k
		}
		out.X1, out.Y1, out.X2, out.Y2, out.R = fx, fy, cx, cy, r
	} else {
		out.X1, out.Y1, out.X2, out.Y2 = pts[0], pts[1], pts[2], pts[3]
		if out.X1 == out.X2 && out.Y1 == out.Y2 {
			return plain
		}
	}
	if len(out.Stops) == 1 {
		return plain
	}
	m := g.FieldByName("Matrix")
	var gt rasterx.Matrix2D
	for i, f := range []*float64{&gt.A, &gt.B, &gt.C, &gt.D, &gt.E, &gt.F} {
		*f = m.Field(i).Float()
	}
	if rasterx.GradientUnits(g.FieldByName("Units").Uint()) == rasterx.ObjectBoundingBox {
		x0, y0, x1, y1 := bounds(path)
		if !(x1 > x0 && y1 > y0) {
			return nil // SVG draws nothing with a box of no area
		}
		out.Matrix = pre.Mult(t).Mult(rasterx.Identity.Translate(x0, y0).Scale(x1-x0, y1-y0)).Mult(gt)
	} else {
		out.Matrix = post.Mult(gt)
	}
	return paint
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

// bounds is the box of path (oksvg's, in its own units): its ends and
// the turning points of its curves, not their control points.
func bounds(path rasterx.Path) (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	add := func(x, y float64) {
		x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x), max(y1, y)
	}
	at := func(i int) (float64, float64) { return float64(path[i]) / 64, float64(path[i+1]) / 64 }
	var cx, cy float64 // the current point
	for i := 0; i < len(path); {
		switch rasterx.PathCommand(path[i]) {
		case rasterx.PathMoveTo, rasterx.PathLineTo:
			cx, cy = at(i + 1)
			add(cx, cy)
			i += 3
		case rasterx.PathQuadTo:
			qx, qy := at(i + 1)
			ex, ey := at(i + 3)
			// The quadratic as the cubic that draws it.
			curveBounds([4]float64{cx, cx + 2*(qx-cx)/3, ex + 2*(qx-ex)/3, ex}, [4]float64{cy, cy + 2*(qy-cy)/3, ey + 2*(qy-ey)/3, ey}, add)
			cx, cy = ex, ey
			i += 5
		case rasterx.PathCubicTo:
			ax, ay := at(i + 1)
			bx, by := at(i + 3)
			ex, ey := at(i + 5)
			curveBounds([4]float64{cx, ax, bx, ex}, [4]float64{cy, ay, by, ey}, add)
			cx, cy = ex, ey
			i += 7
		default:
			i++
		}
	}
	return x0, y0, x1, y1
}

// curveBounds adds a cubic's end and its points where x or y turns.
func curveBounds(xs, ys [4]float64, add func(x, y float64)) {
	at := func(c [4]float64, t float64) float64 {
		u := 1 - t
		return u*u*u*c[0] + 3*u*u*t*c[1] + 3*u*t*t*c[2] + t*t*t*c[3]
	}
	add(xs[3], ys[3])
	for _, c := range [][4]float64{xs, ys} {
		// The derivative's roots: a t² + b t + c = 0.
		a := -c[0] + 3*c[1] - 3*c[2] + c[3]
		b := 2 * (c[0] - 2*c[1] + c[2])
		k := c[1] - c[0]
		var roots []float64
		if math.Abs(a) < 1e-12 {
			if b != 0 {
				roots = append(roots, -k/b)
			}
		} else if disc := b*b - 4*a*k; disc >= 0 {
			q := math.Sqrt(disc)
			roots = append(roots, (-b+q)/(2*a), (-b-q)/(2*a))
		}
		for _, t := range roots {
			if t > 0 && t < 1 {
				add(at(xs, t), at(ys, t))
			}
		}
	}
}

// outlines is how many subpaths path has.
func outlines(path []Segment) int {
	n := 0
	for _, s := range path {
		if s.Kind == MoveTo {
			n++
		}
	}
	return n
}

// area is path's signed area by its points (control points included: the
// sign, which way round it goes, is what is wanted), positive clockwise
// on the page (y down).
func area(path []Segment) float64 {
	var sum float64
	var last, start Point
	edge := func(p Point) {
		sum += last.X*p.Y - p.X*last.Y
		last = p
	}
	for _, s := range path {
		switch s.Kind {
		case MoveTo:
			edge(start)
			last, start = s.Pts[0], s.Pts[0]
		case LineTo:
			edge(s.Pts[0])
		case CubeTo:
			edge(s.Pts[0])
			edge(s.Pts[1])
			edge(s.Pts[2])
		}
	}
	edge(start)
	return sum / 2
}

// reversed is path, one outline, drawn the other way round.
func reversed(path []Segment) []Segment {
	if len(path) == 0 {
		return path
	}
	// The points in order, each with the segment that reaches it.
	type step struct {
		kind SegmentKind
		ctrl [2]Point
		to   Point
	}
	var steps []step
	closed := false
	for _, s := range path {
		switch s.Kind {
		case MoveTo:
			steps = append(steps, step{kind: MoveTo, to: s.Pts[0]})
		case LineTo:
			steps = append(steps, step{kind: LineTo, to: s.Pts[0]})
		case CubeTo:
			steps = append(steps, step{kind: CubeTo, ctrl: [2]Point{s.Pts[0], s.Pts[1]}, to: s.Pts[2]})
		case Close:
			closed = true
		}
	}
	out := []Segment{{Kind: MoveTo, Pts: [3]Point{steps[len(steps)-1].to}}}
	for i := len(steps) - 1; i > 0; i-- {
		from := steps[i-1].to
		if steps[i].kind == CubeTo {
			out = append(out, Segment{Kind: CubeTo, Pts: [3]Point{steps[i].ctrl[1], steps[i].ctrl[0], from}})
		} else {
			out = append(out, Segment{Kind: LineTo, Pts: [3]Point{from}})
		}
	}
	if closed {
		out = append(out, Segment{Kind: Close})
	}
	return out
}
