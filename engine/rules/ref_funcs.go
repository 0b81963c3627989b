package rules

import "fmt"

// The functions of expressions, one each; the aggregates walk what
// refOver lists.

func (s *refState) evalCall(n *node, env *refEnv) refVal {
	switch n.Op {
	case "count":
		return s.callCount(n, env)
	case "sum":
		return s.callSum(n, env)
	case "any", "all":
		return s.callAnyAll(n, env)
	case "min", "max":
		return s.callMinMax(n, env)
	case "argmin", "argmax":
		return s.callArg(n, env)
	case "top", "bottom":
		return s.callTop(n, env)
	case "next", "prev", "across":
		return s.callNext(n, env)
	case "seat":
		return s.callSeat(n, env)
	case "if":
		return s.callIf(n, env)
	case "has":
		return s.callHas(n, env)
	case "abs":
		v := s.number(n.Args[0], env)
		return s.checked(max(v, -v), "abs")
	case "index":
		return refInt(s.eval(n.Args[0], env).n)
	case "number":
		v := s.eval(n.Args[0], env)
		return refInt(enumNumber(v.t, v.n))
	case "len":
		return refInt(int64(len(s.eval(n.Args[0], env).items)))
	case "nth":
		return s.callNth(n, env)
	}
	panic(fmt.Sprintf("rules reference: no definition of the function %s: add it to evalCall", n.Op))
}

// refOver is what an aggregate walks: a zone's cards that pass its
// filters, bottom first (card bound), every seat from seat 1 (seat
// bound), or a list parameter's items (item bound). Each thing visited
// is a step.
func (s *refState) refOver(over refVal, env *refEnv) (name string, vals []refVal) {
	switch over.t.k {
	case kSeats:
		for p := range s.N {
			vals = append(vals, refSeat(int64(p)))
		}
		return "seat", vals
	case kRecs:
		for k := range over.items {
			vals = append(vals, refVal{t: typ{k: kRec}, n: int64(k), items: over.items})
		}
		return "item", vals
	}
	return "card", s.zoneCards(over.zone)
}

// zoneCards are the cards of a zone that pass its filters, bottom first.
func (s *refState) zoneCards(z *refZone) []refVal {
	var cards []refVal
	for _, c := range s.zones[z.inst] {
		s.step()
		if s.passes(z, int64(c)) {
			cards = append(cards, refCard(int64(c)))
		}
	}
	return cards
}

// passes reports whether card c meets every filter of z.
func (s *refState) passes(z *refZone, c int64) bool {
	for _, f := range z.filters {
		if !s.truth(f.cond, f.env.bind("card", refCard(c))) {
			return false
		}
	}
	return true
}

// aggregate is the walk of an aggregate call: each thing visited, bound
// (as card, seat or item, or as the name its first argument gives with
// as: sum(taken[seat] as c, ...)).
func (s *refState) aggregate(n *node, env *refEnv) []*refEnv {
	first, as := splitAs(n.Args[0])
	over := s.eval(first, env)
	name, vals := s.refOver(over, env)
	if as != "" {
		name = as
	}
	envs := make([]*refEnv, len(vals))
	for i, v := range vals {
		if over.t.k != kZone {
			s.step()
		}
		envs[i] = env.bind(name, v)
	}
	return envs
}

// splitAs parts an aggregate's first argument, X or X as name, into X
// and the name ("" without as).
func splitAs(n *node) (*node, string) {
	if n.Kind == nBinary && n.Op == "as" {
		return n.Args[0], n.Args[1].Name
	}
	return n, ""
}

// count(X) is how many X holds; count(X, cond) how many meet cond.
func (s *refState) callCount(n *node, env *refEnv) refVal {
	k := int64(0)
	for _, e := range s.aggregate(n, env) {
		if len(n.Args) == 1 || s.truth(n.Args[1], e) {
			k++
		}
	}
	return refInt(k)
}

// sum(X, n) adds n up over X; the total must stay within the numbers.
func (s *refState) callSum(n *node, env *refEnv) refVal {
	t := int64(0)
	for _, e := range s.aggregate(n, env) {
		t += s.number(n.Args[1], e)
	}
	return s.checked(t, "sum")
}

// any(X, cond) holds when cond holds for one thing of X (false for none);
// all(X, cond) when it holds for every one (true for none). Each stops at
// the first thing that decides it.
func (s *refState) callAnyAll(n *node, env *refEnv) refVal {
	want := n.Op == "any"
	for _, e := range s.aggregate(n, env) {
		if s.truth(n.Args[1], e) == want {
			return refBool(want)
		}
	}
	return refBool(!want)
}

// min(a, b), max(a, b) of two numbers; min(X, n), max(X, n) the least or
// greatest n over X, 0 when X is empty.
func (s *refState) callMinMax(n *node, env *refEnv) refVal {
	over, _ := splitAs(n.Args[0])
	first := s.eval(over, env)
	high := n.Op == "max"
	if k := first.t.k; k != kZone && k != kSeats && k != kRecs {
		a, b := first.n, s.number(n.Args[1], env)
		if high {
			return refInt(max(a, b))
		}
		return refInt(min(a, b))
	}
	best, found := int64(0), false
	for _, e := range s.aggregate(n, env) {
		v := s.number(n.Args[1], e)
		if !found || high && v > best || !high && v < best {
			best, found = v, true
		}
	}
	return refInt(best)
}

// argmax(seats, n), argmin(seats, n): the seat where n is highest or
// lowest, the lowest-numbered on a tie.
func (s *refState) callArg(n *node, env *refEnv) refVal {
	high := n.Op == "argmax"
	best, who := int64(0), int64(-1)
	for p, e := range s.aggregate(n, env) {
		v := s.number(n.Args[1], e)
		if who < 0 || high && v > best || !high && v < best {
			best, who = v, int64(p)
		}
	}
	return refSeat(who)
}

// top(Z), bottom(Z): the card added last or first to an ordered zone,
// none when it is empty.
func (s *refState) callTop(n *node, env *refEnv) refVal {
	cards := s.zones[s.eval(n.Args[0], env).zone.inst]
	if len(cards) == 0 {
		return refCard(-1)
	}
	if n.Op == "top" {
		return refCard(int64(cards[len(cards)-1]))
	}
	return refCard(int64(cards[0]))
}

// next(p, k) is k seats to p's left (1 by default), prev(p, k) k to its
// right, across(p) players/2 to its left, round the table; of none, none.
func (s *refState) callNext(n *node, env *refEnv) refVal {
	p := s.evalAs(n.Args[0], env, typ{k: kSeat}).n
	k := int64(1)
	if len(n.Args) == 2 {
		k = s.number(n.Args[1], env)
	}
	N := int64(s.N)
	switch n.Op {
	case "prev":
		k = -k
	case "across":
		k = N / 2
	}
	if p < 0 {
		return refSeat(-1)
	}
	return refSeat(((p+k)%N + N) % N)
}

// seat(k) is the k-th seat from 1, none outside 1 to players.
func (s *refState) callSeat(n *node, env *refEnv) refVal {
	k := s.number(n.Args[0], env) - 1
	if k < 0 || k >= int64(s.N) {
		return refSeat(-1)
	}
	return refSeat(k)
}

// if(c, a, b) is a when c holds, else b; only the one chosen is worked
// out.
func (s *refState) callIf(n *node, env *refEnv) refVal {
	if s.truth(n.Args[0], env) {
		return s.eval(n.Args[1], env)
	}
	return s.eval(n.Args[2], env)
}

// has(c, k): card c has keyword k; false for none.
func (s *refState) callHas(n *node, env *refEnv) refVal {
	c := s.evalAs(n.Args[0], env, typ{k: kCard}).n
	w := s.evalAs(n.Args[1], env, typ{k: kEnum, enum: s.g.fast.types["keyword"]}).n
	if c < 0 || w < 0 || w >= 256 {
		return refBool(false)
	}
	return refBool(s.g.fast.keywords[c][w>>6]>>(w&63)&1 == 1)
}

// callNth: nth(x, v, k), the position of the k-th item of x that is v
// (counted from 1), or -1. The row starts where x[0] lies (its seat
// worked out once, as the fast engine does).
func (s *refState) callNth(n *node, env *refEnv) refVal {
	first := &node{Kind: nIndex, Args: []*node{n.Args[0], {Kind: nNum}}}
	d, _ := s.valueNamed(first, env)
	want := s.evalAs(n.Args[1], env, d.t).n
	k := s.number(n.Args[2], env)
	at, _ := s.valuePlace(first, env)
	for i, item := range s.vars[at.place : at.place+d.size] {
		if item == want {
			if k--; k == 0 {
				return refInt(int64(i))
			}
		}
	}
	return refInt(-1)
}
