package hmm

import "github.com/cardpress/cardpress/engine"

// handOf is the hand's cards among set: the legal actions find the cards
// of a kind with a mask (Game.kindBits) instead of asking each card.
func handOf(h *engine.Hand, set *engine.CardSet) engine.CardSet {
	out := h.Present()
	for w := range out {
		out[w] &= set[w]
	}
	return out
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
