package engine

import "fmt"

// Apply plays action a on s: a chance action or the move of the one seat
// to act. It is the one place a move is applied (OpenSpiel's
// State.ApplyAction): it counts the move and, when the state keeps a
// history, records it, then runs the game's rules for it (DoApply). The
// runner, the bots, the search and the tests all move through it, so no
// engine counts its own moves. The one exception is a RandomPlayer's
// play-out loop, which counts each move as Apply does and runs only on a
// search's scratch state, which keeps no history.
func Apply(s State, a Action) { apply(s.base(), s, a) }

// apply is Apply for a state whose Base b the caller holds: the runner
// asks for it once a game, not once a move.
func apply(b *Base, s State, a Action) {
	b.Move++
	if b.history != nil {
		b.history.Moves = append(b.history.Moves, PlayerAction{Player: s.CurrentPlayer(), Action: a})
	}
	s.DoApply(a)
}

// ApplyJoint plays a joint action, one per seat (NoAction for a seat with
// nothing to choose), on a state at a simultaneous node: Apply for the
// secret choices of every seat, counted as one move.
func ApplyJoint(s State, actions []Action) {
	b := s.base()
	b.Move++
	if b.history != nil {
		for seat, a := range actions {
			b.history.Moves = append(b.history.Moves, PlayerAction{Player: Player(seat), Action: a})
		}
	}
	s.(JointApplier).DoApplyJoint(actions)
}

// History is the moves applied to a state since it started, in order, as
// OpenSpiel's State.FullHistory: enough to play the game again from a new
// state (Replay). A state keeps one only when StateOptions.History gives
// it one, so smoke games and the bots' look-aheads allocate nothing for
// it; a clone keeps none.
type History struct {
	Moves []PlayerAction
}

// PlayerAction is one entry of a History: who chose and what. A move of
// one seat or of chance is one entry; a joint move is one entry per seat,
// in seat order (NoAction for a seat that had nothing to choose).
type PlayerAction struct {
	Player Player
	Action Action
}

// Replay applies moves, a History's, to s in order (a new state of the
// game the history comes from): at a simultaneous node it takes the next
// entry of every seat as one joint move. It reports the first entry that
// does not fit the state: another player's, or a joint move cut short.
func Replay(s State, moves []PlayerAction) error {
	for i := 0; i < len(moves); {
		cur := s.CurrentPlayer()
		if cur != Simultaneous {
			if moves[i].Player != cur {
				return fmt.Errorf("entry %d is %v's move, but %v is to move", i, moves[i].Player, cur)
			}
			Apply(s, moves[i].Action)
			i++
			continue
		}
		n := s.NumPlayers()
		if len(moves)-i < n {
			return fmt.Errorf("entry %d: a joint move needs %d entries, the history has %d left", i, n, len(moves)-i)
		}
		joint := make([]Action, n)
		for seat := range joint {
			if e := moves[i+seat]; e.Player != Player(seat) {
				return fmt.Errorf("entry %d is %v's move, but the joint move wants %v's", i+seat, e.Player, Player(seat))
			}
			joint[seat] = moves[i+seat].Action
		}
		ApplyJoint(s, joint)
		i += n
	}
	return nil
}
