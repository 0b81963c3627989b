package svg

import "testing"

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
