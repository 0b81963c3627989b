package engine_test

import (
	"fmt"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// nim is the subtraction game: seats take 1 to 3 stones in turn from one
// pile, and whoever takes the last wins. A pile of 4k is lost for the seat
// to move, so from any other pile the only winning move leaves a multiple
// of 4: a forced win a search must find.
type nim struct{ stones int }

func (g nim) Info() engine.Info {
	return engine.Info{ID: "nim", MinPlayers: 2, MaxPlayers: 2, MaxMoves: 100, Cards: 1, Information: engine.PerfectInformation}
}
func (g nim) NewState(players int, opts engine.StateOptions) engine.State {
	return &nimState{Base: engine.NewBase(players, opts), left: g.stones}
}
func (g nim) CardRules(int) []engine.RulesLine { return nil }

type nimState struct {
	engine.Base
	left, turn int
}

func (s *nimState) CurrentPlayer() engine.Player {
	if s.left == 0 {
		return engine.Terminal
	}
	return engine.Player(s.turn)
}
func (s *nimState) LegalActions(p engine.Player, buf []engine.Action) []engine.Action {
	for take := 1; take <= min(3, s.left) && p == s.CurrentPlayer(); take++ {
		buf = append(buf, engine.Action(take))
	}
	return buf
}
func (s *nimState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome { return buf }
func (s *nimState) DoApply(a engine.Action) {
	if s.left -= int(a); s.left == 0 {
		s.ShareWin(engine.Seats(0).With(s.turn))
		return
	}
	s.turn = 1 - s.turn
}
func (s *nimState) IsTerminal() bool                        { return s.left == 0 }
func (s *nimState) CloneInto(dst engine.State) engine.State { return engine.CloneState(s, dst) }
func (s *nimState) ActionString(_ engine.Player, a engine.Action) string {
	return fmt.Sprintf("take %d", a)
}

// The search finds the one winning move from every pile that has one.
func TestMCTSFindsTheForcedWin(t *testing.T) {
	for stones := 5; stones <= 15; stones++ {
		if stones%4 == 0 {
			continue
		}
		s := nim{stones}.NewState(2, engine.StateOptions{})
		bot := engine.NewMCTSBot(uint64(stones), 3000)
		legal := s.LegalActions(0, nil)
		if got, want := bot.Act(s, 0, legal), engine.Action(stones%4); got != want {
			t.Errorf("%d stones: takes %d, want %d (leaving a multiple of 4)", stones, got, want)
		}
	}
}

// With the same seed and budget the same game is played again exactly.
func TestMCTSIsReproducible(t *testing.T) {
	g := &enginetest.Toy{Goal: 12, Dominant: true}
	play := func(iters int) []engine.Action {
		var moves []engine.Action
		s := g.NewState(3, engine.StateOptions{})
		bots := []*engine.MCTSBot{engine.NewMCTSBot(1, iters), engine.NewMCTSBot(2, iters), engine.NewMCTSBot(3, iters)}
		r := engine.NewRand(9)
		for !s.IsTerminal() {
			switch s.CurrentPlayer() {
			case engine.Chance:
				engine.Apply(s, engine.SampleOutcome(s.ChanceOutcomes(nil), r))
			case engine.Simultaneous:
				var joint []engine.Action
				for p := range 3 {
					joint = append(joint, bots[p].Act(s, engine.Player(p), s.LegalActions(engine.Player(p), nil)))
				}
				moves = append(moves, joint...)
				engine.ApplyJoint(s, joint)
			}
		}
		return moves
	}
	a, b := play(64), play(64)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatalf("two runs with the same seeds differ:\n%v\n%v", a, b)
	}
	// In the dominant toy, adding one is always better: the search sees it.
	a = play(1000)
	adds := 0
	for _, m := range a {
		adds += int(m)
	}
	if adds < len(a)*9/10 {
		t.Errorf("the search added one in %d of %d choices, want nearly all", adds, len(a))
	}
}

// After the first decision has grown the tree's storage, a decision
// allocates nothing: no allocation per iteration.
func TestMCTSIterationsDoNotAllocate(t *testing.T) {
	s := nim{stones: 21}.NewState(2, engine.StateOptions{})
	bot := engine.NewMCTSBot(1, 500)
	legal := s.LegalActions(0, nil)
	bot.Act(s, 0, legal)
	if n := testing.AllocsPerRun(5, func() { bot.Act(s, 0, legal) }); n != 0 {
		t.Errorf("%.1f allocations a decision of 500 iterations, want 0", n)
	}
}

// It beats random play clearly where skill pays: the search wins most
// games of Nim from a pile it can win, against a random seat.
func TestMCTSBeatsRandomAtNim(t *testing.T) {
	wins := 0
	const games = 40
	for i := range games {
		s := nim{stones: 23}.NewState(2, engine.StateOptions{})
		search, random := engine.NewMCTSBot(uint64(i), 400), engine.NewRand(uint64(i))
		for !s.IsTerminal() {
			legal := s.LegalActions(s.CurrentPlayer(), nil)
			if s.CurrentPlayer() == 0 {
				engine.Apply(s, search.Act(s, 0, legal))
			} else {
				engine.Apply(s, legal[random.Intn(len(legal))])
			}
		}
		wins += int(s.Returns(nil)[0])
	}
	if wins < games*9/10 {
		t.Errorf("the search won %d of %d games from a winning pile, want at least 90%%", wins, games)
	}
}
