package masterminds

import (
	"encoding/binary"
	"fmt"
	"math/bits"

	"github.com/cardpress/cardpress/engine"
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
//
// The heuristic bot calls it after every look-ahead move, so it is most of
// what a report's heuristic games cost: what every seat's value shares (the
// gem's expected value) is worked out once, and each seat's heist numbers
// once (heistView). Every float is computed by the same operations in the
// same order as the plain formulas, so the ratings are bit-for-bit those.
func (s *state) Evaluate(p engine.Player) float64 {
	q := int(p)
	if s.ended {
		return float64(s.score(q)) + 100*s.Won[q]
	}
	gem := s.avgGem()
	best := 0.0
	for o := 0; o < s.N; o++ {
		if o != q {
			best = max(best, s.value(o, gem))
		}
	}
	return s.value(q, gem) - 0.5*best
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

// value rates seat q's own position; gem is avgGem.
func (s *state) value(q int, gem float64) float64 {
	g := s.g
	st := &s.seats[q]
	// Gems: one product per kind of gem. Every term and partial sum is a
	// multiple of 0.5 far below 2^52, so they are exact and adding the
	// colours' count first gives the very sum a kind-by-kind loop gives.
	clearN := int(st.gems[kindClear])
	v := colourGemValue*float64(s.gemCount(q)-clearN) + float64(clearN*g.params.ClearGemValue)
	v += cashValue*float64(st.cash) + handCardValue*float64(min(st.hand.Len(), g.params.HandLimit))
	for r := 0; r < int(st.teamN); r++ {
		v += recruitValue
		if gr := st.gear[r]; gr >= 0 {
			v += gearPointValue * float64(g.cards[gr].gearAmt)
		}
	}
	v += s.pending(q)
	var hv heistView
	s.viewHeists(q, gem, &hv)
	cur := hv.progressValue(-1)
	if s.inAttempt && s.turn == q {
		p := s.attemptChance(q)
		return v + p*hv.progressValue(s.atHeist) + (1-p)*cur
	}
	v += cur
	if int(st.markers) >= g.params.MarkersPerPlayer {
		return v
	}
	// The best chance the team has at a next step, next turn.
	mask := s.teamMask(q)
	var totals skillTotals
	best := 0.0
	// A chance is at most 1 and best at least 0, so a heist whose gain is
	// no more than best (or a team with nobody free, whose chances are 0)
	// cannot raise best: its chance is not worked out.
	for h := 0; h < s.tableN && mask != 0; h++ {
		if hv.open&(1<<h) != 0 && hv.prog[h] < stepsPerHeist {
			if gain := hv.progressValue(h) - cur; gain > best {
				best = max(best, gain*s.bestChance(q, h, mask, &totals))
			}
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

// heistView is what progressValue reads of the heists for one seat, read
// once: value asks it once plus once per open heist. Sets of heists are
// bit masks (bit h: slot h), walked in slot order like the table.
type heistView struct {
	n    int     // heist slots on the table
	free int     // the seat's marker dice not on a heist
	gem  float64 // avgGem
	open uint8   // slots with a heist laid out
	held uint8   // open slots where the seat has marker dice
	// nearBonus: the seat's dice on the heist are one match short of the
	// bonus gem (or more).
	nearBonus uint8
	// prog is the seat's marker dice on each open heist (0 on an empty
	// slot), take the heist's TAKE times the gem's value.
	prog [maxHeists]int8
	take [maxHeists]float64
}

func (s *state) viewHeists(q int, gem float64, hv *heistView) {
	g := s.g
	hv.n, hv.gem = s.tableN, gem
	hv.free = g.params.MarkersPerPlayer - int(s.seats[q].markers)
	for h := 0; h < s.tableN; h++ {
		sl := &s.table[h]
		if !sl.open() {
			continue
		}
		hv.open |= 1 << h
		if sl.prog[q] > 0 {
			hv.held |= 1 << h
		}
		hv.prog[h] = int8(sl.prog[q])
		hv.take[h] = float64(g.cards[sl.a].take) * gem
		if s.matching(h, q) >= g.params.BonusGemMatching-1 {
			hv.nearBonus |= 1 << h
		}
	}
}

// progressValue is what the seat's marker dice on the heists are worth,
// with one more step won on heist extra (-1: none): a share of each
// heist's TAKE by the steps won, the TAKE itself for a completed heist.
// Progress on a heist the seat can no longer complete counts for little:
// with too few marker dice free, the dice sit there until somebody else
// completes the heist and wipes them.
func (hv *heistView) progressValue(extra int) float64 {
	free := hv.free
	prog := hv.prog
	held := hv.held
	v := 0.0
	if extra >= 0 && extra < hv.n && hv.open&(1<<extra) != 0 {
		prog[extra]++
		free--
		held |= 1 << extra
		if prog[extra] >= stepsPerHeist {
			free += stepsPerHeist
			v += completionBonus * hv.take[extra]
			prog[extra] = 0
			held &^= 1 << extra
		}
	}
	// Which heists the seat can still complete, completing the nearest
	// first: passes in slot order until none is added.
	var done uint8
	for changed := true; changed; {
		changed = false
		for m := held &^ done; m != 0; m &= m - 1 {
			h := bits.TrailingZeros8(m)
			if p := int(prog[h]); free >= stepsPerHeist-p {
				done |= 1 << h
				changed = true
				free += p
			}
		}
	}
	for m := held; m != 0; m &= m - 1 {
		h := bits.TrailingZeros8(m)
		p := int(prog[h])
		take := hv.take[h]
		w := take * progress[p]
		if hv.nearBonus&(1<<h) != 0 {
			w += hv.gem * 0.3 * float64(p) / stepsPerHeist
		}
		if done&(1<<h) == 0 {
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

// skillTotals caches bestTotal per skill for one mask: value asks the
// best chance at every open heist, whose steps share skills.
type skillTotals struct {
	known uint8 // skills worked out
	total [nSkills]int
}

// bestChance is q's best chance at its next step of heist h with the
// recruits in mask (the best activate_max of them for the best skill);
// tot holds the totals of mask worked out so far.
func (s *state) bestChance(q, h int, mask uint8, tot *skillTotals) float64 {
	if mask == 0 {
		return 0
	}
	st := s.stepOf(h, int(s.table[h].prog[q]))
	best := 0.0
	for _, sk := range st.skills {
		if tot.known&(1<<sk) == 0 {
			tot.known |= 1 << sk
			tot.total[sk] = s.bestTotal(q, sk, mask)
		}
		best = max(best, successChance(tot.total[sk], st.target))
	}
	return best
}

// bestTotal is the highest skill total activate_max recruits of mask reach.
func (s *state) bestTotal(q, sk int, mask uint8) int {
	var vals [maxTeam]int
	n := 0
	for m := mask & (1<<s.seats[q].teamN - 1); m != 0; m &= m - 1 {
		vals[n] = s.skillOf(q, bits.TrailingZeros8(m), sk, true)
		n++
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
//
// The runner asks after every move, so it recounts only what the move
// changed. Each invariant is a ledger group (state.go) whose fields are
// tagged with it, and every write to a tagged field marks its group dirty
// first (TestLedgerMarks holds the code to that). A group left clean since
// the last passing check still holds: its fields are the same. The dirty
// groups go through a quick screen (groupsHold), and the full check
// (invariantError) runs only when the screen finds something amiss, to
// name the first broken invariant as always. The screen fails whenever the
// full check's tests on those groups fail (and on a heist being completed,
// or on a seat's gem count above 15, which the full check then clears), so
// the check fails at the same move as a recount of everything would;
// TestInvariantScreen breaks states in every way the full check tests and
// holds the screen to that. Groups are cleared only when the screen passes:
// a pass of the full check alone (a heist being completed) may rest on more
// than the ledger's fields.
func (s *state) CheckInvariants() error {
	d := s.dirty
	if d == 0 {
		return nil
	}
	if s.groupsHold(d) {
		s.dirty = 0
		return nil
	}
	return s.invariantError()
}

// invariantsHold is the screen of every group, as after Reset.
func (s *state) invariantsHold() bool { return s.groupsHold(ledgerAll) }

// groupsHold reports whether the invariants of the groups in d hold,
// the most often changed first. It may fail on a state that is fine: then
// invariantError decides.
func (s *state) groupsHold(d uint8) bool {
	return (d&ledgerPrep == 0 || s.prepHolds()) &&
		(d&ledgerTalent == 0 || s.talentHolds()) &&
		(d&ledgerFailure == 0 || s.failDeck.Len()+s.failDiscard.Len() == s.g.copiesOf.failure) &&
		(d&ledgerGems == 0 || s.gemsHold()) &&
		(d&ledgerMarkers == 0 || s.markersHold()) &&
		(d&ledgerHeist == 0 || s.heistsHold()) &&
		(d&ledgerColour == 0 || s.coloursHold()) &&
		(d&ledgerCash == 0 || s.cashHolds())
}

// prepHolds: the Prep cards in the decks, being resolved, in hands and on
// recruits as Gear add up. The Gear slots' sign bits are read four to a
// word (slots past the team masked off, so a stale Gear there cannot
// stand in for a lost one) and added in 16-bit lanes. The team's size is
// in range: it is in the talent group too, which checks it whenever it
// changes.
func (s *state) prepHolds() bool {
	n := s.prepDeck.Len() + s.prepDiscard.Len() + s.resolving
	var gear uint64
	for q := range s.seats[:s.N] {
		st := &s.seats[q]
		lanes := &gearLanes[st.teamN&7]
		n += st.hand.Len()
		gear += (^gearWord(st.gear[:4])&lanes[0])>>15 + (^gearWord(st.gear[4:])&lanes[1])>>15
	}
	return n+int(gear*laneSum>>48) == s.g.copiesOf.prep
}

// gearWord is four Gear slots as one word, slot i in 16-bit lane i: the
// compiler loads it at once, as one 8-byte read (a loop over the slots
// cost 4-5% of lint's path).
func gearWord(g []int16) uint64 {
	return uint64(uint16(g[0])) | uint64(uint16(g[1]))<<16 | uint64(uint16(g[2]))<<32 | uint64(uint16(g[3]))<<48
}

// laneSum adds the four 16-bit lanes of a word into the top one.
const laneSum = 0x0001000100010001

// talentHolds: the Talent cards add up, and no team is above team_max.
func (s *state) talentHolds() bool {
	n := s.talentDeck.Len() + s.talentDiscard.Len() + s.poolN + nonNegative(s.burnCard)
	limit := uint(s.g.params.TeamMax)
	for q := range s.seats[:s.N] {
		t := s.seats[q].teamN
		if uint(t) > limit {
			return false
		}
		n += int(t)
	}
	return n == s.g.copiesOf.talent
}

// gemsHold: the gems with the seats and in the bag add up. The seats' gem
// counts are summed a byte each, two words per seat: no byte above 15
// means no sum carries (6 seats of two words of 15 stay below 256).
func (s *state) gemsHold() bool {
	var gems, seen uint64
	for q := range s.seats[:s.N] {
		lo, hi := binary.LittleEndian.Uint64(s.seats[q].gems[:8]), binary.LittleEndian.Uint64(s.seats[q].gems[8:])
		gems += lo + hi
		seen |= lo | hi
	}
	return seen&nibbleHigh == 0 && byteSum(gems)+s.bag.Len() == s.bagTotal
}

// markersHold: each seat's marker dice out are within
// markers_per_player and are those on the heists, none on an empty slot
// and fewer than stepsPerHeist on any (a full heist is only fine while it
// is being completed: the full check decides). The dice on a heist are
// read a byte per seat (the seats playing are the low s.N bytes); no lane
// carries into the next, as a lane of 4 or more fails and a sum of 3s
// over maxHeists fits a byte.
func (s *state) markersHold() bool {
	var out uint64
	limit := uint(s.g.params.MarkersPerPlayer)
	for q := range s.seats[:s.N] {
		m := s.seats[q].markers
		if uint(m) > limit {
			return false
		}
		out |= uint64(m) << (8 * q)
	}
	laneMask := uint64(1)<<(8*s.N) - 1
	var placed, bad uint64
	for h := range s.table[:s.tableN] {
		sl := &s.table[h]
		x := binary.LittleEndian.Uint64(sl.prog[:]) & laneMask
		bad |= x & laneFull
		if !sl.open() {
			bad |= x
		}
		placed += x
	}
	return bad == 0 && placed == out
}

// laneFull has bits 2-7 of each byte lane of the marker dice: a lane that
// shows one holds stepsPerHeist (4) dice or more.
const laneFull = 0xFCFCFCFCFCFCFCFC

var _ [stepsPerHeist - 4]struct{} // laneFull is 4 and up
var _ [4 - stepsPerHeist]struct{}

// heistsHold: the Heist cards in the deck, queued for its bottom, laid out
// and completed add up.
func (s *state) heistsHold() bool {
	n := s.heistDeck.Len() + s.qLen
	for h := range s.table[:s.tableN] {
		n += nonNegative(s.table[h].a) + nonNegative(s.table[h].b)
	}
	for q := range s.seats[:s.N] {
		n += int(s.seats[q].heists)
	}
	return n == s.g.copiesOf.heist
}

// coloursHold: every Mastermind card is in the deck or with a seat.
func (s *state) coloursHold() bool {
	n := s.colourDeck.Len()
	for q := range s.seats[:s.N] {
		n += nonNegative(s.seats[q].card)
	}
	return n == len(s.g.masterminds)
}

// cashHolds: the Starter Cash with the seats, flipped or not, and in the
// supply adds up.
func (s *state) cashHolds() bool {
	n := s.cashSupply
	for q := range s.seats[:s.N] {
		n += int(s.seats[q].cash) + int(s.seats[q].flipped)
	}
	return n == s.g.cashCopies
}

// nibbleHigh flags a byte above 15, or negative.
const nibbleHigh = 0xF0F0_F0F0_F0F0_F0F0

// No sum of the seats' gem bytes of at most 15 carries (gemsHold reads
// the 16 kinds as two words, as gemCount does).
var _ [255 - 2*maxSeats*15]struct{}

// gearLanes[n] selects the sign bits of Gear slots 0 to n-1 in the two
// words of seat.gear: slots 0-3 in the first, 4-7 in the second.
var gearLanes = func() (m [8][2]uint64) {
	for n := range m {
		for r := 0; r < n; r++ {
			m[n][r/4] |= 0x8000 << (16 * (r % 4))
		}
	}
	return
}()

var _ [8 - maxTeam]struct{} // seat.gear has a slot per recruit

// nonNegative is 1 for a card (c >= 0), 0 for none (-1), without a branch.
func nonNegative(c int16) int { return int(^uint16(c) >> 15) }

// invariantError is the full check: the first invariant broken, or nil.
// Kept out of line: inlined into CheckInvariants, its registers would
// spill the screen's loops to the stack.
//
//go:noinline
func (s *state) invariantError() error {
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
			if st.gear[r] >= 0 {
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
