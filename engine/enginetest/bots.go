package enginetest

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// BenchmarkSmokeGames measures random-bot smoke games on one core, one
// sub-benchmark per player count and path: engine is the bare engine (one
// table playing game after game, nothing recorded), lint what lint runs
// (engine.Run with the statistics, invariants checked after every move).
// Each reports ns/move, moves/s and games/s beside Go's ns/op (a game)
// and allocations per game.
func BenchmarkSmokeGames(b *testing.B, g engine.Game, playerCounts ...int) {
	for _, players := range playerCounts {
		b.Run(fmt.Sprintf("%dp/engine", players), func(b *testing.B) {
			b.ReportAllocs()
			var t engine.Table
			moves := 0
			for i := range b.N {
				res := t.Play(g, players, engine.GameSeed(1, i), engine.PlayOptions{})
				if res.Failed() {
					b.Fatalf("game %d failed: %+v", i, res)
				}
				moves += res.Moves
			}
			reportSpeed(b, moves)
		})
		b.Run(fmt.Sprintf("%dp/lint", players), func(b *testing.B) {
			b.ReportAllocs()
			sum := engine.Run(g, engine.RunConfig{Players: players, Games: b.N, Seed: 1, Workers: 1, CheckInvariants: true})
			if sum.Games != b.N || sum.Capped+sum.Panics+sum.Invariants > 0 {
				b.Fatalf("bad run: %+v", sum)
			}
			reportSpeed(b, int(sum.MovesSum))
		})
	}
}

// reportSpeed adds the per-move and per-game rates of b's games.
func reportSpeed(b *testing.B, moves int) {
	sec := b.Elapsed().Seconds()
	if moves > 0 {
		b.ReportMetric(sec*1e9/float64(moves), "ns/move")
	}
	b.ReportMetric(float64(moves)/sec, "moves/s")
	b.ReportMetric(float64(b.N)/sec, "games/s")
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

// mctsBatch is the iterations of one timed decision in BenchmarkMCTS.
const mctsBatch = 100

// BenchmarkMCTS times the search bot's iterations (each a re-deal, a walk
// of the tree and a full random play-out) at the first decision of a game
// of g with a choice, reporting iterations a second and allocations per
// iteration.
func BenchmarkMCTS(b *testing.B, g engine.Game, players int) {
	s := g.NewState(players, engine.StateOptions{})
	r := engine.NewRand(1)
	var p engine.Player
	var legal []engine.Action
	for !s.IsTerminal() {
		if p = s.CurrentPlayer(); p == engine.Simultaneous {
			p = 0
		}
		if legal = s.LegalActions(p, nil); p >= 0 && len(legal) > 1 {
			break
		}
		RandomStep(s, r)
	}
	if s.IsTerminal() {
		b.Fatal("the game ended without a choice")
	}
	bot := engine.NewMCTSBot(1, mctsBatch)
	bot.Act(s, p, legal) // the tree's storage grows once
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	b.ResetTimer()
	for range b.N {
		bot.Act(s, p, legal)
	}
	b.StopTimer()
	runtime.ReadMemStats(&after)
	iters := float64(b.N * mctsBatch)
	b.ReportMetric(iters/b.Elapsed().Seconds(), "iterations/s")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/iters, "allocs/iteration")
}
