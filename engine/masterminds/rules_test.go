package masterminds

import (
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// ready is a 3-player game at the start of seat 1's turn with every seat's
// hand and team emptied. Heist slot 0 is The Museum's side A (Stealth 6)
// with The Bank's side B (Stealth 8, Tech 9, Driving 10); slot 1 is The
// Vault's side A (Tech 8) with The Casino's side B.
func ready(t *testing.T, overrides map[string]string) *state {
	t.Helper()
	g := fixture(t, overrides)
	s := started(t, g, 3, 1)
	for p := 0; p < 3; p++ {
		clearSeat(s, p)
	}
	for h := 0; h < s.tableN; h++ {
		for _, c := range []*int16{&s.table[h].a, &s.table[h].b} {
			s.heistDeck.Add(int(*c))
			*c = -1
		}
	}
	layHeist(t, s, 0, "museum", "bank")
	layHeist(t, s, 1, "vault", "casino")
	turnOf(s, 0)
	check(t, s)
	return s
}

func stepAct(h, sk int) engine.Action { return act(aStep, h*8+sk) }

func TestPerfectionWhenAboveTargetBeforeRolling(t *testing.T) {
	s := ready(t, nil)
	hire(t, s, 0, "ghost", "")  // Stealth 5, +1 when activated
	hire(t, s, 0, "rookie", "") // Stealth 2
	do(t, s, stepAct(0, skillStealth))
	do(t, s, act(aActivate, 0b11))
	if s.total != 8 {
		t.Fatalf("skill total %d, want 5+1+2 = 8", s.total)
	}
	if s.cur != 0 || s.taskOn() != opFace {
		t.Fatalf("8 against 6: want the perfection face choice, got %v at task %d", s.cur, s.taskOn())
	}
	if got := actions(s); len(got) != 6 {
		t.Errorf("perfection offers %d faces, want 6", len(got))
	}
	do(t, s, act(aFace, 4))
	if s.table[0].prog[0] != 1 || s.table[0].faces[0][0] != 4 || s.seats[0].markers != 1 {
		t.Errorf("marker not placed with face 4: prog %d face %d", s.table[0].prog[0], s.table[0].faces[0][0])
	}
	if s.taskOn() != opAfterSuccess || !slices.Contains(actions(s), act(aHold, 0)) {
		t.Errorf("after a perfection: want hold/continue, got task %d", s.taskOn())
	}
}

func TestEqualBeforeRollingIsNoPerfection(t *testing.T) {
	s := ready(t, nil)
	hire(t, s, 0, "ghost", "") // 5+1 = 6 against 6
	do(t, s, stepAct(0, skillStealth))
	do(t, s, act(aActivate, 0b1))
	if s.cur != engine.Chance || s.taskOn() != opRoll {
		t.Fatalf("6 against 6 must roll, got %v at task %d", s.cur, s.taskOn())
	}
	roll(t, s, 1) // 7 > 6
	if s.table[0].prog[0] != 1 || s.table[0].faces[0][0] != 1 {
		t.Errorf("success must place the die as rolled (1): prog %d face %d", s.table[0].prog[0], s.table[0].faces[0][0])
	}
}

func TestTallySuccessPushFailure(t *testing.T) {
	cases := []struct {
		name   string
		die    int
		marker bool
		task   op
	}{
		{"success above the target", 4, true, opAfterSuccess},
		{"push at the target", 3, false, opTurn},
		{"failure below the target", 2, false, opSuffer},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := ready(t, nil)
			hire(t, s, 0, "geek", "") // Tech 5 against the Vault's Tech 8
			do(t, s, stepAct(1, skillTech))
			do(t, s, act(aActivate, 0b1))
			roll(t, s, tc.die)
			if got := s.table[1].prog[0] == 1; got != tc.marker {
				t.Errorf("marker placed %v, want %v", got, tc.marker)
			}
			if s.taskOn() != tc.task {
				t.Errorf("next task %d, want %d", s.taskOn(), tc.task)
			}
			if tc.task == opTurn && s.cur != 1 {
				t.Errorf("after a push the turn passes: current %v, want seat 2", s.cur)
			}
		})
	}
}

// failAt brings seat 1's Geek (Tech 5, no Gear) to a failed Tech 8 step
// (the Vault) and reveals Failure card id.
func failAt(t *testing.T, s *state, failure string) {
	t.Helper()
	hire(t, s, 0, "geek", "")
	do(t, s, stepAct(1, skillTech))
	do(t, s, act(aActivate, 0b1))
	roll(t, s, 1) // 6 < 8
	if s.taskOn() != opSuffer {
		t.Fatalf("failure: want the recruit choice, got task %d", s.taskOn())
	}
	do(t, s, act(aSuffer, 0))
	roll(t, s, s.g.cardIndex(t, failure))
}

func TestFailureTestEqualPassesOnlyAtLeast(t *testing.T) {
	for _, tc := range []struct {
		variant map[string]string
		die     int
		passes  bool
	}{
		{nil, 2, true},    // v2.2: 5+2 = 7 "equal to or higher" passes
		{draft, 2, false}, // draft: "MUST SCORE HIGHER"
		{draft, 3, true},
		{nil, 1, false},
	} {
		s := ready(t, tc.variant)
		give(t, s, 0, "case")
		failAt(t, s, "trap") // triggers Tech; test Tech 7; discard_prep
		if s.taskOn() != opTestRoll {
			t.Fatalf("Tech is in the trap's triggers: want a test roll, got task %d", s.taskOn())
		}
		roll(t, s, tc.die)
		discards := s.taskOn() == opDiscardPrep
		if discards == tc.passes {
			t.Errorf("failure_test %s, 5+%d against 7: passes %v, want %v", s.g.params.FailureTest, tc.die, !discards, tc.passes)
		}
		if discards {
			do(t, s, act(aDiscardPrep, s.g.cardIndex(t, "case")))
			if s.seats[0].hand.Len() != 0 {
				t.Errorf("discard_prep left %d cards", s.seats[0].hand.Len())
			}
		}
	}
}

func TestFailureOutsideTheTriggersIsACloseCall(t *testing.T) {
	s := ready(t, nil)
	failAt(t, s, "dog") // Muscle | Charm
	if s.taskOn() == opTestRoll || s.seats[0].teamN != 1 {
		t.Errorf("a Tech failure on the Guard Dog is a close call: task %d, team %d", s.taskOn(), s.seats[0].teamN)
	}
	if s.cur != 1 {
		t.Errorf("the run is over after a failure: current %v", s.cur)
	}
}

func TestFailureConsequences(t *testing.T) {
	t.Run("retire", func(t *testing.T) {
		s := ready(t, nil)
		failAt(t, s, "alarm") // Stealth, Tech | Driving; Driving 8; retire
		roll(t, s, 1)         // Driving 1 + 1 < 8
		if s.seats[0].teamN != 0 {
			t.Errorf("the Geek should retire, team %d", s.seats[0].teamN)
		}
	})
	t.Run("ignore_failure", func(t *testing.T) {
		s := ready(t, nil)
		hire(t, s, 0, "brick", "")
		do(t, s, stepAct(1, skillTech))
		do(t, s, act(aActivate, 0b1)) // Tech 0
		roll(t, s, 1)
		do(t, s, act(aSuffer, 0))
		roll(t, s, s.g.cardIndex(t, "alarm"))
		if s.taskOn() == opTestRoll || s.seats[0].teamN != 1 {
			t.Errorf("Brick never suffers a Failure consequence: task %d team %d", s.taskOn(), s.seats[0].teamN)
		}
	})
	t.Run("lose_gem", func(t *testing.T) {
		s := ready(t, nil)
		s.bag.Take(kindClear)
		s.seats[0].gems[kindClear] = 1
		hire(t, s, 0, "rookie", "")
		layHeist(t, s, 1, "mansion", "casino") // Charm 6
		do(t, s, stepAct(1, skillCharm))
		do(t, s, act(aActivate, 0b1)) // Charm 2
		roll(t, s, 1)
		do(t, s, act(aSuffer, 0))
		roll(t, s, s.g.cardIndex(t, "guard")) // Charm; Charm 7; lose_gem
		roll(t, s, 1)                         // 2+1 < 7
		do(t, s, act(aLoseGem, kindClear))
		if s.seats[0].gems[kindClear] != 0 || s.bag.Count(kindClear) != clearGems {
			t.Errorf("the gem goes back to the bag: held %d, bag %d", s.seats[0].gems[kindClear], s.bag.Count(kindClear))
		}
	})
	t.Run("lose_gear and stay_tapped", func(t *testing.T) {
		s := ready(t, nil)
		hire(t, s, 0, "rookie", "laptop")
		laptop := s.g.cardIndex(t, "laptop")
		layHeist(t, s, 1, "mansion", "casino") // Charm 6
		do(t, s, stepAct(1, skillCharm))
		do(t, s, act(aActivate, 0b1)) // Charm 2
		roll(t, s, 1)
		do(t, s, act(aSuffer, 0))
		roll(t, s, s.g.cardIndex(t, "dog")) // Muscle | Charm; Muscle 6; lose_gear
		roll(t, s, 1)                       // 2 + 0 (a Tech Gear) + 1 < 6
		if s.seats[0].gear[0] >= 0 || s.prepDiscard.Count(laptop) != 1 {
			t.Fatalf("lose_gear: the Laptop must be discarded")
		}
		// Stealth on the Laser Grid: the test (Stealth 7) fails with a 1.
		s = ready(t, nil)
		hire(t, s, 0, "rookie", "")
		do(t, s, stepAct(0, skillStealth))
		do(t, s, act(aActivate, 0b1)) // Stealth 2 against 6
		roll(t, s, 1)
		do(t, s, act(aSuffer, 0))
		roll(t, s, s.g.cardIndex(t, "laser"))
		roll(t, s, 1) // 2+1 < 7: stays turned
		if f := s.seats[0].team[0].flags; f&rTapped == 0 {
			t.Fatalf("after its own upkeep the recruit must still be turned, flags %b", f)
		}
		// Seat 1's next turn: it cannot activate the Rookie.
		for s.cur != 0 {
			prepTurn(t, s)
		}
		if slices.Contains(actions(s), stepAct(0, skillStealth)) {
			t.Error("a stay_tapped recruit cannot attempt on the next turn")
		}
		prepTurn(t, s)
		if f := s.seats[0].team[0].flags; f&rTapped != 0 {
			t.Errorf("the recruit must un-turn in the following upkeep, flags %b", f)
		}
	})
}

// nearlyDone gives seat 1 three marker dice on heist 0 (faces 2, 2, 5),
// seat 2 two, and a team that meets step D (Driving 10) with a roll.
func nearlyDone(t *testing.T, overrides map[string]string, team ...string) *state {
	t.Helper()
	s := ready(t, overrides)
	markers(s, 0, 0, 2, 2, 5)
	markers(s, 1, 0, 3, 3)
	for _, id := range team {
		hire(t, s, 0, id, "")
	}
	turnOf(s, 0)
	return s
}

func TestCompletionChecklistInOrder(t *testing.T) {
	s := nearlyDone(t, nil, "wheels", "rookie", "rookie") // Driving 5+1, 2, 2 = 10
	s.seats[0].gear[1] = int16(s.g.cardIndex(t, "lockpicks"))
	takeFrom(t, s.g.cardIndex(t, "lockpicks"), &s.prepDeck)
	bank, museum := s.g.cardIndex(t, "bank"), s.g.cardIndex(t, "museum")
	do(t, s, stepAct(0, skillDriving))
	do(t, s, act(aActivate, 0b111))
	roll(t, s, 2) // 12 > 10, the die shows 2: three 2s
	// 1. TAKE: three gems from the bag.
	for k := 0; k < 3; k++ {
		if s.taskOn() != opGainGem {
			t.Fatalf("TAKE gem %d: task %d", k+1, s.taskOn())
		}
		roll(t, s, kindClear)
	}
	// 2. Team of 3 (≤ 3): v2.2 may draw.
	if s.taskOn() != opCompletionDraw || s.seats[0].gems[kindClear] != 3 {
		t.Fatalf("after the TAKE: want the optional draw, got task %d with %d gems", s.taskOn(), s.seats[0].gems[kindClear])
	}
	do(t, s, act(aCompletionDraw, 1))
	roll(t, s, s.g.cardIndex(t, "case"))
	// 3. Markers off (everyone's), bonus gem for three matching dice.
	if s.taskOn() != opGainGem || s.seats[0].markers != 0 || s.seats[1].markers != 0 || s.table[0].prog[1] != 0 {
		t.Fatalf("markers: task %d, seat markers %d/%d", s.taskOn(), s.seats[0].markers, s.seats[1].markers)
	}
	// 4. The Gear is not yet discarded while the bonus gem is drawn.
	if s.seats[0].gear[1] < 0 {
		t.Fatal("Gear discarded before the bonus gem")
	}
	roll(t, s, kindClear)
	// 4-6: Gear discarded, A card kept, B card at the bottom, retire.
	if s.taskOn() != opRetire {
		t.Fatalf("want the retire choice, got task %d", s.taskOn())
	}
	if s.seats[0].gear[1] >= 0 || s.seats[0].heists != 1 || s.completed != 1 {
		t.Errorf("gear %d heists %d completed %d", s.seats[0].gear[1], s.seats[0].heists, s.completed)
	}
	if s.qLen != 1 || int(s.heistQueue[0]) != bank {
		t.Errorf("the B card (the Bank) goes to the bottom of the heist deck: queue %v", s.heistQueue[:s.qLen])
	}
	do(t, s, act(aRetire, 0)) // keep Wheels
	if s.seats[0].teamN != 1 || int(s.seats[0].team[0].talent) != s.g.cardIndex(t, "wheels") {
		t.Errorf("keep_one: team %d", s.seats[0].teamN)
	}
	// Upkeep refreshes the heist slot with two new cards.
	if s.cur != engine.Chance || s.taskOn() != opFillHeists {
		t.Fatalf("upkeep: want the heist refill, got %v task %d", s.cur, s.taskOn())
	}
	if s.seats[0].gems[kindClear] != 4 || s.table[0].a >= 0 {
		t.Errorf("gems %d slot a %d", s.seats[0].gems[kindClear], s.table[0].a)
	}
	_ = museum
}

func TestCompletionVariants(t *testing.T) {
	t.Run("retire_one", func(t *testing.T) {
		s := nearlyDone(t, draft, "wheels", "rookie", "rookie")
		do(t, s, stepAct(0, skillDriving))
		do(t, s, act(aActivate, 0b111))
		roll(t, s, 3) // no bonus
		settle(s, 1)  // TAKE and the mandatory draw are chance moves only
		if s.taskOn() != opRetire {
			t.Fatalf("draft: want the retire choice, got task %d", s.taskOn())
		}
		do(t, s, act(aRetire, 1))
		if s.seats[0].teamN != 2 {
			t.Errorf("retire_one leaves %d recruits, want 2", s.seats[0].teamN)
		}
		if s.seats[0].hand.Len() != 1 {
			t.Errorf("mandatory completion draw: hand %d, want 1", s.seats[0].hand.Len())
		}
	})
	t.Run("no draw for a team of four", func(t *testing.T) {
		s := nearlyDone(t, nil, "wheels", "rookie", "rookie", "geek")
		do(t, s, stepAct(0, skillDriving))
		do(t, s, act(aActivate, 0b111))
		roll(t, s, 3)
		settle(s, 1)
		if s.taskOn() != opRetire || s.seats[0].hand.Len() != 0 {
			t.Errorf("team of 4: task %d hand %d, want no draw", s.taskOn(), s.seats[0].hand.Len())
		}
	})
	t.Run("no bonus without three matching", func(t *testing.T) {
		s := nearlyDone(t, nil, "wheels", "rookie", "rookie")
		do(t, s, stepAct(0, skillDriving))
		do(t, s, act(aActivate, 0b111))
		roll(t, s, 3) // 2, 2, 5, 3
		for s.cur == engine.Chance {
			roll(t, s, kindClear)
		}
		do(t, s, act(aCompletionDraw, 0))
		if s.taskOn() != opRetire || s.seats[0].gems[kindClear] != 3 {
			t.Errorf("gems %d, want the TAKE of 3 and no bonus", s.seats[0].gems[kindClear])
		}
	})
}

func TestMarkerDiceAreLimited(t *testing.T) {
	s, tally := clearedTable(t)
	hire(t, s, 0, "ghost", "")
	markers(s, 0, 0, 1, 2, 3)
	markers(s, 0, 1, 4)
	turnOf(s, 0)
	if !slices.ContainsFunc(actions(s), func(a engine.Action) bool { k, _ := split(a); return k == aStep }) {
		t.Fatal("with one marker die free the player may attempt")
	}
	before := tally.Counters[cntOutOfMarkers]
	markers(s, 0, 1, 5)
	turnOf(s, 0)
	if slices.ContainsFunc(actions(s), func(a engine.Action) bool { k, _ := split(a); return k == aStep }) {
		t.Error("with all five marker dice on heists no step may be attempted")
	}
	if tally.Counters[cntOutOfMarkers] != before+1 {
		t.Errorf("out_of_markers %d, want %d", tally.Counters[cntOutOfMarkers], before+1)
	}
	check(t, s)
}

func TestAllMarkersOutEndsTheGame(t *testing.T) {
	s := ready(t, nil)
	for p := 0; p < 3; p++ {
		markers(s, p, 0, 1, 2, 3)
		markers(s, p, 1, 4, 5)
	}
	prepTurn(t, s)
	if !s.IsTerminal() || s.EndCause() != "markers exhausted" {
		t.Errorf("end %v %q, want markers exhausted", s.IsTerminal(), s.EndCause())
	}
}

// prepTurn plays the current seat's turn as a Prep turn that only draws
// (the first legal choice wherever a drawn card asks for one), up to the
// next seat's turn or the end of the game.
func prepTurn(t *testing.T, s *state) {
	t.Helper()
	do(t, s, act(aRecruit, 0))
	for !s.IsTerminal() && !(s.cur >= 0 && s.taskOn() == opTurn) {
		switch {
		case s.cur == engine.Chance:
			settle(s, uint64(s.Move))
		case s.taskOn() == opPlan:
			do(t, s, act(aPlanDraw, 0))
		default:
			do(t, s, actions(s)[0])
		}
	}
}

func TestEndAfterPlayersPlusOneHeists(t *testing.T) {
	s := ready(t, nil)
	s.completed = 3 // 3 players: the 4th ends the game
	prepTurn(t, s)
	if s.IsTerminal() {
		t.Fatal("3 completed heists must not end a 3-player game")
	}
	s = ready(t, nil)
	s.completed = 4
	prepTurn(t, s)
	if !s.IsTerminal() || s.EndCause() != "heists completed" {
		t.Errorf("end %v %q, want heists completed", s.IsTerminal(), s.EndCause())
	}
}

func TestEndWhenTheBagIsEmpty(t *testing.T) {
	s, tally := clearedTable(t)
	// Everything but one clear gem goes to seat 3.
	for k := 0; k < nKinds; k++ {
		for s.bag.Count(k) > 0 && s.bag.Len() > 1 {
			s.bag.Take(k)
			s.seats[2].gems[k]++
		}
	}
	turnOf(s, 0)
	launder := give(t, s, 0, "launder") // OR pay a gem: take 2 gems
	do(t, s, act(aRecruit, 0))
	settle(s, 2)
	do(t, s, act(aPlanAction, launder*32+payCash))
	if s.seats[0].cash != 1 || s.seats[0].flipped != 1 {
		t.Fatalf("Starter Cash not flipped: %d/%d", s.seats[0].cash, s.seats[0].flipped)
	}
	settle(s, 3)
	if !s.bagEmptied || s.gemCount(0) != 1 || tally.Counters[cntGemsLost] != 1 {
		t.Fatalf("bag emptied %v, gems %d, lost %d", s.bagEmptied, s.gemCount(0), tally.Counters[cntGemsLost])
	}
	if s.IsTerminal() {
		t.Fatal("the game ends at the end check, not at the draw")
	}
	do(t, s, act(aPlanDraw, 0))
	settle(s, 4)
	for s.cur >= 0 && s.taskOn() == opHandLimit {
		do(t, s, actions(s)[0])
	}
	settle(s, 5)
	if !s.IsTerminal() || s.EndCause() != "gems exhausted" {
		t.Errorf("end %v %q, want gems exhausted", s.IsTerminal(), s.EndCause())
	}
}

func TestSetupV22AndDraft(t *testing.T) {
	for _, tc := range []struct {
		name    string
		variant map[string]string
		players int
		cash    int8
		team    int8
		clear   uint8
	}{
		{"v2.2 2p", nil, 2, 1, 1, 0},
		{"v2.2 3p", nil, 3, 2, 1, 0},
		{"v2.2 5p", nil, 5, 2, 1, 0},
		{"draft 3p", draft, 3, 0, 0, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := fixture(t, tc.variant)
			s := started(t, g, tc.players, 7)
			for p := 0; p < tc.players; p++ {
				st := &s.seats[p]
				if st.cash != tc.cash || st.teamN != tc.team || st.gems[kindClear] != tc.clear {
					t.Errorf("seat %d: cash %d team %d clear gems %d; want %d %d %d", p+1, st.cash, st.teamN, st.gems[kindClear], tc.cash, tc.team, tc.clear)
				}
				hand := 4
				if st.teamN > 0 {
					hand += g.cards[st.team[0].talent].ability.drawPrep
				}
				if st.hand.Len() != hand {
					t.Errorf("seat %d holds %d Prep cards, want %d", p+1, st.hand.Len(), hand)
				}
				for i := 0; i < st.hand.Len(); i++ {
					if g.cards[st.hand.At(i)].immediate {
						t.Errorf("seat %d was dealt a play-immediately card", p+1)
					}
				}
			}
			wantBag := gemsPerColour*tc.players + clearGems - tc.players*int(tc.clear)
			if s.bag.Len() != wantBag || s.tableN != g.params.Heists(tc.players) || s.poolN != 3 {
				t.Errorf("bag %d (want %d), heists %d, pool %d", s.bag.Len(), wantBag, s.tableN, s.poolN)
			}
			colours := map[int8]bool{}
			for p := 0; p < tc.players; p++ {
				colours[s.seats[p].colour] = true
				if s.bag.Count(int(s.seats[p].colour)) != gemsPerColour {
					t.Errorf("seat %d's colour has %d gems in the bag", p+1, s.bag.Count(int(s.seats[p].colour)))
				}
			}
			if len(colours) != tc.players {
				t.Errorf("colours %v are not one per player", colours)
			}
		})
	}
}

func TestScoringExample(t *testing.T) {
	// v2.2 SCORING EXAMPLE: Sapphire (blue) rolls 3, Emerald (green) 1,
	// Ruby (red) 6; clear gems are worth 2.
	g := fixture(t, nil)
	s := g.NewState(3, engine.StateOptions{}).(*state)
	for _, id := range []string{"sapphire", "emerald", "ruby"} {
		roll(t, s, g.cardIndex(t, id))
	}
	settle(s, 1)
	blue, green, red := int(s.seats[0].colour), int(s.seats[1].colour), int(s.seats[2].colour)
	hold := []map[int]int{
		{green: 3, red: 2, kindClear: 2},          // Sapphire: 3 + 12 + 4 = 19
		{blue: 4, green: 1},                       // Emerald: 12 + 1 = 13
		{blue: 1, green: 1, red: 1, kindClear: 4}, // Ruby: 3 + 1 + 6 + 8 = 18
	}
	for p, gems := range hold {
		for k, n := range gems {
			for i := 0; i < n; i++ {
				if !s.bag.Take(k) {
					t.Fatalf("no gem of kind %d left", k)
				}
				s.seats[p].gems[k]++
			}
		}
	}
	s.sp = 0
	s.push(task{op: opScore})
	s.run()
	for _, die := range []int{3, 1, 6} {
		roll(t, s, die)
	}
	if !s.IsTerminal() {
		t.Fatal("not over after the scoring rolls")
	}
	for p, want := range []int{19, 13, 18} {
		if got := s.score(p); got != want {
			t.Errorf("seat %d scores %d, want %d", p+1, got, want)
		}
	}
	if got := s.Returns(nil); !slices.Equal(got, []float64{1, 0, 0}) {
		t.Errorf("returns %v: Sapphire wins", got)
	}
}

func TestTieBreaks(t *testing.T) {
	cases := []struct {
		name   string
		clear  []uint8
		colour []uint8
		heists []int8
		want   []float64
	}{
		{"most clear gems", []uint8{2, 1}, []uint8{0, 1}, []int8{0, 3}, []float64{1, 0}},
		{"then most heists", []uint8{1, 1}, []uint8{0, 0}, []int8{1, 2}, []float64{0, 1}},
		{"then shared", []uint8{1, 1}, []uint8{0, 0}, []int8{2, 2}, []float64{0.5, 0.5}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := fixture(t, nil)
			s := started(t, g, 2, 1)
			for p := 0; p < 2; p++ {
				s.seats[p].gems = [nKinds]uint8{}
				s.seats[p].gems[kindClear] = tc.clear[p]
				s.seats[p].gems[s.seats[1-p].colour] = tc.colour[p]
				s.seats[p].heists = tc.heists[p]
				s.seats[p].roll = 2 // a colour gem is worth a clear one
			}
			s.finish()
			if got := s.Returns(nil); !slices.Equal(got, tc.want) {
				t.Errorf("returns %v, want %v (scores %d %d)", got, tc.want, s.score(0), s.score(1))
			}
		})
	}
}

func TestInterruptWindowRunsClockwiseFromTheActingPlayer(t *testing.T) {
	s := ready(t, nil)
	hire(t, s, 0, "ghost", "") // 6 against 6
	lucky := give(t, s, 0, "lucky")
	give(t, s, 1, "lucky") // +2 self: not playable on another's attempt
	butter := give(t, s, 2, "butter")
	again := give(t, s, 1, "again") // reroll: only after the roll
	do(t, s, stepAct(0, skillStealth))
	do(t, s, act(aActivate, 0b1))
	if s.cur != 0 || s.taskOn() != opWindow {
		t.Fatalf("the acting player opens the window: %v task %d", s.cur, s.taskOn())
	}
	do(t, s, act(aInterrupt, lucky*32)) // 8 > 6
	// Seat 2 holds only cards it cannot play before the roll: skipped.
	if s.cur != 2 {
		t.Fatalf("want seat 3 next, got %v", s.cur)
	}
	do(t, s, act(aInterrupt, butter*32)) // back to 6
	if s.total != 6 || s.taskOn() != opRoll {
		t.Fatalf("total %d task %d: want 6 and a roll", s.total, s.taskOn())
	}
	roll(t, s, 1)
	// After the roll: seat 1 has nothing, seat 2 may reroll.
	if s.cur != 1 || !slices.Contains(actions(s), act(aInterrupt, again*32)) {
		t.Fatalf("after the roll seat 2 may reroll: %v task %d", s.cur, s.taskOn())
	}
	do(t, s, act(aInterrupt, again*32))
	roll(t, s, 5)
	if s.table[0].prog[0] != 1 || s.table[0].faces[0][0] != 5 {
		t.Errorf("the reroll counts: prog %d face %d", s.table[0].prog[0], s.table[0].faces[0][0])
	}
}

func TestInterruptBeforeTheRollCanMakeAPerfection(t *testing.T) {
	s := ready(t, nil)
	hire(t, s, 0, "ghost", "")
	lucky := give(t, s, 0, "lucky")
	do(t, s, stepAct(0, skillStealth))
	do(t, s, act(aActivate, 0b1))
	do(t, s, act(aInterrupt, lucky*32))
	if s.taskOn() != opFace {
		t.Errorf("6 + 2 against 6 is a perfection, got task %d", s.taskOn())
	}
}

func TestImmediateCardsResolveOnDrawAndAreRedrawnAtSetup(t *testing.T) {
	s := ready(t, nil)
	windfall := s.g.cardIndex(t, "windfall")
	for s.prepDiscard.Take(windfall) { // discarded and redrawn at setup
		s.prepDeck.Add(windfall)
	}
	do(t, s, act(aRecruit, 0))
	roll(t, s, windfall) // the recruit-phase draw
	if s.seats[0].hand.Len() != 0 || s.taskOn() != opDrawPrep || s.top().n != 2 {
		t.Fatalf("Windfall must resolve at once (draw 2): hand %d task %d", s.seats[0].hand.Len(), s.taskOn())
	}
	settle(s, 2)
	if s.seats[0].hand.Len() < 2 || s.prepDiscard.Count(windfall) != 1 {
		t.Errorf("hand %d, Windfall in discard %d", s.seats[0].hand.Len(), s.prepDiscard.Count(windfall))
	}
}

func TestPrepDeckExhausted(t *testing.T) {
	g := fixture(t, nil)
	tally := engine.NewTally(g.Info())
	s := g.NewState(3, engine.StateOptions{Tally: tally}).(*state)
	settle(s, 1)
	turnOf(s, 0)
	for s.prepDeck.Len() > 0 {
		s.prepDiscard.Add(s.prepDeck.TakeAt(0))
	}
	before := tally.Counters[cntPrepDeckEmpty]
	do(t, s, act(aRecruit, 0))
	if s.cur != engine.Chance || s.prepDiscard.Len() != 0 || tally.Counters[cntPrepDeckEmpty] != before+1 {
		t.Fatalf("an exhausted deck reshuffles its discard: discard %d, counter %d", s.prepDiscard.Len(), tally.Counters[cntPrepDeckEmpty])
	}
	// With deck and discard empty the draw is skipped.
	s = g.NewState(3, engine.StateOptions{Tally: tally}).(*state)
	settle(s, 1)
	turnOf(s, 0)
	for s.prepDeck.Len() > 0 {
		s.seats[1].hand.Add(s.prepDeck.TakeAt(0))
	}
	for s.prepDiscard.Len() > 0 {
		s.seats[1].hand.Add(s.prepDiscard.TakeAt(0))
	}
	hand := s.seats[0].hand.Len()
	skipped := tally.Counters[cntPrepDrawsSkipped]
	do(t, s, act(aRecruit, 0))
	if s.cur != 0 || s.taskOn() != opPlan || s.seats[0].hand.Len() != hand || tally.Counters[cntPrepDrawsSkipped] != skipped+1 {
		t.Errorf("draw from nothing: task %d hand %d skipped %d", s.taskOn(), s.seats[0].hand.Len(), tally.Counters[cntPrepDrawsSkipped]-skipped)
	}
}

func TestGearOnePerRecruitTradeAndOneUse(t *testing.T) {
	s := ready(t, nil)
	hire(t, s, 0, "wheels", "")
	hire(t, s, 0, "rookie", "")
	lock := give(t, s, 0, "lockpicks")
	laptop := give(t, s, 0, "laptop")
	nitro := give(t, s, 0, "nitro")
	do(t, s, act(aRecruit, 0))
	settle(s, 1)
	do(t, s, act(aPlanGear, lock*8+0))
	if slices.Contains(actions(s), act(aGear2, laptop*8+0)) {
		t.Error("the second Gear goes on another recruit")
	}
	do(t, s, act(aGear2, laptop*8+1))
	do(t, s, act(aPlanTrade, 0*8+1)) // swap
	st := &s.seats[0]
	if int(st.gear[0]) != laptop || int(st.gear[1]) != lock {
		t.Fatalf("trade swaps: %d %d", st.gear[0], st.gear[1])
	}
	settle(s, 2)
	for s.cur >= 0 && s.taskOn() == opHandLimit {
		do(t, s, actions(s)[0])
	}
	// Next turn of seat 1: replace the laptop with Nitro (one use, Driving +3).
	for s.cur != 0 {
		prepTurn(t, s)
	}
	do(t, s, act(aRecruit, 0))
	settle(s, 3)
	do(t, s, act(aPlanGear, nitro*8+0))
	if s.prepDiscard.Count(laptop) != 1 {
		t.Error("a Gear replaced on a recruit is discarded")
	}
	do(t, s, act(aGearStop, 0))
	do(t, s, act(aPlanDraw, 0))
	settle(s, 4)
	for s.cur >= 0 && s.taskOn() == opHandLimit {
		do(t, s, actions(s)[0])
	}
	for s.cur != 0 {
		prepTurn(t, s)
	}
	// Nitro is used up by the activation.
	layHeist(t, s, 1, "train", "docks") // Driving 6
	do(t, s, stepAct(1, skillDriving))
	do(t, s, act(aActivate, 0b1)) // 5 + 1 + 3
	for s.cur >= 0 && s.taskOn() == opWindow {
		do(t, s, act(aPass, 0))
	}
	if s.total != 9 {
		t.Fatalf("Driving total %d, want 9", s.total)
	}
	do(t, s, act(aFace, 6))
	if st.gear[0] >= 0 {
		t.Error("one-use Gear must be discarded after its recruit's activation")
	}
}

func TestPayAGem(t *testing.T) {
	s := ready(t, nil)
	launder := give(t, s, 0, "launder")
	caseC := give(t, s, 0, "case")
	s.bag.Take(kindClear)
	s.seats[0].gems[kindClear] = 1
	do(t, s, act(aRecruit, 0))
	settle(s, 1)
	legal := actions(s)
	for _, a := range []engine.Action{
		act(aPlanAction, launder*32+payNone), act(aPlanAction, launder*32+payCash), act(aPlanAction, launder*32+payGem+kindClear),
	} {
		if !slices.Contains(legal, a) {
			t.Errorf("%s should be legal", s.ActionString(0, a))
		}
	}
	hand := s.seats[0].hand.Len()
	// AND: the white section (draw 2) and the gem section (draw 1).
	do(t, s, act(aPlanAction, caseC*32+payGem+kindClear))
	settle(s, 2)
	if s.seats[0].hand.Len() != hand-1+3 || s.seats[0].gems[kindClear] != 0 {
		t.Errorf("Case the Joint with a gem: hand %d (want %d), gem paid %v", s.seats[0].hand.Len(), hand+2, s.seats[0].gems[kindClear] == 0)
	}
	// OR: the gem section instead of the white one.
	gems := s.gemCount(0)
	hand = s.seats[0].hand.Len()
	do(t, s, act(aPlanAction, launder*32+payCash))
	settle(s, 3)
	if s.gemCount(0) != gems+2 || s.seats[0].hand.Len() != hand-1 {
		t.Errorf("Launder OR: gems %d (want %d), hand %d (want %d)", s.gemCount(0), gems+2, s.seats[0].hand.Len(), hand-1)
	}
}

func TestDraftCannotPayWithCash(t *testing.T) {
	s := ready(t, draft)
	launder := give(t, s, 0, "launder")
	s.seats[0].cash = 0
	do(t, s, act(aRecruit, 0))
	settle(s, 1)
	for _, a := range actions(s) {
		if a == act(aPlanAction, launder*32+payCash) {
			t.Error("the draft pays gems only")
		}
	}
}

func TestRecruitReplacesWhenTheTeamIsFull(t *testing.T) {
	for _, variant := range []map[string]string{nil, draft} {
		s := ready(t, variant)
		for i := 0; i < 4; i++ {
			hire(t, s, 0, "rookie", "")
		}
		s.seats[0].gear[2] = int16(give(t, s, 0, "laptop"))
		s.seats[0].hand.Remove(int(s.seats[0].gear[2]))
		c := int(s.pool[0])
		do(t, s, act(aRecruit, 2))
		if slices.Contains(actions(s), act(aRecruitEffect, c*8+noReplace)) {
			t.Errorf("replace_recruit %s: a full team cannot recruit without replacing", s.g.params.ReplaceRecruit)
		}
		do(t, s, act(aRecruitEffect, c*8+2))
		if s.seats[0].teamN != 4 || int(s.seats[0].team[2].talent) != c || s.seats[0].gear[2] >= 0 {
			t.Errorf("replace_recruit %s: recruit 3 not replaced: team %d talent %d gear %d", s.g.params.ReplaceRecruit, s.seats[0].teamN, s.seats[0].team[2].talent, s.seats[0].gear[2])
		}
	}
}

// replace_recruit: v2.2 replaces only "When your team is full (4)"; the
// draft's "You may replace (discard) a Recruit when doing this" lets a team
// with room replace too, by option A, option B's drawn Talent or the
// recruit effect.
func TestReplaceRecruitWithRoomOnTheTeam(t *testing.T) {
	for _, tc := range []struct {
		value   string
		replace bool
	}{{"when_full", false}, {"any_time", true}} {
		over := map[string]string{"replace_recruit": tc.value}
		t.Run(tc.value+"/option A", func(t *testing.T) {
			s := ready(t, over)
			hire(t, s, 0, "rookie", "")
			hire(t, s, 0, "geek", "laptop")
			c := int(s.pool[0])
			do(t, s, act(aRecruit, 2))
			legal := actions(s)
			if !slices.Contains(legal, act(aRecruitEffect, c*8+noReplace)) {
				t.Fatal("a team with room can always add the Talent")
			}
			for j := 0; j < 2; j++ {
				if got := slices.Contains(legal, act(aRecruitEffect, c*8+j)); got != tc.replace {
					t.Errorf("replacing recruit %d offered %v, want %v", j+1, got, tc.replace)
				}
			}
			if !tc.replace {
				return
			}
			laptop := s.g.cardIndex(t, "laptop")
			do(t, s, act(aRecruitEffect, c*8+1))
			st := &s.seats[0]
			if st.teamN != 2 || int(st.team[1].talent) != c || st.gear[1] >= 0 {
				t.Errorf("recruit 2 not replaced: team %d, talent %d, gear %d", st.teamN, st.team[1].talent, st.gear[1])
			}
			if s.talentDiscard.Count(s.g.cardIndex(t, "geek")) != 1 || s.prepDiscard.Count(laptop) != 1 {
				t.Error("the replaced recruit and its Gear are discarded")
			}
		})
		t.Run(tc.value+"/option B", func(t *testing.T) {
			s := ready(t, over)
			hire(t, s, 0, "rookie", "")
			do(t, s, act(aRecruit, 1))
			settle(s, 1)
			if s.taskOn() != opBurnChoice {
				t.Fatalf("after the burn: want the choice for the drawn Talent, got task %d", s.taskOn())
			}
			legal := actions(s)
			if !slices.Contains(legal, act(aBurn, 0)) || !slices.Contains(legal, act(aBurn, 1+noReplace)) {
				t.Errorf("to the pool and into the free place: %v", legal)
			}
			if got := slices.Contains(legal, act(aBurn, 1+0)); got != tc.replace {
				t.Errorf("replacing the only recruit offered %v, want %v", got, tc.replace)
			}
		})
	}
}

// continue_step: v2.2's "continue to attempt another Heist Step" may go to
// any heist; the draft's "Continue to the next Heist Step on the card" only
// to the next step of the heist just won.
func TestContinueStep(t *testing.T) {
	for _, tc := range []struct {
		value     string
		elsewhere bool
	}{{"any_heist", true}, {"same_heist", false}} {
		t.Run(tc.value, func(t *testing.T) {
			s := ready(t, map[string]string{"continue_step": tc.value})
			hire(t, s, 0, "ghost", "")  // Stealth 5+1
			hire(t, s, 0, "rookie", "") // Stealth 2
			hire(t, s, 0, "geek", "")   // Tech 5, Stealth 1
			do(t, s, stepAct(0, skillStealth))
			do(t, s, act(aActivate, 0b011)) // 8 against the Museum's 6
			do(t, s, act(aFace, 3))
			if s.taskOn() != opAfterSuccess {
				t.Fatalf("after the perfection: want hold or continue, got task %d", s.taskOn())
			}
			legal := actions(s)
			// Heist 0's next step is B (the Bank's side B: Stealth 8);
			// heist 1 (the Vault, Tech 8) is another heist.
			if !slices.Contains(legal, stepAct(0, skillStealth)) || !slices.Contains(legal, act(aHold, 0)) {
				t.Errorf("the same heist's next step and hold are always offered: %v", legal)
			}
			if got := slices.Contains(legal, stepAct(1, skillTech)); got != tc.elsewhere {
				t.Errorf("continuing on another heist offered %v, want %v", got, tc.elsewhere)
			}
			do(t, s, stepAct(0, skillStealth))
			if s.atHeist != 0 || s.atStep != 1 || s.taskOn() != opActivate {
				t.Errorf("continue: attempting heist %d step %c at task %d, want heist 0 step B", s.atHeist, 'A'+s.atStep, s.taskOn())
			}
			if got := actions(s); !slices.Equal(got, []engine.Action{act(aActivate, 0b100)}) {
				t.Errorf("only the recruit not yet activated this turn: %v", got)
			}
		})
	}
	// The first step of a turn may be any heist's under either reading.
	s := ready(t, draft)
	hire(t, s, 0, "geek", "")
	if legal := actions(s); !slices.Contains(legal, stepAct(0, skillStealth)) || !slices.Contains(legal, stepAct(1, skillTech)) {
		t.Errorf("draft: a turn's first step may be on any heist: %v", legal)
	}
}

func TestFacts(t *testing.T) {
	g := fixture(t, nil)
	f := g.Facts()
	for name, want := range map[string]any{
		"end_heists_2p": 3, "end_heists_5p": 6, "markers_total": 25, "heists_on_table_5p": 3,
		"starter_cash_2p": 1, "gems_in_bag_3p": 25, "failure_test_text": "equal to or higher than",
	} {
		if f[name] != want {
			t.Errorf("fact %s = %v, want %v", name, f[name], want)
		}
	}
	f = fixture(t, map[string]string{"end_heists_extra": "2", "failure_test": "higher"}).Facts()
	if f["end_heists_3p"] != 5 || f["failure_test_text"] != "higher than" {
		t.Errorf("facts follow the parameters: %v %v", f["end_heists_3p"], f["failure_test_text"])
	}
	for _, tc := range []struct {
		variant          map[string]string
		replace, continu string
	}{
		{nil, "when full, replace one", "another step of any heist"},
		{draft, "you may replace one", "the next step of the same heist"},
	} {
		f = fixture(t, tc.variant).Facts()
		if f["replace_recruit_text"] != tc.replace || f["continue_text"] != tc.continu {
			t.Errorf("replace_recruit_text %q (want %q), continue_text %q (want %q)", f["replace_recruit_text"], tc.replace, f["continue_text"], tc.continu)
		}
	}
}

func TestRecallMarkers(t *testing.T) {
	for _, recall := range []bool{false, true} {
		over := map[string]string{}
		if recall {
			over["recall_markers"] = "true"
		}
		s := ready(t, over)
		hire(t, s, 0, "ghost", "")
		markers(s, 0, 0, 1, 2, 3)
		markers(s, 0, 1, 4, 5)
		turnOf(s, 0)
		a := act(aRecall, 1)
		if got := slices.Contains(actions(s), a); got != recall {
			t.Fatalf("recall_markers %v: recall offered %v", recall, got)
		}
		if !recall {
			continue
		}
		if slices.Contains(actions(s), act(aRecall, 0)) != true {
			t.Error("dice on either heist can be taken back")
		}
		do(t, s, a)
		if s.seats[0].markers != 3 || s.table[1].prog[0] != 0 || s.taskOn() != opTurn {
			t.Fatalf("after the recall: markers %d, progress %d, task %d", s.seats[0].markers, s.table[1].prog[0], s.taskOn())
		}
		if !slices.Contains(actions(s), stepAct(1, skillTech)) {
			t.Error("after taking dice back the player may attempt")
		}
	}
}
