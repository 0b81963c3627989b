package engine

import (
	"bytes"
	mbits "math/bits"
)

// MaxDeck is the most cards a Deck holds. Decks are fixed arrays so that a
// state holding one clones with a plain copy.
const MaxDeck = 256

// Deck is an unordered pile of cards (distinct-card ids, repeated per copy).
// Drawing is a chance move that picks uniformly among the cards left, which
// is the same as drawing from the top of a shuffled pile and keeps every
// random choice in the game's history.
type Deck struct {
	// n comes first: a check that reads many decks' lengths then reads
	// one cache line per deck, not the line after its cards.
	n     int
	cards [MaxDeck]uint8
}

// Len is the number of cards in the deck.
func (d *Deck) Len() int { return d.n }

// Add puts one copy of card c into the deck.
func (d *Deck) Add(c int) {
	d.cards[d.n] = uint8(c)
	d.n++
}

// Clear empties the deck.
func (d *Deck) Clear() { d.n = 0 }

// At returns the card at position i (0 <= i < Len); positions have no
// meaning beyond sampling.
func (d *Deck) At(i int) int { return int(d.cards[i]) }

// Take removes one copy of card c and reports whether there was one.
func (d *Deck) Take(c int) bool {
	if c < 0 || c > 255 {
		return false
	}
	// The first copy, as a loop would find it (which copy goes decides the
	// deck's order after, so every seed's game): IndexByte finds it with
	// vector instructions.
	i := bytes.IndexByte(d.cards[:d.n], byte(c))
	if i < 0 {
		return false
	}
	d.n--
	d.cards[i] = d.cards[d.n]
	return true
}

// TakeAt removes the card at position i and returns it.
func (d *Deck) TakeAt(i int) int {
	c := int(d.cards[i])
	d.n--
	d.cards[i] = d.cards[d.n]
	return c
}

// SampleAt picks a position uniformly; with TakeAt it draws without a search.
func (d *Deck) SampleAt(r *Rand) int { return r.Intn(d.n) }

// Count returns how many copies of c the deck holds.
func (d *Deck) Count(c int) int {
	k := 0
	for i := 0; i < d.n; i++ {
		if int(d.cards[i]) == c {
			k++
		}
	}
	return k
}

// Sample picks a card uniformly, without removing it.
func (d *Deck) Sample(r *Rand) int { return int(d.cards[r.Intn(d.n)]) }

// Outcomes appends each distinct card with its draw probability, in card
// order, as a chance node's outcomes.
func (d *Deck) Outcomes(buf []Outcome, distinct int) []Outcome {
	var counts [MaxDeck]int
	for i := 0; i < d.n; i++ {
		counts[d.cards[i]]++
	}
	for c := 0; c < distinct; c++ {
		if counts[c] > 0 {
			buf = append(buf, Outcome{Action: Action(c), Prob: float64(counts[c]) / float64(d.n)})
		}
	}
	return buf
}

// MaxPlayers bounds the seats of any game state.
const MaxPlayers = 8

// MaxHand is the most cards a Hand holds.
const MaxHand = 32

// Hand is a small multiset of cards kept as a count per card and a bitmask
// of the cards present: adding and removing are O(1) and the distinct cards
// come out sorted, as legal actions must, by scanning the bits.
type Hand struct {
	// n and the presence bits first: Len and Distinct read one cache line.
	n       int
	present [MaxDeck / 64]uint64
	count   [MaxDeck]uint8
}

// Len is the number of cards in hand.
func (h *Hand) Len() int { return h.n }

// Count is how many copies of card c the hand holds.
func (h *Hand) Count(c int) int { return int(h.count[c]) }

// At returns the i-th card in sorted order (copies repeated).
func (h *Hand) At(i int) int {
	for w, bits := range h.present {
		for ; bits != 0; bits &= bits - 1 {
			c := w*64 + mbits.TrailingZeros64(bits)
			if i < int(h.count[c]) {
				return c
			}
			i -= int(h.count[c])
		}
	}
	panic("engine: Hand.At out of range")
}

// Add puts one copy of c into the hand.
func (h *Hand) Add(c int) {
	h.count[c]++
	h.present[c>>6] |= 1 << uint(c&63)
	h.n++
}

// Remove takes one copy of c out of the hand and reports whether it was there.
func (h *Hand) Remove(c int) bool {
	if h.count[c] == 0 {
		return false
	}
	h.count[c]--
	if h.count[c] == 0 {
		h.present[c>>6] &^= 1 << uint(c&63)
	}
	h.n--
	return true
}

// Clear empties the hand.
func (h *Hand) Clear() {
	for w, bits := range h.present {
		for ; bits != 0; bits &= bits - 1 {
			h.count[w*64+mbits.TrailingZeros64(bits)] = 0
		}
		h.present[w] = 0
	}
	h.n = 0
}

// CardSet is a set of distinct cards, a bit per card.
type CardSet [MaxDeck / 64]uint64

// Add puts card c in the set.
func (s *CardSet) Add(c int) { s[c>>6] |= 1 << uint(c&63) }

// SetOf is the set of the cards listed.
func SetOf(cards ...Action) (s CardSet) {
	for _, c := range cards {
		s.Add(int(c))
	}
	return s
}

// Present is the set of cards the hand holds: with a mask a game finds the
// cards of a kind without asking each card.
func (h *Hand) Present() CardSet { return h.present }

// PresentWord is word w of Present (cards 64w to 64w+63), for a game whose
// hands only ever hold cards of the first words.
func (h *Hand) PresentWord(w int) uint64 { return h.present[w] }

// Distinct appends the hand's distinct cards as actions, sorted.
func (h *Hand) Distinct(buf []Action) []Action {
	for w, bits := range h.present {
		for ; bits != 0; bits &= bits - 1 {
			buf = append(buf, Action(w*64+mbits.TrailingZeros64(bits)))
		}
	}
	return buf
}
