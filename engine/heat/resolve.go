package heat

import (
	"fmt"
	"math/bits"

	"cardpress/engine"
)

// holds reports whether an effect's condition holds for seat p.
func (s *state) holds(p int, e *effect) bool {
	switch e.cond {
	case condRevealedByOther:
		return s.othersShowing(p, e.condMask) > 0
	case condNotRevealedByOther:
		return s.othersShowing(p, e.condMask) == 0
	case condRecordHas:
		// "Another" card: the newest card of the Record is this one.
		for i := 0; i < s.recLen[p]-1; i++ {
			if s.g.table.keywords[s.record[p][i]]&e.condMask != 0 {
				return true
			}
		}
		return false
	case condStage:
		return s.stage+1 == int(e.stage)
	}
	return true
}

// othersShowing counts the other seats whose revealed card has a keyword in mask.
func (s *state) othersShowing(p int, mask uint64) int {
	k := 0
	for q := 0; q < s.N; q++ {
		if q != p && s.shown[q]&mask != 0 {
			k++
		}
	}
	return k
}

// amount is an effect's amount for seat p after its multiplier and cap.
// Cards in the Record count themselves (FAQ: Heavy, Specialist).
func (s *state) amount(p int, e *effect) int {
	n := int(e.amount)
	if e.per == perNone && e.max == 0 {
		return n
	}
	switch e.per {
	case perRecord:
		k := 0
		for i := 0; i < s.recLen[p]; i++ {
			if s.g.table.keywords[s.record[p][i]]&e.perMask != 0 || e.perMask == anyKeyword {
				k++
			}
		}
		n *= k
	case perOthersRevealed:
		n *= s.othersShowing(p, e.perMask)
	}
	if e.max > 0 {
		n = min(n, int(e.max))
	}
	return n
}

// targets appends the seats an effect of seat p applies to.
func (s *state) targets(p int, e *effect, buf []int) []int {
	ok := func(q int) bool { return e.targetMask == 0 || s.shown[q]&e.targetMask != 0 }
	switch e.target {
	case targetSelf:
		buf = append(buf, p)
	case targetLeft:
		if q := (p + 1) % s.N; q != p && ok(q) {
			buf = append(buf, q)
		}
	case targetRight:
		if q := (p - 1 + s.N) % s.N; q != p && ok(q) {
			buf = append(buf, q)
		}
	case targetOthers:
		for q := 0; q < s.N; q++ {
			if q != p && ok(q) {
				buf = append(buf, q)
			}
		}
	}
	return buf
}

// planStage records which phases this stage's cards act in and how much
// Heat each phase will take. Conditions, counts and targets depend only on
// what was revealed and the Records, which do not change within a stage.
func (s *state) planStage() {
	var buf [maxSeats]int
	s.heatNeed = [maxPhases]int{}
	s.seatsIn = [maxPhases]uint16{}
	for p := 0; p < s.N; p++ {
		c := s.revealed[p]
		if c < 0 {
			continue
		}
		for phases := s.g.table.anyPhases[c]; phases != 0; phases &= phases - 1 {
			s.seatsIn[bits.TrailingZeros64(phases)] |= 1 << uint(p)
		}
		for heat := s.g.table.heatPhases[c]; heat != 0; heat &= heat - 1 {
			ph := bits.TrailingZeros64(heat)
			effects := s.g.table.of(c, ph)
			for i := range effects {
				e := &effects[i]
				if e.action != actTakeHeat || (e.cond != condNone && !s.holds(p, e)) {
					continue
				}
				if e.target == targetSelf {
					s.heatNeed[ph] += s.amount(p, e)
				} else {
					s.heatNeed[ph] += s.amount(p, e) * len(s.targets(p, e, buf[:0]))
				}
			}
		}
	}
}

// resolvePhase resolves every revealed card's effects of one phase, seat by
// seat. It returns false when the game ended in an arrest.
func (s *state) resolvePhase(ph int) bool {
	if need := s.heatNeed[ph]; need > 0 {
		// More than the whole board: everyone is arrested (FAQ).
		if need > s.heat.Total {
			s.arrest(need)
			return false
		}
		s.coverHeat(need)
	}
	var buf [maxSeats]int
	for seats := s.seatsIn[ph]; seats != 0; seats &= seats - 1 {
		p := bits.TrailingZeros16(seats)
		effects := s.g.table.of(s.revealed[p], ph)
		for i := range effects {
			e := &effects[i]
			if e.cond != condNone && !s.holds(p, e) {
				continue
			}
			n := s.amount(p, e)
			if n == 0 {
				continue
			}
			if e.target == targetSelf {
				s.do(p, p, e.action, n)
				continue
			}
			for _, t := range s.targets(p, e, buf[:0]) {
				s.do(p, t, e.action, n)
			}
		}
	}
	return true
}

// coverHeat applies OUT OF HEAT: while the board cannot cover the phase,
// every player holding Heat returns one and loses the penalty.
func (s *state) coverHeat(need int) {
	for need > s.heat.Supply {
		for p := 0; p < s.N; p++ {
			if s.heat.Return(p, 1) == 1 {
				lost := min(s.g.params.OutOfHeatPenalty, s.money[p])
				s.money[p] -= lost
				s.Tally.Count(cntOutOfHeat, 1)
				if s.Log != nil {
					s.Emit("out_of_heat", p, "returns 1 Heat and loses %s (board short of Heat)", money(lost))
				}
			}
		}
	}
}

// do applies one action of seat p to target t.
func (s *state) do(p, t int, a actionKind, n int) {
	var done int
	switch a {
	case actGain:
		s.money[t] += n
		done = n
	case actPay, actSteal:
		// Nobody pays more than they have (money is never negative).
		done = min(n, s.money[t])
		s.money[t] -= done
		if a == actSteal {
			s.money[p] += done
		}
	case actTakeHeat:
		done = s.heat.Take(t, n)
	case actReturnHeat:
		done = s.heat.Return(t, n)
	case actDraw:
		s.draws[t] += n
		done = n
	case actGiveHeat:
		done = s.heat.Give(p, t, n)
	}
	if s.Log != nil && a != actDraw {
		s.logAction(p, t, a, done)
	}
}

func (s *state) logAction(p, t int, a actionKind, n int) {
	switch a {
	case actGain:
		s.Emit("gain", t, "gains %s (now %s)", money(n), money(s.money[t]))
	case actPay:
		s.Emit("pay", t, "pays %s (now %s)", money(n), money(s.money[t]))
	case actTakeHeat:
		s.Emit("take_heat", t, "takes %d Heat (holds %d, board %d)", n, s.heat.Held[t], s.heat.Supply)
	case actReturnHeat:
		s.Emit("return_heat", t, "returns %d Heat (holds %d, board %d)", n, s.heat.Held[t], s.heat.Supply)
	case actSteal:
		s.Emit("steal", p, "takes %s from seat %d", money(n), t+1)
	case actGiveHeat:
		s.Emit("give_heat", p, "gives %d Heat to seat %d", n, t+1)
	}
}

func (s *state) arrest(need int) {
	s.step = stepOver
	s.Cause = "arrest"
	s.ShareWin(0) // nobody wins
	s.Tally.Count(cntArrests, 1)
	if s.Log != nil {
		s.Emit("arrest", -1, "Phase needs %d Heat, more than the %d on the board: everybody is arrested", need, s.heat.Total)
	}
}

// HeatValue is the current cost of one Heat token.
func (s *state) heatValue() int { return s.g.params.HeatValue(s.heat.Total - s.heat.Supply) }

// Score is seat p's money after paying for their Heat at the current value.
// It may fall below zero: unpaid Heat counts against you.
func (s *state) score(p int) int { return s.money[p] + s.heat.Held[p]*s.heatValue() }

// finish pays for Heat and names the winners: most money, then least Heat,
// then a shared victory.
func (s *state) finish() {
	s.step = stepOver
	s.Cause = "heists complete"
	// Seats nobody beats: a seat better than all so far starts the set
	// again, one as good as them joins it.
	var winners engine.Seats
	best := 0
	for p := 0; p < s.N; p++ {
		switch {
		case p == 0 || s.better(p, best):
			best, winners = p, engine.Seats(0).With(p)
		case !s.better(best, p):
			winners = winners.With(p)
		}
	}
	s.ShareWin(winners)
	if s.Log != nil {
		for p := 0; p < s.N; p++ {
			s.Emit("score", p, "has %s and %d Heat at %s each: %s", money(s.money[p]), s.heat.Held[p], money(s.heatValue()), money(s.score(p)))
		}
		for p := 0; p < s.N; p++ {
			if winners.Has(p) {
				s.Emit("win", p, "wins")
			}
		}
	}
}

// better reports whether seat a beats seat b at the end.
func (s *state) better(a, b int) bool {
	if sa, sb := s.score(a), s.score(b); sa != sb {
		return sa > sb
	}
	return s.heat.Held[a] < s.heat.Held[b]
}

// CheckInvariants: Heat tokens are conserved, nobody holds negative money,
// and every card is in exactly one place.
func (s *state) CheckInvariants() error {
	if !s.heat.Conserved(s.N) {
		held := 0
		for p := 0; p < s.N; p++ {
			held += s.heat.Held[p]
		}
		return fmt.Errorf("heat tokens not conserved: board %d + players %d != %d", s.heat.Supply, held, s.heat.Total)
	}
	cards := s.deck.Len()
	for p := 0; p < s.N; p++ {
		if s.money[p] < 0 {
			return fmt.Errorf("seat %d has negative money %s", p+1, money(s.money[p]))
		}
		cards += s.hands[p].Len() + s.recLen[p]
	}
	if s.step != stepOver && cards != s.g.deckSize(s.N) {
		return fmt.Errorf("cards not conserved: %d in play, deck size %d", cards, s.g.deckSize(s.N))
	}
	return nil
}

// Evaluate rates seat p's position for the heuristic bot: money less the
// Heat it will likely cost, plus a little for the cards still in hand.
func (s *state) Evaluate(p engine.Player) float64 {
	if s.step == stepOver {
		return float64(s.score(int(p))) + 1000*s.Won[p]
	}
	cost := float64(min(s.heatValue(), s.g.meanRowValue()))
	v := float64(s.money[p]) + cost*float64(s.heat.Held[p])
	for i := 0; i < s.hands[p].Len(); i++ {
		v += 0.3 * s.g.staticValue[s.hands[p].At(i)]
	}
	return v
}
