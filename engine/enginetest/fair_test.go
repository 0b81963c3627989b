package enginetest

import (
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// handGame is a small game with hidden hands for testing FairBots: ten
// cards worth 0-9 are dealt two to each seat by chance; in turn each seat
// plays a card from its hand for its value and draws a replacement while
// the deck lasts; the highest total wins. leak makes Determinize keep the
// truth; opaque leaves out the observation interfaces altogether. open
// shows every hand to every seat (the deck is then the only secret);
// stacked draws the deck in a fixed order nobody sees instead of at
// random; perfect declares PerfectInformation.
type handGame struct{ leak, opaque, open, stacked, perfect bool }

const handCards = 10

func (g *handGame) Info() engine.Info {
	info := engine.Info{ID: "hands", MinPlayers: 2, MaxPlayers: 3, MaxMoves: 100, Cards: handCards}
	if g.perfect {
		info.Information = engine.PerfectInformation
	}
	return info
}

func (g *handGame) NewState(players int, opts engine.StateOptions) engine.State {
	s := &handState{g: g, Base: engine.NewBase(players, opts)}
	for c := range handCards {
		s.deck = append(s.deck, c*7%handCards) // stacked: a fixed order, not the cards' own
	}
	if g.opaque {
		return &opaqueState{s}
	}
	return s
}

func (g *handGame) CardRules(int) []engine.RulesLine { return nil }

type handState struct {
	engine.Base
	g     *handGame
	deck  []int
	hands [3][]int
	score [3]int
	turn  int
	dealt int // cards dealt so far in the opening deal
	done  bool
}

// opaqueState hides handState's Observer and Determinizer.
type opaqueState struct{ engine.State }

func (s *handState) CurrentPlayer() engine.Player {
	switch {
	case s.done:
		return engine.Terminal
	case s.dealt < 2*s.N || len(s.hands[s.turn]) < 2 && len(s.deck) > 0:
		return engine.Chance
	}
	return engine.Player(s.turn)
}

func (s *handState) LegalActions(p engine.Player, buf []engine.Action) []engine.Action {
	if p != s.CurrentPlayer() || p < 0 {
		return buf
	}
	for _, c := range slices.Sorted(slices.Values(s.hands[p])) {
		if len(buf) == 0 || buf[len(buf)-1] != engine.Action(c) {
			buf = append(buf, engine.Action(c))
		}
	}
	return buf
}

func (s *handState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	if s.g.stacked {
		return append(buf, engine.Outcome{Action: engine.Action(s.deck[0]), Prob: 1})
	}
	for _, c := range slices.Sorted(slices.Values(s.deck)) {
		buf = append(buf, engine.Outcome{Action: engine.Action(c), Prob: 1 / float64(len(s.deck))})
	}
	return buf
}

func (s *handState) DoApply(a engine.Action) {
	c := int(a)
	if s.CurrentPlayer() == engine.Chance {
		seat := s.turn
		if s.dealt < 2*s.N {
			seat = s.dealt % s.N
			s.dealt++
		}
		s.deck = slices.DeleteFunc(s.deck, func(d int) bool { return d == c })
		s.hands[seat] = append(s.hands[seat], c)
		return
	}
	h := s.hands[s.turn]
	s.hands[s.turn] = slices.Delete(h, slices.Index(h, c), slices.Index(h, c)+1)
	s.score[s.turn] += c
	s.turn = (s.turn + 1) % s.N
	if len(s.deck) == 0 && len(s.hands[s.turn]) == 0 {
		s.done = true
		var w engine.Seats
		for p := range s.N {
			if s.score[p] == slices.Max(s.score[:s.N]) {
				w = w.With(p)
			}
		}
		s.ShareWin(w)
	}
}

func (s *handState) IsTerminal() bool { return s.done }

// CloneInto makes a new copy each time: the hands are slices, and this
// test state has no need to reuse them.
func (s *handState) CloneInto(engine.State) engine.State {
	c := *s
	c.Silence()
	c.deck = slices.Clone(s.deck)
	for p := range c.hands {
		c.hands[p] = slices.Clone(s.hands[p])
	}
	return &c
}

func (s *handState) ActionString(_ engine.Player, a engine.Action) string {
	return string(rune('0' + a))
}

// Evaluate counts the opponents' hands against the seat: a bot that saw
// the truth would choose by them.
func (s *handState) Evaluate(p engine.Player) float64 {
	v := float64(s.score[p])
	for q := range s.N {
		if q != int(p) {
			for _, c := range s.hands[q] {
				v -= float64(c) / 2
			}
		}
	}
	return v
}

func (s *handState) Observation(p engine.Player, buf []byte) []byte {
	buf = append(buf, byte(s.turn), byte(len(s.deck)), byte(s.dealt))
	for q := range s.N {
		buf = append(buf, byte(s.score[q]), byte(len(s.hands[q])))
	}
	for q := range s.N {
		if q == int(p) || s.g.open {
			for _, c := range slices.Sorted(slices.Values(s.hands[q])) {
				buf = append(buf, byte(c))
			}
		}
	}
	return buf
}

func (s *handState) Determinize(p engine.Player, r *engine.Rand) {
	if s.g.leak {
		return
	}
	pool := slices.Clone(s.deck)
	for q := range s.N {
		if q != int(p) && !s.g.open {
			pool = append(pool, s.hands[q]...)
		}
	}
	slices.Sort(pool)
	for i := len(pool) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		pool[i], pool[j] = pool[j], pool[i]
	}
	for q := range s.N {
		if q != int(p) && !s.g.open {
			k := len(s.hands[q])
			s.hands[q], pool = pool[:k:k], pool[k:]
		}
	}
	s.deck = pool
}

func TestFairBotsPassesAFairGame(t *testing.T) {
	for players := 2; players <= 3; players++ {
		FairBots(t, &handGame{}, players, 5, 1)
	}
}

func TestFairBotsCatchesADeterminisationThatKeepsTheTruth(t *testing.T) {
	msg := failure(t, func(tb testing.TB) { FairBots(tb, &handGame{leak: true}, 3, 5, 1) })
	if !strings.Contains(msg, "keeps some of the truth") && !strings.Contains(msg, "reads hidden cards") && !strings.Contains(msg, "never changed") {
		t.Errorf("a Determinize that does nothing passed FairBots: %q", msg)
	}
}

// A game whose only secret is a shuffled deck, every card drawn face up,
// has perfect information: declared so, it passes; declared otherwise,
// FairBots says nothing is hidden.
func TestFairBotsAndAShuffledPileAgree(t *testing.T) {
	for players := 2; players <= 3; players++ {
		FairBots(t, &handGame{open: true, perfect: true}, players, 5, 1)
	}
	msg := failure(t, func(tb testing.TB) { FairBots(tb, &handGame{open: true}, 2, 5, 1) })
	if !strings.Contains(msg, "declare PerfectInformation") {
		t.Errorf("a game with nothing hidden declared as hiding something passed FairBots: %q", msg)
	}
}

// A game that declares PerfectInformation while a seat sees a hand the
// others do not fails: the information model and what the states show
// must agree.
func TestFairBotsCatchesHiddenHandsDeclaredPerfect(t *testing.T) {
	msg := failure(t, func(tb testing.TB) { FairBots(tb, &handGame{perfect: true}, 2, 5, 1) })
	if !strings.Contains(msg, "Info declares PerfectInformation, but at move") {
		t.Errorf("hidden hands declared as perfect information passed FairBots: %q", msg)
	}
}

// A secret nobody sees (the order of a stacked deck) is hidden
// information all the same: the worlds differ in what play reveals, and
// bots must not read it.
func TestFairBotsSeesASecretNobodySees(t *testing.T) {
	for players := 2; players <= 3; players++ {
		FairBots(t, &handGame{open: true, stacked: true}, players, 5, 1)
	}
	msg := failure(t, func(tb testing.TB) { FairBots(tb, &handGame{open: true, stacked: true, leak: true}, 2, 5, 1) })
	if !strings.Contains(msg, "never changed") && !strings.Contains(msg, "reads hidden cards") {
		t.Errorf("a stacked deck whose Determinize keeps the order passed FairBots: %q", msg)
	}
}

func TestFairBotsNeedsTheObservationInterfaces(t *testing.T) {
	msg := failure(t, func(tb testing.TB) { FairBots(tb, &handGame{opaque: true}, 2, 1, 1) })
	if !strings.Contains(msg, "not an engine.Observer") {
		t.Errorf("a game with hidden hands and no Observer passed FairBots: %q", msg)
	}
}
