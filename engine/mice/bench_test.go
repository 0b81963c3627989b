package mice

import (
	"testing"

	"github.com/cardpress/cardpress/engine/enginetest"
)

// BenchmarkSmokeGames: Mice Heist smoke games on one core with random
// bots, the linter's workload.
func BenchmarkSmokeGames(b *testing.B) { enginetest.BenchmarkSmokeGames(b, shipped(b), 2, 3, 4, 5, 6) }

// BenchmarkMCTS: the search bot's iterations a second at 4 players.
func BenchmarkMCTS(b *testing.B) { enginetest.BenchmarkMCTS(b, shipped(b), 4) }

// BenchmarkRulesFileSmokeGames: the same games played by the generic
// engine from cards/mice/rules.yaml, beside BenchmarkSmokeGames.
func BenchmarkRulesFileSmokeGames(b *testing.B) {
	_, g := bothEngines(b)
	enginetest.BenchmarkSmokeGames(b, g, 2, 3, 4, 5, 6)
}
