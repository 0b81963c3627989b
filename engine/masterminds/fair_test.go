package masterminds

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// TestFairBots: bots decide from their seat's observation only. The
// shipped game at 5 players runs some 15,000 random moves, too long to
// check position by position (FairBots plays out every fifth), so 5
// players are checked on the small fixture.
func TestFairBots(t *testing.T) {
	g := shipped(t, "")
	for players := 2; players <= 4; players++ {
		enginetest.FairBots(t, g, players, 1, 15)
	}
	enginetest.FairBots(t, fixture(t, nil), 5, 1, 15)
}

// TestDeterminizeRedealsEveryHiddenPrepCard: a determinisation keeps what
// seat 1 sees and the size of every hidden place, and over a few samples
// deals every other hand and the Prep deck cards they did not hold.
func TestDeterminizeRedealsEveryHiddenPrepCard(t *testing.T) {
	g := shipped(t, "")
	truth := started(t, g, 3, 7)
	r := engine.NewRand(7)
	for truth.Move < 200 {
		if truth.cur == engine.Chance {
			engine.Apply(truth, truth.SampleChance(r))
		} else {
			legal := truth.LegalActions(truth.cur, nil)
			engine.Apply(truth, legal[r.Intn(len(legal))])
		}
	}
	view := truth.Observation(0, nil)
	changed := map[string]bool{}
	hand := func(q int) string { return fmt.Sprintf("seat %d's hand", q+1) }
	for seed := range uint64(20) {
		w := engine.Clone(truth).(*state)
		w.Determinize(0, engine.NewRand(seed))
		check(t, w)
		if !bytes.Equal(w.Observation(0, nil), view) {
			t.Fatalf("seed %d: the determinisation changed what seat 1 sees", seed)
		}
		for q := 1; q < 3; q++ {
			if !slices.Equal(handOf(w, q), handOf(truth, q)) {
				changed[hand(q)] = true
			}
		}
		if !slices.Equal(contents(&w.prepDeck), contents(&truth.prepDeck)) {
			changed["the Prep deck"] = true
		}
	}
	for _, place := range []string{hand(1), hand(2), "the Prep deck"} {
		if !changed[place] {
			t.Errorf("20 determinisations never changed the cards of %s", place)
		}
	}
}

func handOf(s *state, q int) []int {
	var out []int
	for i := 0; i < s.seats[q].hand.Len(); i++ {
		out = append(out, s.seats[q].hand.At(i))
	}
	return out
}

func contents(d *engine.Deck) []int {
	var out []int
	for i := 0; i < d.Len(); i++ {
		out = append(out, d.At(i))
	}
	slices.Sort(out)
	return out
}
