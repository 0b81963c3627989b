package rules

import (
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// conforms holds a test game to what every game passes: its Info, random
// playouts at every count, and bots that decide from what their seat sees.
func conforms(t *testing.T, g *Game) {
	t.Helper()
	enginetest.CheckInfo(t, g)
	enginetest.RandomPlayoutsAtEveryCount(t, g, 20, 1)
	info := g.Info()
	for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
		enginetest.FairBots(t, g, n, 5, 3)
	}
}

// Pickup's only secret is its shuffled deck, and every card drawn lands
// face up: a perfect-information game, which passes conformance (it
// failed "determinising never changed what another seat sees" while a
// shuffled pile counted as hidden information).
func TestAShuffledPileIsChanceNotHiddenInformation(t *testing.T) {
	g := loadGame(t, "testdata/pickup")
	if got := g.Info().Information; got != engine.PerfectInformation {
		t.Fatalf("pickup: Information %v, want PerfectInformation", got)
	}
	conforms(t, g)
}
