package masterminds

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/cardpress/cardpress/engine"
)

// Action encoding: every decision kind has its own range, kind<<14 |
// payload, so an action means one thing wherever it appears and the legal
// actions of a node (appended kind by kind) come out sorted.
const kindShift = 14

const (
	aRecruit        = iota // turn start, PREP: 0 draw a Prep card (C), 1 burn the pool (B), 2 recruit from the pool (A)
	aStep                  // turn start or continue, HEIST: h*8+skill
	aHold                  // after a success: hold
	aBurn                  // after burning: 0 put the Talent in the pool, 1+j recruit it
	aPlanDraw              // Plan: draw a Prep card
	aPlanTrade             // Plan: move recruit i's Gear to recruit j (swapping): i*8+j
	aPlanAction            // Plan: play Action c with payment pay: c*32+pay
	aPlanGear              // Plan: Gear c on recruit r: c*8+r
	aGearStop              // second Gear: none
	aGear2                 // second Gear c on recruit r: c*8+r
	aPay                   // play-immediately card: payment (0: none)
	aRecruitEffect         // recruit (option A or the recruit effect): pool Talent c, replacing j: c*8+j
	aDiscardGear           // discard_gear: seat q's recruit r: q*8+r
	aActivate              // the mask of recruits to activate
	aPass                  // interrupt window: pass
	aInterrupt             // interrupt window: Interrupt c with payment pay: c*32+pay
	aFace                  // perfection: the face 1-6
	aSuffer                // failure: recruit r suffers
	aLoseGem               // lose_gem: gem kind
	aDiscardPrep           // discard_prep: card c
	aCompletionDraw        // optional completion draw: 0 no, 1 yes
	aRetire                // keep_one: recruit r stays; retire_one: recruit r retires
	aDiscardHand           // hand limit: card c
	aRecall                // turn start, out of marker dice (recall_markers): take back the dice on heist h
)

var actionKinds = []string{
	"recruit", "step", "hold", "burn", "plan_draw", "plan_trade", "plan_action", "plan_gear",
	"gear_stop", "gear2", "pay", "recruit_effect", "discard_gear", "activate", "pass", "interrupt",
	"face", "suffer", "lose_gem", "discard_prep", "completion_draw", "retire", "discard_hand", "recall",
}

// Payments for a pay-a-gem section.
const (
	payNone = 0
	payCash = 1
	payGem  = 2 // payGem+k returns a gem of kind k to the bag
)

func act(kind, payload int) engine.Action { return engine.Action(kind<<kindShift | payload) }

func split(a engine.Action) (kind, v int) { return int(a) >> kindShift, int(a) & (1<<kindShift - 1) }

// LegalActions lists what seat p may do now (nothing unless p is to move).
func (s *state) LegalActions(p engine.Player, buf []engine.Action) []engine.Action {
	if p < 0 || p != s.cur || s.sp == 0 {
		return buf
	}
	t := s.top()
	q := int(p)
	st := &s.seats[q]
	prm := &s.g.params
	switch t.op {
	case opTurn:
		buf = s.turnActions(t, q, buf)
	case opBurnChoice:
		buf = append(buf, act(aBurn, 0))
		buf = s.recruitOptions(q, aBurn, 1, buf)
	case opRecruitEffect:
		var pool [maxPool]int
		for _, c := range s.poolDistinct(pool[:0]) {
			buf = s.recruitOptions(q, aRecruitEffect, c*8, buf)
		}
	case opPlan:
		buf = s.planActions(t, q, buf)
	case opGear2:
		buf = s.gear2Actions(t, q, buf)
	case opImmediate:
		buf = append(buf, act(aPay, payNone))
		var pays [nKinds + 2]int
		for _, pay := range s.payOptions(q, pays[:0]) {
			buf = append(buf, act(aPay, pay))
		}
	case opDiscardGear:
		buf = s.discardGearActions(t, q, buf)
	case opActivate:
		avail := int(s.available(q))
		for m := 1; m < 1<<st.teamN; m++ {
			if m&^avail == 0 && bits.OnesCount(uint(m)) <= prm.ActivateMax {
				buf = append(buf, act(aActivate, m))
			}
		}
	case opWindow:
		buf = s.windowActions(t, q, buf)
	case opFace:
		for f := 1; f <= 6; f++ {
			buf = append(buf, act(aFace, f))
		}
	case opSuffer:
		for r := 0; r < int(st.teamN); r++ {
			if st.team[r].flags&rActive != 0 {
				buf = append(buf, act(aSuffer, r))
			}
		}
	case opLoseGem:
		for k, n := range st.gems {
			if n > 0 {
				buf = append(buf, act(aLoseGem, k))
			}
		}
	case opDiscardPrep, opHandLimit:
		kind := aDiscardPrep
		if t.op == opHandLimit {
			kind = aDiscardHand
		}
		var cards [engine.MaxHand]engine.Action
		for _, c := range st.hand.Distinct(cards[:0]) {
			buf = append(buf, act(kind, int(c)))
		}
	case opAfterSuccess:
		only := -1
		if s.g.continueSame {
			only = s.atHeist
		}
		buf = s.stepActions(q, only, buf)
		buf = append(buf, act(aHold, 0))
	case opCompletionDraw:
		buf = append(buf, act(aCompletionDraw, 0), act(aCompletionDraw, 1))
	case opRetire:
		for r := 0; r < int(st.teamN); r++ {
			buf = append(buf, act(aRetire, r))
		}
	}
	return buf
}

// turnActions: prep (three ways), a heist step, or recalling markers.
func (s *state) turnActions(t *task, q int, buf []engine.Action) []engine.Action {
	st := &s.seats[q]
	prm := &s.g.params
	buf = append(buf, act(aRecruit, 0))
	if s.poolN > 0 || s.talentDeck.Len() > 0 || s.talentDiscard.Len() > 0 {
		buf = append(buf, act(aRecruit, 1))
	}
	if s.poolN > 0 {
		buf = append(buf, act(aRecruit, 2))
	}
	buf = s.stepActions(q, -1, buf)
	if prm.RecallMarkers && int(st.markers) >= prm.MarkersPerPlayer {
		for h := 0; h < s.tableN; h++ {
			if s.table[h].prog[q] > 0 {
				buf = append(buf, act(aRecall, h))
			}
		}
	}
	return buf
}

// planActions: draw, trade Gear between recruits, play an Action card
// (each way to pay) or a Gear card onto a recruit.
func (s *state) planActions(t *task, q int, buf []engine.Action) []engine.Action {
	st := &s.seats[q]
	buf = append(buf, act(aPlanDraw, 0))
	for i := 0; i < int(st.teamN); i++ {
		if st.gear[i] < 0 {
			continue
		}
		for j := 0; j < int(st.teamN); j++ {
			if j != i && (st.gear[j] < 0 || i < j) {
				buf = append(buf, act(aPlanTrade, i*8+j))
			}
		}
	}
	var cards [engine.MaxHand]engine.Action
	held := st.hand.Distinct(cards[:0])
	var pays [nKinds + 2]int
	for _, c := range held {
		cd := &s.g.cards[c]
		if cd.typ != typePrep || cd.kind != kindAction {
			continue
		}
		buf = append(buf, act(aPlanAction, int(c)*32+payNone))
		if cd.gemMode != 0 {
			for _, pay := range s.payOptions(q, pays[:0]) {
				buf = append(buf, act(aPlanAction, int(c)*32+pay))
			}
		}
	}
	for _, c := range held {
		if cd := &s.g.cards[c]; cd.typ == typePrep && cd.kind == kindGear {
			for r := 0; r < int(st.teamN); r++ {
				buf = append(buf, act(aPlanGear, int(c)*8+r))
			}
		}
	}
	return buf
}

// gear2Actions: a second Gear card onto another recruit, or stop.
func (s *state) gear2Actions(t *task, q int, buf []engine.Action) []engine.Action {
	st := &s.seats[q]
	buf = append(buf, act(aGearStop, 0))
	var cards [engine.MaxHand]engine.Action
	for _, c := range st.hand.Distinct(cards[:0]) {
		if cd := &s.g.cards[c]; cd.typ == typePrep && cd.kind == kindGear {
			for r := 0; r < int(st.teamN); r++ {
				if r != int(t.x) {
					buf = append(buf, act(aGear2, int(c)*8+r))
				}
			}
		}
	}
	return buf
}

// discardGearActions: each Gear another seat's recruit carries.
func (s *state) discardGearActions(t *task, q int, buf []engine.Action) []engine.Action {
	for o := 0; o < s.N; o++ {
		if o == q {
			continue
		}
		for r := 0; r < int(s.seats[o].teamN); r++ {
			if s.seats[o].gear[r] >= 0 {
				buf = append(buf, act(aDiscardGear, o*8+r))
			}
		}
	}
	return buf
}

// windowActions: pass, or an Interrupt with each way to pay; the cards
// playable are kept for the tally.
func (s *state) windowActions(t *task, q int, buf []engine.Action) []engine.Action {
	st := &s.seats[q]
	buf = append(buf, act(aPass, 0))
	var cards [engine.MaxHand]engine.Action
	var pays [nKinds + 3]int
	var held [engine.MaxDeck / 64]uint64
	for _, c := range st.hand.Distinct(cards[:0]) {
		ps := s.interruptPays(q, int(c), t.x == 1, pays[:0])
		for _, pay := range ps {
			buf = append(buf, act(aInterrupt, int(c)*32+pay))
		}
		// Playable in the window: some payment plays it (as playable).
		if len(ps) > 0 {
			held[c>>6] |= 1 << (c & 63)
		}
	}
	if s.Tally != nil {
		s.held, s.heldAt = held, s.Move+1
	}
	return buf
}

// recruitOptions appends the ways p can take a Talent: into a free place,
// or in place of each recruit when the team is full (replace_recruit
// any_time: also when it is not).
func (s *state) recruitOptions(p, kind, base int, buf []engine.Action) []engine.Action {
	st := &s.seats[p]
	room := int(st.teamN) < s.g.params.TeamMax
	if !room || s.g.replaceAny {
		for j := 0; j < int(st.teamN); j++ {
			buf = append(buf, act(kind, base+j))
		}
	}
	if room {
		buf = append(buf, act(kind, base+noReplace)) // noReplace sorts after every slot
	}
	return buf
}

// poolDistinct appends the distinct Talents in the pool, sorted.
func (s *state) poolDistinct(buf []int) []int {
	for i := 0; i < s.poolN; i++ {
		buf = append(buf, int(s.pool[i]))
	}
	slices.Sort(buf)
	return slices.Compact(buf)
}

func (s *state) takeFromPool(c int) {
	s.dirty |= ledgerTalent
	for i := 0; i < s.poolN; i++ {
		if int(s.pool[i]) == c {
			s.poolN--
			s.pool[i] = s.pool[s.poolN]
			return
		}
	}
	panic(fmt.Sprintf("masterminds: Talent %d is not in the pool", c))
}

// stepActions appends p's heist step choices: the next step of every
// heist on the table (of heist only, when only >= 0), once per skill it
// shows.
func (s *state) stepActions(p, only int, buf []engine.Action) []engine.Action {
	if !s.canAttempt(p) {
		return buf
	}
	for h := 0; h < s.tableN; h++ {
		if !s.table[h].open() || (only >= 0 && h != only) {
			continue
		}
		st := s.stepOf(h, int(s.table[h].prog[p]))
		for sk := 0; sk < nSkills; sk++ {
			if st.mask&(1<<sk) != 0 {
				buf = append(buf, act(aStep, h*8+sk))
			}
		}
	}
	return buf
}

// payOptions appends the ways p can pay a gem: a Starter Cash card, or a
// gem of each kind held.
func (s *state) payOptions(p int, buf []int) []int {
	st := &s.seats[p]
	if s.g.params.PayGemWithCash && st.cash > 0 {
		buf = append(buf, payCash)
	}
	for k, n := range st.gems {
		if n > 0 {
			buf = append(buf, payGem+k)
		}
	}
	return buf
}

func (s *state) canPay(p int) bool {
	var pays [nKinds + 2]int
	return len(s.payOptions(p, pays[:0])) > 0
}

// pay pays a gem for card c's gem section by code.
func (s *state) pay(p, c, code int) {
	st := &s.seats[p]
	switch {
	case code == payNone:
		return
	case code == payCash:
		if st.cash == 0 {
			panic("masterminds: no Starter Cash to flip")
		}
		s.dirty |= ledgerCash
		st.cash--
		st.flipped++
		if s.Log != nil {
			s.Record(engine.Event{Kind: "pay", Player: p, Resource: "starter_cash", Amount: engine.Int(1), Total: engine.Int(int(st.cash)), Cause: s.id(c), From: "seat", To: "flipped",
				Text: fmt.Sprintf("pays for %s: flips a Starter Cash card (%d left unflipped)", s.g.cards[c].name, st.cash)})
		}
	default:
		k := code - payGem
		if st.gems[k] == 0 {
			panic(fmt.Sprintf("masterminds: seat %d has no gem of kind %d to pay", p+1, k))
		}
		s.dirty |= ledgerGems
		st.gems[k]--
		s.bag.Put(k, 1)
		if s.Log != nil {
			s.gemEvent("pay", p, k, -1, s.id(c), "seat", "bag")
		}
	}
}

func (s *state) payName(code int) string {
	switch code {
	case payNone:
		return "no gem"
	case payCash:
		return "flips a Starter Cash card"
	}
	return "returns a " + s.kindName(code-payGem) + " gem"
}

// effectPlayable reports whether seat q may play an Interrupt effect in the
// window (post: after the roll).
func (s *state) effectPlayable(q int, e effect, post bool) bool {
	switch e.kind {
	case effRollBonus:
	case effReroll:
		if !post {
			return false
		}
	default:
		return false
	}
	switch e.target {
	case targetSelf:
		return q == s.turn
	case targetOther:
		return q != s.turn
	}
	return true
}

// interruptPays appends the payments with which q may play card c in the
// window; none when c cannot be played there.
func (s *state) interruptPays(q, c int, post bool, buf []int) []int {
	cd := &s.g.cards[c]
	if cd.typ != typePrep || cd.kind != kindInterrupt {
		return buf
	}
	white := s.effectPlayable(q, cd.effect, post)
	if white {
		buf = append(buf, payNone)
	}
	if cd.gemMode != 0 {
		ok := white
		if cd.gemMode == gemOr {
			ok = s.effectPlayable(q, cd.gemEffect, post)
		}
		if ok {
			buf = s.payOptions(q, buf)
		}
	}
	return buf
}

func (s *state) canInterrupt(q int, post bool) bool {
	st := &s.seats[q]
	var cards [engine.MaxHand]engine.Action
	var pays [nKinds + 3]int
	for _, c := range st.hand.Distinct(cards[:0]) {
		if len(s.interruptPays(q, int(c), post, pays[:0])) > 0 {
			return true
		}
	}
	return false
}

// resolveCard does what card c says, white section and/or gem section
// (pushed last first, so the white section resolves first).
func (s *state) resolveCard(p, c, pay int) {
	cd := &s.g.cards[c]
	switch {
	case pay == payNone || cd.gemMode == 0:
		s.doEffect(p, c, cd.effect)
	case cd.gemMode == gemOr:
		s.doEffect(p, c, cd.gemEffect)
	default:
		s.doEffect(p, c, cd.gemEffect)
		s.doEffect(p, c, cd.effect)
	}
}

// doEffect does effect e of card c (the cause a task carries in x).
func (s *state) doEffect(p, c int, e effect) {
	pp, x := int8(p), causeX(c)
	switch e.kind {
	case effDrawPrep:
		s.push(task{op: opDrawPrep, p: pp, n: int16(e.n)})
	case effGainGem:
		s.push(task{op: opGainGem, p: pp, n: int16(e.n), x: x})
	case effRecruit:
		for i := 0; i < e.n; i++ {
			s.push(task{op: opRecruitEffect, p: pp, x: x})
		}
	case effUntap:
		s.push(task{op: opUntap, p: pp, n: int16(e.n), x: x})
	case effDiscardGear:
		for i := 0; i < e.n; i++ {
			s.push(task{op: opDiscardGear, p: pp, x: x})
		}
	case effRollBonus:
		s.total += e.n
		if s.Log != nil {
			s.Record(engine.Event{Kind: "roll_bonus", Player: p, Resource: "total", Amount: engine.Int(e.n), Total: engine.Int(s.total), Cause: s.id(c),
				Text: fmt.Sprintf("changes the heist total by %+d (now %d)", e.n, s.total)})
		}
	case effReroll:
		for i := 0; i < e.n; i++ {
			s.push(task{op: opRoll, p: int8(s.turn), x: x})
		}
	}
}

func (s *state) othersHaveGear(p int) bool {
	for q := 0; q < s.N; q++ {
		if q == p {
			continue
		}
		for r := 0; r < int(s.seats[q].teamN); r++ {
			if s.seats[q].gear[r] >= 0 {
				return true
			}
		}
	}
	return false
}

// playable appends the distinct cards in p's hand that p could play at
// the current decision (for the card statistics).
func (s *state) playable(p int, t *task, buf []engine.Action) []engine.Action {
	var cards [engine.MaxHand]engine.Action
	var pays [nKinds + 3]int
	for _, c := range s.seats[p].hand.Distinct(cards[:0]) {
		ok := false
		if t.op == opWindow {
			ok = len(s.interruptPays(p, int(c), t.x == 1, pays[:0])) > 0
		} else {
			ok = s.plannable(p, t, int(c))
		}
		if ok && s.g.cards[c].typ == typePrep {
			buf = append(buf, c)
		}
	}
	return buf
}

// plannable reports whether p could play card c (in hand) at a Plan or a
// second-Gear decision t, as playable counts it.
func (s *state) plannable(p int, t *task, c int) bool {
	cd := &s.g.cards[c]
	switch t.op {
	case opPlan:
		return cd.kind == kindAction || (cd.kind == kindGear && s.seats[p].teamN > 0)
	case opGear2:
		return cd.kind == kindGear
	}
	return false
}

// planHeld is the set of cards p could play at Plan or second-Gear
// decision t, as playable lists them: the hand's Action cards and, with a
// recruit to carry it (at Plan) or always (second Gear), its Gear.
func (s *state) planHeld(p int, t *task) engine.CardSet {
	var action, gear uint64 // all bits or none
	if t.op == opPlan {
		action = ^uint64(0)
	}
	if t.op == opGear2 || s.seats[p].teamN > 0 {
		gear = ^uint64(0)
	}
	g := s.g
	held := s.seats[p].hand.Present()
	for w := range held {
		held[w] &= g.actionCards[w]&action | g.gearCards[w]&gear
	}
	return held
}

// illegal panics on an action that is not legal at task t.
func (s *state) illegal(t *task, a engine.Action) {
	panic(fmt.Sprintf("masterminds: illegal action %s at task %d", s.ActionString(s.cur, a), t.op))
}

// decide applies seat s.cur's decision a to the task on top.
func (s *state) decide(t *task, a engine.Action) {
	kind, v := split(a)
	p := int(s.cur)
	st := &s.seats[p]
	g := s.g
	switch t.op {
	case opTurn:
		s.turnDecision(t, a, kind, v)
	case opBurnChoice:
		s.burnChoice(t, a, kind, v)
	case opRecruitEffect:
		s.recruitChoice(t, a, kind, v)
	case opPlan:
		s.planDecision(t, a, kind, v)
	case opGear2:
		if s.Tally != nil {
			s.tallyPlay(p, t, kind, v)
		}
		s.pop()
		switch kind {
		case aGearStop:
		case aGear2:
			s.equip(p, v/8, v%8)
		default:
			s.illegal(t, a)
		}
	case opImmediate:
		if kind != aPay {
			s.illegal(t, a)
		}
		c := int(t.x)
		s.pop()
		s.push(task{op: opDiscardPlayed, p: int8(p), x: int16(c)})
		s.pay(p, c, v)
		s.resolveCard(p, c, v)
	case opDiscardGear:
		s.discardGearChoice(t, a, kind, v)
	case opActivate:
		if kind != aActivate || v == 0 {
			s.illegal(t, a)
		}
		s.pop()
		s.activate(p, v)
	case opWindow:
		s.windowDecision(t, a, kind, v)
	case opFace:
		if kind != aFace || v < 1 || v > 6 {
			s.illegal(t, a)
		}
		s.pop()
		s.placeMarker(p, v)
	case opSuffer:
		if kind != aSuffer || st.team[v].flags&rActive == 0 {
			s.illegal(t, a)
		}
		s.pop()
		s.sufferer = v
		if s.Log != nil {
			s.cardEvent("suffer", p, int(st.team[v].talent), "", "", "", fmt.Sprintf("chooses %s to face the Failure card", g.cards[st.team[v].talent].name))
		}
	case opLoseGem:
		s.loseGemChoice(t, a, kind, v)
	case opDiscardPrep, opHandLimit:
		s.discardPrepChoice(t, a, kind, v)
	case opAfterSuccess:
		s.afterSuccessChoice(t, a, kind, v)
	case opCompletionDraw:
		if kind != aCompletionDraw {
			s.illegal(t, a)
		}
		s.pop()
		if v == 1 {
			s.push(task{op: opDrawPrep, p: int8(p), n: 1})
		}
	case opRetire:
		s.retireChoice(t, a, kind, v)
	default:
		s.illegal(t, a)
	}
}

// turnDecision: a turn's choice, to prep (three ways), attempt a heist
// step or recall markers.
func (s *state) turnDecision(t *task, a engine.Action, kind, v int) {
	p := int(s.cur)
	st := &s.seats[p]
	g := s.g
	if kind == aRecall {
		if !g.params.RecallMarkers || st.markers < int8(g.params.MarkersPerPlayer) || s.table[v].prog[p] == 0 {
			s.illegal(t, a)
		}
		s.recall(p, v)
		return
	}
	if s.Tally != nil {
		s.tallyTurn(p, kind, v)
	}
	s.pop()
	switch kind {
	case aRecruit:
		s.push(task{op: opUpkeep, p: int8(p)})
		s.push(task{op: opPlan, p: int8(p), n: int16(g.params.PlanActions)})
		if s.Log != nil && v <= 2 {
			opt := [3]string{causeOptionC, causeOptionB, causeOptionA}[v]
			what := [3]string{"draws a Prep card instead of recruiting", "burns the Talent Pool", "recruits from the Talent Pool"}[v]
			s.Record(engine.Event{Kind: "prep", Player: p, Cause: opt, At: s.at("prep", 0), Text: fmt.Sprintf("preps (%s): %s", opt, what)})
		}
		switch {
		case v == 0:
			s.push(task{op: opDrawPrep, p: int8(p), n: 1})
		case v == 1:
			s.dirty |= ledgerTalent
			for s.poolN > 0 {
				s.poolN--
				s.talentDiscard.Add(int(s.pool[s.poolN]))
				if s.Log != nil {
					c := int(s.pool[s.poolN])
					s.cardEvent("burn", p, c, "pool", "talent_discard", causeOptionB, fmt.Sprintf("burns %s from the Talent Pool", g.cards[c].name))
				}
			}
			s.push(task{op: opBurnDraw, p: int8(p)})
		case v == 2:
			s.push(task{op: opRecruitEffect, p: int8(p)})
		default:
			s.illegal(t, a)
		}
	case aStep:
		s.push(task{op: opUpkeep, p: int8(p)})
		s.startAttempt(p, v/8, v%8)
	default:
		s.illegal(t, a)
	}
}

// burnChoice: the Talent card drawn for Option B goes to the pool or is
// recruited.
func (s *state) burnChoice(t *task, a engine.Action, kind, v int) {
	p := int(s.cur)
	g := s.g
	s.dirty |= ledgerTalent
	c := int(s.burnCard)
	s.burnCard = -1
	s.pop()
	if s.Tally != nil {
		played := -1
		if v > 0 {
			played = c
		}
		held := engine.SetOf(engine.Action(c))
		s.Tally.Choice(&held, played)
	}
	switch {
	case kind != aBurn:
		s.illegal(t, a)
	case v == 0:
		s.pool[s.poolN] = int16(c)
		s.poolN++
		if s.Log != nil {
			s.cardEvent("pool", p, c, "revealed", "pool", causeOptionB, fmt.Sprintf("puts %s in the Talent Pool", g.cards[c].name))
		}
	default:
		s.recruit(p, c, v-1, false, "revealed", causeOptionB)
	}
}

// recruitChoice: a recruit from the Talent Pool.
func (s *state) recruitChoice(t *task, a engine.Action, kind, v int) {
	p := int(s.cur)
	if kind != aRecruitEffect {
		s.illegal(t, a)
	}
	c, j := v/8, v%8
	if s.Tally != nil {
		var pool [maxPool]int
		var held engine.CardSet
		for _, pc := range s.poolDistinct(pool[:0]) {
			held.Add(pc)
		}
		s.Tally.Choice(&held, c)
	}
	cause := s.causeOf(t.x, causeOptionA)
	s.pop()
	s.takeFromPool(c)
	s.recruit(p, c, j, false, "pool", cause)
}

// planDecision: a plan action, a Gear played, or the end of planning.
func (s *state) planDecision(t *task, a engine.Action, kind, v int) {
	p := int(s.cur)
	st := &s.seats[p]
	g := s.g
	if s.Tally != nil {
		s.tallyPlay(p, t, kind, v)
	}
	t.n--
	switch kind {
	case aPlanDraw:
		s.push(task{op: opDrawPrep, p: int8(p), n: 1})
	case aPlanTrade:
		i, j := v/8, v%8
		s.dirty |= ledgerPrep
		st.gear[i], st.gear[j] = st.gear[j], st.gear[i]
		if s.Log != nil {
			for _, m := range [2][2]int{{i, j}, {j, i}} {
				if c := st.gear[m[1]]; c >= 0 {
					s.cardEvent("trade", p, int(c), s.recruitZone(p, m[0]), s.recruitZone(p, m[1]), "plan_trade",
						fmt.Sprintf("moves %s from %s to %s", g.cards[c].name, g.cards[st.team[m[0]].talent].name, g.cards[st.team[m[1]].talent].name))
				}
			}
		}
	case aPlanAction:
		c, pay := v/32, v%32
		s.playFromHand(p, c)
		if s.Log != nil {
			s.cardEvent("play", p, c, "hand", "play", "", "plays "+s.g.cards[c].name)
		}
		s.pay(p, c, pay)
		s.resolveCard(p, c, pay)
	case aPlanGear:
		c, r := v/8, v%8
		s.equip(p, c, r)
		s.push(task{op: opGear2, p: int8(p), x: int16(r)})
	default:
		s.illegal(t, a)
	}
}

// discardGearChoice: another seat's Gear to discard.
func (s *state) discardGearChoice(t *task, a engine.Action, kind, v int) {
	p := int(s.cur)
	g := s.g
	if kind != aDiscardGear {
		s.illegal(t, a)
	}
	cause := s.causeOf(t.x, "")
	s.pop()
	q, r := v/8, v%8
	if s.Log != nil {
		c := int(s.seats[q].gear[r])
		s.Record(engine.Event{Kind: "discard_gear", Player: p, Target: engine.Int(q), Card: s.id(c), From: s.recruitZone(q, r), To: "prep_discard", Cause: cause,
			Text: fmt.Sprintf("makes seat %d discard %s (%s)", q+1, g.cards[c].name, cause)})
	}
	s.dropGear(q, r, "")
}

// windowDecision: an Interrupt played in the Window, or a pass.
func (s *state) windowDecision(t *task, a engine.Action, kind, v int) {
	p := int(s.cur)
	if s.Tally != nil {
		s.tallyPlay(p, t, kind, v)
	}
	t.n--
	switch kind {
	case aPass:
		if s.Log != nil {
			s.windowEvent("pass", p, t, -1, resultPassed)
		}
	case aInterrupt:
		c, pay := v/32, v%32
		s.Tally.Count(cntInterrupts, 1)
		s.playFromHand(p, c)
		if s.Log != nil {
			s.windowEvent("interrupt", p, t, c, "")
		}
		s.pay(p, c, pay)
		s.resolveCard(p, c, pay)
	default:
		s.illegal(t, a)
	}
}

// loseGemChoice: the gem a Failure card takes.
func (s *state) loseGemChoice(t *task, a engine.Action, kind, v int) {
	p := int(s.cur)
	st := &s.seats[p]
	if kind != aLoseGem || st.gems[v] == 0 {
		s.illegal(t, a)
	}
	s.pop()
	s.dirty |= ledgerGems
	st.gems[v]--
	s.bag.Put(v, 1)
	if s.Log != nil {
		s.gemEvent("lose_gem", p, v, -1, s.id(int(s.failCard)), "seat", "bag")
	}
}

// discardPrepChoice: a Prep card discarded, for a Failure card or the
// hand limit.
func (s *state) discardPrepChoice(t *task, a engine.Action, kind, v int) {
	p := int(s.cur)
	st := &s.seats[p]
	g := s.g
	s.dirty |= ledgerPrep
	if (kind != aDiscardPrep && kind != aDiscardHand) || !st.hand.Remove(v) {
		s.illegal(t, a)
	}
	if t.op == opDiscardPrep {
		s.pop()
	}
	s.prepDiscard.Add(v)
	if s.Log != nil {
		cause := causeHandLimit
		if t.op == opDiscardPrep {
			cause = s.id(int(s.failCard))
		}
		n := st.hand.Len()
		s.Record(engine.Event{Kind: "discard", Player: p, Card: g.cards[v].id, Resource: "prep", Total: engine.Int(n), From: "hand", To: "prep_discard", Cause: cause,
			Text: fmt.Sprintf("discards %s (%s; %d in hand)", g.cards[v].name, cause, n)})
	}
}

// afterSuccessChoice: what a seat does after a successful step.
func (s *state) afterSuccessChoice(t *task, a engine.Action, kind, v int) {
	p := int(s.cur)
	s.pop()
	switch kind {
	case aHold:
		if s.Log != nil {
			s.Record(engine.Event{Kind: "hold", Player: p, Result: "hold", Text: "holds"})
		}
	case aStep:
		s.startAttempt(p, v/8, v%8)
	default:
		s.illegal(t, a)
	}
}

// retireChoice: the recruit a seat retires.
func (s *state) retireChoice(t *task, a engine.Action, kind, v int) {
	p := int(s.cur)
	st := &s.seats[p]
	g := s.g
	if kind != aRetire || v >= int(st.teamN) {
		s.illegal(t, a)
	}
	s.pop()
	if g.keepOne {
		if s.Log != nil {
			s.cardEvent("stay", p, int(st.team[v].talent), "", "", causeRetire, fmt.Sprintf("keeps %s; the rest of the team retires", g.cards[st.team[v].talent].name))
		}
		for r := int(st.teamN) - 1; r >= 0; r-- {
			if r != v {
				s.removeRecruit(p, r, causeRetire)
			}
		}
	} else {
		s.removeRecruit(p, v, causeRetire)
	}
}

// playFromHand takes card c from p's hand into play, to be discarded once
// it has resolved; the caller logs how it was played.
func (s *state) playFromHand(p, c int) {
	s.dirty |= ledgerPrep
	if !s.seats[p].hand.Remove(c) {
		panic(fmt.Sprintf("masterminds: seat %d does not hold card %d", p+1, c))
	}
	s.resolving++
	s.push(task{op: opDiscardPlayed, p: int8(p), x: int16(c)})
}

// equip puts Gear c from p's hand on recruit r; a Gear already there is
// discarded.
func (s *state) equip(p, c, r int) {
	s.dirty |= ledgerPrep
	st := &s.seats[p]
	if r >= int(st.teamN) || !st.hand.Remove(c) {
		panic(fmt.Sprintf("masterminds: seat %d cannot put card %d on recruit %d", p+1, c, r))
	}
	s.dropGear(p, r, s.id(c))
	st.gear[r] = int16(c)
	if s.Log != nil {
		s.cardEvent("gear", p, c, "hand", s.recruitZone(p, r), "", fmt.Sprintf("equips %s with %s", s.g.cards[st.team[r].talent].name, s.g.cards[c].name))
	}
}

// activate turns the recruits in mask and adds up the skill total.
func (s *state) activate(p, mask int) {
	st := &s.seats[p]
	if uint8(mask)&^s.available(p) != 0 || bits.OnesCount(uint(mask)) > s.g.params.ActivateMax {
		panic(fmt.Sprintf("masterminds: seat %d cannot activate recruits %b", p+1, mask))
	}
	for r := 0; r < int(st.teamN); r++ {
		if mask&(1<<r) != 0 {
			st.team[r].flags |= rTapped | rUsed | rActive
			v := s.skillOf(p, r, s.atSkill, true)
			s.total += v
			if s.Log != nil {
				tc := &s.g.cards[st.team[r].talent]
				s.Record(engine.Event{Kind: "activate", Player: p, Card: tc.id, Resource: skillIDs[s.atSkill], Amount: engine.Int(v), Total: engine.Int(s.total),
					Text: fmt.Sprintf("activates %s: %s %d (skill total %d)", tc.name, skillIDs[s.atSkill], v, s.total)})
			}
		}
	}
	s.activated = true
}

// tallyTurn records the turn's choice among the heists (a Talent chosen
// from the pool is recorded at that choice).
func (s *state) tallyTurn(p, kind, v int) {
	if !s.canAttempt(p) {
		return
	}
	played := -1
	if kind == aStep {
		played = int(s.table[v/8].a)
	}
	// The open heists' A cards, sorted and each once: a bit per card
	// read back in order (cheaper than sorting, at every turn's choice),
	// in one word when the Heist cards' ids all lie in one.
	if w := s.g.heistWord; w >= 0 {
		var m uint64
		for h := range s.table[:s.tableN] {
			if sl := &s.table[h]; sl.open() {
				m |= 1 << (sl.a & 63)
			}
		}
		var held engine.CardSet
		held[w] = m
		s.Tally.Choice(&held, played)
		return
	}
	var cards [engine.MaxDeck / 64]uint64
	for h := range s.table[:s.tableN] {
		if sl := &s.table[h]; sl.open() {
			cards[sl.a>>6] |= 1 << (sl.a & 63)
		}
	}
	held := engine.CardSet(cards)
	s.Tally.Choice(&held, played)
}

// tallyPlay records a choice among the Prep cards p could play.
func (s *state) tallyPlay(p int, t *task, kind, v int) {
	played := -1
	switch kind {
	case aPlanAction, aInterrupt:
		played = v / 32
	case aPlanGear, aGear2:
		played = v / 8
	}
	if t.op != opWindow {
		if held := s.planHeld(p, t); held != (engine.CardSet{}) {
			s.Tally.Choice(&held, played)
		}
		return
	}
	if s.heldAt == s.Move {
		// LegalActions listed this window: its cards as a set.
		if held := engine.CardSet(s.held); held != (engine.CardSet{}) {
			s.Tally.Choice(&held, played)
		}
		return
	}
	var buf [engine.MaxHand]engine.Action
	if held := s.playable(p, t, buf[:0]); len(held) > 0 {
		set := engine.SetOf(held...)
		s.Tally.Choice(&set, played)
	}
}

// ActionString names a move for logs and replays.
func (s *state) ActionString(p engine.Player, a engine.Action) string {
	g := s.g
	name := func(c int) string {
		if c >= 0 && c < len(g.cards) {
			return g.cards[c].name
		}
		return fmt.Sprintf("card %d", c)
	}
	if p == engine.Chance {
		if s.sp == 0 {
			return fmt.Sprintf("chance %d", a)
		}
		switch s.top().op {
		case opRoll, opTestRoll, opScore:
			return fmt.Sprintf("roll %d", a)
		case opFirstPlayer:
			return fmt.Sprintf("seat %d rolls %d for the first player", s.top().p+1, a)
		case opGainGem:
			return "draw a " + s.kindName(int(a)) + " gem"
		}
		return "draw " + name(int(a))
	}
	kind, v := split(a)
	if kind >= len(actionKinds) {
		return fmt.Sprintf("action %d", a)
	}
	recruitText := func(c, j int) string {
		if j == noReplace {
			return "recruit " + name(c)
		}
		return fmt.Sprintf("recruit %s in place of recruit %d", name(c), j+1)
	}
	switch kind {
	case aRecruit:
		switch v {
		case 0:
			return "prep: draw a Prep card"
		case 1:
			return "prep: burn the Talent Pool"
		}
		return "prep: recruit from the Talent Pool"
	case aStep:
		return fmt.Sprintf("heist: heist %d with %s", v/8+1, skillNames[v%8])
	case aHold:
		return "hold"
	case aBurn:
		if v == 0 {
			return "put the Talent in the pool"
		}
		return fmt.Sprintf("recruit the drawn Talent (slot %d)", v)
	case aPlanDraw:
		return "plan: draw a Prep card"
	case aPlanTrade:
		return fmt.Sprintf("plan: move Gear from recruit %d to recruit %d", v/8+1, v%8+1)
	case aPlanAction, aInterrupt:
		return fmt.Sprintf("%s %s (%s)", actionKinds[kind], name(v/32), s.payName(v%32))
	case aPlanGear, aGear2:
		return fmt.Sprintf("gear %s on recruit %d", name(v/8), v%8+1)
	case aGearStop:
		return "no second Gear"
	case aPay:
		return "immediate: " + s.payName(v)
	case aRecruitEffect:
		return recruitText(v/8, v%8)
	case aDiscardGear:
		return fmt.Sprintf("discard the Gear of seat %d's recruit %d", v/8+1, v%8+1)
	case aActivate:
		return fmt.Sprintf("activate recruits %b", v)
	case aPass:
		return "pass"
	case aFace:
		return fmt.Sprintf("perfection: face %d", v)
	case aSuffer:
		return fmt.Sprintf("recruit %d suffers the Failure card", v+1)
	case aLoseGem:
		return "lose a " + s.kindName(v) + " gem"
	case aDiscardPrep, aDiscardHand:
		return "discard " + name(v)
	case aRecall:
		return fmt.Sprintf("take back the marker dice on heist %d", v+1)
	case aCompletionDraw:
		if v == 1 {
			return "draw a Prep card"
		}
		return "do not draw"
	case aRetire:
		if g.keepOne {
			return fmt.Sprintf("keep recruit %d", v+1)
		}
		return fmt.Sprintf("retire recruit %d", v+1)
	}
	return fmt.Sprintf("%s %d", actionKinds[kind], v)
}
