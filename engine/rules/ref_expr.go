package rules

import (
	"fmt"
	"strconv"
)

// Expressions, one function per kind of node. An expression has no side
// effects; it reads the table (zones, values), the parameters, the cards
// and the names bound around it.

// eval is the value of expression n with the bindings env.
func (s *refState) eval(n *node, env *refEnv) refVal {
	switch n.Kind {
	case nNum:
		return refInt(n.Num)
	case nStr:
		return refLit(n.Name)
	case nIdent:
		return s.evalIdent(n, env)
	case nUnary:
		return s.evalUnary(n, env)
	case nBinary:
		return s.evalBinary(n, env)
	case nIndex:
		return s.evalIndex(n, env)
	case nField:
		return s.evalField(n, env)
	case nCall:
		return s.evalCall(n, env)
	}
	// A tuple is read by in; anything else is new to the language.
	panic(fmt.Sprintf("rules reference: no definition of the expression %q (kind %d): add it to eval", n.Op+n.Name, n.Kind))
}

// evalAs is eval with a quoted name given the type t.
func (s *refState) evalAs(n *node, env *refEnv, t typ) refVal {
	return s.coerce(s.eval(n, env), t)
}

func (s *refState) truth(n *node, env *refEnv) bool { return s.eval(n, env).n != 0 }

func (s *refState) number(n *node, env *refEnv) int64 { return s.eval(n, env).n }

// checked is a number that must stay within the rules' numbers: outside,
// the game stops with a rules error (docs/rules.md, Overflow).
func (s *refState) checked(v int64, op string) refVal {
	if !inRange(v) {
		s.faultf("%s gives %d: %s", op, v, numbersText)
	}
	return refInt(v)
}

// evalIdent reads a name: a constant, a bound name (innermost first), a
// table zone or value, a define (its text evaluated here, with the
// bindings of the place it is used), a parameter.
func (s *refState) evalIdent(n *node, env *refEnv) refVal {
	switch n.Name {
	case "true":
		return refBool(true)
	case "false":
		return refBool(false)
	case "none":
		return refLit(refNone)
	case "players":
		return refInt(int64(s.N))
	case "seats":
		return refVal{t: typ{k: kSeats}}
	}
	if v, ok := env.lookup(n.Name); ok {
		return v
	}
	g := s.g
	if z, ok := g.zoneByName[n.Name]; ok {
		return refVal{t: typ{k: kZone}, zone: &refZone{inst: z.base}}
	}
	if at, ok := s.valuePlace(n, env); ok {
		return refVal{t: at.d.t, n: s.vars[at.place]}
	}
	if d, ok := g.defines[n.Name]; ok {
		return s.eval(d, env)
	}
	if p, ok := g.fast.data.Params[n.Name]; ok {
		return refParam(p.Value)
	}
	s.faultf("%s is not defined", n.Name)
	return refVal{}
}

// refParam is a parameter's value: a number, true/false, a name, a list
// or a list of mappings.
func refParam(v any) refVal {
	switch v := v.(type) {
	case int:
		return refInt(int64(v))
	case bool:
		return refBool(v)
	case string:
		return refLit(v)
	case []any:
		if len(v) > 0 {
			if _, ok := v[0].(map[string]any); ok {
				return refVal{t: typ{k: kRecs}, items: v}
			}
		}
		return refVal{t: typ{k: kList}, items: v}
	}
	return refLit("")
}

// evalUnary: not a is true when a is false; -x negates a number.
func (s *refState) evalUnary(n *node, env *refEnv) refVal {
	switch n.Op {
	case "not":
		return refBool(!s.truth(n.Args[0], env))
	case "-":
		return s.checked(-s.number(n.Args[0], env), "-")
	}
	panic(fmt.Sprintf("rules reference: no definition of the operator %s: add it to evalUnary", n.Op))
}

// evalBinary: and, or (short-circuit: the right side is evaluated only
// when the left does not decide), comparisons, arithmetic, where, in.
func (s *refState) evalBinary(n *node, env *refEnv) refVal {
	switch n.Op {
	case "where":
		return s.evalWhere(n, env)
	case "in":
		return s.evalIn(n, env)
	case "and":
		return refBool(s.truth(n.Args[0], env) && s.truth(n.Args[1], env))
	case "or":
		return refBool(s.truth(n.Args[0], env) || s.truth(n.Args[1], env))
	case "==":
		return refBool(s.equal(s.eval(n.Args[0], env), s.eval(n.Args[1], env)))
	case "!=":
		return refBool(!s.equal(s.eval(n.Args[0], env), s.eval(n.Args[1], env)))
	}
	a, b := s.number(n.Args[0], env), s.number(n.Args[1], env)
	return s.arith(n.Op, a, b)
}

// arith is a comparison or an operation on two numbers. / drops the
// remainder, % is never negative for a positive divisor, and both give 0
// for a divisor of 0; a result outside the rules' numbers (% never
// leaves them) is a rules error.
func (s *refState) arith(op string, a, b int64) refVal {
	switch op {
	case "<":
		return refBool(a < b)
	case "<=":
		return refBool(a <= b)
	case ">":
		return refBool(a > b)
	case ">=":
		return refBool(a >= b)
	case "+":
		return s.checked(a+b, "+")
	case "-":
		return s.checked(a-b, "-")
	case "*":
		return s.checked(a*b, "*")
	case "/":
		if b == 0 {
			return refInt(0)
		}
		return s.checked(a/b, "/")
	case "%":
		return refInt(modulo(a, b))
	}
	panic(fmt.Sprintf("rules reference: no definition of the operator %s: add it to evalBinary", op))
}

// evalIn: x in (a, b, …) or x in a list parameter holds when x equals an
// item.
func (s *refState) evalIn(n *node, env *refEnv) refVal {
	x := s.eval(n.Args[0], env)
	var items []refVal
	if r := n.Args[1]; r.Kind == nTuple {
		for _, it := range r.Args {
			items = append(items, s.eval(it, env))
		}
	} else {
		for _, it := range s.eval(r, env).items {
			items = append(items, refItem(it))
		}
	}
	for _, it := range items {
		if s.equal(x, it) {
			return refBool(true)
		}
	}
	return refBool(false)
}

// evalWhere: Z where cond is zone Z with one more condition on its
// cards, card bound to each.
func (s *refState) evalWhere(n *node, env *refEnv) refVal {
	z := s.eval(n.Args[0], env)
	filters := append(append([]refFilter(nil), z.zone.filters...), refFilter{cond: n.Args[1], env: env})
	return refVal{t: typ{k: kZone}, zone: &refZone{inst: z.zone.inst, filters: filters}}
}

// evalIndex: a seat's zone (hand[p]) or value (score[p]), an item of a
// value with a size (x[i], x[p][i]) or of a list parameter (counted from
// 0).
func (s *refState) evalIndex(n *node, env *refEnv) refVal {
	if base := n.Args[0]; base.Kind == nIdent {
		if _, bound := env.lookup(base.Name); !bound {
			if z, ok := s.g.zoneByName[base.Name]; ok {
				p := s.evalAs(n.Args[1], env, typ{k: kSeat}).n
				return refVal{t: typ{k: kZone}, zone: &refZone{inst: s.seatZone(z, p)}}
			}
		}
	}
	if at, ok := s.valuePlace(n, env); ok {
		return refVal{t: at.d.t, n: s.vars[at.place]}
	}
	var l refVal
	if f := n.Args[0]; f.Kind == nField {
		x := s.eval(f.Args[0], env)
		if x.t.k == kRec {
			return refRecordItem(x.items[x.n], f.Op, s.number(n.Args[1], env))
		}
		l = s.fieldOf(x, f.Op)
	} else {
		l = s.eval(n.Args[0], env)
	}
	k := s.number(n.Args[1], env)
	if k < 0 || k >= int64(len(l.items)) {
		s.faultf("list position %d is outside its %d items", k, len(l.items))
	}
	if l.t.k == kRecs {
		return refVal{t: typ{k: kRec}, n: k, items: l.items}
	}
	return refItem(l.items[k])
}

// seatZone is seat p's instance of per-seat zone z; a seat not at the
// table is a rules error.
func (s *refState) seatZone(z *zoneDecl, p int64) int {
	if p < 0 || p >= int64(s.N) {
		s.faultf("zone %s of %s, which is not a seat at the table", z.name, seatWord(p))
	}
	return z.base + int(p)
}

// seatValue is the place of seat p's per-seat value v.
func (s *refState) seatValue(v *valueDecl, p int64) int {
	if p < 0 || p >= int64(s.N) {
		s.faultf("value %s of %s, which is not a seat at the table", v.name, seatWord(p))
	}
	return v.base + int(p)
}

// evalField: a card's field (none's is none, 0 or false) or list, an
// entry's key (a nested key is a path), a list parameter item's key (0
// when it leaves it out).
func (s *refState) evalField(n *node, env *refEnv) refVal {
	return s.fieldOf(s.eval(n.Args[0], env), n.Op)
}

// fieldOf is key or field name of x.
func (s *refState) fieldOf(x refVal, name string) refVal {
	switch x.t.k {
	case kEntry:
		return s.entryKey(x, name)
	case kRec:
		return refRecordKey(x.items[x.n], name)
	}
	c := s.coerce(x, typ{k: kCard}).n
	g := s.g.fast
	if l, ok := g.lists[name]; ok {
		return refVal{t: typ{k: kEntries, list: l}, n: c}
	}
	f := g.fields[name]
	if c < 0 {
		if f.t.k == kEnum {
			return refVal{t: f.t, n: -1}
		}
		return refVal{t: f.t}
	}
	return refVal{t: f.t, n: f.vals[c]}
}

// entryKey is key k of entry x: its value when the path is a key, else
// the path begun (effect.if, then .stage).
func (s *refState) entryKey(x refVal, k string) refVal {
	path := k
	if x.t.path != "" {
		path = x.t.path + "." + k
	}
	l := x.t.list
	if key, ok := l.keys[path]; ok {
		return refVal{t: key.t, n: key.vals[x.n]}
	}
	return refVal{t: typ{k: kEntry, list: l, path: path}, n: x.n}
}

// refRecordKey is key k of an item of a list of mappings: a number
// (true/false read as 1/0), or 0 when the item leaves it out. A name an
// item holds is for people; the rules do not read it.
func refRecordKey(item any, k string) refVal {
	m, _ := item.(map[string]any)
	switch v := m[k].(type) {
	case int:
		return refInt(int64(v))
	case bool:
		return refInt(b2i(v))
	}
	return refInt(0)
}

// refRecordItem is number j of the list of numbers an item holds under
// key k (chips[m].sides[0]), 0 when the item's list has no number j or
// the item leaves the list out (as a key left out reads 0).
func refRecordItem(item any, k string, j int64) refVal {
	m, _ := item.(map[string]any)
	if l, ok := m[k].([]any); ok && j >= 0 && j < int64(len(l)) {
		if v, ok := l[j].(int); ok {
			return refInt(int64(v))
		}
	}
	return refInt(0)
}

// enumNumber reads an enum value as a number ('7' is 7; none is 0).
func enumNumber(t typ, i int64) int64 {
	if i < 0 {
		return 0
	}
	v, _ := strconv.ParseInt(t.enum.values[i], 10, 64)
	return v
}
