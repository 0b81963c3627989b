package hmm

import (
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// TestJailCandidates: the seat needsJail finds is the one it finds among
// the seats settle would look at (jailCandidates), after every move
// (chance moves included) of many games at every player count, and in
// determinized clones.
func TestJailCandidates(t *testing.T) {
	g := shipped(t)
	checked := 0
	for players := 2; players <= 6; players++ {
		for game := 0; game < 300; game++ {
			r := engine.NewRand(uint64(game*7 + players))
			s := g.NewState(players, engine.StateOptions{}).(*state)
			var clone state
			var legal []engine.Action
			for !s.IsTerminal() {
				if p := s.CurrentPlayer(); p == engine.Chance {
					engine.Apply(s, s.SampleChance(r))
				} else {
					legal = s.LegalActions(p, legal[:0])
					engine.Apply(s, legal[r.Intn(len(legal))])
					s.CloneInto(&clone)
					clone.Determinize(p, r)
					if got, want := clone.jailSeat(clone.jailCandidates(clone.heatSeats())), clone.needsJail(); got != want {
						t.Fatalf("%d players, game %d, move %d: after Determinize, seat %d among the candidates, needsJail finds seat %d", players, game, s.Move, got+1, want+1)
					}
				}
				hot := s.heatSeats()
				if s.jailCandidates(hot) != hot {
					checked++
				}
				if got, want := s.jailSeat(s.jailCandidates(hot)), s.needsJail(); got != want {
					t.Fatalf("%d players, game %d, move %d: seat %d among the candidates, needsJail finds seat %d", players, game, s.Move, got+1, want+1)
				}
			}
		}
	}
	if checked < 10000 {
		t.Errorf("only %d states with seats left out", checked)
	}
}
