package hmm

import (
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// TestInvariantScreen: CheckInvariants' quick screen must fail on every
// state the full check fails on (or it would hide a broken invariant), and
// CheckInvariants must say what the full check says. Random games are
// played; after every move the state, and copies of it broken in each way
// the full check looks at, go through both.
func TestInvariantScreen(t *testing.T) {
	type breaker = func(s *state, q, h int)
	// gearOn is the first member of seat q's crew with Gear, or -1.
	gearOn := func(s *state, q int) int {
		for m := 0; m < s.ncrew[q]; m++ {
			if s.crew[q][m].gear >= 0 {
				return m
			}
		}
		return -1
	}
	breaks := []struct {
		name string
		f    breaker
	}{
		{"heat", func(s *state, q, h int) { s.heat[q] = -1 - h%3 }},
		{"heat very negative", func(s *state, q, h int) { s.heat[q] = -1 << 40 }},
		{"crew over the limit", func(s *state, q, h int) { s.ncrew[q] = s.g.params.CrewLimit + 1 + h%2 }},
		// Hired from the hand past the limit, with Gear when the hand
		// has a card more: every card still counted.
		{"crew over the limit, cards conserved", func(s *state, q, h int) {
			for s.ncrew[q] > 0 && s.ncrew[q] <= s.g.params.CrewLimit && s.ncrew[q] < maxCrew && s.hand[q].Len() > 0 {
				c := s.hand[q].At(h % s.hand[q].Len())
				s.hand[q].Remove(c)
				mb := member{card: int16(c), gear: -1}
				if s.hand[q].Len() > 0 && h%2 == 0 {
					mb.gear = int16(s.hand[q].At(0))
					s.hand[q].Remove(int(mb.gear))
				}
				s.crew[q][s.ncrew[q]] = mb
				s.ncrew[q]++
			}
		}},
		{"crew past maxCrew", func(s *state, q, h int) { s.ncrew[q] = maxCrew + 1 }},
		{"crew huge", func(s *state, q, h int) { s.ncrew[q] = 1 << 40 }},
		{"member lost", func(s *state, q, h int) { s.ncrew[q]-- }},
		{"member from nowhere", func(s *state, q, h int) { s.ncrew[q]++ }},
		{"no crew", func(s *state, q, h int) { s.ncrew[q] = 0 }},
		// The crew gone but its Resource cards and Gear found again, and
		// one more: only one card too many and the Mastermind lost.
		{"crew gone, its cards and one more to the deck", func(s *state, q, h int) {
			if n := s.ncrew[q]; n > 0 {
				for k := 0; k < n+s.gearsCarried(q, n); k++ {
					s.deck.Add(s.g.resources[0])
				}
				s.ncrew[q] = 0
			}
		}},
		{"crew negative", func(s *state, q, h int) { s.ncrew[q] = -1 - h%3 }},
		{"gear", func(s *state, q, h int) {
			if s.ncrew[q] > 0 {
				mb := &s.crew[q][h%s.ncrew[q]]
				if mb.gear < 0 {
					mb.gear = int16(s.g.resources[0])
				} else {
					mb.gear = -1
				}
			}
		}},
		{"gear large", func(s *state, q, h int) {
			if s.ncrew[q] > 0 {
				s.crew[q][h%s.ncrew[q]].gear = 0x7fff
			}
		}},
		{"gear on every member", func(s *state, q, h int) {
			for m := 0; m < s.ncrew[q]; m++ {
				s.crew[q][m].gear = int16(s.g.resources[h%len(s.g.resources)])
			}
		}},
		// The screen reads the crew's slots a word at a time: a Gear moved
		// past the crew (a slot the full check does not count) must not
		// pass for one still carried.
		{"gear past the crew", func(s *state, q, h int) {
			if m, n := gearOn(s, q), s.ncrew[q]; m >= 0 && n >= 0 && n < maxCrew {
				k := n + h%(maxCrew-n)
				s.crew[q][m].gear, s.crew[q][k].gear = -1, s.crew[q][m].gear
			}
		}},
		{"member with Gear past the crew", func(s *state, q, h int) {
			if n := s.ncrew[q]; n > 1 {
				s.crew[q][n-1].gear = int16(s.g.resources[0])
				s.ncrew[q]--
			}
		}},
		{"hand", func(s *state, q, h int) { s.hand[q].Add(s.g.resources[h%len(s.g.resources)]) }},
		{"hand lost", func(s *state, q, h int) {
			if s.hand[q].Len() > 0 {
				s.hand[q].Remove(s.hand[q].At(h % s.hand[q].Len()))
			}
		}},
		{"hand past the seats", func(s *state, q, h int) {
			if s.hand[q].Len() > 0 && s.N < engine.MaxPlayers {
				c := s.hand[q].At(h % s.hand[q].Len())
				s.hand[q].Remove(c)
				s.hand[s.N+h%(engine.MaxPlayers-s.N)].Add(c)
			}
		}},
		{"crew past the seats", func(s *state, q, h int) {
			if s.N < engine.MaxPlayers && s.ncrew[q] > 1 {
				s.ncrew[q]--
				o := s.N + h%(engine.MaxPlayers-s.N)
				s.crew[o][0] = s.crew[q][s.ncrew[q]]
				s.ncrew[o] = 1
			}
		}},
		{"deck", func(s *state, q, h int) { s.deck.Add(s.g.resources[0]) }},
		{"deck lost", func(s *state, q, h int) {
			if s.deck.Len() > 0 {
				s.deck.TakeAt(h % s.deck.Len())
			}
		}},
		{"discard", func(s *state, q, h int) { s.ndiscard++ }},
		{"discard lost", func(s *state, q, h int) { s.ndiscard-- }},
		{"card moved to a Gear", func(s *state, q, h int) {
			// Conserved: the full check passes, and CheckInvariants must too.
			if m := gearOn(s, q); m < 0 && s.ncrew[q] > 0 && s.hand[q].Len() > 0 {
				c := s.hand[q].At(0)
				s.hand[q].Remove(c)
				s.crew[q][h%s.ncrew[q]].gear = int16(c)
			}
		}},
		{"masterminds", func(s *state, q, h int) { s.mmDeck.Add(s.g.masterminds[0]) }},
		{"mastermind lost", func(s *state, q, h int) {
			if s.mmDeck.Len() > 0 {
				s.mmDeck.TakeAt(0)
			}
		}},
		{"job deck", func(s *state, q, h int) { s.jobDeck.Add(s.g.jobs[0]) }},
		{"job pile", func(s *state, q, h int) { s.jobPile.Add(s.g.jobs[0]) }},
		{"collected", func(s *state, q, h int) { s.collected += 1 - 2*(h%2) }},
		{"job", func(s *state, q, h int) {
			js := &s.jobs[h%s.njobs]
			js.card = -1 - js.card
		}},
		{"job far gone", func(s *state, q, h int) { s.jobs[h%s.njobs].card = -0x8000 }},
		// Job and complications gone, the job to the pile: only the
		// complications are short.
		{"job emptied to the pile", func(s *state, q, h int) {
			js := &s.jobs[h%s.njobs]
			if js.card >= 0 && js.nc > 0 {
				s.jobPile.Add(int(js.card))
				js.card = -1
			}
		}},
		{"complication", func(s *state, q, h int) { s.jobs[h%s.njobs].nc += int8(1 - 2*(h%2)) }},
		{"complications negative", func(s *state, q, h int) { s.jobs[h%s.njobs].nc = -1 }},
		{"complication deck", func(s *state, q, h int) { s.compDeck.Add(s.g.comps[0]) }},
		{"complication pile", func(s *state, q, h int) { s.compPile.Add(s.g.comps[0]) }},
		{"complication lost", func(s *state, q, h int) {
			if s.compDeck.Len() > 0 {
				s.compDeck.TakeAt(0)
			}
		}},
	}
	caught := make([]int, len(breaks))
	big := map[string]string{"crew_limit": "6"}
	for _, variant := range []map[string]string{nil, big} {
		d := shippedData(t)
		setParams(t, d, variant)
		g, fs := Build(d)
		if g == nil {
			t.Fatal(fs)
		}
		large := false // a crew of five or more met (the screen's third word)
		for players := 2; players <= 6; players++ {
			for game := 0; game < 3; game++ {
				r := engine.NewRand(uint64(100*players + game))
				bot, _ := engine.NewBot("random", uint64(game))
				s := g.NewState(players, engine.StateOptions{}).(*state)
				for n := 0; !s.IsTerminal() && n < 5000; n++ {
					if p := s.CurrentPlayer(); p == engine.Chance {
						engine.Apply(s, s.SampleChance(r))
					} else {
						engine.Apply(s, bot.Act(s, p, s.LegalActions(p, nil)))
					}
					if err := s.invariantError(); err != nil {
						t.Fatalf("%dp move %d: %v", players, s.Move, err)
					}
					if s.CheckInvariants() != nil {
						t.Fatalf("%dp move %d: CheckInvariants fails a sound state", players, s.Move)
					}
					for q := 0; q < players; q++ {
						large = large || s.ncrew[q] > 4
					}
					for i, b := range breaks {
						c := *s
						b.f(&c, r.Intn(players), r.Intn(1000))
						err := c.invariantError()
						if err != nil {
							caught[i]++
						}
						if err != nil && c.invariantsHold() {
							t.Fatalf("%dp move %d, %s: the screen passes a state the full check fails: %v", players, s.Move, b.name, err)
						}
						if got := c.CheckInvariants(); (got == nil) != (err == nil) || got != nil && got.Error() != err.Error() {
							t.Fatalf("%dp move %d, %s: CheckInvariants says %v, the full check %v", players, s.Move, b.name, got, err)
						}
					}
				}
			}
		}
		if variant != nil && !large {
			t.Errorf("%v: no crew of five or more met", variant)
		}
	}
	for i, b := range breaks {
		if caught[i] == 0 && b.name != "card moved to a Gear" {
			t.Errorf("%s: the full check never failed; the test does not exercise it", b.name)
		}
	}
}
