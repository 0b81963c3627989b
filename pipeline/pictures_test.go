package pipeline

import (
	"math"
	"runtime"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/render"
)

// BenchmarkRenderPictureMemory does what `cardpress render` does to the
// game with art with four distinct 40-megapixel PNGs in place of its
// background, emblem and two portraits (the first reproduction):
// loads it, each picture decoded in turn and scaled down to what it
// prints at, and makes its print-and-play PDF. It reports the peak heap
// (sampled every 2 ms) and the PDF's size.
func BenchmarkRenderPictureMemory(b *testing.B) {
	side := int(math.Sqrt(gamedata.MaxImagePixels))
	dir := testutil.ArtGame(b, b.TempDir(), testutil.HugeArt(side))
	runtime.GC() // the pictures drawn to make the files are not counted
	var peak uint64
	var pdf []byte
	for b.Loop() {
		watch := testutil.WatchHeap()
		games, fs := Load([]string{dir})
		if errs, _ := finding.Count(fs); errs > 0 || len(games) != 1 {
			b.Fatal(fs)
		}
		var err error
		if pdf, err = render.PnP(Document(games[0]), render.Options{Bleed: 3}); err != nil {
			b.Fatal(err)
		}
		peak = max(peak, watch.End())
	}
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
	b.ReportMetric(float64(len(pdf))/(1<<20), "pdf-MiB")
}
