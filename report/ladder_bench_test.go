package report

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/pipeline"
)

// BenchmarkLadderHEAT4 plays HEAT's whole skill ladder at 4 players as
// report --ladder does (budget from the game's length, every cell side
// by side on every core): the target is decided within 60 s on two cores
// (issue 35). It reports the games the cells played and the budget.
func BenchmarkLadderHEAT4(b *testing.B) {
	games, fs := pipeline.Load([]string{filepath.Join(testutil.RepoRoot(), "cards", "heat")})
	if len(games) != 1 || games[0].Engine == nil {
		b.Fatalf("heat does not load: %v", fs)
	}
	g := games[0].Engine
	budget := LadderBudget(g, 4, 1)
	var played int
	for b.Loop() {
		l := PlayLadder(g, LadderConfig{Players: 4, Agents: LadderAgents(budget), Seed: 1, Workers: runtime.GOMAXPROCS(0)})
		played = l.Games()
	}
	b.ReportMetric(float64(played), "games")
	b.ReportMetric(float64(budget), "budget")
}
