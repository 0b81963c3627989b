package hmm

import (
	mbits "math/bits"

	"cardpress/engine"
)

// handOf is the hand's cards among set: the legal actions find the cards
// of a kind with a mask (Game.kindBits) instead of asking each card.
func handOf(h *engine.Hand, set *engine.CardSet) engine.CardSet {
	out := h.Present()
	for w := range out {
		out[w] &= set[w]
	}
	return out
}

// cashOf is the hand's cash value: each card's cost times its copies.
func cashOf(h *engine.Hand, hot []cardHot) int {
	cash := 0
	present := h.Present()
	for w, bits := range present {
		for ; bits != 0; bits &= bits - 1 {
			c := w*64 + mbits.TrailingZeros64(bits)
			cash += hot[c].cost * h.Count(c)
		}
	}
	return cash
}

// toHand adds card c to seat p's hand and its cost to the hand's wallet.
func (s *state) toHand(p, c int) {
	s.hand[p].Add(c)
	s.wallet[p] += s.g.cost[c]
}

// fromHand takes a copy of card c out of seat p's hand, and its cost out
// of the wallet when it was there.
func (s *state) fromHand(p, c int) {
	if s.hand[p].Remove(c) {
		s.wallet[p] -= s.g.cost[c]
	}
}

// clearHand empties seat p's hand (tests that build a hand start here).
func (s *state) clearHand(p int) {
	s.hand[p].Clear()
	s.wallet[p] = 0
}
