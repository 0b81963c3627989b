// The typed log: every card that moves, every Heat, Time and Prestige
// change, with its cause, so a game can be checked (and its result
// rebuilt) from the log alone. Each helper changes nothing: it reports a
// change the rules made, and its Text is one fmt call over the event's
// own fields. All of them return at once without a log.

package hmm

import (
	"fmt"
	"math/bits"

	"github.com/cardpress/cardpress/engine"
)

// Zones a card leaves or enters.
const (
	zDeck       = "deck"        // the Resource deck
	zDiscard    = "discard"     // the Resource discard pile
	zHand       = "hand"        // a seat's hand
	zCrew       = "crew"        // a seat's crew (members and their Gear)
	zMMDeck     = "masterminds" // the Mastermind deck
	zJobDeck    = "job deck"
	zJobs       = "jobs"       // the Jobs on the table
	zExpired    = "expired"    // the expired Jobs' pile
	zCollection = "collection" // a seat's collection of completed Jobs
	zCompDeck   = "complication deck"
	zCompPile   = "complication pile"
	zFaceUp     = "face up"   // on a Job, face up
	zFaceDown   = "face down" // on a Job, face down
)

// Resources whose changes are logged with Amount and Total.
const (
	rHeat     = "heat"      // a crew's Heat; Total: the seat's Heat
	rJail     = "jail time" // Time on jailed members; Total: the seat's, all members
	rTime     = "time"      // a Job's Time; Total: the Job's
	rPrestige = "prestige"  // Total: the seat's collection, or its score
	rMoney    = "money"     // a payment in cash cards; Amount: their value
	rCards    = "cards"     // Resource cards drawn
)

// Causes that are rules, not cards.
const (
	causeDeal      = "deal"
	causeGather    = "gather"
	causeRedraw    = "redraw"
	causeLayLow    = "lay low"
	causeJail      = "jail"
	causeSnitch    = "snitch" // a jailed member who leaves adds their Time as Heat
	causeUnpaid    = "unpaid fee"
	causeEndOfTurn = "end of turn"
	causeGoal      = "goal" // the Time removed when a player reaches the goal
	causeDismiss   = "dismiss"
)

func (s *state) id(c int) string { return s.card(c).id }

// name is how a Text shows a card id or a cause: the card's name, or the
// rule's own words.
func (s *state) name(id string) string {
	for i := range s.g.cards {
		if s.g.cards[i].id == id {
			return s.g.cards[i].name
		}
	}
	return id
}

// verbs are the Text's words for a card moving, by event kind.
var verbs = map[string]string{
	"draw": "draws", "discard": "discards", "hire": "hires", "mastermind": "is",
	"gather": "takes", "event": "plays", "complication": "gets the complication", "expire": "loses",
	"flip": "turns up", "demolition": "blows away", "quit": "loses", "dismiss": "dismisses",
}

// causeOf is a task's cause: a card's id, else the rule that draws.
func (s *state) causeOf(t task) string {
	switch {
	case t.cause > 0:
		return s.id(int(t.cause) - 1)
	case t.kind == tDeal:
		return causeDeal
	}
	return causeGather
}

// because is the Text's tail naming a cause.
func because(cause string) string {
	if cause == "" {
		return ""
	}
	return " (" + cause + ")"
}

// becauseOf is because, the cause shown by name.
func (s *state) becauseOf(cause string) string { return because(s.name(cause)) }

// logMove: card c of seat p (-1: the table) went from one zone to another.
func (s *state) logMove(kind string, p, c int, from, to, cause string) {
	if s.Log != nil {
		s.logMoveEvent(kind, p, c, from, to, cause)
	}
}

// logMoveEvent is logMove with a log to write to: logMove itself is inlined, so
// a game without a log makes no call.
func (s *state) logMoveEvent(kind string, p, c int, from, to, cause string) {
	e := engine.Event{Kind: kind, Player: p, Card: s.id(c), From: from, To: to, Cause: cause}
	e.Text = fmt.Sprintf("%s %s: %s to %s%s", verbs[kind], s.name(e.Card), e.From, e.To, s.becauseOf(e.Cause))
	s.Record(e)
}

// logHeat: seat p's Heat changed by delta (printed: what the card or rule
// says, when a floor at 0 cut it); the state already holds the new Heat.
func (s *state) logHeat(kind string, p, delta, printed int, cause string) {
	if s.Log != nil {
		s.logHeatEvent(kind, p, delta, printed, cause)
	}
}

// logHeatEvent is logHeat with a log to write to: logHeat itself is inlined, so
// a game without a log makes no call.
func (s *state) logHeatEvent(kind string, p, delta, printed int, cause string) {
	e := engine.Event{Kind: kind, Player: p, Resource: rHeat, Amount: engine.Int(delta), Total: engine.Int(s.heat[p]), Cause: cause}
	if printed != delta {
		e.Printed = engine.Int(printed)
	}
	e.Text = fmt.Sprintf("Heat %+d%s, now %d%s", *e.Amount, printedText(e.Printed), *e.Total, s.becauseOf(e.Cause))
	s.Record(e)
}

func printedText(printed *int) string {
	if printed == nil {
		return ""
	}
	return fmt.Sprintf(" of %+d", *printed)
}

// jailTime is the Time left on seat p's jailed members, all together.
func (s *state) jailTime(p int) int {
	n := 0
	for m := 0; m < s.ncrew[p]; m++ {
		n += int(s.crew[p][m].time)
	}
	return n
}

// logJail: the jail Time on seat p's crew changed by delta (c: the member,
// -1 for the whole crew).
func (s *state) logJail(kind string, p, c, delta int, cause string) {
	if s.Log != nil {
		s.logJailEvent(kind, p, c, delta, cause)
	}
}

// logJailEvent is logJail with a log to write to: logJail itself is inlined, so
// a game without a log makes no call.
func (s *state) logJailEvent(kind string, p, c, delta int, cause string) {
	e := engine.Event{Kind: kind, Player: p, Resource: rJail, Amount: engine.Int(delta), Total: engine.Int(s.jailTime(p)), Cause: cause}
	if c >= 0 {
		e.Card = s.id(c)
	}
	who := "the crew"
	if e.Card != "" {
		who = s.name(e.Card)
	}
	e.Text = fmt.Sprintf("jail Time %+d on %s, now %d in all%s", *e.Amount, who, *e.Total, s.becauseOf(e.Cause))
	s.Record(e)
}

// logJobTime: job j's Time changed by delta; the job's owner is the seat.
func (s *state) logJobTime(j, delta, printed int, cause string) {
	if s.Log != nil {
		s.logJobTimeEvent(j, delta, printed, cause)
	}
}

// logJobTimeEvent is logJobTime with a log to write to: logJobTime itself is inlined, so
// a game without a log makes no call.
func (s *state) logJobTimeEvent(j, delta, printed int, cause string) {
	js := &s.jobs[j]
	e := engine.Event{Kind: "time", Player: int(js.owner), Card: s.id(int(js.card)), Resource: rTime,
		Amount: engine.Int(delta), Total: engine.Int(int(js.time)), Cause: cause}
	if printed != delta {
		e.Printed = engine.Int(printed)
	}
	e.Text = fmt.Sprintf("Time on %s %+d%s, now %d%s", s.name(e.Card), *e.Amount, printedText(e.Printed), *e.Total, s.becauseOf(e.Cause))
	s.Record(e)
}

// logNothing: an effect of cause that came to nothing (a rival, a job or a
// card to draw was missing): Amount 0 of the printed amount.
func (s *state) logNothing(kind string, p int, resource string, printed int, cause, why string) {
	if s.Log != nil {
		s.logNothingEvent(kind, p, resource, printed, cause, why)
	}
}

// logNothingEvent is logNothing with a log to write to: logNothing itself is inlined, so
// a game without a log makes no call.
func (s *state) logNothingEvent(kind string, p int, resource string, printed int, cause, why string) {
	e := engine.Event{Kind: kind, Player: p, Resource: resource, Amount: engine.Int(0), Printed: engine.Int(printed), Cause: cause, Result: why}
	e.Text = fmt.Sprintf("%s: %d %s of %d, %s%s", kind, *e.Amount, e.Resource, *e.Printed, e.Result, s.becauseOf(e.Cause))
	s.Record(e)
}

// logPay: seat p paid cost for cause with cash cards worth paid (no
// change is given), or could not (paid 0, result "short").
func (s *state) logPay(p, cost, paid int, ok bool, cause string) {
	if s.Log != nil {
		s.logPayEvent(p, cost, paid, ok, cause)
	}
}

// logPayEvent is logPay with a log to write to: logPay itself is inlined, so
// a game without a log makes no call.
func (s *state) logPayEvent(p, cost, paid int, ok bool, cause string) {
	e := engine.Event{Kind: "pay", Player: p, Resource: rMoney, Amount: engine.Int(paid), Cause: cause, Result: "paid"}
	if paid != cost {
		e.Printed = engine.Int(cost)
	}
	if !ok {
		e.Result = "short"
	}
	e.Text = fmt.Sprintf("pays $%d%s: %s%s", *e.Amount, dollarsText(e.Printed), e.Result, s.becauseOf(e.Cause))
	s.Record(e)
}

func dollarsText(printed *int) string {
	if printed == nil {
		return ""
	}
	return fmt.Sprintf(" of $%d", *printed)
}

// logMarker: a round (seat -1) or a seat's turn begins.
func (s *state) logMarker(kind string, p int, at engine.At) {
	if s.Log != nil {
		s.logMarkerEvent(kind, p, at)
	}
}

// logMarkerEvent is logMarker with a log to write to: logMarker itself is inlined, so
// a game without a log makes no call.
func (s *state) logMarkerEvent(kind string, p int, at engine.At) {
	e := engine.Event{Kind: kind, Player: p, At: &at}
	if at.Turn > 0 {
		e.Text = fmt.Sprintf("begins turn %d (round %d)", e.At.Turn, e.At.Round)
	} else {
		e.Text = fmt.Sprintf("round %d begins", e.At.Round)
	}
	s.Record(e)
}

// logReshuffle: n cards of a discard pile became the deck they came from.
func (s *state) logReshuffle(n int, from, to string) {
	if s.Log == nil || n == 0 {
		return
	}
	e := engine.Event{Kind: "reshuffle", Player: -1, Amount: engine.Int(n), From: from, To: to}
	e.Text = fmt.Sprintf("%d cards reshuffled, %s to %s", *e.Amount, e.From, e.To)
	s.Record(e)
}

func (s *state) logRedraw(p int) {
	if s.Log != nil {
		s.logRedrawEvent(p)
	}
}

// logRedrawEvent is logRedraw with a log to write to: logRedraw itself is inlined, so
// a game without a log makes no call.
func (s *state) logRedrawEvent(p int) {
	e := engine.Event{Kind: "redraw", Player: p, Cause: causeRedraw, Amount: engine.Int(s.hand[p].Len()), From: zHand, To: zDiscard}
	e.Text = fmt.Sprintf("redraws the opening hand: %d cards, %s to %s", *e.Amount, e.From, e.To)
	s.Record(e)
}

// logGather: Gather from the deck, n Resource cards (each draw follows).
func (s *state) logGather(p, n int) {
	if s.Log != nil {
		s.logGatherEvent(p, n)
	}
}

// logGatherEvent is logGather with a log to write to: logGather itself is inlined, so
// a game without a log makes no call.
func (s *state) logGatherEvent(p, n int) {
	e := engine.Event{Kind: "gather", Player: p, Resource: rCards, Amount: engine.Int(n), From: zDeck, To: zHand, Cause: causeGather}
	if n != s.g.params.GatherDraw {
		e.Printed = engine.Int(s.g.params.GatherDraw)
	}
	e.Text = fmt.Sprintf("gathers %d Resource cards, %s to %s", *e.Amount, e.From, e.To)
	s.Record(e)
}

// logLegwork: seat p looked at complication k of job j.
func (s *state) logLegwork(p, j, k int) {
	if s.Log != nil {
		s.logLegworkEvent(p, j, k)
	}
}

// logLegworkEvent is logLegwork with a log to write to: logLegwork itself is inlined, so
// a game without a log makes no call.
func (s *state) logLegworkEvent(p, j, k int) {
	js := &s.jobs[j]
	// What was seen is the action's result.
	e := engine.Event{Kind: "legwork", Player: p, Card: s.id(int(js.card)), Result: s.id(int(js.comps[k]))}
	e.Text = fmt.Sprintf("legwork on %s: sees %s", s.name(e.Card), s.name(e.Result))
	s.Record(e)
}

// logPeek: an effect of cause showed seat p the n face-down complications
// of job j it had not seen (j -1, n 0: none left to see).
func (s *state) logPeek(p, j, n int, cause string) {
	if s.Log != nil {
		s.logPeekEvent(p, j, n, cause)
	}
}

// logPeekEvent is logPeek with a log to write to: logPeek itself is inlined, so
// a game without a log makes no call.
func (s *state) logPeekEvent(p, j, n int, cause string) {
	e := engine.Event{Kind: "peek", Player: p, Amount: engine.Int(n), Cause: cause}
	job := "any job"
	if j >= 0 {
		e.Card = s.id(int(s.jobs[j].card))
		job = s.name(e.Card)
	}
	e.Text = fmt.Sprintf("sees %d face-down complications of %s%s", *e.Amount, job, s.becauseOf(e.Cause))
	s.Record(e)
}

// logSeen: an effect of cause showed seat p complication k of job j (the
// seat alone sees it; the log, written for a referee, says what it was).
func (s *state) logSeen(p, j, k int, cause string) {
	if s.Log != nil {
		js := &s.jobs[j]
		e := engine.Event{Kind: "seen", Player: p, Card: s.id(int(js.card)), Result: s.id(int(js.comps[k])), Cause: cause}
		e.Text = fmt.Sprintf("sees %s on %s%s", s.name(e.Result), s.name(e.Card), s.becauseOf(e.Cause))
		s.Record(e)
	}
}

// logGear: seat p hires Gear c for member holder, who carries it.
func (s *state) logGear(p, c, holder int) {
	if s.Log != nil {
		e := engine.Event{Kind: "hire", Player: p, Card: s.id(c), From: zHand, To: zCrew, Result: s.id(holder)}
		e.Text = fmt.Sprintf("hires %s: %s to %s, carried by %s", s.name(e.Card), e.From, e.To, s.name(e.Result))
		s.Record(e)
	}
}

// logGearOff: Gear g, carried by member holder of seat p, is discarded
// from the crew for cause.
func (s *state) logGearOff(p, g, holder int, cause string) {
	if s.Log != nil {
		e := engine.Event{Kind: "discard", Player: p, Card: s.id(g), From: zCrew, To: zDiscard, Cause: cause, Result: s.id(holder)}
		e.Text = fmt.Sprintf("discards %s, carried by %s: %s to %s%s", s.name(e.Card), s.name(e.Result), e.From, e.To, s.becauseOf(e.Cause))
		s.Record(e)
	}
}

// logCrewSent: the members of seat p in mask go on the heist on job j, a
// "send" event each with the Gear they carry; for a Rival's Stash the
// attempt's Target names the rival whose Mastermind it counts.
func (s *state) logCrewSent(p, j int, mask uint) {
	for b := mask; b != 0; b &= b - 1 {
		mb := s.crew[p][bits.TrailingZeros(b)]
		e := engine.Event{Kind: "send", Player: p, Card: s.id(int(mb.card)), Cause: s.id(int(s.jobs[j].card))}
		e.Text = fmt.Sprintf("sends %s", s.name(e.Card))
		if mb.gear >= 0 {
			e.Result = s.id(int(mb.gear))
			e.Text += " with " + s.name(e.Result)
		}
		e.Text += " on " + s.name(e.Cause)
		s.Record(e)
	}
}

// logManeuver: member m of seat p uses its maneuver; Result is the Gear it
// carries, which tells copies of one Mercenary apart.
func (s *state) logManeuver(p, m int) {
	if s.Log != nil {
		s.logManeuverEvent(p, m)
	}
}

// logManeuverEvent is logManeuver with a log to write to: logManeuver itself is inlined, so
// a game without a log makes no call.
func (s *state) logManeuverEvent(p, m int) {
	mb := s.crew[p][m]
	e := engine.Event{Kind: "maneuver", Player: p, Card: s.id(int(mb.card))}
	e.Text = fmt.Sprintf("uses the maneuver of %s", s.name(e.Card))
	if mb.gear >= 0 {
		e.Result = s.id(int(mb.gear))
		e.Text += " (with " + s.name(e.Result) + ")"
	}
	s.Record(e)
}

// logImmediate: a Play Immediately card drawn goes to the discard pile,
// resolved (during play) or set aside (in an opening hand).
func (s *state) logImmediate(p, c int, from, cause, result string) {
	if s.Log != nil {
		s.logImmediateEvent(p, c, from, cause, result)
	}
}

// logImmediateEvent is logImmediate with a log to write to: logImmediate itself is inlined, so
// a game without a log makes no call.
func (s *state) logImmediateEvent(p, c int, from, cause, result string) {
	e := engine.Event{Kind: "immediate", Player: p, Card: s.id(c), From: from, To: zDiscard, Cause: cause, Result: result}
	if from == zDiscard {
		e.Text = fmt.Sprintf("takes %s from the discard pile: %s, back on the pile%s", s.name(e.Card), e.Result, s.becauseOf(e.Cause))
	} else {
		e.Text = fmt.Sprintf("draws %s: %s, %s to %s%s", s.name(e.Card), e.Result, e.From, e.To, s.becauseOf(e.Cause))
	}
	s.Record(e)
}

// logJob: a new Job in slot j, with its Time.
func (s *state) logJob(j int) {
	if s.Log != nil {
		s.logJobEvent(j)
	}
}

// logJobEvent is logJob with a log to write to: logJob itself is inlined, so
// a game without a log makes no call.
func (s *state) logJobEvent(j int) {
	js := &s.jobs[j]
	e := engine.Event{Kind: "job", Player: int(js.owner), Card: s.id(int(js.card)), From: zJobDeck, To: zJobs,
		Resource: rTime, Amount: engine.Int(int(js.time)), Total: engine.Int(int(js.time))}
	e.Text = fmt.Sprintf("gets the job %s (%s to %s), Time %d", s.name(e.Card), e.From, e.To, *e.Total)
	s.Record(e)
}

// logHeist: seat p begins a heist on job c (its crew is chosen next).
func (s *state) logHeist(p, c int) {
	if s.Log != nil {
		s.logHeistEvent(p, c)
	}
}

// logHeistEvent is logHeist with a log to write to: logHeist itself is inlined, so
// a game without a log makes no call.
func (s *state) logHeistEvent(p, c int) {
	e := engine.Event{Kind: "heist", Player: p, Card: s.id(c)}
	e.Text = fmt.Sprintf("begins a heist on %s", s.name(e.Card))
	s.Record(e)
}

// logAttempt: the heist on job j came out as res.
func (s *state) logAttempt(p, j int, res Result) {
	if s.Log != nil {
		s.logAttemptEvent(p, j, res)
	}
}

// logAttemptEvent is logAttempt with a log to write to: logAttempt itself is inlined, so
// a game without a log makes no call.
func (s *state) logAttemptEvent(p, j int, res Result) {
	e := engine.Event{Kind: "attempt", Player: p, Card: s.id(int(s.jobs[j].card)), Result: "failed", Amount: engine.Int(res.Short)}
	if s.card(int(s.jobs[j].card)).job.RivalStash {
		// The rival whose Mastermind's skills the Job adds (reqPacked).
		if rv := s.leadingRival(p); rv >= 0 {
			e.Target = engine.Int(rv)
		}
	}
	if res.Complete {
		e.Result, e.Amount = "complete", engine.Int(res.Substitutions)
		e.Text = fmt.Sprintf("attempts %s: %s, %d icons substituted", s.name(e.Card), e.Result, *e.Amount)
	} else {
		e.Text = fmt.Sprintf("attempts %s: %s, %d icons short", s.name(e.Card), e.Result, *e.Amount)
	}
	s.Record(e)
}

// logPrestige: seat p collected job c worth n Prestige.
func (s *state) logPrestige(p, c, n int) {
	if s.Log != nil {
		s.logPrestigeEvent(p, c, n)
	}
}

// logPrestigeEvent is logPrestige with a log to write to: logPrestige itself is inlined, so
// a game without a log makes no call.
func (s *state) logPrestigeEvent(p, c, n int) {
	e := engine.Event{Kind: "prestige", Player: p, Card: s.id(c), Resource: rPrestige, Amount: engine.Int(n),
		Total: engine.Int(s.coll[p]), From: zJobs, To: zCollection}
	e.Text = fmt.Sprintf("collects %s: Prestige %+d, now %d", s.name(e.Card), *e.Amount, *e.Total)
	s.Record(e)
}

// logFee: the fee of Mercenary c sent on a heist was paid, refused or
// could not be paid (the payment itself is the "pay" event before).
func (s *state) logFee(p, c int, result string) {
	if s.Log != nil {
		s.logFeeEvent(p, c, result)
	}
}

// logFeeEvent is logFee with a log to write to: logFee itself is inlined, so
// a game without a log makes no call.
func (s *state) logFeeEvent(p, c int, result string) {
	e := engine.Event{Kind: "fee", Player: p, Card: s.id(c), Resource: rMoney, Printed: engine.Int(s.card(c).cost), Result: result}
	e.Text = fmt.Sprintf("fee of %s ($%d): %s", s.name(e.Card), *e.Printed, e.Result)
	s.Record(e)
}

// logGoal: seat p's collection reached the goal.
func (s *state) logGoal(p int) {
	if s.Log != nil {
		s.logGoalEvent(p)
	}
}

// logGoalEvent is logGoal with a log to write to: logGoal itself is inlined, so
// a game without a log makes no call.
func (s *state) logGoalEvent(p int) {
	e := engine.Event{Kind: "goal", Player: p, Resource: rPrestige, Total: engine.Int(s.coll[p]), Printed: engine.Int(s.g.params.row(s.N).Goal)}
	e.Text = fmt.Sprintf("reaches %d Prestige of %d: %s", *e.Total, *e.Printed, s.g.params.finalRoundText())
	s.Record(e)
}

// logScores: the end, each seat's Prestige cards revealed from hand, its
// score (collection and hand), and the winners.
func (s *state) logScores(cause string, win []int) {
	if s.Log != nil {
		s.logScoresEvent(cause, win)
	}
}

// logScoresEvent is logScores with a log to write to: logScores itself is inlined, so
// a game without a log makes no call.
func (s *state) logScoresEvent(cause string, win []int) {
	for p := 0; p < s.N; p++ {
		total := s.coll[p]
		for k := 0; k < s.hand[p].Len(); k++ {
			c := s.hand[p].At(k)
			if s.card(c).kind != kindPrestige {
				continue
			}
			total += s.card(c).prestige
			e := engine.Event{Kind: "reveal", Player: p, Card: s.id(c), Resource: rPrestige, Amount: engine.Int(s.card(c).prestige), Total: engine.Int(total)}
			e.Text = fmt.Sprintf("reveals %s: Prestige %+d, now %d", s.name(e.Card), *e.Amount, *e.Total)
			s.Record(e)
		}
		e := engine.Event{Kind: "score", Player: p, Resource: rPrestige, Total: engine.Int(total)}
		e.Text = fmt.Sprintf("scores %d Prestige", *e.Total)
		s.Record(e)
	}
	seats := make([]int, len(win))
	for i, w := range win {
		seats[i] = w + 1
	}
	e := engine.Event{Kind: "end", Player: -1, Result: cause}
	e.Text = fmt.Sprintf("game over (%s): seats %v win", e.Result, seats)
	s.Record(e)
}
