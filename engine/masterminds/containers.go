package masterminds

import "github.com/cardpress/cardpress/engine"

// Masterminds' own pieces: no other game uses them.

// gemBag holds tokens of a few kinds by count; drawing is weighted by count.
type gemBag struct {
	counts [16]int
	total  int
}

// Put adds k tokens of kind.
func (b *gemBag) Put(kind, k int) {
	b.counts[kind] += k
	b.total += k
}

// Len is the number of tokens in the bag; Count the number of one kind.
func (b *gemBag) Len() int           { return b.total }
func (b *gemBag) Count(kind int) int { return b.counts[kind] }

// Take removes one token of kind and reports whether there was one.
func (b *gemBag) Take(kind int) bool {
	if b.counts[kind] == 0 {
		return false
	}
	b.counts[kind]--
	b.total--
	return true
}

// Sample picks a kind with probability proportional to its count; the bag
// must not be empty.
func (b *gemBag) Sample(r *engine.Rand) int {
	x := r.Intn(b.total)
	for kind, c := range b.counts {
		if x < c {
			return kind
		}
		x -= c
	}
	panic("masterminds: Sample from an empty bag")
}

// Outcomes appends each kind present with its probability.
func (b *gemBag) Outcomes(buf []engine.Outcome) []engine.Outcome {
	for kind, c := range b.counts {
		if c > 0 {
			buf = append(buf, engine.Outcome{Action: engine.Action(kind), Prob: float64(c) / float64(b.total)})
		}
	}
	return buf
}

// deckView reads a deck and cannot change it: chance hands one out where
// every change to the deck must go through the ledger (see chance).
type deckView struct{ d *engine.Deck }

// viewDeck is a read-only view of d.
func viewDeck(d *engine.Deck) deckView { return deckView{d} }

// Len, At, SampleAt and Outcomes are the deck's.
func (v deckView) Len() int                    { return v.d.Len() }
func (v deckView) At(i int) int                { return v.d.At(i) }
func (v deckView) SampleAt(r *engine.Rand) int { return v.d.SampleAt(r) }
func (v deckView) Outcomes(buf []engine.Outcome, distinct int) []engine.Outcome {
	return v.d.Outcomes(buf, distinct)
}
