package mice

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// flipCards adds Double Take (flip 2) and a skill that draws, then flips.
const flipCards = testCards + `- {id: double-take, name: Double Take, deck: upgrade, count: 3, effects: [{flip: 2}]}
- {id: dig-and-turn, name: Dig and Turn, deck: upgrade, count: 3, effects: [{draw: 1}, {flip: 1}]}
`

// learnSkill gives seat p the skill id in a new slot and returns the action
// that activates it.
func learnSkill(t *testing.T, g *Game, s *state, p int, id string) engine.Action {
	t.Helper()
	s.skill[p][s.nskill[p]] = uint8(g.cardIndex(t, id))
	s.nskill[p]++
	return actFirst + engine.Action(s.nskill[p]-1)
}

// testWith starts a 2-player test of a1 (no bets) and draws the chips
// given as {lo, hi, side}.
func testWith(t *testing.T, g *Game, chips ...[3]int) *state {
	t.Helper()
	s := started(t, g, 2)
	engine.Apply(s, actFirst+0)
	engine.ApplyJoint(s, bets(s, 0, 0))
	for _, c := range chips {
		drawChip(t, s, chipOf(t, s, c[0], c[1]), c[2])
	}
	if s.ph != phActivate {
		t.Fatalf("phase %d after the draws, want activate", s.ph)
	}
	return s
}

// "Flip 2 of your chips" flips two different chips, once each, even when
// flipping one of them twice (a net nothing) would score more: the
// position of the repro (replay --game mice --players 2 --seed 2, move 64).
func TestDoubleTakeFlipsTwoDifferentChips(t *testing.T) {
	g := fixture(t, flipCards, nil)
	s := testWith(t, g, [3]int{3, -3, 0}, [3]int{4, 2, 0}) // +3 +4
	engine.Apply(s, learnSkill(t, g, s, 0, "double-take"))
	purple, blue := chipOf0(s, 3, -3), chipOf0(s, 4, 2)
	if s.chips.Side(purple) != 1 || s.chips.Side(blue) != 1 || s.rating() != -1 {
		t.Errorf("after Double Take: sides %d %d rating %d; want both flipped, -3 + 2 = -1",
			s.chips.Side(purple), s.chips.Side(blue), s.rating())
	}
	if s.ph != phActivate || s.stash[0] != 2 {
		t.Errorf("phase %d stash %d", s.ph, s.stash[0])
	}

	// Both flips gain: each chip turns to its better side.
	s = testWith(t, g, [3]int{3, -3, 1}, [3]int{4, 2, 1}) // -3 +2
	engine.Apply(s, learnSkill(t, g, s, 0, "double-take"))
	if s.rating() != 7 {
		t.Errorf("rating %d, want 3 + 4 = 7", s.rating())
	}
}

// With more chips than the flip, the flips go to the chips that gain most.
func TestFlipTakesTheBestDifferentChips(t *testing.T) {
	g := fixture(t, flipCards, map[string]string{"chips_drawn": "3"})
	s := testWith(t, g, [3]int{2, 1, 1}, [3]int{3, -3, 1}, [3]int{1, -1, 1}) // +1 -3 -1
	engine.Apply(s, learnSkill(t, g, s, 0, "double-take"))
	green := chipOf0(s, 2, 1)
	if s.rating() != 5 || s.chips.Side(green) != 1 {
		t.Errorf("rating %d (want +1 +3 +1 = 5), green side %d (want unflipped)", s.rating(), s.chips.Side(green))
	}
}

// With fewer chips than the flip (chips_drawn 1), the one chip is flipped
// once and the rest of the effect lapses.
func TestFlipWithFewerChipsFlipsEachOnce(t *testing.T) {
	g := fixture(t, flipCards, map[string]string{"chips_drawn": "1"})
	s := testWith(t, g, [3]int{4, 2, 1}) // +2
	engine.Apply(s, learnSkill(t, g, s, 0, "double-take"))
	if s.rating() != 4 {
		t.Errorf("rating %d, want +4: flipped once, not twice back to +2", s.rating())
	}
}

// A skill's effects resolve in their printed order: "Draw another chip.
// Flip one of your chips." may flip the chip it drew.
func TestDrawThenFlipFlipsTheDrawnChip(t *testing.T) {
	g := fixture(t, flipCards, nil)
	s := testWith(t, g, [3]int{2, 1, 0}, [3]int{1, -1, 0}) // +2 +1
	engine.Apply(s, learnSkill(t, g, s, 0, "dig-and-turn"))
	drawChip(t, s, chipOf(t, s, 3, -3), 1) // -3, the best flip once it is out
	if s.ph != phActivate || s.rating() != 6 {
		t.Errorf("phase %d rating %d; want activate and 2 + 1 + 3 = 6", s.ph, s.rating())
	}
}

// No activation of a flip skill in random games at every player count
// leaves a chip flipped twice: a skill that only flips (and adds) turns as
// many different chips as it flips, or every chip when there are fewer.
func TestNoChipFlippedTwiceInPlay(t *testing.T) {
	g := shipped(t)
	r := engine.NewRand(7)
	checked := 0
	for players := 2; players <= 6; players++ {
		for game := 0; game < 60; game++ {
			s := g.NewState(players, engine.StateOptions{}).(*state)
			var legal []engine.Action
			for !s.IsTerminal() {
				switch cur := s.CurrentPlayer(); cur {
				case engine.Chance, engine.Simultaneous:
					legal = randomMove(s, r, legal)
				default:
					legal = s.LegalActions(cur, legal[:0])
					a := legal[r.Intn(len(legal))]
					flips, draws := 0, false
					if s.ph == phActivate && a != actStop {
						for e := range g.cards[s.skill[s.tester][a-actFirst]].effectsAgainst(g.cards[s.obstacle()]) {
							switch e.kind {
							case effFlip:
								flips += e.amount
							case effDraw:
								draws = true
							}
						}
					}
					if flips == 0 || draws {
						engine.Apply(s, a)
						continue
					}
					var buf [maxChips]int
					drawn := s.chips.Drawn(buf[:0])
					before := make([]int, len(drawn))
					for k, c := range drawn {
						before[k] = s.chips.Side(c)
					}
					engine.Apply(s, a)
					changed := 0
					for k, c := range drawn {
						if s.chips.Side(c) != before[k] {
							changed++
						}
					}
					if want := min(flips, len(drawn)); changed != want {
						t.Fatalf("%d players, move %d: %s flips %d chips of %d, want %d different ones",
							players, s.Move, g.cards[s.skill[s.tester][a-actFirst]].name, changed, len(drawn), want)
					}
					checked++
				}
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d flip activations checked", checked)
	}
}

// The reproduction: replay --game mice --players 2 --seed 2 --bots
// random, move 64: Double Take flipped the 4/2 chip twice (back to +4) and
// the test succeeded with 9. Now it flips the 4/2 and the 3/-3 chip.
func TestDoubleTakeReproSeed2(t *testing.T) {
	g := shipped(t)
	var at64 []string
	var result string
	engine.PlayGame(g, 2, 2, engine.PlayOptions{Bots: []string{"random"}, CheckInvariants: true, Log: func(e engine.Event) {
		switch {
		case e.Move == 64:
			at64 = append(at64, fmt.Sprintf("%s %d %s %s %v %s", e.Kind, e.Player, e.Card, e.Cause, deref(e.Amount), e.Result))
		case e.Move == 69 && e.Kind == "test":
			result = fmt.Sprintf("%d %s %v %v %s", e.Player, e.Card, deref(e.Amount), deref(e.Printed), e.Result)
		}
	}})
	// Seat 2 pays a cheese onto Double Take, which flips the 4/2 chip to
	// +2 (a loss of 2) and the 3/-3 chip to -3 (a loss of 6).
	want := []string{"activate 1 double-take double-take 1 ", "flip 1 blue-1 double-take -2 side 2", "flip 1 purple-1 double-take -6 side 2"}
	if strings.Join(at64, "\n") != strings.Join(want, "\n") {
		t.Errorf("move 64:\n%s\nwant:\n%s", strings.Join(at64, "\n"), strings.Join(want, "\n"))
	}
	if !strings.HasSuffix(result, " 1 6 failure") || !strings.HasPrefix(result, "1 ") {
		t.Errorf("move 69: %q, want seat 2's failure the book gives (2 - 3 + 1 drawn + 1 added = 1 against 6)", result)
	}
}
