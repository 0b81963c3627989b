package svg

import (
	"math"
	"testing"
)

// BenchmarkDraw draws the exports in testdata at a card portrait's size
// (51 mm wide at 300 dpi).
func BenchmarkDraw(b *testing.B) {
	for _, tc := range []struct {
		file string
		w, h int
	}{{"gameicon.svg", 600, 600}, {"inkscape.svg", 600, 400}, {"illustrator.svg", 600, 300}} {
		b.Run(tc.file, func(b *testing.B) {
			d, err := Parse(testdata(b, tc.file))
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := d.Draw(tc.w, tc.h); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(d.work.painted)/float64(tc.w*tc.h), "fills")
		})
	}
}

// BenchmarkDrawAtTheLimits draws, at MaxPixels, a drawing with clip
// paths MaxClipNesting deep, each clipping a shape covering everything:
// the most pictures a drawing holds at once. B/op is what it allocates
// (the pictures: 1 + 2 a clip level, 4 bytes a pixel).
func BenchmarkDrawAtTheLimits(b *testing.B) {
	src := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><clipPath id="c"><circle cx="50" cy="50" r="50"/></clipPath>`
	for range MaxClipNesting {
		src += `<g clip-path="url(#c)">`
	}
	src += `<rect width="100" height="100" fill="#08f"/>`
	for range MaxClipNesting {
		src += `</g>`
	}
	d, err := Parse([]byte(src + `</svg>`))
	if err != nil {
		b.Fatal(err)
	}
	side := int(math.Sqrt(MaxPixels))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := d.Draw(side, side); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(d.work.painted)/1e6, "Mpx-filled")
}
