package rules

import (
	"bytes"
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// drawWatch follows a Crazy Eights seat from a draw it took because it
// could not play: the cards it could have played then (worked out from
// the play option's legal cards, not from what the state learnt) and how
// many cards its hand has received since and still may hold.
type drawWatch struct {
	seat, hand int // the seat and its hand's zone instance
	playable   cardSet
	received   int
}

// track counts what the watched hand received in the move from before,
// less the cards it played face up that it could have played at the
// draw: those it had received since.
func (w *drawWatch) track(s *state, before []uint8) {
	now := s.zone(w.hand)
	if len(now) > len(before) {
		w.received += len(now) - len(before)
		return
	}
	for _, c := range before {
		if !slices.Contains(now, c) && w.playable.has(c) && slices.Contains(s.zone(s.g.zones[slicesIndexZone(s.g, "discard")].base), c) {
			w.received--
		}
	}
}

// playableFor is the cards seat q could play at s's decision if it held
// them: each card not in its hand swapped into it, on a clone, and q's
// legal plays listed.
func playableFor(s *state, q, hand int) cardSet {
	var out cardSet
	play := s.ch.opts[0] // play: a card of hand[turn]
	for c := range s.g.cards {
		k := -1
		c2 := s.CloneInto(nil).(*state)
		c2.instances(func(i int) {
			if j := bytes.IndexByte(c2.zone(i), uint8(c)); j >= 0 && i != hand && k < 0 {
				k = i*s.g.capacity + j
			}
		})
		if k < 0 || c2.zlen[hand] == 0 {
			continue // in the hand already, or nothing to swap it for
		}
		at := hand * s.g.capacity
		c2.zcards[at], c2.zcards[k] = c2.zcards[k], c2.zcards[at]
		for _, a := range c2.legal(c2.ch, q, nil) {
			if int(a) == play.base+c {
				out.add(uint8(c))
			}
		}
	}
	return out
}

// heldOf counts the cards of zone instance i in set.
func heldOf(s *state, i int, set cardSet) int {
	n := 0
	for _, c := range s.zone(i) {
		if set.has(c) {
			n++
		}
	}
	return n
}

// After a seat draws because it cannot play (no card of the suit to
// follow, no eight, none of the top card's rank), no determinisation by
// another seat gives it more of those cards than it has received since
// the draw and not played face up: with inference on. With it off, some determinisation does,
// so the check is not vacuous.
func TestDeterminizeKeepsWhatADrawTold(t *testing.T) {
	g := loadGame(t, "../../cards/crazy-eights")
	hand := g.zones[slicesIndexZone(g, "hand")]
	checked, brokenWithout := 0, 0
	for game := range 8 {
		s := g.NewState(4, engine.StateOptions{}).(*state)
		s.Infer(true)
		r := engine.NewRand(uint64(game) + 1)
		var w *drawWatch
		for !s.IsTerminal() {
			if q := s.CurrentPlayer(); q >= 0 {
				legal := s.LegalActions(q, nil)
				a := legal[r.Intn(len(legal))]
				if s.actionWord(s.ch, int(q), a) == "draw" {
					i := hand.base + int(q)
					w = &drawWatch{seat: int(q), hand: i, playable: playableFor(s, int(q), i)}
					if heldOf(s, i, w.playable) != 0 {
						t.Fatalf("game %d: seat %d draws holding a card it could play", game, q+1)
					}
				}
			}
			var before []uint8
			if w != nil {
				before = slices.Clone(s.zone(w.hand))
			}
			enginetest.RandomStep(s, r)
			if w == nil {
				continue
			}
			w.track(s, before)
			if w.received >= int(s.zlen[w.hand]) {
				w = nil // no card left that it surely held at the draw
				continue
			}
			p := engine.Player((w.seat + 1) % 4)
			for k := range 10 {
				seed := uint64(checked*10 + k)
				world := s.CloneInto(nil).(*state)
				world.Determinize(p, engine.NewRand(seed))
				if got := heldOf(world, w.hand, w.playable); got > w.received {
					t.Fatalf("game %d, move %d: seat %d was dealt %d cards it could have played when it drew, having received %d since",
						game, s.MoveNumber(), w.seat+1, got, w.received)
				}
				blind := s.CloneInto(nil).(*state)
				blind.inferring = false
				blind.Determinize(p, engine.NewRand(seed))
				if heldOf(blind, w.hand, w.playable) > w.received {
					brokenWithout++
				}
			}
			checked++
		}
	}
	if checked < 50 || brokenWithout == 0 {
		t.Fatalf("%d positions checked after a draw, %d determinisations without inference broke the draw's lesson: want many of both", checked, brokenWithout)
	}
}

func slicesIndexZone(g *Game, name string) int {
	for k, z := range g.zones {
		if z.name == name {
			return k
		}
	}
	panic("no zone " + name)
}

// Determinising with lessons is reproducible: one seed, one world; and
// what was learnt is in every seat's observation, unchanged by it.
func TestDeterminizeWithLessonsIsReproducible(t *testing.T) {
	g := loadGame(t, "../../cards/crazy-eights")
	s := g.NewState(4, engine.StateOptions{}).(*state)
	s.Infer(true)
	r := engine.NewRand(3)
	for s.MoveNumber() < 60 && !s.IsTerminal() {
		enginetest.RandomStep(s, r)
	}
	lessons := 0
	for _, l := range s.learnt {
		lessons += int(l.n)
	}
	if lessons == 0 {
		t.Fatal("60 random moves taught nothing: no seat drew")
	}
	a, b := s.CloneInto(nil).(*state), s.CloneInto(nil).(*state)
	a.Determinize(0, engine.NewRand(9))
	b.Determinize(0, engine.NewRand(9))
	for q := range engine.Player(4) {
		if x, y := a.Observation(q, nil), b.Observation(q, nil); !bytes.Equal(x, y) {
			t.Errorf("seat %d sees two worlds from one seed", q+1)
		}
	}
	if x, y := s.Observation(0, nil), a.Observation(0, nil); !bytes.Equal(x, y) {
		t.Errorf("determinising changed seat 1's observation")
	}
	s.learnt[2].n = 0 // a seat forgets a lesson: everyone sees it
	if x, y := s.Observation(1, nil), a.Observation(1, nil); bytes.Equal(x, y) {
		t.Errorf("the lessons are not in the observation")
	}
}

// Only a search bot turns inference on, and a search with it on
// allocates nothing per iteration once its storage has grown.
func TestInferenceCostsNothingPerIteration(t *testing.T) {
	g := loadGame(t, "../../cards/crazy-eights")
	s := g.NewState(4, engine.StateOptions{}).(*state)
	r := engine.NewRand(5)
	for s.MoveNumber() < 40 || s.CurrentPlayer() < 0 || len(s.LegalActions(s.CurrentPlayer(), nil)) < 2 {
		enginetest.RandomStep(s, r)
	}
	if len(s.learnt) != 0 {
		t.Fatalf("a state nobody asked to infer keeps lessons")
	}
	random, _ := engine.NewBot("random", 1)
	lookahead, _ := engine.NewBot("heuristic", 1)
	if engine.StartInferring(s, []engine.Bot{random, lookahead}) || s.inferring {
		t.Fatal("random and look-ahead bots turn inference on: smoke games would pay for it")
	}
	bot, _ := engine.NewBot("mcts:200:"+engine.GuidedKnobs, 1)
	if !engine.StartInferring(s, []engine.Bot{random, bot}) {
		t.Fatal("a search bot does not turn inference on")
	}
	p := s.CurrentPlayer()
	legal := s.LegalActions(p, nil)
	for range 3 {
		bot.Act(s, p, legal) // the tree's storage and the scratch states grow
	}
	if n := testing.AllocsPerRun(5, func() { bot.Act(s, p, legal) }); n != 0 {
		t.Errorf("%.1f allocations a decision of 200 iterations, want 0", n)
	}
}

// BenchmarkMCTSInferring: the search bot's iterations a second in Crazy
// Eights at move 60 of a random game at 4 players, with the lessons of
// its draws (on) and without (off): what dealing by them costs a
// play-out.
func BenchmarkMCTSInferring(b *testing.B) {
	g := loadGame(b, "../../cards/crazy-eights")
	for _, on := range []bool{false, true} {
		b.Run(map[bool]string{false: "off", true: "on"}[on], func(b *testing.B) {
			s := g.NewState(4, engine.StateOptions{}).(*state)
			s.Infer(on)
			r := engine.NewRand(5)
			for s.MoveNumber() < 60 || s.CurrentPlayer() < 0 || len(s.LegalActions(s.CurrentPlayer(), nil)) < 2 {
				enginetest.RandomStep(s, r)
			}
			const batch = 100
			bot := engine.NewMCTSBot(1, batch)
			p := s.CurrentPlayer()
			legal := s.LegalActions(p, nil)
			bot.Act(s, p, legal)
			b.ResetTimer()
			for range b.N {
				bot.Act(s, p, legal)
			}
			b.ReportMetric(float64(b.N*batch)/b.Elapsed().Seconds(), "iterations/s")
		})
	}
}

// inferRules: a seat may pass_red only without a red card (anti-monotone:
// it teaches "no red card"), pass_big only with more than two cards (it
// fails with the hand empty: it teaches nothing), go always.
const inferRules = `
zones:
  deck: {owner: table, visibility: hidden, start: true}
  hand: {owner: player, visibility: owner}
values:
  turn: {type: seat, start: "seat(1)"}
play:
  - deal: {from: deck, to: hand, count: 3}
  - choose:
      id: act
      player: turn
      options:
        - action: pass_red
          if: "not any(hand[turn], card.color == 'red')"
        - action: pass_big
          if: "count(hand[turn]) > 2"
        - action: go
  - choose: {id: stop, player: turn, options: [{action: done}]}
winners:
  - highest: "count(hand[seat])"
`

// What a move teaches follows from its option's condition: a seat that
// may pass only without a red card held no red card; a condition that
// fails with the hand empty teaches nothing; nor does an option without
// one.
func TestLessonsFollowTheCondition(t *testing.T) {
	g, _ := snippetGame(t, inferRules, anyTest)
	hand := g.zones[slicesIndexZone(g, "hand")].base
	var red cardSet
	for c, info := range g.cards {
		if info.id == "minus-two" || info.id == "one" || info.id == "three" {
			red.add(uint8(c))
		}
	}
	for _, tc := range []struct {
		action string
		want   cardSet // the lesson, or none when empty
	}{{"pass_red", red}, {"pass_big", cardSet{}}, {"go", cardSet{}}} {
		found := false
		for seed := uint64(1); seed < 200 && !found; seed++ {
			s := g.NewState(2, engine.StateOptions{}).(*state)
			s.Infer(true)
			r := engine.NewRand(seed)
			for s.CurrentPlayer() == engine.Chance {
				enginetest.RandomStep(s, r)
			}
			for _, a := range s.LegalActions(0, nil) {
				if s.actionWord(s.ch, 0, a) != tc.action {
					continue
				}
				engine.Apply(s, a)
				found = true
				l := s.learnt[hand]
				switch {
				case tc.want.empty() && l.n != 0:
					t.Errorf("%s taught %v, want nothing", tc.action, l.list[0].not)
				case !tc.want.empty() && (l.n != 1 || l.list[0].not != tc.want || l.list[0].since != 0):
					t.Errorf("%s taught %+v, want the red cards %v", tc.action, l, tc.want)
				}
			}
		}
		if !found {
			t.Errorf("%s was never legal in 200 deals", tc.action)
		}
	}
}

// Learning changes nothing in the game: the same moves from the same
// deal give the same cards everywhere, the same values and the same end.
func TestInferenceLeavesTheGameAlone(t *testing.T) {
	g := loadGame(t, "../../cards/crazy-eights")
	for seed := range uint64(5) {
		on, off := g.NewState(4, engine.StateOptions{}).(*state), g.NewState(4, engine.StateOptions{}).(*state)
		on.Infer(true)
		ra, rb := engine.NewRand(seed), engine.NewRand(seed)
		for !on.IsTerminal() && !off.IsTerminal() {
			enginetest.RandomStep(on, ra)
			enginetest.RandomStep(off, rb)
		}
		if !slices.Equal(on.zcards, off.zcards) || !slices.Equal(on.vars, off.vars) || on.MoveNumber() != off.MoveNumber() ||
			!slices.Equal(on.Returns(nil), off.Returns(nil)) || on.gameSteps != off.gameSteps {
			t.Fatalf("seed %d: the game with inference on played otherwise", seed)
		}
	}
}
