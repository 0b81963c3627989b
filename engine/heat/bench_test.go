package heat

import (
	"runtime"
	"testing"
	"time"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/engine/rules"
)

// BenchmarkSmokeGames: HEAT smoke games per second on one core with random
// bots, the linter's workload (target: 100,000 games/s per core).
func BenchmarkSmokeGames(b *testing.B) { enginetest.BenchmarkSmokeGames(b, benchGame(b), 3, 4, 5) }

// BenchmarkRulesFileSmokeGames: the same games played by the generic
// engine from cards/heat/rules.yaml, beside BenchmarkSmokeGames (target:
// at least a third of its games per second, no allocation per move).
func BenchmarkRulesFileSmokeGames(b *testing.B) {
	g, found := rules.Build(shippedWithRules(b))
	if g == nil {
		b.Fatalf("rules.yaml does not build: %v", found)
	}
	enginetest.BenchmarkSmokeGames(b, g, 3, 4, 5)
}

// BenchmarkSimScaling: sim's workload (engine.Run with invariants, as
// cardpress sim plays) on HEAT at 4 players with one worker and with one
// per core. efficiency is the games per second with every core over
// cores times those with one: 1 is perfect scaling.
func BenchmarkSimScaling(b *testing.B) {
	g := benchGame(b)
	cores := runtime.GOMAXPROCS(0)
	const games = 20_000
	var one, all time.Duration
	for b.Loop() {
		for _, w := range []struct {
			workers int
			took    *time.Duration
		}{{1, &one}, {cores, &all}} {
			start := time.Now()
			s := engine.Run(g, engine.RunConfig{Players: 4, Games: games, Seed: 1, Workers: w.workers, CheckInvariants: true})
			*w.took += time.Since(start)
			if s.Games != games {
				b.Fatalf("%d workers played %d games", w.workers, s.Games)
			}
		}
	}
	played := float64(games * b.N)
	b.ReportMetric(played/one.Seconds(), "games/s-1-worker")
	b.ReportMetric(played/all.Seconds(), "games/s-all-cores")
	b.ReportMetric(float64(cores), "cores")
	b.ReportMetric(one.Seconds()/all.Seconds()/float64(cores), "efficiency")
}

// BenchmarkMCTS: the search bot's iterations a second at 4 players.
func BenchmarkMCTS(b *testing.B) { enginetest.BenchmarkMCTS(b, benchGame(b), 4) }
