package masterminds

import (
	"fmt"

	"cardpress/engine"
)

// step performs the task on top. It returns false when the task waits for
// a move (s.cur is then the chance player or the seat to decide).
func (s *state) step(t *task) bool {
	g, p := s.g, int(t.p)
	prm := &g.params
	if do := bookkeeping[t.op]; do != nil {
		s.pop()
		do(s, p)
		return true
	}
	switch t.op {
	case opColour:
		if int(t.n) >= s.N || s.colourDeck.Len() == 0 {
			s.pop()
			s.fillBag()
			return true
		}
		return s.waitChance()

	case opDrawPrep:
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
					s.Emit("prep_empty", p, "cannot draw %d Prep card(s): deck and discard are empty", t.n)
				}
				s.pop()
				return true
			}
			reshuffle(&s.prepDeck, &s.prepDiscard)
			if s.Log != nil {
				s.Emit("reshuffle", -1, "the Prep discard is shuffled into a new deck (%d cards)", s.prepDeck.Len())
			}
		}
		return s.waitChance()

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
			copy(s.heistQueue[:], s.heistQueue[1:s.qLen])
			s.qLen--
			s.layHeistCard(h, int(c))
			return true
		}
		return s.waitChance()

	case opFailureDraw:
		if s.failDeck.Len() == 0 {
			if s.failDiscard.Len() == 0 {
				if s.Log != nil {
					s.Emit("close_call", p, "no Failure card left: a close call")
				}
				s.pop()
				return true
			}
			reshuffle(&s.failDeck, &s.failDiscard)
			s.Tally.Count(cntFailureReshuffles, 1)
		}
		return s.waitChance()

	case opGainGem:
		if t.n <= 0 {
			s.pop()
			return true
		}
		if s.bag.Len() == 0 {
			s.Tally.Count(cntGemsLost, int64(t.n))
			if s.Log != nil {
				s.Emit("bag_empty", p, "gets no gem: the bag is empty (%d owed)", t.n)
			}
			s.pop()
			return true
		}
		return s.waitChance()

	case opRoll, opTestRoll, opFirstPlayer:
		return s.waitChance()

	case opScore:
		if int(t.n) >= s.N {
			s.pop()
			s.finish()
			return true
		}
		return s.waitChance()

	case opDealCash:
		s.pop()
		k := prm.Cash(s.N)
		for q := 0; q < s.N; q++ {
			got := min(k, s.cashSupply)
			s.cashSupply -= got
			s.seats[q].cash = int8(got)
			if got > 0 {
				s.Tally.Took(g.cashCard)
			}
		}
		return true

	case opStartGems:
		s.pop()
		for q := 0; q < s.N; q++ {
			for k := 0; k < prm.StartClearGems && s.bag.Take(kindClear); k++ {
				s.seats[q].gems[kindClear]++
			}
		}
		return true

	case opDiscardPlayed:
		s.pop()
		s.resolving--
		s.prepDiscard.Add(int(t.x))
		return true

	case opUntap:
		s.pop()
		s.untap(p, int(t.n))
		return true

	case opTally:
		s.pop()
		st := s.currentStep()
		if s.total > st.target {
			s.Tally.Count(cntPerfections, 1)
			if s.Log != nil {
				s.Emit("perfection", p, "has %d against %d before any roll: perfection", s.total, st.target)
			}
			s.push(task{op: opFace, p: t.p})
			return true
		}
		s.push(task{op: opOutcome, p: t.p})
		s.push(task{op: opWindow, p: t.p, n: int16(s.N), x: 1})
		s.push(task{op: opRoll, p: t.p})
		return true

	// Decisions that may have nothing to decide.
	case opRecruitEffect:
		if s.poolN == 0 {
			s.pop()
			return true
		}
	case opDiscardGear:
		if !s.othersHaveGear(p) {
			s.pop()
			return true
		}
	case opImmediate:
		if g.cards[t.x].gemMode == 0 || !s.canPay(p) {
			c := int(t.x)
			s.pop()
			s.push(task{op: opDiscardPlayed, x: int16(c)})
			s.resolveCard(p, c, 0)
			return true
		}
	case opWindow:
		for t.n > 0 {
			q := (p + s.N - int(t.n)) % s.N
			if s.canInterrupt(q, t.x == 1) {
				s.cur = engine.Player(q)
				return false
			}
			t.n--
		}
		s.pop()
		return true
	case opLoseGem:
		if s.gemCount(p) == 0 {
			s.pop()
			return true
		}
	case opDiscardPrep:
		if s.seats[p].hand.Len() == 0 {
			s.pop()
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
		if t.n <= 0 {
			s.pop()
			return true
		}
	}
	// Every other task is a decision of seat p.
	s.cur = engine.Player(p)
	return false
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
	reshuffle(&s.talentDeck, &s.talentDiscard)
	s.Tally.Count(cntTalentReshuffles, 1)
	if s.Log != nil {
		s.Emit("reshuffle", -1, "the Talent discard is shuffled into a new deck (%d cards)", s.talentDeck.Len())
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
	sl := &s.table[h]
	if sl.a < 0 {
		sl.a = int16(c)
		return
	}
	sl.b = int16(c)
	if s.Log != nil {
		s.Emit("heist", -1, "heist %d laid out: %s (A) with the steps of %s (B)", h+1, s.g.cards[sl.a].title, s.g.cards[sl.b].name)
	}
}

// fillBag puts the gems of each player's colour and the clear gems in the
// bag, as many as game.yaml's components say.
func (s *state) fillBag() {
	for q := 0; q < s.N; q++ {
		s.bag.Put(int(s.seats[q].colour), s.g.gemsOf[s.seats[q].colour])
	}
	s.bag.Put(kindClear, s.g.clearGems)
	s.bagTotal = s.bag.Len()
}

// chance applies a chance outcome to the task on top.
func (s *state) chance(t *task, a int) {
	g, p := s.g, int(t.p)
	switch t.op {
	case opColour:
		s.draw(&s.colourDeck, a)
		q := int(t.n)
		s.seats[q].card, s.seats[q].colour = int16(a), int8(g.cards[a].colour)
		t.n++
		s.Tally.Took(a)
		if s.Log != nil {
			s.Emit("colour", q, "is %s (%s gems)", g.cards[a].name, g.cards[a].color)
		}
	case opDrawPrep:
		s.draw(&s.prepDeck, a)
		t.n--
		cd := &g.cards[a]
		if !cd.immediate {
			s.seats[p].hand.Add(a)
			if s.Log != nil {
				s.Emit("draw", p, "draws %s", cd.name)
			}
			return
		}
		if t.x == 1 {
			s.prepDiscard.Add(a)
			t.n++ // setup: discard and redraw
			if s.Log != nil {
				s.Emit("redraw", p, "discards %s (play immediately) and draws again", cd.name)
			}
			return
		}
		// In play until it has resolved, then discarded: a draw it causes
		// cannot reshuffle it back into the deck.
		s.resolving++
		s.Tally.Took(a)
		if s.Log != nil {
			s.Emit("immediate", p, "draws %s and plays it immediately", cd.name)
		}
		s.push(task{op: opImmediate, p: t.p, x: int16(a)})
	case opFillPool:
		s.draw(&s.talentDeck, a)
		s.pool[s.poolN] = int16(a)
		s.poolN++
	case opFirstRecruit:
		s.draw(&s.talentDeck, a)
		q := int(t.n)
		t.n++
		s.Tally.Took(a)
		s.recruit(q, a, noReplace, true)
	case opBurnDraw:
		s.draw(&s.talentDeck, a)
		s.burnCard = int16(a)
		s.pop()
		s.push(task{op: opBurnChoice, p: t.p})
		if s.Log != nil {
			s.Emit("burn_draw", p, "draws %s from the Talent deck", g.cards[a].name)
		}
	case opFillHeists:
		s.draw(&s.heistDeck, a)
		s.layHeistCard(s.emptySlot(), a)
	case opFailureDraw:
		s.draw(&s.failDeck, a)
		s.pop()
		s.revealFailure(p, a)
	case opGainGem:
		if !s.bag.Take(a) {
			panic(fmt.Sprintf("masterminds: no gem of kind %d in the bag", a))
		}
		s.seats[p].gems[a]++
		t.n--
		if s.Log != nil {
			s.Emit("gem", p, "takes a %s gem from the bag (%d left)", s.kindName(a), s.bag.Len())
		}
		if s.bag.Len() == 0 {
			s.bagEmptied = true
			s.Tally.Count(cntBagEmpty, 1)
		}
	case opRoll:
		s.pop()
		s.roll, s.rolled = a, true
		if s.Log != nil {
			s.Emit("roll", p, "rolls %d: %d + %d against %d", a, s.total, a, s.currentStep().target)
		}
	case opTestRoll:
		s.pop()
		s.skillTest(p, a)
	case opFirstPlayer:
		s.pop()
		if s.Log != nil {
			s.Emit("first", a, "rolls highest and goes first")
		}
		s.startTurn(a)
	case opScore:
		s.seats[t.n].roll = int8(a)
		if s.Log != nil {
			s.Emit("score_roll", int(t.n), "rolls %d: each %s gem is worth %d", a, g.cards[s.seats[t.n].card].color, a)
		}
		t.n++
	default:
		panic(fmt.Sprintf("masterminds: chance move at task %d", t.op))
	}
}

func (s *state) kindName(k int) string {
	if k == kindClear {
		return "clear"
	}
	return s.g.cards[s.g.masterminds[k]].color
}

// startTurn begins seat p's turn.
func (s *state) startTurn(p int) {
	s.turn = p
	s.Tally.Count(cntTurns, 1)
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
func (s *state) recruit(p, c, j int, setup bool) {
	st := &s.seats[p]
	if j != noReplace && j < int(st.teamN) {
		old := st.team[j]
		s.dropGear(p, j)
		s.talentDiscard.Add(int(old.talent))
		st.team[j] = recruit{talent: int16(c), gear: -1}
		if s.Log != nil {
			s.Emit("recruit", p, "recruits %s in place of %s", s.g.cards[c].name, s.g.cards[old.talent].name)
		}
	} else {
		if int(st.teamN) >= s.g.params.TeamMax {
			panic("masterminds: recruit into a full team")
		}
		st.team[st.teamN] = recruit{talent: int16(c), gear: -1}
		st.teamN++
		if s.Log != nil {
			s.Emit("recruit", p, "recruits %s", s.g.cards[c].name)
		}
	}
	if ab := s.g.cards[c].ability; ab.when == whenRecruit && ab.drawPrep > 0 {
		x := int16(0)
		if setup {
			x = 1
		}
		s.push(task{op: opDrawPrep, p: int8(p), n: int16(ab.drawPrep), x: x})
	}
}

// removeRecruit retires recruit r (its Gear is discarded).
func (s *state) removeRecruit(p, r int) {
	st := &s.seats[p]
	s.dropGear(p, r)
	s.talentDiscard.Add(int(st.team[r].talent))
	copy(st.team[r:], st.team[r+1:st.teamN])
	st.teamN--
	st.team[st.teamN] = recruit{gear: -1}
}

// discardTeamGear discards the Gear of p's whole team.
func (s *state) discardTeamGear(p int) {
	for r := 0; r < int(s.seats[p].teamN); r++ {
		s.dropGear(p, r)
	}
}

func (s *state) dropGear(p, r int) {
	rc := &s.seats[p].team[r]
	if rc.gear >= 0 {
		s.prepDiscard.Add(int(rc.gear))
		rc.gear = -1
	}
}

// untap un-turns up to n of p's turned recruits, those that would stay
// turned first.
func (s *state) untap(p, n int) {
	st := &s.seats[p]
	for pass := 0; pass < 2 && n > 0; pass++ {
		for r := 0; r < int(st.teamN) && n > 0; r++ {
			f := &st.team[r].flags
			if *f&rTapped != 0 && (pass == 1 || *f&rStay != 0) {
				*f &^= rTapped | rStay
				n--
			}
		}
	}
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
		s.Emit("attempt", p, "attempts step %c of %s: %s against %d", 'A'+s.atStep, s.g.cards[s.table[h].a].title, skillNames[sk], st.target)
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
	tc := &s.g.cards[rc.talent]
	v := tc.skills[sk]
	if rc.gear >= 0 {
		v += s.g.cards[rc.gear].gearBonus(sk)
	}
	if active {
		v += tc.activeBonus(sk)
	}
	return v
}

// placeMarker puts one of p's marker dice, showing face, on the step.
func (s *state) placeMarker(p, face int) {
	sl := &s.table[s.atHeist]
	sl.faces[p][sl.prog[p]] = uint8(face)
	sl.prog[p]++
	s.seats[p].markers++
	s.result = resSuccess
	if s.Log != nil {
		s.Emit("marker", p, "places a marker die showing %d on step %c of %s", face, 'A'+s.atStep, s.g.cards[sl.a].title)
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
			s.Emit("push", p, "ties %d: push, the run is over", target)
		}
	default:
		s.Tally.Count(cntFailures, 1)
		s.result = resFailure
		if s.Log != nil {
			s.Emit("failure", p, "has %d against %d: failure", v, target)
		}
		s.push(task{op: opFailureDraw, p: int8(p)})
		s.push(task{op: opSuffer, p: int8(p)})
	}
}

// revealFailure resolves Failure card f against the suffering recruit.
func (s *state) revealFailure(p, f int) {
	cd := &s.g.cards[f]
	s.failDiscard.Add(f)
	s.Tally.Took(f)
	rc := &s.seats[p].team[s.sufferer]
	tc := &s.g.cards[rc.talent]
	switch {
	case cd.triggerMask&(1<<s.atSkill) == 0:
		if s.Log != nil {
			s.Emit("close_call", p, "reveals %s: %s is not in its triggers, a close call", cd.name, skillNames[s.atSkill])
		}
	case tc.ability.ignoreFailure:
		if s.Log != nil {
			s.Emit("close_call", p, "reveals %s: %s never suffers a failure consequence", cd.name, tc.name)
		}
	default:
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
	name := s.g.cards[s.seats[p].team[r].talent].name
	if s.g.passes(v, cd.testTarget) {
		if s.Log != nil {
			s.Emit("test", p, "%s tests %s: %d against %d, passed", name, skillNames[cd.testSkill], v, cd.testTarget)
		}
		return
	}
	s.Tally.Count(cntConsequences, 1)
	if s.Log != nil {
		s.Emit("test", p, "%s tests %s: %d against %d, failed: %s", name, skillNames[cd.testSkill], v, cd.testTarget, consequenceIDs[cd.consequence])
	}
	switch cd.consequence {
	case consRetire:
		s.removeRecruit(p, r)
	case consLoseGear:
		s.dropGear(p, r)
	case consLoseGem:
		s.push(task{op: opLoseGem, p: int8(p)})
	case consDiscardPrep:
		s.push(task{op: opDiscardPrep, p: int8(p)})
	case consStayTapped:
		s.seats[p].team[r].flags |= rStay
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
		if rc.gear >= 0 && s.g.cards[rc.gear].oneUse {
			if s.Log != nil {
				s.Emit("one_use", p, "discards %s (one use)", s.g.cards[rc.gear].name)
			}
			s.dropGear(p, r)
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
	take := s.g.cards[s.table[h].a].take
	if s.Log != nil {
		s.Emit("complete", p, "completes %s: TAKE %d", s.g.cards[s.table[h].a].title, take)
	}
	s.push(task{op: opGainGem, p: pp, n: int16(take)})
}

// recall takes p's marker dice back from heist h, losing that progress
// (recall_markers).
func (s *state) recall(p, h int) {
	sl := &s.table[h]
	s.seats[p].markers -= int8(sl.prog[p])
	if s.Log != nil {
		s.Emit("recall", p, "takes back %d marker dice from %s", sl.prog[p], s.g.cards[sl.a].title)
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
	bonus := s.matching(h, p) >= s.g.params.BonusGemMatching
	for q := 0; q < s.N; q++ {
		s.seats[q].markers -= int8(sl.prog[q])
		sl.prog[q] = 0
		sl.faces[q] = [stepsPerHeist]uint8{}
	}
	if bonus {
		s.Tally.Count(cntBonusGems, 1)
		if s.Log != nil {
			s.Emit("bonus", p, "has %d matching dice: a bonus gem", s.g.params.BonusGemMatching)
		}
		s.push(task{op: opGainGem, p: int8(p), n: 1})
	}
}

func (s *state) keepCards(p int) {
	sl := &s.table[s.completing]
	s.seats[p].heists++
	s.completed++
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

// endCheck ends the game or passes the turn clockwise.
func (s *state) endCheck(p int) {
	cause := ""
	switch {
	case s.completed >= s.g.params.EndHeists(s.N):
		cause = "heists completed"
	case s.bagEmptied:
		cause = "gems exhausted"
	case s.deadlocked():
		cause = "markers exhausted"
		s.Tally.Count(cntMarkersDeadlock, 1)
	case !s.anyHeistOpen():
		cause = "heists exhausted"
		s.Tally.Count(cntHeistsExhausted, 1)
	}
	if cause == "" {
		s.startTurn((p + 1) % s.N)
		return
	}
	s.Cause = cause
	if s.Log != nil {
		s.Emit("end", -1, "the game ends: %s", cause)
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
			s.Emit("score", q, "scores %d (%d gems, %d clear, %d heists)", s.score(q), s.gemCount(q), s.seats[q].gems[kindClear], s.seats[q].heists)
		}
		for q := 0; q < s.N; q++ {
			if winners.Has(q) {
				s.Emit("win", q, "wins")
			}
		}
	}
}
