package mice

import (
	"fmt"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// TestScreenMatchesPlainCheck breaks states of real games in every way
// the invariants cover and wants CheckInvariants (the screen) to say
// exactly what invariantError (the plain check) says, nothing included.
func TestScreenMatchesPlainCheck(t *testing.T) {
	g := shipped(t)
	breaks := []struct {
		name string
		do   func(s *state, r *engine.Rand)
	}{
		{"stash +1", func(s *state, r *engine.Rand) { s.stash[r.Intn(s.N)]++ }},
		{"stash -1", func(s *state, r *engine.Rand) { s.stash[r.Intn(s.N)]-- }},
		{"negative stash, cheese kept", func(s *state, r *engine.Rand) {
			p := r.Intn(s.N)
			s.supply += s.stash[p] + 1
			s.stash[p] = -1
		}},
		{"supply -1", func(s *state, r *engine.Rand) { s.supply-- }},
		{"negative supply", func(s *state, r *engine.Rand) { s.stash[0] += s.supply + 1; s.supply = -1 }},
		{"extra +1", func(s *state, r *engine.Rand) { s.extra++ }},
		{"cover flipped", func(s *state, r *engine.Rand) {
			p := r.Intn(s.N)
			if s.nskill[p] > 0 {
				i := r.Intn(s.nskill[p])
				s.covered[p][i] ^= 1
			}
		}},
		{"cover past the skills", func(s *state, r *engine.Rand) {
			p := r.Intn(s.N)
			if s.nskill[p] < maxSkills {
				s.covered[p][s.nskill[p]] = 1
				s.stash[p]-- // moved onto a slot nobody counts: lost
			}
		}},
		{"skill past the limit", func(s *state, r *engine.Rand) { s.nskill[r.Intn(s.N)] = s.g.params.SkillLimit + 1 }},
		{"bet +1", func(s *state, r *engine.Rand) { s.bets[r.Intn(s.N)]++ }},
		{"bet from stash", func(s *state, r *engine.Rand) { p := r.Intn(s.N); s.bets[p]++; s.stash[p]-- }},
		{"cheese on a job +1", func(s *state, r *engine.Rand) { s.cheese[r.Intn(len(s.g.jobs))]++ }},
		{"cheese into an unused job", func(s *state, r *engine.Rand) {
			if len(s.g.jobs) < maxJobs {
				s.cheese[maxJobs-1]++
				s.supply--
			}
		}},
		{"cheese in a seat past N", func(s *state, r *engine.Rand) {
			if s.N < engine.MaxPlayers {
				s.stash[s.N]++
				s.supply--
			}
		}},
		{"marker misplaced", func(s *state, r *engine.Rand) {
			// What a bug in track.Increase could leave: a seat's position
			// pointing at a space it is not on; increase would have set
			// the track's moved bit.
			j := r.Intn(len(s.g.jobs))
			p := r.Intn(s.N)
			s.tracks[j].pos[p] = uint8(1 + r.Intn(s.tracks[j].Len()))
			s.moved |= 1 << j
		}},
	}
	r := engine.NewRand(11)
	var sc enginetest.Screen
	for players := 2; players <= 6; players++ {
		for game := range 30 {
			s := g.NewState(players, engine.StateOptions{}).(*state)
			var legal []engine.Action
			for !s.IsTerminal() {
				legal = randomMove(s, r, legal)
				if err := s.CheckInvariants(); err != nil {
					t.Fatalf("%dp game %d move %d: %v", players, game, s.Move, err)
				}
				if s.Move%7 != 0 {
					continue
				}
				for _, b := range breaks {
					c := *s
					b.do(&c, r)
					sc.Judge(t, b.name, c.CheckInvariants(), c.invariantError(), fmt.Sprintf("%dp game %d move %d", players, game, s.Move))
				}
			}
		}
	}
	var names []string
	for _, b := range breaks {
		names = append(names, b.name)
	}
	sc.Done(t, names, nil)
}
