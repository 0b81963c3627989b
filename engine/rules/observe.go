package rules

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/cardpress/cardpress/engine"
)

// sees reports whether seat p sees the cards of zone instance i.
func (s *state) sees(p int, i int) bool {
	z := s.instZone(i)
	switch z.vis {
	case visPublic:
		return true
	case visOwner:
		return i-z.base == p
	}
	return false
}

// seesSize reports whether seat p sees how many cards zone instance i
// holds: always, except another seat's zone with size: owner.
func (s *state) seesSize(p int, i int) bool {
	z := s.instZone(i)
	return !z.sizeOwner || i-z.base == p
}

// seesValue reports whether seat p sees value place i: always, except
// another seat's secret value (visibility: owner).
func (s *state) seesValue(p int, i int) bool {
	k := s.g.vis.secretOf
	return i >= len(k) || k[i] < 0 || int(k[i]) == p
}

// instances calls f for every zone instance at this table.
func (s *state) instances(f func(i int)) {
	for _, z := range s.g.zones {
		n := 1
		if z.perPlayer {
			n = s.N
		}
		for k := range n {
			f(z.base + k)
		}
	}
}

// Observation is what seat p sees (engine.Observer): where the program is,
// the values but other seats' secret ones, the public slots, the size of
// every zone but other seats' hidden sizes, the cards of the zones p sees
// (an unordered zone's sorted, as its order means nothing), and in the
// others the cards p was shown (with their places in an ordered zone).
func (s *state) Observation(p engine.Player, buf []byte) []byte {
	buf = append(buf, byte(s.mode))
	buf = binary.AppendVarint(buf, int64(s.pc))
	buf = binary.AppendVarint(buf, int64(s.seat))
	buf = binary.AppendVarint(buf, int64(s.pend))
	buf = binary.AppendVarint(buf, int64(s.dealLeft))
	buf = binary.AppendVarint(buf, int64(s.sides))
	for k, v := range s.slots {
		if !s.g.private[k] {
			buf = binary.AppendVarint(buf, v)
		}
	}
	for i, v := range s.vars {
		if s.seesValue(int(p), i) {
			buf = binary.AppendVarint(buf, v)
		}
	}
	s.instances(func(i int) {
		if s.seesSize(int(p), i) {
			buf = binary.AppendUvarint(buf, uint64(s.zlen[i]))
		}
		ordered := s.instZone(i).ordered
		if s.sees(int(p), i) {
			at := len(buf)
			buf = append(buf, s.zone(i)...)
			if !ordered {
				slices.Sort(buf[at:])
			}
			return
		}
		if !s.g.vis.shows {
			return
		}
		// The cards p was shown here: their places count only where the
		// order does.
		at := len(buf)
		for k, c := range s.zone(i) {
			if s.knows(int(p), c, i) {
				if ordered {
					buf = binary.AppendUvarint(buf, uint64(k))
				}
				buf = append(buf, c)
			}
		}
		if !ordered {
			slices.Sort(buf[at:])
		}
		buf = append(buf, 0xff) // the end of the shown cards
	})
	return s.appendLessons(buf)
}

// Determinize deals the cards seat p cannot see afresh into the places it
// cannot see (engine.Determinizer): a card p was shown stays where it
// is; a zone whose size p sees keeps it, and the cards left over go at
// random into the zones whose sizes p does not see. Another seat's secret
// value becomes p's guess at it: what it started at, or for a pool's
// tokens an even share of those p cannot see.
func (s *state) Determinize(p engine.Player, r *engine.Rand) {
	var pool [engine.MaxDeck]uint8
	cards := s.unseenSorted(int(p), pool[:0])
	for k := len(cards) - 1; k > 0; k-- {
		j := r.Intn(k + 1)
		cards[k], cards[j] = cards[j], cards[k]
	}
	if s.inferring {
		s.arrange(int(p), cards, r)
	}
	for _, c := range cards {
		// What other seats were shown of a card dealt afresh is no
		// longer where it was shown.
		s.shown[c] &= 1 << p
	}
	// The zones whose sizes p does not see, in a buffer kept between
	// calls: an array here would be cleared at every iteration of a search.
	loose := s.buf.loose[:0]
	s.instances(func(i int) {
		switch {
		case s.sees(int(p), i):
		case !s.seesSize(int(p), i):
			loose = append(loose, i)
		default:
			cards = s.refill(int(p), i, cards)
		}
	})
	s.buf.loose = loose
	nl := len(loose)
	if nl == 0 {
		s.sampled = -1
		s.guessValues(int(p))
		return
	}
	for _, i := range loose {
		s.keepKnown(int(p), i)
	}
	for _, c := range cards {
		i := loose[r.Intn(nl)]
		s.zcards[i*s.g.capacity+int(s.zlen[i])] = c
		s.zlen[i]++
	}
	s.sampled = -1
	s.forgetLegal()
	s.guessValues(int(p))
}

// unseenSorted appends the cards seat p cannot see (in zones it does not
// see, and not shown to it) to buf in the order of their ids, whatever
// their order in the zones: a determinisation then depends on nothing
// but what p sees. A count per id and a set of the ids present do it in
// one pass (ids repeat: a game may hold copies); sorting the cards took
// 2% of a search of Crazy Eights.
func (s *state) unseenSorted(p int, buf []uint8) []uint8 {
	var count [engine.MaxDeck]uint16
	var present cardSet
	s.instances(func(i int) {
		if s.sees(p, i) {
			return
		}
		for _, c := range s.zone(i) {
			if !s.knows(p, c, i) {
				count[c]++
				present.add(c)
			}
		}
	})
	for w, word := range present {
		for ; word != 0; word &= word - 1 {
			c := uint8(w<<6 | bits.TrailingZeros64(word))
			for range count[c] {
				buf = append(buf, c)
			}
		}
	}
	return buf
}

// refill puts the next cards in every place of zone instance i that does
// not hold a card p was shown, and returns the cards left.
func (s *state) refill(p, i int, cards []uint8) []uint8 {
	zone := s.zone(i)
	for k, c := range zone {
		if !s.knows(p, c, i) {
			zone[k], cards = cards[0], cards[1:]
		}
	}
	return cards
}

// keepKnown empties zone instance i but for the cards p was shown there.
func (s *state) keepKnown(p, i int) {
	zone := s.zone(i)
	kept := 0
	for _, c := range zone {
		if s.knows(p, c, i) {
			zone[kept] = c
			kept++
		}
	}
	s.zlen[i] = int16(kept)
}

// guessValues sets the secret values p does not see to p's guess: the
// value at the start, and in a pool an even share of the tokens that
// are neither in the supply nor anywhere p sees.
func (s *state) guessValues(p int) {
	if !s.g.vis.secrets {
		return
	}
	for i := range s.vars {
		if !s.seesValue(p, i) {
			s.vars[i] = s.starts[i]
		}
	}
	for k, pl := range s.g.pools {
		left := s.pooled[k] - s.vars[pl.supply.base]
		var hidden []int
		for _, h := range pl.held {
			for q := range s.N {
				if i := h.base + q; s.seesValue(p, i) {
					left -= s.vars[i]
				} else {
					hidden = append(hidden, i)
				}
			}
		}
		for j, i := range hidden {
			share := left / int64(len(hidden))
			if int64(j) < left%int64(len(hidden)) {
				share++
			}
			s.vars[i] = share
		}
	}
}
