package heat

import (
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/gamedata"
)

const testCards = `
- {id: bank, name: Bank, keywords: [heist, vault], players: [3,4,5], effects: [
    {phase: B, gain: 9, if: {not_revealed_by_other: vault}},
    {phase: B, gain: 3, if: {revealed_by_other: vault}},
    {phase: B, take_heat: 2}]}
- {id: casino, name: Casino, keywords: [heist, vault], players: [3,4,5], effects: [
    {phase: B, gain: 8, if: {not_revealed_by_other: vault}},
    {phase: B, take_heat: 2}]}
- {id: heavy, name: Heavy, count: 3, keywords: [crew, muscle], players: [3,4,5], effects: [
    {phase: B, gain: 2, per: {record: muscle}}]}
- {id: safecracker, name: Safecracker, keywords: [crew], players: [3,4,5], effects: [
    {phase: B, gain: 5, if: {record_has: crew}}]}
- {id: early, name: Early Bird, keywords: [intel], players: [3,4,5], effects: [
    {phase: A, pay: 3},
    {phase: B, gain: 5}]}
- {id: late, name: Late Bird, keywords: [intel], players: [3,4,5], effects: [
    {phase: C, pay: 3},
    {phase: B, gain: 5}]}
- {id: interrogation, name: Interrogation, count: 2, keywords: [intel], players: [3,4,5], effects: [
    {phase: A, draw: 1},
    {phase: B, take_heat: 1},
    {phase: C, gain: 2, per: {others_revealed: heist}}]}
- {id: hog, name: Heat Hog, count: 3, keywords: [heist], players: [3,4,5], effects: [{phase: B, take_heat: 6}]}
- {id: bribe, name: Bribe, keywords: [cover], players: [3,4,5], effects: [{phase: C, pay: 3}, {phase: C, return_heat: 2}]}
- {id: pickpocket, name: Pickpocket, keywords: [heist], players: [3,4,5], effects: [{phase: B, steal: 2, target: others, target_if: {revealed: crew}}]}
- {id: frame, name: Frame, keywords: [cover], players: [4,5], effects: [{phase: C, give_heat: 1, target: left}]}
- {id: five-only, name: Five Only, keywords: [cover], players: [5], effects: [{phase: C, return_heat: 1}]}
- {id: filler, name: Filler, count: 10, keywords: [crew], players: [3,4,5], effects: [{phase: B, gain: 1}]}
`

func TestHeatValueExampleBoard(t *testing.T) {
	// The book's example board is worth -$3: with rows of three, -1, -2 and
	// -3 are empty once 9 to 11 tokens are off the board.
	g := fixture(t, testCards, nil)
	p := g.Params()
	for taken, want := range map[int]int{0: 0, 2: 0, 3: -1, 6: -2, 8: -2, 9: -3, 10: -3, 11: -3, 12: -4, 15: -5} {
		if got := p.HeatValue(taken); got != want {
			t.Errorf("HeatValue(%d taken) = %d, want %d", taken, got, want)
		}
	}
	// "if a player had three Heat tokens given the example board, they would return $9"
	s := newTestState(g, 3)
	s.heat.Take(0, 3)
	s.heat.Take(1, 6)
	s.money[0] = 20
	if got := s.heatValue(); got != -3 {
		t.Fatalf("example board value = %d, want -3", got)
	}
	if got := s.score(0); got != 20-9 {
		t.Errorf("three Heat on the example board: score %d, want %d", got, 11)
	}
}

func TestTakeLeastNegativeReturnMostNegative(t *testing.T) {
	g := fixture(t, testCards, nil)
	s := newTestState(g, 3)
	s.heat.Take(0, 6) // rows -1 and -2 empty
	if v := s.heatValue(); v != -2 {
		t.Fatalf("after 6 taken value %d, want -2", v)
	}
	// One returned token lands in the most negative free slot, row -2, so
	// that row is no longer completely empty.
	s.heat.Return(0, 1)
	if v := s.heatValue(); v != -1 {
		t.Errorf("after returning 1 value %d, want -1", v)
	}
}

func TestPhasesResolveAThenBThenC(t *testing.T) {
	// With nobody paying more than they have, the order shows in the money.
	g := fixture(t, testCards, map[string]string{"shortfall": "pay_what_you_have"})
	s := newTestState(g, 3)
	// Early pays $3 in A with $0 (nothing to pay), then gains $5 in B.
	// Late gains $5 in B, then pays $3 in C.
	reveal(t, s, "early", "late")
	if s.money[0] != 5 || s.money[1] != 2 {
		t.Errorf("money after A/B/C = %d, %d; want 5 (A pays before B gains), 2 (C after B)", s.money[0], s.money[1])
	}
}

func TestVaultCollision(t *testing.T) {
	g := fixture(t, testCards, nil)
	s := newTestState(g, 3)
	reveal(t, s, "bank", "heavy", "heavy")
	if s.money[0] != 9 {
		t.Errorf("bank alone: $%d, want $9", s.money[0])
	}
	s = newTestState(g, 3)
	reveal(t, s, "bank", "casino", "heavy")
	if s.money[0] != 3 || s.money[1] != 0 {
		t.Errorf("bank and casino together: $%d and $%d, want $3 and $0", s.money[0], s.money[1])
	}
	if s.heat.Held[0] != 2 || s.heat.Held[1] != 2 || s.heat.Supply != 11 {
		t.Errorf("heat after two vaults: %v board %d", s.heat.Held[:3], s.heat.Supply)
	}
}

func TestRecordCountsItself(t *testing.T) {
	g := fixture(t, testCards, nil)
	s := newTestState(g, 3)
	reveal(t, s, "heavy")
	if s.money[0] != 2 {
		t.Fatalf("first Heavy pays $%d, want $2 (it counts itself)", s.money[0])
	}
	reveal(t, s, "heavy")
	if s.money[0] != 2+4 {
		t.Errorf("second Heavy pays $%d, want $4", s.money[0]-2)
	}
}

func TestRecordHasMeansAnotherCard(t *testing.T) {
	g := fixture(t, testCards, nil)
	s := newTestState(g, 3)
	reveal(t, s, "safecracker") // a Crew card itself, but no other one yet
	if s.money[0] != 0 {
		t.Fatalf("safecracker alone paid $%d", s.money[0])
	}
	s = newTestState(g, 3)
	reveal(t, s, "heavy")
	reveal(t, s, "safecracker")
	if s.money[0] != 2+5 {
		t.Errorf("safecracker after a Heavy (Crew) paid $%d, want $5", s.money[0]-2)
	}
}

func TestInterrogationActsInThreePhases(t *testing.T) {
	g := fixture(t, testCards, nil)
	s := newTestState(g, 3)
	reveal(t, s, "interrogation", "bank", "casino")
	deckBefore := s.deck.Len()
	// Phase A queued a draw: a chance node before B and C resolve.
	if s.CurrentPlayer() != engine.Chance {
		t.Fatalf("after reveal, current player %v, want chance (A draw)", s.CurrentPlayer())
	}
	if s.heat.Held[0] != 0 || s.money[0] != 0 {
		t.Fatal("B or C resolved before A's draw")
	}
	engine.Apply(s, s.SampleChance(engine.NewRand(1)))
	if s.deck.Len() != deckBefore-1 || s.hands[0].Len() != 1 {
		t.Errorf("A: draw did not happen (deck %d→%d, hand %d)", deckBefore, s.deck.Len(), s.hands[0].Len())
	}
	if s.heat.Held[0] != 1 {
		t.Errorf("B: took %d Heat, want 1", s.heat.Held[0])
	}
	if s.money[0] != 4 {
		t.Errorf("C: gained $%d, want $4 (two others revealed Heist cards)", s.money[0])
	}
	if s.CurrentPlayer() != engine.Simultaneous || s.stage != 1 {
		t.Errorf("after the stage: %v at stage %d", s.CurrentPlayer(), s.stage+1)
	}
}

func TestOutOfHeatReturnsAndPenalty(t *testing.T) {
	// The loss under each shortfall rule: TestShortfallOfTheOutOfHeatLoss.
	g := fixture(t, testCards, map[string]string{"shortfall": "pay_what_you_have"})
	s := newTestState(g, 3)
	s.heat.Take(0, 6)
	s.heat.Take(1, 6) // board holds 3
	s.money = [maxSeats]int{10, 2, 10}
	reveal(t, s, "hog") // needs 6: 3 → 5 → 7 takes two rounds of returns
	if s.heat.Held[0] != 6-2+6 || s.heat.Held[1] != 6-2 || s.heat.Held[2] != 0 {
		t.Errorf("heat held %v, want [10 4 0]", s.heat.Held[:3])
	}
	// Seat 3 held no Heat, so it returns nothing and pays nothing.
	if s.money[0] != 10-6 || s.money[1] != 0 || s.money[2] != 10 {
		t.Errorf("money %v, want [4 0 10] (penalty $3 a return, never below $0)", s.money[:3])
	}
	if s.heat.Supply != 1 {
		t.Errorf("board %d, want 1", s.heat.Supply)
	}
}

func TestArrestWhenPhaseNeedsMoreThanTheBoard(t *testing.T) {
	g := fixture(t, testCards, nil)
	s := newTestState(g, 3)
	reveal(t, s, "hog", "hog", "hog") // 18 > 15
	if !s.IsTerminal() || s.EndCause() != "arrest" {
		t.Fatalf("terminal %v cause %q, want arrest", s.IsTerminal(), s.EndCause())
	}
	if r := s.Returns(nil); slices.ContainsFunc(r, func(v float64) bool { return v != 0 }) {
		t.Errorf("arrest returns %v, want everybody 0", r)
	}
}

func TestOutOfCardsEverybodySkips(t *testing.T) {
	g := fixture(t, testCards, nil)
	s := newTestState(g, 3)
	ic := g.cardIndex(t, "interrogation")
	for s.deck.Len() > 0 {
		s.deck.Take(s.deck.At(0))
	}
	s.deck.Add(g.cardIndex(t, "filler"))
	s.hands[0].Add(ic)
	s.hands[1].Add(ic)
	// Two seats draw one each but one card is left: nobody draws.
	engine.ApplyJoint(s, []engine.Action{engine.Action(ic), engine.Action(ic), engine.NoAction})
	if s.deck.Len() != 1 || s.hands[0].Len()+s.hands[1].Len() != 0 {
		t.Errorf("deck %d, hands %d/%d: draws should all be skipped", s.deck.Len(), s.hands[0].Len(), s.hands[1].Len())
	}
	if s.CurrentPlayer() != engine.Simultaneous || s.heat.Held[0] != 1 {
		t.Errorf("stage did not finish: %v, heat %v", s.CurrentPlayer(), s.heat.Held[:3])
	}
}

func TestStealAndGiveHeatTargets(t *testing.T) {
	// A theft under each shortfall rule: TestShortfallOfATheft.
	g := fixture(t, testCards, map[string]string{"shortfall": "pay_what_you_have"})
	s := newTestState(g, 4)
	s.money = [maxSeats]int{0, 1, 5, 5}
	reveal(t, s, "pickpocket", "heavy", "safecracker", "bank")
	// Steals $2 from each other seat that revealed a Crew card, up to what they have.
	if s.money[0] != 1+2 {
		t.Errorf("pickpocket got $%d, want $3", s.money[0])
	}
	s = newTestState(g, 4)
	s.heat.Take(0, 2)
	reveal(t, s, "frame")
	if s.heat.Held[0] != 1 || s.heat.Held[1] != 1 {
		t.Errorf("frame gave Heat: held %v, want seat 2 (left) to get 1", s.heat.Held[:4])
	}
}

func TestEndScoringAndTieBreaks(t *testing.T) {
	// With no row empty a token costs empty_board_value: -$1 here.
	g := fixture(t, testCards, map[string]string{"empty_board_value": "-1"})
	cases := []struct {
		name  string
		money []int
		heat  []int
		want  []float64
	}{
		{"most money wins", []int{10, 12, 3}, []int{0, 0, 0}, []float64{0, 1, 0}},
		{"heat is paid first", []int{10, 12, 3}, []int{0, 4, 0}, []float64{1, 0, 0}},
		{"tie: least heat wins", []int{10, 11, 3}, []int{0, 1, 0}, []float64{1, 0, 0}},
		{"still tied: shared", []int{10, 10, 3}, []int{0, 0, 0}, []float64{0.5, 0.5, 0}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestState(g, 3)
			for p := range tc.money {
				s.money[p] = tc.money[p]
				s.heat.Take(p, tc.heat[p])
			}
			if s.heatValue() != -1 {
				t.Fatalf("setup: heat value %d", s.heatValue())
			}
			s.finish()
			if got := s.Returns(nil); !slices.Equal(got, tc.want) {
				t.Errorf("returns %v, want %v", got, tc.want)
			}
		})
	}
}

func TestOnlyCardsForThePlayerCount(t *testing.T) {
	g := fixture(t, testCards, nil)
	for players, want := range map[int]int{3: 25, 4: 26, 5: 27} {
		s := g.NewState(players, engine.StateOptions{}).(*state)
		inPlay := s.deck.Len()
		for p := 0; p < players; p++ {
			inPlay += s.hands[p].Len()
		}
		if inPlay != want {
			t.Errorf("%d players: %d cards in play, want %d", players, inPlay, want)
		}
	}
}

func TestDraftDealsPassesAndAlternatesDirection(t *testing.T) {
	g := fixture(t, testCards, nil)
	s := g.NewState(3, engine.StateOptions{}).(*state)
	r := engine.NewRand(7)
	for s.CurrentPlayer() == engine.Chance {
		engine.Apply(s, s.SampleChance(r))
	}
	for p := 0; p < 3; p++ {
		if s.hands[p].Len() != 2 {
			t.Fatalf("deal: seat %d has %d cards, want 2", p+1, s.hands[p].Len())
		}
	}
	for heist := 0; heist < 2; heist++ {
		want := []int{1, 2, 0} // heist 1 passes left
		if heist == 1 {
			want = []int{2, 0, 1} // heist 2 passes right
		}
		for s.CurrentPlayer() == engine.Chance {
			engine.Apply(s, s.SampleChance(r))
		}
		for round := 0; round < 3; round++ {
			if s.CurrentPlayer() != engine.Simultaneous || s.step != stepPass {
				t.Fatalf("heist %d round %d: not a pass node", heist+1, round+1)
			}
			before := s.hands
			acts := []engine.Action{engine.Action(s.hands[0].At(0)), engine.Action(s.hands[1].At(0)), engine.Action(s.hands[2].At(0))}
			engine.ApplyJoint(s, acts)
			for s.CurrentPlayer() == engine.Chance {
				engine.Apply(s, s.SampleChance(r))
			}
			for p := 0; p < 3; p++ {
				h := s.hands[want[p]]
				if h.Len() != before[want[p]].Len()+1 {
					t.Fatalf("heist %d round %d: seat %d hand %d, want %d", heist+1, round+1, want[p]+1, h.Len(), before[want[p]].Len()+1)
				}
				if !handHas(&h, int(acts[p])) {
					t.Errorf("heist %d: seat %d's card did not reach seat %d", heist+1, p+1, want[p]+1)
				}
			}
		}
		for p := 0; p < 3; p++ {
			if s.hands[p].Len() != 5 {
				t.Fatalf("after the draft seat %d holds %d cards, want 5", p+1, s.hands[p].Len())
			}
		}
		// Play out the heist's four stages with the first card in hand.
		for s.heist == heist {
			switch s.CurrentPlayer() {
			case engine.Chance:
				engine.Apply(s, s.SampleChance(r))
			case engine.Simultaneous:
				engine.ApplyJoint(s, []engine.Action{engine.Action(s.hands[0].At(0)), engine.Action(s.hands[1].At(0)), engine.Action(s.hands[2].At(0))})
			default:
				t.Fatal("game ended early")
			}
		}
	}
}

func handHas(h *engine.Hand, c int) bool {
	for i := 0; i < h.Len(); i++ {
		if h.At(i) == c {
			return true
		}
	}
	return false
}

func TestGameEndsAfterThreeHeists(t *testing.T) {
	// 40 Heat tokens (two rows at the most slots a row has): enough that
	// nobody is arrested.
	g := fixture(t, testCards, map[string]string{"heat_board": "[{value: -1, slots: 20}, {value: -1, slots: 20}]"})
	res := engine.PlayGame(g, 4, 99, engine.PlayOptions{CheckInvariants: true})
	if res.Failed() || res.EndCause != "heists complete" {
		t.Fatalf("result %+v", res)
	}
	sum := 0.0
	for _, v := range res.Returns {
		sum += v
	}
	if sum < 0.999 || sum > 1.001 {
		t.Errorf("returns %v do not share one win", res.Returns)
	}
}

func TestPrintedTextComesFromEffects(t *testing.T) {
	g := fixture(t, testCards, nil)
	want := map[string][]engine.RulesLine{
		"bank": {{Phase: "B", Text: "Gain $9 if no other player revealed a Vault card. Gain $3 if another player revealed a Vault card. Take 2 Heat."}},
		"interrogation": {
			{Phase: "A", Text: "Draw 1 card."},
			{Phase: "B", Text: "Take 1 Heat."},
			{Phase: "C", Text: "Gain $2 for each other player who revealed a Heist card."},
		},
		"heavy":      {{Phase: "B", Text: "Gain $2 for each Muscle card in your Record."}},
		"pickpocket": {{Phase: "B", Text: "Take $2 from each other player who revealed a Crew card."}},
		"frame":      {{Phase: "C", Text: "Give 1 of your Heat to the player on your left."}},
	}
	for id, lines := range want {
		if got := g.CardRules(g.cardIndex(t, id)); !slices.Equal(got, lines) {
			t.Errorf("%s: %q, want %q", id, got, lines)
		}
	}
}

// With the game's heat and money icons declared (as cards/heat does),
// amounts print as a number and the icon, glued by a no-break space.
func TestPrintedTextUsesTheGamesIcons(t *testing.T) {
	d := fixtureData(t, testCards, nil)
	d.Manifest.Icons = []gamedata.IconDecl{{ID: "heat", Builtin: "flame"}, {ID: "money", Builtin: "coin"}}
	g := enginetest.MustBuild(t, Build, d)
	want := map[string][]engine.RulesLine{
		"bank":       {{Phase: "B", Text: "Gain 9\u00a0:money: if no other player revealed a Vault card. Gain 3\u00a0:money: if another player revealed a Vault card. Take 2\u00a0:heat:."}},
		"pickpocket": {{Phase: "B", Text: "Take 2\u00a0:money: from each other player who revealed a Crew card."}},
		"frame":      {{Phase: "C", Text: "Give 1\u00a0:heat: to the player on your left."}},
	}
	for id, lines := range want {
		if got := g.CardRules(g.cardIndex(t, id)); !slices.Equal(got, lines) {
			t.Errorf("%s: %q, want %q", id, got, lines)
		}
	}
}
