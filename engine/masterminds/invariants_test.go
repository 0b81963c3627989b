package masterminds

import (
	"testing"

	"cardpress/engine"
)

// TestInvariantScreen: CheckInvariants' quick screen must fail on every
// state the full check fails on (or it would hide a broken invariant).
// Random games are played; after every move the state, and copies of it
// broken in each way the full check looks at, go through both.
func TestInvariantScreen(t *testing.T) {
	breaks := []struct {
		name string
		f    func(s *state, q, h int)
	}{
		{"gem", func(s *state, q, h int) { s.seats[q].gems[h]++ }},
		{"gem lost", func(s *state, q, h int) { s.seats[q].gems[kindClear]-- }},
		{"bag", func(s *state, q, h int) { s.bag.Put(h, 1) }},
		{"hand", func(s *state, q, h int) { s.seats[q].hand.Add(s.g.preps[h%len(s.g.preps)]) }},
		{"prep deck", func(s *state, q, h int) { s.prepDeck.Add(s.g.preps[0]) }},
		{"prep discard", func(s *state, q, h int) { s.prepDiscard.Add(s.g.preps[0]) }},
		{"resolving", func(s *state, q, h int) { s.resolving-- }},
		{"gear", func(s *state, q, h int) {
			st := &s.seats[q]
			for r := 0; r < int(st.teamN); r++ {
				if st.gear[r] < 0 {
					st.gear[r] = int16(s.g.preps[0])
				} else {
					st.gear[r] = -1
				}
			}
		}},
		// The screen reads all of seat.gear's slots a word at a time: a
		// Gear moved past the team (a slot the full check does not count)
		// must not pass for one still held.
		{"gear past team", func(s *state, q, h int) {
			st := &s.seats[q]
			for r := 0; r < int(st.teamN); r++ {
				if st.gear[r] >= 0 {
					k := int(st.teamN) + h%(len(st.gear)-int(st.teamN))
					st.gear[r], st.gear[k] = -1, st.gear[r]
					return
				}
			}
		}},
		{"team", func(s *state, q, h int) { s.seats[q].teamN++ }},
		{"team over", func(s *state, q, h int) { s.seats[q].teamN = int8(s.g.params.TeamMax + 1) }},
		{"team negative", func(s *state, q, h int) { s.seats[q].teamN = -1 }},
		{"pool", func(s *state, q, h int) { s.poolN++ }},
		{"burn card", func(s *state, q, h int) {
			if s.burnCard < 0 {
				s.burnCard = int16(s.g.talents[0])
			} else {
				s.burnCard = -1
			}
		}},
		{"talent deck", func(s *state, q, h int) { s.talentDeck.Add(s.g.talents[0]) }},
		{"talent discard", func(s *state, q, h int) { s.talentDiscard.Add(s.g.talents[0]) }},
		{"heists kept", func(s *state, q, h int) { s.seats[q].heists++ }},
		{"heist deck", func(s *state, q, h int) { s.heistDeck.Add(s.g.heists[0]) }},
		{"heist queue", func(s *state, q, h int) { s.qLen++ }},
		{"heist A card", func(s *state, q, h int) { s.table[h%s.tableN].a = -1 }},
		{"heist B card", func(s *state, q, h int) { s.table[h%s.tableN].b = -1 - s.table[h%s.tableN].b }},
		{"failure deck", func(s *state, q, h int) { s.failDeck.Add(s.g.failures[0]) }},
		{"failure discard", func(s *state, q, h int) { s.failDiscard.Add(s.g.failures[0]) }},
		{"colour", func(s *state, q, h int) { s.seats[q].card = -1 - s.seats[q].card }},
		{"colour deck", func(s *state, q, h int) { s.colourDeck.Add(s.g.masterminds[0]) }},
		{"cash", func(s *state, q, h int) { s.seats[q].cash++ }},
		{"flipped", func(s *state, q, h int) { s.seats[q].flipped-- }},
		{"cash supply", func(s *state, q, h int) { s.cashSupply++ }},
		// The screen adds the seats' counters a byte each: values a byte
		// sum could carry or wrap must not pass for the right totals.
		{"cash large", func(s *state, q, h int) { s.seats[q].cash += 40; s.seats[(q+1)%s.N].flipped -= 39 }},
		{"cash negative", func(s *state, q, h int) { s.seats[q].cash -= 10; s.cashSupply += 9 }},
		{"heists wrap", func(s *state, q, h int) { s.seats[q].heists -= 100; s.seats[(q+1)%s.N].heists += 99 }},
		// The gems too, a byte a kind: 255 more of a kind someone holds
		// make that kind's byte sum carry into the next one's (so it shows
		// 255 fewer, the very total wanted).
		{"gems carry", func(s *state, q, h int) {
			for k := range nKinds {
				for o := 0; o < s.N && k%8 != 7; o++ {
					if s.seats[o].gems[k] > 0 {
						s.seats[q].gems[k] += 128
						s.seats[(q+1)%s.N].gems[k] += 127
						return
					}
				}
			}
		}},
		{"team large", func(s *state, q, h int) { s.seats[q].teamN = 40 }},
		{"markers large", func(s *state, q, h int) { s.seats[q].markers = 40 }},
		{"markers", func(s *state, q, h int) { s.seats[q].markers++ }},
		{"markers negative", func(s *state, q, h int) { s.seats[q].markers = -1 }},
		{"markers over", func(s *state, q, h int) { s.seats[q].markers = int8(s.g.params.MarkersPerPlayer + 1) }},
		{"marker placed", func(s *state, q, h int) { s.table[h%s.tableN].prog[q]++ }},
		{"marker moved", func(s *state, q, h int) {
			for k := 0; k < s.tableN; k++ {
				if s.table[k].prog[q] > 0 {
					s.table[k].prog[q]--
					s.table[(k+1)%s.tableN].prog[q]++
					return
				}
			}
		}},
		{"marker and die", func(s *state, q, h int) { s.table[h%s.tableN].prog[q]++; s.seats[q].markers++ }},
		{"full heist", func(s *state, q, h int) {
			sl := &s.table[h%s.tableN]
			s.seats[q].markers += int8(stepsPerHeist) - int8(sl.prog[q])
			sl.prog[q] = stepsPerHeist
		}},
		{"too many", func(s *state, q, h int) {
			sl := &s.table[h%s.tableN]
			s.seats[q].markers += int8(stepsPerHeist+1) - int8(sl.prog[q])
			sl.prog[q] = stepsPerHeist + 1
		}},
		{"completing", func(s *state, q, h int) { s.completing = h % s.tableN }},
		{"empty slot", func(s *state, q, h int) {
			sl := &s.table[h%s.tableN]
			if sl.prog[q] > 0 {
				sl.a, sl.b = -1, -1
			}
		}},
	}
	caught := make([]int, len(breaks))
	for _, variant := range []map[string]string{nil, draft, {"recall_markers": "true", "markers_per_player": "2"}} {
		g := fixture(t, variant)
		for players := 2; players <= 5; players++ {
			for game := 0; game < 2; game++ {
				s := g.NewState(players, engine.StateOptions{}).(*state)
				r := engine.NewRand(uint64(100*players + game))
				var legal []engine.Action
				for n := 0; s.cur != engine.Terminal && n < 2000; n++ {
					if s.cur == engine.Chance {
						s.Apply(s.SampleChance(r))
					} else {
						legal = s.LegalActions(s.cur, legal[:0])
						s.Apply(legal[r.Intn(len(legal))])
					}
					if err := s.invariantError(); err != nil {
						t.Fatalf("move %d: %v", s.Move, err)
					}
					for i, b := range breaks {
						c := s.CloneInto(nil).(*state)
						b.f(c, r.Intn(players), r.Intn(maxHeists))
						err := c.invariantError()
						if err != nil {
							caught[i]++
						}
						if err != nil && c.invariantsHold() {
							t.Fatalf("%dp move %d, %s: the screen passes a state the full check fails: %v", players, s.Move, b.name, err)
						}
						if (err == nil) != (c.CheckInvariants() == nil) {
							t.Fatalf("%dp move %d, %s: CheckInvariants and the full check differ", players, s.Move, b.name)
						}
					}
				}
			}
		}
	}
	for i, b := range breaks {
		if caught[i] == 0 {
			t.Errorf("%s: the full check never failed; the test does not exercise it", b.name)
		}
	}
}
