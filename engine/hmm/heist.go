// Heists: the requirement, the crew sent, Demolition, the result and the
// Mercenaries' fees.

package hmm

import (
	"fmt"
	"math/bits"
)

func (s *state) heist(j int) {
	s.heistJob = j
	js := &s.jobs[j]
	s.logHeist(s.cur, int(js.card))
	for k := 0; k < int(js.nc); k++ {
		if js.up[k] == 0 {
			js.up[k] = 1
			if s.Log != nil { // the log's cause costs a card lookup
				s.logMove("flip", int(js.owner), int(js.comps[k]), zFaceDown, zFaceUp, s.id(int(js.card)))
			}
			s.revealed(j, int(js.comps[k]))
		}
	}
	s.inCrew = true
}

func (s *state) demolish(p, m int) {
	js := &s.jobs[s.heistJob]
	best, bi := -1, -1
	for k := 0; k < int(js.nc); k++ {
		if n := s.card(int(js.comps[k])).comp.Icons.Total(); n > best {
			best, bi = n, k
		}
	}
	removed := int(js.comps[bi])
	g := int(s.crew[p][m].gear)
	s.logMove("demolition", p, removed, zFaceUp, zCompPile, s.id(g))
	s.compPile.Add(removed)
	js.nc--
	js.comps[bi], js.up[bi], js.known[bi] = js.comps[js.nc], js.up[js.nc], js.known[js.nc]
	s.crew[p][m].gear = -1
	s.toDiscard(g)
	s.logGearOff(p, g, int(s.crew[p][m].card), s.id(g))
	s.removeMember(p, s.demolitionVictim(p), "discard", s.id(g))
}

// demolitionVictim: the member other than the Mastermind with fewest icons
// (the last such on ties) who may be caught (demolition_victim: free, only
// members out of jail) and leaves somebody free to attempt the Job; -1
// when there is none.
func (s *state) demolitionVictim(p int) int {
	out, up, _ := crewBits(&s.crew[p], s.ncrew[p])
	if s.g.params.DemolitionVictim == victimAny {
		out = 1<<uint(s.ncrew[p]) - 1
	}
	v, best := -1, 99
	for m := 1; m < s.ncrew[p]; m++ {
		if out&(1<<uint(m)) == 0 || up&^(1<<uint(m)) == 0 {
			continue
		}
		c := s.card(int(s.crew[p][m].card))
		if n := c.icons.Total(); n <= best {
			v, best = m, n
		}
	}
	return v
}

// requirement of job j with its face-up complications, for the current
// player (a Rival's Stash job names the leading rival's Mastermind): Require
// over the state's cards, without copying them.
func (s *state) requirement(j int) Requirement {
	var r Requirement
	s.reqInto(&r, j)
	return r
}

// reqInto writes requirement(j) into r.
func (s *state) reqInto(r *Requirement, j int) {
	icons, prestige, crewMax := s.reqPacked(j)
	r.Icons, r.Prestige, r.CrewMax = unpackIcons(icons), prestige, crewMax
}

// reqPacked is requirement with the icons packed (packIcons): scalars come
// back in registers, where a Requirement (an array inside) comes back
// through memory and its copies stall the loads that read it.
func (s *state) reqPacked(j int) (icons uint64, prestige, crewMax int) {
	js := &s.jobs[j]
	hot := s.g.hot
	// Icons add up lane by lane in the packed table (packIcons), so the
	// sums are Require's.
	jh := &hot[js.card]
	icons, crewMax = jh.jobIcons, jh.jobMax
	if jh.jobRivals {
		if rv := s.leadingRival(s.cur); rv >= 0 && s.ncrew[rv] > 0 {
			icons += hot[s.crew[rv][0].card].icons
		}
	}
	// r.add for each face-up complication.
	for k := 0; k < int(js.nc); k++ {
		if js.up[k] != 0 {
			h := &hot[js.comps[k]]
			icons += h.compIcons
			prestige += h.compPrestige
			if h.compMax > 0 && (crewMax == 0 || h.compMax < crewMax) {
				crewMax = h.compMax
			}
		}
	}
	return icons, prestige, crewMax
}

// leadingRival: the other seat with most Prestige in its collection, the
// first after p in turn order on ties.
func (s *state) leadingRival(p int) int {
	best := -1
	for k, r := 1, p; k < s.N; k++ {
		// r is (p+k) mod N, without a division.
		if r++; r == s.N {
			r = 0
		}
		if best < 0 || s.coll[r] > s.coll[best] {
			best = r
		}
	}
	return best
}

// members is the rules core's view of seat p's crew.
func (s *state) members(p int, buf *[maxCrew]Member) []Member {
	out := buf[:s.ncrew[p]]
	for m := range out {
		mb := s.crew[p][m]
		c := s.card(int(mb.card))
		out[m] = Member{Name: c.name, Icons: c.icons, Ability: c.ability, Fee: 0, FaceDown: mb.faceDown, Time: int(mb.time)}
		switch c.kind {
		case kindMastermind:
			out[m].Kind = Mastermind
		case kindMercenary:
			out[m].Kind, out[m].Fee = Mercenary, c.cost
		default:
			out[m].Kind = Crew
		}
		if mb.gear >= 0 {
			out[m].Gear = s.g.gearOf[mb.gear]
		}
	}
	return out
}

func (s *state) attempt(p, mask int) {
	j := s.heistJob
	js := &s.jobs[j]
	// The Requirement and Result stay in this frame, written in place:
	// copies of them, returned through memory, stalled the reads after.
	var req Requirement
	var res Result
	s.reqInto(&req, j)
	if err := s.sendInto(&res, p, mask, &req, &s.card(int(js.card)).job); err != nil {
		panic("hmm: illegal crew: " + err.Error())
	}
	// The members sent, a bit each, walked in order; kinds from the
	// tables, not the cards (a few hundred bytes each).
	sent := uint(mask) & (1<<uint(s.ncrew[p]) - 1)
	merc := &s.g.kindBits[kindMercenary]
	s.feeMask = 0
	for b := sent; b != 0; b &= b - 1 {
		m := bits.TrailingZeros(b)
		s.feeMask |= uint8(isIn(merc, s.crew[p][m].card) << uint(m))
	}
	jc := int(js.card)
	if s.Log != nil {
		s.logCrewSent(p, j, sent)
	}
	s.logAttempt(p, j, res)
	s.heat[p] += res.Heat
	if s.Log != nil { // the log's cause costs a card lookup
		s.logHeat("heat", p, res.Heat, res.Heat, s.id(jc))
	}
	// Single-use Gear is spent by the heist its carrier joined.
	for b := sent; b != 0; b &= b - 1 {
		m := bits.TrailingZeros(b)
		if g := s.crew[p][m].gear; g >= 0 && s.g.hot[g].singleUse {
			s.toDiscard(int(g))
			if s.Log != nil { // the log's cause costs a card lookup
				s.logGearOff(p, int(g), int(s.crew[p][m].card), s.id(jc))
			}
			s.crew[p][m].gear = -1
		}
	}
	if res.Complete {
		s.coll[p] += res.Prestige
		s.won[p]++
		s.collected++
		s.logPrestige(p, jc, res.Prestige)
		for k := 0; k < int(js.nc); k++ {
			s.compPile.Add(int(js.comps[k]))
			if s.Log != nil { // the log's cause costs a card lookup
				s.logMove("complication", int(js.owner), int(js.comps[k]), zFaceUp, zCompPile, s.id(jc))
			}
		}
		owner := js.owner
		*js = jobSlot{card: -1, owner: owner}
		s.push(task{kind: tJob, job: int8(j)})
		for k := 0; k < res.Resources; k++ {
			s.push(task{kind: tDraw, seat: int8(p), cause: int16(jc + 1)})
		}
	} else {
		s.Tally.Count(cntFailedHeists, 1)
		s.push(task{kind: tComp, job: int8(j)})
	}
	s.cont = contFees
	s.inCrew = false
}

// nextFee is the Mercenary whose fee is settled next: the highest member
// index, so removing it shifts no fee still due; -1 when none is due.
func (s *state) nextFee() int {
	for m := s.ncrew[s.cur] - 1; m >= 0; m-- {
		if s.feeMask&(1<<uint(m)) != 0 {
			return m
		}
	}
	return -1
}

// feeChoice: the current player decides the next fee, which they could pay
// but, with fee_refusable, may refuse ("If you can't or won't pay").
// Otherwise the fee is paid when the hand can, without a decision.
func (s *state) feeChoice() bool {
	m := s.nextFee()
	return m >= 0 && s.g.params.FeeRefusable && s.cash(s.cur, -1) >= s.card(int(s.crew[s.cur][m].card)).cost
}

// settleFee: member m's fee was paid, or the Mercenary leaves and the crew
// gains unpaid_fee_heat Heat (the same whether they could not or would not
// be paid).
func (s *state) settleFee(m int, paid bool) {
	p := s.cur
	ci := int(s.crew[p][m].card)
	c := s.card(ci)
	s.feeMask &^= 1 << uint(m)
	if paid {
		s.logFee(p, ci, "paid")
		return
	}
	s.Tally.Count(cntUnpaidFees, 1)
	if s.cash(p, -1) >= c.cost {
		s.logFee(p, ci, "refused")
	} else {
		s.logFee(p, ci, "unpaid")
	}
	s.removeMember(p, m, "quit", c.id)
	s.heat[p] += s.g.params.UnpaidFeeHeat
	s.logHeat("heat", p, s.g.params.UnpaidFeeHeat, s.g.params.UnpaidFeeHeat, c.id)
}

// revealed: a complication turned face up draws the extra ones it calls for.
func (s *state) revealed(j, c int) {
	for k := 0; k < s.card(c).comp.DrawMore; k++ {
		s.push(task{kind: tComp, job: int8(j), up: true})
	}
}

// sendResult is Attempt for seat p's members in mask (the members past
// the crew ignored, as attempt lists them), read from the state instead of
// members(): the same checks in the same order, the same sums, and
// Result.finish for the rest.
func (s *state) sendResult(p, mask int, req Requirement, jb *Job) (Result, error) {
	var res Result
	err := s.sendInto(&res, p, mask, &req, jb)
	return res, err
}

// sendInto is sendResult writing into res (zero), which the caller keeps
// in its frame.
func (s *state) sendInto(res *Result, p, mask int, req *Requirement, jb *Job) error {
	res.Required = req.Icons
	mask &= 1<<s.ncrew[p] - 1
	if n := bits.OnesCount(uint(mask)); req.CrewMax > 0 && n > req.CrewMax {
		return fmt.Errorf("%d members sent, at most %d allowed", n, req.CrewMax)
	}
	// The sums from the packed table (lanes add up alone), the first
	// greatest reduction kept as Attempt keeps it: a member's, then its
	// Gear's.
	hot := s.g.hot
	reduce, floor, fees := 0, 0, 0
	var prov uint64
	for m := 0; m < s.ncrew[p]; m++ {
		if mask&(1<<m) == 0 {
			continue
		}
		mb := s.crew[p][m]
		if mb.time > 0 || mb.faceDown {
			// What Attempt returns: the sums so far.
			res.Provided, res.Fees = unpackIcons(prov), fees
			return fmt.Errorf("%s cannot join a heist (jailed or face down)", s.card(int(mb.card)).name)
		}
		c := &hot[mb.card]
		prov += c.icons
		if c.kind == kindMercenary {
			fees += c.cost
		}
		if c.reduce > reduce {
			reduce, floor = c.reduce, c.floor
		}
		if mb.gear >= 0 {
			g := &hot[mb.gear]
			prov += g.icons
			if g.reduce > reduce {
				reduce, floor = g.reduce, g.floor
			}
		}
	}
	res.Provided, res.Fees = unpackIcons(prov), fees
	res.finish(jb, req, reduce, floor)
	return nil
}
