package heat

import (
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/gamedata/gamedatatest"
)

// baseParams are the shipped defaults; fixtures override single values.
const baseParams = `
starting_money: 0
heists: 3
stages: 4
draft_deal: 2
draft_rounds: 3
pass_directions: [left, right, left]
heat_board:
  - {value: -1, slots: 3}
  - {value: -2, slots: 3}
  - {value: -3, slots: 3}
  - {value: -4, slots: 3}
  - {value: -5, slots: 3}
empty_board_value: 0
out_of_heat_penalty: 3
phase_resolution: simultaneous
shortfall: debt
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
	ID:       "heat-test",
	Players:  gamedata.Range{Min: 3, Max: 5},
	Keywords: []string{"heist", "vault", "crew", "muscle", "intel", "cover"},
	Phases:   []string{"A", "B", "C"},
	Params:   baseParams,
}.Data

// newTestState makes a state at the start of stage 1 of heist 1 with empty
// hands, so a test can hand out exactly the cards it needs.
func newTestState(g *Game, players int) *state {
	s := g.NewState(players, engine.StateOptions{}).(*state)
	for p := 0; p < players; p++ {
		for s.hands[p].Len() > 0 {
			c := s.hands[p].At(0)
			s.hands[p].Remove(c)
			s.deck.Add(c)
		}
		s.draws[p] = 0
	}
	s.step, s.round, s.stage = stepChoose, g.params.DraftRounds, 0
	return s
}

// cardIndex finds a card by id.
func (g *Game) cardIndex(t testing.TB, id string) int {
	t.Helper()
	return enginetest.CardIndex(t, g.cards, id, func(c card) string { return c.id })
}

// reveal gives each seat the named card and plays the stage.
func reveal(t *testing.T, s *state, ids ...string) {
	t.Helper()
	actions := make([]engine.Action, s.N)
	for p := range actions {
		actions[p] = engine.NoAction
		if p < len(ids) && ids[p] != "" {
			c := s.g.cardIndex(t, ids[p])
			if !s.deck.Take(c) {
				t.Fatalf("no %s left in the deck", ids[p])
			}
			s.hands[p].Add(c)
			actions[p] = engine.Action(c)
		}
	}
	engine.ApplyJoint(s, actions)
	if err := s.CheckInvariants(); err != nil {
		t.Fatalf("invariant broken: %v", err)
	}
}
