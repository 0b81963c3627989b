package heat

import (
	"fmt"
	"math"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// TestInvariantScreen breaks states of real games in every way the
// invariants cover, under every shortfall rule, and wants CheckInvariants
// (the screen) to say exactly what invariantError (the plain check) says.
func TestInvariantScreen(t *testing.T) {
	// holds marks the breaks that keep every invariant (a card moved, not
	// lost; a huge but allowed sum; cards not counted once the game is
	// over): the screen must pass those too, or hand them to the plain
	// check, which passes them.
	holds := map[string]bool{"money huge": true, "card from deck to hand": true, "over with a card lost": true}
	breaks := []struct {
		name string
		do   func(s *state, r *engine.Rand)
	}{
		{"board +1", func(s *state, r *engine.Rand) { s.heat.Supply++ }},
		{"board -1", func(s *state, r *engine.Rand) { s.heat.Supply-- }},
		{"negative board, tokens kept", func(s *state, r *engine.Rand) {
			s.heat.Held[0] += s.heat.Supply + 1
			s.heat.Supply = -1
		}},
		{"tokens +1", func(s *state, r *engine.Rand) { s.heat.Held[r.Intn(s.N)]++ }},
		{"tokens -1", func(s *state, r *engine.Rand) { s.heat.Held[r.Intn(s.N)]-- }},
		{"negative tokens, tokens kept", func(s *state, r *engine.Rand) {
			p := r.Intn(s.N)
			s.heat.Supply += s.heat.Held[p] + 1
			s.heat.Held[p] = -1
		}},
		{"tokens to a seat past N", func(s *state, r *engine.Rand) {
			if s.N < engine.MaxPlayers && s.heat.Supply > 0 {
				s.heat.Held[s.N]++
				s.heat.Supply--
			}
		}},
		{"money -1", func(s *state, r *engine.Rand) { s.money[r.Intn(s.N)] = -1 }},
		{"money at the floor", func(s *state, r *engine.Rand) { s.money[r.Intn(s.N)] = minMoney }},
		{"money below the floor", func(s *state, r *engine.Rand) { s.money[r.Intn(s.N)] = minMoney - 1 }},
		{"money huge", func(s *state, r *engine.Rand) { s.money[r.Intn(s.N)] = math.MaxInt }},
		{"money least int", func(s *state, r *engine.Rand) { s.money[r.Intn(s.N)] = math.MinInt }},
		{"card into a hand", func(s *state, r *engine.Rand) { s.hands[r.Intn(s.N)].Add(r.Intn(len(s.g.cards))) }},
		{"card out of a hand", func(s *state, r *engine.Rand) {
			p := r.Intn(s.N)
			if s.hands[p].Len() > 0 {
				s.hands[p].Remove(s.hands[p].At(r.Intn(s.hands[p].Len())))
			}
		}},
		{"card from deck to hand", func(s *state, r *engine.Rand) {
			if s.deck.Len() > 0 {
				s.hands[r.Intn(s.N)].Add(s.deck.TakeAt(r.Intn(s.deck.Len())))
			}
		}},
		{"record +1", func(s *state, r *engine.Rand) { s.recLen[r.Intn(s.N)]++ }},
		{"record -1", func(s *state, r *engine.Rand) {
			if p := r.Intn(s.N); s.recLen[p] > 0 {
				s.recLen[p]--
			}
		}},
		{"card into the deck", func(s *state, r *engine.Rand) { s.deck.Add(r.Intn(len(s.g.cards))) }},
		{"record past N", func(s *state, r *engine.Rand) {
			if s.N < engine.MaxPlayers {
				s.recLen[s.N]++
				s.recLen[0]--
			}
		}},
		{"over with a card lost", func(s *state, r *engine.Rand) { s.step = stepOver; s.recLen[r.Intn(s.N)]++ }},
	}
	r := engine.NewRand(5)
	var sc enginetest.Screen
	for _, sf := range shortfalls {
		g := shippedWith(t, map[string]string{"shortfall": sf})
		for players := 3; players <= 5; players++ {
			for game := range 20 {
				s := g.NewState(players, engine.StateOptions{}).(*state)
				for !s.IsTerminal() {
					randomMove(s, r)
					if err := s.CheckInvariants(); err != nil {
						t.Fatalf("%s %dp game %d move %d: %v", sf, players, game, s.Move, err)
					}
					if s.Move%5 != 0 && !s.IsTerminal() {
						continue
					}
					for _, b := range breaks {
						c := *s
						b.do(&c, r)
						sc.Judge(t, b.name, c.CheckInvariants(), c.invariantError(), fmt.Sprintf("%s %dp game %d move %d", sf, players, game, s.Move))
					}
				}
			}
		}
	}
	var names []string
	for _, b := range breaks {
		names = append(names, b.name)
	}
	sc.Done(t, names, holds)
}
