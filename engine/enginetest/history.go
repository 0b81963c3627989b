package enginetest

import (
	"fmt"
	"reflect"

	"github.com/cardpress/cardpress/engine"
)

// checkReplay plays game seed of g through the runner with its history
// kept and its moves logged, then plays it again twice: the history on a
// new state (engine.Replay), and the moves its log names (engine.Record,
// engine.PlayMoves). Each must be the same game, its log event for event
// and its end.
func checkReplay(g engine.Game, players int, seed uint64) error {
	var history engine.History
	var played []engine.Event
	res := engine.PlayGame(g, players, seed, engine.PlayOptions{LogMoves: true,
		History: &history, Log: func(e engine.Event) { played = append(played, e) }})
	if res.Panic != "" {
		return fmt.Errorf("the game with a history: %s", res.Panic)
	}
	if err := replayHistory(g, players, history, played, res); err != nil {
		return err
	}
	return replayLog(g, players, played, res)
}

// replayHistory replays a history, which logs the game's events but not
// its moves.
func replayHistory(g engine.Game, players int, history engine.History, played []engine.Event, res engine.Result) error {
	var replayed []engine.Event
	s := g.NewState(players, engine.StateOptions{Log: func(e engine.Event) { replayed = append(replayed, e) }})
	if err := engine.Replay(s, history.Moves); err != nil {
		return fmt.Errorf("replaying the history: %v", err)
	}
	if s.MoveNumber() != res.Moves {
		return fmt.Errorf("the history replays %d moves of the game's %d", s.MoveNumber(), res.Moves)
	}
	if err := sameLog("the replayed history", withoutMoves(played), replayed); err != nil {
		return err
	}
	if s.IsTerminal() && !reflect.DeepEqual(s.Returns(nil), res.Returns) {
		return fmt.Errorf("the replayed history returns %v, the game %v", s.Returns(nil), res.Returns)
	}
	return nil
}

// replayLog plays the moves the game's log names, logging them again.
func replayLog(g engine.Game, players int, played []engine.Event, res engine.Result) error {
	rec := engine.Record{Header: &engine.Header{Players: players}}
	for i, e := range played {
		if err := rec.Add(e, i+1); err != nil {
			return fmt.Errorf("reading the game's log: %v", err)
		}
	}
	var replayed []engine.Event
	again, err := engine.PlayMoves(g, players, rec.Moves, engine.PlayOptions{LogMoves: true, CheckInvariants: true,
		Log: func(e engine.Event) { replayed = append(replayed, e) }})
	switch {
	case err != nil && res.Capped: // the record ends where the cap did
	case err != nil:
		return fmt.Errorf("playing the logged moves: %v", err)
	case again.Failed():
		return fmt.Errorf("playing the logged moves: %+v", again)
	case !reflect.DeepEqual(again.Returns, res.Returns) || again.Moves != res.Moves:
		return fmt.Errorf("the logged moves end at move %d with %v, the game at %d with %v", again.Moves, again.Returns, res.Moves, res.Returns)
	}
	return sameLog("the logged moves", played, replayed)
}

func sameLog(what string, played, replayed []engine.Event) error {
	for i := range min(len(played), len(replayed)) {
		if !reflect.DeepEqual(played[i], replayed[i]) {
			return fmt.Errorf("%s log %+v where the game logged %+v", what, replayed[i], played[i])
		}
	}
	if len(played) != len(replayed) {
		return fmt.Errorf("%s log %d events, the game %d", what, len(replayed), len(played))
	}
	return nil
}

func withoutMoves(log []engine.Event) []engine.Event {
	return filter(log, func(e engine.Event) bool { return e.Kind != engine.ActionKind })
}
