// What a seat sees, and the worlds a bot looks ahead in (RULES.md, Bots
// and balance).

package hmm

import (
	"encoding/binary"
	"math"

	"github.com/cardpress/cardpress/engine"
)

// Observation encodes what seat p sees (engine.Observer). Hidden from p:
// the other seats' hands (their sizes are seen), the Resource and
// Complication decks (their sizes), and each face-down Complication p has
// not looked at (who looked is seen: Legwork is done in the open). Seen:
// p's hand, every crew, its Gear, Heat and jail Time, the Jobs and their
// face-up Complications, both discard piles in order (discards go face
// up), the expired Jobs, and the contents of the Mastermind and Job decks
// (every card not in them has been face up, so a seat that remembers knows
// what is left), plus where the turn is.
func (s *state) Observation(p engine.Player, buf []byte) []byte {
	seat := int(p)
	o := observer{buf: buf}
	o.put(s.N, s.Move, int(s.ph), s.who, s.cur, int(s.done), s.keepSeat, int(s.cont), s.heistJob, int(s.feeMask),
		s.trigger, s.finalLeft, s.turns, s.collected, s.njobs, s.qn-s.qh, s.deck.Len(), s.compDeck.Len(),
		bit(s.discarded), bit(s.inCrew), bit(s.hiring))
	o.buf = append(o.buf, s.Cause...)
	for q := 0; q < s.N; q++ {
		o.put(int(math.Float64bits(s.Won[q])), s.heat[q], s.coll[q], s.won[q], s.redraws[q], s.lockRun[q], s.ncrew[q], s.hand[q].Len())
		for _, mb := range s.crew[q][:s.ncrew[q]] {
			o.put(int(mb.card), int(mb.gear), int(mb.time), bit(mb.faceDown))
		}
	}
	if seat >= 0 && seat < s.N {
		// At's order: by card, copies together.
		h := &s.hand[seat]
		var held [engine.MaxHand]engine.Action
		for _, c := range h.Distinct(held[:0]) {
			for k := h.Count(int(c)); k > 0; k-- {
				o.put(int(c))
			}
		}
	}
	for _, t := range s.tasks() {
		o.put(int(t.kind), int(t.seat), int(t.job), bit(t.up), bit(t.deckOnly))
	}
	for _, js := range s.jobs[:s.njobs] {
		o.put(int(js.card), int(js.owner), int(js.time), int(js.nc))
		for k := 0; k < int(js.nc); k++ {
			comp := -1
			if js.up[k] != 0 || js.known[k]&(1<<uint(seat)) != 0 {
				comp = int(js.comps[k])
			}
			o.put(comp, int(js.known[k]), int(js.up[k]))
		}
	}
	o.cards(s.discard[:s.ndiscard])
	o.pile(&s.compPile, false)
	o.pile(&s.jobPile, false)
	o.pile(&s.jobDeck, true)
	o.pile(&s.mmDeck, true)
	return o.buf
}

// observer appends an observation's values.
type observer struct{ buf []byte }

func (o *observer) put(values ...int) {
	for _, v := range values {
		o.buf = binary.AppendVarint(o.buf, int64(v))
	}
}

func bit(b bool) int {
	if b {
		return 1
	}
	return 0
}

// cards appends a pile in its order, after its size.
func (o *observer) cards(pile []uint8) {
	o.put(len(pile))
	for _, c := range pile {
		o.put(int(c))
	}
}

// pile appends a deck's cards; a seat that knows a deck's contents but not
// its order sees them counted per card.
func (o *observer) pile(d *engine.Deck, unordered bool) {
	if !unordered {
		o.put(d.Len())
		for i := 0; i < d.Len(); i++ {
			o.put(d.At(i))
		}
		return
	}
	var count [engine.MaxDeck]int
	for i := 0; i < d.Len(); i++ {
		count[d.At(i)]++
	}
	o.put(d.Len())
	for c, n := range count {
		if n > 0 {
			o.put(c, n)
		}
	}
}

// Determinize re-deals what seat p cannot see (engine.Determinizer). The
// Resource cards of the deck and of the other hands are pooled and dealt
// back, each hand keeping its size; the Complications of the deck and the
// face-down ones p has not looked at likewise, each Job keeping its
// places. The Mastermind and Job decks, whose contents p knows, are dealt
// back in a new order, as decks draw by position (engine.Deck.Sample).
func (s *state) Determinize(p engine.Player, r *engine.Rand) {
	seat := int(p)
	var res unseen
	res.takeDeck(&s.deck)
	var size [engine.MaxPlayers]int
	for q := 0; q < s.N; q++ {
		if q != seat {
			size[q] = res.takeHand(&s.hand[q])
			s.wallet[q] = 0
		}
	}
	res.shuffle(r, len(s.g.cards))
	res.dealDeck(&s.deck)
	for q := 0; q < s.N; q++ {
		for ; size[q] > 0; size[q]-- {
			s.toHand(q, res.next())
		}
	}

	var comps unseen
	comps.takeDeck(&s.compDeck)
	hidden := func(js *jobSlot, k int) bool { return js.up[k] == 0 && js.known[k]&(1<<uint(seat)) == 0 }
	for j := range s.jobs[:s.njobs] {
		js := &s.jobs[j]
		for k := 0; k < int(js.nc); k++ {
			if hidden(js, k) {
				comps.add(int(js.comps[k]))
			}
		}
	}
	comps.shuffle(r, len(s.g.cards))
	comps.dealDeck(&s.compDeck)
	for j := range s.jobs[:s.njobs] {
		js := &s.jobs[j]
		for k := 0; k < int(js.nc); k++ {
			if hidden(js, k) {
				js.comps[k] = int16(comps.next())
			}
		}
	}

	for _, d := range []*engine.Deck{&s.jobDeck, &s.mmDeck} {
		var known unseen
		known.takeDeck(d)
		known.shuffle(r, len(s.g.cards))
		known.dealDeck(d)
	}
}

// unseen is a pool of cards a seat cannot place. They are shuffled from
// card order, so where they end up depends on the seed and on which cards
// they are, never on where they were.
type unseen struct {
	count [engine.MaxDeck]uint16
	order [engine.MaxDeck]uint8
	n     int // cards in the pool
	dealt int // cards dealt back
	// deck is how many the deck taken in gets back.
	deck int
}

func (u *unseen) add(c int) {
	u.count[c]++
	u.n++
}

// takeDeck pools and empties d, remembering its size.
func (u *unseen) takeDeck(d *engine.Deck) {
	u.deck = d.Len()
	for i := 0; i < d.Len(); i++ {
		u.add(d.At(i))
	}
	d.Clear()
}

// takeHand pools and empties h, returning its size.
func (u *unseen) takeHand(h *engine.Hand) int {
	n := h.Len()
	var held [engine.MaxHand]engine.Action
	for _, c := range h.Distinct(held[:0]) {
		for h.Remove(int(c)) {
			u.add(int(c))
		}
	}
	return n
}

// shuffle lays the pool out in card order, then shuffles it with r;
// cards are below distinct.
func (u *unseen) shuffle(r *engine.Rand, distinct int) {
	i := 0
	for c := range u.count[:distinct] {
		for k := u.count[c]; k > 0; k-- {
			u.order[i] = uint8(c)
			i++
		}
	}
	for i := u.n - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		u.order[i], u.order[j] = u.order[j], u.order[i]
	}
}

func (u *unseen) next() int {
	c := u.order[u.dealt]
	u.dealt++
	return int(c)
}

// dealDeck gives the deck taken in its size back.
func (u *unseen) dealDeck(d *engine.Deck) {
	for k := 0; k < u.deck; k++ {
		d.Add(u.next())
	}
}
