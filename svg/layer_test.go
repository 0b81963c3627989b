package svg

import (
	"fmt"
	"image/color"
	"strings"
	"testing"
)

// A group at opacity 0.5 is one layer: where its two squares overlap the
// upper one alone shows, at half strength, as a browser draws it (oksvg
// alone gave the overlap darker); the same with the group clipped, in a
// group faded too, and on a shape both filled and stroked.
func TestGroupOpacityIsOneLayer(t *testing.T) {
	const sq = `<rect x="10" y="10" width="50" height="50" fill="#0000ff"/><rect x="40" y="40" width="50" height="50" fill="#0000ff"/>`
	half := color.RGBA{0x7f, 0x7f, 0xff, 0xff} // blue at 0.5 over white, either way of rounding
	quarter := color.RGBA{0xbf, 0xbf, 0xff, 0xff}
	for _, tc := range []struct {
		name, body string
		tint       color.RGBA
	}{
		{"group", `<g opacity="0.5">` + sq + `</g>`, half},
		{"style", `<g style="opacity:0.5">` + sq + `</g>`, half},
		{"clipped", `<clipPath id="c"><rect width="100" height="100"/></clipPath><g opacity="0.5" clip-path="url(#c)">` + sq + `</g>`, half},
		{"nested", `<g opacity="0.5"><g opacity="0.5">` + sq + `</g><rect x="95" y="95" width="5" height="5" fill="#000"/></g>`, quarter},
		{"inner", `<g opacity="0.5"><rect x="0" y="0" width="5" height="5" fill="#000"/></g><g><g opacity="0.5">` + sq + `</g></g>`, half},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="#fff"/>` + tc.body + `</svg>`)
			at := drawTest(t, src, 100, 100)
			for _, p := range [][2]int{{20, 20}, {50, 50}, {80, 80}} {
				if c := at(p[0], p[1]); colourOff(c, tc.tint) > 2 {
					t.Errorf("at %v: %v, want %v (one even tint, the overlap at 50,50 not darker)", p, c, tc.tint)
				}
			}
			d, _ := Parse(src)
			if g := groupOf(d); g == nil || g.Alpha != 0.5 || len(g.Shapes) < 1 {
				t.Errorf("as vectors: %+v, want a group at 0.5 (a PDF would draw the overlap darker shape by shape)", g)
			}
		})
	}
	// A shape filled and stroked at opacity 0.5: its stroke's inner half
	// covers the fill, which does not show through it.
	at := drawTest(t, []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect x="20" y="20" width="60" height="60" fill="#ff0000" stroke="#0000ff" stroke-width="10" opacity="0.5"/></svg>`), 100, 100)
	if c := at(22, 50); colourOff(c, color.RGBA{0, 0, 0x80, 0x80}) > 2 {
		t.Errorf("the stroke's inner half: %v, want blue at half alpha, premultiplied (no red under it)", c)
	}
}

// groupOf is the first Group among d's shapes as vectors.
func groupOf(d *Drawing) *Group {
	shapes, _ := d.Vector()
	for _, s := range shapes {
		if s.Group != nil {
			return s.Group
		}
	}
	return nil
}

// Where a faded group's shapes are apart, or it has one, multiplying
// its opacity into each is exact: such drawings stay shapes for a PDF.
func TestGroupOpacityFastPath(t *testing.T) {
	for _, body := range []string{
		`<g opacity="0.5"><rect width="40" height="40" fill="#00f"/><rect x="50" width="40" height="40" fill="#f00"/></g>`,
		`<g opacity="0.5"><g><circle cx="20" cy="20" r="10" fill="#00f"/></g></g>`,
		`<g opacity="0.5"><path d="M10 10H90" stroke="#00f" stroke-width="4"/><path d="M10 30H90" stroke="#f00" stroke-width="4"/></g>`,
		`<rect width="40" height="40" fill="#00f" stroke="none" opacity="0.5"/><rect x="20" width="40" height="40" fill="#f00"/>`,
		`<g opacity="1"><rect width="40" height="40" fill="#00f"/><rect x="20" width="40" height="40" fill="#f00"/></g>`,
	} {
		src := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` + body + `</svg>`
		shapes, ok := vectorOf(t, src)
		if !ok || len(shapes) < 1 {
			t.Errorf("%s: not given as shapes (%d)", body, len(shapes))
			continue
		}
		if shapes[0].Group != nil {
			t.Errorf("%s: drawn as a group, where multiplying is exact", body)
		} else if strings.HasPrefix(body, `<g opacity="0.5"`) && shapes[0].Fill.Alpha != 0.5 {
			t.Errorf("%s: alpha %g, want 0.5", body, shapes[0].Fill.Alpha)
		}
	}
}

// Layers count with clip paths against MaxClipNesting: each holds a
// picture of the whole drawing until it is laid down.
func TestGroupOpacityNesting(t *testing.T) {
	body := `<rect width="50" height="50" fill="#00f"/><rect x="20" y="20" width="50" height="50" fill="#f00"/>`
	for range MaxClipNesting + 1 {
		body = `<g opacity="0.9">` + body + `</g>`
	}
	d, err := Parse([]byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` + body + `</svg>`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Draw(100, 100); err == nil || err.Error() != fmt.Sprintf("line 1: groups with opacity and clip paths are laid inside each other more than %d deep", MaxClipNesting) {
		t.Errorf("error %v, want one saying layers nest too deep", err)
	}
}

func colourOff(a, b color.RGBA) int {
	d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
	return max(d(a.R, b.R), d(a.G, b.G), d(a.B, b.B), d(a.A, b.A))
}

// As vectors, a faded group inside a clipped one is a Group shape that
// carries the outer clip, its own shapes none; a gradient's stops of
// differing opacity come with it (a PDF's soft mask), one common
// opacity in the paint's alpha.
func TestGroupAndStopOpacityAsVectors(t *testing.T) {
	shapes, ok := vectorOf(t, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
<clipPath id="c"><rect width="50" height="100"/></clipPath>
<linearGradient id="f"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue" stop-opacity="0.25"/></linearGradient>
<linearGradient id="h"><stop offset="0" stop-color="red" stop-opacity="0.5"/><stop offset="1" stop-color="blue" stop-opacity="0.5"/></linearGradient>
<g clip-path="url(#c)"><g opacity="0.4"><rect width="60" height="60" fill="url(#f)"/><rect x="30" y="30" width="60" height="60" fill="url(#h)"/></g></g>
</svg>`)
	if !ok || len(shapes) != 1 || shapes[0].Group == nil || len(shapes[0].Clips) != 1 {
		t.Fatalf("%d shapes (ok %v), want one group inside one clip: %+v", len(shapes), ok, shapes)
	}
	g := shapes[0].Group
	if g.Alpha != 0.4 || len(g.Shapes) != 2 || len(g.Shapes[0].Clips)+len(g.Shapes[1].Clips) != 0 {
		t.Fatalf("group %+v, want alpha 0.4 over two unclipped shapes", g)
	}
	f, h := g.Shapes[0].Fill, g.Shapes[1].Fill
	if ops := f.Gradient.Opacities(); f.Alpha != 1 || len(ops) != 2 || ops[0] != 1 || ops[1] != 0.25 {
		t.Errorf("fading gradient: alpha %g, opacities %v; want 1 and [1 0.25]", f.Alpha, ops)
	}
	if ops := h.Gradient.Opacities(); h.Alpha != 0.5 || ops != nil {
		t.Errorf("evenly faded gradient: alpha %g, opacities %v; want 0.5 and none", h.Alpha, ops)
	}
}
