package masterminds

import (
	"encoding/binary"
	"math"

	"github.com/cardpress/cardpress/engine"
)

// What a seat sees. The Prep cards are the game's only secret: each
// player's hand is hidden from the others, and the Prep deck's contents
// are known only together with those hands. Everything else is on the
// table or can be counted from it: the gems in the bag are the box's less
// those held (each draw and return happens in the open); the Mastermind,
// Talent, Heist and Failure decks hold exactly the cards of their kind not
// in sight (every other copy went face up: colours, pool, teams, the burnt
// Talent, discards, heists laid out or kept), so a seat that remembers
// what it saw knows their contents. No deck has an order (engine.Deck
// draws uniformly), so a seat sees those decks' contents in card order,
// and the Prep deck's size.

// Observation encodes everything seat p sees (engine.Observer).
func (s *state) Observation(p engine.Player, buf []byte) []byte {
	o := observation{buf: buf}
	o.ints(s.N, s.Move, int(s.cur), s.turn, s.sp, len(s.Cause))
	o.buf = append(o.buf, s.Cause...)
	o.bools(s.ended, s.bagEmptied, s.inAttempt, s.activated, s.rolled)
	for q := 0; q < s.N; q++ {
		o.ints(int(math.Float64bits(s.Won[q])))
	}
	for _, t := range s.stack[:s.sp] {
		o.ints(int(t.op), int(t.p), int(t.n), int(t.x))
	}
	for q := 0; q < s.N; q++ {
		st := &s.seats[q]
		o.ints(int(st.colour), int(st.card), int(st.teamN), int(st.cash), int(st.flipped), int(st.heists), int(st.markers), int(st.roll))
		for r, rc := range st.team[:st.teamN] {
			o.ints(int(rc.talent), int(st.gear[r]), int(rc.flags))
		}
		for _, n := range st.gems {
			o.ints(int(n))
		}
		o.ints(st.hand.Len())
		if q == int(p) {
			for i := 0; i < st.hand.Len(); i++ {
				o.ints(st.hand.At(i))
			}
		}
	}
	for k := 0; k < nKinds; k++ {
		o.ints(s.bag.Count(k))
	}
	o.ints(s.bagTotal, s.prepDeck.Len())
	for _, k := range s.knownPiles() {
		var n cardCount
		n.addDeck(k.pile)
		var buf [engine.MaxDeck]int
		cards := n.inOrder(k.ids, buf[:0])
		o.ints(len(cards))
		o.ints(cards...)
	}
	o.ints(s.poolN, s.qLen, s.tableN)
	for _, c := range s.pool[:s.poolN] {
		o.ints(int(c))
	}
	for _, c := range s.heistQueue[:s.qLen] {
		o.ints(int(c))
	}
	for _, sl := range s.table[:s.tableN] {
		o.ints(int(sl.a), int(sl.b))
		for q := 0; q < s.N; q++ {
			o.ints(int(sl.prog[q]))
			for _, f := range sl.faces[q] {
				o.ints(int(f))
			}
		}
	}
	o.ints(s.cashSupply, s.completed, s.resolving,
		s.atHeist, s.atStep, s.atSkill, s.total, s.roll, int(s.result),
		int(s.burnCard), int(s.failCard), s.sufferer, s.completing)
	return o.buf
}

type observation struct{ buf []byte }

func (o *observation) ints(vs ...int) {
	for _, v := range vs {
		o.buf = binary.AppendVarint(o.buf, int64(v))
	}
}

func (o *observation) bools(vs ...bool) {
	for _, v := range vs {
		b := byte(0)
		if v {
			b = 1
		}
		o.buf = append(o.buf, b)
	}
}

// Determinize re-deals what seat p cannot see (engine.Determinizer): the
// Prep cards of the deck and of the other hands, pooled in card order and
// dealt at random into those hands, each keeping its size; the rest make
// the deck. The piles whose contents p knows are put in card order, so
// nothing of the truth's draws is left in their order either.
func (s *state) Determinize(p engine.Player, r *engine.Rand) {
	s.heldAt = 0 // the hands change: the next decision's cards are listed anew
	s.dirty |= ledgerPrep
	var unseen cardCount
	unseen.addDeck(&s.prepDeck)
	var size [maxSeats]int
	for q := 0; q < s.N; q++ {
		if q != int(p) {
			size[q] = unseen.takeHand(&s.seats[q].hand)
		}
	}
	var buf [engine.MaxDeck]int
	pool := unseen.inOrder(s.g.preps, buf[:0])
	// Each hidden hand card is a uniform pick among the cards left; the
	// deck's order need not be random, as a draw picks any position.
	dealt := 0
	for q := 0; q < s.N; q++ {
		for ; size[q] > 0; size[q]-- {
			j := dealt + r.Intn(len(pool)-dealt)
			pool[dealt], pool[j] = pool[j], pool[dealt]
			s.seats[q].hand.Add(pool[dealt])
			dealt++
		}
	}
	s.prepDeck.Clear()
	for _, c := range pool[dealt:] {
		s.prepDeck.Add(c)
	}
	for _, k := range s.knownPiles() {
		if k.pile.Len() < 2 {
			continue // in card order already
		}
		var n cardCount
		n.addDeck(k.pile)
		k.pile.Clear()
		for _, c := range k.ids {
			for ; n[c] > 0; n[c]-- {
				k.pile.Add(c)
			}
		}
	}
	// A position sampled before the re-deal names another card now.
	s.sampled = -1
}

// knownPile is a deck or discard whose contents every seat knows, with
// the distinct cards it can hold (ascending).
type knownPile struct {
	pile *engine.Deck
	ids  []int
}

func (s *state) knownPiles() [7]knownPile {
	// The caller re-sorts them.
	s.dirty |= ledgerColour | ledgerTalent | ledgerHeist | ledgerFailure | ledgerPrep
	g := s.g
	return [...]knownPile{
		{&s.colourDeck, g.masterminds}, {&s.talentDeck, g.talents}, {&s.heistDeck, g.heists}, {&s.failDeck, g.failures},
		{&s.prepDiscard, g.preps}, {&s.talentDiscard, g.talents}, {&s.failDiscard, g.failures},
	}
}

// cardCount counts cards by id, so they come out in card order without a
// sort.
type cardCount [engine.MaxDeck]uint8

func (n *cardCount) addDeck(d *engine.Deck) {
	for i := 0; i < d.Len(); i++ {
		n[d.At(i)]++
	}
}

// takeHand moves hand h's cards into the count and returns how many
// there were.
func (n *cardCount) takeHand(h *engine.Hand) int {
	size := h.Len()
	var held [engine.MaxHand]engine.Action
	for _, c := range h.Distinct(held[:0]) {
		for h.Remove(int(c)) {
			n[c]++
		}
	}
	return size
}

// inOrder appends the counted cards to buf in card order; ids are every
// card that can have been counted, ascending.
func (n *cardCount) inOrder(ids []int, buf []int) []int {
	for _, c := range ids {
		for k := n[c]; k > 0; k-- {
			buf = append(buf, c)
		}
	}
	return buf
}
