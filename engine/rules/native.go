package rules

import (
	"slices"

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
		case "choose":
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
	tree, err := parseExpr(n.Value)
	for err == nil && tree != nil && (tree.kind == nIndex || tree.kind == nBinary && tree.op == "where") {
		tree = tree.args[0]
	}
	if err != nil || tree == nil || tree.kind != nIdent {
		return false
	}
	z := c.zoneByName[tree.name]
	return z != nil && z.chance()
}

// nativeList compiles statements that never wait into one action.
func (c *compiler) nativeList(list []*yaml.Node, sc *scope) action {
	var steps []action
	for _, n := range list {
		if f := c.native(n, sc); f != nil {
			steps = append(steps, f)
		}
	}
	switch len(steps) {
	case 0:
		return func(*state) {}
	case 1:
		return steps[0]
	}
	return func(s *state) {
		for _, f := range steps {
			if f(s); s.mode != mRun {
				return
			}
		}
	}
}

func (c *compiler) nativeBlock(list *yaml.Node, sc *scope) action {
	if list == nil {
		return func(*state) {}
	}
	if list.Kind != yaml.SequenceNode {
		c.report(codeStructure.At(c.at(list), "expected a list of statements"))
		return func(*state) {}
	}
	return c.nativeList(list.Content, sc)
}

// loop counts one more round of a loop against the steps a state may take
// between decisions, and says whether it may go on.
func (s *state) loop() bool {
	if s.steps++; s.steps > maxSteps {
		s.fail("the rules run %d steps without a decision: a loop that never ends", maxSteps)
		return false
	}
	return s.mode == mRun
}

// native compiles one statement that never waits (see suspends).
func (c *compiler) native(n *yaml.Node, sc *scope) action {
	keys, _ := pairs(n)
	kind := ""
	for _, k := range keys {
		if kind == "" && slices.Contains(stmtKeys, k.Value) {
			kind = k.Value
		}
	}
	v := get(n, kind)
	pos := c.at(n)
	switch kind {
	case "set":
		so := c.setOp(v, sc)
		if so == nil {
			return nil
		}
		return func(s *state) { s.doSet(so) }
	case "if":
		cond := c.expr(v, sc, typ{k: kBool}, "if").ev
		then, els := c.nativeBlock(get(n, "then"), sc), c.nativeBlock(get(n, "else"), sc)
		return func(s *state) {
			if cond(s) != 0 {
				then(s)
			} else {
				els(s)
			}
		}
	case "while":
		cond := c.expr(v, sc, typ{k: kBool}, "while").ev
		body := c.nativeBlock(get(n, "do"), sc)
		return func(s *state) {
			for cond(s) != 0 && s.loop() {
				body(s)
			}
		}
	case "repeat":
		times := c.expr(v, sc, typ{k: kInt}, "repeat").ev
		c.newSlot(false) // the program's repeat keeps its count in a slot; so do these, to keep numbering alike
		c.newSlot(false)
		body := c.nativeBlock(get(n, "do"), sc)
		return func(s *state) {
			for k := times(s); k > 0 && s.loop(); k-- {
				body(s)
			}
		}
	case "each_seat":
		name := "player"
		if as := get(n, "as"); as != nil && c.bindable(as) {
			name = as.Value
		}
		first := c.expr(v, sc, typ{k: kSeat}, "each_seat").ev
		return c.nativeEachSeat(first, name, sc, func(inner *scope) action { return c.nativeBlock(get(n, "do"), inner) })
	case "each_value":
		e, ok := c.g.types[v.Value]
		as := get(n, "as")
		if !ok || as == nil || !c.bindable(as) {
			c.eachValue(n, v, sc) // reports what is wrong
			return nil
		}
		slot, size := c.newSlot(false), int64(len(e.values))
		body := c.nativeBlock(get(n, "do"), &scope{up: sc, name: as.Value, slot: slot, t: typ{k: kEnum, enum: e}})
		return func(s *state) {
			for k := int64(0); k < size && s.loop(); k++ {
				s.slots[slot] = k
				body(s)
			}
		}
	case "for_each":
		if !c.bindable(v) {
			return nil
		}
		in := c.expr(get(n, "in"), sc, typ{k: kBad}, "in")
		if in.t.k != kEntries {
			if in.t.k != kBad {
				c.report(codeType.At(c.at(get(n, "in")), "for_each walks a card's list (card.%s), not %s", "effects", in.t))
			}
			return nil
		}
		l, card := in.t.list, in.ev
		slot := c.newSlot(false)
		c.newSlot(false) // the end, as the program keeps it
		body := c.nativeBlock(get(n, "do"), &scope{up: sc, name: v.Value, slot: slot, t: typ{k: kEntry, list: l}})
		return func(s *state) {
			k := card(s)
			if k < 0 {
				return
			}
			for e := l.start[k]; e < l.start[k+1] && s.loop(); e++ {
				s.slots[slot] = int64(e)
				body(s)
			}
		}
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
		return c.nativeEachSeat(d.first, "player", sc, func(inner *scope) action {
			mv := &moveOp{from: d.from, to: &zoneRef{z: d.z, owner: slotEval(inner.slot)}, count: d.count}
			return func(s *state) { s.move(mv) }
		})
	case "collect":
		z := c.zoneExpr(v, sc, "collect")
		if z == nil {
			return nil
		}
		return func(s *state) { s.collect(z.inst(s)) }
	case "end":
		cause, nobody := v.Value, get(n, "winners") != nil
		return func(s *state) { s.end(cause, nobody) }
	case "log":
		text := v.Value
		return func(s *state) { s.note(text) }
	case "tally":
		k := slices.Index(c.g.counters, v.Value)
		if k < 0 {
			c.report(codeUndefined.At(c.at(v), "tally counts a counter declared in counters, not %q", v.Value))
			return nil
		}
		by := eval(func(*state) int64 { return 1 })
		if b := get(n, "by"); b != nil {
			by = c.expr(b, sc, typ{k: kInt}, "by").ev
		}
		return func(s *state) { s.Tally.Count(k, by(s)) }
	}
	c.stmt(n, sc) // reports the statement that is not one
	_ = pos
	return nil
}

// nativeEachSeat runs body for every seat, clockwise from first.
func (c *compiler) nativeEachSeat(first eval, name string, sc *scope, body func(*scope) action) action {
	from, p := c.newSlot(false), c.newSlot(false)
	c.newSlot(false) // the program's loop counter
	f := body(&scope{up: sc, name: name, slot: p, t: typ{k: kSeat}})
	return func(s *state) {
		start := max(0, first(s))
		s.slots[from] = start
		for i := int64(0); i < int64(s.N) && s.loop(); i++ {
			s.slots[p] = (start + i) % int64(s.N)
			f(s)
		}
	}
}
