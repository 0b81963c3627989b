package engine_test

import (
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// baseState is the least a state embedding engine.Base writes: its rules
// (here: every move adds one to a total) and Clone/CloneInto.
type baseState struct {
	engine.Base
	total int
}

func (s *baseState) CurrentPlayer() engine.Player { return 0 }
func (s *baseState) LegalActions(p engine.Player, buf []engine.Action) []engine.Action {
	return append(buf, 0)
}
func (s *baseState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome { return buf }
func (s *baseState) DoApply(a engine.Action) {
	s.total++
	if s.Log != nil {
		s.Log(engine.Event{Move: s.Move, Kind: "add"})
	}
	s.Tally.Count(0, 1)
	if s.total == 3 {
		s.Cause = "three"
	}
}
func (s *baseState) DoApplyJoint([]engine.Action)                     {}
func (s *baseState) IsTerminal() bool                                 { return s.Cause != "" }
func (s *baseState) Returns(buf []float64) []float64                  { return buf }
func (s *baseState) ActionString(engine.Player, engine.Action) string { return "add" }
func (s *baseState) Reset(players int, opts engine.StateOptions) {
	*s = baseState{Base: engine.NewBase(players, opts)}
}
func (s *baseState) CloneInto(dst engine.State) engine.State {
	return engine.CloneState(s, dst)
}

func TestBaseLifecycle(t *testing.T) {
	var events int
	tally := engine.NewTally(engine.Info{Counters: []string{"adds"}})
	s := &baseState{Base: engine.NewBase(3, engine.StateOptions{Log: func(engine.Event) { events++ }, Tally: tally})}
	if s.NumPlayers() != 3 || s.MoveNumber() != 0 || s.EndCause() != "" {
		t.Fatalf("new: players %d move %d cause %q", s.NumPlayers(), s.MoveNumber(), s.EndCause())
	}
	engine.Apply(s, 0)
	engine.Apply(s, 0)

	c := engine.Clone(s).(*baseState)
	if c.Log != nil || c.Tally != nil {
		t.Errorf("a clone keeps its log or tally")
	}
	if s.Log == nil || s.Tally != tally {
		t.Errorf("cloning dropped the original's log or tally")
	}
	if c.NumPlayers() != 3 || c.MoveNumber() != 2 || c.total != 2 {
		t.Errorf("clone: players %d move %d total %d", c.NumPlayers(), c.MoveNumber(), c.total)
	}
	engine.Apply(c, 0) // reports nothing
	if events != 2 || tally.Counters[0] != 2 {
		t.Errorf("the clone reported: %d events, %d counted", events, tally.Counters[0])
	}
	if c.EndCause() != "three" || s.EndCause() != "" || s.MoveNumber() != 2 {
		t.Errorf("clone cause %q, original cause %q move %d", c.EndCause(), s.EndCause(), s.MoveNumber())
	}

	// CloneInto reuses a state from an earlier clone.
	if into := s.CloneInto(c); into != engine.State(c) || c.MoveNumber() != 2 || c.EndCause() != "" || c.Log != nil {
		t.Errorf("CloneInto a used clone: same %v, move %d cause %q", into == engine.State(c), c.MoveNumber(), c.EndCause())
	}
	var _ engine.Ender = s

	// Started resets a state for a new game: NewState in one line.
	if n := engine.Started(c, 2, engine.StateOptions{}); n != c || n.NumPlayers() != 2 || n.MoveNumber() != 0 || n.total != 0 {
		t.Errorf("Started: same %v, players %d move %d total %d", n == c, n.NumPlayers(), n.MoveNumber(), n.total)
	}
}

func TestShareWinSplitsOneWinAmongTheWinners(t *testing.T) {
	b := engine.NewBase(4, engine.StateOptions{})
	var w engine.Seats
	b.ShareWin(w.With(0).With(2))
	if got := b.Returns(nil); len(got) != 4 || got[0] != 0.5 || got[1] != 0 || got[2] != 0.5 || got[3] != 0 {
		t.Errorf("two winners of four: %v", got)
	}
	b.ShareWin(w.With(3))
	if got := b.Returns(nil); got[0] != 0 || got[3] != 1 {
		t.Errorf("a second ShareWin must replace the first: %v", got)
	}
	b.ShareWin(0)
	if got := b.Returns(nil); got[0]+got[1]+got[2]+got[3] != 0 {
		t.Errorf("no winner (everyone arrested): %v", got)
	}
}

func TestUniformOutcomes(t *testing.T) {
	die := engine.Uniform(nil, 1, 6)
	if len(die) != 6 || die[0].Action != 1 || die[5].Action != 6 || die[3].Prob != 1.0/6 {
		t.Errorf("a die: %v", die)
	}
	if got := engine.Uniform(die[:0], 0, 1); len(got) != 1 || got[0].Prob != 1 {
		t.Errorf("one outcome: %v", got)
	}
}
