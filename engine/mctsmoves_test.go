package engine_test

import (
	"fmt"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// bids is a game of many moves: each seat in turn picks one of width
// numbers, listed in a scrambled order, and scores it by a hash; after
// rounds picks each the higher score wins.
type bids struct{ width, rounds int }

func (g bids) Info() engine.Info {
	return engine.Info{ID: "bids", MinPlayers: 2, MaxPlayers: 2, MaxMoves: 2 * g.rounds, Cards: 1, Information: engine.PerfectInformation}
}
func (g bids) NewState(players int, opts engine.StateOptions) engine.State {
	return &bidsState{Base: engine.NewBase(players, opts), g: g}
}
func (g bids) CardRules(int) []engine.RulesLine { return nil }

type bidsState struct {
	engine.Base
	g     bids
	score [2]int
}

func (s *bidsState) CurrentPlayer() engine.Player {
	if s.IsTerminal() {
		return engine.Terminal
	}
	return engine.Player(s.Move % 2)
}
func (s *bidsState) LegalActions(p engine.Player, buf []engine.Action) []engine.Action {
	if p != s.CurrentPlayer() {
		return buf
	}
	for i := range s.g.width {
		buf = append(buf, engine.Action((i*37+s.Move*11)%s.g.width)) // 37 is prime to every width used
	}
	return buf
}
func (s *bidsState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome { return buf }
func (s *bidsState) DoApply(a engine.Action) {
	s.score[(s.Move-1)%2] += int(a) * 7919 % 101
	if s.IsTerminal() {
		winByScore(&s.Base, s.score)
	}
}
func (s *bidsState) IsTerminal() bool                        { return s.Move == 2*s.g.rounds }
func (s *bidsState) CloneInto(dst engine.State) engine.State { return engine.CloneState(s, dst) }
func (s *bidsState) ActionString(_ engine.Player, a engine.Action) string {
	return fmt.Sprintf("bid %d", a)
}

// The search matches a node's children to many legal moves through their
// sorted copy, and to few by a walk of the children a move: both ways make
// the same tree and the same choices, decision after decision, from the
// root's many moves down to nodes whose moves were listed in other orders.
func TestManyMovesSearchAsFew(t *testing.T) {
	play := func(manyMoves int) (out []string) {
		defer engine.SetManyMoves(manyMoves)()
		bot := engine.NewMCTSBot(7, 3000)
		s := bids{width: 60, rounds: 3}.NewState(2, engine.StateOptions{})
		for !s.IsTerminal() {
			p := s.CurrentPlayer()
			a := bot.Act(s, p, s.LegalActions(p, nil))
			out = append(out, fmt.Sprintf("%d:%d nodes", a, bot.TreeNodes()))
			engine.Apply(s, a)
		}
		return out
	}
	sorted, walked := play(1), play(1<<30)
	if fmt.Sprint(sorted) != fmt.Sprint(walked) {
		t.Errorf("sorted moves: %v\nwalked children: %v", sorted, walked)
	}
	if len(sorted) != 6 {
		t.Errorf("%d decisions, want 6", len(sorted))
	}
}

// BenchmarkManyMoves is one decision of mcts:5000 among 1,000 legal moves,
// the case the sorted moves are for (manyMoves).
func BenchmarkManyMoves(b *testing.B) {
	s := bids{width: 1000, rounds: 3}.NewState(2, engine.StateOptions{})
	legal := s.LegalActions(0, nil)
	bot := engine.NewMCTSBot(7, 5000)
	for b.Loop() {
		bot.Act(s, 0, legal)
	}
}
