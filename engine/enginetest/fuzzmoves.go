package enginetest

import (
	"encoding/binary"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// FuzzMoves fuzzes engine.PlayMoves on g at a player count with recorded
// moves from anywhere (a log edited by hand, replay --from): whatever the
// moves, the game ends in an error or an end, never a panic, and a move
// the rules refuse is never applied, so the invariants hold after every
// move. The seeds are a whole game's history and parts of it.
func FuzzMoves(f *testing.F, g engine.Game, players int) {
	var h engine.History
	engine.PlayGame(g, players, 7, engine.PlayOptions{History: &h})
	whole := encodeMoves(h.Moves)
	f.Add(whole)
	f.Add(whole[:len(whole)/2/3*3])
	f.Add([]byte{0, 0, 0, 1, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, data []byte) {
		moves := decodeMoves(data)
		res, _ := engine.PlayMoves(g, players, moves, engine.PlayOptions{CheckInvariants: true})
		if res.Panic != "" || res.Invariant != "" {
			t.Fatalf("%d recorded moves: %+v", len(moves), res)
		}
	})
}

// A move is three bytes: the player plus one (0 is chance), the action.
func encodeMoves(moves []engine.PlayerAction) []byte {
	out := make([]byte, 0, 3*len(moves))
	for _, m := range moves {
		out = append(out, byte(m.Player+1))
		out = binary.BigEndian.AppendUint16(out, uint16(m.Action))
	}
	return out
}

func decodeMoves(data []byte) []engine.PlayerAction {
	moves := make([]engine.PlayerAction, 0, len(data)/3)
	for ; len(data) >= 3; data = data[3:] {
		moves = append(moves, engine.PlayerAction{Player: engine.Player(data[0]) - 1, Action: engine.Action(binary.BigEndian.Uint16(data[1:]))})
	}
	return moves
}
