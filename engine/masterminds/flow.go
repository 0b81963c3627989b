package masterminds

import (
	"fmt"
	"math/bits"

	"github.com/cardpress/cardpress/engine"
)

// step performs the task on top. It returns false when the task waits for
// a move (s.cur is then the chance player or the seat to decide).
func (s *state) step(t *task) bool {
	if do := bookkeeping[t.op]; do != nil {
		s.pop()
		do(s, int(t.p))
		return true
	}
	switch t.op {
	case opColour, opDrawPrep, opFillPool, opFirstRecruit, opBurnDraw, opFillHeists, opFailureDraw, opGainGem, opRoll, opTestRoll, opFirstPlayer, opScore:
		return s.stepDraw(t)
	case opDealCash:
		s.dealCash()
		return true
	case opStartGems:
		s.startGems()
		return true
	case opDiscardPlayed:
		s.discardPlayed(t)
		return true
	case opUntap:
		s.untapTask(t)
		return true
	case opTally:
		s.tallyTask(t)
		return true
	case opWindow:
		return s.windowStep(t)
	}
	if s.nothingToDecide(t) {
		return true
	}
	// Every other task is a decision of seat p.
	s.cur = engine.Player(t.p)
	return false
}

// stepDraw performs a task that draws or rolls: it waits for the chance
// move, unless there is nothing left to draw.
func (s *state) stepDraw(t *task) bool {
	g, p := s.g, int(t.p)
	prm := &g.params
	switch t.op {
	case opColour:
		if int(t.n) >= s.N || s.colourDeck.Len() == 0 {
			s.pop()
			s.fillBag()
			return true
		}
		return s.waitChance()

	case opDrawPrep:
		return s.drawPrepStep(t)
	case opFillPool:
		if s.poolN >= prm.TalentPool || !s.talentsLeft() {
			s.pop()
			return true
		}
		return s.waitChance()

	case opFirstRecruit:
		if int(t.n) >= s.N {
			s.pop()
			return true
		}
		if !s.talentsLeft() {
			t.n++
			return true
		}
		return s.waitChance()

	case opBurnDraw:
		if !s.talentsLeft() {
			s.pop()
			return true
		}
		return s.waitChance()

	case opFillHeists:
		return s.fillHeistsStep()
	case opFailureDraw:
		return s.failureDrawStep(p)
	case opGainGem:
		if t.n <= 0 {
			s.pop()
			return true
		}
		if s.bag.Len() == 0 {
			s.Tally.Count(cntGemsLost, int64(t.n))
			if s.Log != nil {
				s.nothing("bag_empty", p, "gem", int(t.n), s.causeOf(t.x, ""), "the bag is empty")
			}
			s.pop()
			return true
		}
		return s.waitChance()

	case opRoll, opTestRoll:
		return s.waitChance()

	case opFirstPlayer:
		return s.firstRollStep(t)

	case opScore:
		if int(t.n) >= s.N {
			s.pop()
			s.finish()
			return true
		}
		return s.waitChance()
	}
	return s.waitChance()
}

// drawPrepStep: Prep cards to draw, the deck reshuffled when empty (never
// at setup).
func (s *state) drawPrepStep(t *task) bool {
	p := int(t.p)
	if t.n <= 0 {
		s.pop()
		return true
	}
	if s.prepDeck.Len() == 0 {
		s.Tally.Count(cntPrepDeckEmpty, 1)
		// Setup never reshuffles: redrawing play-immediately cards from
		// their own discard could go on for ever.
		if t.x == 1 || s.prepDiscard.Len() == 0 {
			s.Tally.Count(cntPrepDrawsSkipped, int64(t.n))
			if s.Log != nil {
				s.nothing("prep_empty", p, "prep", int(t.n), "prep_deck", "deck and discard are empty")
			}
			s.pop()
			return true
		}
		s.dirty |= ledgerPrep
		reshuffle(&s.prepDeck, &s.prepDiscard)
		if s.Log != nil {
			s.reshuffled("prep")
		}
	}
	return s.waitChance()
}

// fillHeistsStep lays Heist cards into the empty slots.
func (s *state) fillHeistsStep() bool {
	h := s.emptySlot()
	if h < 0 {
		s.pop()
		return true
	}
	sl := &s.table[h]
	if sl.a < 0 && s.heistDeck.Len()+s.qLen < 2 {
		s.pop() // too few Heist cards left for a heist
		return true
	}
	if s.heistDeck.Len() == 0 {
		// Only the B cards put at the bottom are left: no chance.
		c := s.heistQueue[0]
		s.dirty |= ledgerHeist
		copy(s.heistQueue[:], s.heistQueue[1:s.qLen])
		s.qLen--
		s.layHeistCard(h, int(c))
		return true
	}
	return s.waitChance()
}

// failureDrawStep reveals a Failure card, reshuffling the discard when
// the deck is empty (a close call when both are).
func (s *state) failureDrawStep(p int) bool {
	if s.failDeck.Len() == 0 {
		if s.failDiscard.Len() == 0 {
			if s.Log != nil {
				s.Record(engine.Event{Kind: "close_call", Player: p, Result: "close call", Cause: "failure_deck",
					Text: "has no Failure card left to reveal: a close call"})
			}
			s.pop()
			return true
		}
		s.dirty |= ledgerFailure
		reshuffle(&s.failDeck, &s.failDiscard)
		s.Tally.Count(cntFailureReshuffles, 1)
		if s.Log != nil {
			s.reshuffled("failure")
		}
	}
	return s.waitChance()
}

// dealCash deals each seat its Starter Cash.
func (s *state) dealCash() {
	g := s.g
	prm := &g.params
	s.dirty |= ledgerCash
	s.pop()
	k := prm.Cash(s.N)
	for q := 0; q < s.N; q++ {
		got := min(k, s.cashSupply)
		s.cashSupply -= got
		s.seats[q].cash = int8(got)
		if got > 0 {
			s.Tally.Took(g.cashCard)
		}
		if s.Log != nil && k > 0 {
			e := engine.Event{Kind: "cash", Player: q, Resource: "starter_cash", Amount: engine.Int(got), Total: engine.Int(got), Cause: causeSetup, From: "cash_supply", To: "seat",
				Text: fmt.Sprintf("gets %d of %d Starter Cash card(s)", got, k)}
			if got < k {
				e.Printed = engine.Int(k)
			}
			s.Record(e)
		}
	}
}

// startGems gives each seat its clear gems from the bag.
func (s *state) startGems() {
	prm := &s.g.params
	s.dirty |= ledgerGems
	s.pop()
	for q := 0; q < s.N; q++ {
		got := 0
		for ; got < prm.StartClearGems && s.bag.Take(kindClear); got++ {
			s.seats[q].gems[kindClear]++
		}
		if s.Log != nil {
			if got == 0 {
				s.nothing("gem", q, s.kindName(kindClear), prm.StartClearGems, causeStartGems, "no clear gem left in the bag")
				continue
			}
			s.gemEvent("gem", q, kindClear, got, causeStartGems, "bag", "seat")
		}
	}
}

// discardPlayed discards a Prep card that has resolved.
func (s *state) discardPlayed(t *task) {
	g, p := s.g, int(t.p)
	s.dirty |= ledgerPrep
	s.pop()
	s.resolving--
	s.prepDiscard.Add(int(t.x))
	if s.Log != nil {
		s.cardEvent("discard", p, int(t.x), "play", "prep_discard", "resolved", fmt.Sprintf("discards %s: it has resolved", g.cards[t.x].name))
	}
}

// untapTask un-turns recruits.
func (s *state) untapTask(t *task) {
	p := int(t.p)
	s.pop()
	n := s.untap(p, int(t.n))
	if s.Log != nil {
		e := engine.Event{Kind: "untap", Player: p, Resource: "recruit", Amount: engine.Int(n), Cause: s.causeOf(t.x, ""),
			Text: fmt.Sprintf("un-turns %d of %d recruit(s)", n, t.n)}
		if n != int(t.n) {
			e.Printed = engine.Int(int(t.n))
		}
		s.Record(e)
	}
}

// tallyTask compares the total with the step's target before any roll:
// perfection, or the roll, the window and the outcome.
func (s *state) tallyTask(t *task) {
	p := int(t.p)
	s.pop()
	st := s.currentStep()
	if s.total > st.target {
		s.Tally.Count(cntPerfections, 1)
		if s.Log != nil {
			s.Record(engine.Event{Kind: "perfection", Player: p, Resource: "total", Amount: engine.Int(s.total), Printed: engine.Int(st.target), Result: "perfection",
				Text: fmt.Sprintf("has %d against %d before any roll: perfection", s.total, st.target)})
		}
		s.push(task{op: opFace, p: t.p})
		return
	}
	s.push(task{op: opOutcome, p: t.p})
	s.push(task{op: opWindow, p: t.p, n: int16(s.N), x: 1})
	s.push(task{op: opRoll, p: t.p})
}

// nothingToDecide performs a decision task that has nothing to decide: it
// reports true when the task is done, false when seat t.p must decide.
func (s *state) nothingToDecide(t *task) bool {
	g, p := s.g, int(t.p)
	prm := &g.params
	switch t.op {
	case opRecruitEffect:
		if s.poolN == 0 {
			if s.Log != nil {
				s.nothing("recruit", p, "talent", 1, s.causeOf(t.x, causeOptionA), "the Talent Pool is empty")
			}
			s.pop()
			return true
		}
	case opDiscardGear:
		if !s.othersHaveGear(p) {
			if s.Log != nil {
				s.nothing("discard_gear", p, "gear", 1, s.causeOf(t.x, ""), "no other player has Gear")
			}
			s.pop()
			return true
		}
	case opImmediate:
		if g.cards[t.x].gemMode == 0 || !s.canPay(p) {
			c := int(t.x)
			s.pop()
			s.push(task{op: opDiscardPlayed, p: int8(p), x: int16(c)})
			s.resolveCard(p, c, 0)
			return true
		}
	case opLoseGem:
		if s.gemCount(p) == 0 {
			s.pop()
			if s.Log != nil {
				s.nothing("lose_gem", p, "gem", 1, s.id(int(s.failCard)), "no gem to lose")
			}
			return true
		}
	case opDiscardPrep:
		if s.seats[p].hand.Len() == 0 {
			s.pop()
			if s.Log != nil {
				s.nothing("discard", p, "prep", 1, s.id(int(s.failCard)), "no Prep card to discard")
			}
			return true
		}
	case opRetire:
		n := int(s.seats[p].teamN)
		if n == 0 || (g.keepOne && n == 1) {
			s.pop()
			return true
		}
	case opHandLimit:
		if s.seats[p].hand.Len() <= prm.HandLimit {
			s.pop()
			return true
		}
	case opPlan:
		if t.x == 0 {
			t.x = 1 // the phase is marked once
			if s.Log != nil {
				s.Record(engine.Event{Kind: "phase", Player: p, At: s.at("plan", 0), Text: fmt.Sprintf("plans: %d action(s)", t.n)})
			}
		}
		if t.n <= 0 {
			s.pop()
			return true
		}
	}
	return false
}

// windowStep offers the Window to each seat in turn: it waits for the
// first that can interrupt, or ends the Window.
func (s *state) windowStep(t *task) bool {
	p := int(t.p)
	if s.Log != nil && int(t.n) == s.N {
		s.windowEvent("window", p, t, -1, "")
	}
	for t.n > 0 {
		q := (p + s.N - int(t.n)) % s.N
		if s.canInterrupt(q, t.x == 1) {
			s.cur = engine.Player(q)
			return false
		}
		if s.Log != nil {
			s.windowEvent("pass", q, t, -1, resultNonePlayable)
		}
		t.n--
	}
	if s.Log != nil {
		s.windowEvent("window_end", p, t, -1, "")
	}
	s.pop()
	return true
}

// bookkeeping are the tasks that only carry out a rule for seat p: step
// pops one and does it.
var bookkeeping = [nOps]func(*state, int){
	opOutcome:         (*state).outcome,
	opAttemptEnd:      (*state).endAttempt,
	opRemoveMarkers:   (*state).removeMarkers,
	opDiscardTeamGear: (*state).discardTeamGear,
	opKeepCards:       (*state).keepCards,
	opUpkeep:          (*state).upkeep,
	opEndCheck:        (*state).endCheck,
}

func (s *state) waitChance() bool {
	s.cur = engine.Chance
	return false
}

// talentsLeft reports whether a Talent can be drawn, reshuffling the
// discard into an exhausted deck.
func (s *state) talentsLeft() bool {
	if s.talentDeck.Len() > 0 {
		return true
	}
	if s.talentDiscard.Len() == 0 {
		return false
	}
	s.dirty |= ledgerTalent
	reshuffle(&s.talentDeck, &s.talentDiscard)
	s.Tally.Count(cntTalentReshuffles, 1)
	if s.Log != nil {
		s.reshuffled("talent")
	}
	return true
}

func (s *state) emptySlot() int {
	for h := 0; h < s.tableN; h++ {
		if !s.table[h].open() {
			return h
		}
	}
	return -1
}

func (s *state) layHeistCard(h, c int) {
	s.dirty |= ledgerHeist | ledgerMarkers
	sl := &s.table[h]
	side, name := "B", s.g.cards[c].name
	if sl.a < 0 {
		sl.a = int16(c)
		side, name = "A", s.g.cards[c].title
	} else {
		sl.b = int16(c)
	}
	if s.Log != nil {
		to := fmt.Sprintf("heist_%d_%s", h+1, side)
		s.cardEvent("heist", -1, c, "heist_deck", to, causeSetup, fmt.Sprintf("%s (%s) is laid out as heist %d (%s)", name, side, h+1, to))
	}
}

// fillBag puts the gems of each player's colour and the clear gems in the
// bag, as many as game.yaml's components say.
func (s *state) fillBag() {
	s.dirty |= ledgerGems
	for q := 0; q < s.N; q++ {
		s.bag.Put(int(s.seats[q].colour), s.g.gemsOf[s.seats[q].colour])
	}
	s.bag.Put(kindClear, s.g.clearGems)
	s.bagTotal = s.bag.Len()
	if s.Log != nil {
		for q := 0; q <= s.N; q++ {
			k, n := kindClear, s.g.clearGems
			if q < s.N {
				k, n = int(s.seats[q].colour), s.g.gemsOf[s.seats[q].colour]
			}
			s.Record(engine.Event{Kind: "bag", Player: -1, Resource: s.kindName(k), Amount: engine.Int(n), Total: engine.Int(s.bag.Count(k)), Cause: causeSetup, To: "bag",
				Text: fmt.Sprintf("%d %s gems go in the bag (%d of them there)", n, s.kindName(k), s.bag.Count(k))})
		}
	}
}

// reshuffled logs a discard pile shuffled into its deck.
func (s *state) reshuffled(pile string) {
	n := map[string]int{"prep": s.prepDeck.Len(), "talent": s.talentDeck.Len(), "failure": s.failDeck.Len()}[pile]
	s.Record(engine.Event{Kind: "reshuffle", Player: -1, Resource: pile, Amount: engine.Int(n), From: pile + "_discard", To: pile + "_deck",
		Text: fmt.Sprintf("the %s discard is shuffled into a new deck (%d cards)", pile, n)})
}

// chance applies a chance outcome to the task on top.
func (s *state) chance(t *task, a int) {
	g, p := s.g, int(t.p)
	switch t.op {
	case opColour:
		s.drawnColour(t, a)
	case opDrawPrep:
		s.drawnPrep(t, a)
	case opFillPool:
		s.dirty |= ledgerTalent
		s.draw(&s.talentDeck, a)
		s.pool[s.poolN] = int16(a)
		s.poolN++
		if s.Log != nil {
			s.cardEvent("pool", -1, a, "talent_deck", "pool", "", fmt.Sprintf("%s joins the Talent Pool", g.cards[a].name))
		}
	case opFirstRecruit:
		s.dirty |= ledgerTalent
		s.draw(&s.talentDeck, a)
		q := int(t.n)
		t.n++
		s.Tally.Took(a)
		s.recruit(q, a, noReplace, true, "talent_deck", causeFirstRecr)
	case opBurnDraw:
		s.dirty |= ledgerTalent
		s.draw(&s.talentDeck, a)
		s.burnCard = int16(a)
		s.pop()
		s.push(task{op: opBurnChoice, p: t.p})
		if s.Log != nil {
			s.cardEvent("burn_draw", p, a, "talent_deck", "revealed", causeOptionB, fmt.Sprintf("draws %s from the Talent deck", g.cards[a].name))
		}
	case opFillHeists:
		s.dirty |= ledgerHeist
		s.draw(&s.heistDeck, a)
		s.layHeistCard(s.emptySlot(), a)
	case opFailureDraw:
		s.dirty |= ledgerFailure
		s.draw(&s.failDeck, a)
		s.pop()
		s.revealFailure(p, a)
	case opGainGem:
		s.gainedGem(t, a)
	case opRoll:
		s.rolledHeistDie(t, a)
	case opTestRoll:
		s.pop()
		s.skillTest(p, a)
	case opFirstPlayer:
		s.seats[p].roll = int8(a)
		if s.Log != nil {
			s.firstRollEvent(p, t, a)
		}
		t.p++
	case opScore:
		s.scoreRoll(t, a)
	default:
		panic(fmt.Sprintf("masterminds: chance move at task %d", t.op))
	}
}

// drawnColour: seat t.n is Mastermind colour a.
func (s *state) drawnColour(t *task, a int) {
	g := s.g
	s.dirty |= ledgerColour
	s.draw(&s.colourDeck, a)
	q := int(t.n)
	s.seats[q].card, s.seats[q].colour = int16(a), int8(g.cards[a].colour)
	t.n++
	s.Tally.Took(a)
	if s.Log != nil {
		s.Record(engine.Event{Kind: "colour", Player: q, Card: g.cards[a].id, Resource: g.cards[a].color, From: "mastermind_deck", To: "seat",
			Text: fmt.Sprintf("is %s (%s gems)", g.cards[a].name, g.cards[a].color)})
	}
}

// drawnPrep: seat t.p drew Prep card a, into the hand or, a play-immediately
// card, played (at setup: discarded and drawn again).
func (s *state) drawnPrep(t *task, a int) {
	g, p := s.g, int(t.p)
	s.dirty |= ledgerPrep
	s.draw(&s.prepDeck, a)
	t.n--
	cd := &g.cards[a]
	if !cd.immediate {
		s.seats[p].hand.Add(a)
		if s.Log != nil {
			n := s.seats[p].hand.Len()
			s.Record(engine.Event{Kind: "draw", Player: p, Card: cd.id, Resource: "prep", Total: engine.Int(n), From: "prep_deck", To: "hand",
				Text: fmt.Sprintf("draws %s (%d in hand)", cd.name, n)})
		}
		return
	}
	if t.x == 1 {
		s.prepDiscard.Add(a)
		t.n++ // setup: discard and redraw
		if s.Log != nil {
			s.cardEvent("redraw", p, a, "prep_deck", "prep_discard", causeSetup, fmt.Sprintf("discards %s (play immediately) and draws again", cd.name))
		}
		return
	}
	// In play until it has resolved, then discarded: a draw it causes
	// cannot reshuffle it back into the deck.
	s.resolving++
	s.Tally.Took(a)
	if s.Log != nil {
		s.cardEvent("immediate", p, a, "prep_deck", "play", "", fmt.Sprintf("draws %s and plays it immediately", cd.name))
	}
	s.push(task{op: opImmediate, p: t.p, x: int16(a)})
}

// gainedGem: seat t.p drew a gem of kind a from the bag.
func (s *state) gainedGem(t *task, a int) {
	p := int(t.p)
	s.dirty |= ledgerGems
	if !s.bag.Take(a) {
		panic(fmt.Sprintf("masterminds: no gem of kind %d in the bag", a))
	}
	s.seats[p].gems[a]++
	t.n--
	if s.Log != nil {
		s.gemEvent("gem", p, a, 1, s.causeOf(t.x, ""), "bag", "seat")
	}
	if s.bag.Len() == 0 {
		s.bagEmptied = true
		s.Tally.Count(cntBagEmpty, 1)
	}
}

// rolledHeistDie: the heist die rolled a.
func (s *state) rolledHeistDie(t *task, a int) {
	p := int(t.p)
	cause := t.x // a reroll's Interrupt
	s.pop()
	s.roll, s.rolled = a, true
	if s.Log != nil {
		s.Record(engine.Event{Kind: "roll", Player: p, Resource: "die", Amount: engine.Int(a), Total: engine.Int(s.total + a), Printed: engine.Int(s.currentStep().target), Cause: s.causeOf(cause, causeHeistDie),
			Text: fmt.Sprintf("rolls %d: %d + %d = %d against %d", a, s.total, a, s.total+a, s.currentStep().target)})
	}
}

// scoreRoll: seat t.n rolled a for its colour's gem value.
func (s *state) scoreRoll(t *task, a int) {
	g := s.g
	s.seats[t.n].roll = int8(a)
	if s.Log != nil {
		col := g.cards[s.seats[t.n].card].color
		s.Record(engine.Event{Kind: "score_roll", Player: int(t.n), Card: s.id(int(s.seats[t.n].card)), Resource: col, Amount: engine.Int(a), Cause: causeScoreRoll,
			Text: fmt.Sprintf("rolls %d: each %s gem is worth %d", a, col, a)})
	}
	t.n++
}

func (s *state) kindName(k int) string {
	if k == kindClear {
		return "clear"
	}
	return s.g.cards[s.g.masterminds[k]].color
}

// firstRollStep runs the roll for the first player (v2.2 "roll 1 Dice to
// see who goes first"; the draft "roll one die. (Highest goes first !!)"):
// the seats in t.x roll in seat order, t.p the next of them; one highest
// face goes first, a tie between the highest re-rolls among them only
// (round t.n + 1). Each face of the round is kept in the seat's roll,
// unused until the scoring roll.
func (s *state) firstRollStep(t *task) bool {
	for q := int(t.p); q < s.N; q++ {
		if t.x&(1<<q) != 0 {
			t.p = int8(q)
			return s.waitChance()
		}
	}
	high, leaders := 0, int16(0)
	for q := range s.N {
		switch r := int(s.seats[q].roll); {
		case t.x&(1<<q) == 0:
		case r > high:
			high, leaders = r, 1<<q
		case r == high:
			leaders |= 1 << q
		}
		s.seats[q].roll = 0
	}
	if bits.OnesCount16(uint16(leaders)) > 1 {
		if s.Log != nil {
			s.firstTieEvent(t, high, leaders)
		}
		t.x, t.p = leaders, 0
		t.n++
		return true
	}
	first := bits.TrailingZeros16(uint16(leaders))
	if s.Log != nil {
		s.firstEvent(first, t, high)
	}
	s.pop()
	s.startTurn(first)
	return true
}

// startTurn begins seat p's turn.
func (s *state) startTurn(p int) {
	s.turn = p
	s.turns++
	s.Tally.Count(cntTurns, 1)
	if s.Log != nil {
		at := s.at("", 0)
		s.Record(engine.Event{Kind: "turn", Player: p, At: at, Text: fmt.Sprintf("begins turn %d (round %d)", at.Turn, at.Round)})
	}
	if s.Tally != nil && s.seats[p].markers >= int8(s.g.params.MarkersPerPlayer) && s.stepOpenIgnoringMarkers(p) {
		s.Tally.Counters[cntOutOfMarkers]++
	}
	s.push(task{op: opTurn, p: int8(p)})
}

// stepOpenIgnoringMarkers: a heist is on the table and a recruit could attempt.
func (s *state) stepOpenIgnoringMarkers(p int) bool {
	if s.available(p) == 0 {
		return false
	}
	for h := 0; h < s.tableN; h++ {
		if s.table[h].open() {
			return true
		}
	}
	return false
}

// noReplace is the replace slot of a recruit that replaces nobody.
const noReplace = 7

// recruit puts Talent c on p's team, in slot j when it replaces a recruit
// (whose Gear is discarded with it), and gains its recruit ability.
// from is the zone it comes from and cause the option, card or rule that
// recruits it (for the log).
func (s *state) recruit(p, c, j int, setup bool, from, cause string) {
	s.dirty |= ledgerTalent | ledgerPrep
	st := &s.seats[p]
	if j != noReplace && j < int(st.teamN) {
		old := st.team[j]
		s.dropGear(p, j, s.id(c))
		s.talentDiscard.Add(int(old.talent))
		st.team[j] = recruit{talent: int16(c)}
		st.gear[j] = -1
		if s.Log != nil {
			s.cardEvent("replace", p, int(old.talent), "team", "talent_discard", s.id(c), fmt.Sprintf("discards %s to make room for %s", s.g.cards[old.talent].name, s.g.cards[c].name))
		}
	} else {
		if int(st.teamN) >= s.g.params.TeamMax {
			panic("masterminds: recruit into a full team")
		}
		st.team[st.teamN] = recruit{talent: int16(c)}
		st.gear[st.teamN] = -1
		st.teamN++
	}
	if s.Log != nil {
		s.Record(engine.Event{Kind: "recruit", Player: p, Card: s.id(c), From: from, To: "team", Cause: cause, Total: engine.Int(int(st.teamN)),
			Text: fmt.Sprintf("recruits %s (from %s, %s; team of %d)", s.g.cards[c].name, from, cause, st.teamN)})
	}
	if ab := s.g.cards[c].ability; ab.when == whenRecruit && ab.drawPrep > 0 {
		x := int16(0)
		if setup {
			x = 1
		}
		s.push(task{op: opDrawPrep, p: int8(p), n: int16(ab.drawPrep), x: x})
	}
}

// removeRecruit retires recruit r (its Gear is discarded) for cause.
func (s *state) removeRecruit(p, r int, cause string) {
	s.dirty |= ledgerTalent | ledgerPrep
	st := &s.seats[p]
	if s.Log != nil {
		s.cardEvent("retire", p, int(st.team[r].talent), "team", "talent_discard", cause, fmt.Sprintf("retires %s (%s)", s.g.cards[st.team[r].talent].name, cause))
	}
	s.dropGear(p, r, cause)
	s.talentDiscard.Add(int(st.team[r].talent))
	copy(st.team[r:], st.team[r+1:st.teamN])
	copy(st.gear[r:], st.gear[r+1:st.teamN])
	st.teamN--
	st.team[st.teamN] = recruit{}
	st.gear[st.teamN] = -1
}

// discardTeamGear discards the Gear of p's whole team.
func (s *state) discardTeamGear(p int) {
	for r := 0; r < int(s.seats[p].teamN); r++ {
		s.dropGear(p, r, s.id(int(s.table[s.completing].a)))
	}
}

// dropGear discards recruit r's Gear, if any, for cause ("": the caller
// logs it).
func (s *state) dropGear(p, r int, cause string) {
	st := &s.seats[p]
	if gr := st.gear[r]; gr >= 0 {
		if s.Log != nil && cause != "" {
			s.cardEvent("discard_gear", p, int(gr), s.recruitZone(p, r), "prep_discard", cause, fmt.Sprintf("discards %s from %s (%s)", s.g.cards[gr].name, s.g.cards[st.team[r].talent].name, cause))
		}
		s.dirty |= ledgerPrep
		s.prepDiscard.Add(int(gr))
		st.gear[r] = -1
	}
}

// untap un-turns up to n of p's turned recruits, those that would stay
// turned first.
// It returns how many it un-turned.
func (s *state) untap(p, n int) int {
	st := &s.seats[p]
	done := 0
	for pass := 0; pass < 2 && n > done; pass++ {
		for r := 0; r < int(st.teamN) && n > done; r++ {
			f := &st.team[r].flags
			if *f&rTapped != 0 && (pass == 1 || *f&rStay != 0) {
				*f &^= rTapped | rStay
				done++
			}
		}
	}
	return done
}

// available is the mask of p's recruits that can be activated now.
func (s *state) available(p int) uint8 {
	st := &s.seats[p]
	var m uint8
	for r := 0; r < int(st.teamN); r++ {
		if st.team[r].flags&(rTapped|rUsed) == 0 {
			m |= 1 << r
		}
	}
	return m
}

// stepOf is step k of heist slot h.
func (s *state) stepOf(h, k int) *step {
	sl := &s.table[h]
	if k == 0 {
		return &s.g.cards[sl.a].steps[0]
	}
	return &s.g.cards[sl.b].steps[k]
}

func (s *state) currentStep() *step { return s.stepOf(s.atHeist, s.atStep) }

// canAttempt: p has a free marker die and a recruit to activate.
func (s *state) canAttempt(p int) bool {
	return int(s.seats[p].markers) < s.g.params.MarkersPerPlayer && s.available(p) != 0
}

// startAttempt begins an attempt at p's next step of heist h with skill sk.
func (s *state) startAttempt(p, h, sk int) {
	s.atHeist, s.atStep, s.atSkill = h, int(s.table[h].prog[p]), sk
	s.total, s.roll, s.result = 0, 0, resNone
	s.inAttempt, s.activated, s.rolled = true, false, false
	s.Tally.Count(cntAttempts, 1)
	if s.Log != nil {
		st := s.currentStep()
		s.Record(engine.Event{Kind: "attempt", Player: p, Card: s.id(int(s.table[h].a)), Resource: skillIDs[sk], Printed: engine.Int(st.target), At: s.at("heist", s.atStep+1),
			Text: fmt.Sprintf("attempts step %c of %s: %s against %d", 'A'+s.atStep, s.g.cards[s.table[h].a].title, skillIDs[sk], st.target)})
	}
	s.push(task{op: opAttemptEnd, p: int8(p)})
	s.push(task{op: opTally, p: int8(p)})
	s.push(task{op: opWindow, p: int8(p), n: int16(s.N), x: 0})
	s.push(task{op: opActivate, p: int8(p)})
}

// skillOf is recruit r's value for skill sk: skill, Gear and, when
// activated, its active ability.
func (s *state) skillOf(p, r, sk int, active bool) int {
	rc := &s.seats[p].team[r]
	row := &s.g.skillRows[rc.talent]
	v := int(row.base[sk])
	if active {
		v = int(row.active[sk])
	}
	if gr := s.seats[p].gear[r]; gr >= 0 {
		v += int(s.g.skillRows[gr].gear[sk])
	}
	return v
}

// placeMarker puts one of p's marker dice, showing face, on the step.
func (s *state) placeMarker(p, face int) {
	s.dirty |= ledgerMarkers
	sl := &s.table[s.atHeist]
	sl.faces[p][sl.prog[p]] = uint8(face)
	sl.prog[p]++
	s.seats[p].markers++
	s.result = resSuccess
	if s.Log != nil {
		s.Record(engine.Event{Kind: "marker", Player: p, Card: s.id(int(sl.a)), Resource: "marker", Amount: engine.Int(face), Total: engine.Int(int(sl.prog[p])), Result: "success", To: "heist",
			Text: fmt.Sprintf("succeeds: places a marker die showing %d on step %c of %s (%d of its dice there)", face, 'A'+s.atStep, s.g.cards[sl.a].title, sl.prog[p])})
	}
}

func (s *state) outcome(p int) {
	target := s.currentStep().target
	v := s.total + s.roll
	switch {
	case v > target:
		s.Tally.Count(cntSuccesses, 1)
		s.placeMarker(p, s.roll)
	case v == target:
		s.Tally.Count(cntPushes, 1)
		s.result = resPush
		if s.Log != nil {
			s.Record(engine.Event{Kind: "push", Player: p, Resource: "total", Amount: engine.Int(v), Printed: engine.Int(target), Result: "push",
				Text: fmt.Sprintf("has %d against %d: push, the run is over", v, target)})
		}
	default:
		s.Tally.Count(cntFailures, 1)
		s.result = resFailure
		if s.Log != nil {
			s.Record(engine.Event{Kind: "failure", Player: p, Resource: "total", Amount: engine.Int(v), Printed: engine.Int(target), Result: "failure",
				Text: fmt.Sprintf("has %d against %d: failure", v, target)})
		}
		s.push(task{op: opFailureDraw, p: int8(p)})
		s.push(task{op: opSuffer, p: int8(p)})
	}
}

// revealFailure resolves Failure card f against the suffering recruit.
func (s *state) revealFailure(p, f int) {
	s.dirty |= ledgerFailure
	cd := &s.g.cards[f]
	s.failDiscard.Add(f)
	s.Tally.Took(f)
	rc := &s.seats[p].team[s.sufferer]
	tc := &s.g.cards[rc.talent]
	switch {
	case cd.triggerMask&(1<<s.atSkill) == 0:
		if s.Log != nil {
			s.Record(engine.Event{Kind: "close_call", Player: p, Card: cd.id, Resource: skillIDs[s.atSkill], Cause: causeTriggers, Result: "close call", From: "failure_deck", To: "failure_discard",
				Text: fmt.Sprintf("reveals %s: %s is not in its triggers, a close call", cd.name, skillIDs[s.atSkill])})
		}
	case tc.ability.ignoreFailure:
		if s.Log != nil {
			s.Record(engine.Event{Kind: "close_call", Player: p, Card: cd.id, Cause: tc.id, Result: "close call", From: "failure_deck", To: "failure_discard",
				Text: fmt.Sprintf("reveals %s: %s never suffers a failure consequence, a close call", cd.name, tc.name)})
		}
	default:
		if s.Log != nil {
			s.cardEvent("reveal", p, f, "failure_deck", "failure_discard", "", fmt.Sprintf("reveals %s: %s triggers it", cd.name, skillIDs[s.atSkill]))
		}
		s.failCard = int16(f)
		s.push(task{op: opTestRoll, p: int8(p)})
	}
}

// passes reports whether a skill test total passes against its target.
func (g *Game) passes(total, target int) bool {
	if g.testAtLeast {
		return total >= target
	}
	return total > target
}

// skillTest resolves the suffering recruit's test with die roll d.
func (s *state) skillTest(p, d int) {
	cd := &s.g.cards[s.failCard]
	r := s.sufferer
	v := s.skillOf(p, r, cd.testSkill, false) + d
	tc := &s.g.cards[s.seats[p].team[r].talent]
	pass := s.g.passes(v, cd.testTarget)
	if s.Log != nil {
		result := "passed"
		if !pass {
			result = "failed: " + consequenceIDs[cd.consequence]
		}
		s.Record(engine.Event{Kind: "roll", Player: p, Resource: "die", Amount: engine.Int(d), Cause: cd.id,
			Text: fmt.Sprintf("rolls %d for %s's test", d, tc.name)})
		s.Record(engine.Event{Kind: "test", Player: p, Card: tc.id, Cause: cd.id, Resource: skillIDs[cd.testSkill], Amount: engine.Int(v), Printed: engine.Int(cd.testTarget), Result: result,
			Text: fmt.Sprintf("%s tests %s: %d against %d, %s", tc.name, skillIDs[cd.testSkill], v, cd.testTarget, result)})
	}
	if pass {
		return
	}
	s.Tally.Count(cntConsequences, 1)
	switch cd.consequence {
	case consRetire:
		s.removeRecruit(p, r, cd.id)
	case consLoseGear:
		if s.Log != nil && s.seats[p].gear[r] < 0 {
			s.nothing("lose_gear", p, "gear", 1, cd.id, tc.name+" has no Gear")
		}
		s.dropGear(p, r, cd.id)
	case consLoseGem:
		s.push(task{op: opLoseGem, p: int8(p)})
	case consDiscardPrep:
		s.push(task{op: opDiscardPrep, p: int8(p)})
	case consStayTapped:
		s.seats[p].team[r].flags |= rStay
		if s.Log != nil {
			s.cardEvent("stay_tapped", p, int(s.seats[p].team[r].talent), "", "", cd.id, fmt.Sprintf("%s stays turned through the next upkeep", tc.name))
		}
	}
}

// endAttempt discards the one-use Gear of the activated recruits ("after
// one activation"), then goes on to hold/continue or the completion
// checklist.
func (s *state) endAttempt(p int) {
	st := &s.seats[p]
	s.inAttempt = false
	for r := 0; r < int(st.teamN); r++ {
		rc := &st.team[r]
		if rc.flags&rActive == 0 {
			continue
		}
		rc.flags &^= rActive
		if gr := st.gear[r]; gr >= 0 && s.g.cards[gr].oneUse {
			s.dropGear(p, r, causeOneUse)
		}
	}
	if s.result != resSuccess {
		return
	}
	h := s.atHeist
	if s.table[h].prog[p] < stepsPerHeist {
		s.push(task{op: opAfterSuccess, p: int8(p)})
		return
	}
	// The completion checklist, in order (pushed last first).
	s.completing = h
	pp := int8(p)
	s.push(task{op: opRetire, p: pp})
	s.push(task{op: opKeepCards, p: pp})
	s.push(task{op: opDiscardTeamGear, p: pp})
	s.push(task{op: opRemoveMarkers, p: pp})
	if int(st.teamN) <= s.g.params.CompletionDrawMaxTeam {
		if s.g.drawAlways {
			s.push(task{op: opDrawPrep, p: pp, n: 1})
		} else {
			s.push(task{op: opCompletionDraw, p: pp})
		}
	}
	a := int(s.table[h].a)
	take := s.g.cards[a].take
	if s.Log != nil {
		s.Record(engine.Event{Kind: "complete", Player: p, Card: s.id(a), Resource: "gem", Printed: engine.Int(take), Result: "complete",
			Text: fmt.Sprintf("completes %s: TAKE %d", s.g.cards[a].title, take)})
	}
	s.push(task{op: opGainGem, p: pp, n: int16(take), x: causeX(a)})
}

// recall takes p's marker dice back from heist h, losing that progress
// (recall_markers).
func (s *state) recall(p, h int) {
	s.dirty |= ledgerMarkers
	sl := &s.table[h]
	s.seats[p].markers -= int8(sl.prog[p])
	if s.Log != nil {
		s.Record(engine.Event{Kind: "recall", Player: p, Card: s.id(int(sl.a)), Resource: "marker", Amount: engine.Int(int(sl.prog[p])), Total: engine.Int(int(s.seats[p].markers)), Cause: "recall_markers", From: "heist",
			Text: fmt.Sprintf("takes back %d marker dice from %s (%d still out)", sl.prog[p], s.g.cards[sl.a].title, s.seats[p].markers)})
	}
	sl.prog[p] = 0
	sl.faces[p] = [stepsPerHeist]uint8{}
	s.Tally.Count(cntMarkersRecalled, 1)
}

// matching is the most marker dice of p on heist h showing one number.
func (s *state) matching(h, p int) int {
	sl := &s.table[h]
	var seen [7]int
	best := 0
	for k := 0; k < int(sl.prog[p]); k++ {
		f := sl.faces[p][k]
		seen[f]++
		best = max(best, seen[f])
	}
	return best
}

func (s *state) removeMarkers(p int) {
	h := s.completing
	sl := &s.table[h]
	match := s.matching(h, p)
	bonus := match >= s.g.params.BonusGemMatching
	if s.Log != nil {
		result := "no bonus"
		if bonus {
			result = "bonus gem"
		}
		s.Record(engine.Event{Kind: "bonus", Player: p, Card: s.id(int(sl.a)), Resource: "matching", Amount: engine.Int(match), Printed: engine.Int(s.g.params.BonusGemMatching), Cause: causeBonusGem, Result: result,
			Text: fmt.Sprintf("has %d matching dice of %d needed: %s", match, s.g.params.BonusGemMatching, result)})
	}
	s.dirty |= ledgerMarkers
	for q := 0; q < s.N; q++ {
		n := int(sl.prog[q])
		s.seats[q].markers -= int8(n)
		sl.prog[q] = 0
		sl.faces[q] = [stepsPerHeist]uint8{}
		if s.Log != nil && n > 0 {
			s.Record(engine.Event{Kind: "markers_off", Player: q, Card: s.id(int(sl.a)), Resource: "marker", Amount: engine.Int(n), Total: engine.Int(int(s.seats[q].markers)), Cause: "complete", From: "heist",
				Text: fmt.Sprintf("takes back %d marker dice from %s (%d still out)", n, s.g.cards[sl.a].title, s.seats[q].markers)})
		}
	}
	if bonus {
		s.Tally.Count(cntBonusGems, 1)
		s.push(task{op: opGainGem, p: int8(p), n: 1, x: xBonus})
	}
}

func (s *state) keepCards(p int) {
	s.dirty |= ledgerHeist | ledgerMarkers
	sl := &s.table[s.completing]
	s.seats[p].heists++
	s.completed++
	if s.Log != nil {
		s.Record(engine.Event{Kind: "keep", Player: p, Card: s.id(int(sl.a)), Resource: "heist", Amount: engine.Int(1), Total: engine.Int(int(s.seats[p].heists)), From: "table", To: "kept",
			Text: fmt.Sprintf("keeps %s: %d heist(s) completed (%d at the table)", s.g.cards[sl.a].title, s.seats[p].heists, s.completed)})
		s.cardEvent("heist_bottom", -1, int(sl.b), "table", "heist_deck", "complete", fmt.Sprintf("%s goes to the bottom of the heist deck", s.g.cards[sl.b].name))
	}
	s.Tally.Count(cntHeistsCompleted, 1)
	if s.qLen == len(s.heistQueue) {
		panic("masterminds: heist queue overflow")
	}
	s.heistQueue[s.qLen] = sl.b
	s.qLen++
	sl.a, sl.b = -1, -1
}

// upkeep untaps, then refills, checks the hand and the end (pushed last
// first).
func (s *state) upkeep(p int) {
	st := &s.seats[p]
	if s.Log != nil {
		s.Record(engine.Event{Kind: "phase", Player: p, At: s.at("upkeep", 0), Text: "begins upkeep"})
	}
	for r := 0; r < int(st.teamN); r++ {
		f := &st.team[r].flags
		if *f&rStay != 0 {
			*f &^= rStay | rUsed // turned through this upkeep
		} else {
			*f &^= rTapped | rUsed
		}
	}
	s.push(task{op: opEndCheck, p: int8(p)})
	s.push(task{op: opHandLimit, p: int8(p)})
	s.push(task{op: opFillHeists})
	s.push(task{op: opFillPool})
}

// How a game ends (Info.EndCauses).
const (
	endHeistsCompleted  = "heists completed"
	endGemsExhausted    = "gems exhausted"
	endMarkersExhausted = "markers exhausted"
	endHeistsExhausted  = "heists exhausted"
)

var endCauses = []string{endHeistsCompleted, endGemsExhausted, endMarkersExhausted, endHeistsExhausted}

// endCheck ends the game or passes the turn clockwise.
func (s *state) endCheck(p int) {
	cause := ""
	switch {
	case s.completed >= s.g.params.EndHeists(s.N):
		cause = endHeistsCompleted
	case s.bagEmptied:
		cause = endGemsExhausted
	case s.deadlocked():
		cause = endMarkersExhausted
		s.Tally.Count(cntMarkersDeadlock, 1)
	case !s.anyHeistOpen():
		cause = endHeistsExhausted
		s.Tally.Count(cntHeistsExhausted, 1)
	}
	if cause == "" {
		s.startTurn((p + 1) % s.N)
		return
	}
	s.Cause = cause
	if s.Log != nil {
		s.Record(engine.Event{Kind: "end", Player: -1, Result: cause, At: s.at("score", 0), Text: fmt.Sprintf("the game ends: %s", cause)})
	}
	s.push(task{op: opScore})
}

func (s *state) anyHeistOpen() bool {
	for h := 0; h < s.tableN; h++ {
		if s.table[h].open() {
			return true
		}
	}
	return false
}

// deadlocked: no player can ever attempt a step again, so no heist can be
// completed. Each player has no free marker die (dice leave a heist only
// when it is completed, unless recall_markers), or has no recruit while no
// Talent is left to recruit (Talents come back only through attempts: a
// retired recruit).
func (s *state) deadlocked() bool {
	noTalents := s.poolN == 0 && s.talentDeck.Len() == 0 && s.talentDiscard.Len() == 0
	recall := s.g.params.RecallMarkers
	for q := 0; q < s.N; q++ {
		st := &s.seats[q]
		if (recall || int(st.markers) < s.g.params.MarkersPerPlayer) && (st.teamN > 0 || !noTalents) {
			return false
		}
	}
	return true
}

// score is seat q's final score once the colour rolls are in.
func (s *state) score(q int) int {
	v := 0
	for k, n := range s.seats[q].gems {
		v += int(n) * s.gemValue(k)
	}
	return v
}

// gemValue is a gem kind's value: its owner's roll, or clear_gem_value.
func (s *state) gemValue(k int) int {
	if k == kindClear {
		return s.g.params.ClearGemValue
	}
	for q := 0; q < s.N; q++ {
		if int(s.seats[q].colour) == k {
			return int(s.seats[q].roll)
		}
	}
	return 0
}

// better reports whether seat a beats seat b: score, then tie_break.
func (s *state) better(a, b int) bool {
	if sa, sb := s.score(a), s.score(b); sa != sb {
		return sa > sb
	}
	for _, k := range s.g.tieBreak {
		switch k {
		case tieClearGems:
			if x, y := s.seats[a].gems[kindClear], s.seats[b].gems[kindClear]; x != y {
				return x > y
			}
		case tieHeists:
			if x, y := s.seats[a].heists, s.seats[b].heists; x != y {
				return x > y
			}
		case tieShared:
			return false
		}
	}
	return false
}

func (s *state) finish() {
	s.ended = true
	best := 0
	for q := 1; q < s.N; q++ {
		if s.better(q, best) {
			best = q
		}
	}
	var winners engine.Seats
	for q := 0; q < s.N; q++ {
		if !s.better(best, q) {
			winners = winners.With(q)
		}
	}
	s.ShareWin(winners)
	if s.Log != nil {
		for q := 0; q < s.N; q++ {
			s.logScore(q)
		}
		for q := 0; q < s.N; q++ {
			if winners.Has(q) {
				s.Record(engine.Event{Kind: "win", Player: q, Result: "win", Text: "wins"})
			}
		}
	}
}
