package masterminds

import (
	"fmt"

	"cardpress/engine"
)

// Weights of the heuristic evaluation, in points (a coloured gem is worth
// 3.5 on average: its owner's roll is a fair die).
const (
	colourGemValue = 3.5
	handCardValue  = 0.6
	cashValue      = 0.8
	recruitValue   = 0.8
	gearPointValue = 0.25
	// progress[m] is the share of a heist's TAKE that m marker dice on it
	// are worth: steps get harder and others may complete it first.
	opportunity = 0.5 // weight of the next step's chance of success
	stuckShare  = 0.3 // what progress is worth with no marker die free
	// completionBonus is a completed heist's TAKE before the gems are
	// drawn (they then count as gems).
	completionBonus = 1.0
)

var progress = [stepsPerHeist + 1]float64{0, 0.25, 0.5, 0.75, 1}

// Evaluate rates seat p's position for the heuristic bot: gems at their
// expected value, progress on heists, team, hand and cash, less the best
// other player's. A finished game is its score plus a large bonus for a win.
func (s *state) Evaluate(p engine.Player) float64 {
	q := int(p)
	if s.ended {
		return float64(s.score(q)) + 100*s.Won[q]
	}
	best := 0.0
	for o := 0; o < s.N; o++ {
		if o != q {
			best = max(best, s.value(o))
		}
	}
	return s.value(q) - 0.5*best
}

// avgGem is the expected value of a gem drawn from the bag now.
func (s *state) avgGem() float64 {
	n := s.bag.Len()
	if n == 0 {
		return 0
	}
	clear := s.bag.Count(kindClear)
	return (float64(n-clear)*colourGemValue + float64(clear*s.g.params.ClearGemValue)) / float64(n)
}

func (s *state) value(q int) float64 {
	g := s.g
	st := &s.seats[q]
	v := 0.0
	for k, n := range st.gems {
		if k == kindClear {
			v += float64(int(n) * g.params.ClearGemValue)
		} else {
			v += colourGemValue * float64(n)
		}
	}
	v += cashValue*float64(st.cash) + handCardValue*float64(min(st.hand.Len(), g.params.HandLimit))
	for r := 0; r < int(st.teamN); r++ {
		v += recruitValue
		if gr := st.team[r].gear; gr >= 0 {
			v += gearPointValue * float64(g.cards[gr].gearAmt)
		}
	}
	v += s.pending(q)
	gem := s.avgGem()
	cur := s.progressValue(q, -1, gem)
	if s.inAttempt && s.turn == q {
		p := s.attemptChance(q)
		return v + p*s.progressValue(q, s.atHeist, gem) + (1-p)*cur
	}
	v += cur
	if int(st.markers) >= g.params.MarkersPerPlayer {
		return v
	}
	// The best chance the team has at a next step, next turn.
	mask := s.teamMask(q)
	best := 0.0
	for h := 0; h < s.tableN; h++ {
		if s.table[h].open() && s.table[h].prog[q] < stepsPerHeist {
			gain := s.progressValue(q, h, gem) - cur
			best = max(best, gain*s.bestChance(q, h, mask))
		}
	}
	return v + opportunity*best
}

// pending values a recruit q is about to choose.
func (s *state) pending(q int) float64 {
	v := 0.0
	for i := 0; i < s.sp; i++ {
		t := &s.stack[i]
		if int(t.p) != q {
			continue
		}
		switch t.op {
		case opRecruitEffect, opBurnChoice:
			if int(s.seats[q].teamN) < s.g.params.TeamMax {
				v += recruitValue
			}
		}
	}
	return v
}

// progressValue is what q's marker dice on the heists are worth, with one
// more step won on heist extra (-1: none): a share of each heist's TAKE
// by the steps won, the TAKE itself for a completed heist. Progress on a
// heist q can no longer complete counts for little: with too few marker
// dice free, the dice sit there until somebody else completes the heist
// and wipes them.
func (s *state) progressValue(q, extra int, gem float64) float64 {
	g := s.g
	free := g.params.MarkersPerPlayer - int(s.seats[q].markers)
	var prog [maxHeists]int
	v := 0.0
	for h := 0; h < s.tableN; h++ {
		if !s.table[h].open() {
			continue
		}
		prog[h] = int(s.table[h].prog[q])
		if h == extra {
			prog[h]++
			free--
			if prog[h] >= stepsPerHeist {
				free += stepsPerHeist
				v += completionBonus * float64(g.cards[s.table[h].a].take) * gem
				prog[h] = 0
			}
		}
	}
	// Which heists q can still complete, completing the nearest first.
	var done [maxHeists]bool
	for changed := true; changed; {
		changed = false
		for h := 0; h < s.tableN; h++ {
			if !done[h] && prog[h] > 0 && free >= stepsPerHeist-prog[h] {
				done[h], changed = true, true
				free += prog[h]
			}
		}
	}
	for h := 0; h < s.tableN; h++ {
		m := prog[h]
		if m == 0 {
			continue
		}
		take := float64(g.cards[s.table[h].a].take) * gem
		w := take * progress[m]
		if s.matching(h, q) >= g.params.BonusGemMatching-1 {
			w += gem * 0.3 * float64(m) / stepsPerHeist
		}
		if !done[h] {
			w *= stuckShare
		}
		v += w
	}
	return v
}

// teamMask is every recruit of q that will be able to act next turn.
func (s *state) teamMask(q int) uint8 {
	st := &s.seats[q]
	var m uint8
	for r := 0; r < int(st.teamN); r++ {
		if st.team[r].flags&rStay == 0 {
			m |= 1 << r
		}
	}
	return m
}

// successChance is the chance that skill total t beats target x: a
// perfection above it, else a die roll.
func successChance(t, x int) float64 {
	if t > x {
		return 1
	}
	return float64(max(0, min(6, 6-(x-t)))) / 6
}

// bestChance is q's best chance at its next step of heist h with the
// recruits in mask (the best activate_max of them for the best skill).
func (s *state) bestChance(q, h int, mask uint8) float64 {
	if mask == 0 {
		return 0
	}
	st := s.stepOf(h, int(s.table[h].prog[q]))
	best := 0.0
	for _, sk := range st.skills {
		best = max(best, successChance(s.bestTotal(q, sk, mask), st.target))
	}
	return best
}

// bestTotal is the highest skill total activate_max recruits of mask reach.
func (s *state) bestTotal(q, sk int, mask uint8) int {
	var vals [maxTeam]int
	n := 0
	for r := 0; r < int(s.seats[q].teamN); r++ {
		if mask&(1<<r) != 0 {
			vals[n] = s.skillOf(q, r, sk, true)
			n++
		}
	}
	// Insertion sort, largest first: at most maxTeam values.
	for i := 1; i < n; i++ {
		for j := i; j > 0 && vals[j] > vals[j-1]; j-- {
			vals[j], vals[j-1] = vals[j-1], vals[j]
		}
	}
	t := 0
	for i := 0; i < n && i < s.g.params.ActivateMax; i++ {
		t += vals[i]
	}
	return t
}

// attemptChance is the chance the attempt in progress succeeds, as far as
// it has gone.
func (s *state) attemptChance(q int) float64 {
	target := s.currentStep().target
	switch {
	case !s.activated:
		return successChance(s.bestTotal(q, s.atSkill, s.available(q)), target)
	case s.result == resSuccess:
		return 1
	case s.result != resNone:
		return 0
	case s.rolled:
		if s.total+s.roll > target {
			return 1
		}
		return 0
	}
	return successChance(s.total, target)
}

// CheckInvariants: gems, cards and Starter Cash are conserved, and marker
// dice stay within each player's supply and match their heist progress.
func (s *state) CheckInvariants() error {
	g := s.g
	gems := s.bag.Len()
	for q := 0; q < s.N; q++ {
		gems += s.gemCount(q)
	}
	if gems != s.bagTotal {
		return fmt.Errorf("gems not conserved: bag %d + players %d != %d", s.bag.Len(), gems-s.bag.Len(), s.bagTotal)
	}
	prep := s.prepDeck.Len() + s.prepDiscard.Len() + s.resolving
	talent := s.talentDeck.Len() + s.talentDiscard.Len() + s.poolN
	if s.burnCard >= 0 {
		talent++
	}
	heist := s.heistDeck.Len() + s.qLen
	cash := s.cashSupply
	colours := s.colourDeck.Len()
	for h := 0; h < s.tableN; h++ {
		sl := &s.table[h]
		if sl.a >= 0 {
			heist++
		}
		if sl.b >= 0 {
			heist++
		}
	}
	for q := 0; q < s.N; q++ {
		st := &s.seats[q]
		prep += st.hand.Len()
		talent += int(st.teamN)
		heist += int(st.heists)
		cash += int(st.cash) + int(st.flipped)
		if st.card >= 0 {
			colours++
		}
		if int(st.teamN) > g.params.TeamMax {
			return fmt.Errorf("seat %d has %d recruits, more than team_max %d", q+1, st.teamN, g.params.TeamMax)
		}
		for r := 0; r < int(st.teamN); r++ {
			if st.team[r].gear >= 0 {
				prep++
			}
		}
		if st.markers < 0 || int(st.markers) > g.params.MarkersPerPlayer {
			return fmt.Errorf("seat %d has %d marker dice out; markers_per_player is %d", q+1, st.markers, g.params.MarkersPerPlayer)
		}
		placed := 0
		for h := 0; h < s.tableN; h++ {
			m := int(s.table[h].prog[q])
			if m > stepsPerHeist || (m == stepsPerHeist && !(s.completing == h && s.table[h].open())) {
				return fmt.Errorf("seat %d has %d markers on heist %d", q+1, m, h+1)
			}
			if m > 0 && !s.table[h].open() {
				return fmt.Errorf("seat %d has markers on heist slot %d, which is empty", q+1, h+1)
			}
			placed += m
		}
		if placed != int(st.markers) {
			return fmt.Errorf("seat %d has %d marker dice out but %d on heists", q+1, st.markers, placed)
		}
	}
	switch {
	case prep != g.copiesOf.prep:
		return fmt.Errorf("Prep cards not conserved: %d in play, %d in the data", prep, g.copiesOf.prep)
	case talent != g.copiesOf.talent:
		return fmt.Errorf("Talent cards not conserved: %d in play, %d in the data", talent, g.copiesOf.talent)
	case heist != g.copiesOf.heist:
		return fmt.Errorf("Heist cards not conserved: %d in play, %d in the data", heist, g.copiesOf.heist)
	case s.failDeck.Len()+s.failDiscard.Len() != g.copiesOf.failure:
		return fmt.Errorf("Failure cards not conserved: %d in play, %d in the data", s.failDeck.Len()+s.failDiscard.Len(), g.copiesOf.failure)
	case colours != len(g.masterminds):
		return fmt.Errorf("Mastermind cards not conserved: %d in play, %d in the data", colours, len(g.masterminds))
	case cash != g.cashCopies:
		return fmt.Errorf("Starter Cash not conserved: %d in play, %d in the data", cash, g.cashCopies)
	}
	return nil
}
