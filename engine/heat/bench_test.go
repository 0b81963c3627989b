package heat

import (
	"testing"

	"cardpress/engine/enginetest"
	"cardpress/engine/rules"
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
