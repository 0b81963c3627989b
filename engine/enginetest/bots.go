package enginetest

import (
	"fmt"
	"testing"

	"cardpress/engine"
)

// BenchmarkSmokeGames reports smoke games per second on one core with
// random bots (the linter's workload), one sub-benchmark per player count.
func BenchmarkSmokeGames(b *testing.B, g engine.Game, playerCounts ...int) {
	for _, players := range playerCounts {
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

// BenchmarkHeuristicGames times games where every seat is a heuristic bot.
func BenchmarkHeuristicGames(b *testing.B, g engine.Game, players int) {
	b.ReportAllocs()
	sum := engine.Run(g, engine.RunConfig{Players: players, Games: b.N, Seed: 1, Workers: 1, Bots: []string{"heuristic"}})
	if sum.Capped+sum.Panics > 0 {
		b.Fatalf("bad run: %+v", sum)
	}
}

// HeuristicVsRandom plays games with a heuristic bot in seat 1 and random
// bots in the others, checking invariants, and returns seat 1's win rate.
func HeuristicVsRandom(t testing.TB, g engine.Game, players, games int, seed uint64) float64 {
	t.Helper()
	bots := []string{"heuristic"}
	for len(bots) < players {
		bots = append(bots, "random")
	}
	sum := engine.Run(g, engine.RunConfig{Players: players, Games: games, Seed: seed, Bots: bots, CheckInvariants: true})
	if sum.Capped+sum.Panics > 0 {
		t.Fatalf("%d players: %d games capped, %d panics", players, sum.Capped, sum.Panics)
	}
	return sum.WinRate(0)
}
