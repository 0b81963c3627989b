package enginetest

import (
	"fmt"
	"reflect"

	"github.com/cardpress/cardpress/engine"
)

// checkReplay plays game seed of g through the runner with its history
// kept and replays the history on a new state (engine.Replay): the replay
// must be the same game, its log event for event and its end.
func checkReplay(g engine.Game, players int, seed uint64) error {
	var history engine.History
	var played, replayed []engine.Event
	res := engine.PlayGame(g, players, seed, engine.PlayOptions{
		History: &history, Log: func(e engine.Event) { played = append(played, e) }})
	if res.Panic != "" {
		return fmt.Errorf("the game with a history: %s", res.Panic)
	}
	s := g.NewState(players, engine.StateOptions{Log: func(e engine.Event) { replayed = append(replayed, e) }})
	if err := engine.Replay(s, history.Moves); err != nil {
		return fmt.Errorf("replaying the history: %v", err)
	}
	if s.MoveNumber() != res.Moves {
		return fmt.Errorf("the history replays %d moves of the game's %d", s.MoveNumber(), res.Moves)
	}
	for i := range min(len(played), len(replayed)) {
		if !reflect.DeepEqual(played[i], replayed[i]) {
			return fmt.Errorf("the replayed history logs %+v where the game logged %+v", replayed[i], played[i])
		}
	}
	if len(played) != len(replayed) {
		return fmt.Errorf("the replayed history logs %d events, the game %d", len(replayed), len(played))
	}
	if s.IsTerminal() && !reflect.DeepEqual(s.Returns(nil), res.Returns) {
		return fmt.Errorf("the replayed history returns %v, the game %v", s.Returns(nil), res.Returns)
	}
	return nil
}
