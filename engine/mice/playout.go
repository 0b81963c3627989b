package mice

import "github.com/cardpress/cardpress/engine"

// maxLegal bounds the tester's legal actions (LegalActions): a job each,
// or Stop and a skill slot or a market slot each.
const maxLegal = max(maxJobs, 1+maxSkills, 1+maxMarket)

// PlayRandomly plays on at random (engine.RandomPlayer) as a search's
// play-out does through the generic calls, drawing the same numbers: the
// tester's move uniform among LegalActions, listed on the stack, and a
// chance move by SampleChance. It saves the calls through engine.State
// per move (four or five, in a play-out of some 250 moves). Get Help, a
// secret bet of every seat, is left to the caller, which orders the seats.
func (s *state) PlayRandomly(r *engine.Rand, limit int) (moves int) {
	if s.KeepsHistory() {
		return 0 // Apply records what a play-out here would not
	}
	var buf [maxLegal]engine.Action
	for ; moves < limit; moves++ {
		var a engine.Action
		switch s.ph {
		case phStart, phDeal, phDrawChip, phSide:
			a = s.SampleChance(r)
		case phHelp, phOver:
			return moves
		default:
			legal := s.LegalActions(engine.Player(s.tester), buf[:0])
			a = legal[r.Intn(len(legal))]
		}
		s.Move++
		s.DoApply(a)
	}
	return moves
}
