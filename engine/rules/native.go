package rules

import (
	"fmt"
	"slices"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"

	"go.yaml.in/yaml/v3"
)

// action is statements compiled to Go code: loops are Go loops, so the
// long stretches of a game between two decisions (HEAT resolving a phase
// card by card, effect by effect) run without the program's dispatch.
// Only a statement that may wait for a decision (a choice, a draw out of
// a shuffled pile, or a block holding one) stays in the program.
type action func(s *state)

// suspends reports whether statement n may wait for a decision.
func (c *compiler) suspends(n *yaml.Node) bool {
	keys, vals := pairs(n)
	for i, k := range keys {
		switch k.Value {
		case "choose", "roll":
			return true
		case "move":
			v := vals[i]
			if get(v, "card") == nil && scalar(get(v, "count")) != "all" && c.drawsFrom(get(v, "from")) {
				return true
			}
		case "deal":
			if c.drawsFrom(get(vals[i], "from")) {
				return true
			}
		case "then", "else", "do":
			if vals[i].Kind == yaml.SequenceNode && slices.ContainsFunc(vals[i].Content, c.suspends) {
				return true
			}
		}
	}
	return false
}

// drawsFrom reports whether a zone expression names a shuffled pile,
// whose cards are drawn as chance moves.
func (c *compiler) drawsFrom(n *yaml.Node) bool {
	if n == nil {
		return false
	}
	z := c.zoneByName[rootName(n)]
	return z != nil && z.chance()
}

// nativeSteps compiles statements that never wait, each to its step; a
// statement that does nothing is none: an if decided before play with
// nothing in the branch taken (HEAT's "if effect.pay > 0" for an effect
// that pays nothing) is no step of the list around it, not a call that
// returns at once.
func (c *compiler) nativeSteps(list []*yaml.Node, sc *scope) []action {
	var steps []action
	for _, n := range list {
		if f := c.native(n, sc); f != nil {
			steps = append(steps, f)
		}
	}
	return steps
}

// nativeList runs steps (nativeSteps) as one action. Its closures keep
// their names (the profile-guided build knows them by name).
func (c *compiler) nativeList(steps []action) action {
	switch len(steps) {
	case 0:
		return func(*state) {}
	case 1:
		return steps[0]
	case 2:
		a, b := steps[0], steps[1]
		return func(s *state) {
			if a(s); s.mode == mRun {
				b(s)
			}
		}
	case 4:
		return nativeList4(steps)
	case 3:
		a, b, d := steps[0], steps[1], steps[2]
		return func(s *state) {
			if a(s); s.mode != mRun {
				return
			}
			if b(s); s.mode == mRun {
				d(s)
			}
		}
	}
	return func(s *state) {
		for _, f := range steps {
			if f(s); s.mode != mRun {
				return
			}
		}
	}
}

// nativeList4 is four steps (a card play's then: in Hearts) without the
// loop; a function of its own, so nativeList's closures keep their names
// (the profile-guided build knows them by name).
func nativeList4(steps []action) action {
	a, b, d, e := steps[0], steps[1], steps[2], steps[3]
	return func(s *state) {
		if a(s); s.mode != mRun {
			return
		}
		if b(s); s.mode != mRun {
			return
		}
		if d(s); s.mode == mRun {
			e(s)
		}
	}
}

func (c *compiler) nativeBlock(list *yaml.Node, sc *scope) action {
	return c.nativeList(c.nativeBlockSteps(list, sc))
}

// nativeBlockSteps is a block's steps (nativeSteps): none for no block.
func (c *compiler) nativeBlockSteps(list *yaml.Node, sc *scope) []action {
	if list == nil {
		return nil
	}
	if list.Kind != yaml.SequenceNode {
		c.report(codeStructure.At(c.at(list), "expected a list of statements"))
		return nil
	}
	return c.nativeSteps(list.Content, sc)
}

// loop counts one more round of loop at (a while or repeat) against the
// steps a state may take between decisions, its body's statements at
// their most (weigh), and says whether it may go on.
func (s *state) loop(at *loopSite) bool {
	if s.steps += at.weight; s.steps > maxSteps {
		s.stepsOut(at)
		return false
	}
	return s.mode == mRun
}

// native compiles one statement that never waits (see suspends).
func (c *compiler) native(n *yaml.Node, sc *scope) action {
	kind := stmtKind(n)
	v := get(n, kind)
	switch kind {
	case "set":
		so := c.setOp(v, sc)
		if so == nil {
			return nil
		}
		return setAction(so)
	case "if":
		return c.nativeIf(n, v, sc)
	case "while":
		return c.nativeWhile(n, v, sc)
	case "repeat":
		return c.nativeRepeat(n, v, sc)
	case "each_seat":
		name := c.seatName(n)
		first := c.expr(v, sc, typ{k: kSeat}, "each_seat").ev
		return c.nativeEachSeat(first, c.seatCount(n, sc), name, sc, func(inner *scope) action { return c.nativeBlock(get(n, "do"), inner) })
	case "each_value":
		return c.nativeEachValue(n, v, sc)
	case "for_each":
		return c.nativeForEach(n, v, sc)
	case "move":
		mv := c.moveOp(v, sc)
		if mv == nil {
			return nil
		}
		return func(s *state) { s.move(mv) }
	case "deal":
		d := c.dealOp(v, sc)
		if d == nil {
			return nil
		}
		return func(s *state) {
			s.startDeal(d)
			s.dealOn() // never waits: the pile is not shuffled
		}
	case "collect":
		z := c.zoneExpr(v, sc, "collect")
		if z == nil {
			return nil
		}
		return func(s *state) { s.collect(z.inst(s)) }
	case "end":
		cause, nobody := v.Value, get(n, "winners") != nil
		c.endCause(cause)
		return func(s *state) { s.end(cause, nobody) }
	case "log":
		text := v.Value
		return func(s *state) { s.note(text) }
	case "show":
		return c.show(n, v, sc)
	case "tally":
		return c.nativeTally(n, v, sc)
	}
	c.stmt(n, sc) // reports the statement that is not one
	return nil
}

// nativeIf compiles if: v, then: and else:.
func (c *compiler) nativeIf(n, v *yaml.Node, sc *scope) action {
	e := c.expr(v, sc, typ{k: kBool}, "if")
	thenSteps, elseSteps := c.nativeBlockSteps(get(n, "then"), sc), c.nativeBlockSteps(get(n, "else"), sc)
	if e.konst {
		// Known before play (an unrolled entry's key): only one
		// branch runs, and no step (nil) when it does nothing; both
		// were compiled, so both are checked.
		taken := elseSteps
		if e.kv != 0 {
			taken = thenSteps
		}
		if len(taken) == 0 {
			return nil
		}
		return c.nativeList(taken)
	}
	then, els := c.nativeList(thenSteps), c.nativeList(elseSteps)
	cond := e.ev
	probe, ok := c.entryProbe(v, sc)
	if cs := condOf(e); cs != nil && cs.op == cKnown && !ok && setForms {
		// A condition on a bound card alone (card.suit == 'hearts' or
		// card == 'spades-q'): whether the card is in its set. A card
		// that is none (or no card) goes through cond, as before.
		k, known, n := cs.slot, cs.known, uint64(len(c.g.cards))
		return func(s *state) {
			var holds bool
			if x := s.slots[k]; uint64(x) < n {
				holds = known.has(uint8(x))
			} else {
				holds = cond(s) != 0
			}
			if holds {
				then(s)
			} else {
				els(s)
			}
		}
	}
	if t := e.fast; t != nil && !ok {
		// if count(trick) == 1: the test read in line.
		ft := *t
		return func(s *state) {
			if ft.holds(s) {
				then(s)
			} else {
				els(s)
			}
		}
	}
	if ok {
		// An effect's condition, for one entry: lint warns if it never
		// holds.
		return func(s *state) {
			if cond(s) != 0 {
				s.Tally.Probe(probe)
				then(s)
			} else {
				els(s)
			}
		}
	}
	return func(s *state) {
		if cond(s) != 0 {
			then(s)
		} else {
			els(s)
		}
	}
}

// nativeWhile compiles while: v, do: a loop of at most maxSteps steps.
func (c *compiler) nativeWhile(n, v *yaml.Node, sc *scope) action {
	e := c.expr(v, sc, typ{k: kBool}, "while")
	cond := e.ev
	body := c.nativeBlock(get(n, "do"), sc)
	at := &loopSite{c.at(n), "while", 1 + c.weigh(get(n, "do"))}
	if t := e.fast; t != nil {
		// while pick > 0: the test read in line, as nativeIf does.
		ft := *t
		return func(s *state) {
			for ft.holds(s) && s.loop(at) {
				body(s)
			}
		}
	}
	return func(s *state) {
		for cond(s) != 0 && s.loop(at) {
			body(s)
		}
	}
}

// nativeRepeat compiles repeat: v, do:.
func (c *compiler) nativeRepeat(n, v *yaml.Node, sc *scope) action {
	times := c.repeatCount(v, sc)
	c.newSlot(false) // the program's repeat keeps its count in a slot; so do these, to keep numbering alike
	c.newSlot(false)
	body := c.nativeBlock(get(n, "do"), sc)
	at := &loopSite{c.at(n), "repeat", 1 + c.weigh(get(n, "do"))}
	return func(s *state) {
		for k := times(s); k > 0 && s.loop(at); k-- {
			body(s)
		}
	}
}

// nativeEachValue compiles each_value: an enum, as: a name, do:.
func (c *compiler) nativeEachValue(n, v *yaml.Node, sc *scope) action {
	e, ok := c.g.types[v.Value]
	as := get(n, "as")
	if !ok || as == nil || !c.bindable(as, false) {
		c.eachValue(n, v, sc) // reports what is wrong
		return nil
	}
	slot, size := c.newSlot(false), int64(len(e.values))
	body := c.nativeBlock(get(n, "do"), &scope{up: sc, name: as.Value, slot: slot, t: typ{k: kEnum, enum: e}})
	return func(s *state) {
		for k := int64(0); k < size && s.mode == mRun; k++ {
			s.slots[slot] = k
			body(s)
		}
	}
}

// nativeForEach compiles for_each: the entries of a card's list field.
func (c *compiler) nativeForEach(n, v *yaml.Node, sc *scope) action {
	l, card, cardAt, ok := c.forEachIn(n, v, sc)
	if !ok {
		return nil
	}
	slot := c.newSlot(false)
	c.newSlot(false) // the end, as the program keeps it
	inner := &scope{up: sc, name: v.Value, slot: slot, t: typ{k: kEntry, list: l}}
	body := c.nativeBlock(get(n, "do"), inner)
	where := get(n, "where")
	// Each entry runs its own body when it compiles once per entry
	// with the entry's keys known (a card's effect does only what it
	// says), else the one body.
	bodies := c.unroll(get(n, "do"), where, inner)
	if bodies == nil {
		bodies = slices.Repeat([]action{body}, int(l.start[len(l.start)-1]))
	}
	// where: effect.key == value is looked up, anything else tested.
	ix := c.entryIndex(where, inner, l, slot)
	var cond eval
	if where != nil && ix == nil {
		cond = c.expr(where, inner, typ{k: kBool}, "where").ev
	}
	if ix != nil && ix.valueSlot > 0 && cardAt.kind == opSeatSlot {
		// for_each effect in revealed[player].effects where effect.phase
		// == ph, for every seat at every phase: the card and the phase
		// read here.
		vb, vk, vs := cardAt.b, cardAt.i, ix.valueSlot-1
		return func(s *state) {
			var k int64
			if p := s.slots[vk]; uint64(p) < uint64(s.N) {
				k = s.vars[vb+int(p)]
			} else {
				k = card(s)
			}
			if k < 0 {
				return
			}
			for _, e := range ix.entries(k, s.slots[vs]) {
				if s.mode != mRun {
					return
				}
				s.slots[slot] = int64(e)
				bodies[e](s)
			}
		}
	}
	return func(s *state) {
		k := card(s)
		if k < 0 {
			return
		}
		if ix != nil {
			for _, e := range ix.entries(k, ix.value(s)) {
				if s.mode != mRun {
					return
				}
				s.slots[slot] = int64(e)
				bodies[e](s)
			}
			return
		}
		for e := l.start[k]; e < l.start[k+1] && s.mode == mRun; e++ {
			s.slots[slot] = int64(e)
			if cond == nil || cond(s) != 0 {
				bodies[e](s)
			}
		}
	}
}

// nativeTally compiles tally: a counter, by: a number (1 without).
func (c *compiler) nativeTally(n, v *yaml.Node, sc *scope) action {
	k, by, ok := c.tallyOp(n, v, sc)
	if !ok {
		return nil
	}
	return func(s *state) { s.Tally.Count(k, by(s)) }
}

// nativeEachSeat runs body for every seat, clockwise from first.
func (c *compiler) nativeEachSeat(first, count eval, name string, sc *scope, body func(*scope) action) action {
	from, p := c.newSlot(false), c.newSlot(false)
	c.newSlot(false) // the program's loop counter
	c.newSlot(false) // and its count of seats to visit
	f := body(&scope{up: sc, name: name, slot: p, t: typ{k: kSeat}})
	_ = from
	return func(s *state) {
		n := int64(s.N)
		q := max(0, first(s))
		visits := seatsToVisit(s, count)
		for i := int64(0); i < visits && s.mode == mRun; i++ {
			s.slots[p] = q
			f(s)
			if q++; q == n {
				q = 0
			}
		}
	}
}

// entryIndex is a card's entries grouped by the value of one key, for a
// where that picks the entries whose key equals a value: each card's
// matching entries are then found at once instead of tested one by one
// (HEAT resolves a phase from the effects of that phase).
type entryIndex struct {
	value eval
	// valueSlot is value's slot plus one when it is a bound name (HEAT's
	// ph), else 0.
	valueSlot int
	base      int64 // the smallest value of the key
	width     int64 // how many values it spans
	// ents[(card*width + value-base)] are the entries, in order.
	ents [][]int32
}

func (ix *entryIndex) entries(card int64, v int64) []int32 {
	v -= ix.base
	if v < 0 || v >= ix.width {
		return nil
	}
	return ix.ents[card*ix.width+v]
}

// entryIndex builds the index for a where of the form entry.key == value
// (value not reading the entry), optionally "and" a condition of the entry
// alone, or returns nil.
func (c *compiler) entryIndex(where *yaml.Node, sc *scope, l *listDecl, slot int) *entryIndex {
	if where == nil {
		return nil
	}
	tree, err := parseExpr(where.Value)
	if err != nil || tree.Kind != nBinary || c.spent() || c.measureTree(tree).over() {
		return nil
	}
	x := &exprCtx{g: c.g, c: c, src: where, file: c.file}
	// entry.key == value and more: the more, when it reads only the entry
	// (effect.take_heat > 0), picks the entries indexed once and for all.
	var keep []int64
	if tree.Op == "and" {
		more := x.compile(tree.Args[1], sc)
		if len(x.errs) > 0 || more.t.k != kBool || !more.pure || more.elist != l || more.eslot != slot || more.load != loadTable {
			return nil
		}
		keep, tree = more.table, tree.Args[0]
	}
	if tree.Kind != nBinary || tree.Op != "==" {
		return nil
	}
	a, b := x.compile(tree.Args[0], sc), x.compile(tree.Args[1], sc)
	if len(x.errs) > 0 {
		return nil
	}
	if b.load == loadTable && b.slot == slot {
		a, b = b, a
	}
	if a.load != loadTable || a.slot != slot || a.elist != l || !a.pure {
		return nil
	}
	b, ok := x.resolve(b, a.t)
	if !ok || len(x.errs) > 0 || b.pure && b.elist == l {
		return nil
	}
	if !b.konst && b.load != loadSlot {
		// The value is looked up once, when the loop starts: only one the
		// body cannot change (a constant, a bound name: HEAT's ph) gives
		// what testing each entry as its round comes gives.
		return nil
	}
	lo, hi := int64(0), int64(0)
	for i, v := range a.table {
		if i == 0 || v < lo {
			lo = v
		}
		if i == 0 || v > hi {
			hi = v
		}
	}
	ix := &entryIndex{value: b.ev, base: lo, width: hi - lo + 1}
	if b.load == loadSlot {
		ix.valueSlot = b.slot + 1
	}
	if ix.width > 64 {
		return nil // too sparse to index
	}
	cards := len(l.start) - 1
	ix.ents = make([][]int32, int64(cards)*ix.width)
	for card := range cards {
		for e := l.start[card]; e < l.start[card+1]; e++ {
			if keep != nil && keep[e] == 0 {
				continue
			}
			k := int64(card)*ix.width + a.table[e] - lo
			ix.ents[k] = append(ix.ents[k], e)
		}
	}
	return ix
}

// maxUnrolled is the most entries a list may have for for_each to compile
// its body once per entry.
const maxUnrolled = 4096

// unroll compiles a for_each body once per entry of its list, with the
// entry known, after the body compiled once without findings: nil when it
// did not (its findings are reported) or the list is too long. Bodies use
// the same slots: only one runs at a time.
func (c *compiler) unroll(do, where *yaml.Node, inner *scope) []action {
	l := inner.t.list
	total := int(l.start[len(l.start)-1])
	if errs, _ := finding.Count(c.found); errs > 0 || total > maxUnrolled || do == nil {
		return nil
	}
	found, work, expected := c.found, c.work, len(c.g.expected)
	base, most := c.g.slots, c.g.slots
	bodies := make([]action, total)
	for e := range total {
		if c.work-work > maxUnrolledParts || c.spent() {
			// Too many parts: the one body, compiled before, serves every
			// entry, and nothing of these is kept.
			c.found, c.g.expected = found, c.g.expected[:expected]
			c.g.slots, c.g.private = base, c.g.private[:base]
			return nil
		}
		c.g.slots, c.g.private = base, c.g.private[:base]
		known := *inner
		known.known = int64(e) + 1
		if where != nil {
			// An entry its where never keeps gets no body: nothing of it
			// runs (and lint expects nothing of it).
			if w := c.expr(where, &known, typ{k: kBool}, "where"); w.konst && w.kv == 0 {
				bodies[e] = func(*state) {}
				continue
			}
		}
		bodies[e] = c.nativeBlock(do, &known)
		most = max(most, c.g.slots)
	}
	// Slots past base are the bodies' own; keep room for the longest.
	for c.g.slots < most {
		c.newSlot(false)
	}
	c.found = found
	return bodies
}

// entryProbe registers the condition at n, compiled for a known entry of
// a card list, as something lint expects to hold at least once: reported
// at the entry in its card file.
func (c *compiler) entryProbe(n *yaml.Node, sc *scope) (int, bool) {
	for b := sc; b != nil; b = b.up {
		if b.known == 0 || b.t.k != kEntry {
			continue
		}
		l, e := b.t.list, int(b.known-1)
		card := l.card[e]
		nth := e - int(l.start[card]) + 1
		c.g.expected = append(c.g.expected, engine.Expectation{Pos: l.at[e], Card: card,
			Never: fmt.Sprintf("%s of card %s: the condition at %s:%d (%s) never held", ordinal(nth, l.name), c.g.cards[card].id, finding.Visible(c.file), n.Line, n.Value)})
		return len(c.g.expected) - 1, true
	}
	return 0, false
}

// ordinal is "effects entry 2" in words a designer reads: "the 2nd of
// effects".
func ordinal(n int, list string) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("the %d%s of %s", n, suffix, list)
}

// setAction is a set as Go code: the common shapes (a table value, a
// seat's value at a bound seat; =, += or -=) without doSet's general path,
// which runs when logging or on a seat not at the table.
func setAction(so *setOp) action {
	base, val, at := so.v.base, so.val, so.at
	if so.item != nil {
		if ref := so.ref; ref != nil {
			// chip_at[i] = 0, covered[tester][slot] = true: the item
			// found without a call, as doSet finds it.
			return func(s *state) {
				if s.Log != nil {
					s.doSet(so)
				} else if k, ok := ref.place(s); ok {
					s.setVar(k, so.op, val, at)
				}
			}
		}
		return func(s *state) { s.doSet(so) }
	}
	if so.seat == nil {
		if so.konst {
			return constSet(so)
		}
		switch so.op {
		case '+':
			return func(s *state) {
				if s.Log != nil {
					s.doSet(so)
					return
				}
				if r := s.vars[base] + val(s); inRange(r) {
					s.vars[base] = r
				} else {
					s.overflow(at, r)
				}
			}
		case '-':
			return func(s *state) {
				if s.Log != nil {
					s.doSet(so)
					return
				}
				if r := s.vars[base] - val(s); inRange(r) {
					s.vars[base] = r
				} else {
					s.overflow(at, r)
				}
			}
		}
		return func(s *state) {
			if s.Log != nil {
				s.doSet(so)
				return
			}
			s.vars[base] = val(s)
		}
	}
	if so.seatSlot == 0 && so.seatVar == 0 {
		return func(s *state) { s.doSet(so) }
	}
	k, op := so.seatSlot-1, so.op
	if so.seatSlot == 0 {
		// The seat a table value holds, read here (as doSet would, first).
		j := so.seatVar - 1
		if from := so.fromSlot - 1; from >= 0 && op == '=' {
			// played[turn] = card, every play: the card's slot read here.
			return func(s *state) {
				p := s.vars[j]
				if s.Log != nil || p < 0 || p >= int64(s.N) {
					s.doSet(so)
					return
				}
				s.vars[base+int(p)] = s.slots[from]
			}
		}
		return func(s *state) {
			p := s.vars[j]
			if s.Log != nil || p < 0 || p >= int64(s.N) {
				s.doSet(so)
				return
			}
			s.setVar(base+int(p), op, val, at)
		}
	}
	if so.valVar > 0 && op == '=' {
		// One seat's value from another of a bound seat: budget[p] = heat[p].
		vb, vk := so.valVar-1, so.valSlot
		return func(s *state) {
			p, q := s.slots[k], s.slots[vk]
			if s.Log != nil || p < 0 || p >= int64(s.N) || q < 0 || q >= int64(s.N) {
				s.doSet(so)
				return
			}
			s.vars[base+int(p)] = s.vars[vb+int(q)]
		}
	}
	return func(s *state) {
		p := s.slots[k]
		if s.Log != nil || p < 0 || p >= int64(s.N) {
			s.doSet(so)
			return
		}
		s.setVar(base+int(p), op, val, at)
	}
}

// constSet is a set of a table value by a number known before play
// (i += 1, n = 0), the commonest statement of a loop: no call for the
// number.
func constSet(so *setOp) action {
	i, v := so.v.base, so.kv
	if so.op == '=' {
		return func(s *state) {
			if s.Log != nil {
				s.doSet(so)
				return
			}
			s.vars[i] = v
		}
	}
	if so.op == '-' {
		v = -v
	}
	return func(s *state) {
		if r := s.vars[i] + v; s.Log == nil && inRange(r) {
			s.vars[i] = r
			return
		}
		s.doSet(so)
	}
}

// setVar applies a set's operation (=, += or -=) to value place i; a sum
// or difference that leaves the rules' numbers is a rules error at at,
// and leaves the value as it was.
func (s *state) setVar(i int, op byte, val eval, at *site) {
	var r int64
	switch op {
	case '+':
		r = s.vars[i] + val(s)
	case '-':
		r = s.vars[i] - val(s)
	default:
		s.vars[i] = val(s) // one of the numbers already
		return
	}
	if !inRange(r) {
		s.overflow(at, r)
		return
	}
	s.vars[i] = r
}
