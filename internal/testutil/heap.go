package testutil

import (
	"runtime/metrics"
	"sync"
	"time"
)

// PeakHeap samples the heap's objects (live, and dead ones not yet
// swept) every 2 ms until End: the peak memory of what runs meanwhile,
// for benchmarks to report.
type PeakHeap struct {
	stop chan struct{}
	done sync.WaitGroup
	peak uint64
}

// WatchHeap starts sampling.
func WatchHeap() *PeakHeap {
	p := &PeakHeap{stop: make(chan struct{})}
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	p.done.Add(1)
	go func() {
		defer p.done.Done()
		tick := time.NewTicker(2 * time.Millisecond)
		defer tick.Stop()
		for {
			metrics.Read(sample)
			p.peak = max(p.peak, sample[0].Value.Uint64())
			select {
			case <-p.stop:
				return
			case <-tick.C:
			}
		}
	}()
	return p
}

// End stops sampling and returns the peak in bytes.
func (p *PeakHeap) End() uint64 {
	close(p.stop)
	p.done.Wait()
	return p.peak
}
