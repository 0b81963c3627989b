package heat

import (
	"testing"

	"cardpress/engine/enginetest"
)

// BenchmarkSmokeGames: HEAT smoke games per second on one core with random
// bots, the linter's workload (target: 100,000 games/s per core).
func BenchmarkSmokeGames(b *testing.B) { enginetest.BenchmarkSmokeGames(b, benchGame(b), 3, 4, 5) }
