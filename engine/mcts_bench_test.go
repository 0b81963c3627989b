package engine_test

import (
	"runtime"
	"testing"
	"time"

	"github.com/cardpress/cardpress/engine"
)

// BenchmarkMCTSTreeAtMaxIterations measures the memory of the biggest
// search a spec asks for, mcts:1000000, in a game whose tree grows a node
// every iteration: tree-MB is the heap one decision takes at its peak (the
// tree and its storage's growth), kept-MB what two seats' bots still hold
// after deciding in turn (a tree that big is let go after its decision, so
// a table holds one at a time).
func BenchmarkMCTSTreeAtMaxIterations(b *testing.B) {
	applied := 0
	s := race{moves: 40, applied: &applied}.NewState(2, engine.StateOptions{})
	legal := s.LegalActions(0, nil)
	var peak, kept float64
	for range b.N {
		bots := [2]*engine.MCTSBot{}
		base := heapMB()
		for seat := range bots {
			bots[seat] = engine.NewMCTSBot(uint64(seat), engine.MaxIterations)
			bots[seat].Exploration = 100 // breadth first: a node an iteration
			stop := watchHeap(&peak, base)
			bots[seat].Act(s, 0, legal)
			stop()
		}
		kept = heapMB() - base
		runtime.KeepAlive(bots)
	}
	b.ReportMetric(peak, "tree-MB")
	b.ReportMetric(kept, "kept-MB")
}

// heapMB is the live heap after a collection, in MB.
func heapMB() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapAlloc) / 1e6
}

// watchHeap samples the heap above base into peak until stop is called.
func watchHeap(peak *float64, base float64) (stop func()) {
	done, finished := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(finished)
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			*peak = max(*peak, float64(m.HeapAlloc)/1e6-base)
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	}()
	return func() { close(done); <-finished }
}
