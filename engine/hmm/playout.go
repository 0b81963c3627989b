package hmm

import "github.com/cardpress/cardpress/engine"

// playOutLegal is the room for a decision's legal actions that
// PlayRandomly keeps on the stack: the shipped game lists at most 45
// (random games at every player count); a longer list is still played
// right, its room taken from the heap.
const playOutLegal = 128

// PlayRandomly plays on at random (engine.RandomPlayer) as a search's
// play-out does through the generic calls, drawing the same numbers: the
// seat's move uniform among LegalActions, listed on the stack, and a
// chance move by SampleChance. It saves the calls through engine.State
// per move (four or five, in a play-out of some 400 moves). The game has
// no secret choice of every seat, so it plays on to the end or the limit.
func (s *state) PlayRandomly(r *engine.Rand, limit int) (moves int) {
	if s.KeepsHistory() {
		return 0 // Apply records what a play-out here would not
	}
	var buf [playOutLegal]engine.Action
	for ; moves < limit; moves++ {
		var a engine.Action
		switch s.ph {
		case phChance:
			a = s.SampleChance(r)
		case phOver:
			return moves
		default:
			legal := s.LegalActions(s.CurrentPlayer(), buf[:0])
			a = legal[r.Intn(len(legal))]
		}
		s.Move++
		s.DoApply(a)
	}
	return moves
}
