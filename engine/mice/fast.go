package mice

import (
	"encoding/binary"
	"math/bits"

	"github.com/cardpress/cardpress/engine"
)

// The hot paths of smoke games and of the heuristic bot's look-aheads.
// Each one here must give exactly what the plain version it replaces gave
// (same actions, same random draws), so a seed plays the same game.

// The eight covered flags of a seat are read as one word (coveredSlots).
// That needs exactly eight of them: maxSkills is 8.
var _ = [1]struct{}{}[maxSkills-8]

// coveredSlots has, for each of seat p's first nskill[p] skill slots that
// is covered, bit 8i set for slot i; slots past nskill are left out, as
// every loop over the skills (i < nskill) leaves them out. The eight flags
// (bytes 0 or 1) are read as one little-endian word, slot i in byte i.
// slotMask keeps the first nskill bytes (a table, not
// a shift: a shift by a variable ties up CX, which costs a spill in the
// loops over seats).
func (s *state) coveredSlots(p int) uint64 {
	w := binary.LittleEndian.Uint64(s.covered[p][:])
	return w & slotMask[s.nskill[p]]
}

// slotMask[n] has the low n bytes all ones.
var slotMask = func() (m [maxSkills + 1]uint64) {
	for n := range m {
		m[n] = 1<<(8*uint(n)) - 1 // a shift by 64 is 0 in Go: all ones for n = 8
	}
	return m
}()

// covers is how many of seat p's skills are covered: multiplying by
// 0x0101…01 sums every byte of coveredSlots into the top byte (at most 8:
// nothing carries), with no branch per slot.
func (s *state) covers(p int) int {
	return int(s.coveredSlots(p) * 0x0101010101010101 >> 56)
}

// bagHasChip is chips.InBag() > 0, stopping at the first chip in the bag.
func (s *state) bagHasChip() bool {
	for i := 0; i < s.chips.Len(); i++ {
		if s.chips.Where(i) == chipInBag {
			return true
		}
	}
	return false
}

// sampleDeal is SampleChance at a deal: Deck.Outcomes lists each distinct
// card in card order, with its copies' share of the deck. It is apart so
// that its counts do not make every other chance move's frame large.
func (s *state) sampleDeal(x float64) engine.Action {
	var counts [engine.MaxDeck]uint16
	for i := 0; i < s.deck.Len(); i++ {
		counts[s.deck.At(i)]++
	}
	n := float64(s.deck.Len())
	last := engine.NoAction
	for c := 0; c < len(s.g.cards); c++ {
		if counts[c] > 0 {
			last = engine.Action(c)
			p := float64(counts[c]) / n
			if x < p {
				return last
			}
			x -= p
		}
	}
	return last
}

// SampleChance counts the chips in the bag by arithmetic that needs
// ChipInBag to be 0, below the other places.
var _ = [1]struct{}{}[chipInBag]

// inverse[k] is 1/float64(k), the one probability of k outcomes alike, the
// very division Uniform and DrawOutcomes make, done once.
var inverse = func() (t [maxChips + 1]float64) {
	for k := range t {
		t[k] = 1 / float64(k)
	}
	return t
}()

// SampleChance draws a chance move (engine.ChanceSampler) the way
// engine.SampleOutcome draws from ChanceOutcomes: one Float64, then the
// outcomes walked in the same order with the same probabilities, each
// subtracted in turn, the last one taken if rounding runs past them all.
// So it returns the very action the slow path would, without building the
// list.
func (s *state) SampleChance(r *engine.Rand) engine.Action {
	x := r.Float64()
	last := engine.NoAction
	switch s.ph {
	case phStart: // engine.Uniform(0, N)
		p := inverse[s.N]
		for k := 0; k < s.N; k++ {
			last = engine.Action(k)
			if x < p {
				return last
			}
			x -= p
		}
	case phDeal:
		last = s.sampleDeal(x)
	case phDrawChip: // ChipBag.DrawOutcomes: the chips in the bag, in order
		// One pass lists the chips in the bag (ChipBag.InBag would be a
		// second); each is 1/k likely. Which chips are in the bag is the
		// luck of earlier draws, so a chip is listed by arithmetic, not
		// by a branch that would mispredict: every chip is written at k,
		// and k moves on only past a chip in the bag (ChipInBag is 0, so
		// Where-1 wraps to the top bit for it alone).
		var in [maxChips]uint8
		k := 0
		for i := 0; i < s.chips.Len(); i++ {
			in[k] = uint8(i)
			k += int(uint(s.chips.Where(i)-chipInBag-1) >> 63)
		}
		p := inverse[k]
		for _, c := range in[:k] {
			last = engine.Action(c)
			if x < p {
				return last
			}
			x -= p
		}
	case phSide: // SideOutcomes: 0 and 1, 0.5 each; x < 1 always takes 1 next
		if x < 0.5 {
			return 0
		}
		return 1
	}
	if last == engine.NoAction {
		// No outcome: SampleOutcome indexes an empty list.
		panic("mice: SampleChance with no chance outcome")
	}
	return last
}

// skillWord is seat p's eight skill slots read as one little-endian word,
// slot i in byte i (slots past nskill hold stale cards).
func (s *state) skillWord(p int) uint64 {
	return binary.LittleEndian.Uint64(s.skill[p][:])
}

// uncoveredCards is the set of the cards (each below 64) in the slots
// whose byte of open is 1 (the others 0): bit c for card c. Only the open
// slots are visited: the trailing zeros of open are 8i for slot i, the
// shift that brings slot i's card down from cards.
func uncoveredCards(open, cards uint64) uint64 {
	var held uint64
	for ; open != 0; open &= open - 1 {
		held |= 1 << (cards >> uint(bits.TrailingZeros64(open)) & 63)
	}
	return held
}
