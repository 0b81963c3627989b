package masterminds

import (
	"fmt"
	"math/bits"

	"github.com/cardpress/cardpress/engine"
)

// The log's typed events. Every helper here is called only with a log
// (s.Log != nil), so a game without one builds none of them. Zones are the
// decks and piles by name ("prep_deck", "hand", "team", "bag", …), and a
// recruit's Gear slot is "recruit:<talent id>".

// Causes that are rules, not cards.
const (
	causeSetup     = "setup"
	causeBonusGem  = "bonus_gem_matching"
	causeStartGems = "start_clear_gems"
	causeScoreRoll = "scoring_roll"
	causeHeistDie  = "heist_die"
	causeHandLimit = "hand_limit"
	causeRetire    = "retire_after_heist"
	causeOneUse    = "one_use"
	causeTriggers  = "failure_triggers"
	causeOptionA   = "option_a"
	causeOptionB   = "option_b"
	causeOptionC   = "option_c"
	causeFirstRecr = "first_recruit"
	causeFirstRoll = "first_player_roll"
	causeReroll    = "first_player_reroll" // a tie's re-roll
)

// How a seat answered an interrupt window without playing.
const (
	resultPassed       = "pass"          // it could play an Interrupt and chose not to
	resultNonePlayable = "none_playable" // no Interrupt in its hand could be played: not asked
)

// id is card c's id.
func (s *state) id(c int) string { return s.g.cards[c].id }

// recruitZone is where recruit r's Gear sits.
func (s *state) recruitZone(p, r int) string {
	return "recruit:" + s.id(int(s.seats[p].team[r].talent))
}

// at is the current turn's place in the game, in phase.
func (s *state) at(phase string, stage int) *engine.At {
	a := &engine.At{Turn: s.turns, Phase: phase, Stage: stage}
	if s.turns > 0 {
		a.Round = (s.turns-1)/s.N + 1
	}
	return a
}

// Task x of a gem gain or of a recruit, untap or discard_gear effect is
// its cause: card c as c+1, 0 for none (the turn's option A), xBonus for
// the matching-dice bonus gem.
const xBonus = -1

func causeX(c int) int16 { return int16(c + 1) }

func (s *state) causeOf(x int16, none string) string {
	switch {
	case x == xBonus:
		return causeBonusGem
	case x > 0:
		return s.id(int(x) - 1)
	}
	return none
}

// gemEvent logs a change of n gems of kind k for seat p (n < 0: paid or
// lost), with the seat's holding of that kind after it.
func (s *state) gemEvent(kind string, p, k, n int, cause, from, to string) {
	verb := "gains"
	if n < 0 {
		verb = "loses"
	}
	total := int(s.seats[p].gems[k])
	s.Record(engine.Event{Kind: kind, Player: p, Resource: s.kindName(k), Amount: engine.Int(abs(n)), Total: engine.Int(total),
		Cause: cause, From: from, To: to,
		Text: fmt.Sprintf("%s %d %s gem(s) (%s; now %d; %d in the bag)", verb, abs(n), s.kindName(k), cause, total, s.bag.Len())})
}

// cardEvent logs card c moving from one zone to another.
func (s *state) cardEvent(kind string, p, c int, from, to, cause, text string) {
	s.Record(engine.Event{Kind: kind, Player: p, Card: s.id(c), From: from, To: to, Cause: cause, Text: text})
}

// nothing logs an effect that came to nothing: printed n, none done.
func (s *state) nothing(kind string, p int, resource string, n int, cause, why string) {
	s.Record(engine.Event{Kind: kind, Player: p, Resource: resource, Amount: engine.Int(0), Printed: engine.Int(n), Cause: cause,
		Text: fmt.Sprintf("gets 0 of %d %s (%s): %s", n, resource, cause, why)})
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// logScore logs seat q's final score in its parts: each gem kind held
// (count and points), the completed heists (a tie-break), then the sum.
func (s *state) logScore(q int) {
	st := &s.seats[q]
	for k, n := range st.gems {
		if n == 0 {
			continue
		}
		v := s.gemValue(k)
		s.Record(engine.Event{Kind: "score_gems", Player: q, Resource: s.kindName(k), Total: engine.Int(int(n)), Amount: engine.Int(int(n) * v),
			Text: fmt.Sprintf("has %d %s gem(s) worth %d each: %d points", n, s.kindName(k), v, int(n)*v)})
	}
	s.Record(engine.Event{Kind: "score_heists", Player: q, Resource: "heist", Total: engine.Int(int(st.heists)),
		Text: fmt.Sprintf("has completed %d heist(s)", st.heists)})
	s.Record(engine.Event{Kind: "score", Player: q, Resource: "points", Amount: engine.Int(s.score(q)),
		Text: fmt.Sprintf("scores %d", s.score(q))})
}

// firstRollEvent logs seat q's die for the first player, in round t.n of
// the roll (2 and on: re-rolls of a tie).
func (s *state) firstRollEvent(q int, t *task, face int) {
	cause, verb := causeFirstRoll, "rolls"
	if t.n > 1 {
		cause, verb = causeReroll, "re-rolls"
	}
	s.Record(engine.Event{Kind: "first_roll", Player: q, Resource: "die", Amount: engine.Int(face), Cause: cause, At: s.at("setup", int(t.n)),
		Text: fmt.Sprintf("%s %d for the first player", verb, face)})
}

// firstTieEvent logs a tie for the highest face: the seats in tied roll again.
func (s *state) firstTieEvent(t *task, high int, tied int16) {
	n := bits.OnesCount16(uint16(tied))
	s.Record(engine.Event{Kind: "first_tie", Player: -1, Resource: "die", Amount: engine.Int(high), Total: engine.Int(n), Cause: causeFirstRoll,
		Result: "re-roll", At: s.at("setup", int(t.n)), Text: fmt.Sprintf("%d seats tie on %d for the first player and roll again", n, high)})
}

// firstEvent logs the seat whose face alone was highest: it goes first.
func (s *state) firstEvent(q int, t *task, high int) {
	s.Record(engine.Event{Kind: "first", Player: q, Resource: "die", Amount: engine.Int(high), Cause: causeFirstRoll, Result: "first", At: s.at("setup", int(t.n)),
		Text: fmt.Sprintf("rolls highest (%d) and goes first", high)})
}

// windowEvent logs an interrupt window (task t, acting seat t.p): it opens
// (window), each seat from the acting one clockwise answers once, with
// the Interrupt it plays (interrupt, card c) or a pass (result says
// whether it chose to), and it closes (window_end). Target is the acting
// seat; At phase "interrupt", stage 1 before the roll and 2 after it.
func (s *state) windowEvent(kind string, q int, t *task, c int, result string) {
	acting := int(t.p)
	e := engine.Event{Kind: kind, Player: q, Target: engine.Int(acting), Result: result, At: s.at("interrupt", int(t.x)+1)}
	when := "before the roll"
	if t.x == 1 {
		when = "after the roll"
	}
	switch kind {
	case "window":
		e.Resource, e.Total = "total", engine.Int(s.total)
		e.Text = fmt.Sprintf("opens the interrupt window %s (total %d)", when, s.total)
		if t.x == 1 {
			e.Amount = engine.Int(s.roll)
			e.Text = fmt.Sprintf("opens the interrupt window %s (total %d, die %d)", when, s.total, s.roll)
		}
	case "interrupt":
		e.Card, e.From, e.To = s.id(c), "hand", "play"
		e.Text = fmt.Sprintf("interrupts with %s (%s, seat %d acting)", s.g.cards[c].name, when, acting+1)
	case "pass":
		e.Text = fmt.Sprintf("passes in the interrupt window %s (seat %d acting)", when, acting+1)
		if result == resultNonePlayable {
			e.Text = fmt.Sprintf("has no Interrupt to play %s: passes (seat %d acting)", when, acting+1)
		}
	case "window_end":
		e.Text = "closes the interrupt window " + when
	}
	s.Record(e)
}
