package rules

import (
	"fmt"
	"slices"

	"github.com/cardpress/cardpress/engine"

	"go.yaml.in/yaml/v3"
)

// Statements, one function per kind. Play runs the statements in order
// and stops at each decision: a choice (one seat's, or every seat's in
// secret), a draw out of a shuffled pile, a roll. The game ends at an
// end statement or when play runs out ("end of play").

// run runs statements until the next decision or the end.
func (s *refState) run() {
	if s.gameSteps += s.steps; s.gameSteps > maxGameSteps {
		s.protect(func() { s.faultf("the game ran more than the %d steps a game may take", maxGameSteps) })
		return
	}
	s.steps = 0
	s.protect(func() {
		for s.wait.kind == wRun {
			if len(s.stack) == 0 {
				s.finish(endOfPlay)
				return
			}
			f := &s.stack[len(s.stack)-1]
			if f.next < len(f.stmts) {
				n := f.stmts[f.next]
				f.next++
				s.step()
				s.exec(n, f.env)
				continue
			}
			if !f.isLoop || !s.nextRound(f) {
				s.stack = s.stack[:len(s.stack)-1]
			}
		}
	})
}

// push runs a list of statements next, with the bindings env.
func (s *refState) push(list *yaml.Node, env *refEnv) {
	s.stack = append(s.stack, refFrame{stmts: seqItems(list), env: env})
}

// pushLoop runs a loop next: its first round is decided by nextRound.
func (s *refState) pushLoop(l refLoop, env *refEnv) {
	s.stack = append(s.stack, refFrame{env: env, isLoop: true, loop: l})
}

// nextRound starts loop f's next round, or reports that it is done. Each
// round is a step.
func (s *refState) nextRound(f *refFrame) bool {
	l := &f.loop
	s.step()
	switch l.kind {
	case lWhile:
		// The condition is checked before each round.
		if !s.truth(s.g.tree(l.cond), f.env) {
			return false
		}
		f.stmts, f.next = l.body, 0
		return true
	case lRepeat:
		if l.k >= l.n {
			return false
		}
		l.k++
		f.stmts, f.next = l.body, 0
		return true
	case lRounds:
		return s.nextBinding(f)
	case lDeal:
		if l.k >= len(l.rounds) {
			return false
		}
		env := l.rounds[l.k]
		l.k++
		f.stmts, f.next = nil, 0
		s.dealTo(l.stmt, f.env, env)
		return true
	case lDispatch:
		if l.k >= len(l.rounds) {
			return false
		}
		env, a, r := l.rounds[l.k], l.acts[l.k], l.ranges[l.k]
		l.k++
		f.stmts, f.next = nil, 0
		p, _ := env.lookup("player")
		// decide pushes the option's statements above this frame: f is
		// not touched after it.
		s.decide(l.stmt, f.env, int(p.n), a, r)
		return true
	}
	return false
}

// nextBinding starts the next round of each_seat, each_value or for_each
// whose where (if any) holds.
func (s *refState) nextBinding(f *refFrame) bool {
	l := &f.loop
	for l.k < len(l.rounds) {
		env := l.rounds[l.k]
		l.k++
		if l.cond != nil && !s.truth(s.g.tree(l.cond), env) {
			continue
		}
		f.stmts, f.next, f.env = l.body, 0, env
		return true
	}
	return false
}

// stmtKind is the key that names statement n.
func stmtKind(n *yaml.Node) string {
	keys, _ := pairs(n)
	for _, k := range keys {
		if slices.Contains(stmtKeys, k.Value) {
			return k.Value
		}
	}
	return ""
}

// exec runs statement n.
func (s *refState) exec(n *yaml.Node, env *refEnv) {
	kind := stmtKind(n)
	v := get(n, kind)
	switch kind {
	case "set":
		s.execSet(v, env)
	case "if":
		s.execIf(n, v, env)
	case "while":
		s.pushLoop(refLoop{kind: lWhile, cond: v, body: seqItems(get(n, "do"))}, env)
	case "repeat":
		s.pushLoop(refLoop{kind: lRepeat, n: int(s.number(s.g.tree(v), env)), body: seqItems(get(n, "do"))}, env)
	case "each_seat":
		s.execEachSeat(n, v, env)
	case "each_value":
		s.execEachValue(n, v, env)
	case "for_each":
		s.execForEach(n, v, env)
	case "move":
		s.execMove(v, env)
	case "deal":
		s.execDeal(v, env)
	case "collect":
		s.collect(s.zoneOf(v, env).inst)
	case "choose":
		s.execChoose(v, env)
	case "roll":
		s.execRoll(n, v, env)
	case "end":
		s.execEnd(n, v)
	case "tally":
		s.execTally(n, v, env)
	case "log":
		s.Record(engine.Event{Kind: "note", Player: -1, Text: v.Value})
	case "show":
		s.execShow(n, v, env)
	default:
		// The compiler knows a statement the reference does not: the
		// language grew without its definition.
		panic(fmt.Sprintf("rules reference: no definition of the statement at line %d (%s): add it to exec", n.Line, kind))
	}
}

// execSet: value = expression, or += / -= a number; the result must stay
// within the numbers. The place is worked out before the expression.
// Every change is logged.
func (s *refState) execSet(v *yaml.Node, env *refEnv) {
	a := s.g.assign(v)
	at, _ := s.valuePlace(a.target, env)
	d, i := at.d, at.place
	val, old := s.evalAs(a.value, env, d.t).n, s.vars[i]
	switch a.op {
	case "+=":
		val = s.checked(old+val, "+=").n
	case "-=":
		val = s.checked(old-val, "-=").n
	}
	s.vars[i] = val
	s.logSet(d, int(at.seat), i-d.base, old, val)
}

// execIf runs then when the condition holds, else else.
func (s *refState) execIf(n, v *yaml.Node, env *refEnv) {
	if s.truth(s.g.tree(v), env) {
		s.push(get(n, "then"), env)
	} else if els := get(n, "else"); els != nil {
		s.push(els, env)
	}
}

// execEachSeat runs do once per seat, clockwise from the first seat
// given (none: seat 1), binding player (or as:); count: visits that many
// seats (0 to every seat), counted when the loop starts.
func (s *refState) execEachSeat(n, v *yaml.Node, env *refEnv) {
	first := max(0, s.evalAs(s.g.tree(v), env, typ{k: kSeat}).n)
	visits := int64(s.N)
	if c := get(n, "count"); c != nil {
		visits = min(max(0, s.number(s.g.tree(c), env)), int64(s.N))
	}
	name := "player"
	if as := get(n, "as"); as != nil {
		name = as.Value
	}
	var rounds []*refEnv
	for i := range visits {
		rounds = append(rounds, env.bind(name, refSeat((first+i)%int64(s.N))))
	}
	s.pushLoop(refLoop{kind: lRounds, rounds: rounds, body: seqItems(get(n, "do"))}, env)
}

// execEachValue runs do once per value of a type, in declared order.
func (s *refState) execEachValue(n, v *yaml.Node, env *refEnv) {
	e := s.g.fast.types[v.Value]
	name := get(n, "as").Value
	var rounds []*refEnv
	for i := range e.values {
		rounds = append(rounds, env.bind(name, refVal{t: typ{k: kEnum, enum: e}, n: int64(i)}))
	}
	s.pushLoop(refLoop{kind: lRounds, rounds: rounds, body: seqItems(get(n, "do"))}, env)
}

// execForEach runs do once per entry of a card's list, in card-file
// order, skipping those whose where does not hold (tested as each round
// comes); of none, nothing.
func (s *refState) execForEach(n, v *yaml.Node, env *refEnv) {
	in := s.eval(s.g.tree(get(n, "in")), env)
	var rounds []*refEnv
	if c := in.n; c >= 0 {
		l := in.t.list
		for e := l.start[c]; e < l.start[c+1]; e++ {
			rounds = append(rounds, env.bind(v.Value, refVal{t: typ{k: kEntry, list: l}, n: int64(e)}))
		}
	}
	s.pushLoop(refLoop{kind: lRounds, rounds: rounds, cond: get(n, "where"), body: seqItems(get(n, "do"))}, env)
}

// zoneOf is the zone an expression names.
func (s *refState) zoneOf(n *yaml.Node, env *refEnv) *refZone {
	return s.eval(s.g.tree(n), env).zone
}

// execMove moves a named card, every card (of the filter), or count cards
// (default 1) off the top; out of a shuffled pile, each is a draw.
func (s *refState) execMove(v *yaml.Node, env *refEnv) {
	from, to := s.zoneOf(get(v, "from"), env), s.zoneOf(get(v, "to"), env)
	switch {
	case get(v, "card") != nil:
		c := s.evalAs(s.g.tree(get(v, "card")), env, typ{k: kCard}).n
		s.moveCard(from.inst, to.inst, c)
	case scalar(get(v, "count")) == "all":
		s.moveAll(from, to.inst)
	default:
		n := int64(1)
		if c := get(v, "count"); c != nil {
			n = s.number(s.g.tree(c), env)
		}
		s.moveTop(from.inst, to.inst, n)
	}
}

// moveCard moves card c from instance from to instance to; a card not
// there is a rules error.
func (s *refState) moveCard(from, to int, c int64) {
	if c < 0 || !s.take(from, uint8(c)) {
		s.faultf("%s is not in %s", s.cardName(c), s.instName(from))
	}
	s.add(to, uint8(c))
	s.logMove("move", from, to, uint8(c))
}

// moveAll moves every card of a zone that passes its filters, in order,
// onto to; the others stay, in order. (Into itself, the cards that pass
// end on top of the others.)
func (s *refState) moveAll(from *refZone, to int) {
	var keep, moved []uint8
	for _, c := range s.zones[from.inst] {
		if s.passes(from, int64(c)) {
			moved = append(moved, c)
		} else {
			keep = append(keep, c)
		}
	}
	s.zones[from.inst] = keep
	for _, c := range moved {
		s.add(to, c)
		s.logMove("move", from.inst, to, c)
	}
}

// moveTop moves n cards (at most what the zone holds) off the top of from
// onto to, one by one; out of a shuffled pile it waits for n draws.
func (s *refState) moveTop(from, to int, n int64) {
	if n = min(n, int64(len(s.zones[from]))); n <= 0 {
		return
	}
	if s.g.fast.instZones[from].chance() {
		s.wait = refWait{kind: wDraw, from: from, to: to, pend: int(n)}
		return
	}
	for range n {
		c := s.takeAt(from, len(s.zones[from])-1)
		s.add(to, c)
		s.logMove("move", from, to, c)
	}
}

// execDeal deals to each seat in turn, clockwise from first (default
// seat 1): count cards each (player bound to the seat dealt to).
func (s *refState) execDeal(v *yaml.Node, env *refEnv) {
	first := int64(0)
	if f := get(v, "first"); f != nil {
		first = max(0, s.evalAs(s.g.tree(f), env, typ{k: kSeat}).n) % int64(s.N)
	}
	var rounds []*refEnv
	for i := range int64(s.N) {
		rounds = append(rounds, env.bind("player", refSeat((first+i)%int64(s.N))))
	}
	s.pushLoop(refLoop{kind: lDeal, stmt: v, rounds: rounds}, env)
}

// dealTo deals one seat (bound as player in seat) its cards.
func (s *refState) dealTo(v *yaml.Node, env, seat *refEnv) {
	p, _ := seat.lookup("player")
	n := int64(1)
	if c := get(v, "count"); c != nil {
		n = s.number(s.g.tree(c), seat)
	}
	from := s.zoneOf(get(v, "from"), env)
	z := s.g.zoneByName[scalar(get(v, "to"))]
	s.moveTop(from.inst, z.base+int(p.n), n)
}

// collect puts every card in play into one zone, in card order.
func (s *refState) collect(to int) {
	for i := range s.zones {
		s.zones[i] = s.zones[i][:0]
	}
	for _, c := range s.g.fast.inPlay[s.N] {
		s.add(to, c)
	}
	s.Record(engine.Event{Kind: "collect", Player: -1, To: s.instName(to), Text: "every card goes to " + s.instName(to)})
}

// execRoll waits for a die of sides sides (default 6) to set a value.
func (s *refState) execRoll(n, v *yaml.Node, env *refEnv) {
	at, _ := s.valuePlace(s.g.tree(v), env)
	i := at.place
	sides := int64(6)
	if k := get(n, "sides"); k != nil {
		sides = s.number(s.g.tree(k), env)
	}
	if sides < 1 || sides > maxSides {
		s.faultf("a die of %d sides: a die has 1 to %d", sides, maxSides)
	}
	s.wait = refWait{kind: wRoll, sides: int(sides), value: i}
}

// execEnd ends the game now with its cause: the winners rules decide,
// or with winners: none nobody wins.
func (s *refState) execEnd(n, v *yaml.Node) {
	if get(n, "winners") != nil {
		s.wait, s.Cause = refWait{kind: wOver}, v.Value
		s.ShareWin(0)
		return
	}
	s.finish(v.Value)
}

// execTally adds 1, or by:, to a counter.
func (s *refState) execTally(n, v *yaml.Node, env *refEnv) {
	k := slices.Index(s.g.fast.counters, v.Value)
	by := int64(1)
	if b := get(n, "by"); b != nil {
		by = s.number(s.g.tree(b), env)
	}
	s.counters[k] += by
	s.Tally.Count(k, by)
}

// finish ends the game: each winners rule keeps, of the seats still in,
// those with the highest (or lowest) value; the seats left share the
// win.
func (s *refState) finish(cause string) {
	s.wait, s.Cause = refWait{kind: wOver}, cause
	var alive []int
	for p := range s.N {
		alive = append(alive, p)
	}
	for _, r := range s.g.winners {
		var keep []int
		var best int64
		for _, p := range alive {
			v := s.number(s.g.tree(r.expr), (*refEnv)(nil).bind("seat", refSeat(int64(p))))
			switch {
			case len(keep) == 0 || r.highest && v > best || !r.highest && v < best:
				best, keep = v, []int{p}
			case v == best:
				keep = append(keep, p)
			}
		}
		alive = keep
	}
	var won engine.Seats
	for _, p := range alive {
		won = won.With(p)
	}
	s.ShareWin(won)
}
