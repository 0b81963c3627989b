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
	j := s.heistJob
	req := s.requirement(j)
	jb := &s.card(int(s.jobs[j].card)).job
	n := s.ncrew[p]
	var skill [maxCrew]uint64 // icons and fee
	var reduce, floor [maxCrew]int
	avail, mercs := 0, 0
	hot := s.g.hot
	for m := 0; m < n; m++ {
		mb := s.crew[p][m]
		if mb.time > 0 || mb.faceDown { // Member.Available
			continue
		}
		avail |= 1 << m
		c := &hot[mb.card]
		skill[m] = c.icons
		// Attempt keeps the first greatest reduction: the member's own,
		// then its Gear's.
		if c.reduce > 0 {
			reduce[m], floor[m] = c.reduce, c.floor
		}
		if mb.gear >= 0 {
			g := &hot[mb.gear]
			skill[m] += g.icons
			if g.reduce > reduce[m] {
				reduce[m], floor[m] = g.reduce, g.floor
			}
		}
		if c.kind == kindMercenary {
			mercs |= 1 << m
			skill[m] += uint64(c.cost) << (3 * iconBits)
		}
	}
	maxSent := s.g.params.CrewLimit
	if req.CrewMax > 0 && req.CrewMax < maxSent {
		maxSent = req.CrewMax
	}
	need := req.Icons.Total()
	q0, q1, q2 := req.Icons[Force], req.Icons[Stealth], req.Icons[Tech]
	jobHeat := jb.Heat
	const lane = 1<<iconBits - 1
	// Per mask: icons and fees, and the member whose reduction counts
	// (-1: none).
	var prov [1 << maxCrew]uint64
	var redBy [1 << maxCrew]int8
	redBy[0] = -1
	// Scores as keys (crewScore.key, built here from its fields without
	// the struct, which the loop kept in memory): the first least is the
	// first best.
	best, bestFree := uint64(1)<<63, uint64(1)<<63
	bestMask, freeMask := 0, 0
	// The subsets of the free members in ascending order: (mask-avail)&avail
	// is the next one after mask.
	for mask := avail & -avail; mask != 0; mask = (mask - avail) & avail {
		low := bits.TrailingZeros(uint(mask))
		rest := mask &^ (1 << low)
		pv := prov[rest] + skill[low]
		prov[mask] = pv
		// The lowest member comes first: the rest's reduction counts only
		// when greater.
		r := int(redBy[rest])
		if r < 0 || reduce[r] <= reduce[low] {
			r = low
		}
		redBy[mask] = int8(r)
		count := bits.OnesCount(uint(mask))
		if count > maxSent {
			continue
		}
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
		if heat > 0 && reduce[r] > 0 {
			heat = max(heat-reduce[r], floor[r])
		}
		k |= uint64(heat)<<20 | (pv>>(3*iconBits))<<4 | uint64(count)
		if k < best {
			best, bestMask = k, mask
		}
		if mask&mercs == 0 && k < bestFree {
			bestFree, freeMask = k, mask
		}
	}
	if freeMask != bestMask {
		return [2]int{bestMask, freeMask}, 2
	}
	return [2]int{bestMask}, 1
}
