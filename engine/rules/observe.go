package rules

import (
	"encoding/binary"
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
// the values (all public) and the public slots, every zone's size and the
// cards of the zones p sees (an unordered zone's sorted, as its order
// means nothing).
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
	for _, v := range s.vars {
		buf = binary.AppendVarint(buf, v)
	}
	s.instances(func(i int) {
		buf = binary.AppendUvarint(buf, uint64(s.zlen[i]))
		if !s.sees(int(p), i) {
			return
		}
		at := len(buf)
		buf = append(buf, s.zone(i)...)
		if !s.instZone(i).ordered {
			slices.Sort(buf[at:])
		}
	})
	return buf
}

// Determinize deals the cards seat p cannot see afresh into the places it
// cannot see, each keeping its size (engine.Determinizer).
func (s *state) Determinize(p engine.Player, r *engine.Rand) {
	var pool [engine.MaxDeck]uint8
	n := 0
	s.instances(func(i int) {
		if !s.sees(int(p), i) {
			n += copy(pool[n:], s.zone(i))
		}
	})
	cards := pool[:n]
	slices.Sort(cards)
	for k := n - 1; k > 0; k-- {
		j := r.Intn(k + 1)
		cards[k], cards[j] = cards[j], cards[k]
	}
	s.instances(func(i int) {
		if !s.sees(int(p), i) {
			k := copy(s.zone(i), cards)
			cards = cards[k:]
		}
	})
	s.sampled = -1
	s.forgetLegal()
}
