package heat

import (
	"fmt"
	"testing"

	"cardpress/engine"
)

// BenchmarkSmokeGames reports HEAT smoke games per second on one core with
// random bots, the linter's workload (target: 100,000 games/s per core).
func BenchmarkSmokeGames(b *testing.B) {
	g := benchGame(b)
	for _, players := range []int{3, 4, 5} {
		b.Run(fmt.Sprintf("%dp", players), func(b *testing.B) {
			b.ReportAllocs()
			sum := engine.Run(g, engine.RunConfig{Players: players, Games: b.N, Seed: 1, Workers: 1})
			if sum.Games != b.N || sum.Capped+sum.Panics > 0 {
				b.Fatalf("bad run: %+v", sum)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
