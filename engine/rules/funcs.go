package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// The built-in functions and aggregates of expressions.

// aggregate compiles the first argument of count, sum, any, all, min, max
// and argmax: a zone binds card in the second, seats binds seat.
//
// "Z as c" binds c instead, so the body can still read an outer card,
// seat or item by its own name: sum(taken[seat] as c, c.points).
func (x *exprCtx) aggregate(n *node, sc *scope) (over expr, body *node, slot int, inner *scope, ok bool) {
	first, name := bindsAs(n.Args[0])
	if name != nil && !x.bindableName(name, sc) {
		return expr{t: typ{k: kBad}}, nil, 0, nil, false
	}
	over = x.compile(first, sc)
	if over.t.k == kBad {
		return over, nil, 0, nil, false
	}
	if over.t.k != kZone && over.t.k != kSeats && over.t.k != kRecs {
		x.wrong(first.Off, "%s counts over a zone, seats or a list parameter of mappings, not %s", n.Op, over.t)
		return over, nil, 0, nil, false
	}
	if len(n.Args) > 1 {
		body = n.Args[1]
	}
	if over.t.k == kRecs {
		slot = x.c.newSlot(true)
		inner = &scope{up: sc, name: boundName(name, "item"), slot: slot, t: typ{k: kRec, rec: over.t.rec}}
		return over, body, slot, inner, true
	}
	if over.t.k == kZone {
		slot = x.c.newSlot(false)
		inner = &scope{up: sc, name: boundName(name, "card"), slot: slot, t: typ{k: kCard}}
	} else {
		slot = x.c.newSlot(false)
		inner = &scope{up: sc, name: boundName(name, "seat"), slot: slot, t: typ{k: kSeat}}
	}
	return over, body, slot, inner, true
}

// bindsAs splits an aggregate's first argument "Z as c" into Z and the
// name c (nil without as).
func bindsAs(a *node) (*node, *node) {
	if a.Kind == nBinary && a.Op == "as" {
		return a.Args[0], a.Args[1]
	}
	return a, nil
}

func boundName(name *node, def string) string {
	if name == nil {
		return def
	}
	return name.Name
}

// bindableName checks the name an aggregate's as gives: not a reserved
// word (but card, seat and item, which it may bind again), not a
// declared name, not a name bound around it (an inner c would hide the
// outer c, the very thing as is for).
func (x *exprCtx) bindableName(n *node, sc *scope) bool {
	c, name := x.c, n.Name
	_, param := c.g.data.Params[name]
	switch {
	case reserved[name] && name != "card" && name != "seat" && name != "item":
		x.wrong(n.Off, "%s is a reserved word; as needs another name", name)
	case c.zoneByName[name] != nil, c.valueByName[name] != nil, c.defines[name] != nil, c.g.lists[name] != nil, param:
		x.wrong(n.Off, "%s is declared already (a zone, value, define or parameter); as %s would hide it", name, name)
	case name != "card" && name != "seat" && name != "item" && sc.lookup(name) != nil:
		x.wrong(n.Off, "%s is bound already around this aggregate; as %s would hide it", name, name)
	default:
		return true
	}
	return false
}

// iter walks what an aggregate counts over: a zone's cards (after its
// filter), the seats, or a list parameter's items, binding each to slot.
// Aggregates loop over it inline: a callback would allocate a closure on
// every evaluation. Each item visited counts as a step (state.steps):
// aggregates nested in a loop cost what they visit.
type iter struct {
	ref  *zoneRef // a zone, or nil
	recs int      // a list parameter's items (ref nil, seats false)
	seat bool     // the seats
	slot int
}

func newIter(over expr, slot int) *iter {
	it := &iter{ref: over.zone, seat: over.t.k == kSeats, slot: slot}
	if over.t.k == kRecs {
		it.recs = over.t.rec.n
	}
	return it
}

// span is what the walk covers now: a zone's cards, or how many seats or
// items.
func (it *iter) span(s *state) ([]uint8, int) {
	switch {
	case it.ref != nil:
		cards := s.zone(it.ref.inst(s))
		return cards, len(cards)
	case it.seat:
		return nil, s.N
	}
	return nil, it.recs
}

// bind binds item i of the span, reporting false for a card the zone's
// filter leaves out.
func (it *iter) bind(s *state, cards []uint8, i int) bool {
	if cards == nil {
		s.slots[it.slot] = int64(i)
		return true
	}
	c := int64(cards[i])
	if f := it.ref.filter; f != nil {
		s.slots[it.ref.slot] = c
		if f(s) == 0 {
			return false
		}
	}
	s.slots[it.slot] = c
	return true
}

func (x *exprCtx) args(n *node, lo, hi int) bool {
	if len(n.Args) < lo || len(n.Args) > hi {
		want := fmt.Sprintf("%d", lo)
		if hi > lo {
			want = fmt.Sprintf("%d to %d", lo, hi)
		}
		x.wrong(n.Off, "%s takes %s arguments, not %d", n.Op, want, len(n.Args))
		return false
	}
	return true
}

// builtin is one function of the rules language.
type builtin struct {
	name    string
	lo, hi  int                                       // how many arguments it takes
	compile func(x *exprCtx, n *node, sc *scope) expr // n.Args already counted
	// aggregate: with two arguments it walks a zone, the seats or a list
	// parameter's items (memoAggregate, limits.go); min and max of two
	// numbers are not.
	aggregate bool
}

// builtins is the one list of the rules language's functions: call
// compiles from it, the error for an unknown function lists it, and its
// names are reserved words. The reference interpreter (ref_funcs.go)
// defines each again, on purpose, the plain way.
var builtins []builtin

// builtinByName finds a builtin; builtinNames lists them for errors.
var (
	builtinByName map[string]*builtin
	builtinNames  string
)

// init fills the table: its entries call x.compile, which calls call,
// which reads the table, a cycle a package variable's initialiser may
// not have.
func init() {
	builtins = []builtin{
		{name: "count", lo: 1, hi: 2, compile: (*exprCtx).countCall, aggregate: true},
		{name: "sum", lo: 1, hi: 2, compile: (*exprCtx).sumCall, aggregate: true},
		{name: "min", lo: 2, hi: 2, compile: (*exprCtx).extremeCall, aggregate: true},
		{name: "max", lo: 2, hi: 2, compile: (*exprCtx).extremeCall, aggregate: true},
		{name: "any", lo: 1, hi: 2, compile: (*exprCtx).anyAllCall, aggregate: true},
		{name: "all", lo: 1, hi: 2, compile: (*exprCtx).anyAllCall, aggregate: true},
		{name: "argmin", lo: 2, hi: 2, compile: (*exprCtx).extremeCall, aggregate: true},
		{name: "argmax", lo: 2, hi: 2, compile: (*exprCtx).extremeCall, aggregate: true},
		{name: "top", lo: 1, hi: 1, compile: (*exprCtx).endCall},
		{name: "bottom", lo: 1, hi: 1, compile: (*exprCtx).endCall},
		{name: "next", lo: 1, hi: 2, compile: (*exprCtx).stepCall},
		{name: "prev", lo: 1, hi: 2, compile: (*exprCtx).stepCall},
		{name: "across", lo: 1, hi: 1, compile: (*exprCtx).stepCall},
		{name: "seat", lo: 1, hi: 1, compile: (*exprCtx).seatCall},
		{name: "has", lo: 2, hi: 2, compile: (*exprCtx).hasCall},
		{name: "if", lo: 3, hi: 3, compile: (*exprCtx).ifCall},
		{name: "abs", lo: 1, hi: 1, compile: (*exprCtx).absCall},
		{name: "index", lo: 1, hi: 1, compile: (*exprCtx).enumCall},
		{name: "number", lo: 1, hi: 1, compile: (*exprCtx).enumCall},
		{name: "len", lo: 1, hi: 1, compile: (*exprCtx).lenCall},
		{name: "nth", lo: 3, hi: 3, compile: (*exprCtx).nthCall},
	}
	builtinByName = make(map[string]*builtin, len(builtins))
	names := make([]string, len(builtins))
	for i := range builtins {
		b := &builtins[i]
		builtinByName[b.name], names[i] = b, b.name
		reserved[b.name] = true
	}
	builtinNames = strings.Join(names, ", ")
}

// call compiles a call of a builtin function.
func (x *exprCtx) call(n *node, sc *scope) expr {
	b := builtinByName[n.Op]
	if b == nil {
		return x.undefined(n.Off, "%s is not a function (%s)", n.Op, builtinNames)
	}
	if !x.args(n, b.lo, b.hi) {
		return expr{t: typ{k: kBad}}
	}
	return b.compile(x, n, sc)
}

// countCall compiles count(Z) and count(Z, condition).
func (x *exprCtx) countCall(n *node, sc *scope) expr {
	over, body, slot, inner, ok := x.aggregate(n, sc)
	if !ok {
		return expr{t: typ{k: kBad}}
	}
	if body == nil {
		return x.countAll(over, slot, n.Off)
	}
	return x.sumOrCount(n, over, body, slot, inner)
}

// sumCall compiles sum(Z, number).
func (x *exprCtx) sumCall(n *node, sc *scope) expr {
	if len(n.Args) != 2 {
		return x.wrong(n.Off, "%s takes a zone or seats and an expression", n.Op)
	}
	over, body, slot, inner, ok := x.aggregate(n, sc)
	if !ok {
		return expr{t: typ{k: kBad}}
	}
	return x.sumOrCount(n, over, body, slot, inner)
}

// countAll is count(Z) without a condition: the items of a list
// parameter, the seats, or a zone's cards (those its filter keeps).
func (x *exprCtx) countAll(over expr, slot int, off int) expr {
	if over.t.k == kRecs {
		return konst(typ{k: kInt}, int64(over.t.rec.n), off)
	}
	if over.t.k == kSeats {
		return expr{t: typ{k: kInt}, ev: func(s *state) int64 { return int64(s.N) }, off: off}
	}
	ref := over.zone
	if ref.filter == nil && ref.owner == nil {
		i := ref.z.base
		return expr{t: typ{k: kInt}, ev: func(s *state) int64 { return int64(s.zlen[i]) }, off: off, load: loadCount, vbase: i}
	}
	if ref.filter == nil {
		return expr{t: typ{k: kInt}, ev: func(s *state) int64 { return int64(s.zlen[ref.inst(s)]) }, off: off}
	}
	it := newIter(over, slot)
	return expr{t: typ{k: kInt}, ev: func(s *state) int64 {
		cards, n := it.span(s)
		s.steps += n
		k := int64(0)
		for i := range n {
			if it.bind(s, cards, i) {
				k++
			}
		}
		return k
	}, off: off}
}

// sumOrCount is sum(Z, number) or count(Z, condition): count adds 0s and
// 1s.
func (x *exprCtx) sumOrCount(n *node, over expr, body *node, slot int, inner *scope) expr {
	it := newIter(over, slot)
	want := typ{k: kInt}
	if n.Op == "count" {
		want = typ{k: kBool}
	}
	slots := x.c.g.slots
	b := x.want(x.compile(body, inner), want, n.Op)
	if n.Op == "count" {
		if set := x.zoneSet(over, slot, b, slots); set != nil {
			return x.countSet(over.zone, slot, b.ev, set, n.Off)
		}
	} else if t := b.term; setForms && t != nil && t.vals != nil && t.slot == slot && x.c.g.slots == slots && over.t.k == kZone && over.zone.filter == nil {
		return sumField(over.zone, slot, t.vals, x.site(n.Off, "sum"), n.Off)
	}
	// A sum of at most MaxDeck numbers fits an int64, checked once at
	// the end.
	f, at := b.ev, x.site(n.Off, n.Op)
	return x.overItems(over, slot, b, expr{t: typ{k: kInt}, ev: func(s *state) int64 {
		cards, n := it.span(s)
		s.steps += n
		t := int64(0)
		for i := range n {
			if it.bind(s, cards, i) {
				t += f(s)
			}
		}
		if !inRange(t) {
			return s.overflow(at, t)
		}
		return t
	}, off: n.Off})
}

// anyAllCall compiles any(Z, condition) and all(Z, condition).
func (x *exprCtx) anyAllCall(n *node, sc *scope) expr {
	if len(n.Args) != 2 {
		return x.wrong(n.Off, "%s takes a zone or seats and an expression", n.Op)
	}
	used, first := len(x.used), x.c.g.slots
	over, body, slot, inner, ok := x.aggregate(n, sc)
	if !ok {
		return expr{t: typ{k: kBad}}
	}
	it := newIter(over, slot)
	slots := x.c.g.slots
	b := x.want(x.compile(body, inner), typ{k: kBool}, n.Op)
	f := b.ev
	stop := int64(1) // any stops at a true
	if n.Op == "all" {
		stop = 0
	}
	if set := x.zoneSet(over, slot, b, slots); set != nil {
		e := x.anySet(over.zone, slot, f, set, stop, n.Off)
		if j := x.c.listedAs(n, x.used[used:], first); j >= 0 {
			e.ev = anyListed(e.ev, j, slot)
			e.guard = &listGuard{opt: j, slot: slot}
		}
		return e
	}
	return expr{t: typ{k: kBool}, ev: func(s *state) int64 {
		cards, n := it.span(s)
		s.steps += n
		for i := range n {
			if it.bind(s, cards, i) && f(s) == stop {
				return stop
			}
		}
		return 1 - stop
	}, off: n.Off}
}

// extremeCall compiles min and max (of two numbers, or over Z) and
// argmin and argmax (over the seats).
func (x *exprCtx) extremeCall(n *node, sc *scope) expr {
	plain, named := bindsAs(n.Args[0])
	first := x.compile(plain, sc)
	if (n.Op == "min" || n.Op == "max") && named == nil && first.t.k != kZone && first.t.k != kSeats && first.t.k != kRecs {
		return x.ofTwo(n, first, sc)
	}
	over, body, slot, inner, ok := x.aggregate(n, sc)
	if !ok {
		return expr{t: typ{k: kBad}}
	}
	if (n.Op == "argmin" || n.Op == "argmax") && over.t.k != kSeats {
		return x.wrong(n.Off, "%s picks a seat: its first argument is seats", n.Op)
	}
	slots := x.c.g.slots
	v := x.want(x.compile(body, inner), typ{k: kInt}, n.Op)
	it := newIter(over, slot)
	ex := extreme{high: n.Op == "max" || n.Op == "argmax", arg: n.Op == "argmin" || n.Op == "argmax", t: typ{k: kInt}}
	if ex.arg {
		ex.t = typ{k: kSeat}
	}
	if ref := it.ref; setForms && ref != nil && ref.known != nil && v.term != nil && v.term.vals != nil && v.term.slot == slot && x.c.g.slots == slots && !ex.arg {
		return ex.ofField(ref, slot, v.term.vals, n.Off)
	}
	if it.seat {
		return ex.overSeats(slot, v.ev, n.Off)
	}
	return ex.overItems(it, slot, v.ev, n.Off)
}

// ofTwo is min(a, b) or max(a, b) of two numbers.
func (x *exprCtx) ofTwo(n *node, first expr, sc *scope) expr {
	a := x.want(first, typ{k: kInt}, n.Op)
	b := x.want(x.compile(n.Args[1], sc), typ{k: kInt}, n.Op)
	f, h := a.ev, b.ev
	if n.Op == "min" {
		return x.fold(expr{t: typ{k: kInt}, ev: func(s *state) int64 { return min(f(s), h(s)) }, off: n.Off}, a, b)
	}
	return x.fold(expr{t: typ{k: kInt}, ev: func(s *state) int64 { return max(f(s), h(s)) }, off: n.Off}, a, b)
}

// extreme is what min, max, argmin and argmax look for: the highest or
// lowest value, or the seat that has it (arg), of type t.
type extreme struct {
	high, arg bool
	t         typ
}

// ofField is min or max over a zone whose filter's cards are a constant
// set and whose body is a field of the card, read in one loop
// (min(hand[player] where card.suit == 'clubs', index(card.rank))). The
// walk's slots are left as it leaves them (the filter's at the last card,
// the body's at the last that passed).
func (ex extreme) ofField(ref *zoneRef, slot int, vals []int64, off int) expr {
	known, fslot, high := ref.known, ref.slot, ex.high
	return expr{t: ex.t, ev: func(s *state) int64 {
		cards := s.zone(ref.inst(s))
		s.steps += len(cards)
		best, found, last := int64(0), false, int64(-1)
		for _, c := range cards {
			if !known.has(c) {
				continue
			}
			v := vals[c]
			if !found || high && v > best || !high && v < best {
				best, found = v, true
			}
			last = int64(c)
		}
		if len(cards) > 0 {
			s.slots[fslot] = int64(cards[len(cards)-1])
		}
		if last >= 0 {
			s.slots[slot] = last
		}
		return best
	}, off: off}
}

// overSeats is the extreme over the seats (argmax(seats, trick_rank),
// every trick): the walk of iter without its cases, the same seats in
// order.
func (ex extreme) overSeats(slot int, f eval, off int) expr {
	high, arg := ex.high, ex.arg
	return expr{t: ex.t, ev: func(s *state) int64 {
		best, who := int64(0), int64(-1)
		s.steps += s.N
		for p := range int64(s.N) {
			s.slots[slot] = p
			v := f(s)
			if who < 0 || high && v > best || !high && v < best {
				best, who = v, p
			}
		}
		if arg {
			return who
		}
		return best
	}, off: off}
}

// overItems is the extreme over a zone's cards or a list parameter's
// items.
func (ex extreme) overItems(it *iter, slot int, f eval, off int) expr {
	high, arg := ex.high, ex.arg
	return expr{t: ex.t, ev: func(s *state) int64 {
		best, who, found := int64(0), int64(-1), false
		cards, n := it.span(s)
		s.steps += n
		for i := range n {
			if !it.bind(s, cards, i) {
				continue
			}
			v := f(s)
			if !found || high && v > best || !high && v < best {
				best, who, found = v, s.slots[slot], true
			}
		}
		if arg {
			return who
		}
		return best
	}, off: off}
}

// endCall compiles top(Z) and bottom(Z): the last or first card of an
// ordered zone, none when it is empty.
func (x *exprCtx) endCall(n *node, sc *scope) expr {
	z := x.compile(n.Args[0], sc)
	if z.t.k == kBad {
		return expr{t: typ{k: kBad}}
	}
	if z.t.k != kZone || z.zone.filter != nil {
		return x.wrong(n.Off, "%s takes a zone", n.Op)
	}
	if !z.zone.z.ordered {
		return x.wrong(n.Off, "%s is not ordered (ordered: true): it has no top or bottom card", z.zone.z.name)
	}
	ref, top := z.zone, n.Op == "top"
	if ref.owner == nil {
		i := ref.z.base
		return expr{t: typ{k: kCard}, ev: func(s *state) int64 {
			if cards := s.zone(i); len(cards) > 0 {
				if top {
					return int64(cards[len(cards)-1])
				}
				return int64(cards[0])
			}
			return -1
		}, off: n.Off}
	}
	return expr{t: typ{k: kCard}, ev: func(s *state) int64 {
		cards := s.zone(ref.inst(s))
		if len(cards) == 0 {
			return -1
		}
		if top {
			return int64(cards[len(cards)-1])
		}
		return int64(cards[0])
	}, off: n.Off}
}

// stepCall compiles next(p, k), prev(p, k) and across(p): the seat k
// places round the table (1 without k), or half way.
func (x *exprCtx) stepCall(n *node, sc *scope) expr {
	seat := x.want(x.compile(n.Args[0], sc), typ{k: kSeat}, n.Op)
	step := konst(typ{k: kInt}, 1, n.Off)
	if len(n.Args) == 2 {
		step = x.want(x.compile(n.Args[1], sc), typ{k: kInt}, n.Op)
	}
	f, h, op := seat.ev, step.ev, n.Op
	if op == "next" && step.konst && step.kv == 1 {
		// next(p), at every turn: p+1 unless it wraps, without the
		// divisions (the same seat: ((p+1)%n+n)%n is p+1 below n).
		if seat.load == loadGlobal {
			i := seat.vbase
			return expr{t: typ{k: kSeat}, ev: func(s *state) int64 { return nextSeat(s.vars[i], s.N) }, off: n.Off}
		}
		return expr{t: typ{k: kSeat}, ev: func(s *state) int64 { return nextSeat(f(s), s.N) }, off: n.Off}
	}
	return expr{t: typ{k: kSeat}, ev: func(s *state) int64 {
		p, k, n := f(s), h(s), int64(s.N)
		switch op {
		case "prev":
			k = -k
		case "across":
			k = n / 2
		}
		if p < 0 {
			return -1
		}
		if q := p + k; q >= 0 && q < n {
			return q // no wrap: no divisions
		}
		return ((p+k)%n + n) % n
	}, off: n.Off}
}

// ifCall compiles if(condition, a, b).
func (x *exprCtx) ifCall(n *node, sc *scope) expr {
	c := x.want(x.compile(n.Args[0], sc), typ{k: kBool}, "if")
	a, b := x.compile(n.Args[1], sc), x.compile(n.Args[2], sc)
	if c.konst && a.t.k != kLit && b.t.k != kLit {
		if a, b, ok := x.unify(a, b, "if", n.Off); ok {
			if c.kv != 0 {
				return a
			}
			return b
		}
		return expr{t: typ{k: kBad}}
	}
	if a.t.k == kLit && b.t.k == kLit {
		// Two names: their type is the one the if's use wants.
		return expr{t: typ{k: kLit}, lit: "if(...)", off: n.Off, pend: func(t typ) expr {
			ra, _ := x.resolve(a, t)
			rb, _ := x.resolve(b, t)
			if ra.t.k == kBad || rb.t.k == kBad {
				return expr{t: typ{k: kBad}}
			}
			return x.choose(c, ra, rb, n.Off)
		}}
	}
	a, b, ok := x.unify(a, b, "if", n.Off)
	if !ok {
		return expr{t: typ{k: kBad}}
	}
	return x.choose(c, a, b, n.Off)
}

// choose is if(c, a, b) once a and b have one type.
func (x *exprCtx) choose(c, a, b expr, off int) expr {
	f, y, z := c.ev, a.ev, b.ev
	if vf := a.vf; vf != nil && b.konst && !c.konst {
		// if(played[seat].suit == led, index(played[seat].rank), -1),
		// per seat at every trick: the field read in line.
		kz, k, vb, vals, none := b.kv, vf.k, vf.b, vf.vals, vf.none
		return expr{t: a.t, ev: func(s *state) int64 {
			if f(s) == 0 {
				return kz
			}
			if p := s.slots[k]; uint64(p) >= uint64(s.N) {
				return vf.other(s)
			} else if i := s.vars[vb+int(p)]; i >= 0 {
				return vals[i]
			}
			return none
		}, off: off}
	}
	return x.fold(expr{t: a.t, ev: func(s *state) int64 {
		if f(s) != 0 {
			return y(s)
		}
		return z(s)
	}, off: off}, c, a, b)
}

// seatCall compiles seat(k): seat(1) is the first seat, as seats are
// numbered from 1 in the rules, as on the table.
func (x *exprCtx) seatCall(n *node, sc *scope) expr {
	k := x.want(x.compile(n.Args[0], sc), typ{k: kInt}, "seat")
	if k.konst && (k.kv < 1 || k.kv > int64(x.c.mostSeats())) {
		// No seat at any count the game plays: none, which a zone or
		// value of a seat reports before play (noSeat).
		return konst(typ{k: kSeat}, -1, n.Off)
	}
	f := k.ev
	return expr{t: typ{k: kSeat}, ev: func(s *state) int64 {
		v := f(s) - 1
		if v < 0 || v >= int64(s.N) {
			return -1
		}
		return v
	}, off: n.Off}
}

// hasCall compiles has(card, kw): the card has that keyword.
func (x *exprCtx) hasCall(n *node, sc *scope) expr {
	c := x.want(x.compile(n.Args[0], sc), typ{k: kCard}, "has")
	kw := x.want(x.compile(n.Args[1], sc), typ{k: kEnum, enum: x.g.types["keyword"]}, "has")
	f, k, masks := c.ev, kw.ev, x.g.keywords
	return expr{t: typ{k: kBool}, ev: func(s *state) int64 {
		card, w := f(s), k(s)
		if card < 0 || w < 0 || w >= 256 {
			return 0
		}
		return int64(masks[card][w>>6]>>(w&63)) & 1
	}, off: n.Off}
}

// absCall compiles abs(a).
func (x *exprCtx) absCall(n *node, sc *scope) expr {
	a := x.want(x.compile(n.Args[0], sc), typ{k: kInt}, "abs")
	if a.konst {
		return x.number(max(a.kv, -a.kv), n.Off, "abs(%d)", a.kv)
	}
	f, at := a.ev, x.site(n.Off, "abs")
	return expr{t: typ{k: kInt}, ev: func(s *state) int64 {
		if v := f(s); v < 0 {
			if !inRange(-v) {
				return s.overflow(at, -v)
			}
			return -v
		}
		return f(s)
	}, off: n.Off}
}

// enumCall compiles index(v) and number(v) of a value v of an enum card
// field: its place among the field's values, or the number it reads.
func (x *exprCtx) enumCall(n *node, sc *scope) expr {
	e := x.compile(n.Args[0], sc)
	if e.t.k == kBad {
		return expr{t: typ{k: kBad}}
	}
	if e.t.k != kEnum {
		return x.wrong(n.Off, "%s takes a value of an enum card field (card.rank), not %s", n.Op, e.t)
	}
	f := e.ev
	if n.Op == "index" {
		// The same numbers: a card's field stays one for set forms.
		return expr{t: typ{k: kInt}, ev: f, off: n.Off, term: e.term, vf: e.vf}
	}
	nums := make([]int64, len(e.t.enum.values))
	for i, v := range e.t.enum.values {
		k, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return x.wrong(n.Off, "number needs every value of %s to be a number; '%s' is not (use if() or index())", e.t.enum.name, v)
		}
		if !inRange(k) {
			return x.limit(n.Off, "number reads %s's value %s: %s", e.t.enum.name, v, numbersText)
		}
		nums[i] = int64(k)
	}
	return expr{t: typ{k: kInt}, ev: func(s *state) int64 {
		if i := f(s); i >= 0 {
			return nums[i]
		}
		return 0
	}, off: n.Off}
}

// lenCall compiles len(list): a list parameter's length.
func (x *exprCtx) lenCall(n *node, sc *scope) expr {
	l := x.compile(n.Args[0], sc)
	if l.t.k == kBad {
		return expr{t: typ{k: kBad}}
	}
	if l.t.k == kRecs {
		return konst(typ{k: kInt}, int64(l.t.rec.n), n.Off)
	}
	if l.t.k != kList {
		return x.wrong(n.Off, "len takes a list parameter, not %s (count(zone) counts cards)", l.t)
	}
	return konst(typ{k: kInt}, int64(len(l.list)), n.Off)
}

// overItems works an aggregate over a list parameter's items out before
// play when its body reads only the item and constants.
func (x *exprCtx) overItems(over expr, slot int, body, e expr) expr {
	if over.t.k != kRecs || !body.pure || body.elist != nil && (body.elist != over.t.rec.items || body.eslot != slot) {
		return e
	}
	scratch := &state{slots: make([]int64, x.c.g.slots+1)}
	if v := e.ev(scratch); scratch.fault == "" {
		return konst(e.t, v, e.off)
	}
	return e // a rules error: left to play
}

// zoneSet is the set form of an aggregate's body b over a zone, card bound
// to slot, or nil. The set form evaluates the body's parts for every card
// of the game, not only the zone's up to where the walk stops: so it is
// taken only when the body binds no slots of its own (compiling it took
// none past slots), whose values would show, and rules errors are held
// back (trial).
func (x *exprCtx) zoneSet(over expr, slot int, b expr, slots int) *cardTest {
	if over.t.k != kZone || over.zone.filter != nil || x.c.g.slots != slots {
		return nil
	}
	if cs := condOf(b); cs != nil && cs.slot == slot {
		return x.g.lower(cs)
	}
	return nil
}

// anySet is any (stop 1) or all (stop 0) over zone ref with a body f in
// set form: it stops at the same card as the walk, and leaves it bound.
func (x *exprCtx) anySet(ref *zoneRef, slot int, f eval, t *cardTest, stop int64, off int) expr {
	walk := func(s *state, cards []uint8) int64 {
		for _, c := range cards {
			s.slots[slot] = int64(c)
			if f(s) == stop {
				return stop
			}
		}
		return 1 - stop
	}
	// any looks for a card it holds for, all for one it does not.
	flipBits := uint64(0)
	if stop == 0 {
		flipBits = ^uint64(0)
	}
	if narrow := t.narrow; narrow != nil {
		return expr{t: typ{k: kBool}, ev: func(s *state) int64 {
			cards := s.zone(ref.inst(s))
			if len(cards) == 0 {
				return 1 - stop
			}
			pass, ok := trial(s, narrow, ^uint64(0))
			if !ok {
				return walk(s, cards)
			}
			pass ^= flipBits
			for _, c := range cards {
				if pass>>(c&63)&1 != 0 {
					s.slots[slot] = int64(c)
					return stop
				}
			}
			s.slots[slot] = int64(cards[len(cards)-1])
			return 1 - stop
		}, off: off}
	}
	wide := t.wide
	return expr{t: typ{k: kBool}, ev: func(s *state) int64 {
		cards := s.zone(ref.inst(s))
		if len(cards) == 0 {
			return 1 - stop
		}
		pass, ok := trial(s, wide, everything)
		if !ok {
			return walk(s, cards)
		}
		for _, c := range cards {
			if (pass[c>>6]^flipBits)>>(c&63)&1 != 0 {
				s.slots[slot] = int64(c)
				return stop
			}
		}
		s.slots[slot] = int64(cards[len(cards)-1])
		return 1 - stop
	}, off: off}
}

// sumField is sum over zone ref of a field of the card bound to slot:
// the field's table read for each card, which is what the body reads.
func sumField(ref *zoneRef, slot int, vals []int64, at *site, off int) expr {
	return expr{t: typ{k: kInt}, ev: func(s *state) int64 {
		cards := s.zone(ref.inst(s))
		t := int64(0)
		for _, c := range cards {
			t += vals[c]
		}
		if len(cards) > 0 {
			s.slots[slot] = int64(cards[len(cards)-1]) // the walk leaves the last card bound
		}
		if !inRange(t) {
			return s.overflow(at, t)
		}
		return t
	}, off: off}
}

// countSet is count over zone ref with a condition f in set form.
func (x *exprCtx) countSet(ref *zoneRef, slot int, f eval, t *cardTest, off int) expr {
	return expr{t: typ{k: kInt}, ev: func(s *state) int64 {
		cards := s.zone(ref.inst(s))
		if len(cards) == 0 {
			return 0
		}
		k := int64(0)
		var pass cardSet
		ok := true
		if t.narrow != nil {
			pass[0], ok = trial(s, t.narrow, ^uint64(0))
		} else {
			pass, ok = trial(s, t.wide, everything)
		}
		if !ok {
			for _, c := range cards {
				s.slots[slot] = int64(c)
				k += f(s)
			}
			return k
		}
		for _, c := range cards {
			if pass.has(c) {
				k++
			}
		}
		s.slots[slot] = int64(cards[len(cards)-1])
		return k
	}, off: off}
}

// nextSeat is next(p) at a table of n: p+1 unless it wraps, without the
// divisions of the general case (the same seat), and -1 for no seat.
func nextSeat(p int64, n int) int64 {
	if p < 0 {
		return -1
	}
	if p+1 < int64(n) {
		return p + 1
	}
	return (p + 1) % int64(n)
}

// aggregateCall reports whether n is an aggregate with a body (sum,
// count, any, all, min, max, argmin, argmax over seats, a zone or a list
// parameter), or may be one (min and max of two numbers are not).
func aggregateCall(n *node) bool {
	b := builtinByName[n.Op]
	return b != nil && b.aggregate && len(n.Args) == 2
}

// memoAggregate compiles an aggregate call. Inside another aggregate, one
// that reads no name bound outside it (total_points in any(seats,
// points_taken == total_points)) has the same value for every seat or
// card the outer one visits: expressions change nothing but their own
// slots (and the fault), so it is worked out the first time the outer
// one's evaluation reaches it, where it always was, and read back after.
// Its own slots keep what that evaluation left, which each evaluation
// would write again. Nothing is kept from an evaluation during or after
// a rules error (a fault, a failed trial): those evaluate as before.
func (x *exprCtx) memoAggregate(n *node, sc *scope) expr {
	c := x.c
	start, first, sites := len(x.used), c.g.slots, c.g.memos
	c.inAggregate++
	e := x.call(n, sc)
	c.inAggregate--
	if e.t.k == kBad || e.konst || e.ev == nil {
		return e
	}
	if c.g.memos > sites {
		// Holds a site: each evaluation starts a new epoch.
		f := e.ev
		e = expr{t: e.t, off: e.off, ev: func(s *state) int64 {
			if b := s.buf; b != nil {
				b.memoEpoch++
			}
			return f(s)
		}}
	}
	if c.inAggregate == 0 && c.optFirst > 0 && setForms && optionMemos {
		return c.listMemo(n, e, x.used[start:], first, c.g.slots)
	}
	if c.inAggregate == 0 || !setForms {
		return e // setForms off: the tests' plain walk to compare with
	}
	for _, k := range x.used[start:] {
		if k < first {
			return e // reads a name bound outside: not the same for each
		}
	}
	i, f := c.g.memos, e.ev
	c.g.memos++
	return expr{t: e.t, off: e.off, ev: func(s *state) int64 {
		b := s.buf
		if b == nil || i >= len(b.memoAt) || s.fault != "" || s.trialFailed {
			return f(s)
		}
		if b.memoAt[i] == b.memoEpoch {
			return b.memoVal[i]
		}
		v := f(s)
		if s.fault == "" && !s.trialFailed {
			b.memoAt[i], b.memoVal[i] = b.memoEpoch, v
		}
		return v
	}}
}

// optionMemos turns listMemo and listedAs on: off only for
// BenchmarkOptionMemos, to measure what they pay.
var optionMemos = true

// listMemoSite is an aggregate worked out once per listing: its names
// are width slots, kept from off in buffers.listBound.
type listMemoSite struct{ width, off int }

// listMemo works out e, aggregate n in an option's if: (not inside
// another aggregate), once per listing of a seat's legal actions when it
// reads none of the option's names (used: the slots it reads; its own
// are first to end). The options of one choice share it: Crazy Eights'
// draw and pass are both offered only when the seat is stuck, not
// any(hand[turn], playable), worked out once a move, not twice. (A
// define is compiled where it is used, from one text: the same n, and
// the options of a choice see the same names but their own.) Options'
// conditions run only in a listing (legalMask), where nothing but bound
// names changes; what its names were left bound to and the steps it took
// are kept with its value, so a state is as if it were worked out again;
// a rules error is not kept, so it is raised where it was.
func (c *compiler) listMemo(n *node, e expr, used []int, first, end int) expr {
	for _, k := range used {
		if k >= c.optFirst-1 && k < first {
			return e // reads the option's card or value
		}
	}
	key := listSite{c.optChoice, n}
	i, ok := c.listSites[key]
	if !ok {
		if c.listSites == nil {
			c.listSites = map[listSite]int{}
		}
		i = len(c.g.listMemos)
		c.listSites[key] = i
		c.g.listMemos = append(c.g.listMemos, listMemoSite{width: end - first, off: c.g.listBound})
		c.g.listBound += end - first
	}
	site := c.g.listMemos[i]
	if site.width != end-first {
		return e // not bound alike: not the same aggregate
	}
	f := e.ev
	e.ev = func(s *state) int64 {
		b := s.buf
		if b == nil || !b.listing || s.fault != "" || s.trialFailed {
			return f(s)
		}
		m, bound := &b.list[i], b.listBound[site.off:site.off+site.width]
		if m.at == b.listEpoch {
			s.steps += m.steps
			copy(s.slots[first:end], bound)
			return m.val
		}
		before := s.steps
		v := f(s)
		if s.fault == "" && !s.trialFailed {
			m.at, m.val, m.steps = b.listEpoch, v, s.steps-before
			copy(bound, s.slots[first:end])
		}
		return v
	}
	return e
}

// listedAs is the earlier card option of the choice whose if: is being
// compiled that lists what any n asks about: any(Z, C) in an option's
// if:, with an option before it card: Z, if: C (the same text), C in set
// form. -1 for none. n reads nothing of its own option (used: the slots
// it reads; first: its own, the only one it binds), so Z and C mean there
// what they mean in that option. Crazy Eights' stuck, not any(hand[turn],
// playable), in draw's and pass's if:, is whether play listed a card.
func (c *compiler) listedAs(n *node, used []int, first int) int {
	if c.optFirst == 0 || c.inAggregate != 1 || n.Op != "any" || c.g.slots != first+1 || len(c.g.cards) > 64 || !setForms || !optionMemos {
		return -1
	}
	for _, k := range used {
		if k >= c.optFirst-1 && k < first {
			return -1
		}
	}
	for j, o := range c.optChoice.opts {
		if j < maxListedOpts && o.kind == optCard && o.set != nil && o.zone.filter == nil &&
			sameTree(o.zoneTree, n.Args[0]) && sameTree(o.condTree, n.Args[1]) {
			c.g.listedAny++
			o.listed = true
			return j
		}
	}
	return -1
}

// anyListed is any's ev f answered from option j's legal cards when the
// listing it runs in has listed them (buffers.optMask): the same value,
// and the same card left bound (slot), as any's set form gives.
func anyListed(f eval, j int, slot int) eval {
	return func(s *state) int64 {
		if v, ok := s.anyListed(j, slot); ok {
			return v
		}
		return f(s)
	}
}

// anyListed is any(Z, C) answered from option j's legal cards (see the
// function anyListed), slot the card it binds; false when the listing it
// runs in has not listed them. Z is the zone option j listed (the same
// text, reading no option's names), so what any would bind was found
// with the listing, once for every any that asks (anyBound).
func (s *state) anyListed(j int, slot int) (int64, bool) {
	b := s.buf
	if b == nil || !b.listing || b.optAt[j] != b.listEpoch || s.fault != "" || s.trialFailed {
		return 0, false
	}
	if c := b.optBound[j]; c >= 0 {
		s.slots[slot] = int64(c)
	}
	return b2i(b.optMask[j] != 0), true
}

// anyBound is the card any(Z, C) leaves bound, for Z's cards and m the
// cards C holds for: the first C holds for, else the last; -1 for none.
func anyBound(cards []uint8, m uint64) int16 {
	if len(cards) == 0 {
		return -1
	}
	if m != 0 {
		for _, c := range cards {
			if m>>(c&63)&1 != 0 {
				return int16(c)
			}
		}
	}
	return int16(cards[len(cards)-1])
}

// listGuard is an option's if: of the form not any(Z, C) (and more),
// the any answered from an earlier option's listing (listedAs): Crazy
// Eights' draw and pass, offered only when the seat is stuck. The listing
// decides it in line (optionHolds): when that option listed a card of Z
// the option is not legal and nothing else is evaluated; else the rest
// is. Through the compiled if:, the same answer took four calls (and,
// not, listMemo, anyListed) and the memo's copies, at every decision.
type listGuard struct {
	opt  int  // the option whose listing answers the any
	slot int  // the card any binds
	not  bool // not any(Z, C)
	rest eval // what must hold too (and), or nil
}

// negated is the guard of not e, for e's guard g: only an any's.
func (g *listGuard) negated() *listGuard {
	if g == nil || g.not {
		return nil
	}
	n := *g
	n.not = true
	return &n
}

// and is the guard of e and h, for e's guard g: only a not any's, with h
// after its rest.
func (g *listGuard) and(h eval) *listGuard {
	if g == nil || !g.not {
		return nil
	}
	n := *g
	n.rest = h
	if rest := g.rest; rest != nil {
		n.rest = func(s *state) int64 {
			if rest(s) == 0 {
				return 0
			}
			return h(s)
		}
	}
	return &n
}

// optionHolds is option o's if: (true without one) at a listing, where
// its guard, if any, answers first.
func (s *state) optionHolds(o *option) bool {
	if o.cond == nil {
		return true
	}
	if g := o.unless; g != nil {
		if v, ok := s.anyListed(g.opt, g.slot); ok {
			return v == 0 && (g.rest == nil || g.rest(s) != 0)
		}
	}
	return o.cond(s) != 0
}

// sameTree says whether two expressions are written alike (spaces and
// positions aside).
func sameTree(a, b *node) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Kind != b.Kind || a.Op != b.Op || a.Name != b.Name || len(a.Args) != len(b.Args) || a.Kind != nField && a.Num != b.Num {
		return false
	}
	for i := range a.Args {
		if !sameTree(a.Args[i], b.Args[i]) {
			return false
		}
	}
	return true
}
