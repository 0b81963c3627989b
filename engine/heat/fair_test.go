package heat

import (
	"bytes"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// A bot decides from its seat's hand and the table only: the other hands
// and the deck are re-dealt before it looks ahead.
func TestBotsAreFair(t *testing.T) {
	g := shipped(t)
	for players := 3; players <= 5; players++ {
		enginetest.FairBots(t, g, players, 10, 1)
	}
}

// Two tables a seat cannot tell apart (a card of the next seat's hand
// swapped with one of the deck, the deck in another order) determinise,
// with one seed, into one world: nothing of either truth is left, neither
// which card is where nor the deck's order.
func TestDeterminizeForgetsTheTruth(t *testing.T) {
	g := shipped(t)
	r := engine.NewRand(3)
	for players := 3; players <= 5; players++ {
		s := g.NewState(players, engine.StateOptions{}).(*state)
		checked := 0
		for !s.IsTerminal() {
			if s.step == stepChoose || s.step == stepPass {
				for p := range players {
					if other, ok := s.indistinguishable(p); ok {
						checked++
						seed := r.Uint64()
						a, b := engine.Clone(s).(*state), other
						a.Determinize(engine.Player(p), engine.NewRand(seed))
						b.Determinize(engine.Player(p), engine.NewRand(seed))
						if !bytes.Equal(a.world(), b.world()) {
							t.Fatalf("%d players, %s, seat %d: two tables it cannot tell apart determinise into different worlds", players, s, p+1)
						}
					}
				}
			}
			randomMove(s, r)
		}
		if checked == 0 {
			t.Errorf("%d players: never a table to swap a card in", players)
		}
	}
}

// indistinguishable is a copy of s that seat p cannot tell from s: the
// next seat holds a card of the deck instead of one of its own, and the
// deck is reversed. ok is false when no such swap exists.
func (s *state) indistinguishable(p int) (*state, bool) {
	q := (p + 1) % s.N
	if s.hands[q].Len() == 0 {
		return nil, false
	}
	mine := s.hands[q].At(0)
	for i := 0; i < s.deck.Len(); i++ {
		if theirs := s.deck.At(i); theirs != mine {
			o := engine.Clone(s).(*state)
			o.hands[q].Remove(mine)
			o.hands[q].Add(theirs)
			o.deck.Clear()
			o.deck.Add(mine)
			for k := s.deck.Len() - 1; k >= 0; k-- {
				if k != i {
					o.deck.Add(s.deck.At(k))
				}
			}
			if !bytes.Equal(s.Observation(engine.Player(p), nil), o.Observation(engine.Player(p), nil)) {
				panic("a swap hidden from the seat changed its observation")
			}
			return o, true
		}
	}
	return nil, false
}

// world is the whole state as far as play goes on from it: what every seat
// sees and the deck in its order.
func (s *state) world() []byte {
	var b []byte
	for p := range s.N {
		b = s.Observation(engine.Player(p), b)
	}
	for i := 0; i < s.deck.Len(); i++ {
		b = append(b, uint8(s.deck.At(i)))
	}
	return b
}

// randomMove plays one chance draw or one joint move of random cards.
func randomMove(s *state, r *engine.Rand) {
	if s.CurrentPlayer() == engine.Chance {
		engine.Apply(s, s.SampleChance(r))
		return
	}
	joint := make([]engine.Action, s.N)
	for p := range joint {
		joint[p] = engine.NoAction
		if legal := s.LegalActions(engine.Player(p), nil); len(legal) > 0 {
			joint[p] = legal[r.Intn(len(legal))]
		}
	}
	engine.ApplyJoint(s, joint)
}
