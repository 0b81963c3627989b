package mice

import (
	"fmt"

	"github.com/cardpress/cardpress/engine"
)

// The typed log (RULES.md, The log). Every helper returns at once without
// a log, before it builds anything: smoke games log nothing and play the
// same.

// Zones of the log's From and To. Cheese lies in the supply, a stash, on
// a skill (covering it; Card names the skill), on a helper's chip in front
// of the tester (a bet) or on an obstacle (Card names it).
const (
	zSupply   = "supply"
	zStash    = "stash"
	zSkill    = "skill"
	zBet      = "bet"
	zObstacle = "obstacle"
	zBag      = "bag"
	zTest     = "test" // the chips drawn for the current test
	zPlayArea = "play area"
	// Cards: a seat's row of skills, the box, the upgrade deck, the market.
	zSkills = "skills"
	zBox    = "box"
	zDeck   = "deck"
	zMarket = "market"
)

// Steps of a turn, the At.Phase of its events.
const (
	stSetup    = "setup"
	stSelect   = "select"
	stHelp     = "help"
	stDraw     = "draw"
	stActivate = "activate"
	stResolve  = "resolve"
	stAdvance  = "advance"
	stCleanup  = "cleanup"
	stEnd      = "end"
)

func (s *state) at(phase string) *engine.At { return &engine.At{Turn: s.turn, Phase: phase} }

// cardID is card c's id, "" for none (-1).
func (s *state) cardID(c int) string {
	if c < 0 {
		return ""
	}
	return s.g.cards[c].id
}

// logCheese logs n cheese moving from one zone to another (printed: what
// the rule or card says, when the supply could not give it all) for seat
// p, or the table (-1), with the seat's stash after it (the supply's for
// the table). card is the skill or obstacle the cheese lies on or comes
// from (-1: none); cause the card id or rule that moved it.
func (s *state) logCheese(kind, phase string, p int, cause string, card int, from, to string, n, printed int) {
	s.logCheeseWith(kind, phase, p, -1, cause, card, from, to, n, printed)
}

// logCheeseWith is logCheese with the other seat it concerns (target; -1:
// none): the helper whose bet the tester collects.
func (s *state) logCheeseWith(kind, phase string, p, target int, cause string, card int, from, to string, n, printed int) {
	if s.Log == nil {
		return
	}
	e := engine.Event{Kind: kind, Player: p, Cause: cause, Card: s.cardID(card), Resource: "cheese",
		Amount: engine.Int(n), From: from, To: to, At: s.at(phase)}
	of := ""
	if target >= 0 {
		e.Target = engine.Int(target)
		of = fmt.Sprintf(" of seat %d", target+1)
	}
	holder, total := zSupply, s.supply
	if p >= 0 {
		holder, total = zStash, s.stash[p]
	}
	e.Total = engine.Int(total)
	if printed != n {
		e.Printed = engine.Int(printed)
	}
	e.Text = fmt.Sprintf("moves %d%s cheese: %s%s%s → %s%s (%s); %s %d",
		n, ofPrinted(e.Printed), from, onCard(s, card, from), of, to, onCard(s, card, to), cause, holder, total)
	s.Record(e)
}

// ofPrinted is " of N" for a printed amount that was not met.
func ofPrinted(printed *int) string {
	if printed == nil {
		return ""
	}
	return fmt.Sprintf(" of %d", *printed)
}

// onCard names the card a skill or obstacle zone is.
func onCard(s *state, card int, zone string) string {
	if card < 0 || (zone != zSkill && zone != zObstacle) {
		return ""
	}
	return " " + s.g.cards[card].name
}

// logChip logs chip c drawn (from the bag) or flipped: the side it now
// shows, what that changed in the rating, and the rating after. cause is
// the skill whose effect drew or flipped it, or the step's rule.
func (s *state) logChip(kind, cause string, c, change int) {
	if s.Log == nil {
		return
	}
	lo, hi := s.chips.Sides(c)
	e := engine.Event{Kind: kind, Player: s.tester, Card: s.g.chipIDs[c], Cause: cause, Resource: "rating",
		Amount: engine.Int(change), Total: engine.Int(s.rating()), Result: fmt.Sprintf("side %d", s.chips.Side(c)+1),
		At: s.at(stDraw)}
	if kind == "chip" {
		e.From, e.To = zBag, zTest
	} else {
		e.At.Phase = stActivate
	}
	verb := map[string]string{"chip": "draws", "flip": "flips"}[kind]
	e.Text = fmt.Sprintf("%s %s (%+d/%+d), %s: rating %+d, now %+d (%s)", verb, e.Card, lo, hi, e.Result, *e.Amount, *e.Total, cause)
	s.Record(e)
}

// logEffect logs a skill's effect that adds to the rating, or any effect
// that came to nothing (amount 0, the printed amount beside it): why, in
// result.
func (s *state) logEffect(kind string, skill int, resource string, amount, printed int, result string) {
	if s.Log == nil {
		return
	}
	id := s.g.cards[skill].id
	e := engine.Event{Kind: kind, Player: s.tester, Card: id, Cause: id, Resource: resource,
		Amount: engine.Int(amount), Result: result, At: s.at(stActivate)}
	if printed != amount {
		e.Printed = engine.Int(printed)
	}
	after := ""
	if resource == "rating" {
		e.Total = engine.Int(s.rating())
		after = fmt.Sprintf("; rating %+d", *e.Total)
	}
	e.Text = fmt.Sprintf("%s of %s: %+d%s %s%s%s", kind, s.g.cards[skill].name, amount, ofPrinted(e.Printed), resource, resultNote(result), after)
	s.Record(e)
}

func resultNote(result string) string {
	if result == "" {
		return ""
	}
	return " (" + result + ")"
}

// logTrack logs seat p moved up job j's track by k (printed) from space
// from: the spaces it actually moved and where it landed.
func (s *state) logTrack(p, j int, cause string, k, from, at int) {
	if s.Log == nil {
		return
	}
	e := engine.Event{Kind: "track", Player: p, Cause: cause, Resource: "contribution", Amount: engine.Int(at - from),
		To: "track " + s.g.jobs[j], Total: engine.Int(at), At: s.at(stResolve)}
	counted := ""
	if k != at-from { // occupied spaces skipped, or the end of the track reached
		e.Printed = engine.Int(k)
		counted = fmt.Sprintf(", counting %d", k)
	}
	e.Text = fmt.Sprintf("moves up %d on %s to space %d (%s%s)", *e.Amount, e.To, at, cause, counted)
	s.Record(e)
}

// logCard logs card c moving between zones (learn, discard, deal).
func (s *state) logCard(kind, phase string, p, c int, from, to string) {
	if s.Log == nil {
		return
	}
	e := engine.Event{Kind: kind, Player: p, Card: s.g.cards[c].id, From: from, To: to, At: s.at(phase)}
	verb := map[string]string{"learn": "learns", "discard": "returns", "market": "deals", "setup": "takes"}[kind]
	e.Text = fmt.Sprintf("%s %s: %s → %s", verb, s.g.cards[c].name, from, to)
	s.Record(e)
}

// The log's kind and resource of each effect kind.
var (
	effectKinds     = [...]string{effAdd: "bonus", effFlip: "flip", effDraw: "draw"}
	effectResources = [...]string{effAdd: "rating", effFlip: "rating", effDraw: "chips"}
)

// drawCause is what draws the chip coming out: the skill being activated,
// or step 3's rule.
func (s *state) drawCause() string {
	if s.effAt >= 0 {
		return s.g.cards[s.skill[s.tester][s.using]].id
	}
	return "chips_drawn"
}

// logRefill logs the play area's chips going back into the empty bag.
func (s *state) logRefill() {
	if s.Log == nil {
		return
	}
	n := s.chips.InBag()
	s.Record(engine.Event{Kind: "refill", Player: -1, Resource: "chips", Amount: engine.Int(n), From: zPlayArea, To: zBag,
		Total: engine.Int(n), At: s.at(stDraw), Text: fmt.Sprintf("%d chips: %s → %s", n, zPlayArea, zBag)})
}

// logNoChip logs a draw owed with no chip in the bag or the play area.
func (s *state) logNoChip() {
	if s.Log == nil {
		return
	}
	e := engine.Event{Kind: "chip", Player: s.tester, Cause: s.drawCause(), Resource: "chips", Amount: engine.Int(0),
		Printed: engine.Int(1), From: zBag, To: zTest, Result: "no chip", At: s.at(stDraw)}
	e.Text = fmt.Sprintf("draws %d of %d chip: none in the %s or the %s (%s)", *e.Amount, *e.Printed, zBag, zPlayArea, e.Cause)
	s.Record(e)
}

// logTest logs step 6: the rating (Amount) against the obstacle's
// printed target (Printed) and the result.
func (s *state) logTest(rating int, ob card) {
	if s.Log == nil {
		return
	}
	e := engine.Event{Kind: "test", Player: s.tester, Card: ob.id, Resource: "rating", Amount: engine.Int(rating),
		Printed: engine.Int(ob.target), Result: "failure", At: s.at(stResolve)}
	if s.success {
		e.Result = "success"
	}
	e.Text = fmt.Sprintf("rating %d against %s's target %d: %s", rating, ob.name, ob.target, e.Result)
	s.Record(e)
}

// logCleanup logs step 8: the test's chips go to the play area and, while
// the game goes on, the bag passes left (Target: the next tester).
func (s *state) logCleanup(over bool) {
	if s.Log == nil {
		return
	}
	var buf [maxChips]int
	n := len(s.chips.Drawn(buf[:0]))
	e := engine.Event{Kind: "cleanup", Player: -1, Resource: "chips", Amount: engine.Int(n), From: zTest, To: zPlayArea, At: s.at(stCleanup)}
	if over {
		e.At.Phase = stEnd
		e.Text = fmt.Sprintf("%d chips: %s → %s", n, zTest, zPlayArea)
	} else {
		next := (s.tester + 1) % s.N
		e.Target = engine.Int(next)
		e.Text = fmt.Sprintf("%d chips: %s → %s; the bag passes to seat %d", n, zTest, zPlayArea, next+1)
	}
	s.Record(e)
}

// logFood logs seat p taking the food of place rank on job j's track.
func (s *state) logFood(p, j, rank int) {
	if s.Log == nil {
		return
	}
	n := s.g.params.FoodPerJob[rank]
	e := engine.Event{Kind: "food", Player: p, Cause: "job " + s.g.jobs[j], Resource: "food", Amount: engine.Int(n),
		Total: engine.Int(s.food[p]), Result: fmt.Sprintf("place %d", rank+1), At: s.at(stEnd)}
	e.Text = fmt.Sprintf("takes %d food for %s on %s; food %d", n, e.Result, e.Cause, s.food[p])
	s.Record(e)
}

// logScores logs each seat's final score (food + stash) with its stash
// (the tie-break) as Total, and the end.
func (s *state) logScores(cause string, winners engine.Seats) {
	if s.Log == nil {
		return
	}
	for p := 0; p < s.N; p++ {
		e := engine.Event{Kind: "score", Player: p, Resource: "score", Amount: engine.Int(s.score[p]),
			Total: engine.Int(s.stash[p]), Result: "loses", At: s.at(stEnd)}
		if winners.Has(p) {
			e.Result = "wins"
		}
		e.Text = fmt.Sprintf("scores %d (stash %d): %s", s.score[p], s.stash[p], e.Result)
		s.Record(e)
	}
	s.Record(engine.Event{Kind: "end", Player: -1, Result: cause, At: s.at(stEnd), Text: cause})
}
