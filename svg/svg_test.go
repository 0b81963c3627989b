package svg

import (
	"errors"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func drawTest(t testing.TB, src []byte, w, h int) func(x, y int) color.RGBA {
	t.Helper()
	d, err := Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	img, err := d.Draw(w, h)
	if err != nil {
		t.Fatal(err)
	}
	return img.RGBAAt
}

func testdata(t testing.TB, name string) []byte {
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

type spot struct {
	x, y int
	want string // what the drawing has there
	is   func(color.RGBA) bool
}

func rgb(r, g, b uint8) func(color.RGBA) bool {
	return func(c color.RGBA) bool {
		d := func(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }
		return d(c.R, r) < 16 && d(c.G, g) < 16 && d(c.B, b) < 16 && c.A == 255
	}
}

// The three exports in testdata are drawn as a browser draws them
// (checked by eye against Chromium's): each spot names the part of the
// drawing there, worked out from the file.
func TestExportsDrawAsDrawn(t *testing.T) {
	for file, tc := range map[string]struct {
		w, h  int
		spots []spot
	}{
		"gameicon.svg": {256, 256, []spot{
			{128, 128, "the arrow's shaft, #f8e71c", rgb(0xf8, 0xe7, 0x1c)},
			{5, 5, "the black ground", rgb(0, 0, 0)},
			{64, 200, "the ground beside the shaft", rgb(0, 0, 0)},
		}},
		"inkscape.svg": {300, 200, []spot{
			{2, 100, "the gradient's start, blue by the stops it borrows by href (a hidden black layer lies over it)", func(c color.RGBA) bool { return c.B > 230 && c.R < 10 && c.G < 20 }},
			{297, 100, "the gradient's end at x2=60 (userSpaceOnUse, scaled with the drawing)", func(c color.RGBA) bool { return c.G > 230 && c.B < 20 }},
			{150, 60, "the clipped group's red rect, inside the clip circle", rgb(0xff, 0, 0)},
			{150, 140, "the clipped group's white rect, inside the clip circle", rgb(0xff, 0xff, 0xff)},
			{60, 150, "the gradient: the white rect is clipped away outside the circle", func(c color.RGBA) bool { return c.R < 10 && c.B > 100 && c.G < 150 }},
			{50, 35, "the star, turned by its own transform in a translated layer", rgb(0xff, 0xd7, 0)},
			{250, 35, "the star's copy, by <use> 40 units right", rgb(0xff, 0xd7, 0)},
		}},
		"illustrator.svg": {300, 150, []spot{
			{10, 10, "the ground, class .st0", rgb(0x1e, 0x3a, 0x8a)},
			{225, 75, "the radial gradient's white centre, class .st1", func(c color.RGBA) bool { return c.R > 245 && c.G > 240 && c.B > 235 }},
			{225, 130, "the radial gradient's rim, #F59E0B", func(c color.RGBA) bool { return c.R > 235 && c.G > 145 && c.G < 175 && c.B < 40 }},
			{75, 33, "the polyline's apex, stroked #DC2626 6 units wide (class .st2)", rgb(0xdc, 0x26, 0x26)},
			{75, 42, "inside the apex, under the stroke", rgb(0x1e, 0x3a, 0x8a)},
		}},
	} {
		at := drawTest(t, testdata(t, file), tc.w, tc.h)
		for _, s := range tc.spots {
			if c := at(s.x, s.y); !s.is(c) {
				t.Errorf("%s at (%d, %d): %v, want %s", file, s.x, s.y, c, s.want)
			}
		}
	}
}

// The viewBox's origin is in the drawing's units: oksvg's own SetTarget
// would shift by it in pixels.
func TestViewBoxOrigin(t *testing.T) {
	at := drawTest(t, []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="10 10 20 20"><rect x="10" y="10" width="10" height="10" fill="#f00"/></svg>`), 200, 200)
	if c := at(50, 50); c.R != 255 || c.A != 255 {
		t.Errorf("top-left quarter: %v, want red", c)
	}
	if c := at(150, 150); c.A != 0 {
		t.Errorf("bottom-right quarter: %v, want nothing", c)
	}
}

// A stroke and its dashes scale with the drawing (oksvg takes them in
// pixels), set on the shape or inherited from a group.
func TestStrokesScale(t *testing.T) {
	for _, src := range []string{
		`<path d="M0 5H10" stroke="#000" stroke-width="1" stroke-dasharray="2 2"/>`,
		`<g stroke-width="1" style="stroke-dasharray:4,4"><g transform="scale(0.5)"><path d="M0 10H20" stroke="#000" stroke-width="2"/></g></g>`,
	} {
		at := drawTest(t, []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">`+src+`</svg>`), 100, 100)
		var row strings.Builder
		for x := 1; x < 100; x += 5 {
			row.WriteString(map[bool]string{true: "#", false: "."}[at(x, 50).A > 200])
		}
		width := 0
		for y := range 100 {
			if at(5, y).A > 128 {
				width++
			}
		}
		if row.String() != "####....####....####" || width != 10 {
			t.Errorf("%s: dashes %s, %d px wide; want ####....####....####, 10 px", src, row.String(), width)
		}
	}
}

// A clip path is applied in the user space of what it clips (its
// transform included), inside clipped groups too.
func TestClipPaths(t *testing.T) {
	at := drawTest(t, []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<clipPath id="left"><rect width="50" height="100"/></clipPath>
<clipPath id="top" transform="translate(0,-50)"><rect width="100" height="100"/></clipPath>
<g clip-path="url(#left)"><g transform="translate(0,10)" clip-path="url(#top)"><rect width="100" height="90" fill="#00f"/></g></g>
<rect x="90" y="90" width="10" height="10" fill="#0f0"/>
</svg>`), 100, 100)
	for _, s := range []spot{
		{25, 30, "blue: inside both clips", rgb(0, 0, 0xff)},
		{25, 5, "nothing: above the translated rect", func(c color.RGBA) bool { return c.A == 0 }},
		{25, 70, "nothing: under the top clip, shifted by the group's translate", func(c color.RGBA) bool { return c.A == 0 }},
		{75, 30, "nothing: right of the left clip", func(c color.RGBA) bool { return c.A == 0 }},
		{95, 95, "green: drawn after the clipped group", rgb(0, 0xff, 0)},
	} {
		if c := at(s.x, s.y); !s.is(c) {
			t.Errorf("(%d, %d): %v, want %s", s.x, s.y, c, s.want)
		}
	}
}

// What cannot be drawn faithfully, or reaches outside the file, is
// refused with the line it is on.
func TestRefused(t *testing.T) {
	head := `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">` + "\n"
	for _, tc := range []struct{ body, want string }{
		{`<text>Hi</text>`, "line 2 holds text (<text>)"},
		{`<g><flowRoot/></g>`, "line 2 holds text (<flowRoot>)"},
		{`<image xlink:href="data:image/png;base64,AAAA"/>`, "line 2 embeds another picture"},
		{`<rect width="1" height="1" filter="url(#f)"/>`, "line 2 applies a filter"},
		{`<rect width="1" height="1" style="mask:url(#m)"/>`, "line 2 applies a mask"},
		{`<pattern id="p"/>`, "line 2 draws <pattern>"},
		{`<rect width="1" height="1" fill="url(#nowhere)"/>`, `fill names "#nowhere", which is not a gradient`},
		{`<rect width="1" height="1" clip-path="url(#nowhere)"/>`, "names no clipPath"},
		{`<style>@import url(x.css);</style>`, "@-rule"},
		{`<style>g > rect { fill: red }</style>`, `CSS selector "g > rect"`},
		{`<style>.a { fill: url(/etc/passwd) }</style><rect class="a"/>`, `refers to "/etc/passwd" outside the drawing`},
		{`<use xlink:href="other.svg#a"/>`, `refers to "other.svg#a" outside the drawing`},
		{`<use href="#nowhere"/>`, `<use> names "#nowhere"`},
		{`<svg/>`, "line 2 draws <svg>"},
	} {
		_, err := Parse([]byte(head + tc.body + "\n</svg>"))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.body, err, tc.want)
		}
	}
	for _, bad := range []string{`<html/>`, ``, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">&ext;</svg>`} {
		if _, err := Parse([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// What is never drawn is dropped without a word: hidden layers, editor
// data in other namespaces, titles, metadata, unused definitions.
func TestIgnored(t *testing.T) {
	at := drawTest(t, []byte(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="urn:x" viewBox="0 0 10 10">
<title>t</title><metadata><x:rdf/></metadata><x:namedview x:zoom="2"><x:grid/></x:namedview>
<defs><filter id="f"/><pattern id="p"/></defs>
<g style="display:none"><text>hidden</text><rect width="10" height="10"/></g>
<rect width="10" height="10" fill="#0f0" x:label="a"/>
</svg>`), 10, 10)
	if c := at(5, 5); c != (color.RGBA{0, 0xff, 0, 0xff}) {
		t.Errorf("%v, want green", c)
	}
}

// The budgets stop a drawing as it is drawn.
func TestBudgets(t *testing.T) {
	d, err := Parse([]byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">` + strings.Repeat(`<rect width="10" height="10"/>`, 200) + `</svg>`))
	if err != nil {
		t.Fatal(err)
	}
	fill, err := d.Check()
	if err != nil || fill < 200 || fill > 210 {
		t.Errorf("Check: %v, %v; want about 200", fill, err)
	}
	// 200 shapes over 4 megapixels fill 800 million: over MaxPainted
	// (drawn within a tenth of it here, to keep the test short).
	if _, err := d.draw(2000, 2000, MaxPainted/10); !errors.Is(err, ErrTooCostly) || !strings.Contains(err.Error(), "cover more than 40 million pixels") || d.work.painted > MaxPainted/10+4_000_000 {
		t.Errorf("Draw at 4 megapixels: %v after %d pixels", err, d.work.painted)
	}
	if _, err := d.Draw(5000, 5000); err == nil || !strings.Contains(err.Error(), fmt.Sprint(MaxPixels/1_000_000, " million")) {
		t.Errorf("Draw at 25 megapixels: %v", err)
	}
}

// FuzzDraw: any bytes are read and drawn or refused, never a panic,
// within the budgets.
// allShapes is every shape in shapes, those inside groups included (and
// the groups themselves).
func allShapes(shapes []Shape) func(func(Shape) bool) {
	return func(yield func(Shape) bool) {
		for _, s := range shapes {
			if !yield(s) {
				return
			}
			if s.Group != nil {
				for inner := range allShapes(s.Group.Shapes) {
					if !yield(inner) {
						return
					}
				}
			}
		}
	}
}

func FuzzDraw(f *testing.F) {
	for _, name := range []string{"gameicon.svg", "inkscape.svg", "illustrator.svg"} {
		f.Add(testdata(f, name))
	}
	f.Add([]byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e-9 1e-9"><path d="M0 0L1e300 1e300Z" stroke="red" stroke-width="1e30"/></svg>`))
	f.Add([]byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><clipPath id="c"><use href="#r"/></clipPath><rect id="r" width="5" height="5" clip-path="url(#c)" transform="rotate(45) skewX(80)"/></svg>`))
	f.Add([]byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><radialGradient id="g" fx="2" fy="-1" gradientTransform="skewX(89.99)" spreadMethod="reflect"><stop offset="0.5" stop-color="red"/><stop offset="0.5" stop-color="blue" stop-opacity="0.2"/></radialGradient><clipPath id="c" clip-rule="evenodd"><rect width="5" height="5"/><path d="M0 0L9 9L0 9ZM1 1L2 2"/></clipPath><path fill-rule="evenodd" fill="url(#g)" clip-path="url(#c)" d="M0 0H10V10H0ZM3 3H6V6H3Z"/></svg>`))
	f.Add([]byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><clipPath id="c"><circle cx="5" cy="5" r="4"/></clipPath><g opacity="0.5" clip-path="url(#c)"><rect width="6" height="6" fill="red"/><g opacity=".3"><rect x="3" y="3" width="6" height="6" fill="blue" stroke="green"/></g></g></svg>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Parse(data)
		if err != nil {
			return
		}
		if _, err := d.Check(); err != nil {
			return
		}
		// Shapes or not, never a panic; shapes within the segment limit
		// and every gradient one a PDF draws.
		if shapes, ok := d.Vector(); ok {
			n, clips := 0, map[*Clip]bool{}
			for s := range allShapes(shapes) {
				n += len(s.Path)
				for _, c := range s.Clips {
					if !clips[c] {
						clips[c] = true
						n += len(c.Path)
					}
				}
				if g := s.Fill.gradient(); g != nil && !g.vectorable() || s.Stroke.gradient() != nil {
					t.Errorf("a gradient a PDF cannot draw given as shapes")
				}
			}
			if n > MaxVectorSegments {
				t.Errorf("%d segments given as shapes, over %d", n, MaxVectorSegments)
			}
		}
		k := 96 / max(d.W, d.H)
		if _, err := d.Draw(max(1, int(d.W*k)), max(1, int(d.H*k))); err != nil && !strings.Contains(err.Error(), "too costly") {
			t.Errorf("drawn once, refused next: %v", err)
		}
	})
}

// Gradients drawn into pixels: repeated and reflected past their ends,
// stops of their own opacity, a radial one from its focus.
func TestGradientsDrawn(t *testing.T) {
	at := drawTest(t, []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 40">
<linearGradient id="reflect" x2="0.25" spreadMethod="reflect"><stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/></linearGradient>
<linearGradient id="repeat" x2="0.25" spreadMethod="repeat"><stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/></linearGradient>
<linearGradient id="fade" gradientUnits="userSpaceOnUse" x1="0" x2="100"><stop offset="0" stop-color="#00ff00"/><stop offset="1" stop-color="#00ff00" stop-opacity="0"/></linearGradient>
<radialGradient id="sun" cx="0.5" cy="0.5" r="0.5" fx="0.25" fy="0.5"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#000000"/></radialGradient>
<rect width="100" height="10" fill="url(#reflect)"/>
<rect y="10" width="100" height="10" fill="url(#repeat)"/>
<rect y="20" width="100" height="10" fill="url(#fade)"/>
<rect y="30" width="100" height="10" fill="url(#sun)"/>
</svg>`), 100, 40)
	for _, s := range []spot{
		{1, 5, "red: the reflected gradient's start", rgb(0xfc, 0, 0x03)},
		{24, 5, "blue: its end, a quarter across", rgb(0x03, 0, 0xfc)},
		{26, 5, "blue again: reflected", rgb(0x08, 0, 0xf7)},
		{49, 5, "red again, at twice its length", rgb(0xfc, 0, 0x03)},
		{24, 15, "blue: the repeated gradient's end", rgb(0x03, 0, 0xfc)},
		{26, 15, "red: it starts again", rgb(0xf7, 0, 0x08)},
		{0, 25, "green, all but opaque", func(c color.RGBA) bool { return c.G > 250 && c.A > 250 }},
		{50, 25, "green at half opacity", func(c color.RGBA) bool { return c.G > 120 && c.G < 136 && c.A > 120 && c.A < 136 }},
		// The radial gradient in the rect's box: its focus (0.25, 0.5), its
		// circle round (0.5, 0.5) of radius 0.5; pixel centres at y 0.55.
		{25, 35, "near white: by the focus, t 0.11", rgb(0xe3, 0xe3, 0xe3)},
		{75, 35, "grey: t 0.68 from the focus to the circle", rgb(0x52, 0x52, 0x52)},
		{99, 35, "near black: t 0.99", rgb(0x03, 0x03, 0x03)},
	} {
		if c := at(s.x, s.y); !s.is(c) {
			t.Errorf("(%d, %d): %v, want %s", s.x, s.y, c, s.want)
		}
	}
}
