package masterminds

import (
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/gamedata/gamedatatest"
)

// v22Params are the v2.2 defaults of RULES.md; fixtures override values.
const v22Params = `
hand_limit: 6
opening_prep: 4
talent_pool: 3
team_max: 4
activate_max: 3
plan_actions: 2
markers_per_player: 5
heists_on_table:
  - {players: 2, heists: 2}
  - {players: 3, heists: 2}
  - {players: 4, heists: 2}
  - {players: 5, heists: 3}
end_heists_extra: 1
clear_gem_value: 2
bonus_gem_matching: 3
failure_test: at_least
retire_after_heist: keep_one
completion_draw: optional
completion_draw_max_team: 3
replace_recruit: when_full
continue_step: any_heist
start_clear_gems: 0
starter_cash:
  - {players: 2, cards: 1}
  - {players: 3, cards: 2}
  - {players: 4, cards: 2}
  - {players: 5, cards: 2}
first_recruit: true
pay_gem_with_cash: true
tie_break: [clear_gems, heists, shared]
`

// draft is the review draft's variant, as RULES.md lists it.
var draft = map[string]string{
	"failure_test":       "higher",
	"retire_after_heist": "retire_one",
	"completion_draw":    "mandatory",
	"replace_recruit":    "any_time",
	"continue_step":      "same_heist",
	"start_clear_gems":   "1",
	"starter_cash":       "[]",
	"first_recruit":      "false",
	"pay_gem_with_cash":  "false",
}

// testCards is a small game in the shapes of RULES.md.
const testCards = `
- {id: sapphire, name: Sapphire, deck: mastermind, type: mastermind, color: blue}
- {id: emerald, name: Emerald, deck: mastermind, type: mastermind, color: green}
- {id: ruby, name: Ruby, deck: mastermind, type: mastermind, color: red}
- {id: amethyst, name: Amethyst, deck: mastermind, type: mastermind, color: purple}
- {id: topaz, name: Topaz, deck: mastermind, type: mastermind, color: yellow}
- {id: cash, name: Starter Cash, deck: cash, type: cash, count: 10}
- {id: ghost, name: The Ghost, deck: talent, type: talent, skills: {stealth: 5, tech: 2, muscle: 0, charm: 1, driving: 1}, ability: {when: active, skill_bonus: {skill: stealth, amount: 1}}}
- {id: brick, name: Brick, deck: talent, type: talent, skills: {stealth: 0, tech: 0, muscle: 5, charm: 1, driving: 2}, ability: {when: always, ignore_failure: 1}}
- {id: face, name: The Face, deck: talent, type: talent, skills: {stealth: 0, tech: 1, muscle: 1, charm: 5, driving: 1}, ability: {when: recruit, draw_prep: 1}}
- {id: wheels, name: Wheels, deck: talent, type: talent, skills: {stealth: 1, tech: 1, muscle: 2, charm: 1, driving: 5}, ability: {when: active, skill_bonus: {skill: any, amount: 1}}}
- {id: geek, name: Geek, deck: talent, type: talent, skills: {stealth: 1, tech: 5, muscle: 0, charm: 2, driving: 1}}
- {id: rookie, name: Rookie, deck: talent, type: talent, count: 20, skills: {stealth: 2, tech: 2, muscle: 2, charm: 2, driving: 2}}
- {id: case, name: Case the Joint, deck: prep, type: prep, kind: action, count: 6, effect: {draw_prep: 2}, gem: {mode: and, effect: {draw_prep: 1}}}
- {id: launder, name: Launder, deck: prep, type: prep, kind: action, count: 4, effect: {draw_prep: 1}, gem: {mode: or, effect: {gain_gem: 2}}}
- {id: favour, name: Favour, deck: prep, type: prep, kind: action, count: 2, effect: {recruit: 1}}
- {id: regroup, name: Regroup, deck: prep, type: prep, kind: action, count: 2, effect: {untap: 2}}
- {id: sabotage, name: Sabotage, deck: prep, type: prep, kind: action, count: 2, effect: {discard_gear: 1, target: other}}
- {id: windfall, name: Windfall, deck: prep, type: prep, kind: action, count: 2, immediate: true, effect: {draw_prep: 2}}
- {id: lockpicks, name: Lockpicks, deck: prep, type: prep, kind: gear, count: 6, gear: {skill: stealth, amount: 2}}
- {id: laptop, name: Laptop, deck: prep, type: prep, kind: gear, count: 6, gear: {skill: tech, amount: 2}}
- {id: nitro, name: Nitro, deck: prep, type: prep, kind: gear, count: 2, one_use: true, gear: {skill: driving, amount: 3}}
- {id: charm-kit, name: Charm Kit, deck: prep, type: prep, kind: gear, count: 6, gear: {skill: any, amount: 1}}
- {id: lucky, name: Lucky Break, deck: prep, type: prep, kind: interrupt, count: 5, effect: {roll_bonus: 2, target: self}}
- {id: butter, name: Butterfingers, deck: prep, type: prep, kind: interrupt, count: 3, effect: {roll_bonus: -2, target: other}}
- {id: again, name: Second Chance, deck: prep, type: prep, kind: interrupt, count: 2, effect: {reroll: 1}}
- {id: museum, name: The Museum, deck: heist, type: heist, side_a: {title: The Museum, step: {skills: [stealth], target: 6}, take: 3}, side_b: {steps: [{skills: [tech], target: 7}, {skills: [muscle, driving], target: 8}, {skills: [charm], target: 9}]}}
- {id: bank, name: The Bank, deck: heist, type: heist, side_a: {title: The Bank, step: {skills: [tech], target: 7}, take: 4}, side_b: {steps: [{skills: [stealth], target: 8}, {skills: [tech], target: 9}, {skills: [driving], target: 10}]}}
- {id: casino, name: The Casino, deck: heist, type: heist, side_a: {title: The Casino, step: {skills: [charm], target: 5}, take: 2}, side_b: {steps: [{skills: [muscle], target: 6}, {skills: [charm, stealth], target: 8}, {skills: [driving], target: 9}]}}
- {id: train, name: The Train, deck: heist, type: heist, side_a: {title: The Train, step: {skills: [driving], target: 6}, take: 3}, side_b: {steps: [{skills: [muscle], target: 7}, {skills: [stealth], target: 8}, {skills: [tech, charm], target: 10}]}}
- {id: gallery, name: The Gallery, deck: heist, type: heist, side_a: {title: The Gallery, step: {skills: [stealth, charm], target: 7}, take: 3}, side_b: {steps: [{skills: [driving], target: 7}, {skills: [tech], target: 8}, {skills: [muscle], target: 9}]}}
- {id: docks, name: The Docks, deck: heist, type: heist, side_a: {title: The Docks, step: {skills: [muscle], target: 5}, take: 2}, side_b: {steps: [{skills: [charm], target: 6}, {skills: [driving], target: 8}, {skills: [stealth], target: 9}]}}
- {id: vault, name: The Vault, deck: heist, type: heist, side_a: {title: The Vault, step: {skills: [tech], target: 8}, take: 5}, side_b: {steps: [{skills: [stealth], target: 8}, {skills: [muscle], target: 10}, {skills: [tech], target: 11}]}}
- {id: mansion, name: The Mansion, deck: heist, type: heist, side_a: {title: The Mansion, step: {skills: [charm], target: 6}, take: 3}, side_b: {steps: [{skills: [stealth], target: 7}, {skills: [driving], target: 9}, {skills: [muscle, tech], target: 10}]}}
- {id: alarm, name: Silent Alarm, deck: failure, type: failure, triggers: [[stealth, tech], [driving]], test: {skill: driving, target: 8}, consequence: retire}
- {id: dog, name: Guard Dog, deck: failure, type: failure, triggers: [[muscle], [charm]], test: {skill: muscle, target: 6}, consequence: lose_gear}
- {id: guard, name: Nosy Guard, deck: failure, type: failure, triggers: [[charm]], test: {skill: charm, target: 7}, consequence: lose_gem}
- {id: trap, name: Booby Trap, deck: failure, type: failure, triggers: [[tech]], test: {skill: tech, target: 7}, consequence: discard_prep}
- {id: laser, name: Laser Grid, deck: failure, type: failure, triggers: [[stealth], [driving]], test: {skill: stealth, target: 7}, consequence: stay_tapped}
`

// The gems in the fixtures' box.
const (
	gemsPerColour = 5
	clearGems     = 10
)

// fixtureData is the game data of a fixture, not yet built: cards is a
// YAML list of card mappings, and overrides replace v22Params by name.
var fixtureData = gamedatatest.Fixture{
	ID:         "masterminds-test",
	Players:    gamedata.Range{Min: 2, Max: 5},
	Components: box(),
	Params:     v22Params,
}.Data

// box is the fixtures' box, as game.yaml's components declare it: the
// engine reads the gem counts from here.
func box() []gamedata.Component {
	var gems []gamedata.Component
	for _, colour := range []string{"blue", "green", "red", "purple", "yellow", "orange", "black", "white", "pink", "grey"} {
		gems = append(gems, gamedata.Component{ID: "gem-" + colour, Kind: "token", Count: gemsPerColour})
	}
	return append(gems, gamedata.Component{ID: "gem-clear", Kind: "token", Count: clearGems})
}

// fixture builds a game of testCards (see fixtureData), so rule tests
// need neither files nor the loader.
func fixture(t testing.TB, overrides map[string]string) *Game {
	t.Helper()
	return fixtureWith(t, testCards, overrides)
}

// fixtureWith builds a game of other cards.
func fixtureWith(t testing.TB, cards string, overrides map[string]string) *Game {
	t.Helper()
	return enginetest.MustBuild(t, Build, fixtureData(t, cards, overrides))
}

// cardIndex finds a card by id.
func (g *Game) cardIndex(t testing.TB, id string) int {
	t.Helper()
	return enginetest.CardIndex(t, g.cards, id, func(c card) string { return c.id })
}

// started plays the setup's chance moves with a seeded generator and
// returns the state at the first player's first decision.
func started(t testing.TB, g *Game, players int, seed uint64) *state {
	t.Helper()
	s := g.NewState(players, engine.StateOptions{}).(*state)
	r := engine.NewRand(seed)
	for s.cur == engine.Chance {
		engine.Apply(s, s.SampleChance(r))
	}
	if s.cur < 0 || s.top().op != opTurn {
		t.Fatalf("setup ends at %v, task %d", s.cur, s.top().op)
	}
	check(t, s)
	return s
}

func check(t testing.TB, s *state) {
	t.Helper()
	if err := s.CheckInvariants(); err != nil {
		t.Fatalf("invariant broken: %v", err)
	}
}

// clearedTable is a 3-player game of the fixture, settled from seed 1,
// with every seat's hand, team and Gear back in the decks, and its tally.
func clearedTable(t *testing.T) (*state, *engine.Tally) {
	t.Helper()
	g := fixture(t, nil)
	tally := engine.NewTally(g.Info())
	s := g.NewState(3, engine.StateOptions{Tally: tally}).(*state)
	settle(s, 1)
	for p := range 3 {
		clearSeat(s, p)
	}
	return s, tally
}

// clearSeat puts seat p's hand, team and Gear back into the decks.
func clearSeat(s *state, p int) {
	st := &s.seats[p]
	for st.hand.Len() > 0 {
		c := st.hand.At(0)
		st.hand.Remove(c)
		s.prepDeck.Add(c)
	}
	for st.teamN > 0 {
		r := int(st.teamN) - 1
		if st.gear[r] >= 0 {
			s.prepDeck.Add(int(st.gear[r]))
		}
		s.talentDeck.Add(int(st.team[r].talent))
		st.team[r] = recruit{}
		st.gear[r] = -1
		st.teamN--
	}
}

// takeFrom removes card c from whichever pile holds it.
func takeFrom(t testing.TB, c int, piles ...*engine.Deck) {
	t.Helper()
	for _, d := range piles {
		if d.Take(c) {
			return
		}
	}
	t.Fatalf("card %d is in none of the piles", c)
}

// hire puts Talent id (with Gear gear, "" for none) on p's team.
func hire(t testing.TB, s *state, p int, id, gear string) int {
	t.Helper()
	c := s.g.cardIndex(t, id)
	if !s.talentDeck.Take(c) && !s.talentDiscard.Take(c) {
		for i := 0; i < s.poolN; i++ {
			if int(s.pool[i]) == c {
				s.takeFromPool(c)
				s.talentDiscard.Add(c)
				break
			}
		}
		takeFrom(t, c, &s.talentDeck, &s.talentDiscard)
	}
	st := &s.seats[p]
	r := int(st.teamN)
	st.team[r] = recruit{talent: int16(c)}
	st.gear[r] = -1
	st.teamN++
	if gear != "" {
		gc := s.g.cardIndex(t, gear)
		takeFrom(t, gc, &s.prepDeck, &s.prepDiscard)
		st.gear[r] = int16(gc)
	}
	return r
}

// give puts Prep card id in p's hand.
func give(t testing.TB, s *state, p int, id string) int {
	t.Helper()
	c := s.g.cardIndex(t, id)
	takeFrom(t, c, &s.prepDeck, &s.prepDiscard)
	s.seats[p].hand.Add(c)
	return c
}

// layHeist makes slot h the heist of A card a and B card b.
func layHeist(t testing.TB, s *state, h int, a, b string) {
	t.Helper()
	sl := &s.table[h]
	for _, c := range []int16{sl.a, sl.b} {
		if c >= 0 {
			s.heistDeck.Add(int(c))
		}
	}
	ai, bi := s.g.cardIndex(t, a), s.g.cardIndex(t, b)
	takeFrom(t, ai, &s.heistDeck)
	takeFrom(t, bi, &s.heistDeck)
	sl.a, sl.b = int16(ai), int16(bi)
}

// markers puts p's marker dice, showing faces, on heist h's first steps.
func markers(s *state, p, h int, faces ...int) {
	sl := &s.table[h]
	for _, f := range faces {
		sl.faces[p][sl.prog[p]] = uint8(f)
		sl.prog[p]++
		s.seats[p].markers++
	}
}

// turnOf restarts the flow at the beginning of seat p's turn.
func turnOf(s *state, p int) {
	s.sp = 0
	s.startTurn(p)
	s.run()
}

// actions lists the legal actions of the seat to move.
func actions(s *state) []engine.Action { return s.LegalActions(s.cur, nil) }

// do applies a decision after checking it is legal.
func do(t testing.TB, s *state, a engine.Action) {
	t.Helper()
	if s.cur < 0 {
		t.Fatalf("%s: not a decision (current player %v, task %d)", s.ActionString(s.cur, a), s.cur, s.top().op)
	}
	legal := actions(s)
	found := false
	for _, l := range legal {
		found = found || l == a
	}
	if !found {
		var names []string
		for _, l := range legal {
			names = append(names, s.ActionString(s.cur, l))
		}
		t.Fatalf("%s is not legal at task %d; legal: %q", s.ActionString(s.cur, a), s.top().op, names)
	}
	engine.Apply(s, a)
	check(t, s)
}

// roll applies a chance outcome after checking it is possible.
func roll(t testing.TB, s *state, a int) {
	t.Helper()
	if s.cur != engine.Chance {
		t.Fatalf("chance %d: not a chance node (current player %v, task %d)", a, s.cur, s.top().op)
	}
	for _, o := range s.ChanceOutcomes(nil) {
		if int(o.Action) == a {
			engine.Apply(s, o.Action)
			check(t, s)
			return
		}
	}
	t.Fatalf("chance %d is not an outcome at task %d: %v", a, s.top().op, s.ChanceOutcomes(nil))
}

// settle plays chance moves with a seeded generator until a decision.
func settle(s *state, seed uint64) {
	r := engine.NewRand(seed)
	for s.cur == engine.Chance {
		engine.Apply(s, s.SampleChance(r))
	}
}

func (s *state) taskOn() op {
	if s.sp == 0 {
		return 255
	}
	return s.top().op
}
