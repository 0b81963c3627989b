package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/engine"

	"go.yaml.in/yaml/v3"
)

// Who sees what (docs/rules.md, show; Values; Zones): a zone's cards are
// seen by everyone (public), its seat (owner) or nobody (hidden); its size
// by everyone unless size: owner; a value by everyone unless visibility:
// owner; and a card shown to a seat by that seat too, while it lies where
// it was shown.

// refShown is what a show statement told about one card: the seats it
// was shown to (bit p: seat p) and the zone instance it lay in. A card
// that moves (or a copy of it) is no longer known where it was shown.
type refShown struct {
	seats uint8
	inst  int
}

// execShow shows show:'s cards to the seat to: names: every card of a
// zone (those its filters pass), or one card where it lies (none shows
// nothing). A seat not at the table is a rules error.
func (s *refState) execShow(n, v *yaml.Node, env *refEnv) {
	p := s.evalAs(s.g.tree(get(n, "to")), env, typ{k: kSeat}).n
	what := s.eval(s.g.tree(v), env)
	if p < 0 || p >= int64(s.N) {
		s.faultf("the cards are shown to %s, which is not a seat at the table", seatWord(p))
	}
	if what.t.k == kZone {
		s.showZone(what.zone, int(p))
		return
	}
	s.showCard(s.coerce(what, typ{k: kCard}).n, int(p))
}

// showZone shows seat p every card of zone z that passes its filters,
// and logs them ("seat 2 is shown hand of seat 1: Job": the event is
// the seat's, so the log leads with it).
func (s *refState) showZone(z *refZone, p int) {
	var names []string
	for _, c := range s.zones[z.inst] {
		if s.passes(z, int64(c)) {
			s.mark(c, z.inst, p)
			names = append(names, s.g.fast.cards[c].name)
		}
	}
	s.Record(engine.Event{Kind: "show", Player: p, From: s.instName(z.inst),
		Text: fmt.Sprintf("is shown %s: %s", s.instName(z.inst), strings.Join(names, ", "))})
}

// showCard shows seat p card c in the first zone instance (in declared
// order, seats from 1) that holds it.
func (s *refState) showCard(c int64, p int) {
	if c < 0 {
		return
	}
	for _, i := range s.instances() {
		if slices.Contains(s.zones[i], uint8(c)) {
			s.mark(uint8(c), i, p)
			s.Record(engine.Event{Kind: "show", Player: p, Card: s.g.fast.cards[c].id, From: s.instName(i),
				Text: fmt.Sprintf("is shown %s in %s", s.g.fast.cards[c].name, s.instName(i))})
			return
		}
	}
}

// mark notes that seat p knows card c lies in instance i; what other
// seats were shown of it elsewhere is forgotten (it is known where it
// was shown last).
func (s *refState) mark(c uint8, i, p int) {
	if s.shown[c].seats != 0 && s.shown[c].inst != i {
		s.shown[c] = refShown{}
	}
	s.shown[c].seats |= 1 << p
	s.shown[c].inst = i
}

// knows reports whether seat p was shown card c in instance i.
func (s *refState) knows(p int, c uint8, i int) bool {
	return s.shown[c].seats&(1<<p) != 0 && s.shown[c].inst == i
}

// instances are the zone instances at this table, in declared order,
// seats from 1.
func (s *refState) instances() []int {
	var all []int
	for _, z := range s.g.fast.zones {
		for k := range s.seatsOf(z.perPlayer, s.N) {
			all = append(all, z.base+k)
		}
	}
	return all
}

// seesCards reports whether seat p sees the cards of instance i: a
// public zone, or p's own zone with visibility: owner.
func (s *refState) seesCards(p, i int) bool {
	z := s.g.fast.instZones[i]
	return z.vis == visPublic || z.vis == visOwner && s.instSeat(i) == p
}

// seesSize reports whether seat p sees how many cards instance i holds:
// always, but another seat's zone with size: owner.
func (s *refState) seesSize(p, i int) bool {
	return !s.g.fast.instZones[i].sizeOwner || s.instSeat(i) == p
}

// seesValue reports whether seat p sees value place i: always, but
// another seat's value with visibility: owner (each item of one with a
// size).
func (s *refState) seesValue(p, i int) bool {
	v := s.g.fast.valueAt(i)
	return !v.secret || (i-v.base)/max(v.size, 1) == p
}

// View is what seat p sees of the table, in words, one line a part:
// the values it does not see (another seat's secret; the values
// themselves are in the table's dump), each zone's size (or "?"), the
// cards of the zones it sees (an unordered zone's sorted) and elsewhere
// the cards it was shown (with their places in an ordered zone). The
// agreement compares it with the fast engine's (fastView).
func (s *refState) View(p int) []string {
	g := s.g.fast
	var lines []string
	for _, v := range g.values {
		for k := range v.span(s.N) {
			if !s.seesValue(p, v.base+k) {
				lines = append(lines, valueParts(v, s.N)[k]+" unseen")
			}
		}
	}
	for _, i := range s.instances() {
		lines = append(lines, viewZone(s.instName(i), g.instZones[i].ordered, s.zones[i], s.seesSize(p, i), s.seesCards(p, i),
			func(c uint8) bool { return s.knows(p, c, i) }))
	}
	return lines
}

// viewZone is one zone instance as a seat sees it: its size (or "?"),
// then its cards: all of them, or the ones it was shown (each with its
// place in an ordered zone, where places count); an unordered zone's
// sorted, its order meaning nothing.
func viewZone(name string, ordered bool, cards []uint8, size, all bool, known func(uint8) bool) string {
	b := append([]byte("zone "), name...)
	if size {
		b = strconv.AppendInt(append(b, " size "...), int64(len(cards)), 10)
	} else {
		b = append(b, " size ?"...)
	}
	if all {
		b = append(b, " cards"...)
	} else {
		b = append(b, " shown"...)
	}
	seen := make([]uint8, 0, len(cards))
	for k, c := range cards {
		switch {
		case all:
			seen = append(seen, c)
		case known(c) && ordered:
			b = strconv.AppendInt(append(b, ' '), int64(k), 10)
			b = strconv.AppendInt(append(b, ':'), int64(c), 10)
		case known(c):
			seen = append(seen, c)
		}
	}
	if !ordered {
		slices.Sort(seen)
	}
	for _, c := range seen {
		b = strconv.AppendInt(append(b, ' '), int64(c), 10)
	}
	return string(b)
}

// fastView is the fast engine's state as seat p sees it, in View's
// words, read through the fast engine's own visibility (sees, seesSize,
// seesValue, knows): the agreement holds the two to one definition.
func fastView(st engine.State, p int) []string {
	var s *state
	switch x := st.(type) {
	case *state:
		s = x
	case *simState:
		s = &x.state
	default:
		return nil
	}
	g := s.g
	var lines []string
	for _, v := range g.values {
		for k := range v.span(s.N) {
			if !s.seesValue(p, v.base+k) {
				lines = append(lines, valueParts(v, s.N)[k]+" unseen")
			}
		}
	}
	s.instances(func(i int) {
		lines = append(lines, viewZone(s.instName(i), s.instZone(i).ordered, s.zone(i), s.seesSize(p, i), s.sees(p, i),
			func(c uint8) bool { return s.knows(p, c, i) }))
	})
	return lines
}
