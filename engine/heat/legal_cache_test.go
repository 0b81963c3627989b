package heat

import (
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// At a secret choice every seat's legal actions are its own hand in the
// state asked, even when the state is a re-dealt clone of another that
// listed them first at the same decision (clones share the rules engine's
// buffers). A cached list from the truth once leaked another seat's real
// hand into every bot's look-ahead.
func TestRulesFileListsEachCloneItsOwnHands(t *testing.T) {
	_, g := bothEngines(t)
	differed := false
	for seed := uint64(1); seed <= 20; seed++ {
		replay := func() engine.State {
			r := engine.NewRand(seed)
			s := g.NewState(3, engine.StateOptions{})
			for s.MoveNumber() < int(seed) || s.CurrentPlayer() != engine.Simultaneous {
				enginetest.RandomStep(s, r)
			}
			return s
		}
		truth, fresh := replay(), replay() // fresh has buffers of its own
		fresh.(engine.Determinizer).Determinize(0, engine.NewRand(99))
		for q := engine.Player(0); q < 3; q++ {
			truth.LegalActions(q, nil)
		}
		world := engine.Clone(truth)
		world.(engine.Determinizer).Determinize(0, engine.NewRand(99))
		world.LegalActions(0, nil)
		for q := engine.Player(1); q < 3; q++ {
			got, want := world.LegalActions(q, nil), fresh.LegalActions(q, nil)
			if !slices.Equal(got, want) {
				t.Fatalf("seed %d: seat %d of a re-dealt clone may play %v, its hand there allows %v", seed, q+1, got, want)
			}
			differed = differed || !slices.Equal(want, truth.LegalActions(q, nil))
		}
	}
	if !differed {
		t.Fatal("no re-deal changed another seat's choices: the test shows nothing")
	}
}
