package engine_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// A recorded move that the rules do not allow stops the game at that move
// with a MoveError naming it: it is never applied.
func TestPlayMovesRefusesMovesThatDoNotFit(t *testing.T) {
	g := &enginetest.Toy{Goal: 12}
	var h engine.History
	whole := engine.PlayGame(g, 2, 5, engine.PlayOptions{History: &h})
	if whole.Failed() || len(h.Moves) < 4 {
		t.Fatalf("game: %+v, history %v", whole, h.Moves)
	}
	chance := engine.Chance
	for _, c := range []struct {
		moves []engine.PlayerAction
		index int
		want  string
	}{
		{[]engine.PlayerAction{{0, 1}}, 0, "it is chance's move, not seat 1's"},
		{[]engine.PlayerAction{{chance, 99}}, 0, "chance cannot give 99 here"},
		{[]engine.PlayerAction{{chance, 1}, {chance, 1}, {0, 1}, {1, 99}}, 2, "seat 2 may not take action 99 here"},
		{[]engine.PlayerAction{{chance, 1}, {chance, 1}, {1, 1}, {0, 1}}, 2, "the joint move wants an entry of seat 1's"},
		{[]engine.PlayerAction{{chance, 1}}, 1, "the record ends at move 1, before the game does"},
		{append(h.Moves, engine.PlayerAction{Player: 0, Action: 1}), len(h.Moves), "the game ended at move"},
	} {
		res, err := engine.PlayMoves(g, 2, c.moves, engine.PlayOptions{CheckInvariants: true})
		var me *engine.MoveError
		if !errors.As(err, &me) || me.Index != c.index || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: got %v, want entry %d: %q", c.moves, err, c.index, c.want)
		}
		if res.Panic != "" || res.Invariant != "" {
			t.Errorf("%v: %+v", c.moves, res)
		}
	}
}

// The moves of a whole game, played again, end it as it ended.
func TestPlayMovesEndsTheGameAsRecorded(t *testing.T) {
	g := &enginetest.Toy{Goal: 12}
	var h engine.History
	whole := engine.PlayGame(g, 3, 9, engine.PlayOptions{History: &h})
	again, err := engine.PlayMoves(g, 3, h.Moves, engine.PlayOptions{CheckInvariants: true})
	if err != nil || again.Moves != whole.Moves || again.EndCause != whole.EndCause || len(again.Returns) != 3 {
		t.Fatalf("again: %+v, %v; the game: %+v", again, err, whole)
	}
	for seat, r := range whole.Returns {
		if again.Returns[seat] != r {
			t.Errorf("seat %d returns %v again, %v in the game", seat+1, again.Returns[seat], r)
		}
	}
}

// A log's header comes first, its action events are the moves, and every
// other event is left to the replay.
func TestRecordReadsTheMovesOfALog(t *testing.T) {
	var rec engine.Record
	if err := rec.Add(engine.Event{Kind: engine.ActionKind, Action: engine.Int(1)}, 1); err == nil {
		t.Error("a log without its header first was read")
	}
	events := []engine.Event{
		{Kind: "header", Player: -1, Header: &engine.Header{Players: 2}},
		{Kind: engine.ActionKind, Player: -1, Action: engine.Int(4)},
		{Kind: "draw", Player: 0},
		{Kind: engine.ActionKind, Player: 1, Action: engine.Int(2)},
	}
	for i, e := range events {
		if err := rec.Add(e, i+1); err != nil {
			t.Fatal(err)
		}
	}
	want := []engine.PlayerAction{{Player: engine.Chance, Action: 4}, {Player: 1, Action: 2}}
	if len(rec.Moves) != 2 || rec.Moves[0] != want[0] || rec.Moves[1] != want[1] || rec.Lines[1] != 4 {
		t.Errorf("moves %v at lines %v, want %v at 2 and 4", rec.Moves, rec.Lines, want)
	}
	if err := rec.Add(engine.Event{Kind: engine.ActionKind, Player: 0}, 5); err == nil {
		t.Error("an action event without its action was read")
	}
	if err := rec.Add(events[0], 6); err == nil {
		t.Error("a second header was read")
	}
}
