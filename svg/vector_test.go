package svg

import (
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
// strokes scaled with their shapes and opacities multiplied in.
func TestVector(t *testing.T) {
	shapes, ok := vectorOf(t, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="10 20 100 50">
<g transform="translate(10,20) scale(2)" opacity="0.5">
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

// What needs pixels is not given as shapes: gradients, clip paths, and
// joins a PDF has no like of.
func TestVectorRefused(t *testing.T) {
	for name, body := range map[string]string{
		"gradient":   `<defs><linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient></defs><rect width="5" height="5" fill="url(#g)"/>`,
		"clip":       `<defs><clipPath id="c"><rect width="2" height="2"/></clipPath></defs><rect width="5" height="5" fill="red" clip-path="url(#c)"/>`,
		"arc":        `<path d="M0 0 L5 5 L0 5" fill="none" stroke="red" stroke-linejoin="arc"/>`,
		"miter-clip": `<path d="M0 0 L5 5 L0 5" fill="none" stroke="red" stroke-linejoin="miter-clip"/>`,
		"cap":        `<path d="M0 0 L5 5" stroke="red" stroke-linecap="cubic"/>`,
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
	if _, ok := vectorOf(t, string(testdata(t, "inkscape.svg"))); ok {
		t.Errorf("the Inkscape export (a gradient, a clip path) given as shapes")
	}
	if shapes, ok := vectorOf(t, string(testdata(t, "gameicon.svg"))); !ok || len(shapes) != 2 {
		t.Errorf("the game icon: %d shapes, ok %v; want its ground and its arrow", len(shapes), ok)
	}
}
