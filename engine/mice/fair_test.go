package mice

import (
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// Mice Heist declares PerfectInformation (RULES.md, Bots and balance): the
// only places no player looks into are the face-down upgrade deck and the
// bag, and what they hold can be counted from what is out. So the state
// must keep nothing else about them: no order of the deck, no side of a
// chip in the bag. Stored otherwise, they change neither a chance node's
// outcomes nor any bot's choice, all along games at every player count.
func TestFaceDownDeckAndBagHoldNothingHidden(t *testing.T) {
	g := shipped(t)
	for players := g.Info().MinPlayers; players <= g.Info().MaxPlayers; players++ {
		for game := range 3 {
			playRearranged(t, g, players, engine.GameSeed(1, game))
		}
	}
}

// playRearranged plays a random game, comparing each move with the same
// state stored otherwise.
func playRearranged(t *testing.T, g *Game, players int, seed uint64) {
	t.Helper()
	r := engine.NewRand(seed)
	s := g.NewState(players, engine.StateOptions{})
	for !s.IsTerminal() {
		other := engine.Clone(s).(*state)
		other.rearrangeFaceDown(r)
		if s.CurrentPlayer() == engine.Chance {
			outs := s.ChanceOutcomes(nil)
			if got := other.ChanceOutcomes(nil); !slices.Equal(got, outs) {
				t.Fatalf("%d players, move %d: chance outcomes %v depend on how the deck and bag are stored: %v", players, s.MoveNumber(), outs, got)
			}
			engine.Apply(s, engine.SampleOutcome(outs, r))
			continue
		}
		// Play on with the random bot's choices, checked like the others.
		joint := make([]engine.Action, players)
		for p := range joint {
			joint[p] = engine.NoAction
			if legal := s.LegalActions(engine.Player(p), nil); len(legal) > 0 {
				joint[p] = sameChoice(t, s, other, engine.Player(p), legal, r.Uint64())
			}
		}
		if cur := s.CurrentPlayer(); cur >= 0 {
			engine.Apply(s, joint[cur])
		} else {
			engine.ApplyJoint(s, joint)
		}
	}
}

// sameChoice fails t unless every bot, seeded alike, makes the same choice
// for p in both states; it returns the random bot's.
func sameChoice(t *testing.T, s, other engine.State, p engine.Player, legal []engine.Action, seed uint64) engine.Action {
	t.Helper()
	if got := other.LegalActions(p, nil); !slices.Equal(got, legal) {
		t.Fatalf("move %d: %v's legal actions %v depend on how the deck and bag are stored: %v", s.MoveNumber(), p, legal, got)
	}
	var random engine.Action
	// What the search may read does not depend on its budget, so a small
	// one keeps the check quick (the default 500 took 20 s); the guided
	// search (the skill ladder's) also reads the look-ahead's ratings and
	// the evaluation where it cuts a play-out.
	for _, kind := range append(slices.Clone(engine.BotKinds), "mcts:16:"+engine.GuidedKnobs) {
		if kind == "mcts" {
			kind = "mcts:16"
		}
		var choices [2]engine.Action
		for k, st := range []engine.State{s, other} {
			bot, _ := engine.NewBot(kind, seed)
			choices[k] = bot.Act(engine.Clone(st), p, legal)
		}
		if !slices.Contains(legal, choices[0]) {
			t.Fatalf("move %d: the %s bot of %v chooses %v, not one of its legal actions %v", s.MoveNumber(), kind, p, choices[0], legal)
		}
		if choices[0] != choices[1] {
			t.Fatalf("move %d: the %s bot of %v chooses %v, or %v with the deck and bag stored otherwise", s.MoveNumber(), kind, p, choices[0], choices[1])
		}
		if kind == "random" {
			random = choices[0]
		}
	}
	return random
}

// rearrangeFaceDown stores the upgrade deck in another order and turns the
// chips in the bag at random: what a player cannot see there.
func (s *state) rearrangeFaceDown(r *engine.Rand) {
	var cards []int
	for s.deck.Len() > 0 {
		cards = append(cards, s.deck.TakeAt(s.deck.SampleAt(r)))
	}
	for _, c := range cards {
		s.deck.Add(c)
	}
	for i := range s.chips.Len() {
		if s.chips.Where(i) == chipInBag && r.Intn(2) == 1 {
			s.chips.Flip(i)
		}
	}
}
