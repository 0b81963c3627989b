package rules

import (
	"fmt"
	"strconv"

	"github.com/cardpress/cardpress/engine"
)

// instName names a zone instance for the log: "discard", "hand of seat 2".
func (s *state) instName(i int) string {
	z := s.instZone(i)
	if !z.perPlayer {
		return z.name
	}
	return fmt.Sprintf("%s of seat %d", z.name, i-z.base+1)
}

// instSeat is the seat a zone instance belongs to, -1 for the table's.
func (s *state) instSeat(i int) int {
	z := s.instZone(i)
	if !z.perPlayer {
		return -1
	}
	return i - z.base
}

func (s *state) cardName(c int64) string {
	if c < 0 || int(c) >= len(s.g.cards) {
		return "no card"
	}
	return s.g.cards[c].name
}

// logMove records a card moving between zones. A card going into a zone
// some seat cannot see is still named: the log is the whole truth.
func (s *state) logMove(kind string, from, to int, c uint8) {
	seat := s.instSeat(to)
	if seat < 0 {
		seat = s.instSeat(from)
	}
	verb := "moves"
	if kind == "draw" {
		verb = "draws"
	}
	text := fmt.Sprintf("%s %s from %s to %s", verb, s.g.cards[c].name, s.instName(from), s.instName(to))
	if seat < 0 {
		text = s.g.cards[c].name + " goes from " + s.instName(from) + " to " + s.instName(to)
	}
	s.Record(engine.Event{Kind: kind, Player: seat, Card: s.g.cards[c].id, From: s.instZone(from).name, To: s.instZone(to).name, Text: text})
}

// logSet records a value changing.
// k is the place set, from v's base: an item of a value with a size is
// named by its number (x[3] is now 5).
func (s *state) logSet(v *valueDecl, seat, k int, old, now int64) {
	e := engine.Event{Kind: "set", Player: seat, Resource: v.name}
	if v.t.k == kInt {
		e.Amount, e.Total = engine.Int(int(now-old)), engine.Int(int(now))
	}
	name := v.name
	if v.size > 0 {
		name = fmt.Sprintf("%s[%d]", v.name, k%v.size)
	}
	e.Text = fmt.Sprintf("%s is now %s", name, s.show(v.t, now))
	s.Record(e)
}

// show writes a value of type t in words.
func (s *state) show(t typ, v int64) string {
	switch t.k {
	case kBool:
		return strconv.FormatBool(v != 0)
	case kSeat:
		if v < 0 {
			return "none"
		}
		return fmt.Sprintf("seat %d", v+1)
	case kCard:
		return s.cardName(v)
	case kEnum:
		if v < 0 || int(v) >= len(t.enum.values) {
			return "none"
		}
		return t.enum.values[v]
	}
	return strconv.FormatInt(v, 10)
}

// actionCard is the card id action a plays at ch, or "".
func (s *state) actionCard(ch *choice, a engine.Action) string {
	if c := s.playedCard(ch, a); c >= 0 {
		return s.g.cards[c].id
	}
	return ""
}

// actionText is action a at ch in words: "play Eight of Clubs", "name
// hearts", "draw".
func (s *state) actionText(ch *choice, p int, a engine.Action) string {
	o := ch.option(int(a))
	if o == nil {
		return fmt.Sprintf("action %d", a)
	}
	v := int64(int(a) - o.base)
	switch o.kind {
	case optCard:
		return o.name + " " + s.cardName(v)
	case optValue:
		if o.num != nil {
			return o.name + " " + numberWord(s.optionValue(o, p, a))
		}
		if o.enum == nil {
			return o.name + " " + s.show(typ{k: kSeat}, v)
		}
		return o.name + " " + s.show(typ{k: kEnum, enum: o.enum}, v)
	}
	return o.name
}

func (s *state) ActionString(p engine.Player, a engine.Action) string {
	if p == engine.Chance {
		if s.mode == mRoll {
			return fmt.Sprintf("roll %d", a)
		}
		return "draw " + s.cardName(int64(a))
	}
	if s.ch == nil {
		return fmt.Sprintf("action %d", a)
	}
	return s.actionText(s.ch, int(p), a)
}

// actionWord is what a rule test calls action a at ch: a card's id, a
// value's name, a seat's number, an action's name.
func (s *state) actionWord(ch *choice, p int, a engine.Action) string {
	o := ch.option(int(a))
	if o == nil {
		return ""
	}
	v := int64(int(a) - o.base)
	switch o.kind {
	case optCard:
		return s.g.cards[v].id
	case optValue:
		if o.num != nil {
			return numberWord(s.optionValue(o, p, a))
		}
		if o.enum == nil {
			return strconv.FormatInt(v+1, 10) // seats are numbered from 1
		}
		return o.enum.values[v]
	}
	return o.name
}

// seatWord names a seat value in a message: "seat 2", or "none".
func seatWord(p int64) string {
	if p < 0 {
		return "none"
	}
	return fmt.Sprintf("seat %d", p+1)
}
