package rules

import "github.com/cardpress/cardpress/engine"

// PlayRandomly plays on at random (engine.RandomPlayer), as a search's
// play-out does through the generic calls, drawing the same numbers: a
// seat's move uniform among its legal actions, read where the decision
// listed them (legalNow) instead of copied out through LegalActions; a
// chance move by SampleChance. What it saves is the calls through
// engine.State and the copy, per move: a play-out of Crazy Eights is
// about 280 moves. A secret choice of every seat is left to the caller,
// which orders the seats.
func (s *state) PlayRandomly(r *engine.Rand, limit int) (moves int) {
	if s.KeepsHistory() {
		return 0 // Apply records what a play-out here would not
	}
	for ; moves < limit; moves++ {
		switch s.mode {
		case mChance, mRoll:
			a := s.SampleChance(r)
			s.Move++
			s.DoApply(a)
		case mSeat:
			legal := s.legalNow(s.seat)
			if len(legal) == 0 {
				return moves
			}
			a := legal[r.Intn(len(legal))]
			s.Move++
			s.DoApply(a)
		default: // over, or a secret choice of every seat
			return moves
		}
	}
	return moves
}
