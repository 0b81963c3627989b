package enginetest

import (
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// SearchPlaysOutAlike fails t unless MCTS bots play the same game of g,
// move for move, whether their play-outs run in the state's own loop
// (engine.RandomPlayer, which g's states must be) or through the generic
// calls (MCTSBot.PlayOutGenerically): the first decisions of a game at
// this player count, a few iterations each, chance drawn from one seed.
func SearchPlaysOutAlike(t testing.TB, g engine.Game, players, decisions int) {
	t.Helper()
	if _, ok := g.NewState(players, engine.StateOptions{}).(engine.RandomPlayer); !ok {
		t.Fatalf("%s's states do not play out on their own (engine.RandomPlayer)", g.Info().ID)
	}
	fast, slow := searchedGame(g, players, decisions, false), searchedGame(g, players, decisions, true)
	if len(fast) < decisions {
		t.Fatalf("only %d decisions played, want %d", len(fast), decisions)
	}
	if !slices.Equal(fast, slow) {
		t.Errorf("the searches differ:\nown loop %v\ngeneric  %v", fast, slow)
	}
}

// searchedGame is the seats' moves in a game of MCTS bots, up to that
// many decisions (a joint move is one per seat).
func searchedGame(g engine.Game, players, decisions int, generic bool) (moves []engine.Action) {
	s := g.NewState(players, engine.StateOptions{})
	bots := make([]engine.Bot, players)
	for p := range bots {
		b := engine.NewMCTSBot(uint64(p+1), 8)
		b.PlayOutGenerically = generic
		bots[p] = b
	}
	r := engine.NewRand(5)
	for !s.IsTerminal() && len(moves) < decisions {
		if s.CurrentPlayer() == engine.Chance {
			genericRandomMove(s, r)
			continue
		}
		moves = append(moves, BotsMove(s, bots)...)
	}
	return moves
}

// BotsMove plays the seats' move on s, not at a chance node: the one seat
// to move chooses with its bot, or at a simultaneous node every seat with
// a choice (NoAction for one without). It returns what was played.
func BotsMove(s engine.State, bots []engine.Bot) []engine.Action {
	q := s.CurrentPlayer()
	if q != engine.Simultaneous {
		a := bots[q].Act(s, q, s.LegalActions(q, nil))
		engine.Apply(s, a)
		return []engine.Action{a}
	}
	joint := make([]engine.Action, s.NumPlayers())
	for p := range joint {
		joint[p] = engine.NoAction
		if legal := s.LegalActions(engine.Player(p), nil); len(legal) > 0 {
			joint[p] = bots[p].Act(s, engine.Player(p), legal)
		}
	}
	engine.ApplyJoint(s, joint)
	return joint
}
