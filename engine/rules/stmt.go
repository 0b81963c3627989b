package rules

import (
	"slices"
	"strings"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"

	"go.yaml.in/yaml/v3"
)

// The program: play compiles to a flat list of instructions with jumps,
// so a state is a program counter, a few slots and the table, and
// suspends at a decision with nothing on a Go stack.
type opcode uint8

const (
	opSet        opcode = iota // a value = / += / -= an expression
	opSetSlot                  // slot a = e
	opIncSlot                  // slot a++
	opJump                     // to a
	opJumpUnless               // to a when e is false
	opMove                     // cards from zone to zone (a chance move out of a shuffled pile)
	opCollect                  // every card in play into one zone
	opChoose                   // a decision: a seat's, or every seat's in secret
	opDispatch                 // after a secret choice: run seat (slot) 's option
	opEnd                      // the game ends now
	opLog                      // a line in the log
	opTally                    // add e to counter a
	opExec                     // run fn: statements that never wait for a decision, compiled to Go loops
	opDeal                     // deal: seat by seat, drawing as chance moves out of a shuffled pile
	opRoll                     // roll a die (e sides) into the value set names: a chance move
	// Made by thread (after compiling) or by repeat, for the loops around
	// every turn: the same steps as the instructions they stand for.
	opLoopLess    // to a unless slot b < slot c (a repeat's test)
	opIncJump     // slot a++, then to b: an opIncSlot and the opJump after it
	opJumpIncJump // an opJump to an opIncJump (at c): slot a++, then to b
	opIncTest     // an opIncJump to b, an opLoopLess on slot a: its test too
	opJumpIncTest // an opJumpIncJump likewise
)

type instr struct {
	op   opcode
	fn   action
	a    int
	b, c int
	e    eval
	set  *setOp
	mv   *moveOp
	deal *dealOp
	ch   *choice
	text string
	pos  finding.Pos
}

type setOp struct {
	v    *valueDecl
	seat eval // nil: a table value
	// item is the place of the item set in a value with a size (nil for
	// any other): x[i] or x[seat][i].
	item func(s *state) (int, bool)
	// konst says the value is known before play, kv (i += 1).
	konst bool
	kv    int64
	// ref is item without calls, when it is one (itemPlace), else nil.
	ref *itemRef
	// seatSlot is the seat's slot plus one when it is a bound name, else
	// 0; seatVar the value's place plus one when it is a table value
	// (played[turn]), else 0.
	seatSlot int
	seatVar  int
	op       byte // '=', '+', '-'
	val      eval
	// valVar is the value's place plus one when it is a bound seat's
	// value (loadVar: read directly), valSlot that seat's slot.
	valVar, valSlot int
	// fromSlot is the slot plus one when the value is a bound name
	// (played[turn] = card), else 0.
	fromSlot int
	// at is the operator, where += or -= leaving the numbers fails;
	// target the value set, where a seat not at the table does.
	at     *site
	target finding.Pos
}

type moveOp struct {
	from, to *zoneRef
	count    eval // nil: one card
	all      bool
	card     eval // nil: from the top (or at random out of a shuffled pile)
	// cardSlot is card's slot plus one when card is a bound card (the
	// chosen one, at every play), read directly; else 0.
	cardSlot int
	pos      finding.Pos // the statement or option, where a card not there fails
}

type optKind uint8

const (
	optCard optKind = iota
	optValue
	optAction
)

// choice is one choose statement.
type choice struct {
	id  string
	all bool // every seat decides in secret
	who eval
	// whoVar is the value's place plus one when who is a table value
	// (player: turn), read directly at every decision; else 0.
	whoVar int
	seat   int // slot bound to the deciding seat (player)
	loop   int // secret choice: slot of the seat being applied
	opts   []*option
	end    int // pc after the choice
	cont   int // secret choice: pc of the next seat
	pos    finding.Pos
	total  int // actions: the options' sizes added up
	// probed: some option has a condition, whose being legal is counted.
	probed bool
	// plays: some option plays a card (the statistics count the cards a
	// seat held and played); a card chosen into a zone only its owner sees
	// (a pass, a discard kept face down) is kept, not played.
	plays bool
	// maskOpt is the index plus one of the choice's only card option
	// when its condition is in set form for a game of at most 64 cards
	// (cardTest.narrow), else 0: its legal cards are then listed from a
	// mask, which legalNow keeps for the statistics (Tally.Choice).
	maskOpt int
	// numbers: some option offers numbers, whose ends are worked out as
	// the choice opens (openNumbers).
	numbers bool
	// jbase is where a secret choice keeps its picks in a state's joints.
	jbase int
}

type option struct {
	kind optKind
	name string
	zone *zoneRef  // card option
	enum *enumType // value option (nil: a seat, or a number when num is set)
	num  *numRange // number option: value: {from, to}
	cond eval
	// unless answers cond at a listing in line when it can (listGuard).
	unless *listGuard
	// set is cond in set form (cardset.go) for a card option over a zone
	// without a filter, or nil.
	set   *cardTest
	slot  int // card or value bound
	base  int
	size  int
	start int
	pos   finding.Pos
	probe int // its engine.Info.Expected, when it has a condition; else -1
	// bind and node are for compiling the option's body.
	bind *scope
	node *yaml.Node
	// zoneTree and condTree are a card option's card: and if:, parsed,
	// for listedAs; listed says an any of a later option asks what it
	// lists.
	zoneTree, condTree *node
	listed             bool
}

func (c *compiler) emit(in instr) int {
	c.g.code = append(c.g.code, in)
	return len(c.g.code) - 1
}

func (c *compiler) pc() int { return len(c.g.code) }

// thread joins the steps at the end of a loop's body (count, jump back)
// into one instruction each, and a jump that lands on them (an option's
// exit) too; the program keeps every instruction where it was, so a pc
// still means what it meant. run counts the steps they stand for.
func (c *compiler) thread() {
	code := c.g.code
	for k := 0; k+1 < len(code); k++ {
		if code[k].op == opIncSlot && code[k+1].op == opJump {
			code[k].op, code[k].b = opIncJump, code[k+1].a
		}
	}
	for k := range code {
		if t := code[k].a; code[k].op == opJump && t < len(code) && code[t].op == opIncJump {
			code[k].op, code[k].a, code[k].b, code[k].c = opJumpIncJump, code[t].a, code[t].b, t
		}
	}
	// A repeat's count and jump back, and its test at the top.
	for k := range code {
		in := &code[k]
		if t := in.b; (in.op == opIncJump || in.op == opJumpIncJump) && t < len(code) && code[t].op == opLoopLess && code[t].b == in.a {
			if in.op == opIncJump {
				in.op = opIncTest
			} else {
				in.op = opJumpIncTest
			}
		}
	}
}

func (c *compiler) block(list *yaml.Node, sc *scope) {
	if list == nil {
		return
	}
	if list.Kind != yaml.SequenceNode {
		c.report(codeStructure.At(c.at(list), "expected a list of statements"))
		return
	}
	// Statements that never wait for a decision run as Go code, a run of
	// them as one instruction; the rest are the program's instructions.
	var run []*yaml.Node
	flush := func() {
		if len(run) > 0 {
			w := c.weigh(&yaml.Node{Kind: yaml.SequenceNode, Content: run})
			c.emit(instr{op: opExec, fn: c.nativeList(c.nativeSteps(run, sc)), a: w - 1, pos: c.at(run[0])})
			run = nil
		}
	}
	for _, n := range list.Content {
		if c.suspends(n) {
			flush()
			c.stmt(n, sc)
			continue
		}
		run = append(run, n)
	}
	flush()
}

// stmtKeys are the statements, by the key that names each.
var stmtKeys = []string{"set", "if", "while", "repeat", "each_seat", "each_value", "for_each", "move", "deal", "collect", "choose", "roll", "end", "tally", "log", "show"}

// stmt compiles one statement into the program.
func (c *compiler) stmt(n *yaml.Node, sc *scope) {
	kind := stmtKind(n)
	v := get(n, kind)
	pos := c.at(n)
	switch kind {
	case "set":
		if so := c.setOp(v, sc); so != nil {
			c.emit(instr{op: opSet, set: so, pos: c.at(v)})
		}
	case "if":
		c.ifStmt(n, v, sc)
	case "while":
		c.whileStmt(n, v, sc)
	case "repeat":
		c.repeatStmt(n, v, sc)
	case "each_seat":
		name := c.seatName(n)
		top := c.pc()
		c.eachSeat(c.expr(v, sc, typ{k: kSeat}, "each_seat").ev, c.seatCount(n, sc), name, sc, func(inner *scope) { c.block(get(n, "do"), inner) })
		c.loop(top, n, kind)
	case "for_each":
		top := c.pc()
		c.forEach(n, v, sc)
		c.loop(top, n, kind)
	case "each_value":
		top := c.pc()
		c.eachValue(n, v, sc)
		c.loop(top, n, kind)
	case "move":
		if mv := c.moveOp(v, sc); mv != nil {
			c.emit(instr{op: opMove, mv: mv, pos: pos})
		}
	case "deal":
		if d := c.dealOp(v, sc); d != nil {
			c.emit(instr{op: opDeal, deal: d, pos: pos})
		}
	case "collect":
		if z := c.zoneExpr(v, sc, "collect"); z != nil {
			c.emit(instr{op: opCollect, mv: &moveOp{to: z}, pos: pos})
		}
	case "choose":
		c.choose(v, sc)
	case "roll":
		c.rollStmt(n, v, sc)
	case "end":
		c.endCause(v.Value)
		in := instr{op: opEnd, text: v.Value, pos: pos}
		if w := get(n, "winners"); w != nil {
			in.a = 1 // nobody wins
		}
		c.emit(in)
	case "log":
		c.emit(instr{op: opLog, text: v.Value, pos: pos})
	case "tally":
		if k, by, ok := c.tallyOp(n, v, sc); ok {
			c.emit(instr{op: opTally, a: k, e: by, pos: pos})
		}
	default:
		c.report(codeStructure.At(pos, "a statement starts with one of %s", strings.Join(stmtKeys, ", ")))
	}
}

// seatName is the name each_seat binds the seat to: its as:, or player.
func (c *compiler) seatName(n *yaml.Node) string {
	if as := get(n, "as"); as != nil && c.bindable(as, true) {
		return as.Value
	}
	return "player"
}

// tallyOp is tally's counter and what it adds (by:, 1 without).
func (c *compiler) tallyOp(n, v *yaml.Node, sc *scope) (int, eval, bool) {
	k := slices.Index(c.g.counters, v.Value)
	if k < 0 {
		c.report(codeUndefined.At(c.at(v), "tally counts a counter declared in counters, not %q", v.Value))
		return 0, nil, false
	}
	by := eval(func(*state) int64 { return 1 })
	if b := get(n, "by"); b != nil {
		by = c.expr(b, sc, typ{k: kInt}, "by").ev
	}
	return k, by, true
}

// ifStmt compiles if: v, then: and else: as jumps round the branches.
func (c *compiler) ifStmt(n, v *yaml.Node, sc *scope) {
	pos := c.at(n)
	cond := c.expr(v, sc, typ{k: kBool}, "if")
	skip := c.emit(instr{op: opJumpUnless, e: cond.ev, pos: pos})
	c.block(get(n, "then"), sc)
	if els := get(n, "else"); els != nil {
		out := c.emit(instr{op: opJump})
		c.g.code[skip].a = c.pc()
		c.block(els, sc)
		c.g.code[out].a = c.pc()
		return
	}
	c.g.code[skip].a = c.pc()
}

// whileStmt compiles while: v, do: as a test at the top and a jump back.
func (c *compiler) whileStmt(n, v *yaml.Node, sc *scope) {
	top := c.pc()
	cond := c.expr(v, sc, typ{k: kBool}, "while")
	exit := c.emit(instr{op: opJumpUnless, e: cond.ev, pos: c.at(n)})
	c.block(get(n, "do"), sc)
	c.emit(instr{op: opJump, a: top})
	c.g.code[exit].a = c.pc()
	c.loop(top, n, "while")
}

// repeatStmt compiles repeat: v, do: with its count and counter in slots.
func (c *compiler) repeatStmt(n, v *yaml.Node, sc *scope) {
	times := c.repeatCount(v, sc)
	limit, i := c.newSlot(false), c.newSlot(false)
	c.emit(instr{op: opSetSlot, a: limit, e: times})
	c.emit(instr{op: opSetSlot, a: i, e: func(*state) int64 { return 0 }})
	top := c.pc()
	exit := c.emit(instr{op: opLoopLess, b: i, c: limit})
	c.block(get(n, "do"), sc)
	c.emit(instr{op: opIncSlot, a: i})
	c.emit(instr{op: opJump, a: top})
	c.g.code[exit].a = c.pc()
	c.loop(top, n, "repeat")
}

// rollStmt compiles roll: "die[player]", sides: k: it sets an int value
// to a die's side.
func (c *compiler) rollStmt(n, v *yaml.Node, sc *scope) {
	pos := c.at(n)
	if so := c.setOp(&yaml.Node{Kind: yaml.ScalarNode, Value: v.Value + " = 0", Line: v.Line, Column: v.Column, Style: v.Style}, sc); so != nil {
		if so.v.t.k != kInt {
			c.report(codeType.At(c.at(v), "roll sets a number; %s is %s", so.v.name, so.v.t))
			return
		}
		sides := eval(func(*state) int64 { return 6 })
		if n := get(n, "sides"); n != nil {
			e := c.expr(n, sc, typ{k: kInt}, "sides")
			if e.konst && (e.kv < 1 || e.kv > maxSides) {
				c.report(codeLimit.At(c.at(n), "a die of %d sides: a die has 1 to %d", e.kv, maxSides))
			}
			sides = e.ev
		}
		c.emit(instr{op: opRoll, set: so, e: sides, pos: pos})
	}
}

// eachSeat emits a loop over every seat, clockwise from first, with the
// seat bound to name in body.
func (c *compiler) eachSeat(first, count eval, name string, sc *scope, body func(*scope)) {
	from, i, p := c.newSlot(false), c.newSlot(false), c.newSlot(false)
	visits := c.newSlot(false)
	c.emit(instr{op: opSetSlot, a: from, e: func(s *state) int64 { return max(0, first(s)) }})
	// count is worked out once, when the loop starts (as native.go's
	// loop does): a body that changes what it reads does not change the
	// seats visited.
	c.emit(instr{op: opSetSlot, a: visits, e: func(s *state) int64 { return seatsToVisit(s, count) }})
	c.emit(instr{op: opSetSlot, a: i, e: func(*state) int64 { return 0 }})
	top := c.pc()
	exit := c.emit(instr{op: opJumpUnless, e: func(s *state) int64 { return b2i(s.slots[i] < s.slots[visits]) }})
	c.emit(instr{op: opSetSlot, a: p, e: func(s *state) int64 { return (s.slots[from] + s.slots[i]) % int64(s.N) }})
	body(&scope{up: sc, name: name, slot: p, t: typ{k: kSeat}})
	c.emit(instr{op: opIncSlot, a: i})
	c.emit(instr{op: opJump, a: top})
	c.g.code[exit].a = c.pc()
}

// setOp compiles a set statement's text, nil when it is wrong (reported).
func (c *compiler) setOp(v *yaml.Node, sc *scope) *setOp {
	if v == nil || v.Kind != yaml.ScalarNode {
		c.report(codeStructure.At(c.at(v), "set is text: \"name = expression\" (or += / -=)"))
		return nil
	}
	target, op, opAt, value, err := parseAssign(v.Value)
	if err != nil {
		c.syntax(v, err)
		return nil
	}
	if !c.withinLimits(v, &node{Kind: nTuple, Args: []*node{target, value}}) {
		return nil
	}
	x := &exprCtx{g: c.g, c: c, src: v, file: c.file}
	c.where = c.at(v).String()
	name := target
	if target.Kind == nIndex {
		name = target.Args[0]
	}
	so := &setOp{op: op[0], at: x.site(opAt, op), target: x.site(name.Off, "").pos}
	var d *valueDecl
	if target.Kind == nIndex {
		if d = x.sized(name, sc); d != nil {
			so.item, so.ref = x.itemPlace(target, d, sc)
			if name.Kind == nIndex {
				name = name.Args[0]
			}
		}
	}
	if d == nil {
		d = c.valueByName[name.Name]
	}
	switch {
	case name.Kind != nIdent || d == nil:
		x.undefined(target.Off, "set changes a value declared in values%s", c.suggest(name.Name))
	case d.size > 0 && so.item == nil:
		x.wrong(target.Off, "value %s holds %d items: write %s", d.name, d.size, d.itemSyntax())
	case d.size > 0:
		so.v = d
		so.val = c.setValue(x, d, op, value, sc, so)
	case d.perPlayer && target.Kind != nIndex:
		x.wrong(target.Off, "value %s is one per seat: write %s[seat]", d.name, d.name)
	case !d.perPlayer && target.Kind == nIndex:
		x.wrong(target.Off, "value %s is the table's, not one per seat", d.name)
	default:
		so.v = d
		if target.Kind == nIndex {
			seat := x.want(x.compile(target.Args[1], sc), typ{k: kSeat}, "a value's seat")
			x.noSeat(seat, target.Args[1])
			so.seat = seat.ev
			switch seat.load {
			case loadSlot:
				so.seatSlot = seat.slot + 1
			case loadGlobal:
				so.seatVar = seat.vbase + 1
			}
		}
		so.val = c.setValue(x, d, op, value, sc, so)
	}
	for _, e := range x.errs {
		c.exprFinding(v, v.Value, e, "")
	}
	if len(x.errs) > 0 || so.v == nil {
		return nil
	}
	return so
}

// setValue compiles the value a set gives d (op: =, += or -=), noting in
// so where it reads from when that is a shortcut's shape.
func (c *compiler) setValue(x *exprCtx, d *valueDecl, op string, value *node, sc *scope, so *setOp) eval {
	want := d.t
	if op != "=" {
		if d.t.k != kInt {
			x.wrong(value.Off, "%s adds to a number; %s is %s", op, d.name, d.t)
		}
		want = typ{k: kInt}
	}
	val := x.want(x.compile(value, sc), want, "set "+d.name)
	so.konst, so.kv = val.konst, val.kv
	switch val.load {
	case loadVar:
		so.valVar, so.valSlot = val.vbase+1, val.slot
	case loadSlot:
		so.fromSlot = val.slot + 1
	}
	return val.ev
}

// moveOp compiles a move statement, nil when it is wrong (reported).
func (c *compiler) moveOp(v *yaml.Node, sc *scope) *moveOp {
	mv := &moveOp{from: c.zoneExpr(get(v, "from"), sc, "from"), to: c.zoneExpr(get(v, "to"), sc, "to"), pos: c.at(v)}
	if n := get(v, "count"); n != nil {
		if n.Value == "all" {
			mv.all = true
		} else {
			mv.count = c.expr(n, sc, typ{k: kInt}, "count").ev
		}
	}
	if n := get(v, "card"); n != nil {
		mv.card = c.expr(n, sc, typ{k: kCard}, "card").ev
	}
	if mv.from == nil || mv.to == nil {
		return nil
	}
	if mv.from.filter != nil && mv.card == nil && !mv.all {
		c.report(codeStructure.At(c.at(get(v, "from")), "a filtered zone moves all its cards (count: all) or a named card"))
	}
	if mv.to.filter != nil {
		c.report(codeStructure.At(c.at(get(v, "to")), "cards move to a zone, not to a filtered one"))
	}
	return mv
}

// dealOp is a deal: count cards from a zone into each seat's zone z, seat
// by seat from first.
type dealOp struct {
	from         *zoneRef
	z            *zoneDecl
	count, first eval // count reads the seat dealt to, bound as player
	slot         int  // the seat dealt to
}

// dealOp compiles a deal statement, nil when it is wrong (reported).
func (c *compiler) dealOp(v *yaml.Node, sc *scope) *dealOp {
	from := c.zoneExpr(get(v, "from"), sc, "from")
	toNode := get(v, "to")
	z := c.zoneByName[scalar(toNode)]
	if z == nil || !z.perPlayer {
		c.report(codeUndefined.At(c.at(toNode), "deal's to is the name of a per-seat zone (each seat gets its own), not %q", scalar(toNode)))
		return nil
	}
	slot := c.newSlot(false)
	count := eval(func(*state) int64 { return 1 })
	if n := get(v, "count"); n != nil {
		count = c.expr(n, &scope{up: sc, name: "player", slot: slot, t: typ{k: kSeat}}, typ{k: kInt}, "count").ev
	}
	first := eval(func(*state) int64 { return 0 })
	if n := get(v, "first"); n != nil {
		first = c.expr(n, sc, typ{k: kSeat}, "first").ev
	}
	if from == nil {
		return nil
	}
	return &dealOp{from: from, z: z, count: count, first: first, slot: slot}
}

// choose compiles a choose statement: who decides, its options, and the
// code that runs the option chosen.
func (c *compiler) choose(v *yaml.Node, sc *scope) {
	ch := &choice{pos: c.at(v), seat: c.newSlot(false)}
	if id := get(v, "id"); id != nil {
		ch.id = id.Value
		if c.choiceIDs[ch.id] != nil {
			c.report(codeStructure.At(c.at(id), "choice id %s is used twice", ch.id))
		}
		c.choiceIDs[ch.id] = ch
	}
	c.chooser(ch, get(v, "player"), sc)
	inner := &scope{up: sc, name: "player", slot: ch.seat, t: typ{k: kSeat}}
	opts := get(v, "options")
	if opts == nil || opts.Kind != yaml.SequenceNode || len(opts.Content) == 0 {
		c.report(codeStructure.At(ch.pos, "choose needs options"))
		return
	}
	for _, on := range opts.Content {
		if o := c.option(ch, on, inner); o != nil {
			ch.total += o.size
			ch.opts = append(ch.opts, o)
		}
	}
	ch.maskOpt = maskOption(ch.opts)
	c.g.choices = append(c.g.choices, ch)
	c.emit(instr{op: opChoose, ch: ch, pos: ch.pos})
	switch {
	case ch.all && !slices.ContainsFunc(ch.opts, c.optionSuspends):
		c.everySeatNative(ch)
	case ch.all:
		c.everySeat(ch)
	default:
		c.oneSeat(ch)
	}
}

// chooser compiles player: who, the seat that decides (all: every seat at
// once); without it, the player bound around the choice.
func (c *compiler) chooser(ch *choice, who *yaml.Node, sc *scope) {
	switch {
	case scalar(who) == "all":
		ch.all = true
		c.g.simultaneous = true
		ch.jbase = c.g.joints
		c.g.joints += engine.MaxPlayers
	case who == nil:
		if b := sc.lookup("player"); b != nil {
			ch.who = slotEval(b.slot)
		} else {
			c.report(codeStructure.At(ch.pos, "choose needs player: the seat that decides (or all)"))
		}
	default:
		e := c.expr(who, sc, typ{k: kSeat}, "player")
		if e.konst && e.kv < 0 {
			c.report(codeLimit.At(c.at(who), "player is none, at every player count the game plays: no seat decides"))
		}
		ch.who = e.ev
		if e.load == loadGlobal {
			ch.whoVar = e.vbase + 1
		}
	}
}

// option compiles one of a choice's options (card:, value: or action:),
// nil when it is none (reported).
func (c *compiler) option(ch *choice, on *yaml.Node, inner *scope) *option {
	o := &option{pos: c.at(on), base: ch.total}
	first := c.g.slots // the option's names are bound from here on
	bind := inner
	switch {
	case get(on, "card") != nil:
		o.kind, o.name, o.size = optCard, "play", len(c.g.cards)
		o.slot = c.newSlot(true)
		o.zone = c.zoneExpr(get(on, "card"), inner, "card")
		bind = &scope{up: inner, name: "card", slot: o.slot, t: typ{k: kCard}}
	case get(on, "value") != nil:
		o.kind, o.name = optValue, "name"
		o.slot = c.newSlot(true)
		vn := get(on, "value")
		t := typ{k: kSeat}
		if vn.Kind == yaml.MappingNode {
			o.name, t, ch.numbers = "pick", typ{k: kInt}, true
			c.numberOption(o, vn, inner)
		} else if vn.Value == "seat" {
			o.size = engine.MaxPlayers
		} else if e, ok := c.g.types[vn.Value]; ok {
			o.enum, o.size, t = e, len(e.values), typ{k: kEnum, enum: e}
		} else {
			c.report(codeUndefined.At(c.at(vn), "value picks a seat or a value of an enum card field, not %q%s", vn.Value, c.enumList()))
		}
		bind = &scope{up: inner, name: "value", slot: o.slot, t: t}
	case get(on, "action") != nil:
		o.kind, o.name, o.size = optAction, get(on, "action").Value, 1
	default:
		c.report(codeStructure.At(o.pos, "an option is card:, value: or action:"))
		return nil
	}
	if n := get(on, "name"); n != nil {
		o.name = n.Value
	}
	o.probe = -1
	if n := get(on, "if"); n != nil {
		c.optFirst, c.optChoice = first+1, ch
		e := c.expr(n, bind, typ{k: kBool}, "if")
		c.optFirst, c.optChoice = 0, nil
		o.cond = e.ev
		if e.guard != nil && e.guard.not && o.kind == optAction {
			o.unless = e.guard
			c.g.guarded++
		}
		if cs := condOf(e); cs != nil && o.kind == optCard && cs.slot == o.slot && o.zone != nil && o.zone.filter == nil {
			o.set = c.g.lower(cs)
			o.zoneTree, _ = parseExpr(get(on, "card").Value)
			o.condTree, _ = parseExpr(n.Value)
		}
		what := o.name
		if ch.id != "" {
			what += " of choice " + ch.id
		}
		c.g.expected = append(c.g.expected, engine.Expectation{Pos: c.at(n), Card: -1, Never: "option " + what + " was never legal"})
		o.probe = len(c.g.expected) - 1
		ch.probed = true
	}
	if o.kind == optCard {
		to := c.zoneByName[rootName(get(on, "to"))]
		ch.plays = ch.plays || to == nil || to.vis != visOwner
	}
	o.bind = bind
	o.node = on
	return o
}

// maskOption is 1 + the index of a choice's only card option when its
// condition is a narrow set of cards (its legal cards a mask), else 0.
func maskOption(opts []*option) int {
	cardOpts, mask := 0, 0
	for k, o := range opts {
		if o.kind == optCard {
			cardOpts++
			if o.set != nil && o.set.narrow != nil {
				mask = k + 1
			}
		}
	}
	if cardOpts != 1 {
		return 0
	}
	return mask
}

// everySeatNative emits a choice of every seat whose options never wait
// for a decision: every seat's choice is applied by one Go loop.
func (c *compiler) everySeatNative(ch *choice) {
	ch.loop = c.newSlot(false)
	bodies := make([]action, len(ch.opts))
	for k, o := range ch.opts {
		bodies[k] = c.nativeOptionBody(o)
	}
	// Every seat may pick the option that weighs most.
	most := 0
	for _, o := range ch.opts {
		most = max(most, 1+c.weigh(get(o.node, "then")))
	}
	c.emit(instr{op: opExec, a: engine.MaxPlayers*most - 1, fn: func(s *state) {
		for p := 0; p < s.N && s.mode == mRun; p++ {
			s.slots[ch.loop] = int64(p)
			if a := s.joints[ch.jbase+p]; a != engine.NoAction {
				bodies[s.bind(ch, p, a)](s)
			}
		}
	}, pos: ch.pos})
	ch.end = c.pc()
}

// everySeat emits a choice of every seat as a loop over the seats that
// dispatches to the chosen option's body.
func (c *compiler) everySeat(ch *choice) {
	var exits []int
	ch.loop = c.newSlot(false)
	c.emit(instr{op: opSetSlot, a: ch.loop, e: func(*state) int64 { return 0 }})
	top := c.pc()
	loopExit := c.emit(instr{op: opJumpUnless, e: func(s *state) int64 { return b2i(s.slots[ch.loop] < int64(s.N)) }})
	c.emit(instr{op: opDispatch, ch: ch})
	for _, o := range ch.opts {
		o.start = c.pc()
		c.optionBody(o)
		exits = append(exits, c.emit(instr{op: opJump}))
	}
	ch.cont = c.pc()
	c.emit(instr{op: opIncSlot, a: ch.loop})
	c.emit(instr{op: opJump, a: top})
	c.g.code[loopExit].a = c.pc()
	for _, e := range exits {
		c.g.code[e].a = ch.cont
	}
	ch.end = c.pc()
}

// oneSeat emits a choice of one seat: each option's body, then a jump
// past the others.
func (c *compiler) oneSeat(ch *choice) {
	var exits []int
	for _, o := range ch.opts {
		o.start = c.pc()
		c.optionBody(o)
		exits = append(exits, c.emit(instr{op: opJump}))
	}
	ch.end = c.pc()
	for _, e := range exits {
		c.g.code[e].a = ch.end
	}
}

// optionSuspends reports whether option o's body may wait for a decision.
func (c *compiler) optionSuspends(o *option) bool {
	then := get(o.node, "then")
	return then != nil && then.Kind == yaml.SequenceNode && slices.ContainsFunc(then.Content, c.suspends)
}

// nativeOptionBody is optionBody as Go code, for an option that never
// waits.
func (c *compiler) nativeOptionBody(o *option) action {
	var steps []action
	if to := get(o.node, "to"); to != nil && o.kind == optCard && o.zone != nil {
		if z := c.zoneExpr(to, o.bind, "to"); z != nil {
			mv := &moveOp{from: o.zone, to: z, card: slotEval(o.slot), cardSlot: o.slot + 1}
			steps = append(steps, func(s *state) { s.move(mv) })
		}
	}
	steps = append(steps, c.nativeBlock(get(o.node, "then"), o.bind))
	return func(s *state) {
		for _, f := range steps {
			if f(s); s.mode != mRun {
				return
			}
		}
	}
}

// optionBody is what a chosen option does: a card option's card moves to
// its to: zone, then its then: statements run.
func (c *compiler) optionBody(o *option) {
	if to := get(o.node, "to"); to != nil && o.kind == optCard && o.zone != nil {
		if z := c.zoneExpr(to, o.bind, "to"); z != nil {
			c.emit(instr{op: opMove, mv: &moveOp{from: o.zone, to: z, card: slotEval(o.slot), cardSlot: o.slot + 1, pos: o.pos}, pos: o.pos})
		}
	}
	c.block(get(o.node, "then"), o.bind)
}

// forEach runs do for every entry of a card's list, in order:
// for_each: effect, in: "revealed[player].effects".
func (c *compiler) forEach(n, v *yaml.Node, sc *scope) {
	l, card, _, ok := c.forEachIn(n, v, sc)
	if !ok {
		return
	}
	i, end := c.newSlot(false), c.newSlot(false)
	c.emit(instr{op: opSetSlot, a: end, e: func(s *state) int64 {
		if k := card(s); k >= 0 {
			return int64(l.start[k+1])
		}
		return 0
	}})
	c.emit(instr{op: opSetSlot, a: i, e: func(s *state) int64 {
		if k := card(s); k >= 0 {
			return int64(l.start[k])
		}
		return 0
	}})
	top := c.pc()
	exit := c.emit(instr{op: opJumpUnless, e: func(s *state) int64 { return b2i(s.slots[i] < s.slots[end]) }})
	inner := &scope{up: sc, name: v.Value, slot: i, t: typ{k: kEntry, list: l}}
	skip := -1
	if w := get(n, "where"); w != nil {
		skip = c.emit(instr{op: opJumpUnless, e: c.expr(w, inner, typ{k: kBool}, "where").ev})
	}
	c.block(get(n, "do"), inner)
	if skip >= 0 {
		c.g.code[skip].a = c.pc()
	}
	c.emit(instr{op: opIncSlot, a: i})
	c.emit(instr{op: opJump, a: top})
	c.g.code[exit].a = c.pc()
}

// eachValue runs do for every value of an enum type, in declared order:
// each_value: phase, as: ph.
func (c *compiler) eachValue(n, v *yaml.Node, sc *scope) {
	e, ok := c.g.types[v.Value]
	if !ok {
		c.report(codeUndefined.At(c.at(v), "each_value walks the values of a type (keyword, phase or an enum card field), not %q%s", v.Value, c.enumList()))
		return
	}
	as := get(n, "as")
	if as == nil || !c.bindable(as, false) {
		if as == nil {
			c.report(codeStructure.At(c.at(v), "each_value needs as: the name its value is bound to"))
		}
		return
	}
	i, size := c.newSlot(false), int64(len(e.values))
	c.emit(instr{op: opSetSlot, a: i, e: func(*state) int64 { return 0 }})
	top := c.pc()
	exit := c.emit(instr{op: opJumpUnless, e: func(s *state) int64 { return b2i(s.slots[i] < size) }})
	c.block(get(n, "do"), &scope{up: sc, name: as.Value, slot: i, t: typ{k: kEnum, enum: e}})
	c.emit(instr{op: opIncSlot, a: i})
	c.emit(instr{op: opJump, a: top})
	c.g.code[exit].a = c.pc()
}

// seatCount is each_seat's count: how many seats it visits, clockwise
// from its first (nil: all of them).
func (c *compiler) seatCount(n *yaml.Node, sc *scope) eval {
	if k := get(n, "count"); k != nil {
		return c.expr(k, sc, typ{k: kInt}, "count").ev
	}
	return nil
}

// seatsToVisit is how many seats an each_seat visits: count (at most
// every seat), or every seat.
func seatsToVisit(s *state, count eval) int64 {
	if count == nil {
		return int64(s.N)
	}
	return min(max(0, count(s)), int64(s.N))
}

// rootName is the zone or value an expression starts from: hand for
// "hand[next(player)]".
func rootName(n *yaml.Node) string {
	if n == nil {
		return ""
	}
	tree, err := parseExpr(n.Value)
	for err == nil && tree != nil && (tree.Kind == nIndex || tree.Kind == nBinary && tree.Op == "where") {
		tree = tree.Args[0]
	}
	if err != nil || tree == nil || tree.Kind != nIdent {
		return ""
	}
	return tree.Name
}

// forEachIn checks a for_each's name and compiles its in: the card list
// walked and the card whose entries they are, also as an operand when it
// is one (its kind 0 when not).
func (c *compiler) forEachIn(n, v *yaml.Node, sc *scope) (*listDecl, eval, operand, bool) {
	if !c.bindable(v, false) {
		return nil, nil, operand{}, false
	}
	in := c.expr(get(n, "in"), sc, typ{k: kBad}, "in")
	if in.t.k != kEntries {
		if in.t.k != kBad {
			c.report(codeType.At(c.at(get(n, "in")), "for_each walks a card's list (card.LIST), not %s", in.t))
		}
		return nil, nil, operand{}, false
	}
	card := in.ev
	at, _ := operandOf(in)
	if in.load == loadVar {
		// A bound seat's card (revealed[player]): read directly.
		vb, vk, general := in.vbase, in.slot, in.ev
		card = func(s *state) int64 {
			if p := s.slots[vk]; p >= 0 && p < int64(s.N) {
				return s.vars[vb+int(p)]
			}
			return general(s)
		}
	}
	return in.t.list, card, at, true
}

// The causes a game ends by without an end statement (Info.EndCauses).
const (
	endOfPlay     = "end of play"
	endRulesError = "rules error"
)

// endCause adds an end statement's cause to the game's causes, once.
func (c *compiler) endCause(cause string) {
	if !slices.Contains(c.g.endCauses, cause) {
		c.g.endCauses = append(c.g.endCauses, cause)
	}
}
