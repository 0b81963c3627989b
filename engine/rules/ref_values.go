package rules

import (
	"github.com/cardpress/cardpress/engine"
)

// Where cards and values start, where a value lives, and the estimate
// the heuristic bot plays by (docs/rules.md: Zones, Several start zones,
// Values, Values with a size, evaluate).

// startZones puts every card in play in its start zone, in the order of
// the card files: the first zone, in the order of zones:, whose start
// condition holds for the card (card bound; it reads the card, the
// parameters and players), else the start: true zone.
func (s *refState) startZones() {
	g := s.g.fast
	decls := get(g.data.Rules.Root, "zones")
	for _, c := range g.inPlay[s.N] {
		to := g.zones[g.startZone].base
		for _, z := range g.zones {
			cond := get(get(decls, z.name), "start")
			if cond == nil || scalar(cond) == "true" || scalar(cond) == "false" {
				continue
			}
			if s.truth(s.g.tree(cond), (*refEnv)(nil).bind("card", refCard(int64(c)))) {
				to = z.base
				break
			}
		}
		s.zones[to] = append(s.zones[to], c)
	}
}

// refPlace is where one value lives among a state's values: its
// declaration, the seat it belongs to (-1: the table's) and its place.
type refPlace struct {
	d     *valueDecl
	seat  int64
	place int
}

// valuePlace is the value n names, if it names one: x (a table value),
// x[seat] (a seat's), x[i] (an item of a table value with a size) or
// x[seat][i] (an item of a seat's); a bound name hides a value. The item
// is worked out before the seat. An item outside the value, or a seat
// not at the table, is a rules error.
func (s *refState) valuePlace(n *node, env *refEnv) (refPlace, bool) {
	d, args := s.valueNamed(n, env)
	if d == nil {
		return refPlace{}, false
	}
	at := refPlace{d: d, seat: -1, place: d.base}
	switch {
	case d.size > 0:
		k := s.number(args[len(args)-1], env)
		if k < 0 || k >= int64(d.size) {
			s.faultf("item %d of value %s, which holds items 0 to %d", k, d.name, d.size-1)
		}
		at.place += int(k)
		if d.perPlayer {
			// A seat's items lie together: base + seat×size + item.
			at.seat = s.evalAs(args[0], env, typ{k: kSeat}).n
			s.seatValue(d, at.seat) // a seat not at the table is a rules error
			at.place = d.base + int(at.seat)*d.size + int(k)
		}
	case d.perPlayer:
		at.seat = s.evalAs(args[0], env, typ{k: kSeat}).n
		at.place = s.seatValue(d, at.seat)
	}
	return at, true
}

// valueNamed is the value declaration n reads and its indexes (the seat,
// then the item), when n has exactly the indexes the value takes.
func (s *refState) valueNamed(n *node, env *refEnv) (*valueDecl, []*node) {
	var args []*node
	for n.Kind == nIndex {
		args = append([]*node{n.Args[1]}, args...)
		n = n.Args[0]
	}
	if n.Kind != nIdent {
		return nil, nil
	}
	if _, bound := env.lookup(n.Name); bound {
		return nil, nil
	}
	d := s.g.valueByName[n.Name]
	if d == nil {
		return nil, nil
	}
	want := 0
	if d.perPlayer {
		want++
	}
	if d.size > 0 {
		want++
	}
	if len(args) != want {
		return nil, nil
	}
	return d, args
}

// Evaluate is evaluate: for seat p (seat bound), how well p is doing;
// 0 without one, or when working it out is a rules error (an estimate
// changes nothing at the table).
func (s *refState) Evaluate(p engine.Player) (score float64) {
	n := get(s.g.fast.data.Rules.Root, "evaluate")
	if n == nil {
		return 0
	}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(refFault); !ok {
				panic(r)
			}
			score = 0
		}
	}()
	steps := s.steps
	defer func() { s.steps = steps }()
	return float64(s.number(s.g.tree(n), (*refEnv)(nil).bind("seat", refSeat(int64(p)))))
}

// HasEvaluator reports whether the rules give evaluate:.
func (s *refState) HasEvaluator() bool { return get(s.g.fast.data.Rules.Root, "evaluate") != nil }
