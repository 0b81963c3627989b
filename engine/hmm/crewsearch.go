// The crew search of a heist's decision, made fast: it must choose what
// bestCrew (rules.go) chooses, ties included.

package hmm

import "math/bits"

// Icons packed in one word, iconBits a type, so that a crew's icons add up
// in one addition: at most maxCrew members with a card and a Gear of
// maxIcons each stay far below 1<<iconBits. The fourth lane holds the
// Mercenaries' fees: maxCrew fees of maxCost stay below 1<<iconBits too.
const iconBits = 16

const _ = uint16(maxCrew * maxCost) // the fees' lane holds every crew's fees

func packIcons(ic Icons) uint64 {
	return uint64(ic[Force]) | uint64(ic[Stealth])<<iconBits | uint64(ic[Tech])<<(2*iconBits)
}

func unpackIcons(v uint64) Icons {
	const lane = 1<<iconBits - 1
	var ic Icons
	ic[Force], ic[Stealth], ic[Tech] = int(v&lane), int(v>>iconBits&lane), int(v>>(2*iconBits)&lane)
	return ic
}

// crewScore is what better (rules.go) compares of a crew's Result.
type crewScore struct {
	complete                 bool
	short, heat, fees, count int
}

// key orders scores as better orders Results, least best: a complete crew first,
// then by shortfall, Heat, fees and members, each in its own bits. Every
// field is at least 0 and far below its bits (icons and Heat a few dozen,
// fees maxCrew*maxCost, members maxCrew), and every key below 1<<63.
func (a crewScore) key() uint64 {
	k := uint64(a.short)<<40 | uint64(a.heat)<<20 | uint64(a.fees)<<4 | uint64(a.count)
	if !a.complete {
		k |= 1 << 60
	}
	return k
}

// crewChoices are the masks of the crews a player may send (see
// crewActions): the best crew, then the best without Mercenaries when it
// differs. They are bestCrew over members(p), once as is and once with
// the Mercenaries face down, in one pass over the masks of members:
// bestCrew tries the subsets of the free members in the order of their
// masks and keeps the first best, and the order of member masks is that
// order (a subset's mask grows with its highest members whichever members
// are free), so both searches visit their crews in the same order here.
// A crew's icons, fees and Heat reduction come from the crew without its
// lowest member, worked out just before (a smaller mask).
func (s *state) crewChoices(p int) ([2]int, int) {
	best, free, n := s.crewPicks(p)
	return [2]int{best, free}, n
}

// crewPicks is crewChoices as scalars (the second mask meaningful when n
// is 2): an array comes back through memory, scalars in registers.
func (s *state) crewPicks(p int) (int, int, int) {
	var cm crewMembers
	s.freeMembers(p, &cm)
	avail, mercs := cm.avail, cm.mercs // in registers through the search
	j := s.heistJob
	reqIcons, _, crewMax := s.reqPacked(j)
	jb := &s.card(int(s.jobs[j].card)).job
	maxSent := s.g.params.CrewLimit
	if crewMax > 0 && crewMax < maxSent {
		maxSent = crewMax
	}
	const lane = 1<<iconBits - 1
	q0, q1, q2 := int(reqIcons&lane), int(reqIcons>>iconBits&lane), int(reqIcons>>(2*iconBits)&lane)
	need := q0 + q1 + q2
	jobHeat := jb.Heat
	// A crew's icons and fees, and the reduction that counts, from its
	// members among 0-2 and among 3-5: two tables of 8, built here, where
	// a table of all 64 crews cost its clearing on every call. The
	// reduction that counts is the greatest, the lowest member's on ties
	// (Attempt keeps the first greatest): the greatest key reduce<<3 |
	// 7-member, 0 for none.
	// Only the entries of crews of free members are read, and built.
	var provLo, provHi [8]uint64
	var redLo, redHi [8]uint
	lo, hi := avail&7, avail>>3&7
	for i := lo & -lo; i != 0; i = (i - lo) & lo {
		low := bits.TrailingZeros(uint(i))
		provLo[i&7] = provLo[i&(i-1)&7] + cm.skill[low]
		redLo[i&7] = max(redLo[i&(i-1)&7], redKey(cm.reduce[low], low))
	}
	for i := hi & -hi; i != 0; i = (i - hi) & hi {
		low := bits.TrailingZeros(uint(i))
		provHi[i&7] = provHi[i&(i-1)&7] + cm.skill[3+low&7]
		redHi[i&7] = max(redHi[i&(i-1)&7], redKey(cm.reduce[3+low&7], 3+low))
	}
	// Scores as keys (crewScore.key, built here from its fields without
	// the struct, which the loop kept in memory): the first least is the
	// first best.
	bestKey, freeKey := uint64(1)<<63, uint64(1)<<63
	bestMask, freeMask := 0, 0
	// The subsets of the free members in ascending order: (mask-avail)&avail
	// is the next one after mask.
	for mask := avail & -avail; mask != 0; mask = (mask - avail) & avail {
		count := bits.OnesCount(uint(mask))
		if count > maxSent {
			continue
		}
		pv := provLo[mask&7] + provHi[mask>>3&7]
		h0, h1, h2 := int(pv&lane), int(pv>>iconBits&lane), int(pv>>(2*iconBits)&lane)
		total := h0 + h1 + h2
		// A short crew: its shortfall, and as much Heat; a complete one:
		// the substitutions and the job's Heat.
		short := need - total
		heat := short
		k := uint64(1)<<60 | uint64(short)<<40
		if short <= 0 {
			heat = need - (min(q0, h0) + min(q1, h1) + min(q2, h2)) + jobHeat
			k = 0
		}
		if rk := max(redLo[mask&7], redHi[mask>>3&7]); heat > 0 && rk > 0 {
			heat = max(heat-int(rk>>3), cm.floor[7-rk&7])
		}
		k |= uint64(heat)<<20 | (pv>>(3*iconBits))<<4 | uint64(count)
		if k < bestKey {
			bestKey, bestMask = k, mask
		}
		if mask&mercs == 0 && k < freeKey {
			freeKey, freeMask = k, mask
		}
	}
	// Without Mercenaries nobody may be left (a jailed Mastermind): an
	// empty crew is no crew to send.
	if freeMask != bestMask && freeMask != 0 {
		return bestMask, freeMask, 2
	}
	return bestMask, 0, 1
}

// crewMembers is what crewPicks reads of a seat's crew: per member its
// icons and fee (skill) and the Heat reduction that counts for it with
// its floor, and the masks of the free members and of the Mercenaries
// among them.
type crewMembers struct {
	skill         [maxCrew]uint64 // icons and fee
	reduce, floor [maxCrew]int
	avail, mercs  int
}

// freeMembers fills cm from seat p's crew members who are free to go.
func (s *state) freeMembers(p int, cm *crewMembers) {
	hot := s.g.hot
	for m := 0; m < s.ncrew[p]; m++ {
		mb := s.crew[p][m]
		if mb.time > 0 || mb.faceDown { // Member.Available
			continue
		}
		cm.avail |= 1 << m
		c := &hot[mb.card]
		cm.skill[m] = c.icons
		// Attempt keeps the first greatest reduction: the member's own,
		// then its Gear's.
		if c.reduce > 0 {
			cm.reduce[m], cm.floor[m] = c.reduce, c.floor
		}
		if mb.gear >= 0 {
			g := &hot[mb.gear]
			cm.skill[m] += g.icons
			if g.reduce > cm.reduce[m] {
				cm.reduce[m], cm.floor[m] = g.reduce, g.floor
			}
		}
		if c.kind == kindMercenary {
			cm.mercs |= 1 << m
			cm.skill[m] += uint64(c.cost) << (3 * iconBits)
		}
	}
}

// redKey orders member m's Heat reduction r (at least 0) as crewPicks
// wants: greater first, then the lower member; 0 for no reduction.
func redKey(r, m int) uint {
	if r <= 0 {
		return 0
	}
	return uint(r)<<3 | uint(7-m)
}
