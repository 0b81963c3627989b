package heat

import "github.com/cardpress/cardpress/engine"

// PlayRandomly plays on at random (engine.RandomPlayer) as a search's
// play-out does through the generic calls, drawing the same numbers: the
// draws, by SampleChance. Every seat's choice (the pass and the reveal)
// is secret and simultaneous, so it is left to the caller, which orders
// the seats: what this saves is the calls through engine.State of the
// draws between them, about three moves in four of a play-out.
func (s *state) PlayRandomly(r *engine.Rand, limit int) (moves int) {
	if s.KeepsHistory() {
		return 0 // Apply records what a play-out here would not
	}
	for ; moves < limit && s.step == stepDraw; moves++ {
		a := s.SampleChance(r)
		s.Move++
		s.DoApply(a)
	}
	return moves
}
