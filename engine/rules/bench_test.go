package rules

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// The classic games written in the rules language: smoke games per second
// on one core with random bots (HEAT's, against engine/heat, is
// engine/heat's BenchmarkRulesFileSmokeGames).
func BenchmarkCrazyEightsSmokeGames(b *testing.B) {
	enginetest.BenchmarkSmokeGames(b, loadGame(b, "../../cards/crazy-eights"), 2, 4, 7)
}

func BenchmarkHeartsSmokeGames(b *testing.B) {
	enginetest.BenchmarkSmokeGames(b, loadGame(b, "../../cards/hearts"), 3, 4, 5)
}

// BenchmarkBuildAtLimits builds rules files at the limits that keep a
// hostile file's cost bounded (limits.go): defines that double (measured,
// not pasted in), a define just under the parts limit used until the
// compile budget runs out, and a for_each nested in another over the most
// entries a for_each is compiled per entry for. Each reports the bytes a
// build allocates and the heap the built game (or its findings) keeps.
func BenchmarkBuildAtLimits(b *testing.B) {
	var uses strings.Builder
	for i := range 200 {
		fmt.Fprintf(&uses, "  - set: \"bonus = d13 * 0 + %d\"\n", i)
	}
	for _, c := range []struct {
		name  string
		edits []bankEdit
	}{
		{"bank", nil},
		{"doubling-defines", []bankEdit{{"rules.yaml", "zones:\n", doublingDefines(40) + "zones:\n"}}},
		{"compile-budget", []bankEdit{{"rules.yaml", "zones:\n", doublingDefines(13) + "zones:\n"}, {"rules.yaml", bankPlay, uses.String() + bankPlay}}},
		{"nested-for-each", nestedForEach(b)},
	} {
		b.Run(c.name, func(b *testing.B) {
			d, errs, _ := bankData(b, c.edits...)
			if d == nil {
				b.Fatal(errs)
			}
			var before, after runtime.MemStats
			var kept uint64
			runtime.GC()
			runtime.ReadMemStats(&before)
			for b.Loop() {
				var m0, m1 runtime.MemStats
				b.StopTimer()
				runtime.GC()
				runtime.ReadMemStats(&m0)
				b.StartTimer()
				g, found := Build(d)
				b.StopTimer()
				runtime.GC()
				runtime.ReadMemStats(&m1)
				kept = max(kept, m1.HeapAlloc-min(m1.HeapAlloc, m0.HeapAlloc))
				runtime.KeepAlive(g)
				runtime.KeepAlive(found)
				b.StartTimer()
			}
			runtime.ReadMemStats(&after)
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(b.N)/(1<<20), "alloc-MiB/op")
			b.ReportMetric(float64(kept)/(1<<20), "kept-MiB")
		})
	}
}

// BenchmarkMCTS: the search bot's iterations a second in the classic games.
func BenchmarkMCTS(b *testing.B) {
	for _, game := range []string{"crazy-eights", "hearts"} {
		b.Run(game, func(b *testing.B) { enginetest.BenchmarkMCTS(b, loadGame(b, "../../cards/"+game), 4) })
	}
}

// BenchmarkListing: what listing a seat's legal actions costs, the most
// of a random play-out move of the search's (legalNow at each decision),
// over 300 decisions of random games of Crazy Eights and Hearts at 4
// players, in ns a listing.
func BenchmarkListing(b *testing.B) {
	for _, game := range []string{"crazy-eights", "hearts"} {
		b.Run(game, func(b *testing.B) {
			g := loadGame(b, "../../cards/"+game)
			r := engine.NewRand(3)
			var at []*state
			s := g.NewState(4, engine.StateOptions{})
			for len(at) < 300 {
				switch p := s.CurrentPlayer(); {
				case s.IsTerminal():
					s = g.NewState(4, engine.StateOptions{})
				case p >= 0:
					c := engine.Clone(s)
					if sim, ok := c.(*simState); ok {
						at = append(at, &sim.state)
					} else {
						at = append(at, c.(*state))
					}
					fallthrough
				default:
					enginetest.RandomStep(s, r)
				}
			}
			buf := make([]engine.Action, 0, 64)
			for b.Loop() {
				for _, d := range at {
					buf, _, _ = d.legalMask(d.ch, d.seat, buf[:0])
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(at)), "ns/listing")
		})
	}
}

// BenchmarkOptionMemos: what listMemo and listedAs pay, the search bot's
// iterations a second in Crazy Eights (whose play-outs list stuck's any
// at every turn) and Hearts with them (on) and without (off). On a
// shared machine run on and off in turn, one a process, and compare their
// CPU time (docs/benchmarks.md).
func BenchmarkOptionMemos(b *testing.B) {
	for _, game := range []string{"crazy-eights", "hearts"} {
		for _, on := range []bool{true, false} {
			optionMemos = on
			g := loadGame(b, "../../cards/"+game)
			optionMemos = true
			b.Run(fmt.Sprintf("%s/%s", game, map[bool]string{true: "on", false: "off"}[on]), func(b *testing.B) {
				enginetest.BenchmarkMCTS(b, g, 4)
			})
		}
	}
}

// BenchmarkReferenceSmokeGames plays Crazy Eights and Hearts on the
// reference interpreter, for its speed beside the fast engine's
// (BenchmarkCrazyEightsSmokeGames, BenchmarkHeartsSmokeGames): it is
// written for clarity and allowed to be 10-100 times slower.
func BenchmarkReferenceSmokeGames(b *testing.B) {
	b.Run("crazy-eights", func(b *testing.B) {
		enginetest.BenchmarkSmokeGames(b, Reference(loadGame(b, "../../cards/crazy-eights")), 4)
	})
	b.Run("hearts", func(b *testing.B) {
		enginetest.BenchmarkSmokeGames(b, Reference(loadGame(b, "../../cards/hearts")), 4)
	})
}
