package preview

import (
	"context"
	"net"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
)

// BenchmarkPushToOpenPages pushes a change of HEAT's page to MaxPages
// open pages: one drawing of the content is shared by all of them, so a
// push costs about one page's bytes (B/op), however many are open; and it
// reports the heap each open page holds (its server side and, here in
// the same process, its client).
func BenchmarkPushToOpenPages(b *testing.B) {
	ws := testutil.CopyGame(b, "heat")
	s := New(Options{Paths: []string{filepath.Join(ws, "cards", "heat")}})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go s.Serve(ctx, ln)
	base := "http://" + ln.Addr().String()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var pages []*stream
	for range MaxPages {
		p := openStream(b, base)
		p.next(b)
		pages = append(pages, p)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	for b.Loop() {
		s.changed()
		for _, p := range pages {
			p.next(b)
		}
	}
	b.ReportMetric(float64(after.HeapInuse-before.HeapInuse)/MaxPages, "heap-B/page")
}
