package render

import (
	"math"
	"runtime"
	"testing"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/testutil"
)

// BenchmarkRenderUnscaledPictures renders four cards whose portraits are
// distinct 40-megapixel PNGs with transparency, handed to the renderer as
// they are (loading scales such pictures down; a caller that builds its
// own Document need not): each is parsed alone, so the peak heap
// (sampled every 2 ms) is about one picture's parse, not four.
func BenchmarkRenderUnscaledPictures(b *testing.B) {
	side := int(math.Sqrt(gamedata.MaxImagePixels))
	doc := artDoc(4, side, side, false)
	runtime.GC()
	var peak uint64
	for b.Loop() {
		watch := testutil.WatchHeap()
		if _, err := PnP(doc, Options{}); err != nil {
			b.Fatal(err)
		}
		peak = max(peak, watch.End())
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
}
