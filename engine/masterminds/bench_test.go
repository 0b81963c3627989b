package masterminds

import (
	"fmt"
	"testing"

	"cardpress/engine"
)

// BenchmarkSmokeGames reports Masterminds smoke games per second on one
// core with random bots, the linter's workload.
func BenchmarkSmokeGames(b *testing.B) {
	g := shipped(b, "")
	for _, players := range []int{2, 3, 4, 5} {
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

// BenchmarkHeuristicGame is one 4-player game of heuristic bots.
func BenchmarkHeuristicGame(b *testing.B) {
	g := shipped(b, "")
	sum := engine.Run(g, engine.RunConfig{Players: 4, Games: b.N, Seed: 1, Workers: 1, Bots: []string{"heuristic"}})
	if sum.Capped+sum.Panics > 0 {
		b.Fatalf("bad run: %+v", sum)
	}
}
