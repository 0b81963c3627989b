package rules

import (
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

var _ engine.RandomPlayer = (*state)(nil)

// generic is a rules state seen through the interfaces the search uses,
// without PlayRandomly: its clones are generic too.
type generic struct{ engine.State }

func (g *generic) CloneInto(dst engine.State) engine.State {
	var inner engine.State
	if d, ok := dst.(*generic); ok {
		inner = d.State
	}
	return &generic{g.State.CloneInto(inner)}
}

func (g *generic) SampleChance(r *engine.Rand) engine.Action {
	return g.State.(engine.ChanceSampler).SampleChance(r)
}

func (g *generic) Determinize(p engine.Player, r *engine.Rand) {
	g.State.(engine.Determinizer).Determinize(p, r)
}

func (g *generic) DoApplyJoint(actions []engine.Action) {
	g.State.(engine.JointApplier).DoApplyJoint(actions)
}

// The search plays the same games of Crazy Eights and of Hearts (whose
// pass is a secret choice of every seat, which PlayRandomly leaves to the
// search) whether its play-outs run in the state's loop or through the
// generic calls, seed for seed.
func TestMCTSPlaysTheSameThroughPlayRandomly(t *testing.T) {
	for _, game := range []string{"crazy-eights", "hearts"} {
		g := loadGame(t, "../../cards/"+game)
		play := func(wrap bool) (moves []engine.Action) {
			var s engine.State = g.NewState(4, engine.StateOptions{})
			if wrap {
				s = &generic{s}
			}
			bots := make([]*engine.MCTSBot, 4)
			for p := range bots {
				bots[p] = engine.NewMCTSBot(uint64(p+1), 8)
			}
			r := engine.NewRand(5)
			for !s.IsTerminal() && len(moves) < 200 {
				switch q := s.CurrentPlayer(); q {
				case engine.Chance:
					engine.Apply(s, s.(engine.ChanceSampler).SampleChance(r))
				case engine.Simultaneous:
					joint := make([]engine.Action, 4)
					for p := range joint {
						joint[p] = bots[p].Act(s, engine.Player(p), s.LegalActions(engine.Player(p), nil))
					}
					moves = append(moves, joint...)
					engine.ApplyJoint(s, joint)
				default:
					a := bots[q].Act(s, q, s.LegalActions(q, nil))
					moves = append(moves, a)
					engine.Apply(s, a)
				}
			}
			return moves
		}
		fast, slow := play(false), play(true)
		if len(fast) < 100 {
			t.Fatalf("%s: only %d moves played", game, len(fast))
		}
		if !slices.Equal(fast, slow) {
			t.Errorf("%s: the searches differ:\n%v\n%v", game, fast, slow)
		}
	}
}
