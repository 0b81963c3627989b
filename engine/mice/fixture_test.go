package mice

import (
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/gamedata/gamedatatest"
)

// baseParams are the shipped defaults; fixtures override single values.
const baseParams = `
min_players: 2
starting_cheese: 3
skill_limit: 6
market_size: 4
chips_drawn: 2
track_length: 20
failure_obstacle_cheese: 1
cheese_shortage: none
cleanup_step: 8
food_per_job: [12, 6, 3]
cheese_total: 40
chips:
  - {colour: blue, sides: [4, 2], count: 1}
  - {colour: green, sides: [2, 1], count: 2}
  - {colour: yellow, sides: [1, -1], count: 4}
  - {colour: orange, sides: [-1, -2], count: 2}
  - {colour: red, sides: [-2, -4], count: 1}
  - {colour: purple, sides: [3, -3], count: 1}
`

// testCards: two jobs of two obstacles (the second a Finale), three
// starting skills and a few upgrades.
const testCards = `
- {id: a1, name: A1, deck: obstacle, job: A, order: 1, target: 2, payout: 3, icons: [paw]}
- {id: a2, name: A2, deck: obstacle, job: A, order: 2, target: 5, payout: 4, finale: true, icons: [leg]}
- {id: b1, name: B1, deck: obstacle, job: B, order: 1, target: 1, payout: 2, icons: [mouth]}
- {id: b2, name: B2, deck: obstacle, job: B, order: 2, target: 6, payout: 5, finale: true}
- {id: flip, name: Flip, deck: starting, count: 6, effects: [{flip: 1}]}
- {id: plus, name: Plus, deck: starting, count: 6, effects: [{add: 1}]}
- {id: more, name: More, deck: starting, count: 6, effects: [{draw: 1}]}
- {id: paws, name: Paws, deck: upgrade, count: 3, effects: [{add: 2, if_icon: paw}]}
- {id: legs, name: Legs, deck: upgrade, count: 3, effects: [{add: 2, if_icon: leg}]}
- {id: rummage, name: Rummage, deck: upgrade, count: 3, effects: [{draw: 1}]}
- {id: reminder, name: Reminder, deck: reminder, count: 4}
`

// fixture builds a game from YAML snippets (see fixtureData), so rule
// tests need neither files nor the loader.
func fixture(t testing.TB, cards string, overrides map[string]string) *Game {
	t.Helper()
	return enginetest.MustBuild(t, Build, fixtureData(t, cards, overrides))
}

// fixtureData is the game data of a fixture, not yet built: cards is a
// YAML list of card mappings, and overrides replace baseParams by name.
var fixtureData = gamedatatest.Fixture{
	ID:       "mice-test",
	Players:  gamedata.Range{Min: 2, Max: 6},
	Keywords: []string{"paw", "leg", "mouth"},
	Params:   baseParams,
}.Data

// started plays the chance moves of set-up: seat 0 starts, the market is
// dealt, and the state waits for seat 0 to select an obstacle.
func started(t testing.TB, g *Game, players int) *state {
	t.Helper()
	s := g.NewState(players, engine.StateOptions{}).(*state)
	engine.Apply(s, 0)
	r := engine.NewRand(1)
	for s.ph == phDeal {
		outs := s.ChanceOutcomes(nil)
		engine.Apply(s, outs[r.Intn(len(outs))].Action)
	}
	if s.ph != phSelect || s.tester != 0 {
		t.Fatalf("set-up ends in phase %d, tester %d", s.ph, s.tester)
	}
	return s
}

// cardIndex finds a card by id.
func (g *Game) cardIndex(t testing.TB, id string) int {
	t.Helper()
	return enginetest.CardIndex(t, g.cards, id, func(c card) string { return c.id })
}

// chipOf finds a chip in the bag with these sides.
func chipOf(t testing.TB, s *state, lo, hi int) int {
	t.Helper()
	for i := 0; i < s.chips.Len(); i++ {
		a, b := s.chips.Sides(i)
		if a == lo && b == hi && s.chips.Where(i) == chipInBag {
			return i
		}
	}
	t.Fatalf("no %d/%d chip in the bag", lo, hi)
	return -1
}

// drawChip plays the chance moves of one chip draw.
func drawChip(t testing.TB, s *state, chip, side int) {
	t.Helper()
	if s.ph != phDrawChip {
		t.Fatalf("not drawing a chip: phase %d", s.ph)
	}
	engine.Apply(s, engine.Action(chip))
	engine.Apply(s, engine.Action(side))
}

func bets(s *state, b ...int) []engine.Action {
	out := make([]engine.Action, s.N)
	for i := range out {
		out[i] = engine.NoAction
	}
	for i, v := range b {
		if i != s.tester {
			out[i] = engine.Action(v)
		}
	}
	return out
}
