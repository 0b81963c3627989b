// Legal actions: what the player to move may do at each decision.

package hmm

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"unsafe"

	"cardpress/engine"
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
		// The two crews come in the search's order, not the actions'.
		sortActions(buf[start:])
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
	// Every other phase lists its actions in ascending order already (the
	// action numbers grow with job, card and member, and the kinds of
	// action are listed in the order of their numbers), so only the crew
	// needs sorting; TestLegalActionsSorted keeps that true.
	return buf
}

func sortActions(a []engine.Action) { slices.Sort(a) }

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

// crewMasks walks seat p's crew once, a bit per member: free are those
// who may go on a heist (Member.Available), gear those who may take a
// Gear (gearSlots), mercs the free Mercenaries (who may maneuver).
func (s *state) crewMasks(p int) (free, gear, mercs uint) {
	// Without branches: which members are free is what a random game
	// makes unpredictable.
	merc := &s.g.kindBits[kindMercenary]
	for m, mb := range s.crew[p][:s.ncrew[p]] {
		out := (uint(uint8(mb.time)) - 1) >> 63 // 1 out of jail (time 0)
		up := out &^ b2u(mb.faceDown)
		c := uint(uint16(mb.card))
		free |= up << uint(m)
		gear |= out & (uint(uint16(mb.gear)) >> 15) << uint(m) // gear < 0
		mercs |= up & uint(merc[c>>6&3]>>(c&63)) << uint(m)
	}
	return free, gear, mercs
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
	// A bool is one byte holding 0 or 1.
	up := (*[maxComp]byte)(unsafe.Pointer(&js.up))
	lo = ^(binary.LittleEndian.Uint64(up[:8]) | binary.LittleEndian.Uint64(js.known[:8])>>uint(p)) & ones
	hi = ^(uint64(binary.LittleEndian.Uint32(up[8:])) | uint64(binary.LittleEndian.Uint32(js.known[8:]))>>uint(p)) & (ones >> 32)
	// Slots from nc on hold nothing (or what Demolition left there).
	nc := uint(js.nc)
	if nc < 8 {
		lo &= 1<<(8*nc) - 1
		hi = 0
	} else {
		hi &= 1<<(8*(nc-8)) - 1
	}
	return lo, hi
}

// anyFree: somebody in seat p's crew can go on a heist.
func (s *state) anyFree(p int) bool {
	for m := 0; m < s.ncrew[p]; m++ {
		if s.available(p, m) {
			return true
		}
	}
	return false
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
	hot := g.hot
	cash := s.wallet[p]
	for w := 0; w < g.handWords; w++ {
		for set := h.PresentWord(w) & g.hireBits[w]; set != 0; set &= set - 1 {
			switch cd := &hot[w*64+bits.TrailingZeros64(set)]; cd.kind {
			case kindCrew:
				if slot && cash-cd.cost >= cd.cost {
					return true
				}
			case kindMercenary:
				if slot {
					return true
				}
			case kindGear:
				if gearSlot && cash-cd.cost >= cd.cost {
					return true
				}
			}
		}
	}
	return false
}

// gearSlots are seat p's members who may take a Gear (none carried, not in
// jail), a bit each.
func (s *state) gearSlots(p int) uint {
	var m uint
	for i, mb := range s.crew[p][:s.ncrew[p]] {
		if mb.gear < 0 && mb.time == 0 {
			m |= 1 << uint(i)
		}
	}
	return m
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
	hot := g.hot
	for w := 0; w < g.handWords; w++ {
		for set := h.PresentWord(w) & g.hireBits[w]; set != 0; set &= set - 1 {
			c := w*64 + bits.TrailingZeros64(set)
			cd := &hot[c]
			switch cd.kind {
			case kindCrew, kindMercenary:
				// The card hired is not part of its own payment.
				if cd.kind == kindCrew && cash-cd.cost < cd.cost {
					continue
				}
				if room {
					buf = append(buf, actHire+engine.Action(c*8+noSlot))
					continue
				}
				for m := 1; m < n; m++ {
					buf = append(buf, actHire+engine.Action(c*8+m))
				}
			default: // Gear
				if cash-cd.cost < cd.cost {
					continue
				}
				for m := gearSlots; m != 0; m &= m - 1 {
					buf = append(buf, actHire+engine.Action(c*8+bits.TrailingZeros(m)))
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
	masks, n := s.crewChoices(p)
	for _, m := range masks[:n] {
		buf = append(buf, actCrew+engine.Action(m))
	}
	if s.demolitionVictim(p) >= 0 && s.jobs[s.heistJob].nc > 0 {
		for m := 0; m < s.ncrew[p]; m++ {
			if g := s.crew[p][m].gear; g >= 0 && s.card(int(g)).demolition && s.available(p, m) {
				buf = append(buf, actDemolish+engine.Action(m))
			}
		}
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
