package rules

import (
	"reflect"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// Duel (testdata/duel) has what a search meets in a designer's new game:
// a secret bid by both seats at once, a die between the bid and what it
// wins, shared wins, and a seat out of coins that has one legal move for
// the rest of the game. It conforms (its bots, the search's included,
// decide from what their seat sees and play legal moves); the search
// beats random play and the look-ahead by a clear margin from either
// seat; and the same seed replays the same games on one worker or two.
func TestSearchWinsASecretBidDuel(t *testing.T) {
	g := loadGame(t, "testdata/duel")
	conforms(t, g)
	for _, tc := range []struct {
		bots  []string
		seat  int
		least float64 // fair is 50%; 100 games' 95% interval is about ±10 points
	}{
		{[]string{"mcts:100", "random"}, 0, 0.75},
		{[]string{"random", "mcts:100"}, 1, 0.75},
		{[]string{"mcts:100", "heuristic"}, 0, 0.70},
		{[]string{"heuristic", "mcts:100"}, 1, 0.70},
	} {
		sum := engine.Run(g, engine.RunConfig{Players: 2, Games: 100, Seed: 3, Bots: tc.bots, CheckInvariants: true})
		if sum.Capped+sum.Panics+sum.Invariants > 0 {
			t.Fatalf("%v: %d capped, %d panics, %d broke an invariant", tc.bots, sum.Capped, sum.Panics, sum.Invariants)
		}
		rate := sum.WinRate(tc.seat)
		t.Logf("%v: the search in seat %d wins %.1f%%", tc.bots, tc.seat+1, 100*rate)
		if rate < tc.least {
			t.Errorf("%v: the search in seat %d wins %.1f%%, want at least %.0f%%", tc.bots, tc.seat+1, 100*rate, 100*tc.least)
		}
	}
	run := func(workers int) *engine.Summary {
		return engine.Run(g, engine.RunConfig{Players: 2, Games: 20, Seed: 9, Workers: workers, Bots: []string{"mcts:30", "mcts:10:horizon=4:rollout=heuristic:prior=1"}})
	}
	if a, b := run(1), run(2); !reflect.DeepEqual(a, b) {
		t.Errorf("the same seed on one worker and on two gives other games:\n%+v\n%+v", a, b)
	}
}
