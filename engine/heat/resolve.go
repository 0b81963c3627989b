package heat

import (
	"fmt"
	"math/bits"

	"github.com/cardpress/cardpress/engine"
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

// resolvePhase resolves every revealed card's effects of one phase, all at
// once or seat by seat (phase_resolution). It returns false when the game
// ended in an arrest.
func (s *state) resolvePhase(ph int) bool {
	if need := s.heatNeed[ph]; need > 0 {
		// More than the whole board: everyone is arrested (FAQ).
		if need > s.heat.Total {
			s.arrest(need)
			return false
		}
		s.coverHeat(need)
	}
	if s.g.inOrder {
		s.resolveInSeatOrder(ph)
	} else {
		s.resolveAtOnce(ph)
	}
	return true
}

// resolveInSeatOrder resolves the phase one seat at a time, seat 1 first:
// each effect sees what the seats before it did.
func (s *state) resolveInSeatOrder(ph int) {
	var buf [maxSeats]int
	for seats := s.seatsIn[ph]; seats != 0; seats &= seats - 1 {
		p := bits.TrailingZeros16(seats)
		effects := s.g.table.of(s.revealed[p], ph)
		for i := range effects {
			e := &effects[i]
			if e.cond != condNone && !s.holds(p, e) {
				if s.Log != nil {
					s.logNothing(p, e, s.amount(p, e), resUnmet)
				}
				continue
			}
			n := s.amount(p, e)
			if n == 0 {
				if s.Log != nil {
					s.logNothing(p, e, 0, resNone)
				}
				continue
			}
			if e.target == targetSelf && e.action == actPay && s.payOne(n, s.money[p]) < n && s.g.short == shortNoEffect {
				if s.Log != nil {
					s.logNothing(p, e, n, resRefused)
					s.logRestOfCard(p, effects[i+1:])
				}
				break // what follows the payment on the card does not happen
			}
			targets := s.targets(p, e, buf[:0])
			if len(targets) == 0 && s.Log != nil {
				s.logNothing(p, e, n, resNoTarget)
			}
			for _, t := range targets {
				amt := n // Heat: the Pool parts with what the seat holds now
				if e.action == actPay || e.action == actSteal {
					amt = s.payOne(n, s.money[t])
				}
				s.do(p, t, e.action, n, amt)
			}
		}
	}
}

// payOne is how much of a payment of n a seat holding avail makes.
func (s *state) payOne(n, avail int) int {
	switch {
	case n <= avail || s.g.short == shortDebt:
		return n
	case s.g.short == shortNoEffect:
		return 0
	}
	return max(0, avail)
}

// planned is one effect a phase will apply, worked out before any is.
type planned struct {
	e    *effect
	n    int
	p    int
	gate int // the self-payment before it on its card (its index in the plan), or -1
}

// resolveAtOnce resolves the phase as one simultaneous step: every effect
// is worked out from the money and Heat held when the phase begins, so
// nothing a seat gains or receives in the phase can be paid, returned or
// given in it, and no result depends on seat numbers. What each seat is
// asked to give up is totalled first. Asked for more Heat than it held, a
// seat parts with all of it: each seat it gives to gets the same number
// of tokens, one at a time, while every such request can get one (fill),
// and the rest go back to the board. Asked for more money than it had,
// the shortfall rule decides: debt pays it all; pay_what_you_have shares
// the money the same way (the thieves alike, the rest to the bank);
// no_effect pays none of it.
func (s *state) resolveAtOnce(ph int) {
	var plan [maxSeats * maxEffects]planned
	var asked, heatAsked [maxSeats]int
	var buf [maxSeats]int
	k := 0
	for seats := s.seatsIn[ph]; seats != 0; seats &= seats - 1 {
		p := bits.TrailingZeros16(seats)
		effects := s.g.table.of(s.revealed[p], ph)
		gate := -1
		for i := range effects {
			e := &effects[i]
			if e.cond != condNone && !s.holds(p, e) {
				if s.Log != nil {
					s.logNothing(p, e, s.amount(p, e), resUnmet)
				}
				continue
			}
			n := s.amount(p, e)
			if n == 0 {
				if s.Log != nil {
					s.logNothing(p, e, 0, resNone)
				}
				continue
			}
			plan[k] = planned{e: e, n: n, p: p, gate: gate}
			for _, t := range s.targets(p, e, buf[:0]) {
				switch e.action {
				case actPay, actSteal:
					asked[t] += n
				case actReturnHeat:
					heatAsked[t] += n
				case actGiveHeat:
					heatAsked[p] += n
				}
			}
			if e.action == actPay && e.target == targetSelf {
				gate = k
			}
			k++
		}
	}
	plan0 := plan[:k]
	money0, held0 := s.money, s.heat.Held
	// Per seat short of money or Heat: the most any one request gets.
	var level, heatLevel [maxSeats]int
	var short, heatShort [maxSeats]bool
	for t := 0; t < s.N; t++ {
		if short[t] = s.g.short != shortDebt && asked[t] > money0[t]; short[t] && s.g.short == shortPayWhatYouHave {
			level[t] = s.fill(plan0, t, false, max(0, money0[t]))
		}
		if heatShort[t] = heatAsked[t] > held0[t]; heatShort[t] {
			heatLevel[t] = s.fill(plan0, t, true, held0[t])
		}
	}
	var refused [maxSeats * maxEffects]bool // a self-payment not made, or an effect after one
	var paid, parted [maxSeats]int          // money and Heat each seat gave up
	for i := range plan0 {
		pl := &plan0[i]
		p, e := pl.p, pl.e
		if pl.gate >= 0 && refused[pl.gate] {
			refused[i] = true
			if s.Log != nil {
				s.logNothing(p, e, pl.n, resSkipped)
			}
			continue
		}
		if e.target == targetSelf && e.action == actPay && short[p] && s.g.short == shortNoEffect {
			refused[i] = true
			if s.Log != nil {
				s.logNothing(p, e, pl.n, resRefused)
			}
			continue
		}
		targets := s.targets(p, e, buf[:0])
		if len(targets) == 0 && s.Log != nil {
			s.logNothing(p, e, pl.n, resNoTarget)
		}
		for _, t := range targets {
			amt := pl.n
			switch {
			case (e.action == actPay || e.action == actSteal) && short[t]:
				amt = 0
				if s.g.short == shortPayWhatYouHave {
					amt = min(pl.n, level[t])
				}
				paid[t] += amt
			case e.action == actReturnHeat && heatShort[t]:
				amt = min(pl.n, heatLevel[t])
				parted[t] += amt
			case e.action == actGiveHeat && heatShort[p]:
				amt = min(pl.n, heatLevel[p])
				parted[p] += amt
			}
			s.do(p, t, e.action, pl.n, amt)
		}
	}
	// What the shares leave of a short seat's money goes to the bank, of
	// its Heat to the board: it parts with all it had.
	for t := 0; t < s.N; t++ {
		if rest := money0[t] - paid[t]; short[t] && s.g.short == shortPayWhatYouHave && rest > 0 {
			s.money[t] -= rest
			if s.Log != nil {
				s.logChange(actPay, t, -1, causeShortfall, rest, rest, "")
			}
		}
		if rest := held0[t] - parted[t]; heatShort[t] && rest > 0 {
			s.heat.Return(t, rest)
			if s.Log != nil {
				s.logChange(actReturnHeat, t, -1, causeHeatShort, rest, rest, "")
			}
		}
	}
}

// fill is the most each request on seat t can get when it cannot meet
// them all from avail: the largest level L such that giving every request
// min(its amount, L) needs no more than avail. Money requests are payments
// and thefts (heat false); Heat requests are returns and gifts.
func (s *state) fill(plan []planned, t int, heat bool, avail int) int {
	var buf [maxSeats]int
	need := func(level int) int {
		sum := 0
		for i := range plan {
			pl := &plan[i]
			for _, q := range s.targets(pl.p, pl.e, buf[:0]) {
				var on bool
				switch pl.e.action {
				case actPay, actSteal:
					on = !heat && q == t
				case actReturnHeat:
					on = heat && q == t
				case actGiveHeat:
					on = heat && pl.p == t
				}
				if on {
					sum += min(pl.n, level)
				}
			}
		}
		return sum
	}
	lo, hi := 0, avail // need(avail+1) > avail whenever some request is over avail
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if need(mid) <= avail {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// coverHeat applies OUT OF HEAT: while the board cannot cover the phase,
// every player holding Heat returns one and loses the penalty (as a
// payment: the shortfall rule applies).
func (s *state) coverHeat(need int) {
	penalty := s.g.params.OutOfHeatPenalty
	for need > s.heat.Supply {
		if s.Log != nil {
			s.logOutOfHeat(need)
		}
		for p := 0; p < s.N; p++ {
			if s.heat.Return(p, 1) == 1 {
				lost := s.payOne(penalty, s.money[p])
				s.money[p] -= lost
				s.Tally.Count(cntOutOfHeat, 1)
				if s.Log != nil {
					s.logChange(actReturnHeat, p, -1, causeOutOfHeat, 1, 1, "")
					result := ""
					if lost == 0 && penalty > 0 {
						result = resRefused
					}
					s.logChange(actPay, p, -1, causeOutOfHeat, lost, penalty, result)
				}
			}
		}
	}
}

// do applies one action of seat p to target t: n is the card's amount,
// amt what moves of it for a payment or theft (what t pays), Heat
// returned or given (what the Pool is asked for; it never gives more than
// the seat holds).
func (s *state) do(p, t int, a actionKind, n, amt int) {
	done := amt
	switch a {
	case actGain:
		s.money[t] += n
	case actPay, actSteal:
		s.money[t] -= amt
		if a == actSteal {
			s.money[p] += amt
		}
	case actTakeHeat:
		done = s.heat.Take(t, n)
	case actReturnHeat:
		done = s.heat.Return(t, amt)
	case actDraw:
		s.draws[t] += n
	case actGiveHeat:
		done = s.heat.Give(p, t, amt)
	}
	if s.Log != nil {
		s.logAction(p, t, a, done, n)
	}
}

// logAction reports what do did: a theft or a gift as the acting seat's
// (the other seat its Target), anything else as the changed seat's (the
// card's owner its Target when another).
func (s *state) logAction(p, t int, a actionKind, done, n int) {
	seat, other := t, -1
	switch {
	case a == actSteal || a == actGiveHeat:
		seat, other = p, t
	case t != p:
		other = p
	}
	result := ""
	if done == 0 && n > 0 && (a == actPay || a == actSteal) && s.g.short == shortNoEffect {
		result = resRefused
	}
	s.logChange(a, seat, other, s.cardID(s.revealed[p]), done, n, result)
}

// How a game ends (Info.EndCauses).
const (
	endArrest         = "arrest"
	endHeistsComplete = "heists complete"
)

var endCauses = []string{endArrest, endHeistsComplete}

func (s *state) arrest(need int) {
	s.step = stepOver
	s.Cause = endArrest
	s.ShareWin(0) // nobody wins
	s.Tally.Count(cntArrests, 1)
	if s.Log != nil {
		s.logArrest(need)
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
	s.Cause = endHeistsComplete
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
		s.logScores(winners)
	}
}

// better reports whether seat a beats seat b at the end.
func (s *state) better(a, b int) bool {
	if sa, sb := s.score(a), s.score(b); sa != sb {
		return sa > sb
	}
	return s.heat.Held[a] < s.heat.Held[b]
}

// CheckInvariants: Heat tokens are conserved, nobody holds negative money
// (under shortfall debt: less than minMoney), and every card is in exactly
// one place.
//
// Lint calls it after every move, so it screens first: one pass over the
// seats makes the very sums invariantError makes (tokens, cards) from the
// same fields, with the signs of the supply, of each seat's tokens and of
// each seat's money above its floor OR-ed together instead of a branch
// each. Nothing is kept by the moves: every count is taken afresh after
// every move, so a move that loses a token or a card, or drops a seat
// below its floor, shows at that move. The screen passes only if
// invariantError would find nothing; otherwise invariantError, the plain
// check, names the first broken invariant in its own words
// (TestInvariantScreen breaks states every way and compares the two).
func (s *state) CheckInvariants() error {
	n := s.N
	g := s.g
	// A seat's money may not go below floor: $0, or minMoney under debt
	// (minMoney < 0, so below $0 is allowed there and only there).
	floor := 0
	if g.short == shortDebt {
		floor = minMoney
	}
	held, money, hands, rec := s.heat.Held[:n], s.money[:n], s.hands[:n], s.recLen[:n]
	tokens, sign := s.heat.Supply, s.heat.Supply
	cards := s.deck.Len()
	for p, h := range held {
		tokens += h
		// money-floor only subtracts 0 or adds -minMoney: it can wrap
		// (to negative) only for a huge money, which then goes to the
		// plain check, never the other way.
		sign |= h | (money[p] - floor)
		cards += hands[p].Len() + rec[p]
	}
	if sign < 0 || tokens != s.heat.Total || (cards != g.deckSize(n) && s.step != stepOver) {
		return s.invariantError()
	}
	return nil
}

// invariantError is the plain invariant check, one rule at a time: the
// definition CheckInvariants screens for, and the words of its error.
func (s *state) invariantError() error {
	if !s.heat.Conserved(s.N) {
		held := 0
		for p := 0; p < s.N; p++ {
			held += s.heat.Held[p]
		}
		return fmt.Errorf("heat tokens not conserved: board %d + players %d != %d", s.heat.Supply, held, s.heat.Total)
	}
	cards := s.deck.Len()
	for p := 0; p < s.N; p++ {
		if s.money[p] < 0 && s.g.short != shortDebt {
			return fmt.Errorf("seat %d has negative money %s", p+1, money(s.money[p]))
		}
		if s.money[p] < minMoney {
			return fmt.Errorf("seat %d has %s, below the least a game can reach (%s)", p+1, money(s.money[p]), money(minMoney))
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
