package rules

import (
	"encoding/binary"
	"slices"

	"github.com/cardpress/cardpress/engine"
)

// What public play tells of hidden cards (engine.Inferrer). A seat that
// takes an option that is not a card option (Crazy Eights' draw, whose
// if: is "stuck": no playable card in hand) shows everyone that the
// option's condition held for its hand. For each card X the state works
// out the condition with the seat's hidden zone holding X alone (its
// other hidden zones empty): where it fails, holding X would have
// forbidden the move, so the seat did not hold X then.
//
// That is sound for a condition that can only turn false as the seat's
// hidden zones gain cards (anti-monotone: "not any(hand, ...)", "count(
// hand) < 3"), the form of "you may do this only if you cannot do that".
// A condition that also fails with those zones empty is not of that form
// and teaches nothing. One that is neither (count(hand) != 1) may teach a
// falsehood: a determinisation then draws from fewer cards than it
// should, never an illegal world. The condition is worked out without
// the seat's hidden cards, so what it teaches is public; it reads the
// rest of the state, which a fair rules file's conditions read only
// where the seat sees it (enginetest.FairBots checks that a seat's legal
// actions depend on its observation only).
//
// Each hidden zone instance keeps its latest lessons, oldest first: the
// cards it did not hold then, and how many cards it has received since
// (a card it receives may be one of those). A card it plays face up that
// a lesson (or a later one) says it did not hold then is one of those
// received since, which no longer counts; other cards leaving it need no
// bookkeeping: the ones still there still are not those cards.
// Determinize deals the cards it holds since lesson k's time (all but
// the cards received since, at least) from the unseen cards outside
// lesson k and every later lesson.

// maxLessons is how many lessons a zone instance keeps; a newer one
// pushes the oldest out, which only forgets.
const maxLessons = 4

// lesson is the cards a hidden zone instance did not hold at a move, and
// the cards it has received since.
type lesson struct {
	not   cardSet
	since int32
}

// lessons are a zone instance's lessons, oldest first.
type lessons struct {
	n    int8
	list [maxLessons]lesson
}

// Infer turns the learning on or off (engine.Inferrer). On, each hidden
// zone instance gets its lessons, kept in the state (and its clones).
func (s *state) Infer(on bool) {
	if on && len(s.learnt) == 0 {
		s.learnt = resize(s.learnt, s.g.zoneInsts)
	}
	s.inferring = on
}

// received counts a card zone instance i received, for its lessons.
func (s *state) received(i int) {
	l := &s.learnt[i]
	for k := range l.n {
		l.list[k].since++
	}
}

// leftInPublic notes that card c left zone instance from for to: when
// everyone sees it there, and a lesson of from (or a later one) says from
// did not hold c then, c is one of the cards from received since, which
// no longer counts (Crazy Eights: the card a stuck seat drew and played).
func (s *state) leftInPublic(from, to int, c uint8) {
	if s.instZone(to).vis != visPublic {
		return
	}
	l := &s.learnt[from]
	var not cardSet // lesson k's cards and every later lesson's
	for k := l.n - 1; k >= 0; k-- {
		ls := &l.list[k]
		not = not.or(ls.not)
		if ls.since > 0 && not.has(c) {
			ls.since--
		}
	}
}

// learn works out what seat p taking option k of ch in public tells of
// p's hidden zones (see above), and keeps it.
func (s *state) learn(ch *choice, k, p int) {
	o := ch.opts[k]
	if o.kind == optCard || o.cond == nil || s.g.capacity == 0 {
		return // a card chosen freely, no condition, or no cards at all
	}
	// p's hidden zones emptied, their cards and the steps they run kept
	// aside, so the trials change nothing in the game.
	var held [maxLearntZones]struct {
		i   int
		n   int16
		top uint8
	}
	nh := 0
	for _, z := range s.g.zones {
		if z.perPlayer && z.vis == visOwner {
			if nh == len(held) {
				return // too many to set aside: nothing is learnt
			}
			held[nh].i = z.base + p
			nh++
		}
	}
	if nh == 0 {
		return // nothing hidden to learn about
	}
	for k := range held[:nh] {
		h := &held[k]
		h.n, h.top = s.zlen[h.i], s.zcards[h.i*s.g.capacity]
		s.zlen[h.i] = 0
	}
	steps := s.steps
	if holds, ok := s.trialCond(o); ok && holds {
		for _, h := range held[:nh] {
			if !s.instZone(h.i).sizeOwner {
				s.lessonFor(o, h.i)
			}
		}
	}
	s.steps = steps
	for _, h := range held[:nh] {
		s.zlen[h.i], s.zcards[h.i*s.g.capacity] = h.n, h.top
	}
}

// maxLearntZones is the most hidden zones (visibility: owner) a seat may
// have for the state to learn from its moves.
const maxLearntZones = 16

// lessonFor adds to zone instance i's lessons the cards that, held
// there alone, make option o's condition fail; i is empty, and its
// seat's other hidden zones too.
func (s *state) lessonFor(o *option, i int) {
	var not cardSet
	s.zlen[i] = 1
	for c := range s.g.cards {
		s.zcards[i*s.g.capacity] = uint8(c)
		if holds, ok := s.trialCond(o); ok && !holds {
			not.add(uint8(c))
		}
	}
	s.zlen[i] = 0
	if !not.empty() {
		s.learnt[i].push(not)
	}
}

// trialCond works o's condition out with rules errors held back: false
// ok says one happened, and it teaches nothing.
func (s *state) trialCond(o *option) (holds, ok bool) {
	s.trial = true
	holds = o.cond(s) != 0
	s.trial, ok = false, !s.trialFailed
	s.trialFailed = false
	return holds, ok
}

// push adds a lesson learnt now: lessons it contains teach nothing more
// (the cards held then are held now, or received since), and with no
// room the oldest is forgotten.
func (l *lessons) push(not cardSet) {
	kept := int8(0)
	for _, old := range l.list[:l.n] {
		if old.not.minus(not).empty() {
			continue
		}
		l.list[kept] = old
		kept++
	}
	if kept == maxLessons {
		copy(l.list[:], l.list[1:])
		kept--
	}
	l.list[kept] = lesson{not: not}
	l.n = kept + 1
}

// appendLessons appends the lessons every seat has learnt (they are
// public) to an observation.
func (s *state) appendLessons(buf []byte) []byte {
	for i, l := range s.learnt {
		if l.n == 0 {
			continue
		}
		buf = binary.AppendUvarint(buf, uint64(i))
		buf = binary.AppendUvarint(buf, uint64(l.n))
		for _, ls := range l.list[:l.n] {
			buf = binary.AppendUvarint(buf, uint64(ls.since))
			for _, w := range ls.not {
				buf = binary.AppendUvarint(buf, w)
			}
		}
	}
	return buf
}

// arrange orders cards, the shuffled unseen cards Determinize deals to
// the zones p sees the sizes of (in instance order, each its unknown
// places) and then to the others, so that every zone instance with
// lessons gets cards they allow: its places held since lesson k's time
// (all but the cards received since) from the cards outside lesson k
// and the later ones. The places are served the fewest candidates
// first, each the first allowed cards in the shuffle; when some go
// without (other zones took their cards first) the cards are shuffled
// again, a few times, before they get any card.
func (s *state) arrange(p int, cards []uint8, r *engine.Rand) {
	var groups [maxLearntZones * maxLessons]placeGroup
	ng := 0
	s.instances(func(i int) {
		if s.sees(p, i) || !s.seesSize(p, i) || s.learnt[i].n == 0 || ng+maxLessons > len(groups) {
			return
		}
		places, given := s.unknownPlaces(p, i), 0
		l := &s.learnt[i]
		for k := range l.n {
			var not cardSet
			for _, later := range l.list[k:l.n] {
				not = not.or(later.not)
			}
			if need := places - int(l.list[k].since) - given; need > 0 {
				groups[ng] = placeGroup{zone: int16(i), count: int16(need), not: not, candidates: candidates(cards, not)}
				ng++
				given += need
			}
		}
	})
	gs := groups[:ng]
	slices.SortStableFunc(gs, func(a, b placeGroup) int { return int(a.candidates) - int(b.candidates) })
	var whose [engine.MaxDeck]int16 // the zone instance each card goes to, +1
	for try := 0; !assign(gs, cards, &whose) && try < maxReshuffles; try++ {
		for k := len(cards) - 1; k > 0; k-- {
			j := r.Intn(k + 1)
			cards[k], cards[j] = cards[j], cards[k]
		}
	}
	s.dealAssigned(p, cards, &whose)
}

// maxReshuffles is how many more shuffles arrange tries before it lets
// places go without the cards their lessons allow.
const maxReshuffles = 4

// placeGroup is count places of a zone instance to deal from the cards
// outside not; candidates is how many of the unseen cards those are.
type placeGroup struct {
	zone, count, candidates int16
	not                     cardSet
}

func candidates(cards []uint8, not cardSet) int16 {
	n := int16(0)
	for _, c := range cards {
		if !not.has(c) {
			n++
		}
	}
	return n
}

// assign sets whose[j] to the zone instance (+1) each group takes card j
// for, in order, each group the first cards it allows; false when some
// group goes short.
func assign(gs []placeGroup, cards []uint8, whose *[engine.MaxDeck]int16) bool {
	clear(whose[:len(cards)])
	full := true
	for _, g := range gs {
		left := g.count
		for j, c := range cards {
			if left == 0 {
				break
			}
			if whose[j] == 0 && !g.not.has(c) {
				whose[j] = g.zone + 1
				left--
			}
		}
		full = full && left == 0
	}
	return full
}

// dealAssigned orders cards for Determinize's dealing: each zone
// instance p sees the size of, in order, its assigned cards and then the
// next unassigned ones up to its unknown places; the rest after.
func (s *state) dealAssigned(p int, cards []uint8, whose *[engine.MaxDeck]int16) {
	var out [engine.MaxDeck]uint8
	n, next := 0, 0 // next: the first card not yet dealt that no group took
	s.instances(func(i int) {
		if s.sees(p, i) || !s.seesSize(p, i) {
			return
		}
		places := s.unknownPlaces(p, i)
		for j, c := range cards {
			if whose[j] == int16(i+1) {
				out[n] = c
				n++
				places--
			}
		}
		for ; places > 0 && next < len(cards); next++ {
			if whose[next] == 0 {
				out[n] = cards[next]
				n++
				places--
			}
		}
	})
	for ; next < len(cards); next++ {
		if whose[next] == 0 {
			out[n] = cards[next]
			n++
		}
	}
	copy(cards, out[:n])
}

// unknownPlaces is how many places of zone instance i hold a card p was
// not shown.
func (s *state) unknownPlaces(p, i int) int {
	n := 0
	for _, c := range s.zone(i) {
		if !s.knows(p, c, i) {
			n++
		}
	}
	return n
}
