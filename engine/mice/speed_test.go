package mice

import (
	"fmt"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// BenchmarkReportWork is a small slice of what cardpress report plays:
// random games with checks and a heuristic seat rotation at every count.
func BenchmarkReportWork(b *testing.B) {
	g := shipped(b)
	for range b.N {
		for n := 2; n <= 6; n++ {
			engine.Run(g, engine.RunConfig{Players: n, Games: 50, Seed: 1, Workers: 1, CheckInvariants: true})
			for k := range n {
				lineup := make([]string, n)
				for i := range lineup {
					lineup[i] = "random"
				}
				lineup[k] = "heuristic"
				engine.Run(g, engine.RunConfig{Players: n, Games: 10, Seed: 2, Workers: 1, Bots: lineup})
			}
		}
	}
}

// TestPlayFingerprint: a speed-up must play the very same games, so the
// hash must not change (it was taken before any). Issue 30 added the
// starting skills to the log (setup events), so the logged part moved
// (25100acbb7541928 → 4b4577d06f6ec32c); the runs without a log hash the
// same before and after (Fingerprint(g, 0, 100) = 5d2572d19d277957).
func TestPlayFingerprint(t *testing.T) {
	enginetest.SameGames(t, shipped(t), 40, 100, "4b4577d06f6ec32c")
}

// BenchmarkLintParts splits lint's overhead over the bare engine: the
// invariant check alone (no tally) and the tally alone (no check).
func BenchmarkLintParts(b *testing.B) {
	g := shipped(b)
	for _, n := range []int{2, 4, 6} {
		b.Run(fmt.Sprintf("%dp/check", n), func(b *testing.B) {
			b.ReportAllocs()
			var t engine.Table
			moves := 0
			for i := range b.N {
				moves += t.Play(g, n, engine.GameSeed(1, i), engine.PlayOptions{CheckInvariants: true}).Moves
			}
			b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(moves), "ns/move")
		})
		b.Run(fmt.Sprintf("%dp/tally", n), func(b *testing.B) {
			b.ReportAllocs()
			sum := engine.Run(g, engine.RunConfig{Players: n, Games: b.N, Seed: 1, Workers: 1})
			b.ReportMetric(b.Elapsed().Seconds()*1e9/float64(sum.MovesSum), "ns/move")
		})
	}
}

// BenchmarkCheckInvariants times the check alone on a state mid-game.
func BenchmarkCheckInvariants(b *testing.B) {
	g := shipped(b)
	s := g.NewState(4, engine.StateOptions{}).(*state)
	r := engine.NewRand(5)
	var legal []engine.Action
	for s.Move < 60 {
		legal = randomMove(s, r, legal)
	}
	for b.Loop() {
		if err := s.CheckInvariants(); err != nil {
			b.Fatal(err)
		}
	}
}

// randomMove plays one move of s with random choices from r (legal is a
// buffer), chance as ChanceOutcomes gives it.
func randomMove(s *state, r *engine.Rand, legal []engine.Action) []engine.Action {
	switch cur := s.CurrentPlayer(); cur {
	case engine.Chance:
		engine.Apply(s, engine.SampleOutcome(s.ChanceOutcomes(nil), r))
	case engine.Simultaneous:
		joint := make([]engine.Action, s.N)
		for p := range joint {
			legal = s.LegalActions(engine.Player(p), legal[:0])
			joint[p] = engine.NoAction
			if len(legal) > 0 {
				joint[p] = legal[r.Intn(len(legal))]
			}
		}
		engine.ApplyJoint(s, joint)
	default:
		legal = s.LegalActions(cur, legal[:0])
		engine.Apply(s, legal[r.Intn(len(legal))])
	}
	return legal
}
