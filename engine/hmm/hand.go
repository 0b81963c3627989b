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

// handCash is cashOf over the words that hold hands' cards (Game.handWords),
// from the cost table.
func (g *Game) handCash(h *engine.Hand) int {
	cash := 0
	for w := 0; w < g.handWords; w++ {
		for bits := h.PresentWord(w); bits != 0; bits &= bits - 1 {
			c := w*64 + mbits.TrailingZeros64(bits)
			cash += g.cost[c] * h.Count(c)
		}
	}
	return cash
}
