package hmm

import (
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// started plays set-up with the first chance outcome and keeps every
// opening hand, up to the first turn.
func started(t *testing.T, g *Game, players int) *state {
	t.Helper()
	s := g.NewState(players, engine.StateOptions{}).(*state)
	for s.ph != phMain {
		if s.ph == phChance {
			engine.Apply(s, s.ChanceOutcomes(nil)[0].Action)
		} else {
			engine.Apply(s, actKeep)
		}
	}
	return s
}

// monaLisaTable gives seat 1 Donovan's crew and puts the Mona Lisa in slot
// 0 with the given complications (the first face up, the rest face down).
func monaLisaTable(t *testing.T, g *Game, comps ...string) *state {
	s := started(t, g, 2)
	id := func(name string) int16 {
		c := g.cardID(name)
		if c < 0 {
			t.Fatalf("no card %s", name)
		}
		return int16(c)
	}
	s.cur, s.done, s.heat[0], s.coll[0] = 0, 0, 0, 0
	s.crew[0][0] = member{card: id("donovan-otoole"), gear: -1}
	s.crew[0][1] = member{card: id("hacker"), gear: -1}
	s.crew[0][2] = member{card: id("pickpocket"), gear: -1}
	s.crew[0][3] = member{card: id("getaway-driver"), gear: -1}
	s.ncrew[0] = 4
	js := jobSlot{card: id("mona-lisa"), owner: 0, time: 3}
	for k, c := range comps {
		js.comps[k], js.up[k] = id(c), uint8(bit(k == 0))
	}
	js.nc = int8(len(comps))
	s.jobs[0] = js
	if s.compDeck.Count(g.cardID("security-cameras")) == 0 {
		s.compDeck.Add(g.cardID("security-cameras"))
	}
	return s
}

func TestMonaLisaStateWithTightQuarters(t *testing.T) {
	g := shipped(t)
	s := monaLisaTable(t, g, "laser-grid", "timelock-vault", "tight-quarters")
	engine.Apply(s, actHeist+0)
	if s.ph != phChance {
		t.Fatalf("Tight Quarters should draw another Complication; phase %d", s.ph)
	}
	engine.Apply(s, engine.Action(g.cardID("security-cameras")))
	if s.ph != phCrew {
		t.Fatalf("phase %d, want the crew choice", s.ph)
	}
	legal := s.LegalActions(0, nil)
	mask := int(legal[0] - actCrew)
	if n := popcount(mask); n != 3 {
		t.Fatalf("crew %04b: Tight Quarters allows three", mask)
	}
	engine.Apply(s, legal[0])
	if s.heat[0] != 1 || s.coll[0] != 0 || s.won[0] != 0 {
		t.Fatalf("heat %d, prestige %d, jobs %d; want 1 Heat and nothing gained", s.heat[0], s.coll[0], s.won[0])
	}
	js := s.jobs[0]
	if int(js.card) != g.cardID("mona-lisa") || js.nc != 4 {
		t.Fatalf("the job should stay with its four complications: %+v", js)
	}
	for k := 0; k < 4; k++ {
		if js.up[k] == 0 {
			t.Errorf("complication %d not face up after the attempt", k)
		}
	}
	// The museum adds a face-down complication.
	if s.ph != phChance || s.tasks()[0].kind != tComp || s.tasks()[0].up {
		t.Fatalf("no face-down complication queued: phase %d %+v", s.ph, s.tasks())
	}
	engine.Apply(s, s.ChanceOutcomes(nil)[0].Action)
	if js := s.jobs[0]; js.nc != 5 || js.up[4] != 0 {
		t.Errorf("after the draw: %+v", js)
	}
}

func TestMonaLisaStateWithoutTightQuarters(t *testing.T) {
	g := shipped(t)
	s := monaLisaTable(t, g, "laser-grid", "timelock-vault", "security-cameras")
	handBefore := s.hand[0].Len()
	engine.Apply(s, actHeist+0)
	if s.ph != phCrew {
		t.Fatalf("phase %d, want the crew choice", s.ph)
	}
	legal := s.LegalActions(0, nil)
	if len(legal) != 1 || legal[0] != actCrew+0b1111 {
		t.Fatalf("crews %v, want the whole crew", legal)
	}
	engine.Apply(s, legal[0])
	if s.heat[0] != 2 || s.coll[0] != 5 || s.won[0] != 1 {
		t.Fatalf("heat %d, prestige %d, jobs %d; want 2 Heat, 4 + 1 Prestige, the job", s.heat[0], s.coll[0], s.won[0])
	}
	draws := 0
	for _, tk := range s.tasks() {
		if tk.kind == tDraw && tk.seat == 0 {
			draws++
		}
	}
	if draws != 2 {
		t.Fatalf("%d reward draws queued, want 2", draws)
	}
	for s.ph == phChance {
		outs := s.ChanceOutcomes(nil)
		a := outs[0].Action
		for _, o := range outs { // avoid Play Immediately cards so the hand grows by 2
			if g.cards[o.Action].kind != kindImmediate {
				a = o.Action
				break
			}
		}
		engine.Apply(s, a)
	}
	if s.hand[0].Len() != handBefore+2 {
		t.Errorf("hand %d, want %d", s.hand[0].Len(), handBefore+2)
	}
}

func popcount(m int) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

func TestPlayImmediatelyInTheOpeningHandIsReplaced(t *testing.T) {
	g := shipped(t)
	s := g.NewState(2, engine.StateOptions{}).(*state)
	pc := engine.Action(g.cardID("police-crackdown"))
	for s.ph == phChance && s.tasks()[0].kind != tDeal {
		engine.Apply(s, s.ChanceOutcomes(nil)[0].Action)
	}
	before := len(s.tasks())
	engine.Apply(s, pc)
	if s.hand[0].Len() != 0 || s.heat[0] != 0 || s.heat[1] != 0 || len(s.tasks()) != before || s.ndiscard != 1 {
		t.Errorf("Play Immediately in the opening hand: hand %d, heat %v, queue %d (want %d), discard %d", s.hand[0].Len(), s.heat[:2], len(s.tasks()), before, s.ndiscard)
	}
}

func TestPlayImmediatelyResolvesOnDraw(t *testing.T) {
	g := shipped(t)
	s := started(t, g, 3)
	engine.Apply(s, actGatherDeck)
	if s.ph != phChance {
		t.Fatal("no draw")
	}
	pc := g.cardID("police-crackdown")
	if s.deck.Count(pc) == 0 {
		t.Skip("crackdown dealt at set-up")
	}
	engine.Apply(s, engine.Action(pc))
	for p := 0; p < 3; p++ {
		if s.heat[p] != 1 {
			t.Errorf("seat %d heat %d, want 1", p+1, s.heat[p])
		}
	}
}

func TestHeatSendsSomeoneToJailAndTimeReleases(t *testing.T) {
	g := shipped(t)
	s := started(t, g, 2)
	s.heat[0] = 3
	engine.Apply(s, actLayLow) // 3 - 2 = 1: nobody to jail
	if s.ph == phJail || s.heat[0] != 1 {
		t.Fatalf("lay low: phase %d heat %d", s.ph, s.heat[0])
	}
	s.heat[0] = 4
	engine.Apply(s, actGatherDeck)
	for s.ph == phChance {
		engine.Apply(s, s.ChanceOutcomes(nil)[0].Action)
	}
	if s.ph != phJail || s.who != 0 {
		t.Fatalf("phase %d seat %d, want seat 1 to pick who goes to jail", s.ph, s.who+1)
	}
	engine.Apply(s, actJail+0)
	// Gathering was the turn's second action: the turn ended and took the
	// first of the three Time tokens off.
	if s.crew[0][0].time != 2 || s.heat[0] != 1 || s.cur != 1 {
		t.Fatalf("jailed Mastermind time %d heat %d, seat %d to play", s.crew[0][0].time, s.heat[0], s.cur+1)
	}
	for s.crew[0][0].time > 0 {
		before := s.crew[0][0].time
		s.endTurn() // seat 2
		s.endTurn() // seat 1: one Time off
		if s.crew[0][0].time != before-1 {
			t.Fatalf("Time %d after seat 1's turn, want %d", s.crew[0][0].time, before-1)
		}
	}
	if !s.available(0, 0) {
		t.Error("the Mastermind is still unavailable with no Time left")
	}
}

func TestTurnIsTwoDifferentActions(t *testing.T) {
	g := shipped(t)
	s := started(t, g, 3)
	s.heat[0] = 1
	s.toDiscard(g.cardID("crowbar"))
	engine.Apply(s, actGatherDeck)
	for s.ph == phChance {
		engine.Apply(s, s.ChanceOutcomes(nil)[0].Action)
	}
	if s.cur != 0 || s.ph != phMain {
		t.Fatalf("after one action: seat %d phase %d, want seat 1 still playing", s.cur+1, s.ph)
	}
	for _, a := range s.LegalActions(0, nil) {
		if a == actGatherDeck || a == actGatherDiscard {
			t.Fatal("Gather Resources offered twice in one turn")
		}
	}
	engine.Apply(s, actLayLow)
	if s.cur != 1 {
		t.Errorf("after two actions seat %d is playing, want seat 2", s.cur+1)
	}

	// actions_per_turn 1: the first action ends the turn.
	g.params.ActionsPerTurn = 1
	s = started(t, g, 3)
	s.heat[0] = 1
	engine.Apply(s, actLayLow)
	if s.cur != 1 {
		t.Errorf("actions_per_turn 1: seat %d is playing after one action, want seat 2", s.cur+1)
	}
}

func TestMastermindNotJailableParameter(t *testing.T) {
	g := shipped(t)
	g.params.MastermindJailable = false
	s := started(t, g, 2)
	s.ncrew[0] = 1
	s.heat[0] = 5
	if s.needsJail() >= 0 {
		t.Error("a lone Mastermind went to jail with mastermind_jailable false")
	}
}

// An Event's draw takes only what is left in the deck: it never reshuffles
// the discard pile, so a drawing card cannot draw itself back forever once
// every other card is in a hand. A Gather with an empty deck does reshuffle.
func TestEffectDrawsNeverReshuffle(t *testing.T) {
	g := shipped(t)
	s := started(t, g, 3)
	for s.deck.Len() > 0 {
		s.toDiscard(s.deck.TakeAt(0))
	}
	wf := g.cardID("windfall")
	s.toHand(0, wf)
	hand, pile := s.hand[0].Len(), s.ndiscard
	engine.Apply(s, actEvent+engine.Action(wf))
	if s.ph == phChance || s.deck.Len() != 0 || s.ndiscard != pile+1 || s.hand[0].Len() != hand-1 {
		t.Fatalf("Windfall with an empty deck: phase %d, deck %d, discard %d (want %d), hand %d (want %d)",
			s.ph, s.deck.Len(), s.ndiscard, pile+1, s.hand[0].Len(), hand-1)
	}
	engine.Apply(s, actGatherDeck)
	if s.ph != phChance || s.ndiscard != 0 || s.deck.Len() != pile+1 {
		t.Errorf("Gather with an empty deck: phase %d, deck %d (want %d), discard %d (want 0)", s.ph, s.deck.Len(), pile+1, s.ndiscard)
	}
}
