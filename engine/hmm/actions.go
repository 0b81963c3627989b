// Legal actions: what the player to move may do at each decision.

package hmm

import (
	"math/bits"
	"slices"

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
	case phFee:
		m := engine.Action(s.nextFee())
		buf = append(buf, actPayFee+m, actRefuseFee+m)
	case phHire:
		buf = s.hireActions(buf)
		buf = append(buf, actStopHire)
	case phMain:
		buf = s.turnActions(buf, true)
		if len(buf) == start {
			buf = append(buf, actEndTurn)
		}
	}
	sortActions(buf[start:])
	return buf
}

func sortActions(a []engine.Action) { slices.Sort(a) }

// turnActions lists the actions of the turn; free adds Events and
// maneuvers (which are not actions).
func (s *state) turnActions(buf []engine.Action, free bool) []engine.Action {
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
		for j := 0; j < s.njobs; j++ {
			js := &s.jobs[j]
			if js.card < 0 {
				continue
			}
			for k := 0; k < int(js.nc); k++ {
				if !js.up[k] && js.known[k]&(1<<uint(p)) == 0 {
					buf = append(buf, actLegwork+engine.Action(j*maxComp+k))
				}
			}
		}
	}
	if s.done&doHeist == 0 {
		anyFree := false
		for m := 0; m < s.ncrew[p]; m++ {
			anyFree = anyFree || s.available(p, m)
		}
		if anyFree {
			for j := 0; j < s.njobs; j++ {
				if s.jobs[j].card >= 0 {
					buf = append(buf, actHeist+engine.Action(j))
				}
			}
		}
	}
	if s.done&doHire == 0 {
		buf = s.hireActions(buf)
	}
	if free {
		var cards [engine.MaxDeck]engine.Action
		for _, c := range s.hand[p].Distinct(cards[:0]) {
			if s.card(int(c)).kind == kindEvent {
				buf = append(buf, actEvent+c)
			}
		}
		for m := 0; m < s.ncrew[p]; m++ {
			c := s.card(int(s.crew[p][m].card))
			if c.kind == kindMercenary && s.available(p, m) {
				if s.cash(p, -1) >= c.cost {
					buf = append(buf, actManeuver+engine.Action(m))
				}
			}
		}
	}
	return buf
}

func (s *state) hasHire() bool {
	var buf [64]engine.Action
	return len(s.hireActions(buf[:0])) > 0
}

// cash is the cash value of seat p's hand, one copy of card except left
// out (-1: none). Paying gives no change, so any hand worth the cost can pay.
func (s *state) cash(p, except int) int {
	n := 0
	for k := 0; k < s.hand[p].Len(); k++ {
		n += s.card(s.hand[p].At(k)).cost
	}
	if except >= 0 {
		n -= s.card(except).cost
	}
	return n
}

// handCash lists the cash values of seat p's hand, one copy of card except
// left out (-1: none), with the card of each value.
func (s *state) handCash(p, except int, vals, cards []int) ([]int, []int) {
	skipped := false
	for k := 0; k < s.hand[p].Len(); k++ {
		c := s.hand[p].At(k)
		if c == except && !skipped {
			skipped = true
			continue
		}
		vals = append(vals, s.card(c).cost)
		cards = append(cards, c)
	}
	return vals, cards
}

func (s *state) hireActions(buf []engine.Action) []engine.Action {
	p := s.cur
	limit := s.g.params.CrewLimit
	var cards [engine.MaxDeck]engine.Action
	for _, ca := range s.hand[p].Distinct(cards[:0]) {
		c := int(ca)
		cd := s.card(c)
		switch cd.kind {
		case kindCrew, kindMercenary:
			if cd.kind == kindCrew {
				if s.cash(p, c) < cd.cost {
					continue
				}
			}
			if s.ncrew[p] < limit {
				buf = append(buf, actHire+engine.Action(c*8+noSlot))
				continue
			}
			for m := 1; m < s.ncrew[p]; m++ {
				buf = append(buf, actHire+engine.Action(c*8+m))
			}
		case kindGear:
			if s.cash(p, c) < cd.cost {
				continue
			}
			for m := 0; m < s.ncrew[p]; m++ {
				if s.crew[p][m].gear < 0 && s.crew[p][m].time == 0 {
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

// crewChoices are the masks of the crews a player may send (see
// crewActions): the best crew, then the best without Mercenaries when it
// differs.
func (s *state) crewChoices(p int) ([2]int, int) {
	j := s.heistJob
	req := s.requirement(j)
	jb := s.card(int(s.jobs[j].card)).job
	var crew, noMerc [maxCrew]Member
	all := s.members(p, &crew)
	var buf [maxCrew]int
	mask := func(sent []int) int {
		m := 0
		for _, i := range sent {
			m |= 1 << uint(i)
		}
		return m
	}
	best, _ := bestCrew(jb, req, all, s.g.params.CrewLimit, buf[:0])
	out, n := [2]int{mask(best)}, 1
	// Without Mercenaries: mark them unavailable.
	without := noMerc[:copy(noMerc[:], all)]
	hasMerc := false
	for i := range without {
		if without[i].Kind == Mercenary {
			without[i].FaceDown = true
			hasMerc = true
		}
	}
	if hasMerc {
		if sent, _ := bestCrew(jb, req, without, s.g.params.CrewLimit, buf[:0]); mask(sent) != out[0] {
			out[1], n = mask(sent), 2
		}
	}
	return out, n
}

// mainActions says whether the current player has an action left: a turn
// is actions_per_turn different actions, so the turn ends after the last.
func (s *state) mainActions() bool {
	if bits.OnesCount8(s.done) >= s.g.params.ActionsPerTurn {
		return false
	}
	var buf [64]engine.Action
	return len(s.turnActions(buf[:0], false)) > 0
}
