package masterminds

import (
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// BenchmarkScreen: the invariant screen alone, on states from a game.
func BenchmarkScreen(b *testing.B) {
	states := screenStates(b)
	b.ResetTimer()
	for i := 0; i < b.N; {
		for _, s := range states {
			s.invariantsHold()
			i++
		}
	}
}

func screenStates(b *testing.B) []*state {
	g := shipped(b, "")
	s := g.NewState(4, engine.StateOptions{}).(*state)
	r := engine.NewRand(3)
	var states []*state
	var legal []engine.Action
	for s.cur != engine.Terminal {
		if s.cur == engine.Chance {
			engine.Apply(s, s.SampleChance(r))
		} else {
			legal = s.LegalActions(s.cur, legal[:0])
			engine.Apply(s, legal[r.Intn(len(legal))])
		}
		if s.Move%16 == 0 && s.cur != engine.Terminal {
			states = append(states, s.CloneInto(nil).(*state))
		}
	}
	return states
}
