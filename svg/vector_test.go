package svg

import (
	"fmt"
	"image/color"
	"math"
	"strings"
	"testing"
)

func vectorOf(t *testing.T, src string) ([]Shape, bool) {
	t.Helper()
	d, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return d.Vector()
}

// A drawing in plain colours comes out as shapes placed from its viewBox's
// corner, transforms applied, quadratics as the cubics that draw them,
// strokes scaled with their shapes and opacities multiplied in (an
// opacity on the group would make a layer: its stroke overlaps its fill).
func TestVector(t *testing.T) {
	shapes, ok := vectorOf(t, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="10 20 100 50">
<g transform="translate(10,20) scale(2)" fill-opacity="0.5" stroke-opacity="0.5">
  <path d="M0 0 Q 10 20 20 0 Z" fill="#ff0000" stroke="#00ff00" stroke-width="3" stroke-linejoin="round" stroke-linecap="square" stroke-dasharray="2 1"/>
</g>
<rect x="10" y="20" width="5" height="5" fill="none" stroke="blue" stroke-opacity="0.25"/>
</svg>`)
	if !ok || len(shapes) != 2 {
		t.Fatalf("%d shapes, ok %v; want 2", len(shapes), ok)
	}
	s := shapes[0]
	if s.Fill == nil || *s.Fill != (Paint{R: 255, Alpha: 0.5}) || s.Stroke == nil || *s.Stroke != (Paint{G: 255, Alpha: 0.5}) || s.EvenOdd {
		t.Errorf("paints %+v %+v, want red and green at half opacity, nonzero", s.Fill, s.Stroke)
	}
	if s.Width != 6 || s.Cap != "square" || s.Join != "round" || len(s.Dash) != 2 || s.Dash[0] != 4 || s.Dash[1] != 2 {
		t.Errorf("stroke %v %s %s %v, want width 6, square, round, dashes 4 2", s.Width, s.Cap, s.Join, s.Dash)
	}
	// Less the viewBox's corner (10, 20): M(0,0) → (0,0); Q's control
	// (10,20) → (20,40), its end (20,0) → (40,0).
	want := []Segment{
		{Kind: MoveTo, Pts: [3]Point{{0, 0}}},
		{Kind: CubeTo, Pts: [3]Point{{2.0 / 3 * 20, 2.0 / 3 * 40}, {40 - 2.0/3*20, 2.0 / 3 * 40}, {40, 0}}},
		{Kind: Close},
	}
	if len(s.Path) < len(want) {
		t.Fatalf("path %v, want %v", s.Path, want)
	}
	for i, w := range want {
		for j := range 3 {
			g := s.Path[i].Pts[j]
			if s.Path[i].Kind != w.Kind || math.Abs(g.X-w.Pts[j].X) > 1e-9 || math.Abs(g.Y-w.Pts[j].Y) > 1e-9 {
				t.Errorf("segment %d: %+v, want %+v", i, s.Path[i], w)
			}
		}
	}
	r := shapes[1]
	if r.Fill != nil || r.Stroke == nil || *r.Stroke != (Paint{B: 255, Alpha: 0.25}) || r.Width != 1 || r.Path[0].Pts[0] != (Point{0, 0}) {
		t.Errorf("rect: fill %+v stroke %+v width %v starts %v; want no fill, a quarter-opaque blue 1 wide, at the corner", r.Fill, r.Stroke, r.Width, r.Path[0].Pts[0])
	}
}

// What needs pixels is not given as shapes: a gradient on a stroke,
// one that repeats or reflects 200 times, a clip path
// of several shapes one of which has a hole, joins and caps a PDF has no
// like of, and more than MaxVectorSegments segments.
func TestVectorRefused(t *testing.T) {
	const grad = `<linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient>`
	for name, body := range map[string]string{
		"stroke gradient":   grad + `<rect width="5" height="5" fill="none" stroke="url(#g)"/>`,
		"reflect 200 times": `<linearGradient id="r" spreadMethod="reflect" x2="0.005"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient><rect width="5" height="5" fill="url(#r)"/>`,
		"129 stops":         `<linearGradient id="s">` + strings.Repeat(`<stop offset="0.5" stop-color="red"/>`, maxStops+1) + `</linearGradient><rect width="5" height="5" fill="url(#s)"/>`,
		"clip with hole":    `<clipPath id="c"><path d="M0 0H4V4H0Z M1 1H3V3H1Z"/><rect x="5" width="2" height="2"/></clipPath><rect width="10" height="10" fill="red" clip-path="url(#c)"/>`,
		"arc":               `<path d="M0 0 L5 5 L0 5" fill="none" stroke="red" stroke-linejoin="arc"/>`,
		"miter-clip":        `<path d="M0 0 L5 5 L0 5" fill="none" stroke="red" stroke-linejoin="miter-clip"/>`,
		"cap":               `<path d="M0 0 L5 5" stroke="red" stroke-linecap="cubic"/>`,
	} {
		if _, ok := vectorOf(t, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">`+body+`</svg>`); ok {
			t.Errorf("%s: given as shapes", name)
		}
	}
	many := strings.Repeat(" L1 1 L0 0", MaxVectorSegments/2)
	if _, ok := vectorOf(t, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0`+many+`"/></svg>`); ok {
		t.Errorf("a path of %d segments given as shapes", MaxVectorSegments+1)
	}
	if _, ok := vectorOf(t, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0`+many[:len(many)-len(" L0 0")]+`"/></svg>`); !ok {
		t.Errorf("a path of %d segments not given as shapes", MaxVectorSegments)
	}
	// The clip path's segments count too.
	clip := `<clipPath id="c"><path d="M0 0` + strings.Repeat(" L1 1", MaxVectorSegments-4) + `"/></clipPath>`
	if _, ok := vectorOf(t, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">`+clip+`<rect width="5" height="5" clip-path="url(#c)"/></svg>`); ok {
		t.Errorf("a rect clipped by a path of %d segments given as shapes", MaxVectorSegments-3)
	}
	// Many clipped elements, each read with every gradient: past the
	// bytes it may read (a twentieth of maxVectorRead here, to keep the test
	// short), pixels.
	grads := `<linearGradient id="g">` + strings.Repeat(`<stop offset="0.5" stop-color="#123456" stop-opacity="1"/>`, 100) + `</linearGradient>`
	n := maxVectorRead/20/len(grads) + 2
	d, err := Parse([]byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">` + grads + `<clipPath id="none"/>` + strings.Repeat(`<rect width="1" height="1" fill="url(#g)" clip-path="url(#none)"/>`, n) + `</svg>`))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := d.vector(maxVectorRead / 20); ok {
		t.Errorf("%d clipped elements, each read with %d bytes of gradients, given as shapes", n, len(grads))
	}
	if _, ok := d.vector(maxVectorRead / 10); !ok {
		t.Errorf("%d clipped elements not given as shapes with twice the bytes to read", n)
	}
	for file, n := range map[string]int{"gameicon.svg": 2, "inkscape.svg": 5, "illustrator.svg": 3} {
		if shapes, ok := vectorOf(t, string(testdata(t, file))); !ok || len(shapes) != n {
			t.Errorf("%s: %d shapes, ok %v; want %d", file, len(shapes), ok, n)
		}
	}
}

// A gradient is given in its own coordinates with the matrix that places
// it in the drawing: userSpaceOnUse through the shape's transforms,
// objectBoundingBox through the shape's box (its curves' turning points,
// not their control points) and then its transforms; stops clamped and
// never decreasing, their common opacity in the paint's alpha.
func TestVectorGradients(t *testing.T) {
	shapes, ok := vectorOf(t, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="10 0 100 100">
<linearGradient id="user" gradientUnits="userSpaceOnUse" x1="10" y1="0" x2="30" y2="0" gradientTransform="translate(5,0)">
  <stop offset="-1" stop-color="#ff0000" stop-opacity="0.5"/><stop offset="0.6" stop-color="#00ff00" stop-opacity="0.5"/>
  <stop offset="0.4" stop-color="#0000ff" stop-opacity="0.5"/><stop offset="2" stop-color="#ffffff" stop-opacity="0.5"/>
</linearGradient>
<radialGradient id="box" fx="0.5" fy="2"><stop offset="0" stop-color="#000"/><stop offset="1" stop-color="#fff"/></radialGradient>
<g transform="scale(2)"><rect x="10" y="10" width="20" height="10" fill="url(#user)" opacity="0.5"/></g>
<path d="M20 40 C 20 20, 60 20, 60 40 Z" transform="translate(0,10)" fill="url(#box)"/>
</svg>`)
	if !ok || len(shapes) != 2 {
		t.Fatalf("%d shapes, ok %v; want 2", len(shapes), ok)
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	lin := shapes[0].Fill
	if lin == nil || lin.Gradient == nil || !near(lin.Alpha, 0.25) || lin.Gradient.Radial {
		t.Fatalf("fill %+v, want a linear gradient at a quarter opacity", lin)
	}
	g := lin.Gradient
	var offs []float64
	for _, s := range g.Stops {
		offs = append(offs, s.Offset)
	}
	if len(offs) != 4 || offs[0] != 0 || offs[1] != 0.6 || offs[2] != 0.6 || offs[3] != 1 || g.Stops[2].B != 0xff {
		t.Errorf("stops at %v, want 0 0.6 0.6 1 (the blue one held at 0.6)", offs)
	}
	// x 10 in the gradient: translated by 5, scaled by 2, less the
	// viewBox's x 10: 20 in the drawing.
	if x, y := g.Matrix.Transform(g.X1, g.Y1); !near(x, 20) || !near(y, 0) {
		t.Errorf("the gradient starts at (%v, %v) in the drawing, want (20, 0)", x, y)
	}
	if x, _ := g.Matrix.Transform(g.X2, g.Y2); !near(x, 60) {
		t.Errorf("the gradient ends at x %v, want 60", x)
	}
	rad := shapes[1].Fill.Gradient
	if rad == nil || !rad.Radial || !near(rad.R, 0.5) {
		t.Fatalf("second fill %+v, want a radial gradient of radius 0.5", shapes[1].Fill)
	}
	// The path's box: x 20 to 60; y from its top turning point, 25
	// (the control points reach 20), to 40, translated by 10: 35 to 50;
	// less the viewBox's x 10.
	if x, y := rad.Matrix.Transform(rad.X2, rad.Y2); !near(x, 30) || !near(y, 42.5) {
		t.Errorf("the centre at (%v, %v) in the drawing, want (30, 42.5)", x, y)
	}
	if x, y := rad.Matrix.Transform(1, 1); !near(x, 50) || !near(y, 50) {
		t.Errorf("the box's corner at (%v, %v), want (50, 50)", x, y)
	}
	// A focus outside the circle is moved just inside it.
	if d := math.Hypot(rad.X1-rad.X2, rad.Y1-rad.Y2); d >= rad.R || d < 0.99*rad.R {
		t.Errorf("the focus %v from the centre, want just inside the radius %v", d, rad.R)
	}
}

// A clipped element's shapes share its clip path, placed in the element's
// own coordinates (its transform and the clip path's); clip paths inside
// each other are listed outermost first; shapes drawn after are not
// clipped; clip-rule is read.
func TestVectorClips(t *testing.T) {
	shapes, ok := vectorOf(t, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<clipPath id="left"><rect width="50" height="100"/></clipPath>
<clipPath id="top" transform="translate(0,-50)" clip-rule="evenodd"><rect width="100" height="100"/></clipPath>
<g clip-path="url(#left)"><g transform="translate(0,10)" clip-path="url(#top)"><rect width="100" height="90" fill="#00f"/><rect width="5" height="5" fill="#f00"/></g></g>
<rect x="90" y="90" width="10" height="10" fill="#0f0"/>
</svg>`)
	if !ok || len(shapes) != 3 {
		t.Fatalf("%d shapes, ok %v; want 3", len(shapes), ok)
	}
	a, b := shapes[0].Clips, shapes[1].Clips
	if len(a) != 2 || len(b) != 2 || a[0] != b[0] || a[1] != b[1] || len(shapes[2].Clips) != 0 {
		t.Fatalf("clips %v %v %v, want the two rects sharing two, the last none", a, b, shapes[2].Clips)
	}
	if a[0].EvenOdd || !a[1].EvenOdd {
		t.Errorf("clip rules %v %v, want nonzero then evenodd", a[0].EvenOdd, a[1].EvenOdd)
	}
	// The top clip: its rect moved up 50 and then down 10 with the group.
	if p := a[1].Path[0].Pts[0]; p != (Point{0, -40}) {
		t.Errorf("the inner clip starts at %v, want (0, -40)", p)
	}
	if p := a[0].Path[2].Pts[0]; p != (Point{50, 100}) {
		t.Errorf("the outer clip's third point %v, want (50, 100)", p)
	}
}

// A clip path of several shapes is one path, each outline the same way
// round, which fills their union by the non-zero rule.
func TestVectorClipUnion(t *testing.T) {
	shapes, ok := vectorOf(t, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
<clipPath id="c"><rect width="6" height="6"/><path d="M4 4V10H10V4Z"/></clipPath>
<rect width="10" height="10" fill="red" clip-path="url(#c)"/></svg>`)
	if !ok || len(shapes) != 1 || len(shapes[0].Clips) != 1 {
		t.Fatalf("%d shapes, ok %v", len(shapes), ok)
	}
	path := shapes[0].Clips[0].Path
	if outlines(path) != 2 {
		t.Fatalf("%d outlines, want 2", outlines(path))
	}
	var parts [][]Segment
	for _, s := range path {
		if s.Kind == MoveTo {
			parts = append(parts, nil)
		}
		parts[len(parts)-1] = append(parts[len(parts)-1], s)
	}
	if a, b := area(parts[0]), area(parts[1]); a <= 0 || b <= 0 || math.Abs(a-36) > 1e-9 || math.Abs(b-36) > 1e-9 {
		t.Errorf("areas %v and %v, want both 36, the same way round (the path was drawn the other way)", a, b)
	}
}

// fill-rule evenodd (oksvg reads none) is given with the shape, from the
// shape or the group around it, and drawn: the hole of a square inside
// a square is empty, under the non-zero rule it is filled.
func TestEvenOdd(t *testing.T) {
	const rings = `<path d="M0 0H10V10H0Z M3 3H7V7H3Z" fill="#f00"/>`
	for _, tc := range []struct {
		attrs string
		hole  bool
	}{
		{`fill-rule="evenodd"`, true},
		{`style="fill-rule:evenodd"`, true},
		{``, false},
		{`fill-rule="evenodd"><g fill-rule="nonzero"`, false},
	} {
		closing := "</g>"
		if strings.Count(tc.attrs, "<g") > 0 {
			closing = "</g></g>"
		}
		src := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="0" height="0"/><g ` + tc.attrs + `>` + rings + closing + `</svg>`
		shapes, ok := vectorOf(t, src)
		if !ok || len(shapes) != 1 || shapes[0].EvenOdd != tc.hole {
			t.Errorf("%s: %d shapes, ok %v, evenodd %v; want one, evenodd %v", tc.attrs, len(shapes), ok, len(shapes) == 1 && shapes[0].EvenOdd, tc.hole)
		}
		at := drawTest(t, []byte(src), 100, 100)
		if c := at(50, 50); (c.A == 0) != tc.hole || at(15, 15).A != 255 {
			t.Errorf("%s drawn: the middle %v, the ring %v; want the middle empty %v", tc.attrs, c, at(15, 15), tc.hole)
		}
	}
}

// The even-odd coverage is the share of each pixel the shape covers
// (counted here on a 32 × 32 grid in each pixel), antialiasing included,
// also where the shape runs out of the picture on either side.
func TestEvenOddCoverage(t *testing.T) {
	for _, poly := range [][]Point{
		{{60, 5}, {97, 30}, {70, 95}, {45, 60}},
		{{-20, 10}, {120, 30}, {90, 90}, {-10, 70}, {40, 50}},
	} {
		d := ""
		for i, p := range poly {
			d += fmt.Sprintf("%c%g %g ", "ML"[min(i, 1)], p.X, p.Y)
		}
		const w, h = 173, 151
		at := drawTest(t, []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><path fill-rule="evenodd" d="`+d+`Z"/></svg>`), w, h)
		inside := func(x, y float64) bool {
			x, y = x*100/w, y*100/h
			in := false
			for i := range poly {
				a, b := poly[i], poly[(i+1)%len(poly)]
				if (a.Y > y) != (b.Y > y) && x < a.X+(y-a.Y)*(b.X-a.X)/(b.Y-a.Y) {
					in = !in
				}
			}
			return in
		}
		worst := 0.0
		for y := 0; y < h; y += 5 {
			for x := range w {
				n := 0
				for i := range 32 {
					for j := range 32 {
						if inside(float64(x)+(float64(i)+0.5)/32, float64(y)+(float64(j)+0.5)/32) {
							n++
						}
					}
				}
				worst = max(worst, math.Abs(float64(at(x, y).A)-float64(n)/1024*255))
			}
		}
		if worst > 6 {
			t.Errorf("%s: coverage off by up to %.1f of 255; want at most 6 (the points are rounded to 1/64 pixel)", d, worst)
		}
	}
}

// clipPathUnits objectBoundingBox: the clip path's units are the box of
// what it clips, in that element's own coordinates (a group's box is its
// shapes' together), drawn in pixels and given as vectors alike.
func TestClipObjectBoundingBox(t *testing.T) {
	src := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<clipPath id="half" clipPathUnits="objectBoundingBox"><rect width="0.5" height="1"/></clipPath>
<g transform="translate(10,10)" clip-path="url(#half)"><rect x="20" width="40" height="20" fill="#00f"/><circle cx="40" cy="40" r="10" fill="#0f0"/></g>
</svg>`
	// The group's box: x 20 to 60, y 0 to 50; its left half, 20 to 40,
	// is 30 to 50 in the drawing.
	at := drawTest(t, []byte(src), 100, 100)
	for _, s := range []spot{
		{35, 15, "blue: in the left half of the group's box", rgb(0, 0, 0xff)},
		{55, 15, "nothing: the right half", func(c color.RGBA) bool { return c.A == 0 }},
		{45, 50, "green: the circle's left half", rgb(0, 0xff, 0)},
		{55, 50, "nothing: the circle's right half", func(c color.RGBA) bool { return c.A == 0 }},
	} {
		if c := at(s.x, s.y); !s.is(c) {
			t.Errorf("(%d, %d): %v, want %s", s.x, s.y, c, s.want)
		}
	}
	shapes, ok := vectorOf(t, src)
	if !ok || len(shapes) != 2 || len(shapes[0].Clips) != 1 {
		t.Fatalf("%d shapes, ok %v", len(shapes), ok)
	}
	clip := shapes[0].Clips[0].Path
	// (oksvg's circle is a few cubic curves, a hair inside the circle.)
	if p, q := clip[0].Pts[0], clip[2].Pts[0]; p != (Point{30, 10}) || q.X != 50 || math.Abs(q.Y-60) > 0.01 {
		t.Errorf("clip %v, want the rect from (30, 10) to (50, 60)", clip)
	}
}

// A gradient that repeats or reflects is given as a padded one over the
// shape: its stops once for each time it repeats across the shape, every
// other time reversed where it reflects.
func TestVectorUnrolled(t *testing.T) {
	shapes, ok := vectorOf(t, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 10">
<linearGradient id="r" spreadMethod="reflect" x1="0.25" x2="0.5"><stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/></linearGradient>
<linearGradient id="p" spreadMethod="repeat" x1="0.25" x2="0.5"><stop offset="0.5" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/></linearGradient>
<rect width="100" height="10" fill="url(#r)"/><rect width="100" height="10" fill="url(#p)"/></svg>`)
	if !ok || len(shapes) != 2 {
		t.Fatalf("%d shapes, ok %v", len(shapes), ok)
	}
	for i, want := range []string{
		// From t -1 (x 0) to 3 (x 100): reversed, forward, reversed, forward.
		"0:b 0:b 0.25:r 0.25:r | 0.25:r 0.25:r 0.5:b 0.5:b | 0.5:b 0.5:b 0.75:r 0.75:r | 0.75:r 0.75:r 1:b 1:b",
		// Red held to half of each time, then to blue.
		"0:r 0.125:r 0.25:b 0.25:b | 0.25:r 0.375:r 0.5:b 0.5:b | 0.5:r 0.625:r 0.75:b 0.75:b | 0.75:r 0.875:r 1:b 1:b",
	} {
		g := shapes[i].Fill.Gradient
		var got []string
		for j, st := range g.Stops {
			if j > 0 && j%4 == 0 {
				got = append(got, "|")
			}
			got = append(got, fmt.Sprintf("%g:%s", st.Offset, map[bool]string{true: "r", false: "b"}[st.R == 0xff]))
		}
		if strings.Join(got, " ") != want || !g.vectorable() {
			t.Errorf("shape %d: stops %s\nwant %s", i, strings.Join(got, " "), want)
		}
		if x, _ := g.Matrix.Transform(g.X1, g.Y1); math.Abs(x) > 1e-9 {
			t.Errorf("shape %d starts at x %v, want 0", i, x)
		}
		if x, _ := g.Matrix.Transform(g.X2, g.Y2); math.Abs(x-100) > 1e-9 {
			t.Errorf("shape %d ends at x %v, want 100", i, x)
		}
	}
}
