package rules

import (
	"math/bits"
	"slices"

	"github.com/cardpress/cardpress/engine"
)

// Set-at-a-time conditions. A condition on a card bound to a slot (an
// option's if:, the body of any, all or count over a zone) that is and,
// or and not of atoms, each either a comparison of a field of that card
// with an expression that does not read the card, or an expression that
// does not read the card at all, is worked out for all the cards at once:
// each such expression once, each comparison an index lookup. Smoke games
// spend most of their time listing legal cards so.
//
// It gives what evaluating card by card gives: an atom is evaluated
// exactly when the card-by-card walk would evaluate it for at least one
// card (live is the cards that reach it, and and/or narrow it as their
// short-circuits do), and an atom reads nothing the card changes, so it
// has the same value every time. Expressions change nothing but the slots
// of their own aggregates (written the same by every evaluation) and, on
// a rules error, the state's fault: a trial (see trial) that meets an error
// is thrown away and the card-by-card walk runs instead, so errors are
// raised as before. An aggregate's set form works its body out for every
// card, not only up to where the walk stops, so it is taken only for a
// body that binds no slots of its own (zoneSet); it then binds the card
// the walk stops at.

// cardSet is a set of card ids (ids are below engine.MaxDeck = 256).
type cardSet [4]uint64

func (a cardSet) empty() bool { return a[0]|a[1]|a[2]|a[3] == 0 }

func (a *cardSet) has(c uint8) bool { return a[c>>6]>>(c&63)&1 != 0 }

func (a *cardSet) add(c uint8) { a[c>>6] |= 1 << (c & 63) }

func (a cardSet) and(b cardSet) cardSet {
	return cardSet{a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]}
}

func (a cardSet) or(b cardSet) cardSet {
	return cardSet{a[0] | b[0], a[1] | b[1], a[2] | b[2], a[3] | b[3]}
}

func (a cardSet) minus(b cardSet) cardSet {
	return cardSet{a[0] &^ b[0], a[1] &^ b[1], a[2] &^ b[2], a[3] &^ b[3]}
}

// last is the highest card in a, or -1.
func (a *cardSet) last() int64 {
	for w := 3; w >= 0; w-- {
		if a[w] != 0 {
			return int64(w<<6 | (63 - bits.LeadingZeros64(a[w])))
		}
	}
	return -1
}

// condOp is the kind of a condNode.
type condOp uint8

const (
	cKnown condOp = iota // the cards of known, whatever the state
	cAtom                // f, which does not read the card: all cards or none
	cTerm                // a value of the card <cmp> f
	cIn                  // a value of the card in evs
	cAnd
	cOr
	cNot
	cSub // lowered on its own (a step of a chain, step1)
	// cAtom and cTerm whose f is a fastTest, read in the chain's loop.
	cFastAtom
	cFastTerm
	// A chain's part that is the other chain (or in and, and in or) led
	// by a cFastAtom: that atom, then the rest (sub) when it does not
	// decide the part.
	cGuard
)

// condNode is a condition on the card bound to slot, in set form: a tree
// lowered to closures (lower) once it is known to be used so.
type condNode struct {
	op    condOp
	slot  int
	known cardSet
	f     eval
	ix    *valueIndex
	cmp   int
	evs   []eval
	a, b  *condNode
	fast  *fastTest // f read in line, or nil
	// zero is cAtom's f's value when the atom is false: 0, or 1 for not
	// of f (1 - f is 0 when f is 1), which saves a call.
	zero int64
}

// cardTerm is a value read off the card bound to slot: a field, or the
// card itself, indexed by value.
type cardTerm struct {
	slot int
	ix   *valueIndex
	vals []int64 // a field's value per card (nil: the card itself)
}

// valueIndex holds, for a per-card table of values, the cards of each
// value, so a comparison with a value is a lookup.
type valueIndex struct {
	lo, hi int64
	eq     []cardSet // eq[v-lo]: the cards of value v
	below  []cardSet // below[k]: the cards of a value under lo+k
	all    cardSet
	eq1    []uint64 // eq's first words, for games of at most 64 cards
}

// maxIndexed is the widest range of values a field is indexed for.
const maxIndexed = 512

// newValueIndex indexes vals (a value per card), or returns nil when they
// spread too wide.
func newValueIndex(vals []int64) *valueIndex {
	if len(vals) == 0 || len(vals) > 256 {
		return nil
	}
	lo, hi := vals[0], vals[0]
	for _, v := range vals {
		lo, hi = min(lo, v), max(hi, v)
	}
	if hi-lo >= maxIndexed {
		return nil
	}
	ix := &valueIndex{lo: lo, hi: hi, eq: make([]cardSet, hi-lo+1), below: make([]cardSet, hi-lo+2)}
	for c, v := range vals {
		ix.eq[v-lo].add(uint8(c))
		ix.all.add(uint8(c))
	}
	ix.eq1 = make([]uint64, len(ix.eq))
	for k := range ix.eq {
		ix.below[k+1] = ix.below[k].or(ix.eq[k])
		ix.eq1[k] = ix.eq[k][0]
	}
	return ix
}

// equal1 is equal for a game of at most 64 cards.
func (ix *valueIndex) equal1(v int64) uint64 {
	if v < ix.lo || v > ix.hi {
		return 0
	}
	return ix.eq1[v-ix.lo]
}

// under is the cards whose value is below v.
func (ix *valueIndex) under(v int64) cardSet {
	switch {
	case v <= ix.lo:
		return cardSet{}
	case v > ix.hi:
		return ix.all
	}
	return ix.below[v-ix.lo]
}

// upTo is the cards whose value is v or below.
func (ix *valueIndex) upTo(v int64) cardSet {
	switch {
	case v < ix.lo:
		return cardSet{}
	case v >= ix.hi:
		return ix.all
	}
	return ix.below[v-ix.lo+1]
}

func (ix *valueIndex) equal(v int64) cardSet {
	if v < ix.lo || v > ix.hi {
		return cardSet{}
	}
	return ix.eq[v-ix.lo]
}

// match is the cards c with cmpInt(op, value of c, v) true.
func (ix *valueIndex) match(op int, v int64) cardSet {
	switch op {
	case cmpEq:
		return ix.equal(v)
	case cmpNe:
		return ix.all.minus(ix.equal(v))
	case cmpLt:
		return ix.under(v)
	case cmpLe:
		return ix.upTo(v)
	case cmpGt:
		return ix.all.minus(ix.upTo(v))
	}
	return ix.all.minus(ix.under(v))
}

// fieldIndex is the index of a card field's values, built once.
func (g *Game) fieldIndex(f *field) *valueIndex {
	if ix, ok := g.indexes[f]; ok {
		return ix
	}
	if g.indexes == nil {
		g.indexes = map[*field]*valueIndex{}
	}
	ix := newValueIndex(f.vals)
	g.indexes[f] = ix
	return ix
}

// cardIndex indexes the cards by their id (card == 'clubs-2').
func (g *Game) cardIndex() *valueIndex {
	if g.idIndex == nil {
		ids := make([]int64, len(g.cards))
		for i := range ids {
			ids[i] = int64(i)
		}
		g.idIndex = newValueIndex(ids)
	}
	return g.idIndex
}

// cardTermOf is e as a value of a bound card, or nil.
func (x *exprCtx) cardTermOf(e expr) *cardTerm {
	if e.term != nil {
		return e.term
	}
	if e.t.k == kCard && e.load == loadSlot {
		if ix := x.g.cardIndex(); ix != nil {
			return &cardTerm{slot: e.slot, ix: ix}
		}
	}
	return nil
}

// condOf is a true/false e as a condition on a bound card, or nil: its
// set form, or a true/false field of the card.
func condOf(e expr) *condNode {
	if e.cs != nil {
		return e.cs
	}
	if t := e.term; t != nil && e.t.k == kBool {
		return termCond(t, cmpNe, konst(typ{k: kInt}, 0, e.off))
	}
	return nil
}

// reads reports whether slot is among the slots of bound names an
// expression read (a stretch of exprCtx.used).
func reads(used []int, slot int) bool {
	for _, k := range used {
		if k == slot {
			return true
		}
	}
	return false
}

var everything = cardSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}

// atomCond is e, which does not read the card, as a condition: the same
// for every card, evaluated once when some card reaches it.
func atomCond(slot int, e expr) *condNode {
	if e.konst {
		n := &condNode{op: cKnown, slot: slot}
		if e.kv != 0 {
			n.known = everything
		}
		return n
	}
	if l := e.logic; l != nil {
		// An and/or of atoms is the chain of them: the same parts
		// evaluated in the same order, each a read in line where it can be.
		op := cOr
		if l.and {
			op = cAnd
		}
		return &condNode{op: op, slot: slot, a: atomCond(slot, l.a), b: atomCond(slot, l.b)}
	}
	if e.negOf != nil {
		return &condNode{op: cAtom, slot: slot, f: e.negOf, zero: 1, fast: e.fast}
	}
	return &condNode{op: cAtom, slot: slot, f: e.ev, fast: e.fast}
}

// termCond is t <op> e, e not reading the card.
func termCond(t *cardTerm, op int, e expr) *condNode {
	if e.konst {
		return &condNode{op: cKnown, slot: t.slot, known: t.ix.match(op, e.kv)}
	}
	n := &condNode{op: cTerm, slot: t.slot, ix: t.ix, cmp: op, f: e.ev}
	if e.fast != nil && e.fast.exact {
		n.fast = e.fast // a term needs the value itself
	}
	return n
}

// compareCond is the set form of a <op> b, a read in usedA and b in
// usedB, or nil.
func (x *exprCtx) compareCond(op int, a, b expr, usedA, usedB []int) *condNode {
	if t := x.cardTermOf(a); t != nil && !reads(usedB, t.slot) {
		return termCond(t, op, b)
	}
	if t := x.cardTermOf(b); t != nil && !reads(usedA, t.slot) {
		return termCond(t, flip(op), a)
	}
	return nil
}

// logicCond is the set form of a and/or b, or nil: a side that does not
// read the other's card is an atom of it.
func logicCond(and bool, a, b expr, usedA, usedB []int) *condNode {
	ca, cb := condOf(a), condOf(b)
	switch {
	case ca != nil && cb != nil:
		if ca.slot != cb.slot {
			return nil
		}
	case ca != nil:
		if reads(usedB, ca.slot) {
			return nil
		}
		cb = atomCond(ca.slot, b)
	case cb != nil:
		if reads(usedA, cb.slot) {
			return nil
		}
		ca = atomCond(cb.slot, a)
	default:
		return nil
	}
	op := cOr
	if and {
		op = cAnd
	}
	if ca.op == cKnown && cb.op == cKnown {
		if and {
			return &condNode{op: cKnown, slot: ca.slot, known: ca.known.and(cb.known)}
		}
		return &condNode{op: cKnown, slot: ca.slot, known: ca.known.or(cb.known)}
	}
	return &condNode{op: op, slot: ca.slot, a: ca, b: cb}
}

// notCond is the set form of not a, or nil.
func notCond(a expr) *condNode {
	ca := condOf(a)
	if ca == nil {
		return nil
	}
	if ca.op == cKnown {
		return &condNode{op: cKnown, slot: ca.slot, known: everything.minus(ca.known)}
	}
	return &condNode{op: cNot, slot: ca.slot, a: ca}
}

// inCond is the set form of a in items (each item read in used), or nil.
func (x *exprCtx) inCond(a expr, items []expr, used []int) *condNode {
	t := x.cardTermOf(a)
	if t == nil || reads(used, t.slot) {
		return nil
	}
	known := true
	var m cardSet
	evs := make([]eval, len(items))
	for i, it := range items {
		known = known && it.konst
		m = m.or(t.ix.equal(it.kv))
		evs[i] = it.ev
	}
	if known {
		return &condNode{op: cKnown, slot: t.slot, known: m}
	}
	return &condNode{op: cIn, slot: t.slot, ix: t.ix, evs: evs}
}

// cardTest is a condition lowered to closures: narrow for a game of at
// most 64 cards (a set is a word), else wide.
type cardTest struct {
	narrow func(s *state, live uint64) uint64
	wide   func(s *state, live cardSet) cardSet
}

// setForms: tests turn it off to hold set forms (and sums of a field) to
// the walk card by card.
var setForms = true

func (g *Game) lower(n *condNode) *cardTest {
	if !setForms {
		return nil
	}
	if len(g.cards) <= 64 {
		return &cardTest{narrow: lower1(n)}
	}
	return &cardTest{wide: lowerWide(n)}
}

// lower1 is n working out, for the cards of live, those it holds for.
// Each part is evaluated for the cards that reach it (and/or narrow live
// as their short-circuits do) and an atom only when some card does.
func lower1(n *condNode) func(s *state, live uint64) uint64 {
	if f := lowerFast(n); f != nil {
		return f
	}
	switch n.op {
	case cKnown:
		k := n.known[0]
		return func(_ *state, live uint64) uint64 { return live & k }
	case cAtom:
		f, zero := n.f, n.zero
		return func(s *state, live uint64) uint64 {
			if live == 0 || f(s) == zero {
				return 0
			}
			return live
		}
	case cTerm:
		f, ix, op := n.f, n.ix, n.cmp
		if op == cmpEq {
			return func(s *state, live uint64) uint64 {
				if live == 0 {
					return 0
				}
				return live & ix.equal1(f(s))
			}
		}
		return func(s *state, live uint64) uint64 {
			if live == 0 {
				return 0
			}
			return live & ix.match(op, f(s))[0]
		}
	case cIn:
		evs, ix := n.evs, n.ix
		// Each card is compared with the items in turn up to the first
		// equal: an item is evaluated for the cards no earlier one matched.
		return func(s *state, live uint64) uint64 {
			r := uint64(0)
			for _, f := range evs {
				if live == 0 {
					break
				}
				hit := live & ix.equal1(f(s))
				r, live = r|hit, live&^hit
			}
			return r
		}
	case cNot:
		f := lower1(n.a)
		return func(s *state, live uint64) uint64 { return live &^ f(s, live) }
	}
	// and, or: a chain of them (a and b and c) runs as one loop.
	steps, whole := chainSteps(n.op, chain(n, n.op, nil))
	if whole != nil {
		return whole
	}
	if n.op == cAnd {
		return andChain1(steps)
	}
	return orChain1(steps)
}

// andChain1 is an and chain on the first 64 cards: each part is evaluated
// for the cards the ones before hold for.
func andChain1(steps []step1) func(s *state, live uint64) uint64 {
	return func(s *state, live uint64) uint64 {
		if live == 0 {
			return 0 // no card reaches the chain: nothing in it is evaluated
		}
		for i := range steps {
			switch st := &steps[i]; st.op {
			case cKnown:
				live &= st.k
			case cAtom:
				if st.f(s) == st.zero {
					return 0
				}
			case cTerm:
				live &= st.ix.equal1(st.f(s))
			case cFastAtom:
				if !st.fast.holds(s) {
					return 0
				}
			case cFastTerm:
				live &= st.ix.equal1(st.fast.value(s))
			default:
				live = st.sub(s, live)
			case cGuard:
				// or: the atom holds for every card that reaches it.
				if !st.fast.holds(s) {
					live = st.sub(s, live)
				}
			}
			if live == 0 {
				return 0
			}
		}
		return live
	}
}

// orChain1 is an or chain on the first 64 cards: each part is evaluated
// for the cards no part before holds for.
func orChain1(steps []step1) func(s *state, live uint64) uint64 {
	return func(s *state, live uint64) uint64 {
		r := uint64(0)
		if live == 0 {
			return 0
		}
		for i := range steps {
			var hit uint64
			switch st := &steps[i]; st.op {
			case cKnown:
				hit = live & st.k
			case cAtom:
				if st.f(s) != st.zero {
					return r | live
				}
			case cTerm:
				hit = live & st.ix.equal1(st.f(s))
			case cFastAtom:
				if st.fast.holds(s) {
					return r | live
				}
			case cFastTerm:
				hit = live & st.ix.equal1(st.fast.value(s))
			default:
				hit = st.sub(s, live)
			case cGuard:
				// and: the atom holds for no card that reaches it, or the
				// rest decides.
				if st.fast.holds(s) {
					hit = st.sub(s, live)
				}
			}
			if r, live = r|hit, live&^hit; live == 0 {
				break
			}
		}
		return r
	}
}

// lowerFast is lower1 of an atom or a comparison with a value that is a
// fastTest, read in line (no closure call); nil for any other n.
func lowerFast(n *condNode) func(s *state, live uint64) uint64 {
	if n.fast == nil {
		return nil
	}
	t := *n.fast
	switch {
	case n.op == cAtom:
		return func(s *state, live uint64) uint64 {
			if live == 0 || !t.holds(s) {
				return 0
			}
			return live
		}
	case n.op == cTerm && n.cmp == cmpEq:
		ix := n.ix // t is exact (termCond): the value itself
		return func(s *state, live uint64) uint64 {
			if live == 0 {
				return 0
			}
			return live & ix.equal1(t.value(s))
		}
	case n.op == cTerm:
		ix, op := n.ix, n.cmp
		return func(s *state, live uint64) uint64 {
			if live == 0 {
				return 0
			}
			return live & ix.match(op, t.value(s))[0]
		}
	}
	return nil
}

// chainSteps is the steps of a chain of op (and, or) of parts, or, when
// it comes to at most one part, whole: that part lowered.
func chainSteps(op condOp, parts []*condNode) (steps []step1, whole func(s *state, live uint64) uint64) {
	// A known part that changes nothing (no card in an or, every card in
	// an and: a parameter's test) is left out; it evaluates nothing.
	none := uint64(0)
	if op == cAnd {
		none = ^uint64(0)
	}
	parts = slices.DeleteFunc(slices.Clone(parts), func(p *condNode) bool { return p.op == cKnown && p.known[0] == none })
	switch len(parts) {
	case 0:
		return nil, lower1(&condNode{op: cKnown, known: cardSet{none}})
	case 1:
		return nil, lower1(parts[0])
	}
	inner := cOr
	if op == cOr {
		inner = cAnd
	}
	for _, p := range parts {
		st := step1{op: p.op, k: p.known[0], f: p.f, ix: p.ix, zero: p.zero}
		if p.op == inner {
			if sub := chain(p, inner, nil); sub[0].op == cAtom && sub[0].fast != nil {
				// An or in an and (an and in an or) led by an atom read in
				// line (not first_trick or ...): the atom tested here, the
				// rest of it called only when the atom does not decide it.
				st.op, st.fast, st.sub = cGuard, *sub[0].fast, lowerChain(inner, sub[1:])
				steps = append(steps, st)
				continue
			}
		}
		if p.op == cTerm && p.cmp != cmpEq || p.op != cKnown && p.op != cAtom && p.op != cTerm {
			st.op, st.sub = cSub, lower1(p)
		} else if p.fast != nil {
			st.fast, st.op = *p.fast, p.op+cFastAtom-cAtom
		}
		steps = append(steps, st)
	}
	return steps, nil
}

// lowerChain is lower1 of the chain of op of parts (one or more).
func lowerChain(op condOp, parts []*condNode) func(s *state, live uint64) uint64 {
	n := parts[0]
	for _, p := range parts[1:] {
		n = &condNode{op: op, slot: n.slot, a: n, b: p}
	}
	return lower1(n)
}

// step1 is a part of a chain of and or or (lower1): a known set, an atom
// or a field equal to a value done in the loop (an atom or value that is
// a fastTest read there too), anything else by sub.
type step1 struct {
	op   condOp
	k    uint64
	f    eval
	ix   *valueIndex
	sub  func(s *state, live uint64) uint64
	fast fastTest // cFastAtom, cFastTerm: f read in line
	zero int64    // cAtom: f's value when the atom is false
}

// chain appends the parts of a chain of op (and, or) in order.
func chain(n *condNode, op condOp, parts []*condNode) []*condNode {
	if n.op != op {
		return append(parts, n)
	}
	return chain(n.b, op, chain(n.a, op, parts))
}

// lowerWide is lower1 for a game of more than 64 cards.
func lowerWide(n *condNode) func(s *state, live cardSet) cardSet {
	switch n.op {
	case cKnown:
		k := n.known
		return func(_ *state, live cardSet) cardSet { return live.and(k) }
	case cAtom:
		f, zero := n.f, n.zero
		return func(s *state, live cardSet) cardSet {
			if live.empty() || f(s) == zero {
				return cardSet{}
			}
			return live
		}
	case cTerm:
		f, ix, op := n.f, n.ix, n.cmp
		return func(s *state, live cardSet) cardSet {
			if live.empty() {
				return cardSet{}
			}
			return live.and(ix.match(op, f(s)))
		}
	case cIn:
		evs, ix := n.evs, n.ix
		return func(s *state, live cardSet) cardSet {
			var r cardSet
			for _, f := range evs {
				if live.empty() {
					break
				}
				hit := live.and(ix.equal(f(s)))
				r, live = r.or(hit), live.minus(hit)
			}
			return r
		}
	case cNot:
		f := lowerWide(n.a)
		return func(s *state, live cardSet) cardSet { return live.minus(f(s, live)) }
	case cAnd:
		f, h := lowerWide(n.a), lowerWide(n.b)
		return func(s *state, live cardSet) cardSet { return h(s, f(s, live)) }
	}
	f, h := lowerWide(n.a), lowerWide(n.b)
	return func(s *state, live cardSet) cardSet {
		r := f(s, live)
		return r.or(h(s, live.minus(r)))
	}
}

// trial works f out for live with rules errors held back: false says one
// happened, and the caller then walks card by card, which raises it as
// before. A trial within a trial leaves that to the outer one.
func trial[T any](s *state, f func(*state, T) T, live T) (T, bool) {
	if s.trial {
		return f(s, live), true
	}
	s.trial = true
	r := f(s, live)
	s.trial = false
	if s.trialFailed {
		s.trialFailed = false
		return r, false
	}
	return r, true
}

// legalSet appends the cards of cards (a zone's) that option o's
// condition, in set form, holds for, and returns them as a mask too in a
// game of at most 64 cards (else 0); false when it met a rules error.
func (s *state) legalSet(o *option, cards []uint8, buf []engine.Action) ([]engine.Action, uint64, bool) {
	var last int64 = -1
	var mask uint64
	if t := o.set; t.narrow != nil {
		var seen uint64
		for _, c := range cards {
			seen |= 1 << (c & 63)
		}
		pass, ok := trial(s, t.narrow, seen)
		if !ok {
			return buf, 0, false
		}
		mask = pass
		for ; pass != 0; pass &= pass - 1 {
			buf = append(buf, engine.Action(o.base+bits.TrailingZeros64(pass)))
		}
		if seen != 0 {
			last = int64(63 - bits.LeadingZeros64(seen))
		}
	} else {
		var seen cardSet
		for _, c := range cards {
			seen.add(c)
		}
		pass, ok := trial(s, t.wide, seen)
		if !ok {
			return buf, 0, false
		}
		for w, word := range pass {
			for ; word != 0; word &= word - 1 {
				buf = append(buf, engine.Action(o.base+(w<<6|bits.TrailingZeros64(word))))
			}
		}
		last = seen.last()
	}
	// The walk leaves the last card bound.
	if last >= 0 {
		s.slots[o.slot] = last
	}
	return buf, mask, true
}
