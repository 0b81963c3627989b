package rules

import (
	"testing"

	"cardpress/engine/enginetest"
)

// The classic games written in the rules language: smoke games per second
// on one core with random bots (HEAT's, against engine/heat, is
// engine/heat's BenchmarkRulesFileSmokeGames).
func BenchmarkCrazyEightsSmokeGames(b *testing.B) {
	enginetest.BenchmarkSmokeGames(b, loadGame(b, "../../cards/crazy-eights"), 2, 4, 7)
}

func BenchmarkHeartsSmokeGames(b *testing.B) {
	enginetest.BenchmarkSmokeGames(b, loadGame(b, "../../cards/hearts"), 3, 4, 5)
}
