package masterminds

import (
	"fmt"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// BenchmarkLintParts splits lint's cost per move: the bare engine with the
// tally only, and with the invariant check only (compare with
// BenchmarkSmokeGames' engine and lint figures).
func BenchmarkLintParts(b *testing.B) {
	g := shipped(b, "")
	for _, players := range []int{2, 4, 5} {
		for _, part := range []string{"tally", "check"} {
			b.Run(fmt.Sprintf("%dp/%s", players, part), func(b *testing.B) {
				b.ReportAllocs()
				var t engine.Table
				opt := engine.PlayOptions{CheckInvariants: part == "check"}
				if part == "tally" {
					opt.Tally = engine.NewTally(g.Info())
				}
				moves := 0
				for i := range b.N {
					res := t.Play(g, players, engine.GameSeed(1, i), opt)
					if res.Failed() {
						b.Fatalf("game %d failed: %+v", i, res)
					}
					moves += res.Moves
				}
				b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(moves), "ns/move")
			})
		}
	}
}
