// Crews: hiring, paying, jail and who is free to help.

package hmm

import (
	"math/bits"

	"github.com/cardpress/cardpress/engine"
)

// needsJail is the first seat, from the current one on, whose crew has
// heat_to_jail Heat and somebody who can take the fall; -1 if none.
func (s *state) needsJail() int { return s.jailSeat(s.heatSeats()) }

// heatSeats are the seats with heat_to_jail Heat, a bit each, from the
// sign of limit-1-heat (Heat stays far from overflow), over all
// MaxPlayers seats without a loop: seats from N on have no crew, so a
// bit of theirs finds nobody in jailSeat.
func (s *state) heatSeats() uint {
	lim := s.g.params.HeatToJail - 1
	return heat4((*[4]int)(s.heat[:4]), lim) | heat4((*[4]int)(s.heat[4:]), lim)<<4
}

// heat4 is heatSeats for four seats, lim being heat_to_jail-1: small
// enough to be inlined (settle asks it after every move; heatSeats is
// not).
func heat4(h *[4]int, lim int) uint {
	return uint(lim-h[0])>>63 | uint(lim-h[1])>>63<<1 | uint(lim-h[2])>>63<<2 | uint(lim-h[3])>>63<<3
}

// jailSeat is needsJail for the seats with the Heat, hot (heatSeats).
func (s *state) jailSeat(hot uint) int {
	if hot == 0 {
		return -1
	}
	// Often a seat keeps the Heat with its whole crew in jail: only the
	// seats with the Heat are walked, from the current one on, then
	// those before it.
	// jailable without its Mastermind test: the walk starts past the
	// Mastermind when it may not be jailed.
	m0 := b2u(!s.g.params.MastermindJailable)
	cur := uint(s.cur)
	for _, seats := range [2]uint{hot >> cur << cur, hot & (1<<cur - 1)} {
		for ; seats != 0; seats &= seats - 1 {
			seat := bits.TrailingZeros(seats)
			// crewBits' out, written here to be inlined.
			c := &s.crew[seat]
			out := zero8(c[0].time) | zero8(c[1].time)<<1 | zero8(c[2].time)<<2 |
				zero8(c[3].time)<<3 | zero8(c[4].time)<<4 | zero8(c[5].time)<<5
			if out&(uint(1)<<uint(min(max(s.ncrew[seat], 0), maxCrew))-1)>>m0 != 0 {
				return seat
			}
		}
	}
	return -1
}

// jailCandidates are the seats of hot (heatSeats) that needsJail has to
// look at, from what settle saw before: a seat with the Heat at the last
// look too (jailHot), which found nobody to jail in it, needs no look
// unless a member of it came out of jail since (jailCheck). Asked after
// every move, needsJail walked the crews of seats that keep the Heat with
// everybody in jail, at a mispredicted branch or more each time.
// TestJailCandidates asks needsJail after every move of many games.
func (s *state) jailCandidates(hot uint) uint {
	return hot &^ (uint(s.jailHot) &^ uint(s.jailCheck))
}

// mayJail: seat p's members out of jail just grew (a hire, a Mastermind,
// a sentence served): settle looks at it again (jailCandidates).
func (s *state) mayJail(p int) {
	s.jailCheck |= 1 << uint(p)
}

// jailable: a member not in jail yet, the Mastermind only when
// mastermind_jailable.
func (s *state) jailable(p, m int) bool {
	return s.crew[p][m].time == 0 && (m > 0 || s.g.params.MastermindJailable)
}

func (s *state) available(p, m int) bool {
	mb := s.crew[p][m]
	return mb.time == 0 && !mb.faceDown
}

// abilitySum adds an ability field over seat p's free members and their Gear.
func (s *state) abilitySum(p int, f func(*card) int) int {
	n := 0
	for m := 0; m < s.ncrew[p]; m++ {
		if !s.available(p, m) {
			continue
		}
		n += f(s.card(int(s.crew[p][m].card)))
		if g := s.crew[p][m].gear; g >= 0 {
			n += f(s.card(int(g)))
		}
	}
	return n
}

func (s *state) hire(p, c, slot int) {
	cd := s.card(c)
	s.fromHand(p, c)
	if cd.kind == kindGear {
		s.logGear(p, c, int(s.crew[p][slot].card))
		s.pay(p, -1, cd.cost, cd.id)
		s.crew[p][slot].gear = int16(c)
		return
	}
	// A Mercenary is hired for nothing: the fee is due per heist.
	if cd.kind != kindMercenary {
		s.pay(p, -1, cd.cost, cd.id)
	}
	if slot != noSlot {
		s.removeMember(p, slot, "dismiss", causeDismiss)
	}
	s.logMove("hire", p, c, zHand, zCrew, "")
	s.crew[p][s.ncrew[p]] = member{card: int16(c), gear: -1}
	s.ncrew[p]++
	s.mayJail(p)
}

func (s *state) jail(p, m int) {
	mb := &s.crew[p][m]
	if mb.gear >= 0 {
		s.toDiscard(int(mb.gear))
		s.logGearOff(p, int(mb.gear), int(mb.card), causeJail)
		mb.gear = -1
	}
	mb.faceDown = false
	mb.time = int8(s.g.params.JailTime)
	s.logJail("jail", p, int(mb.card), s.g.params.JailTime, causeJail)
	s.heat[p] -= s.g.params.HeatToJail
	s.logHeat("heat", p, -s.g.params.HeatToJail, -s.g.params.HeatToJail, causeJail)
}

// removeMember discards member m and its Gear, logged as kind for cause;
// a jailed member snitches.
func (s *state) removeMember(p, m int, kind, cause string) {
	mb := s.crew[p][m]
	if mb.gear >= 0 {
		s.toDiscard(int(mb.gear))
		s.logGearOff(p, int(mb.gear), int(mb.card), cause)
	}
	s.toDiscard(int(mb.card))
	s.heat[p] += int(mb.time)
	copy(s.crew[p][m:s.ncrew[p]-1], s.crew[p][m+1:s.ncrew[p]])
	s.ncrew[p]--
	s.logMove(kind, p, int(mb.card), zCrew, zDiscard, cause)
	if mb.time > 0 {
		s.logJail("snitch", p, int(mb.card), -int(mb.time), causeSnitch)
		s.logHeat("heat", p, int(mb.time), int(mb.time), causeSnitch)
	}
	// Fees due are by member index: shift them too.
	if p == s.cur && s.feeMask != 0 {
		low := s.feeMask & (1<<uint(m) - 1)
		high := s.feeMask >> uint(m+1) << uint(m)
		s.feeMask = low | high
	}
}

// pay discards cash from seat p's hand (leaving one copy of except), the
// least waste first, for cause (a card id); false when the hand is not
// enough.
func (s *state) pay(p, except, cost int, cause string) bool {
	var vb, cb [engine.MaxHand]int
	vals, cards := s.handCash(p, except, vb[:0], cb[:0])
	var pb [engine.MaxHand]int
	idx, ok := payInto(vals, cost, pb[:0])
	if !ok {
		s.logPay(p, cost, 0, false, cause)
		return false
	}
	paid := 0
	for _, i := range idx {
		s.fromHand(p, cards[i])
		s.toDiscard(cards[i])
		s.logMove("discard", p, cards[i], zHand, zDiscard, cause)
		paid += vals[i]
	}
	s.logPay(p, cost, paid, true, cause)
	if len(idx) > 0 {
		s.discarded = true
	}
	return true
}

var _ = [1]struct{}{}[engine.MaxPlayers-8] // needsJail reads eight seats
