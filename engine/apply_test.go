package engine_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// Apply counts every move, single or joint, and a state keeps no history
// unless asked: moving a reused scratch state allocates nothing.
func TestApplyWithoutHistoryAllocatesNothing(t *testing.T) {
	s := nim{stones: 1 << 20}.NewState(2, engine.StateOptions{})
	scratch := s.CloneInto(nil)
	n := testing.AllocsPerRun(100, func() {
		scratch = s.CloneInto(scratch)
		for range 10 {
			engine.Apply(scratch, 1)
		}
	})
	if n != 0 {
		t.Errorf("ten moves without a history allocate %v times", n)
	}
	if scratch.MoveNumber() != 10 {
		t.Errorf("MoveNumber %d after ten moves", scratch.MoveNumber())
	}
}

// The history holds exactly the moves applied, who made each, a joint
// move as one entry per seat; a clone keeps none, and a new game (Reset)
// starts it again.
func TestHistoryRecordsTheAppliedMoves(t *testing.T) {
	g := &enginetest.Toy{Goal: 100}
	var h engine.History
	s := g.NewState(2, engine.StateOptions{History: &h})
	engine.Apply(s, 3)                          // seat 1's die
	engine.Apply(s, 1)                          // seat 2's die
	engine.ApplyJoint(s, []engine.Action{1, 0}) // both choose
	want := []engine.PlayerAction{{engine.Chance, 3}, {engine.Chance, 1}, {0, 1}, {1, 0}}
	if !reflect.DeepEqual(h.Moves, want) || s.MoveNumber() != 3 {
		t.Fatalf("history %v at move %d, want %v at move 3", h.Moves, s.MoveNumber(), want)
	}
	c := engine.Clone(s)
	engine.Apply(c, 2)
	if len(h.Moves) != 4 || c.MoveNumber() != 4 {
		t.Errorf("a clone's move reached the original's history: %v (clone at move %d)", h.Moves, c.MoveNumber())
	}
	r := g.NewState(3, engine.StateOptions{History: &h})
	if len(h.Moves) != 0 || r.MoveNumber() != 0 {
		t.Errorf("a new state kept the old game's history %v", h.Moves)
	}
}

// Replaying a game's history on a new state plays the same game: the same
// log, event for event, and the same end.
func TestReplayReproducesTheGame(t *testing.T) {
	g := &enginetest.Toy{Goal: 12}
	var h engine.History
	var played, replayed []engine.Event
	res := engine.PlayGame(g, 3, 5, engine.PlayOptions{History: &h, Log: func(e engine.Event) { played = append(played, e) }})
	if res.Failed() || len(h.Moves) == 0 {
		t.Fatalf("game: %+v, %d moves in the history", res, len(h.Moves))
	}
	s := g.NewState(3, engine.StateOptions{Log: func(e engine.Event) { replayed = append(replayed, e) }})
	if err := engine.Replay(s, h.Moves); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(played, replayed) || s.MoveNumber() != res.Moves || !s.IsTerminal() ||
		!reflect.DeepEqual(s.Returns(nil), res.Returns) {
		t.Errorf("replay: move %d terminal %v returns %v, %d events; game: move %d returns %v, %d events",
			s.MoveNumber(), s.IsTerminal(), s.Returns(nil), len(replayed), res.Moves, res.Returns, len(played))
	}
}

// A history that does not fit the state is an error naming the entry,
// never a move applied for the wrong player.
func TestReplayRefusesAHistoryThatDoesNotFit(t *testing.T) {
	g := &enginetest.Toy{Goal: 12}
	for _, c := range []struct {
		moves []engine.PlayerAction
		want  string
	}{
		{[]engine.PlayerAction{{0, 1}}, "entry 0 is seat 1's move, but chance is to move"},
		{[]engine.PlayerAction{{engine.Chance, 1}, {engine.Chance, 1}, {0, 1}}, "entry 2: a joint move needs 2 entries, the history has 1 left"},
		{[]engine.PlayerAction{{engine.Chance, 1}, {engine.Chance, 1}, {1, 1}, {0, 1}}, "entry 2 is seat 2's move, but the joint move wants seat 1's"},
	} {
		err := engine.Replay(g.NewState(2, engine.StateOptions{}), c.moves)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: got %v, want %q", c.moves, err, c.want)
		}
	}
}

// BenchmarkApply is what the central Apply adds to a move: Nim's moves
// through engine.Apply, with and without a history, and straight to the
// state's DoApply.
func BenchmarkApply(b *testing.B) {
	for _, c := range []struct {
		name    string
		history *engine.History
		apply   func(engine.State, engine.Action)
	}{
		{"Apply", nil, engine.Apply},
		{"Apply-history", &engine.History{}, engine.Apply},
		{"DoApply", nil, func(s engine.State, a engine.Action) { s.DoApply(a) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			s := nim{stones: 1 << 40}.NewState(2, engine.StateOptions{History: c.history})
			b.ReportAllocs()
			for b.Loop() {
				c.apply(s, 1)
			}
		})
	}
}
