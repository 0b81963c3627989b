package hmm

import (
	"bytes"
	"reflect"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// A bot decides from what its seat sees: the other hands, the decks and
// the face-down Complications it has not looked at are re-dealt before it
// looks ahead.
func TestBotsAreFair(t *testing.T) {
	g := shipped(t)
	for _, players := range []int{2, 3, 4} {
		enginetest.FairBots(t, g, players, 2, 1)
	}
}

// Two tables a seat cannot tell apart (a card of another hand swapped with
// one of the deck, a face-down Complication it has not seen swapped with
// one of the Complication deck, every deck in another order) determinise,
// with one seed, into one state: nothing of either truth is left.
func TestDeterminizeForgetsTheTruth(t *testing.T) {
	g := shipped(t)
	r := engine.NewRand(5)
	bot, _ := engine.NewBot("random", 5)
	for players := 2; players <= 4; players++ {
		s := g.NewState(players, engine.StateOptions{}).(*state)
		var hands, comps int
		for !s.IsTerminal() {
			p := s.CurrentPlayer()
			if p == engine.Chance {
				engine.Apply(s, s.SampleChance(r))
				continue
			}
			twin, hand, comp := s.twin(int(p))
			if !bytes.Equal(s.Observation(p, nil), twin.Observation(p, nil)) {
				t.Fatalf("%d players, move %d: a change hidden from %v changed what it sees", players, s.Move, p)
			}
			truth := engine.Clone(s).(*state)
			seed := r.Uint64()
			truth.Determinize(p, engine.NewRand(seed))
			twin.Determinize(p, engine.NewRand(seed))
			if !reflect.DeepEqual(truth, twin) {
				t.Fatalf("%d players, move %d, %v: two tables it cannot tell apart determinise into different states (hand swapped %v, Complication swapped %v)",
					players, s.Move, p, hand, comp)
			}
			hands += bit(hand)
			comps += bit(comp)
			engine.Apply(s, bot.Act(s, p, s.LegalActions(p, nil)))
		}
		if hands == 0 || comps == 0 {
			t.Errorf("%d players: %d hand swaps and %d Complication swaps; want some of each", players, hands, comps)
		}
	}
}

// twin is a copy of s that seat p cannot tell from s: another seat holds a
// card of the deck instead of one of its own, a face-down Complication p
// has not seen is one from the Complication deck, and every deck has its
// first card moved last. hand and comp say which swaps were possible.
func (s *state) twin(p int) (o *state, hand, comp bool) {
	o = engine.Clone(s).(*state)
	for q := 0; q < s.N && !hand; q++ {
		if q == p || s.hand[q].Len() == 0 {
			continue
		}
		held := s.hand[q].At(0)
		for i := 0; i < s.deck.Len() && !hand; i++ {
			if other := s.deck.At(i); other != held {
				o.fromHand(q, held)
				o.toHand(q, other)
				o.deck.TakeAt(i)
				o.deck.Add(held)
				hand = true
			}
		}
	}
	for j := 0; j < s.njobs && !comp; j++ {
		js := &o.jobs[j]
		for k := 0; k < int(js.nc) && !comp; k++ {
			if js.up[k] != 0 || js.known[k]&(1<<uint(p)) != 0 {
				continue
			}
			for i := 0; i < o.compDeck.Len() && !comp; i++ {
				if other := o.compDeck.At(i); other != int(js.comps[k]) {
					o.compDeck.TakeAt(i)
					o.compDeck.Add(int(js.comps[k]))
					js.comps[k] = int16(other)
					comp = true
				}
			}
		}
	}
	for _, d := range []*engine.Deck{&o.deck, &o.compDeck, &o.jobDeck, &o.mmDeck} {
		if d.Len() > 1 {
			d.Add(d.TakeAt(0))
		}
	}
	return o, hand, comp
}
