package rules

import (
	"fmt"

	"github.com/cardpress/cardpress/engine"

	"go.yaml.in/yaml/v3"
)

// Choices, the zones' cards, and the log.

// execChoose waits for a decision. player: all is every seat's secret
// choice: a seat with no legal option sits it out, and when no seat has
// one the choice is skipped. Otherwise the seat player names decides (the
// bound player when it names none); a seat with no legal option is a
// rules error. Number options' ends are worked out first, for every seat
// deciding (ref_numbers.go).
func (s *refState) execChoose(v *yaml.Node, env *refEnv) {
	ranges := make([][]refRange, s.N)
	if scalar(get(v, "player")) == "all" {
		for p := range s.N {
			ranges[p] = s.openNumbers(v, env, p)
		}
		legal := make([][]engine.Action, s.N)
		some := false
		for p := range s.N {
			legal[p] = s.legalAt(v, env, p, ranges[p])
			some = some || len(legal[p]) > 0
		}
		if some {
			s.wait = refWait{kind: wAll, choice: v, env: env, legal: legal, ranges: ranges}
		}
		return
	}
	var who refVal
	if n := get(v, "player"); n != nil {
		who = s.evalAs(s.g.tree(n), env, typ{k: kSeat})
	} else {
		who, _ = env.lookup("player")
	}
	p := who.n
	if p < 0 || p >= int64(s.N) {
		s.faultf("%s is to choose, which is not a seat at the table", seatWord(p))
	}
	ranges[p] = s.openNumbers(v, env, int(p))
	legal := s.legalAt(v, env, int(p), ranges[p])
	s.wait = refWait{kind: wSeat, seat: int(p), choice: v, env: env, legal: [][]engine.Action{legal}, ranges: ranges}
	if len(legal) == 0 {
		id := ""
		if n := get(v, "id"); n != nil {
			id = " at choice " + n.Value
		}
		s.faultf("seat %d has no legal option%s", p+1, id)
	}
}

// legalAt is seat p's legal actions at choice ch, sorted: option by
// option, a card option's distinct cards in card order (those that pass
// its zone's filter and its if), a value option's values in their order
// (seats from seat 1; numbers from the low end of p's range r), an action
// option's action, each when its if holds with player bound to p.
func (s *refState) legalAt(ch *yaml.Node, env *refEnv, p int, r []refRange) []engine.Action {
	env = env.bind("player", refSeat(int64(p)))
	var legal []engine.Action
	for _, o := range s.g.choiceOptions(ch) {
		cond := get(o.node, "if")
		holds := func(e *refEnv) bool { return cond == nil || s.truth(s.g.tree(cond), e) }
		switch o.kind {
		case optCard:
			z := s.zoneOf(get(o.node, "card"), env)
			present := make([]bool, len(s.g.fast.cards))
			for _, c := range s.zones[z.inst] {
				present[c] = true
			}
			for c, in := range present {
				if in && s.passes(z, int64(c)) && holds(env.bind("card", refCard(int64(c)))) {
					legal = append(legal, engine.Action(o.base+c))
				}
			}
		case optValue:
			for k := range s.valueCount(o, r) {
				if holds(env.bind("value", s.optionValue(o, r, k))) {
					legal = append(legal, engine.Action(o.base+int(k)))
				}
			}
		case optAction:
			if holds(env) {
				legal = append(legal, engine.Action(o.base))
			}
		}
	}
	return legal
}

// valueCount is how many values value option o offers: its type's
// values, the seats at the table, or the numbers of range r[o].
func (s *refState) valueCount(o refOption, r []refRange) int64 {
	switch {
	case o.numbers:
		return max(0, r[o.at].hi-r[o.at].lo+1)
	case o.enum == nil:
		return int64(s.N)
	}
	return int64(o.size)
}

// optionValue is value k of a value option: a seat, an enum value, or
// the number k above the low end of the seat's range.
func (s *refState) optionValue(o refOption, r []refRange, k int64) refVal {
	switch {
	case o.numbers:
		return refInt(numberValue(o, r[o.at], o.base+int(k)))
	case o.enum == nil:
		return refSeat(k)
	}
	return refVal{t: typ{k: kEnum, enum: o.enum}, n: k}
}

// decide carries out seat p's action a at choice ch (r: p's number
// ranges): the choice is logged, a card option's card moves to its to:
// first, then its then runs, with player, and card or value, bound.
func (s *refState) decide(ch *yaml.Node, env *refEnv, p int, a engine.Action, r []refRange) {
	o, ok := s.option(ch, a)
	if !ok {
		panic(fmt.Sprintf("rules reference: action %d is not an option", a))
	}
	env = env.bind("player", refSeat(int64(p)))
	inner := env
	k := int64(int(a) - o.base)
	card := ""
	switch o.kind {
	case optCard:
		inner = env.bind("card", refCard(k))
		card = s.g.fast.cards[k].id
	case optValue:
		inner = env.bind("value", s.optionValue(o, r, k))
	}
	s.Record(engine.Event{Kind: "choose", Player: p, Card: card, Text: s.actionText(o, a, r)})
	if to := get(o.node, "to"); to != nil && o.kind == optCard {
		from := s.zoneOf(get(o.node, "card"), env)
		s.moveCard(from.inst, s.zoneOf(to, inner).inst, k)
	}
	s.push(get(o.node, "then"), inner)
}

// add puts card c on top of zone instance i.
// A card that moves is no longer known where it was shown.
func (s *refState) add(i int, c uint8) {
	s.zones[i] = append(s.zones[i], c)
	s.shown[c] = refShown{}
}

// takeAt removes the card at position k of instance i: an ordered zone
// closes the gap; an unordered one moves its top card into it (an
// unordered zone's order means nothing, but it decides which card a move
// of count cards takes, so it is defined).
func (s *refState) takeAt(i, k int) uint8 {
	cards := s.zones[i]
	c := cards[k]
	if s.g.fast.instZones[i].ordered {
		s.zones[i] = append(cards[:k], cards[k+1:]...)
	} else {
		cards[k] = cards[len(cards)-1]
		s.zones[i] = cards[:len(cards)-1]
	}
	return c
}

// take removes card c from instance i (the topmost copy of an ordered
// zone, the bottommost of an unordered one) and reports whether it was
// there.
func (s *refState) take(i int, c uint8) bool {
	cards := s.zones[i]
	k := -1
	for j, x := range cards {
		if x == c && (k < 0 || s.g.fast.instZones[i].ordered) {
			k = j
		}
	}
	if k < 0 {
		return false
	}
	s.takeAt(i, k)
	return true
}

// instName names a zone instance: "discard", "hand of seat 2".
func (s *refState) instName(i int) string {
	z := s.g.fast.instZones[i]
	if !z.perPlayer {
		return z.name
	}
	return fmt.Sprintf("%s of seat %d", z.name, i-z.base+1)
}

// instSeat is the seat an instance belongs to, -1 for the table's.
func (s *refState) instSeat(i int) int {
	if z := s.g.fast.instZones[i]; z.perPlayer {
		return i - z.base
	}
	return -1
}

// logMove logs a card moving (or drawn): the seat it concerns is the
// receiving zone's, else the giving zone's.
func (s *refState) logMove(kind string, from, to int, c uint8) {
	if s.Log == nil {
		return // nothing to write it to: a clone, a smoke game
	}
	seat := s.instSeat(to)
	if seat < 0 {
		seat = s.instSeat(from)
	}
	verb := "moves"
	if kind == "draw" {
		verb = "draws"
	}
	name := s.g.fast.cards[c].name
	text := fmt.Sprintf("%s %s from %s to %s", verb, name, s.instName(from), s.instName(to))
	if seat < 0 {
		text = name + " goes from " + s.instName(from) + " to " + s.instName(to)
	}
	s.Record(engine.Event{Kind: kind, Player: seat, Card: s.g.fast.cards[c].id, From: s.g.fast.instZones[from].name,
		To: s.g.fast.instZones[to].name, Text: text})
}

// logSet logs a value's change (seat -1: a table value); k is the place
// set, from v's base, and an item of a value with a size is named by
// its number (heap[1] is now 12).
func (s *refState) logSet(v *valueDecl, seat, k int, old, now int64) {
	if s.Log == nil {
		return
	}
	name := v.name
	if v.size > 0 {
		name = fmt.Sprintf("%s[%d]", v.name, k%v.size)
	}
	e := engine.Event{Kind: "set", Player: seat, Resource: v.name, Text: fmt.Sprintf("%s is now %s", name, s.show(v.t, now))}
	if v.t.k == kInt {
		e.Amount, e.Total = engine.Int(int(now-old)), engine.Int(int(now))
	}
	s.Record(e)
}
