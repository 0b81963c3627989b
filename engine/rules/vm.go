package rules

// A block of statements that never wait, lowered to instructions: the
// common shapes (a set of a table value, a seat's value or an item by a
// constant or a plain read; an if or a while on a comparison of two
// plain reads) run in one loop over an array, with no call per statement
// or per operand; any other statement is one instruction that calls its
// compiled function (action). The twins' loops (Mice Heist's chip search:
// while pick > 0, i += 1, if chip_at[i] == 0 then pick -= 1) are made of
// these shapes and run a few of them per move.
//
// A block runs as its functions would, step for step: the same values
// read in the same order, the same rules errors at the same places, the
// same steps counted against maxSteps. It stops at once when the game
// ends or fails (the functions' lists stop before their next statement;
// what a failed game's state holds after its fault is not compared).
type vmCode []vmIns

type vmOp uint8

const (
	vmCall    vmOp = iota // fn(s), stopping if the game ended
	vmJump                // to jmp
	vmSetK                // vars[i] = k
	vmAddK                // vars[i] += k (k negated for -=)
	vmSetRead             // vars[i] = a
	vmAddRead             // vars[i] += a
	vmSubRead             // vars[i] -= a
	vmSetAt               // any other set of a lowered shape (vmSetAt's function)
	vmRound               // a while's round counted (state.loop), stopping when out of steps
	vmSetRow              // vars[base + vars[i]] = k (+= k for cmp '+'), vars[i] below size (else doSet)
	vmSetSeat             // vars[i + slots[base]] (vars[base] when neg) op= a, at a seat (else doSet)
	// The tests (vmBranch says where each goes): whether
	vmTestVar  // vars[i] is in range (lo, span, neg)
	vmTestLen  // zlen[i] is in range
	vmTestItem // vars[ref's place] is in range
	vmTestRow  // vars[base + vars[i]] is in range, vars[i] below size (else as vmTestItem)
	vmTestRead // a is in range
	vmTestCmp  // a cmp b
	vmTestEval // fn's expression (ev) is not 0
)

// vmIns is one instruction; which fields it uses is its op's.
type vmIns struct {
	op  vmOp
	neg bool // a test: the range's complement
	// back: a test that jumps when it holds (a while's at the end of its
	// body, an or's first side), else when it does not.
	back bool
	cmp  uint8 // vmUnlessCmp: the comparison (cmpEq ...)
	jmp  int32 // a test's or a jump's target
	i    int   // the value's place (vars or zlen)
	// k is a set's constant, or a test's range start (lo); span its
	// width (a fastTest's).
	k    int64
	span uint64
	a, b *operand
	so   *setOp
	ref  *itemRef
	// base and size: vmTestRow's value.
	base int
	size uint64
	at   *loopSite // a while's test: a round counted when it holds
	fn   action
	ev   eval
}

// run runs the block on s.
func (p vmCode) run(s *state) {
	for pc := 0; pc < len(p); {
		in := &p[pc]
		pc++
		switch in.op {
		case vmTestVar:
			h := (uint64(s.vars[in.i]-in.k) <= in.span) != in.neg
			if h && in.at != nil && !s.loop(in.at) {
				return
			}
			pc = in.next(h, pc)
		case vmAddK:
			if r := s.vars[in.i] + in.k; s.Log == nil && inRange(r) {
				s.vars[in.i] = r
			} else if s.doSet(in.so); s.mode != mRun {
				return
			}
		case vmSetK:
			if s.Log != nil {
				s.doSet(in.so)
			} else {
				s.vars[in.i] = in.k
			}
		case vmTestRow:
			// chip_at[i] == 0: the item read here, unless its number
			// is out of range (then as place finds it, which fails).
			x, ok := int64(0), true
			if k := s.vars[in.i]; uint64(k) < in.size {
				x = s.vars[in.base+int(k)]
			} else if x, ok = in.ref.read(s); !ok {
				return
			}
			h := (uint64(x-in.k) <= in.span) != in.neg
			if h && in.at != nil && !s.loop(in.at) {
				return
			}
			pc = in.next(h, pc)
		case vmTestItem:
			x, ok := in.ref.read(s)
			if !ok {
				return
			}
			if pc = s.vmBranch(in, (uint64(x-in.k) <= in.span) != in.neg, pc); pc < 0 {
				return
			}
		case vmSetRow:
			// chip_at[i] = 0: the item's place found here.
			if k := s.vars[in.i]; s.Log == nil && uint64(k) < in.size {
				j := in.base + int(k)
				if vmOp(in.cmp) == vmSetRead {
					s.vars[j] = in.k
					break
				}
				if r := s.vars[j] + in.k; inRange(r) {
					s.vars[j] = r
					break
				}
			}
			if s.doSet(in.so); s.mode != mRun {
				return
			}
		case vmJump:
			pc = int(in.jmp)
		case vmCall:
			if in.fn(s); s.mode != mRun {
				return
			}
		default:
			if pc = p.more(s, in, pc); pc < 0 {
				return
			}
		}
	}
}

// more runs the instructions run less often than run's: the next pc, or
// -1 to stop.
func (p vmCode) more(s *state, in *vmIns, pc int) int {
	switch in.op {
	case vmTestLen:
		return s.vmBranch(in, (uint64(int64(s.zlen[in.i])-in.k) <= in.span) != in.neg, pc)
	case vmTestRead:
		x := in.a.get(s)
		if s.mode != mRun {
			return -1
		}
		return s.vmBranch(in, (uint64(x-in.k) <= in.span) != in.neg, pc)
	case vmTestCmp:
		x := in.a.get(s)
		y := in.b.get(s)
		if s.mode != mRun {
			return -1
		}
		return s.vmBranch(in, cmpInt(int(in.cmp), x, y) != 0, pc)
	case vmSetRead, vmAddRead, vmSubRead:
		if s.Log != nil {
			s.doSet(in.so)
		} else {
			s.vmSetVar(in.i, in.op, in.a.get(s), in.so.at)
		}
	case vmSetAt:
		s.vmSetAt(in)
	case vmRound:
		s.loop(in.at)
	case vmSetSeat:
		s.vmSetSeat(in)
	case vmTestEval:
		x := in.ev(s)
		if s.mode != mRun {
			return -1
		}
		return s.vmBranch(in, x != 0, pc)
	}
	if s.mode != mRun {
		return -1
	}
	return pc
}

// vmBranch is where test in goes on from pc, h whether it holds: on
// into an if's branch or a while's body when it holds (a while's round
// counted: -1 to stop when out of steps), to jmp when not; a back test
// jumps back to its body when it holds. As nativeWhile's loop: test,
// count, body, test, count, ...
func (s *state) vmBranch(in *vmIns, h bool, pc int) int {
	if h && in.at != nil && !s.loop(in.at) {
		return -1
	}
	return in.next(h, pc)
}

// next is vmBranch's pc once the round is counted.
func (in *vmIns) next(h bool, pc int) int {
	if h == in.back {
		return int(in.jmp)
	}
	return pc
}

// vmSetVar applies a set's operation to value place i, v its number;
// as setVar.
func (s *state) vmSetVar(i int, op vmOp, v int64, at *site) {
	var r int64
	switch op {
	case vmAddRead:
		r = s.vars[i] + v
	case vmSubRead:
		r = s.vars[i] - v
	default:
		s.vars[i] = v
		return
	}
	if !inRange(r) {
		s.overflow(at, r)
		return
	}
	s.vars[i] = r
}

// vmSetAt is a set of an item, by a constant or a read (in.a): its
// place found as doSet finds it, then its number read.
func (s *state) vmSetAt(in *vmIns) {
	so := in.so
	if s.Log != nil {
		s.doSet(so)
		return
	}
	i, ok := so.ref.place(s)
	if !ok {
		return
	}
	s.vmSetVar(i, vmOp(in.cmp), in.a.get(s), so.at)
}

// vmSetSeat is a set of a seat's value at a bound seat or a table
// value's (bet[player] = 0, stash[tester] += bet[player]): the seat read
// first, then the number, as doSet; doSet for a seat not at the table
// (which fails) or when logging.
func (s *state) vmSetSeat(in *vmIns) {
	var p int64
	if in.neg {
		p = s.vars[in.base]
	} else {
		p = s.slots[in.base]
	}
	if s.Log != nil || uint64(p) >= uint64(s.N) {
		s.doSet(in.so)
		return
	}
	s.vmSetVar(in.i+int(p), vmOp(in.cmp), in.a.get(s), in.so.at)
}

// read is the item's number, false when its place fails (the game then
// has its rules error).
func (r *itemRef) read(s *state) (int64, bool) {
	k, ok := r.place(s)
	if !ok {
		return 0, false
	}
	return s.vars[k], true
}

// setOpOf is the vmOp of a set's operation (=, + or -).
func setOpOf(c byte) vmOp {
	switch c {
	case '+':
		return vmAddRead
	case '-':
		return vmSubRead
	}
	return vmSetRead
}

// lowerSet is a set as instructions, or nil when its shape has none.
func lowerSet(so *setOp) vmCode {
	val := so.valOpd
	if so.konst {
		val = &operand{kind: opConst, v: so.kv}
	}
	if val == nil {
		return nil
	}
	// vmSetAt, vmSetRow and vmSetSeat keep the operation in cmp.
	in := vmIns{so: so, i: so.v.base, a: val, cmp: uint8(setOpOf(so.op))}
	switch {
	case so.item != nil:
		if so.ref == nil {
			return nil
		}
		in.op = vmSetAt
		if r := so.ref; so.konst && r.idx.kind == opVar && !r.v.perPlayer {
			in.op, in.i, in.base, in.size, in.k = vmSetRow, r.idx.i, r.v.base, uint64(r.v.size), so.kv
			if so.op == '-' {
				in.k, in.cmp = -so.kv, uint8(vmAddRead)
			}
		}
	case so.seatSlot > 0:
		in.op, in.base = vmSetSeat, so.seatSlot-1
	case so.seatVar > 0:
		in.op, in.base, in.neg = vmSetSeat, so.seatVar-1, true
	case so.seat != nil:
		return nil
	case so.konst && so.op == '=':
		in.op, in.k = vmSetK, so.kv
	case so.konst:
		in.op, in.k = vmAddK, so.kv
		if so.op == '-' {
			in.k = -so.kv
		}
	default:
		in.op = setOpOf(so.op)
	}
	return vmCode{in}
}

// lowerTest is a test of e alone, which jumps when e does not hold, or
// false when e's shape has none: a fastTest, a comparison of two reads,
// or a read.
func lowerTest(e expr) (vmIns, bool) {
	if t := e.fast; t != nil {
		op := vmTestVar
		if t.count {
			op = vmTestLen
		}
		if t.raw {
			// x itself: it holds when not 0.
			return vmIns{op: op, i: t.i, k: 0, span: 0, neg: true}, true
		}
		return vmIns{op: op, i: t.i, k: t.lo, span: t.span, neg: t.neg}, true
	}
	c := e.cmpOf
	if c == nil {
		if o, ok := operandOf(e); ok && !e.konst && e.t.k == kBool {
			c = &cmpParts{op: cmpNe, a: o, b: operand{kind: opConst, v: 0}}
		} else {
			return vmIns{}, false
		}
	}
	if c.b.kind != opConst {
		return vmIns{op: vmTestCmp, cmp: uint8(c.op), a: &c.a, b: &c.b}, true
	}
	r := compareFast(false, 0, c.op, c.b.v)
	in := vmIns{op: vmTestRead, a: &c.a, k: r.lo, span: r.span, neg: r.neg}
	if r := c.a.ref; c.a.kind == opItem {
		in.op, in.ref = vmTestItem, r
		if r.idx.kind == opVar && !r.v.perPlayer {
			in.op, in.i, in.base, in.size = vmTestRow, r.idx.i, r.v.base, uint64(r.v.size)
		}
	}
	return in, true
}

// toExit is the jump target a condition's code leaves to be set: where
// it goes (lowerCond's when).
const toExit = -1

// lowerCond is condition e as tests that jump to toExit when e's value
// is when (true or false), else run on past their end: a test for each
// part lowerTest has one for, the part's function called for the others
// (false for a constant). An and or an or short-circuits as its function
// does.
func lowerCond(e expr, when bool) (vmCode, bool) {
	if in, ok := lowerTest(e); ok {
		in.back, in.jmp = when, toExit
		return vmCode{in}, true
	}
	l := e.sides
	if l == nil {
		if e.ev == nil || e.konst {
			return nil, false
		}
		// Any other condition: its function, called.
		return vmCode{{op: vmTestEval, ev: e.ev, back: when, jmp: toExit}}, true
	}
	// a and b: false as soon as a is; a or b: true as soon as a is.
	short := !l.and
	a, okA := lowerCond(l.a, short)
	b, okB := lowerCond(l.b, when)
	if !okA || !okB {
		return nil, false
	}
	if short != when {
		// a's short cut is not the exit: it skips b.
		patch(a, int32(len(a)+len(b)))
	}
	return appendCode(a, b), true
}

// patch sets the jumps code leaves to toExit to target.
func patch(code vmCode, target int32) {
	for k := range code {
		if code[k].jmp == toExit && code[k].op >= vmTestVar {
			code[k].jmp = target
		}
	}
}

// cmpParts is a comparison of two reads (b a constant when one side is).
type cmpParts struct {
	op   int
	a, b operand
}

// vmBlock joins pieces into instructions: a piece's code as it is, an
// action as a call.
func vmBlock(ps []piece) vmCode {
	var code vmCode
	for _, p := range ps {
		if p.code == nil {
			code = append(code, vmIns{op: vmCall, fn: p.act})
			continue
		}
		code = appendCode(code, p.code)
	}
	return code
}

// appendCode appends b to a, its jumps moved by a's length (those left
// to toExit stay so).
func appendCode(a, b vmCode) vmCode {
	base := int32(len(a))
	for _, in := range b {
		if (in.op == vmJump || in.op >= vmTestVar) && in.jmp != toExit {
			in.jmp += base
		}
		a = append(a, in)
	}
	return a
}

// piece is a statement compiled: its function (act), and instructions
// (code) when its shape has them; loops says code holds a loop.
type piece struct {
	act   action
	code  vmCode
	loops bool
}

// looping reports whether any piece's code holds a loop.
func looping(ps []piece) bool {
	for _, p := range ps {
		if p.loops {
			return true
		}
	}
	return false
}

// lowerIf is if e then else as instructions: e's tests, which jump to
// the else branch when e does not hold.
func lowerIf(e expr, then, els []piece) (vmCode, bool) {
	code, ok := lowerCond(e, false)
	if !ok {
		return nil, false
	}
	code = appendCode(code, vmBlock(then))
	if e := vmBlock(els); len(e) > 0 {
		code = append(code, vmIns{op: vmJump, jmp: int32(len(code) + 1 + len(e))})
		patch(code, int32(len(code)))
		return appendCode(code, e), true
	}
	patch(code, int32(len(code)))
	return code, true
}

// lowerWhile is while e do body as instructions. A lone test counts the
// round when it holds and is repeated at the body's end, where it jumps
// back to the body; else e's tests, the round counted (vmRound), the
// body, and a jump back to the tests. As nativeWhile's loop: test,
// count, body, test, count, ...
func lowerWhile(e expr, at *loopSite, body []piece) (vmCode, bool) {
	if test, ok := lowerTest(e); ok {
		test.at = at
		code := appendCode(vmCode{test}, vmBlock(body))
		back := test
		back.back, back.jmp = true, 1
		code = append(code, back)
		code[0].jmp = int32(len(code))
		return code, true
	}
	code, ok := lowerCond(e, false)
	if !ok {
		return nil, false
	}
	code = append(code, vmIns{op: vmRound, at: at})
	code = appendCode(code, vmBlock(body))
	code = append(code, vmIns{op: vmJump, jmp: 0})
	patch(code, int32(len(code)))
	return code, true
}
