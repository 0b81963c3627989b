package engine_test

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// BenchmarkRunMemory shows that statistics are streamed: the heap in use
// while a run plays (peak-heap-B, sampled every 8192 games after a GC)
// stays flat from 10k to 1M games; B/op grows only with the short-lived
// garbage of each game. Run with make bench.
func BenchmarkRunMemory(b *testing.B) {
	g := &enginetest.Toy{Goal: 12}
	for _, n := range []int{10_000, 1_000_000} {
		b.Run(fmt.Sprintf("%dgames", n), func(b *testing.B) {
			b.ReportAllocs()
			var played atomic.Int64
			var mu sync.Mutex
			var peak uint64
			sample := func(engine.Result) {
				if played.Add(1)%8192 != 0 {
					return
				}
				mu.Lock()
				defer mu.Unlock()
				runtime.GC()
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapAlloc)
				if testing.Verbose() && played.Load()%131072 == 0 {
					b.Logf("%d games: heap %d B", played.Load(), ms.HeapAlloc)
				}
			}
			for b.Loop() {
				s := engine.Run(g, engine.RunConfig{Players: 3, Games: n, Seed: 1, Each: sample})
				if s.Games != n {
					b.Fatal(s.Games)
				}
			}
			b.ReportMetric(float64(peak), "peak-heap-B")
		})
	}
}
