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

// With evaluate: the heuristic bot looks one move ahead and beats random
// bots by a clear margin; seeded, over enough games that the margin is
// far outside luck (a fair share's 95% interval is a few points wide).
func TestHeuristicBotPlaysByEvaluate(t *testing.T) {
	for _, tc := range []struct {
		dir     string
		players int
		games   int
		least   float64 // the win rate the heuristic seat must pass
	}{
		{"../../cards/crazy-eights", 2, 300, 0.65},
		{"../../cards/hearts", 4, 200, 0.40},
		{"testdata/pickup", 2, 400, 0.70},
		{"testdata/alibi", 2, 300, 0.65},
	} {
		t.Run(tc.dir, func(t *testing.T) {
			g := loadGame(t, tc.dir)
			if engine.HeuristicPlaysAtRandom(g) {
				t.Fatalf("%s gives no evaluate:", tc.dir)
			}
			bots := []string{"heuristic"}
			for len(bots) < tc.players {
				bots = append(bots, "random")
			}
			// With the statistics on, as lint and sim play: a look-ahead
			// on clones must leave the truth's legal actions alone (they
			// once shared one cache entry per decision).
			sum := engine.Run(g, engine.RunConfig{Players: tc.players, Games: tc.games, Seed: 11, Bots: bots, CheckInvariants: true})
			if sum.Capped+sum.Panics+sum.Invariants > 0 {
				t.Fatalf("%d capped, %d panics, %d broke an invariant (first: %+v)", sum.Capped, sum.Panics, sum.Invariants, sum.FirstInvariant)
			}
			rate := sum.WinRate(0)
			t.Logf("%s: heuristic seat 1 wins %.1f%% at %d players (fair %.1f%%)", tc.dir, 100*rate, tc.players, 100/float64(tc.players))
			if rate < tc.least {
				t.Errorf("the heuristic bot wins %.1f%% against random bots, want at least %.0f%%", 100*rate, 100*tc.least)
			}
		})
	}
}

// Alibi hides hands and shows one card of a hand to one seat: hidden
// information, played fairly (the bots decide from what their seat saw).
func TestAlibiConforms(t *testing.T) {
	g := loadGame(t, "testdata/alibi")
	if got := g.Info().Information; got != engine.ImperfectInformation {
		t.Fatalf("alibi: Information %v, want ImperfectInformation", got)
	}
	conforms(t, g)
}
