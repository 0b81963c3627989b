package cmd

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/raster"
)

// Issue 28, item 4: exports at the game limit (5,000 cards) in bounded
// memory and linear time. These benchmarks export a generated game of
// 5,000 distinct cards without pictures (sprint's layout) and report the
// peak of the live heap while it runs and the bytes allocated per card;
// docs/export.md states the budget they check. They take about a minute
// each and run in `make bench` only.

// limitGame writes sprint with n distinct cards into a new folder and its
// schemas, and returns the game folder.
func limitGame(b *testing.B, n int) string {
	b.Helper()
	ws := b.TempDir()
	testutil.CopyTree(b, filepath.Join(repoRoot, "cmd", "testdata", "sprint"), filepath.Join(ws, "sprint"))
	writeRunners(b, ws, n)
	game := filepath.Join(ws, "sprint")
	if code := Run(IO{Out: &bytes.Buffer{}, Err: &bytes.Buffer{}}, []string{"schema", game}); code != 0 {
		b.Fatalf("schema: exit %d", code)
	}
	return game
}

// benchExport runs cardpress export with args on a game of cards cards
// and reports the peak heap in MB and the bytes allocated per card.
func benchExport(b *testing.B, cards int, args ...string) {
	game := limitGame(b, cards)
	out := filepath.Join(b.TempDir(), "out")
	// PDFium's start (a compile, or a cache read) is paid once per
	// process, before the clock.
	if _, err := raster.Shared(); err != nil {
		b.Fatal(err)
	}
	args = append(args, game, "--out", out)
	var peak uint64
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	for b.Loop() {
		var stdout, stderr bytes.Buffer
		watch := testutil.WatchHeap()
		code := Run(IO{Out: &stdout, Err: &stderr}, args)
		peak = max(peak, watch.End())
		if code != 0 {
			b.Fatalf("exit %d: %s%s", code, stdout.String(), stderr.String())
		}
		os.RemoveAll(out) // each run writes everything anew
	}
	runtime.ReadMemStats(&after)
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/float64(cards), "alloc-B/card")
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N)/float64(cards)*1e3, "ms/card")
}

// atSizes runs bench on a game of 1,000 cards and on one at the limit of
// 5,000: the same peak heap and the same time per card at both are what
// bounded memory and linear time look like.
func atSizes(b *testing.B, bench func(b *testing.B, cards int)) {
	for _, n := range []int{1000, gamedata.MaxCards} {
		b.Run(fmt.Sprintf("cards=%d", n), func(b *testing.B) { bench(b, n) })
	}
}

// The reproduction: export tts of 4,997 cards died at 4 GB after
// 117 s, every page of the deck rasterised before the first sheet.
func BenchmarkExportTTS(b *testing.B) {
	atSizes(b, func(b *testing.B, n int) { benchExport(b, n, "export", "tts") })
}

// export png at 100 dpi, to keep the run to a minute: an image's memory
// is the rasteriser's and the encoder's, a ninth of it at 300 dpi, and
// the number of images is what the benchmark is about.
func BenchmarkExportPNG(b *testing.B) {
	atSizes(b, func(b *testing.B, n int) { benchExport(b, n, "export", "png", "--dpi", "100") })
}

// A print shop's profile, full-size images, on a deck of 500 cards: the
// peak is per image, so more cards would only take longer.
func BenchmarkExportPNGProfile(b *testing.B) {
	benchExport(b, 500, "export", "png", "--profile", "tgc")
}
