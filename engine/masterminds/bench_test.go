package masterminds

import (
	"testing"

	"github.com/cardpress/cardpress/engine/enginetest"
)

// BenchmarkSmokeGames: Masterminds smoke games per second on one core with random
// bots, the linter's workload.
func BenchmarkSmokeGames(b *testing.B) { enginetest.BenchmarkSmokeGames(b, shipped(b, ""), 2, 3, 4, 5) }

// BenchmarkHeuristicGame is one 4-player game of heuristic bots (the
// linter plays some to find cards nobody chooses).
func BenchmarkHeuristicGame(b *testing.B) { enginetest.BenchmarkHeuristicGames(b, shipped(b, ""), 4) }

// BenchmarkMCTS: the search bot's iterations a second at 4 players.
func BenchmarkMCTS(b *testing.B) { enginetest.BenchmarkMCTS(b, shipped(b, ""), 4) }
