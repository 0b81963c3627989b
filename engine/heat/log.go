// The typed log: every card that moves and every change of money and
// Heat, with the card or rule that caused it, what the card asked and what
// moved, so a game can be checked against the book (and its scores
// rebuilt) from the log alone. The helpers change nothing: each reports a
// change the rules made, its Text made from the event's own fields. The
// callers check s.Log first, so smoke games build none of it.

package heat

import (
	"fmt"

	"github.com/cardpress/cardpress/engine"
)

// Zones a card or token leaves or enters.
const (
	zDeck   = "deck"
	zHand   = "hand"
	zRecord = "record"
	zBoard  = "heat-board" // the Heat board (its component id); a slot is "heat-board:r2s3", a row "heat-board:r2"
	zPlayer = "player"     // the Heat in front of the event's seat
)

// Resources whose changes are logged with Amount and Total.
const (
	rMoney = "money" // Total: the seat's money
	rHeat  = "heat"  // Total: the seat's Heat tokens
	rCards = "cards" // Total: the seat's hand after a draw, its draws due after to_draw, the deck for the table
)

// Causes that are rules, not cards.
const (
	causeDeal       = "deal"              // the opening deal of a heist
	causeDraft      = "draft"             // the draw after each pass
	causeOutOfHeat  = "out_of_heat"       // the board could not cover a phase
	causeShortfall  = "shortfall"         // pay_what_you_have: what a short seat has left goes to the bank
	causeHeatShort  = "heat_shortfall"    // simultaneous: Heat a seat had left after its requests goes back to the board
	causeStartMoney = "starting_money"    // the set-up's money (the parameter)
	causeFillBoard  = "heat_board"        // the set-up fills every slot of the board (the parameter)
	causeNoRowEmpty = "empty_board_value" // the Heat value while no row is empty (the parameter)
)

// Results of card effects that came to nothing (Amount 0).
const (
	resUnmet    = "condition not met"
	resNoTarget = "no target"
	resNone     = "none counted" // a "for each" that counted nothing
	resRefused  = "not paid"     // no_effect: a payment the seat could not make in full
	resSkipped  = "not done"     // no_effect: follows a payment not made
)

// at is the place of the stage in progress, and of phase ph when ph >= 0.
func (s *state) at(ph int) *engine.At {
	a := &engine.At{Round: s.heist + 1, Stage: s.stage + 1}
	if ph >= 0 {
		a.Phase = s.g.phases[ph].ID
	}
	return a
}

func (s *state) cardID(c int) string { return s.g.cards[c].id }

// slotZone names slot i of the board's order (Params.Slot) as a zone.
func (s *state) slotZone(i int) string {
	r, k := s.g.params.Slot(i)
	return fmt.Sprintf("%s:r%ds%d", zBoard, r, k)
}

// logSetup opens the game: "Fill the entire Heat board with tokens, one on
// each slot", then each seat's starting money.
func (s *state) logSetup() {
	rows := len(s.g.params.HeatBoard)
	b := engine.Event{Kind: "setup", Player: -1, Cause: causeFillBoard, Resource: rHeat, Amount: engine.Int(s.heat.Supply), Total: engine.Int(s.heat.Supply),
		To: zBoard, Printed: engine.Int(rows)}
	b.Text = fmt.Sprintf("%d Heat tokens fill the %d slots of the board's %d rows", *b.Amount, *b.Total, *b.Printed)
	s.Record(b)
	for p := 0; p < s.N; p++ {
		m := engine.Event{Kind: "setup", Player: p, Cause: causeStartMoney, Resource: rMoney, Amount: engine.Int(s.money[p]), Total: engine.Int(s.money[p])}
		m.Text = fmt.Sprintf("starts with %s (%s)", money(*m.Total), m.Cause)
		s.Record(m)
	}
}

// logSlots follows a change that moved n Heat tokens between seat and the
// board (took: to the seat), already applied: one event a token, in the
// order they moved, naming the slot it left or filled, with the tokens on
// the board after it.
func (s *state) logSlots(seat int, cause string, n int, took bool) {
	taken := s.heat.Total - s.heat.Supply
	for k := 0; k < n; k++ {
		e := engine.Event{Kind: "heat_slot", Player: seat, Cause: cause, Resource: rHeat, Amount: engine.Int(1)}
		if took {
			i := taken - n + k
			e.From, e.To, e.Total = s.slotZone(i), zPlayer, engine.Int(s.heat.Total-i-1)
			e.Text = fmt.Sprintf("takes the Heat token of slot %s (%s; board %d)", e.From[len(zBoard)+1:], cause, *e.Total)
		} else {
			i := taken + n - 1 - k
			e.From, e.To, e.Total = zPlayer, s.slotZone(i), engine.Int(s.heat.Total-i)
			e.Text = fmt.Sprintf("puts a Heat token on slot %s (%s; board %d)", e.To[len(zBoard)+1:], cause, *e.Total)
		}
		s.Record(e)
	}
}

func (s *state) logHeist() {
	dir := "left"
	if s.passTarget(0) != 1%s.N {
		dir = "right"
	}
	e := engine.Event{Kind: "heist", Player: -1, Resource: rCards, Total: engine.Int(s.deck.Len()), At: &engine.At{Round: s.heist + 1}}
	e.Text = fmt.Sprintf("heist %d begins: %d cards in the deck, passing %s", e.At.Round, *e.Total, dir)
	s.Record(e)
}

func (s *state) logDraw(seat, c int) {
	e := engine.Event{Kind: "draw", Player: seat, Card: s.cardID(c), From: zDeck, To: zHand, Resource: rCards, Total: engine.Int(s.hands[seat].Len())}
	switch s.then {
	case thenDraft:
		e.Cause = causeDeal
	case thenNextRound:
		e.Cause = causeDraft
	} // a phase's draws: the to_draw events name the cards
	e.Text = fmt.Sprintf("draws %s", s.g.cards[c].name)
	s.Record(e)
}

func (s *state) logPass(p, to, c int) {
	e := engine.Event{Kind: "pass", Player: p, Card: s.cardID(c), Target: engine.Int(to), From: zHand, To: zHand}
	e.Text = fmt.Sprintf("passes %s to seat %d", s.g.cards[c].name, *e.Target+1)
	s.Record(e)
}

func (s *state) logOutOfCards(need int) {
	e := engine.Event{Kind: "out_of_cards", Player: -1, Resource: rCards, Amount: engine.Int(0), Printed: engine.Int(need), Total: engine.Int(s.deck.Len())}
	e.Text = fmt.Sprintf("%d cards needed, %d in the deck: nobody draws", *e.Printed, *e.Total)
	s.Record(e)
}

func (s *state) logStage() {
	e := engine.Event{Kind: "stage", Player: -1, At: s.at(-1)}
	e.Text = fmt.Sprintf("heist %d, stage %d: everyone reveals", e.At.Round, e.At.Stage)
	s.Record(e)
}

func (s *state) logReveal(p, c int) {
	e := engine.Event{Kind: "reveal", Player: p, Card: s.cardID(c), From: zHand, To: zRecord, At: s.at(-1)}
	e.Text = fmt.Sprintf("reveals %s", s.g.cards[c].name)
	s.Record(e)
}

// logPhase marks the start of phase ph, whether or not a card acts in it.
func (s *state) logPhase(ph int) {
	e := engine.Event{Kind: "phase", Player: -1, At: s.at(ph)}
	e.Text = fmt.Sprintf("heist %d, stage %d, phase %s", e.At.Round, e.At.Stage, e.At.Phase)
	s.Record(e)
}

// logOutOfHeat opens one round of OUT OF HEAT: the phase takes need, the
// board holds less.
func (s *state) logOutOfHeat(need int) {
	e := engine.Event{Kind: "out_of_heat", Player: -1, Resource: rHeat, Printed: engine.Int(need), Total: engine.Int(s.heat.Supply)}
	e.Text = fmt.Sprintf("the phase takes %d Heat, the board holds %d: everyone holding Heat returns 1 and loses %s", *e.Printed, *e.Total, money(s.g.params.OutOfHeatPenalty))
	s.Record(e)
}

func (s *state) logArrest(need int) {
	e := engine.Event{Kind: "arrest", Player: -1, Resource: rHeat, Printed: engine.Int(need), Amount: engine.Int(0), Total: engine.Int(s.heat.Supply), Result: "arrest"}
	e.Text = fmt.Sprintf("the phase takes %d Heat, more than there are tokens: everybody is arrested (board %d)", *e.Printed, *e.Total)
	s.Record(e)
}

// holding is what seat p holds of a resource, for an event's Total.
func (s *state) holding(p int, res string) *int {
	switch res {
	case rMoney:
		return engine.Int(s.money[p])
	case rHeat:
		return engine.Int(s.heat.Held[p])
	case rCards:
		return engine.Int(s.draws[p])
	}
	return nil
}

var actionKinds = [...]string{actGain: "gain", actPay: "pay", actTakeHeat: "take_heat", actReturnHeat: "return_heat",
	actDraw: "to_draw", actSteal: "steal", actGiveHeat: "give_heat"}

var actionResources = [...]string{actGain: rMoney, actPay: rMoney, actTakeHeat: rHeat, actReturnHeat: rHeat,
	actDraw: rCards, actSteal: rMoney, actGiveHeat: rHeat}

// logChange reports one change: seat's holding of the action's resource
// moved by done of asked (what the card or rule asks here, after "for
// each" and "at most"). other is the card's owner when the card acts on
// seat, the seat robbed or given to for a theft or a gift (-1: none);
// cause is a card id or a rule; result says why it came to nothing.
// Totals are the seat's holding after, already applied.
func (s *state) logChange(a actionKind, seat, other int, cause string, done, asked int, result string) {
	e := engine.Event{Kind: actionKinds[a], Player: seat, Cause: cause, Resource: actionResources[a], Amount: engine.Int(done), Result: result}
	if asked != done || done == 0 {
		e.Printed = engine.Int(asked)
	}
	if other >= 0 {
		e.Target = engine.Int(other)
	}
	if seat >= 0 {
		e.Total = s.holding(seat, e.Resource)
	}
	switch a {
	case actTakeHeat:
		e.From, e.To = zBoard, zPlayer
	case actReturnHeat:
		e.From, e.To = zPlayer, zBoard
	}
	e.Text = changeText(&e)
	s.Record(e)
	if e.From == zBoard || e.To == zBoard {
		s.logSlots(seat, cause, done, a == actTakeHeat)
	}
}

// changeText is a change in words, from its fields only: "pays $1 of $3
// (bribe-a-cop; now $0)".
func changeText(e *engine.Event) string {
	n, of := *e.Amount, ""
	if e.Printed != nil && *e.Printed != n {
		of = fmt.Sprintf(" of %d", *e.Printed)
	}
	cash, heat, cards := money(n), fmt.Sprintf("%d%s Heat", n, of), plural(n, "card", "cards")
	if of != "" {
		cash, cards = money(n)+" of "+money(*e.Printed), fmt.Sprintf("%d%s cards", n, of)
	}
	whom := "nobody" // a theft or gift with no one to take from or give to
	if e.Target != nil {
		whom = fmt.Sprintf("seat %d", *e.Target+1)
	}
	var what string
	switch e.Kind {
	case "gain":
		what = "gains " + cash
	case "pay":
		what = "pays " + cash
	case "steal":
		what = fmt.Sprintf("takes %s from %s", cash, whom)
	case "take_heat":
		what = "takes " + heat
	case "return_heat":
		what = "returns " + heat
	case "give_heat":
		what = fmt.Sprintf("gives %s to %s", heat, whom)
	case "to_draw":
		what = "is to draw " + cards
	}
	why := e.Cause
	if e.Target != nil && e.Kind != "steal" && e.Kind != "give_heat" {
		why = fmt.Sprintf("seat %d's %s", *e.Target+1, e.Cause)
	}
	if e.Result != "" {
		why += ": " + e.Result
	}
	now := ""
	if e.Total != nil {
		switch e.Resource {
		case rMoney:
			now = "; now " + money(*e.Total)
		case rHeat:
			now = fmt.Sprintf("; holds %d", *e.Total)
		case rCards:
			now = fmt.Sprintf("; %d to draw", *e.Total)
		}
	}
	return fmt.Sprintf("%s (%s%s)", what, why, now)
}

// logNothing reports a card effect of seat p that came to nothing, asked
// being what it would have moved.
func (s *state) logNothing(p int, e *effect, asked int, result string) {
	s.logChange(e.action, p, -1, s.cardID(s.revealed[p]), 0, asked, result)
}

// logRestOfCard reports the effects of p's card in this phase after a
// payment not made (no_effect): none of them happens.
func (s *state) logRestOfCard(p int, rest []effect) {
	for i := range rest {
		s.logNothing(p, &rest[i], s.amount(p, &rest[i]), resSkipped)
	}
}

// logScores ends the log: the value of a Heat token, then per seat its
// money and Heat and the score they make.
func (s *state) logScores(winners engine.Seats) {
	v := engine.Event{Kind: "heat_value", Player: -1, Resource: rMoney, Amount: engine.Int(s.heatValue()), Total: engine.Int(s.heat.Supply), Cause: causeNoRowEmpty}
	if r := s.g.params.EmptyRows(s.heat.Total - s.heat.Supply); r > 0 {
		v.Cause = fmt.Sprintf("%s:r%d", zBoard, r)
	}
	v.Text = fmt.Sprintf("a Heat token is worth %s (the worst empty row: %s; board %d)", money(*v.Amount), v.Cause, *v.Total)
	s.Record(v)
	for p := 0; p < s.N; p++ {
		m := engine.Event{Kind: "score", Player: p, Resource: rMoney, Total: engine.Int(s.money[p])}
		m.Text = fmt.Sprintf("ends with %s", money(*m.Total))
		s.Record(m)
		h := engine.Event{Kind: "score", Player: p, Resource: rHeat, Total: engine.Int(s.heat.Held[p]), Amount: engine.Int(s.heat.Held[p] * s.heatValue())}
		h.Text = fmt.Sprintf("ends with %d Heat, worth %s", *h.Total, money(*h.Amount))
		s.Record(h)
		sc := engine.Event{Kind: "score", Player: p, Total: engine.Int(s.score(p))}
		if winners.Has(p) {
			sc.Result = "win"
		}
		sc.Text = fmt.Sprintf("scores %s", money(*sc.Total))
		if sc.Result != "" {
			sc.Text += " and wins"
		}
		s.Record(sc)
	}
}
