package heat

import (
	"encoding/binary"

	"github.com/cardpress/cardpress/engine"
)

// Observation encodes what seat p sees (engine.Observer): its own hand;
// every Record and this Stage's revealed cards; all money and Heat; the
// size of each hand and of the deck and who still draws; and where the
// game is. The other hands and the deck's order are hidden. A seat does not
// remember the cards it passed in the draft: only what is on the table or
// in its hand now is observed.
func (s *state) Observation(p engine.Player, buf []byte) []byte {
	put := func(values ...int) {
		for _, v := range values {
			buf = binary.AppendVarint(buf, int64(v))
		}
	}
	put(s.Move, int(s.step), int(s.then), s.heist, s.round, s.stage, s.phase, s.drawer, s.heat.Supply, s.deck.Len())
	for q := 0; q < s.N; q++ {
		put(s.money[q], s.heat.Held[q], s.hands[q].Len(), s.draws[q], s.revealed[q], s.recLen[q])
		for _, c := range s.record[q][:s.recLen[q]] {
			put(int(c))
		}
	}
	if p >= 0 && int(p) < s.N {
		for i := 0; i < s.hands[p].Len(); i++ {
			put(s.hands[p].At(i))
		}
	}
	return buf
}

// Determinize re-deals what seat p cannot see (engine.Determinizer): the
// other hands and the deck. Their cards are pooled in card order, which
// leaves nothing of where they were, and dealt at random into the other
// hands, each keeping its size; the rest make the deck. The pool is the
// cards in no Record and not in p's hand, so it follows from p's
// observation alone.
func (s *state) Determinize(p engine.Player, r *engine.Rand) {
	var unseen [engine.MaxDeck]uint16
	for i := 0; i < s.deck.Len(); i++ {
		unseen[s.deck.At(i)]++
	}
	var size [maxSeats]int
	var held [engine.MaxHand]engine.Action
	for q := 0; q < s.N; q++ {
		if q == int(p) {
			continue
		}
		size[q] = s.hands[q].Len()
		for _, c := range s.hands[q].Distinct(held[:0]) {
			for s.hands[q].Remove(int(c)) {
				unseen[c]++
			}
		}
	}
	var pool [engine.MaxDeck]uint8
	n := 0
	for c := range s.g.cards {
		for k := unseen[c]; k > 0; k-- {
			pool[n] = uint8(c)
			n++
		}
	}
	// Each hidden hand card is a uniform pick from the cards not dealt yet
	// (Fisher-Yates, stopped once the hands are full); what is left is the
	// deck, whose order need not be random: a draw picks any position.
	next := 0
	for q := 0; q < s.N; q++ {
		for ; size[q] > 0; size[q]-- {
			j := next + r.Intn(n-next)
			pool[next], pool[j] = pool[j], pool[next]
			s.hands[q].Add(int(pool[next]))
			next++
		}
	}
	s.deck.Clear()
	for _, c := range pool[next:n] {
		s.deck.Add(int(c))
	}
	// A position SampleChance picked named a card of the old deck.
	s.sampled = -1
}
