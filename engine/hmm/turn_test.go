package hmm

import (
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// Rule-by-rule tests of the state machine's turn, crew and end rules.

func mustCard(t *testing.T, g *Game, id string) int {
	t.Helper()
	c := g.cardID(id)
	if c < 0 {
		t.Fatalf("no card %s", id)
	}
	return c
}

// setCrew gives seat p its Mastermind (free, without Gear) and the named
// members after it.
func setCrew(t *testing.T, s *state, p int, ids ...string) {
	t.Helper()
	s.crew[p][0].gear, s.crew[p][0].time, s.crew[p][0].faceDown = -1, 0, false
	s.ncrew[p] = 1
	for _, id := range ids {
		s.crew[p][s.ncrew[p]] = member{card: int16(mustCard(t, s.g, id)), gear: -1}
		s.ncrew[p]++
	}
}

func setHand(t *testing.T, s *state, p int, ids ...string) {
	t.Helper()
	s.clearHand(p)
	for _, id := range ids {
		s.toHand(p, mustCard(t, s.g, id))
	}
}

func TestJailTakesGearAndJailedMembersSnitch(t *testing.T) {
	g := shipped(t)
	s := started(t, g, 2)
	setCrew(t, s, 0, "hacker")
	lockpicks := mustCard(t, g, "lockpicks")
	s.crew[0][1].gear = int16(lockpicks)
	s.heat[0] = g.params.HeatToJail
	s.settle()
	if s.ph != phJail || s.who != 0 {
		t.Fatalf("phase %d seat %d: %d Heat should send someone to jail", s.ph, s.who+1, s.heat[0])
	}
	if got := s.LegalActions(0, nil); !slices.Equal(got, []engine.Action{actJail + 0, actJail + 1}) {
		t.Fatalf("who may go to jail: %v, want the Mastermind and the Hacker", got)
	}
	engine.Apply(s, actJail+1)
	hacker := s.crew[0][1]
	if int(hacker.time) != g.params.JailTime || hacker.gear != -1 || s.heat[0] != 0 || int(s.discard[s.ndiscard-1]) != lockpicks {
		t.Fatalf("jailed Hacker %+v, heat %d, top discard %d; want %d Time, Lockpicks discarded, no Heat", hacker, s.heat[0], s.discard[s.ndiscard-1], g.params.JailTime)
	}
	if s.available(0, 1) {
		t.Error("a jailed member is available for heists")
	}

	// The crew limit counts the jailed Hacker: hiring dismisses someone
	// (never the Mastermind), and a jailed member dismissed snitches.
	setCrew(t, s, 0, "hacker", "pickpocket", "lookout")
	s.crew[0][1].time = 3
	setHand(t, s, 0, "muscle", "prestige")
	s.ph, s.done = phMain, 0
	muscle := mustCard(t, g, "muscle")
	var hires []engine.Action
	for _, a := range s.LegalActions(0, nil) {
		if a >= actHire+engine.Action(muscle*8) && a < actHire+engine.Action(muscle*8+8) {
			hires = append(hires, a-actHire-engine.Action(muscle*8))
		}
	}
	if !slices.Equal(hires, []engine.Action{1, 2, 3}) {
		t.Fatalf("Muscle may replace members %v, want 1-3 (a full crew of four, the Mastermind stays)", hires)
	}
	engine.Apply(s, actHire+engine.Action(muscle*8+1))
	if s.heat[0] != 3 || s.ncrew[0] != 4 || int(s.crew[0][3].card) != muscle {
		t.Errorf("after dismissing the jailed Hacker: heat %d (want his 3 Time), crew %d", s.heat[0], s.ncrew[0])
	}
}

func TestALoneMastermindGoesToJailByDefault(t *testing.T) {
	g := shipped(t)
	s := started(t, g, 2)
	setCrew(t, s, 0)
	s.heat[0] = g.params.HeatToJail
	s.settle()
	if got := s.LegalActions(0, nil); s.ph != phJail || !slices.Equal(got, []engine.Action{actJail + 0}) {
		t.Errorf("phase %d, choices %v: mastermind_jailable (default true) sends the Mastermind", s.ph, got)
	}
}

func TestManeuverFlipsBackAndUnpaidFeeQuits(t *testing.T) {
	g := shipped(t)
	s := started(t, g, 2)
	setCrew(t, s, 0, "ghost")
	setHand(t, s, 0, "prestige")
	s.heat[0] = 1
	engine.Apply(s, actManeuver+1)
	if !s.crew[0][1].faceDown || s.hand[0].Len() != 0 || s.heat[0] != 0 || s.done != 0 || s.cur != 0 {
		t.Fatalf("Ghost's maneuver: face down %v, hand %d, heat %d, actions done %b", s.crew[0][1].faceDown, s.hand[0].Len(), s.heat[0], s.done)
	}
	if slices.Contains(s.LegalActions(0, nil), actManeuver+1) {
		t.Error("a face-down Mercenary offered its maneuver again")
	}
	s.endTurn()
	if s.crew[0][1].faceDown {
		t.Error("face-down Mercenary not flipped back at the end of the turn")
	}

	// A fee nobody can pay: the Mercenary quits and the crew takes Heat.
	s.cur = 0
	setCrew(t, s, 0, "ghost")
	setHand(t, s, 0)
	s.heat[0], s.feeMask, s.cont = 0, 1<<1, contFees
	pile := s.ndiscard
	s.settle()
	if s.ncrew[0] != 1 || s.heat[0] != g.params.UnpaidFeeHeat || s.ndiscard != pile+1 {
		t.Errorf("unpaid Ghost: crew %d, heat %d (want %d), discard %d (want %d)", s.ncrew[0], s.heat[0], g.params.UnpaidFeeHeat, s.ndiscard, pile+1)
	}
}

func TestGatherFromTheDiscardNotAfterDiscarding(t *testing.T) {
	g := shipped(t)
	s := started(t, g, 2)
	s.toDiscard(mustCard(t, g, "crowbar"))
	setHand(t, s, 0, "bribe")
	if !slices.Contains(s.LegalActions(0, nil), actGatherDiscard) {
		t.Fatal("the discard pile is not offered")
	}
	engine.Apply(s, actEvent+engine.Action(mustCard(t, g, "bribe")))
	legal := s.LegalActions(0, nil)
	if slices.Contains(legal, actGatherDiscard) || !slices.Contains(legal, actGatherDeck) {
		t.Errorf("after playing an Event: %v; want the deck only", legal)
	}
}

func TestJobExpiresAfterThreeOfItsOwnersTurns(t *testing.T) {
	g := shipped(t)
	s := started(t, g, 3)
	j := slices.IndexFunc(s.jobs[:s.njobs], func(js jobSlot) bool { return js.owner == 0 })
	job := int(s.jobs[j].card)
	for turn := 1; turn <= 3*3; turn++ {
		owner := s.cur == 0
		s.endTurn()
		switch {
		case turn < 7 && int(s.jobs[j].card) != job:
			t.Fatalf("the job left after %d turns", turn)
		case owner && turn < 7 && int(s.jobs[j].time) != g.params.JobTime-(turn+2)/3:
			t.Fatalf("after seat 1's turn %d: Time %d", (turn+2)/3, s.jobs[j].time)
		}
	}
	if s.jobs[j].card != -1 || s.jobPile.Count(job) != 1 || len(s.tasks()) == 0 || s.tasks()[0].kind != tJob || int(s.tasks()[0].job) != j {
		t.Errorf("after three of its owner's turns: slot %+v, expired pile has it %d, queue %+v", s.jobs[j], s.jobPile.Count(job), s.tasks())
	}
}

func TestLegworkIsPrivate(t *testing.T) {
	g := shipped(t)
	s := started(t, g, 3)
	var look engine.Action = -1
	for _, a := range s.LegalActions(0, nil) {
		if a >= actLegwork && a < actHeist {
			look = a
			break
		}
	}
	if look < 0 {
		t.Fatal("no face-down Complication to look at")
	}
	j, k := int(look-actLegwork)/maxComp, int(look-actLegwork)%maxComp
	engine.Apply(s, look)
	if s.jobs[j].known[k] != 1<<0 || s.jobs[j].up[k] != 0 {
		t.Fatalf("after seat 1's Legwork: known by %03b, face up %v; want seat 1 only, still face down", s.jobs[j].known[k], s.jobs[j].up[k])
	}
	if slices.Contains(s.LegalActions(0, nil), look) {
		t.Error("Legwork offered again on a Complication seat 1 knows")
	}
	s.endTurn()
	if !slices.Contains(s.LegalActions(1, nil), look) {
		t.Error("seat 2 cannot look at the Complication seat 1 looked at")
	}
}

func TestGoalGivesEveryoneElseOneMoreTurn(t *testing.T) {
	g := shipped(t)
	s := started(t, g, 3)
	goal := g.params.row(3).Goal
	prestige := mustCard(t, g, "prestige")
	s.coll[0], s.coll[2] = goal, goal-1
	setHand(t, s, 0)
	setHand(t, s, 1)
	setHand(t, s, 2, "prestige", "prestige")
	s.endTurn() // seat 1 reaches the goal
	if s.IsTerminal() || s.cur != 1 {
		t.Fatalf("after the goal: terminal %v, seat %d to play", s.IsTerminal(), s.cur+1)
	}
	s.endTurn()
	if s.IsTerminal() || s.cur != 2 {
		t.Fatalf("seat 3 should have its last turn: terminal %v, seat %d", s.IsTerminal(), s.cur+1)
	}
	s.endTurn()
	if !s.IsTerminal() {
		t.Fatal("the game goes on after everyone else's last turn")
	}
	// Seat 3's Prestige cards in hand count: goal - 1 + 2 beats the goal.
	if want := []float64{0, 0, 1}; !slices.Equal(s.Returns(nil), want) || goal-1+2*g.cards[prestige].prestige <= goal {
		t.Errorf("returns %v, want %v", s.Returns(nil), want)
	}
}

// final_round finish_round (variant equal-turns): after the goal only the
// rest of the round is played, so every seat has had as many turns.
func TestFinishRoundGivesEqualTurns(t *testing.T) {
	g := shipped(t)
	g.params.FinalRound = finalFinishRound
	goal := g.params.row(3).Goal
	s := started(t, g, 3)
	s.endTurn() // seat 1
	s.coll[1] = goal
	s.endTurn() // seat 2 reaches the goal: seat 3 finishes the round
	if s.IsTerminal() || s.cur != 2 {
		t.Fatalf("after seat 2 reached the goal: terminal %v, seat %d to play; want seat 3", s.IsTerminal(), s.cur+1)
	}
	s.endTurn()
	if !s.IsTerminal() || s.turns != 3 {
		t.Errorf("after seat 3: terminal %v after %d turns; want the end after one round", s.IsTerminal(), s.turns)
	}

	// The last seat reaching the goal ends the game at once.
	s = started(t, g, 3)
	s.endTurn()
	s.endTurn()
	s.coll[2] = goal
	s.endTurn()
	if !s.IsTerminal() {
		t.Error("the round was over when seat 3 reached the goal, but the game goes on")
	}
}

// fee_refusable (default true, the book's "If you can't or won't pay their
// fee"): a fee the hand could pay is a decision, pay or refuse; refusing
// costs what not being able to pay does.
func TestMercenaryFeeMayBeRefused(t *testing.T) {
	g := shipped(t)
	if !g.params.FeeRefusable {
		t.Fatal("fee_refusable defaults to false; the book lets a player refuse")
	}
	due := func(s *state) {
		setCrew(t, s, 0, "ghost")
		setHand(t, s, 0, "prestige")
		s.cur, s.heat[0], s.feeMask, s.cont = 0, 0, 1<<1, contFees
		s.settle()
	}
	s := started(t, g, 2)
	due(s)
	legal := s.LegalActions(0, nil)
	if s.ph != phFee || !slices.Equal(legal, []engine.Action{actPayFee + 1, actRefuseFee + 1}) {
		t.Fatalf("phase %d, choices %v: want pay or refuse Ghost's fee", s.ph, legal)
	}
	if got := s.ActionString(0, actRefuseFee+1); got != "refuse Ghost's fee (Ghost leaves, 1 Heat)" {
		t.Errorf("refusing is named %q", got)
	}
	if got := s.ActionString(0, actPayFee+1); got != "pay Ghost's fee ($300)" {
		t.Errorf("paying is named %q", got)
	}
	ghost, pile := mustCard(t, g, "ghost"), s.ndiscard
	engine.Apply(s, actRefuseFee+1)
	if s.ncrew[0] != 1 || s.heat[0] != g.params.UnpaidFeeHeat || s.hand[0].Len() != 1 || s.ndiscard != pile+1 || int(s.discard[pile]) != ghost || s.ph != phMain {
		t.Errorf("refused Ghost: crew %d, heat %d (want %d), hand %d (kept), discard %d, phase %d", s.ncrew[0], s.heat[0], g.params.UnpaidFeeHeat, s.hand[0].Len(), s.ndiscard-pile, s.ph)
	}

	s = started(t, g, 2)
	due(s)
	engine.Apply(s, actPayFee+1)
	if s.ncrew[0] != 2 || s.heat[0] != 0 || s.hand[0].Len() != 0 || s.ph != phMain {
		t.Errorf("paid Ghost: crew %d, heat %d, hand %d, phase %d", s.ncrew[0], s.heat[0], s.hand[0].Len(), s.ph)
	}

	// fee_refusable false: a hand that can pay pays, with no decision.
	g.params.FeeRefusable = false
	s = started(t, g, 2)
	due(s)
	if s.ph != phMain || s.ncrew[0] != 2 || s.hand[0].Len() != 0 {
		t.Errorf("fee_refusable false: phase %d, crew %d, hand %d; want the fee paid at once", s.ph, s.ncrew[0], s.hand[0].Len())
	}
}

// A refusal is offered where the fee falls due: after a heist the
// Mercenary helped with, once the reward is drawn, for each one sent.
func TestRefusableFeeAfterAHeist(t *testing.T) {
	g := shipped(t)
	s := monaLisaTable(t, g, "laser-grid", "timelock-vault", "security-cameras")
	// Ghost (2 Stealth) instead of the Pickpocket: the crew completes the
	// Job, and Ghost's fee is due.
	s.crew[0][2] = member{card: int16(mustCard(t, g, "ghost")), gear: -1}
	setHand(t, s, 0, "prestige")
	engine.Apply(s, actHeist+0)
	crews := s.LegalActions(0, nil)
	if !slices.Contains(crews, actCrew+0b1111) {
		t.Fatalf("crews %v: want the whole crew, Ghost included", crews)
	}
	engine.Apply(s, actCrew+0b1111)
	for s.ph == phChance {
		engine.Apply(s, s.ChanceOutcomes(nil)[0].Action)
	}
	if s.ph != phFee || !slices.Equal(s.LegalActions(0, nil), []engine.Action{actPayFee + 2, actRefuseFee + 2}) {
		t.Fatalf("after the heist: phase %d, choices %v; want Ghost's fee to pay or refuse", s.ph, s.LegalActions(0, nil))
	}
}

// goal_check action (the default, the book's "when a player has a
// specified amount of Prestige points in their Collection ... Their game is
// over"): a heist that reaches the goal ends the turn, though an action is
// left; turn_end plays the rest of the turn first.
func TestGoalCheckedAfterEachAction(t *testing.T) {
	for _, check := range []string{goalAction, goalTurnEnd} {
		t.Run(check, func(t *testing.T) {
			g := shipped(t)
			g.params.GoalCheck = check
			s := monaLisaTable(t, g, "laser-grid", "timelock-vault", "security-cameras")
			s.coll[0] = g.params.row(2).Goal - 5 // the Mona Lisa gives 4 + 1
			engine.Apply(s, actHeist+0)
			engine.Apply(s, actCrew+0b1111)
			for s.ph == phChance {
				engine.Apply(s, s.ChanceOutcomes(nil)[0].Action)
			}
			for s.ph == phJail && s.who == 0 {
				engine.Apply(s, s.LegalActions(0, nil)[0])
			}
			if s.coll[0] != g.params.row(2).Goal {
				t.Fatalf("Prestige %d, want the goal %d", s.coll[0], g.params.row(2).Goal)
			}
			if check == goalAction {
				if s.trigger != 0 || s.cur != 1 {
					t.Errorf("after the heist that reached the goal: trigger %d, seat %d to play; want seat 1 out and seat 2 on", s.trigger+1, s.cur+1)
				}
				return
			}
			if s.trigger != -1 || s.cur != 0 || s.ph != phMain || !slices.Contains(s.LegalActions(0, nil), actGatherDeck) {
				t.Fatalf("turn_end: trigger %d, seat %d, phase %d; want seat 1 to take its second action", s.trigger+1, s.cur+1, s.ph)
			}
			engine.Apply(s, actGatherDeck)
			for s.cur == 0 && !s.IsTerminal() {
				legal := s.LegalActions(s.CurrentPlayer(), nil)
				if s.ph == phChance {
					legal = []engine.Action{s.ChanceOutcomes(nil)[0].Action}
				}
				engine.Apply(s, legal[0])
			}
			if s.trigger != 0 {
				t.Errorf("turn_end: the goal did not trigger at the end of the turn (trigger %d)", s.trigger+1)
			}
		})
	}
}

// Issue 16's reproduction (replay --game hmm --players 3 --seed 8, with
// the rules of the time) was a seat reaching the goal with its first
// action. Under turn_end such a seat still plays the rest of its turn;
// under action its turn ends at the heist. Later rules changed the games a
// seed plays, so the seeds are searched for such a game.
func TestGoalReachedWithTheFirstAction(t *testing.T) {
	for _, check := range []string{goalTurnEnd, goalAction} {
		g := shipped(t)
		g.params.GoalCheck, g.params.FeeRefusable = check, false
		playedOn := 0
		for seed := uint64(1); seed <= 40; seed++ {
			var events []engine.Event
			engine.PlayGame(g, 3, seed, engine.PlayOptions{Log: func(e engine.Event) { events = append(events, e) }})
			goal := slices.IndexFunc(events, func(e engine.Event) bool { return e.Kind == "goal" })
			if goal < 0 {
				continue
			}
			seat := events[goal].Player
			// What the seat did between the Prestige that reached the goal
			// and the goal: actions, Events and maneuvers (not their
			// consequences, such as the reward drawn or fees paid).
			acts := []string{"gather", "hire", "event", "maneuver", "laylow", "legwork", "heist"}
			var after []string
			for k := goal - 1; k >= 0 && events[k].Kind != "prestige"; k-- {
				if events[k].Player == seat && slices.Contains(acts, events[k].Kind) {
					after = append(after, events[k].Kind)
				}
			}
			if len(after) > 0 {
				playedOn++
			}
			if check == goalAction && len(after) != 0 {
				t.Errorf("action, seed %d: seat %d reached the goal and still did %v", seed, seat+1, after)
			}
		}
		if check == goalTurnEnd && playedOn == 0 {
			t.Errorf("turn_end: in 40 games no seat reaching the goal played on")
		}
	}
}
