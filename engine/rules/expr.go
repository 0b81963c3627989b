package rules

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/finding"

	"go.yaml.in/yaml/v3"
)

// eval computes an expression on a state. Every type is an int64 at run
// time: a bool is 0 or 1, a seat or card its index (none is -1), an enum
// value its index in the field's values, a string its symbol.
type eval func(s *state) int64

type kind uint8

const (
	kBad     kind = iota // already reported: checks stop cascading
	kInt                 // a number
	kBool                // true or false
	kSeat                // a seat or none
	kCard                // a card or none
	kEnum                // a value of an enum card field (typ.enum)
	kStr                 // a string (a parameter's, or a quoted name compared with one)
	kLit                 // a 'quoted' name not yet given a type by its use
	kList                // a list parameter
	kZone                // a zone (possibly filtered)
	kSeats               // every seat, for aggregates
	kEntries             // a card's entries of a list (typ.list): the card
	kEntry               // one entry (typ.list; typ.path, a key path begun)
	kRecs                // a list parameter of mappings (typ.rec)
	kRec                 // one of its items: its position
)

type typ struct {
	k    kind
	enum *enumType
	list *listDecl
	path string
	rec  *paramRecords
}

func (t typ) String() string {
	switch t.k {
	case kInt:
		return "a number"
	case kBool:
		return "true/false"
	case kSeat:
		return "a seat"
	case kCard:
		return "a card"
	case kEnum:
		return "a " + t.enum.name
	case kStr, kLit:
		return "a name"
	case kList:
		return "a list"
	case kZone:
		return "a zone"
	case kSeats:
		return "seats"
	case kEntries:
		return "a card's " + t.list.name
	case kEntry:
		return "an entry of " + t.list.name
	case kRecs, kRec:
		return "a list of mappings"
	}
	return "?"
}

// same reports whether values of t and u compare: the same kind, and for
// enums the same type or one extending the other (keyword and keyword
// also [any] share their first values).
func (t typ) same(u typ) bool {
	if t.k != u.k {
		return false
	}
	if t.k != kEnum {
		return t.list == u.list && t.rec == u.rec
	}
	return t.enum.root() == u.enum.root()
}

// expr is a checked expression.
type expr struct {
	t  typ
	ev eval
	// lit is a quoted name (kLit), given its value by resolve; pend, when
	// set, resolves a kLit that is not one name (an if() of two names, an
	// item of a list of names) to the type its use wants.
	lit  string
	pend func(t typ) expr
	// konst holds a number known before play (parameters, literals).
	konst bool
	kv    int64
	zone  *zoneRef
	// load says ev only reads a slot (loadSlot) or a table at a slot
	// (loadTable: an entry's key, a card's field), so comparisons can read
	// it directly instead of calling ev: smoke games spend their time in
	// these.
	load  uint8
	slot  int
	table []int64
	vbase int // loadVar: the value's first place; loadGlobal: its place; loadCount: the zone instance
	// pure says ev reads nothing but constants and, when elist is set,
	// the entry of elist bound to slot eslot: fold then works its value
	// out for every entry before play.
	pure    bool
	elist   *listDecl
	eslot   int
	known   int64    // kEntry: the entry plus one when known before play
	list    []string // kList: a list parameter's items, as text
	listInt bool     // kList: its items are numbers
	off     int
	// term: a field of a bound card (or the card), cs: a condition on a
	// bound card in set form (cardset.go); nil when it is neither.
	term *cardTerm
	cs   *condNode
	// fast is ev as a read and a comparison the set forms' loops do
	// themselves (no closure call), or nil.
	fast *fastTest
	// logic is an and/or that reads no bound card, kept in parts so a set
	// form it is an atom of takes it as a chain of atoms (atomCond).
	logic *logicParts
	// negOf is, for not a, a's ev (not a is 1 - a).
	negOf eval
	// vf: ev is a field of the card a seat's value holds, at a bound
	// seat (played[seat].suit), for a comparison to read in line.
	vf *varField
	// opd: ev is a read a comparison can do in line (operandOf), of a
	// kind no load names (stash[tester], chip_at[i]).
	opd *operand
	// guard: ev is an any answered from an earlier option's listing, or
	// not one, or not one and more (listGuard).
	guard *listGuard
}

// varField is vals[vars[b + slots[k]]] for a seat at the table (none for
// no card), get(s) for any other seat (which raises the error).
type varField struct {
	k, b int
	vals []int64
	none int64
	get  eval
}

// The closures that read a varField do so in line (the inliner finds a
// method too big); other is the read for a seat not at the table.
func (f *varField) other(s *state) int64 {
	if i := f.get(s); i >= 0 {
		return f.vals[i]
	}
	return f.none
}

// logicParts are the sides of an and (or an or).
type logicParts struct {
	and  bool
	a, b expr
}

// fastTest is an expression that reads one number x (a table value, or
// how many cards a table zone holds) and compares it with a constant:
// the comparison is x within lo..lo+span (modulo 2^64, as in
// valueRange), or not when neg, and the value 1 or 0; raw: the value is
// x itself. exact says that is its value; otherwise only whether it is 0
// is (not of a raw bool, 1 - x, is true when x != 1).
type fastTest struct {
	count, raw, neg bool // count: zlen[i], else vars[i]
	i               int
	lo              int64
	span            uint64
	exact           bool
}

// read is the number the test reads.
func (t *fastTest) read(s *state) int64 {
	if t.count {
		return int64(s.zlen[t.i])
	}
	return s.vars[t.i]
}

// holds is whether the test's value is not 0.
func (t *fastTest) holds(s *state) bool {
	x := t.read(s)
	return t.raw && x != 0 || !t.raw && (uint64(x-t.lo) <= t.span) != t.neg
}

// value is the test's value (for an exact one).
func (t *fastTest) value(s *state) int64 {
	x := t.read(s)
	if t.raw {
		return x
	}
	return b2i((uint64(x-t.lo) <= t.span) != t.neg)
}

// compareFast is the fastTest of cmpInt(op, x, v), x read from vars[i]
// (or zlen[i]).
func compareFast(count bool, i int, op int, v int64) *fastTest {
	t := &fastTest{count: count, i: i, exact: true}
	// Each comparison as x in [lo, hi] or not: x < v is not x >= v.
	lo, hi := v, v
	switch op {
	case cmpNe:
		t.neg = true
	case cmpLt, cmpGe:
		hi, t.neg = math.MaxInt64, op == cmpLt
	case cmpLe, cmpGt:
		if v == math.MaxInt64 {
			// x <= max always, x > max never: x in all of them, or not.
			lo, hi, t.neg = math.MinInt64, math.MaxInt64, op == cmpGt
		} else {
			lo, hi, t.neg = v+1, math.MaxInt64, op == cmpLe
		}
	}
	t.lo, t.span = lo, uint64(hi-lo)
	return t
}

// notFast is the fastTest of not e (1 - e), or nil.
func notFast(t *fastTest) *fastTest {
	switch {
	case t == nil || !t.exact:
		return nil
	case t.raw:
		n := compareFast(t.count, t.i, cmpNe, 1)
		n.exact = false // 1 - x is not 0 or 1 for every x
		return n
	}
	n := *t
	n.neg = !t.neg
	return &n
}

// zoneRef is a zone, whose seat (for a per-player zone) is an expression,
// and an optional filter on its cards.
type zoneRef struct {
	z     *zoneDecl
	owner eval
	// ownerSlot is the slot plus one when the seat is a bound name (read
	// directly: hands are looked up at every move), else 0.
	ownerSlot int
	filter    eval
	slot      int // the card bound in filter
	// ownerVar is the value's place plus one when the seat is a table
	// value (hand[turn]), read directly too; else 0.
	ownerVar int
	// known is the cards filter passes when it reads nothing but the
	// card (a constant set), else nil.
	known *cardSet
	// at is where the zone is named, for a seat not at the table.
	at finding.Pos
}

// inst is the zone instance the ref names on s: a table zone's at once
// (inlined), a seat's by seatInst.
func (r *zoneRef) inst(s *state) int {
	if r.owner == nil {
		return r.z.base
	}
	return r.seatInst(s)
}

func (r *zoneRef) seatInst(s *state) int {
	var p int64
	switch {
	case r.ownerSlot > 0:
		p = s.slots[r.ownerSlot-1]
	case r.ownerVar > 0:
		p = s.vars[r.ownerVar-1]
	default:
		p = r.owner(s)
	}
	if p < 0 || int(p) >= s.N {
		s.failAt(&r.at, "zone %s of %s, which is not a seat at the table", r.z.name, seatWord(p))
		return r.z.base
	}
	return r.z.base + int(p)
}

// scope binds names to slots while compiling.
type scope struct {
	up   *scope
	name string
	slot int
	t    typ
	// known, for an entry compiled once per entry (for_each unrolled),
	// is the entry plus one (0: not known).
	known int64
}

func (sc *scope) lookup(name string) *scope {
	for s := sc; s != nil; s = s.up {
		if s.name == name {
			return s
		}
	}
	return nil
}

// exprErr is a problem in an expression, at its byte offset.
type exprErr struct {
	code *finding.Code
	off  int
	msg  string
}

// exprCtx compiles one expression string: problems go to errs with their
// offsets; the caller turns them into findings at the string's position.
type exprCtx struct {
	g      *Game
	c      *compiler
	errs   []exprErr
	macros map[string]bool // defines being expanded (a loop is an error)
	// used logs the slot of every bound name resolved, in order: the
	// stretch logged while compiling a part is what that part reads of
	// the bound names, which proves a part independent of a card.
	used []int
	// src is the scalar whose text is compiled, in file: where a rules
	// error in play points.
	src  *yaml.Node
	file string
}

// site is where byte off of the expression is, for a rules error of
// operator op in play.
func (x *exprCtx) site(off int, op string) *site {
	if x.src == nil {
		return &site{op: op}
	}
	return &site{pos: offsetIn(x.file, x.src, off), op: op, src: x.src.Value}
}

// limit reports a limit the expression passes at byte off.
func (x *exprCtx) limit(off int, format string, args ...any) expr {
	x.errs = append(x.errs, exprErr{code: codeLimit, off: off, msg: fmt.Sprintf(format, args...)})
	return expr{t: typ{k: kBad}}
}

func (x *exprCtx) undefined(off int, format string, args ...any) expr {
	x.errs = append(x.errs, exprErr{code: codeUndefined, off: off, msg: fmt.Sprintf(format, args...)})
	return expr{t: typ{k: kBad}}
}

func (x *exprCtx) wrong(off int, format string, args ...any) expr {
	x.errs = append(x.errs, exprErr{code: codeType, off: off, msg: fmt.Sprintf(format, args...)})
	return expr{t: typ{k: kBad}}
}

func konst(t typ, v int64, off int) expr {
	return expr{t: t, konst: true, kv: v, ev: func(*state) int64 { return v }, off: off, pure: true}
}

// fold works e out before play when it reads only constants and one list
// entry (its parts): a constant, or a table with a value per entry, which
// costs one read in play. HEAT's effect amounts and aims fold so.
func (x *exprCtx) fold(e expr, parts ...expr) expr {
	if e.t.k == kBad || e.t.k == kLit || e.ev == nil {
		return e
	}
	var l *listDecl
	slot := -1
	for _, p := range parts {
		switch {
		case !p.pure:
			return e
		case p.elist == nil:
		case l == nil:
			l, slot = p.elist, p.eslot
		case p.elist != l || p.eslot != slot:
			return e
		}
	}
	// An evaluation that raises a rules error (arithmetic that leaves the
	// numbers, for some entry) is left to play, where it may never run.
	scratch := &state{slots: make([]int64, x.c.g.slots+1)}
	if l == nil {
		if v := e.ev(scratch); scratch.fault == "" {
			return konst(e.t, v, e.off)
		}
		return e
	}
	vals := make([]int64, l.start[len(l.start)-1])
	for i := range vals {
		scratch.slots[slot] = int64(i)
		if vals[i] = e.ev(scratch); scratch.fault != "" {
			return e
		}
	}
	return expr{t: e.t, ev: func(s *state) int64 { return vals[s.slots[slot]] }, off: e.off,
		load: loadTable, slot: slot, table: vals, pure: true, elist: l, eslot: slot}
}

func slotEval(k int) eval { return func(s *state) int64 { return s.slots[k] } }

const (
	loadNone uint8 = iota
	loadSlot
	loadTable
	loadVar    // a seat's value, vars[vbase + slots[slot]]
	loadGlobal // a table value, vars[vbase]
	loadCount  // how many cards a table zone holds, zlen[vbase]
)

// Comparison operators, as compare takes them.
const (
	cmpEq = iota
	cmpNe
	cmpLt
	cmpLe
	cmpGt
	cmpGe
)

var cmpCodes = map[string]int{"==": cmpEq, "!=": cmpNe, "<": cmpLt, "<=": cmpLe, ">": cmpGt, ">=": cmpGe}

func cmpInt(op int, x, y int64) int64 {
	var r bool
	switch op {
	case cmpEq:
		r = x == y
	case cmpNe:
		r = x != y
	case cmpLt:
		r = x < y
	case cmpLe:
		r = x <= y
	case cmpGt:
		r = x > y
	default:
		r = x >= y
	}
	if r {
		return 1
	}
	return 0
}

// flip is op with its operands swapped.
func flip(op int) int {
	switch op {
	case cmpLt:
		return cmpGt
	case cmpLe:
		return cmpGe
	case cmpGt:
		return cmpLt
	case cmpGe:
		return cmpLe
	}
	return op
}

// compare builds a comparison, reading a slot, a table at a slot or a
// constant directly where it can.
func compare(op int, a, b expr, off int) expr {
	t := typ{k: kBool}
	if a.konst && b.konst {
		return konst(t, cmpInt(op, a.kv, b.kv), off)
	}
	if a.konst {
		a, b, op = b, a, flip(op)
	}
	if b.konst {
		v := b.kv
		switch a.load {
		case loadSlot:
			k := a.slot
			return expr{t: t, ev: func(s *state) int64 { return cmpInt(op, s.slots[k], v) }, off: off}
		case loadTable:
			k, tab := a.slot, a.table
			return expr{t: t, ev: func(s *state) int64 { return cmpInt(op, tab[s.slots[k]], v) }, off: off}
		case loadGlobal:
			i := a.vbase
			return expr{t: t, ev: func(s *state) int64 { return cmpInt(op, s.vars[i], v) }, off: off,
				fast: compareFast(false, i, op, v)}
		case loadCount:
			i := a.vbase
			return expr{t: t, ev: func(s *state) int64 { return cmpInt(op, int64(s.zlen[i]), v) }, off: off,
				fast: compareFast(true, i, op, v)}
		}
		if oa, ok := operandOf(a); ok {
			// chip_at[i] == 0, stash[tester] > 0: the read without a
			// call of a.ev.
			return expr{t: t, ev: func(s *state) int64 { return cmpInt(op, oa.more(s), v) }, off: off}
		}
		f := a.ev
		return expr{t: t, ev: func(s *state) int64 { return cmpInt(op, f(s), v) }, off: off}
	}
	if a.load == loadGlobal && b.load == loadGlobal {
		// n < ndrawn: a loop's test over table values.
		i, j := a.vbase, b.vbase
		return expr{t: t, ev: func(s *state) int64 { return cmpInt(op, s.vars[i], s.vars[j]) }, off: off}
	}
	if a.load == loadSlot && b.load == loadSlot {
		i, j := a.slot, b.slot
		return expr{t: t, ev: func(s *state) int64 { return cmpInt(op, s.slots[i], s.slots[j]) }, off: off}
	}
	if a.load == loadTable && b.load == loadSlot {
		k, tab, j := a.slot, a.table, b.slot
		return expr{t: t, ev: func(s *state) int64 { return cmpInt(op, tab[s.slots[k]], s.slots[j]) }, off: off}
	}
	f, h := a.ev, b.ev
	if b.load == loadGlobal {
		// played[seat].suit == led: the table value read here (after a,
		// as h would be: reading has no effect).
		j := b.vbase
		if vf := a.vf; vf != nil {
			k, b, vals, none := vf.k, vf.b, vf.vals, vf.none
			return expr{t: t, ev: func(s *state) int64 {
				// vf.read in line (too big for the inliner)
				x := none
				if p := s.slots[k]; uint64(p) >= uint64(s.N) {
					x = vf.other(s)
				} else if i := s.vars[b+int(p)]; i >= 0 {
					x = vals[i]
				}
				return cmpInt(op, x, s.vars[j])
			}, off: off}
		}
		return expr{t: t, ev: func(s *state) int64 { return cmpInt(op, f(s), s.vars[j]) }, off: off}
	}
	oa, okA := operandOf(a)
	ob, okB := operandOf(b)
	if okA && okB {
		// i < nskill[player], pos[seat][at_job] == space: both reads in
		// line, a's first as before.
		return expr{t: t, ev: func(s *state) int64 {
			x := oa.get(s)
			return cmpInt(op, x, ob.get(s))
		}, off: off}
	}
	return expr{t: t, ev: func(s *state) int64 { return cmpInt(op, f(s), h(s)) }, off: off}
}

// compile checks and compiles n in scope sc.
func (x *exprCtx) compile(n *node, sc *scope) expr {
	switch n.Kind {
	case nNum:
		return konst(typ{k: kInt}, n.Num, n.Off)
	case nStr:
		return expr{t: typ{k: kLit}, lit: n.Name, off: n.Off}
	case nIdent:
		return x.ident(n, sc)
	case nUnary:
		a := x.compile(n.Args[0], sc)
		if n.Op == "not" {
			a = x.want(a, typ{k: kBool}, "not")
			f := a.ev
			r := x.fold(expr{t: typ{k: kBool}, ev: func(s *state) int64 { return 1 - f(s) }, off: n.Off}, a)
			if !r.konst {
				r.cs = notCond(a)
				r.fast, r.negOf = notFast(a.fast), f
				r.guard = a.guard.negated()
			}
			return r
		}
		a = x.want(a, typ{k: kInt}, "-")
		if a.konst {
			return x.number(-a.kv, n.Off, "-%d", a.kv)
		}
		f, at := a.ev, x.site(n.Off, "-")
		return x.fold(expr{t: typ{k: kInt}, ev: func(s *state) int64 {
			r := -f(s)
			if !inRange(r) {
				return s.overflow(at, r)
			}
			return r
		}, off: n.Off}, a)
	case nBinary:
		return x.binary(n, sc)
	case nIndex:
		return x.index(n, sc)
	case nField:
		return x.field(n, sc)
	case nCall:
		if aggregateCall(n) {
			return x.memoAggregate(n, sc)
		}
		return x.call(n, sc)
	case nTuple:
		return x.wrong(n.Off, "a list in parentheses only goes after in")
	}
	return expr{t: typ{k: kBad}}
}

func (x *exprCtx) ident(n *node, sc *scope) expr {
	switch n.Name {
	case "true":
		return konst(typ{k: kBool}, 1, n.Off)
	case "false":
		return konst(typ{k: kBool}, 0, n.Off)
	case "none":
		// none is a seat or a card; -1 either way, typed by its use.
		return expr{t: typ{k: kLit}, lit: "\x00none", off: n.Off}
	case "players":
		return expr{t: typ{k: kInt}, ev: func(s *state) int64 { return int64(s.N) }, off: n.Off}
	case "seats":
		return expr{t: typ{k: kSeats}, off: n.Off}
	}
	if b := sc.lookup(n.Name); b != nil {
		x.used = append(x.used, b.slot)
		return expr{t: b.t, ev: slotEval(b.slot), off: n.Off, load: loadSlot, slot: b.slot, known: b.known}
	}
	g := x.g
	if z, ok := x.c.zoneByName[n.Name]; ok {
		if z.perPlayer {
			return x.wrong(n.Off, "zone %s is one per seat: write %s[seat]", n.Name, n.Name)
		}
		return expr{t: typ{k: kZone}, zone: &zoneRef{z: z}, off: n.Off}
	}
	if v, ok := x.c.valueByName[n.Name]; ok {
		if v.size > 0 {
			return x.wrong(n.Off, "value %s holds %d items: write %s", n.Name, v.size, v.itemSyntax())
		}
		if v.perPlayer {
			return x.wrong(n.Off, "value %s is one per seat: write %s[seat]", n.Name, n.Name)
		}
		i := v.base
		return expr{t: v.t, ev: func(s *state) int64 { return s.vars[i] }, off: n.Off, load: loadGlobal, vbase: i,
			fast: &fastTest{i: i, raw: true, exact: true}}
	}
	if d, ok := x.c.defines[n.Name]; ok {
		return x.macro(n, d, sc)
	}
	if p, ok := g.data.Params[n.Name]; ok {
		return x.param(n, p.Value)
	}
	if name := n.Name; name == "player" || name == "card" || name == "value" || name == "seat" {
		return x.undefined(n.Off, "%s is not bound here (player: inside each_seat and a choice's options; card: in a card option, a filter or a zone aggregate; value: in a value option; seat: in a seats aggregate)", name)
	}
	if _, field := g.fields[n.Name]; field {
		// A card's field is always read after a card: card.points.
		return x.undefined(n.Off, "%s is a card field, not a zone, value, define or parameter: write card.%s (or c.%s for a card bound as c)", n.Name, n.Name, n.Name)
	}
	return x.undefined(n.Off, "%s is not a zone, value, define, parameter or bound name%s", n.Name, x.c.suggest(n.Name))
}

// macro expands a define where it is used: its names bind there.
func (x *exprCtx) macro(n *node, d *define, sc *scope) expr {
	if x.macros[n.Name] {
		return x.wrong(n.Off, "define %s uses itself", n.Name)
	}
	if d.tree == nil {
		return expr{t: typ{k: kBad}}
	}
	if x.macros == nil {
		x.macros = map[string]bool{}
	}
	x.macros[n.Name] = true
	inner := &exprCtx{g: x.g, c: x.c, macros: x.macros, used: x.used, src: d.at, file: d.file}
	e := inner.compile(d.tree, sc)
	x.used = inner.used // the define's names bind here: they are read here
	delete(x.macros, n.Name)
	if !d.reported {
		// Report inside the define, once, and say where it was first used.
		file := x.c.file
		x.c.file = d.file
		for _, err := range inner.errs {
			x.c.exprFinding(d.at, d.src, err, fmt.Sprintf(" (in define %s, used at %s)", n.Name, x.c.where))
		}
		x.c.file = file
		d.reported = len(inner.errs) > 0
	}
	if len(inner.errs) > 0 {
		return expr{t: typ{k: kBad}}
	}
	e.off = n.Off
	return e
}

func (x *exprCtx) param(n *node, v any) expr {
	switch v := v.(type) {
	case int:
		return x.number(int64(v), n.Off, "parameter %s", n.Name)
	case bool:
		b := int64(0)
		if v {
			b = 1
		}
		return konst(typ{k: kBool}, b, n.Off)
	case string:
		return expr{t: typ{k: kLit}, lit: v, off: n.Off}
	case []any:
		if len(v) > 0 {
			if _, ok := v[0].(map[string]any); ok {
				return x.records(n, v)
			}
		}
		e := expr{t: typ{k: kList}, off: n.Off, listInt: len(v) > 0}
		for _, item := range v {
			switch it := item.(type) {
			case int:
				if !inRange(int64(it)) {
					return x.limit(n.Off, "parameter %s holds %d: %s", n.Name, it, numbersText)
				}
				e.list = append(e.list, strconv.Itoa(it))
			case string:
				e.list = append(e.list, it)
				e.listInt = false
			default:
				return x.wrong(n.Off, "parameter %s is a list of %T; the rules read lists of numbers or names", n.Name, item)
			}
		}
		return e
	}
	return x.wrong(n.Off, "parameter %s is a %T; the rules read numbers, true/false, names and lists of them", n.Name, v)
}

// resolve gives a quoted name (or none) the type t wants; other
// expressions must have t already.
func (x *exprCtx) resolve(e expr, t typ) (expr, bool) {
	if e.t.k == kBad || t.k == kBad {
		return expr{t: typ{k: kBad}}, false
	}
	if e.t.k != kLit {
		return e, e.t.same(t)
	}
	if e.pend != nil {
		r := e.pend(t)
		return r, r.t.k != kBad
	}
	if e.lit == "\x00none" {
		if t.k == kSeat || t.k == kCard || t.k == kEnum {
			return konst(t, -1, e.off), true
		}
		x.wrong(e.off, "none is no seat, card or word here: this needs %s", t)
		return expr{t: typ{k: kBad}}, true
	}
	switch t.k {
	case kEnum:
		for i, v := range t.enum.values {
			if v == e.lit {
				return konst(t, int64(i), e.off), true
			}
		}
		x.undefined(e.off, "'%s' is not a value of %s (its values: %s)", e.lit, t.enum.name, strings.Join(t.enum.values, ", "))
		return expr{t: typ{k: kBad}}, true
	case kCard:
		for i, c := range x.g.cards {
			if c.id == e.lit {
				return konst(t, int64(i), e.off), true
			}
		}
		x.undefined(e.off, "'%s' is not a card id of this game", e.lit)
		return expr{t: typ{k: kBad}}, true
	case kStr:
		return konst(t, x.g.sym(e.lit), e.off), true
	}
	x.wrong(e.off, "'%s' is a name; this needs %s", e.lit, t)
	return expr{t: typ{k: kBad}}, true
}

// want checks e has type t (resolving a quoted name), reporting otherwise.
func (x *exprCtx) want(e expr, t typ, what string) expr {
	r, ok := x.resolve(e, t)
	if r.t.k == kBad {
		return expr{t: t, ev: func(*state) int64 { return 0 }}
	}
	if !ok {
		x.wrong(e.off, "%s needs %s, not %s", what, t, e.t)
		return expr{t: t, ev: func(*state) int64 { return 0 }}
	}
	return r
}

// unify gives two sides of a comparison one type.
func (x *exprCtx) unify(a, b expr, op string, off int) (expr, expr, bool) {
	if a.t.k == kBad || b.t.k == kBad {
		return a, b, false
	}
	if a.t.k == kLit && b.t.k == kLit {
		ra, _ := x.resolve(a, typ{k: kStr})
		rb, _ := x.resolve(b, typ{k: kStr})
		return ra, rb, ra.t.k != kBad && rb.t.k != kBad
	}
	if a.t.k == kLit {
		r, _ := x.resolve(a, b.t)
		return r, b, r.t.k != kBad
	}
	if b.t.k == kLit {
		r, _ := x.resolve(b, a.t)
		return a, r, r.t.k != kBad
	}
	if !a.t.same(b.t) {
		x.wrong(off, "%s compares %s with %s", op, a.t, b.t)
		return a, b, false
	}
	return a, b, true
}

func (x *exprCtx) binary(n *node, sc *scope) expr {
	if n.Op == "where" {
		return x.where(n, sc)
	}
	if n.Op == "in" {
		return x.in(x.compile(n.Args[0], sc), n.Args[1], sc, n.Off)
	}
	if n.Op == "as" {
		return x.wrong(n.Off, "as names what an aggregate binds: only in the first argument of count, sum, any, all, min, max, argmin or argmax")
	}
	m0 := len(x.used)
	a := x.compile(n.Args[0], sc)
	m1 := len(x.used)
	b := x.compile(n.Args[1], sc)
	usedA, usedB := x.used[m0:m1], x.used[m1:]
	bad := expr{t: typ{k: kBad}}
	switch n.Op {
	case "and", "or":
		a, b = x.want(a, typ{k: kBool}, n.Op), x.want(b, typ{k: kBool}, n.Op)
		// A side known before play decides or drops out.
		if a.konst {
			if a.kv == b2i(n.Op == "or") {
				return a
			}
			return b
		}
		if b.konst {
			if b.kv == b2i(n.Op == "and") {
				return a
			}
			return b // and false, or true: expressions have no side effects
		}
		f, h := a.ev, b.ev
		var r expr
		if n.Op == "and" {
			r = x.fold(expr{t: typ{k: kBool}, ev: func(s *state) int64 {
				if f(s) == 0 {
					return 0
				}
				return h(s)
			}, off: n.Off}, a, b)
		} else {
			r = x.fold(expr{t: typ{k: kBool}, ev: func(s *state) int64 {
				if f(s) != 0 {
					return 1
				}
				return h(s)
			}, off: n.Off}, a, b)
		}
		if !r.konst {
			if r.cs = logicCond(n.Op == "and", a, b, usedA, usedB); r.cs == nil && condOf(a) == nil && condOf(b) == nil {
				r.logic = &logicParts{and: n.Op == "and", a: a, b: b}
			}
			if n.Op == "and" {
				r.guard = a.guard.and(h)
			}
		}
		return r
	case "==", "!=":
		a, b, ok := x.unify(a, b, n.Op, n.Off)
		if !ok {
			return expr{t: typ{k: kBool}, ev: func(*state) int64 { return 0 }}
		}
		if a.t.k == kZone || a.t.k == kList || a.t.k == kSeats {
			return x.wrong(n.Off, "%s compares values, not %s", n.Op, a.t)
		}
		return x.compareSet(cmpCodes[n.Op], a, b, usedA, usedB, n.Off)
	case "<", "<=", ">", ">=":
		a, b = x.want(a, typ{k: kInt}, n.Op), x.want(b, typ{k: kInt}, n.Op)
		return x.compareSet(cmpCodes[n.Op], a, b, usedA, usedB, n.Off)
	case "+", "-", "*", "/", "%":
		a, b = x.want(a, typ{k: kInt}, n.Op), x.want(b, typ{k: kInt}, n.Op)
		return x.fold(x.arith(n.Op, a, b, n.Off), a, b)
	}
	return bad
}

// compareSet is a <op> b, with its set form when one side is a value of a
// bound card the other does not read.
func (x *exprCtx) compareSet(op int, a, b expr, usedA, usedB []int, off int) expr {
	r := x.fold(compare(op, a, b, off), a, b)
	if !r.konst {
		r.cs = x.compareCond(op, a, b, usedA, usedB)
	}
	return r
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// arith is a op b. Each result is checked against the rules' numbers:
// a constant one before play, the others as they are worked out.
func (x *exprCtx) arith(op string, a, b expr, off int) expr {
	if a.konst && b.konst {
		return x.number(arithConst(op, a.kv, b.kv), off, "%d %s %d", a.kv, op, b.kv)
	}
	f, h, at := a.ev, b.ev, x.site(off, op)
	var ev eval
	switch op {
	case "+":
		ev = func(s *state) int64 {
			r := f(s) + h(s)
			if !inRange(r) {
				return s.overflow(at, r)
			}
			return r
		}
	case "-":
		ev = func(s *state) int64 {
			r := f(s) - h(s)
			if !inRange(r) {
				return s.overflow(at, r)
			}
			return r
		}
	case "*":
		ev = func(s *state) int64 {
			r := f(s) * h(s)
			if !inRange(r) {
				return s.overflow(at, r)
			}
			return r
		}
	case "/":
		ev = func(s *state) int64 {
			// Both sides, left first, as every operator: a rules error in
			// the left one is one even when the right one is 0.
			n, d := f(s), h(s)
			if d == 0 {
				return 0
			}
			r := n / d // -2147483648 / -1 leaves the numbers
			if !inRange(r) {
				return s.overflow(at, r)
			}
			return r
		}
	default:
		ev = func(s *state) int64 { return modulo(f(s), h(s)) }
	}
	return expr{t: typ{k: kInt}, ev: ev, off: off}
}

// arithConst is a op b for two constants (of the rules' numbers: no
// int64 overflows).
func arithConst(op string, a, b int64) int64 {
	switch op {
	case "+":
		return a + b
	case "-":
		return a - b
	case "*":
		return a * b
	case "/":
		// Division by zero gives 0: a rule dividing by an empty count
		// should not stop the game.
		if b != 0 {
			return a / b
		}
		return 0
	}
	return modulo(a, b)
}

// modulo is a % b, never negative for a positive b; 0 for b = 0.
func modulo(a, b int64) int64 {
	if b == 0 {
		return 0
	}
	m := a % b
	if m < 0 {
		m += b
	}
	return m
}

// number is a constant worked out before play: one of the rules' numbers,
// or RULES_LIMIT at off (what says how it was worked out).
func (x *exprCtx) number(v int64, off int, what string, args ...any) expr {
	if !inRange(v) {
		return x.limit(off, "%s is %d: %s", fmt.Sprintf(what, args...), v, numbersText)
	}
	return konst(typ{k: kInt}, v, off)
}

// in is x in ('a', 'b') or x in list_parameter.
func (x *exprCtx) in(a expr, rn *node, sc *scope, off int) expr {
	var items []expr
	mark := len(x.used)
	if rn.Kind == nTuple {
		for _, it := range rn.Args {
			items = append(items, x.compile(it, sc))
		}
	} else {
		l := x.compile(rn, sc)
		if l.t.k == kBad {
			return l
		}
		if l.t.k != kList {
			return x.wrong(rn.Off, "in needs a list: ('a', 'b') or a list parameter, not %s", l.t)
		}
		for _, it := range l.list {
			if l.listInt {
				v, _ := strconv.Atoi(it)
				items = append(items, konst(typ{k: kInt}, int64(v), rn.Off))
			} else {
				items = append(items, expr{t: typ{k: kLit}, lit: it, off: rn.Off})
			}
		}
	}
	var evs []eval
	var resolved []expr
	for _, it := range items {
		l, r, ok := x.unify(a, it, "in", it.off)
		if !ok {
			return expr{t: typ{k: kBool}, ev: func(*state) int64 { return 0 }}
		}
		a = l
		evs = append(evs, r.ev)
		resolved = append(resolved, r)
	}
	f := a.ev
	return expr{t: typ{k: kBool}, ev: func(s *state) int64 {
		v := f(s)
		for _, e := range evs {
			if e(s) == v {
				return 1
			}
		}
		return 0
	}, off: off, cs: x.inCond(a, resolved, x.used[mark:])}
}

// where filters a zone: zone where cond, card bound in cond.
func (x *exprCtx) where(n *node, sc *scope) expr {
	z := x.compile(n.Args[0], sc)
	if z.t.k == kBad {
		return z
	}
	if z.t.k != kZone {
		return x.wrong(n.Off, "where filters a zone's cards, not %s", z.t)
	}
	slot := x.c.newSlot(false)
	cond := x.want(x.compile(n.Args[1], &scope{up: sc, name: "card", slot: slot, t: typ{k: kCard}}), typ{k: kBool}, "where")
	ref := *z.zone
	if ref.filter != nil {
		prev, prevSlot, f := ref.filter, ref.slot, cond.ev
		cond.ev = func(s *state) int64 {
			s.slots[prevSlot] = s.slots[slot]
			if prev(s) == 0 {
				return 0
			}
			return f(s)
		}
	}
	ref.known = nil
	if cs := condOf(cond); cs != nil && cs.op == cKnown && cs.slot == slot && ref.filter == nil {
		// A filter on the card alone (card.suit == 'clubs'): its cards.
		ref.known = &cs.known
	}
	ref.filter, ref.slot = cond.ev, slot
	return expr{t: typ{k: kZone}, zone: &ref, off: n.Off}
}

func (x *exprCtx) index(n *node, sc *scope) expr {
	base := n.Args[0]
	if v := x.sized(base, sc); v != nil {
		return x.item(n, v, sc)
	}
	if base.Kind == nField && n.Args[1].Kind == nNum {
		// An item's list of numbers, by position: chips[i].sides[0].
		return x.field(&node{Kind: nField, Args: base.Args, Op: base.Op + "[" + strconv.FormatInt(int64(n.Args[1].Num), 10) + "]", Off: base.Off, Num: base.Num}, sc)
	}
	if base.Kind == nIdent {
		if z, ok := x.c.zoneByName[base.Name]; ok && sc.lookup(base.Name) == nil {
			return x.seatsZone(n, z, sc)
		}
		if v, ok := x.c.valueByName[base.Name]; ok && sc.lookup(base.Name) == nil {
			return x.seatsValue(n, v, sc)
		}
	}
	l := x.compile(base, sc)
	if l.t.k == kBad {
		return l
	}
	return x.listItem(n, l, sc)
}

// seatsZone is zone[seat]: one seat's zone of a per-seat zone z.
func (x *exprCtx) seatsZone(n *node, z *zoneDecl, sc *scope) expr {
	base := n.Args[0]
	if !z.perPlayer {
		return x.wrong(n.Off, "zone %s is the table's, not one per seat: write %s", z.name, z.name)
	}
	seat := x.want(x.compile(n.Args[1], sc), typ{k: kSeat}, "a zone's seat")
	if x.noSeat(seat, n.Args[1]) {
		return expr{t: typ{k: kBad}}
	}
	ref := &zoneRef{z: z, owner: seat.ev, at: x.site(base.Off, "").pos}
	switch seat.load {
	case loadSlot:
		ref.ownerSlot = seat.slot + 1
	case loadGlobal:
		ref.ownerVar = seat.vbase + 1
	}
	return expr{t: typ{k: kZone}, zone: ref, off: base.Off}
}

// seatsValue is value[seat]: one seat's value of a per-seat value v.
func (x *exprCtx) seatsValue(n *node, v *valueDecl, sc *scope) expr {
	base := n.Args[0]
	if !v.perPlayer {
		return x.wrong(n.Off, "value %s is the table's, not one per seat: write %s", v.name, v.name)
	}
	if v.size > 0 {
		return x.wrong(n.Off, "value %s holds %d items a seat: write %s", v.name, v.size, v.itemSyntax())
	}
	seat := x.want(x.compile(n.Args[1], sc), typ{k: kSeat}, "a value's seat")
	if x.noSeat(seat, n.Args[1]) {
		return expr{t: typ{k: kBad}}
	}
	f, b, at := seat.ev, v.base, &x.site(base.Off, "").pos
	general := func(s *state) int64 {
		p := f(s)
		if p < 0 || int(p) >= s.N {
			s.failAt(at, "value %s of %s, which is not a seat at the table", v.name, seatWord(p))
			return 0
		}
		return s.vars[b+int(p)]
	}
	if seat.load == loadSlot {
		// A bound seat: read directly (values are read at every
		// move).
		k := seat.slot
		return expr{t: v.t, ev: func(s *state) int64 {
			if p := s.slots[k]; p >= 0 && p < int64(s.N) {
				return s.vars[b+int(p)]
			}
			return general(s)
		}, off: base.Off, load: loadVar, slot: k, vbase: b}
	}
	if seat.load == loadGlobal {
		// stash[tester]: the seat a table value holds, read directly.
		j := seat.vbase
		return expr{t: v.t, ev: func(s *state) int64 {
			if p := s.vars[j]; p >= 0 && p < int64(s.N) {
				return s.vars[b+int(p)]
			}
			return general(s)
		}, off: base.Off, opd: &operand{kind: opSeatVar, i: j, b: b, slow: general}}
	}
	return expr{t: v.t, ev: general, off: base.Off}
}

// listItem is list[i]: an item of a list parameter l (of mappings, of
// numbers, or of names whose type the item's use decides).
func (x *exprCtx) listItem(n *node, l expr, sc *scope) expr {
	base := n.Args[0]
	if l.t.k == kRecs {
		i := x.want(x.compile(n.Args[1], sc), typ{k: kInt}, "a list's position")
		f, size, at := i.ev, int64(l.t.rec.n), &x.site(n.Off, "").pos
		return expr{t: typ{k: kRec, rec: l.t.rec}, ev: func(s *state) int64 {
			k := f(s)
			if k < 0 || k >= size {
				s.failAt(at, "list position %d is outside its %d items", k, size)
				return 0
			}
			return k
		}, off: n.Off}
	}
	if l.t.k != kList {
		return x.wrong(n.Off, "[ ] takes a seat of a per-seat zone or value, or an item of a list parameter; %s is %s", describe(base), l.t)
	}
	i := x.want(x.compile(n.Args[1], sc), typ{k: kInt}, "a list's position")
	if len(l.list) == 0 {
		return x.wrong(n.Off, "the list is empty")
	}
	f, pos := i.ev, &x.site(n.Off, "").pos
	at := func(vals []int64, t typ) expr {
		return expr{t: t, ev: func(s *state) int64 {
			k := f(s)
			if k < 0 || k >= int64(len(vals)) {
				s.failAt(pos, "list position %d is outside its %d items", k, len(vals))
				return vals[0]
			}
			return vals[k]
		}, off: n.Off}
	}
	if l.listInt {
		vals := make([]int64, len(l.list))
		for k, it := range l.list {
			v, _ := strconv.Atoi(it)
			vals[k] = int64(v)
		}
		return at(vals, typ{k: kInt})
	}
	// A list of names: each item takes the type the item's use wants (a
	// suit, a card id, a plain name), checked here.
	return expr{t: typ{k: kLit}, lit: "an item of " + describe(base), off: n.Off, pend: func(t typ) expr {
		vals := make([]int64, len(l.list))
		for k, it := range l.list {
			r, _ := x.resolve(expr{t: typ{k: kLit}, lit: it, off: n.Off}, t)
			if r.t.k == kBad {
				return r
			}
			vals[k] = r.kv
		}
		return at(vals, t)
	}}
}

func describe(n *node) string {
	if n.Kind == nIdent {
		return n.Name
	}
	return "this"
}

func (x *exprCtx) field(n *node, sc *scope) expr {
	c := x.compile(n.Args[0], sc)
	switch c.t.k {
	case kBad:
		return c
	case kEntry:
		return x.entryField(c, n)
	case kRec:
		vals, ok := c.t.rec.keys[n.Op]
		if !ok {
			return x.undefined(int(n.Num), "the items of %s have no %s", c.t.rec.name, n.Op)
		}
		get := c.ev
		if c.load == loadSlot {
			// An item's number: pure in the item, so a sum over the
			// items is worked out before play.
			slot := c.slot
			return expr{t: typ{k: kInt}, ev: func(s *state) int64 { return vals[s.slots[slot]] }, off: n.Off,
				load: loadTable, slot: slot, table: vals, pure: true, elist: c.t.rec.items, eslot: slot}
		}
		return expr{t: typ{k: kInt}, ev: func(s *state) int64 { return vals[get(s)] }, off: n.Off}
	}
	c = x.want(c, typ{k: kCard}, "."+n.Op)
	if l, ok := x.g.lists[n.Op]; ok {
		return expr{t: typ{k: kEntries, list: l}, ev: c.ev, off: n.Off, load: c.load, slot: c.slot, vbase: c.vbase}
	}
	f, ok := x.g.fields[n.Op]
	if !ok {
		var names []string
		for name := range x.g.fields {
			names = append(names, name)
		}
		sort.Strings(names)
		return x.undefined(int(n.Num), "cards have no field %s the rules can read (theirs: %s)", n.Op, strings.Join(names, ", "))
	}
	get, vals := c.ev, f.vals
	none := int64(-1)
	if f.t.k != kEnum {
		none = 0
	}
	var term *cardTerm
	if c.load == loadSlot {
		if ix := x.g.fieldIndex(f); ix != nil {
			term = &cardTerm{slot: c.slot, ix: ix, vals: vals}
		}
		// A bound card's field: the slot read here, not through get.
		k := c.slot
		return expr{t: f.t, ev: func(s *state) int64 {
			if i := s.slots[k]; i >= 0 {
				return vals[i]
			}
			return none
		}, off: n.Off, term: term}
	}
	if c.load == loadVar {
		// A field of the card a seat's value holds (played[seat].suit):
		// the value read here for a seat at the table, through get (which
		// raises the error) for any other.
		vf := &varField{k: c.slot, b: c.vbase, vals: vals, none: none, get: get}
		k, b := c.slot, c.vbase
		return expr{t: f.t, ev: func(s *state) int64 {
			if p := s.slots[k]; uint64(p) >= uint64(s.N) {
				return vf.other(s)
			} else if i := s.vars[b+int(p)]; i >= 0 {
				return vals[i]
			}
			return none
		}, off: n.Off, term: term, vf: vf}
	}
	return expr{t: f.t, ev: func(s *state) int64 {
		i := get(s)
		if i < 0 {
			return none
		}
		return vals[i]
	}, off: n.Off, term: term}
}

// sym interns a string for comparison at run time.
func (g *Game) sym(s string) int64 {
	if v, ok := g.syms[s]; ok {
		return v
	}
	v := int64(len(g.syms))
	g.syms[s] = v
	return v
}

// entryField is a key of a list entry: effect.gain, or effect.if begun
// and effect.if.stage finished.
func (x *exprCtx) entryField(e expr, n *node) expr {
	l, path := e.t.list, n.Op
	if e.t.path != "" {
		path = e.t.path + "." + n.Op
	}
	if k, ok := l.keys[path]; ok {
		get, vals := e.ev, k.vals
		if e.known > 0 {
			return konst(k.t, vals[e.known-1], n.Off)
		}
		if e.load == loadSlot {
			slot := e.slot
			return expr{t: k.t, ev: func(s *state) int64 { return vals[s.slots[slot]] }, off: n.Off, load: loadTable, slot: slot, table: vals,
				pure: true, elist: l, eslot: slot}
		}
		return expr{t: k.t, ev: func(s *state) int64 { return vals[get(s)] }, off: n.Off}
	}
	for key := range l.keys {
		if strings.HasPrefix(key, path+".") {
			return expr{t: typ{k: kEntry, list: l, path: path}, ev: e.ev, off: n.Off, load: e.load, slot: e.slot, known: e.known}
		}
	}
	return x.undefined(int(n.Num), "the entries of %s have no %s (its keys: %s)", l.name, path, l.keyNames())
}

// records is a list parameter of mappings of numbers, by key.
func (x *exprCtx) records(n *node, items []any) expr {
	r := &paramRecords{name: n.Name, n: len(items), keys: map[string][]int64{}, items: &listDecl{name: n.Name, start: []int32{0, int32(len(items))}}}
	for i, it := range items {
		m, ok := it.(map[string]any)
		if !ok {
			return x.wrong(n.Off, "parameter %s mixes mappings with other items", n.Name)
		}
		for k, v := range m {
			vals, ok := r.keys[k]
			if !ok {
				vals = make([]int64, len(items))
				r.keys[k] = vals
			}
			switch v := v.(type) {
			case int:
				if !inRange(int64(v)) {
					return x.limit(n.Off, "parameter %s holds %s: %d: %s", n.Name, k, v, numbersText)
				}
				vals[i] = int64(v)
			case bool:
				vals[i] = b2i(v)
			case string:
				// A name (Mice Heist's chip colours) is for people: the
				// rules read the item's numbers.
				delete(r.keys, k)
			case []any:
				// A list of numbers (a chip's two sides) is read by
				// position: chips[i].sides[0].
				delete(r.keys, k)
				for j, e := range v {
					num, ok := e.(int)
					if !ok || !inRange(int64(num)) {
						return x.wrong(n.Off, "parameter %s: the rules read numbers in its items' lists, not %s: %v", n.Name, k, v)
					}
					key := k + "[" + strconv.Itoa(j) + "]"
					if r.keys[key] == nil {
						r.keys[key] = make([]int64, len(items))
					}
					r.keys[key][i] = int64(num)
				}
			default:
				return x.wrong(n.Off, "parameter %s: the rules read numbers in its items, not %s: %v", n.Name, k, v)
			}
		}
	}
	return expr{t: typ{k: kRecs, rec: r}, off: n.Off}
}

// sized is the value with a size that x[i] (or x[seat][i]) indexes, with
// base the x (or x[seat]) of n, or nil.
func (x *exprCtx) sized(base *node, sc *scope) *valueDecl {
	name := base
	if base.Kind == nIndex {
		name = base.Args[0]
	}
	if name.Kind != nIdent || sc.lookup(name.Name) != nil {
		return nil
	}
	v := x.c.valueByName[name.Name]
	if v == nil || v.size == 0 || v.perPlayer != (base.Kind == nIndex) {
		return nil
	}
	return v
}

// itemSyntax is how an item of v is written.
func (v *valueDecl) itemSyntax() string {
	if v.perPlayer {
		return v.name + "[seat][i]"
	}
	return v.name + "[i]"
}

// item reads x[i] or x[seat][i] (n), an item of v counted from 0.
func (x *exprCtx) item(n *node, v *valueDecl, sc *scope) expr {
	place, ref := x.itemPlace(n, v, sc)
	if place == nil {
		return expr{t: typ{k: kBad}}
	}
	if ref != nil {
		// chip_at[i], covered[tester][0]: Mice Heist's loops read such
		// items at every step, so the reads are in line.
		return expr{t: v.t, ev: func(s *state) int64 {
			if k, ok := ref.place(s); ok {
				return s.vars[k]
			}
			return 0
		}, off: n.Off, opd: &operand{kind: opItem, ref: ref}}
	}
	return expr{t: v.t, ev: func(s *state) int64 {
		if k, ok := place(s); ok {
			return s.vars[k]
		}
		return 0
	}, off: n.Off}
}

// operand is a number read without a call: a constant, a table value
// or a bound name.
type operand struct {
	kind uint8 // opConst, opVar, opSlot, opSeatSlot, opSeatVar, opItem
	i    int
	v    int64
	b    int      // opSeatSlot, opSeatVar: the value's first place
	slow eval     // opSeatSlot, opSeatVar: the read for a seat not at the table (which fails)
	ref  *itemRef // opItem
}

const (
	opConst    = iota + 1
	opVar      // vars[i]
	opSlot     // slots[i]
	opSeatSlot // vars[b + slots[i]], a seat's value at a bound seat
	opSeatVar  // vars[b + vars[i]], a seat's value at a table value's seat
	opItem     // an item (itemRef)
)

// operandOf is e as an operand, when it is one (ok).
func operandOf(e expr) (o operand, ok bool) {
	switch {
	case e.konst:
		return operand{kind: opConst, v: e.kv}, true
	case e.load == loadGlobal:
		return operand{kind: opVar, i: e.vbase}, true
	case e.load == loadSlot:
		return operand{kind: opSlot, i: e.slot}, true
	case e.load == loadVar:
		return operand{kind: opSeatSlot, i: e.slot, b: e.vbase, slow: e.ev}, true
	case e.opd != nil:
		return *e.opd, true
	}
	return operand{}, false
}

// get reads o: a table value in line (small enough to inline), the
// rest by more.
func (o *operand) get(s *state) int64 {
	if o.kind == opVar {
		return s.vars[o.i]
	}
	return o.more(s)
}

func (o *operand) more(s *state) int64 {
	switch o.kind {
	case opConst:
		return o.v
	case opVar:
		return s.vars[o.i]
	case opSlot:
		return s.slots[o.i]
	case opSeatSlot:
		if p := s.slots[o.i]; uint64(p) < uint64(s.N) {
			return s.vars[o.b+int(p)]
		}
	case opSeatVar:
		if p := s.vars[o.i]; uint64(p) < uint64(s.N) {
			return s.vars[o.b+int(p)]
		}
	case opItem:
		if k, ok := o.ref.place(s); ok {
			return s.vars[k]
		}
		return 0
	}
	return o.slow(s)
}

// itemRef is an item whose number and seat are operands: its place is
// found without a call.
type itemRef struct {
	v         *valueDecl
	idx, seat operand
	at        *finding.Pos
}

// place is itemPlace's function for r: the same checks, in the same
// order, and the same errors.
func (r *itemRef) place(s *state) (int, bool) {
	v := r.v
	k, size := r.idx.get(s), int64(v.size)
	if k < 0 || k >= size {
		s.failAt(r.at, "item %d of value %s, which holds items 0 to %d", k, v.name, size-1)
		return 0, false
	}
	if !v.perPlayer {
		return v.base + int(k), true
	}
	p := r.seat.get(s)
	if p < 0 || p >= int64(s.N) {
		s.failAt(r.at, "value %s of %s, which is not a seat at the table", v.name, seatWord(p))
		return 0, false
	}
	return v.base + int(p)*v.size + int(k), true
}

// itemPlace compiles where item n of v lies in a state's values; its
// function fails the game (false) for an item or seat out of range. ref
// is the same place without calls when the item's number and seat are
// operands, else nil.
func (x *exprCtx) itemPlace(n *node, v *valueDecl, sc *scope) (place func(s *state) (int, bool), ref *itemRef) {
	i := x.want(x.compile(n.Args[1], sc), typ{k: kInt}, "an item's number")
	var seat eval
	var p expr
	if v.perPlayer {
		p = x.want(x.compile(n.Args[0].Args[1], sc), typ{k: kSeat}, "a value's seat")
		if x.noSeat(p, n.Args[0].Args[1]) {
			return nil, nil
		}
		seat = p.ev
	}
	if i.t.k == kBad || i.ev == nil {
		return nil, nil
	}
	f, b, size, at := i.ev, v.base, int64(v.size), &x.site(n.Off, "").pos
	if idx, ok := operandOf(i); ok {
		ref = &itemRef{v: v, idx: idx, at: at}
		if v.perPlayer {
			if ref.seat, ok = operandOf(p); !ok {
				ref = nil
			}
		}
	}
	return func(s *state) (int, bool) {
		k := f(s)
		if k < 0 || k >= size {
			s.failAt(at, "item %d of value %s, which holds items 0 to %d", k, v.name, size-1)
			return 0, false
		}
		if seat == nil {
			return b + int(k), true
		}
		p := seat(s)
		if p < 0 || p >= int64(s.N) {
			s.failAt(at, "value %s of %s, which is not a seat at the table", v.name, seatWord(p))
			return 0, false
		}
		return b + int(p)*int(size) + int(k), true
	}, ref
}
