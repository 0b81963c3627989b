// Legal actions: what the player to move may do at each decision.

package hmm

import (
	"encoding/binary"
	"math/bits"

	"github.com/cardpress/cardpress/engine"
)

func (s *state) LegalActions(p engine.Player, buf []engine.Action) []engine.Action {
	if s.ph == phChance || s.ph == phOver || p != s.CurrentPlayer() {
		return buf
	}
	start := len(buf)
	switch s.ph {
	case phKeep:
		buf = append(buf, actKeep, actRedraw)
	case phJail:
		for m := 0; m < s.ncrew[s.who]; m++ {
			if s.jailable(s.who, m) {
				buf = append(buf, actJail+engine.Action(m))
			}
		}
	case phCrew:
		buf = s.crewActions(buf)
	case phFee:
		m := engine.Action(s.nextFee())
		buf = append(buf, actPayFee+m, actRefuseFee+m)
	case phHire:
		buf = s.hireActions(buf, &s.hand[s.cur], s.wallet[s.cur])
		buf = append(buf, actStopHire)
	case phMain:
		buf = s.turnActions(buf)
		if len(buf) == start {
			buf = append(buf, actEndTurn)
		}
	}
	// Every phase lists its actions in ascending order already (the
	// action numbers grow with job, card and member, the kinds of action
	// are listed in the order of their numbers, and crewActions puts its
	// two crews in order), so nothing is sorted;
	// TestLegalActionsSortedAndTheShortcutsAgree keeps that true.
	return buf
}

// turnActions lists the actions of the turn, Events and maneuvers (which
// are not actions) included.
func (s *state) turnActions(buf []engine.Action) []engine.Action {
	p := s.cur
	if s.done&doGather == 0 {
		buf = append(buf, actGatherDeck)
		if s.ndiscard > 0 && !s.discarded {
			buf = append(buf, actGatherDiscard)
		}
	}
	if s.done&doLayLow == 0 && s.heat[p] > 0 {
		buf = append(buf, actLayLow)
	}
	if s.done&doLegwork == 0 {
		for j := range s.jobs[:s.njobs] {
			js := &s.jobs[j]
			if js.card < 0 {
				continue
			}
			lo, hi := js.legwork(p)
			for ; lo != 0; lo &= lo - 1 {
				buf = append(buf, actLegwork+engine.Action(j*maxComp+bits.TrailingZeros64(lo)>>3))
			}
			for ; hi != 0; hi &= hi - 1 {
				buf = append(buf, actLegwork+engine.Action(j*maxComp+8+bits.TrailingZeros64(hi)>>3))
			}
		}
	}
	// One walk of the crew serves the heists, the Gear and the maneuvers.
	free, gearSlots, mercs := s.crewMasks(p)
	if s.done&doHeist == 0 && free != 0 {
		for j := 0; j < s.njobs; j++ {
			if s.jobs[j].card >= 0 {
				buf = append(buf, actHeist+engine.Action(j))
			}
		}
	}
	// The hand's cards of a kind come from masks of its presence bits:
	// the hires, then the Events.
	h := &s.hand[p]
	g := s.g
	cash := s.wallet[p]
	if s.done&doHire == 0 {
		buf = s.hireList(buf, h, cash, gearSlots)
	}
	for w := 0; w < g.handWords; w++ {
		for set := h.PresentWord(w) & g.kindBits[kindEvent][w]; set != 0; set &= set - 1 {
			buf = append(buf, actEvent+engine.Action(w*64+bits.TrailingZeros64(set)))
		}
	}
	for ; mercs != 0; mercs &= mercs - 1 {
		m := bits.TrailingZeros(mercs)
		if cash >= g.cost[s.crew[p][m].card] {
			buf = append(buf, actManeuver+engine.Action(m))
		}
	}
	return buf
}

// crewMasks reads seat p's crew once, a bit per member: free are those
// who may go on a heist (Member.Available), gear those who may take a
// Gear (gearSlots), mercs the free Mercenaries (who may maneuver).
func (s *state) crewMasks(p int) (free, gear, mercs uint) {
	out, up, gearless := crewBits(&s.crew[p], s.ncrew[p])
	merc := &s.g.kindBits[kindMercenary]
	c := &s.crew[p]
	// Member 0 is the Mastermind, never a Mercenary: hires go after it,
	// and dismissal, Demolition and fees take others only.
	mercs = isIn(merc, c[1].card)<<1 | isIn(merc, c[2].card)<<2 | isIn(merc, c[3].card)<<3 |
		isIn(merc, c[4].card)<<4 | isIn(merc, c[5].card)<<5
	return up, out & gearless, up & mercs
}

// crewBits reads the first n members of crew (n at most maxCrew), a bit
// per member: out those out of jail, up those also face up (free for a
// heist, Member.Available), gearless those without Gear. It reads all six
// members at fixed places, without a loop or a branch: the crew's size and
// who is free are what a random game makes unpredictable, and a loop over
// them cost a mispredicted branch or more per call. Members from n on hold
// leftovers, masked off.
func crewBits(c *[maxCrew]member, n int) (out, up, gearless uint) {
	members := uint(1)<<uint(min(max(n, 0), maxCrew)) - 1
	out = zero8(c[0].time) | zero8(c[1].time)<<1 | zero8(c[2].time)<<2 |
		zero8(c[3].time)<<3 | zero8(c[4].time)<<4 | zero8(c[5].time)<<5
	down := b2u(c[0].faceDown) | b2u(c[1].faceDown)<<1 | b2u(c[2].faceDown)<<2 |
		b2u(c[3].faceDown)<<3 | b2u(c[4].faceDown)<<4 | b2u(c[5].faceDown)<<5
	gearless = neg16(c[0].gear) | neg16(c[1].gear)<<1 | neg16(c[2].gear)<<2 |
		neg16(c[3].gear)<<3 | neg16(c[4].gear)<<4 | neg16(c[5].gear)<<5
	out &= members
	return out, out &^ down, gearless & members
}

// zero8 is 1 when x is 0, else 0; neg16 is 1 when x < 0.
func zero8(x int8) uint  { return (uint(uint8(x)) - 1) >> 63 }
func neg16(x int16) uint { return uint(uint16(x)) >> 15 }

// isIn is 1 when card c (a card index, at least 0) is in set.
func isIn(set *engine.CardSet, c int16) uint {
	u := uint(uint16(c))
	return uint(set[u>>6&3]>>(u&63)) & 1
}

// b2u is 1 for true, 0 for false.
func b2u(b bool) uint {
	if b {
		return 1
	}
	return 0
}

// legwork marks the complications of js that seat p may look at with
// Legwork (face down, not looked at by p): complication k, for k below 8,
// sets bit 8k of lo, complication 8+k bit 8k of hi. It tests eight at a
// time, each byte of up and known in a byte of a word: byte k of known
// shifted right by p holds p's bit at its bottom (p < 8, known being a
// byte of seats), and seats never reach a byte's neighbour bit there.
func (js *jobSlot) legwork(p int) (lo, hi uint64) {
	const ones = 0x0101010101010101
	lo = ^(binary.LittleEndian.Uint64(js.up[:8]) | binary.LittleEndian.Uint64(js.known[:8])>>uint(p)) & ones
	hi = ^(uint64(binary.LittleEndian.Uint32(js.up[8:])) | uint64(binary.LittleEndian.Uint32(js.known[8:]))>>uint(p)) & (ones >> 32)
	// Slots from nc on hold nothing (or what Demolition left there): the
	// first 8nc bits of lo and hi as one 128-bit number are kept, by
	// shifts alone (Go shifts by 64 or more give 0), so that legwork is
	// inlined.
	x := 8 * uint(js.nc)
	return lo &^ (^uint64(0) << x), hi & (^uint64(0) >> (128 - x))
}

// anyFree: somebody in seat p's crew can go on a heist.
func (s *state) anyFree(p int) bool {
	_, up, _ := crewBits(&s.crew[p], s.ncrew[p])
	return up != 0
}

// hasTurnAction says whether turnActions would list an action of the turn
// (Events and maneuvers left out): the same tests, stopping at the first
// that passes.
func (s *state) hasTurnAction() bool {
	p := s.cur
	if s.done&doGather == 0 || (s.done&doLayLow == 0 && s.heat[p] > 0) {
		return true
	}
	if s.done&doLegwork == 0 {
		for j := range s.jobs[:s.njobs] {
			if js := &s.jobs[j]; js.card >= 0 {
				if lo, hi := js.legwork(p); lo|hi != 0 {
					return true
				}
			}
		}
	}
	if s.done&doHeist == 0 && s.anyFree(p) {
		for j := 0; j < s.njobs; j++ {
			if s.jobs[j].card >= 0 {
				return true
			}
		}
	}
	return s.done&doHire == 0 && s.hasHire()
}

// hasHire says whether hireActions would list a hire.
func (s *state) hasHire() bool {
	p := s.cur
	h := &s.hand[p]
	// A member to hire needs a place (a free slot or one to dismiss), a
	// Gear a member free of Gear and jail.
	slot := s.ncrew[p] < s.g.params.CrewLimit || s.ncrew[p] > 1
	gearSlot := s.gearSlots(p) != 0
	g := s.g
	cheap := g.affordable(s.wallet[p])
	for w := 0; w < g.handWords; w++ {
		members, gears := g.hires(h.PresentWord(w), cheap, w)
		if (slot && members != 0) || (gearSlot && gears != 0) {
			return true
		}
	}
	return false
}

// affordable are the Crew and Gear a hand worth cash may hire: the card
// hired is not part of its own payment, so cash less its cost must still
// pay its cost. g.cheap[k] holds those costing at most g.hireCosts[k-1],
// and the costs are sorted, so k counts the costs affordable: no test on
// each card, whose outcome a random game makes unpredictable.
func (g *Game) affordable(cash int) *engine.CardSet {
	k := 0
	for _, c := range g.hireCosts {
		k += int(b2u(cash-c >= c))
	}
	return &g.cheap[k]
}

// hires splits the cards of word w of a hand (present) that may be hired
// by a hand worth what cheap says (affordable): members (Crew and
// Mercenaries, a Mercenary being hired for nothing) and Gear.
func (g *Game) hires(present uint64, cheap *engine.CardSet, w int) (members, gears uint64) {
	ok := present & (cheap[w&3] | g.kindBits[kindMercenary][w&3])
	return ok &^ g.kindBits[kindGear][w&3], ok & g.kindBits[kindGear][w&3]
}

// gearSlots are seat p's members who may take a Gear (none carried, not in
// jail), a bit each.
func (s *state) gearSlots(p int) uint {
	out, _, gearless := crewBits(&s.crew[p], s.ncrew[p])
	return out & gearless
}

// cash is the cash value of seat p's hand, one copy of card except left
// out (-1: none). Paying gives no change, so any hand worth the cost can pay.
func (s *state) cash(p, except int) int {
	cash := s.wallet[p]
	if except >= 0 {
		cash -= s.g.hot[except].cost
	}
	return cash
}

// handCash lists the cash values of seat p's hand, one copy of card except
// left out (-1: none), with the card of each value.
// They come in At's order: by card, copies together.
func (s *state) handCash(p, except int, vals, cards []int) ([]int, []int) {
	h := &s.hand[p]
	g := s.g
	for w := 0; w < g.handWords; w++ {
		for set := h.PresentWord(w); set != 0; set &= set - 1 {
			c := w*64 + bits.TrailingZeros64(set)
			n := h.Count(c)
			if c == except {
				n--
			}
			v := g.cost[c]
			for ; n > 0; n-- {
				vals = append(vals, v)
				cards = append(cards, c)
			}
		}
	}
	return vals, cards
}

// hireActions lists the hires of seat s.cur, whose hand h is worth cash.
func (s *state) hireActions(buf []engine.Action, h *engine.Hand, cash int) []engine.Action {
	return s.hireList(buf, h, cash, s.gearSlots(s.cur))
}

// hireList is hireActions with the members who may take a Gear known.
func (s *state) hireList(buf []engine.Action, h *engine.Hand, cash int, gearSlots uint) []engine.Action {
	p := s.cur
	n := s.ncrew[p]
	room := n < s.g.params.CrewLimit
	g := s.g
	cheap := g.affordable(cash)
	for w := 0; w < g.handWords; w++ {
		members, gears := g.hires(h.PresentWord(w), cheap, w)
		if gearSlots == 0 {
			gears = 0
		}
		// In card order, members and Gear mixed.
		for set := members | gears; set != 0; set &= set - 1 {
			b := bits.TrailingZeros64(set)
			c := w*64 + b
			switch {
			case members>>uint(b)&1 == 0: // Gear
				for m := gearSlots; m != 0; m &= m - 1 {
					buf = append(buf, actHire+engine.Action(c*8+bits.TrailingZeros(m)))
				}
			case room:
				buf = append(buf, actHire+engine.Action(c*8+noSlot))
			default:
				for m := 1; m < n; m++ {
					buf = append(buf, actHire+engine.Action(c*8+m))
				}
			}
		}
	}
	return buf
}

// crewActions: the crew the rules core picks (Best: complete if it can,
// then least Heat, least fees, fewest members), and the same without
// Mercenaries when that differs (a player may refuse to pay them); with
// nobody free, the empty crew. Demolition comes before.
func (s *state) crewActions(buf []engine.Action) []engine.Action {
	p := s.cur
	best, free, n := s.crewPicks(p)
	// In ascending order (LegalActions sorts nothing for the crew).
	switch {
	case n == 1:
		buf = append(buf, actCrew+engine.Action(best))
	case best < free:
		buf = append(buf, actCrew+engine.Action(best), actCrew+engine.Action(free))
	default:
		buf = append(buf, actCrew+engine.Action(free), actCrew+engine.Action(best))
	}
	// Demolition Gear is rare: it is looked for first, the victim only
	// when there is some (the same list as the other way round).
	start := len(buf)
	for m := 0; m < s.ncrew[p]; m++ {
		if g := s.crew[p][m].gear; g >= 0 && s.g.hot[g].demolition && s.available(p, m) {
			buf = append(buf, actDemolish+engine.Action(m))
		}
	}
	if len(buf) > start && (s.jobs[s.heistJob].nc <= 0 || s.demolitionVictim(p) < 0) {
		buf = buf[:start]
	}
	return buf
}

// mainActions says whether the current player has an action left: a turn
// is actions_per_turn different actions, so the turn ends after the last.
func (s *state) mainActions() bool {
	if bits.OnesCount8(s.done) >= s.g.params.ActionsPerTurn {
		return false
	}
	return s.hasTurnAction()
}
