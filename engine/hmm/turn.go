// Turns: their start and end, Events and maneuvers' effects, Job Time and
// the end of the game.

package hmm

import (
	"math/bits"

	"github.com/cardpress/cardpress/engine"
)

func (s *state) startTurn() {
	s.done, s.discarded = 0, false
	// Member.Available without branches (crewBits): who is free is
	// what a random game makes unpredictable.
	_, free, _ := crewBits(&s.crew[s.cur], s.ncrew[s.cur])
	// A jail lock: the whole crew in jail at the start of more turns in a
	// row than one sentence lasts.
	if free != 0 {
		s.lockRun[s.cur] = 0
	} else if s.lockRun[s.cur]++; s.lockRun[s.cur] == s.g.params.JailTime {
		s.Tally.Count(cntJailLock, 1)
	}
	s.ph = phMain
	if s.Log != nil {
		if s.newRound {
			s.logMarker("round", -1, engine.At{Round: s.round})
		}
		s.logMarker("turn", s.cur, engine.At{Round: s.round, Turn: s.turns + 1})
	}
	s.newRound = false
}

// effects resolves the effects of card c (an Event, a maneuver or a Play
// Immediately card) for seat p.
func (s *state) effects(p int, effs []Effect, c int) {
	cause := "" // for the log only
	if s.Log != nil {
		cause = s.id(c)
	}
	for _, e := range effs {
		switch {
		case e.LoseHeat > 0:
			before := s.heat[p]
			s.heat[p] = max(0, s.heat[p]-e.LoseHeat)
			s.logHeat("heat", p, s.heat[p]-before, -e.LoseHeat, cause)
		case e.RivalHeat > 0:
			if r := s.leadingRival(p); r >= 0 {
				s.heat[r] += e.RivalHeat
				s.logHeat("heat", r, e.RivalHeat, e.RivalHeat, cause)
			} else {
				s.logNothing("heat", p, rHeat, e.RivalHeat, cause, "no rival")
			}
		case e.Peek:
			best, bj := 0, -1
			for j := 0; j < s.njobs; j++ {
				n := 0
				for k := 0; k < int(s.jobs[j].nc); k++ {
					if s.jobs[j].up[k] == 0 && s.jobs[j].known[k]&(1<<uint(p)) == 0 {
						n++
					}
				}
				if n > best {
					best, bj = n, j
				}
			}
			s.logPeek(p, bj, best, cause)
			if bj >= 0 {
				for k := 0; k < int(s.jobs[bj].nc); k++ {
					if s.jobs[bj].up[k] == 0 && s.jobs[bj].known[k]&(1<<uint(p)) == 0 {
						s.logSeen(p, bj, k, cause)
					}
					s.jobs[bj].known[k] |= 1 << uint(p)
				}
			}
		case e.Draw > 0:
			// Each draw is logged as it is made, or as nothing when
			// the deck is empty.
			for k := 0; k < e.Draw; k++ {
				s.push(task{kind: tDraw, seat: int8(p), deckOnly: true, cause: int16(c + 1)})
			}
		case e.AddTime > 0:
			bj := -1
			for j := 0; j < s.njobs; j++ {
				if s.jobs[j].card >= 0 && int(s.jobs[j].owner) == p && (bj < 0 || s.jobs[j].time < s.jobs[bj].time) {
					bj = j
				}
			}
			if bj >= 0 {
				s.jobs[bj].time += int8(e.AddTime)
				s.logJobTime(bj, e.AddTime, e.AddTime, cause)
			} else {
				s.logNothing("time", p, rTime, e.AddTime, cause, "no job")
			}
		case e.AllHeat > 0:
			for q := 0; q < s.N; q++ {
				s.heat[q] += e.AllHeat
				s.logHeat("heat", q, e.AllHeat, e.AllHeat, cause)
			}
		case e.JobsTime > 0:
			for j := 0; j < s.njobs; j++ {
				if s.jobs[j].card >= 0 {
					s.jobs[j].time -= int8(e.JobsTime)
					s.logJobTime(j, -e.JobsTime, -e.JobsTime, cause)
					if s.jobs[j].time <= 0 {
						s.expire(j, cause)
					}
				}
			}
		}
	}
}

// expire: job j ran out of Time, because of cause.
func (s *state) expire(j int, cause string) {
	js := &s.jobs[j]
	s.Tally.Count(cntJobsExpired, 1)
	s.logMove("expire", int(js.owner), int(js.card), zJobs, zExpired, cause)
	s.jobPile.Add(int(js.card))
	for k := 0; k < int(js.nc); k++ {
		s.compPile.Add(int(js.comps[k]))
		if s.Log != nil { // the log's cause costs a card lookup
			s.logMove("complication", int(js.owner), int(js.comps[k]), zFaceUp, zCompPile, s.id(int(js.card)))
		}
	}
	owner := js.owner
	*js = jobSlot{card: -1, owner: owner}
	s.push(task{kind: tJob, job: int8(j)})
}

// endTurn: Time comes off the player's jobs and jailed crew, Mercenaries
// flip back up; the goal triggers the last round.
func (s *state) endTurn() {
	p := s.cur
	triggers := s.trigger < 0 && s.coll[p] >= s.goal
	if triggers {
		s.logGoal(p)
	}
	if triggers && s.g.params.GoalTime == goalTimeAll {
		// ENDING THE GAME: "Their game is over. Remove one Time token from
		// all Jobs and jailed crew." In place of the end of their turn.
		for j := 0; j < s.njobs; j++ {
			s.jobTick(j, causeGoal)
		}
		for q := 0; q < s.N; q++ {
			s.serve(q, causeGoal)
		}
	} else {
		// Slot j belongs to seat j mod N for the whole game (reset; a new
		// Job keeps its slot's owner): only p's slots are walked, in order.
		for j := p; j < s.njobs; j += s.N {
			if int(s.jobs[j].owner) == p {
				s.jobTick(j, causeEndOfTurn)
			}
		}
		s.serve(p, causeEndOfTurn)
	}
	for m := 0; m < s.ncrew[p]; m++ {
		s.crew[p][m].faceDown = false
	}
	s.turns++
	switch {
	case triggers:
		s.trigger, s.finalLeft = p, s.N-1
		if s.g.params.FinalRound == finalFinishRound {
			s.finalLeft = s.N - 1 - p // the seats after p this round
		}
	case s.trigger >= 0 && p != s.trigger:
		s.finalLeft--
	}
	if s.trigger >= 0 && s.finalLeft <= 0 {
		s.endGame(endGoal)
		return
	}
	if s.trigger < 0 && s.turns >= s.g.params.RoundLimit*s.N {
		s.Tally.Count(cntNoGoal, 1)
		s.endGame(endRoundLimit)
		return
	}
	old := s.cur
	// The next seat, and the one after the trigger's (no division: it
	// costs more than the rest of the end of a turn).
	if s.cur++; s.cur == s.N {
		s.cur = 0
	}
	if s.cur == s.trigger {
		if s.cur++; s.cur == s.N {
			s.cur = 0
		}
	}
	if s.cur <= old {
		s.round++
		s.newRound = true
	}
	s.startTurn()
}

// jobTick takes one Time off job j, if there is one, for cause; at 0 it
// expires.
func (s *state) jobTick(j int, cause string) {
	if s.jobs[j].card < 0 {
		return
	}
	s.jobs[j].time--
	s.logJobTime(j, -1, -1, cause)
	if s.jobs[j].time <= 0 {
		s.expire(j, cause)
	}
}

// serve takes one Time off each of seat p's jailed members, for cause;
// at 0 a member is out of jail.
func (s *state) serve(p int, cause string) {
	served := 0
	for m := 0; m < s.ncrew[p]; m++ {
		mb := &s.crew[p][m]
		// Without a branch: who is in jail a random game makes
		// unpredictable.
		in := int8(b2u(mb.time > 0))
		mb.time -= in
		served += int(in)
	}
	if served > 0 {
		s.mayJail(p) // some may be out of jail now
		s.logJail("time", p, -1, -served, cause)
	}
}

func (s *state) handPrestige(p int) int {
	n := 0
	h := &s.hand[p]
	g := s.g
	for w := 0; w < g.handWords; w++ {
		for set := h.PresentWord(w) & g.kindBits[kindPrestige][w]; set != 0; set &= set - 1 {
			c := w*64 + bits.TrailingZeros64(set)
			n += s.g.hot[c].prestige * h.Count(c)
		}
	}
	return n
}

func (s *state) pending(p int) int {
	n := s.heat[p]
	for m := 0; m < s.ncrew[p]; m++ {
		n += int(s.crew[p][m].time)
	}
	return n
}

// How a game ends (Info.EndCauses).
const (
	endGoal       = "goal reached"
	endRoundLimit = "round limit"
)

var endCauses = []string{endGoal, endRoundLimit}

func (s *state) endGame(cause string) {
	s.ph = phOver
	s.Cause = cause
	var standings [engine.MaxPlayers]Standing
	st := standings[:s.N]
	for p := range st {
		st[p] = Standing{Collection: s.coll[p], InHand: s.handPrestige(p), Heat: s.heat[p], JailTime: s.pending(p) - s.heat[p]}
	}
	var winBuf [engine.MaxPlayers]int
	win := winnersInto(st, s.g.params.TieBreak, winBuf[:0])
	var seats engine.Seats
	for _, w := range win {
		seats = seats.With(w)
	}
	s.ShareWin(seats)
	s.logScores(cause, win)
}
