// Package hmm plays Heist Masterminds
// (shared/rulebooks/004_5bc117b152ac0e39.txt). This file is the rules core
// the state machine (state.go and its siblings) calls: skill icons, the
// heist resolution (exact skills, substitutions, shortfall), the best crew,
// payment without change and the winners. Turns, Heat and jail, Time and
// the end round live in the state machine only. engine/hmm/RULES.md records
// every decision the book leaves open.
package hmm

import (
	"fmt"
	"github.com/cardpress/cardpress/engine"
	"math/bits"
	"slices"
)

// Skill is one of the book's three skill and difficulty icons.
type Skill int

const (
	Force Skill = iota
	Stealth
	Tech
	numSkills
)

var skillNames = [numSkills]string{"Force", "Stealth", "Tech"}

func (s Skill) String() string { return skillNames[s] }

// Icons counts skill icons by type.
type Icons [numSkills]int

// Total is the number of icons regardless of type.
func (ic Icons) Total() int { return ic[Force] + ic[Stealth] + ic[Tech] }

// Plus adds two counts.
func (ic Icons) Plus(o Icons) Icons {
	for s := range ic {
		ic[s] += o[s]
	}
	return ic
}

// String prints "2 Force, 1 Stealth" (types with no icon left out; "none").
func (ic Icons) String() string {
	out := ""
	for s := Skill(0); s < numSkills; s++ {
		if ic[s] == 0 {
			continue
		}
		if out != "" {
			out += ", "
		}
		out += fmt.Sprintf("%d %s", ic[s], s)
	}
	if out == "" {
		return "none"
	}
	return out
}

// MemberKind is what sits in a crew slot.
type MemberKind int

const (
	Mastermind MemberKind = iota
	Crew
	Mercenary
)

// Ability is a structured crew, Mastermind or Gear ability. Only the parts
// the heist resolution reads are here; every field is zero when unused.
type Ability struct {
	// HeatReduction lowers the Heat a heist gives by this much, to a minimum
	// of HeatMin (Getaway Driver: 1, minimum 1).
	HeatReduction int
	HeatMin       int
}

// Member is one crew slot: the Mastermind, a Crew card or a Mercenary.
type Member struct {
	Name    string
	Kind    MemberKind
	Icons   Icons
	Ability Ability
	// Gear is the one piece of Gear the member carries (nil: none).
	Gear *Gear
	// Fee is a Mercenary's fee, paid each job it helps with or maneuver.
	Fee int
	// FaceDown: a Mercenary that used its maneuver this turn.
	FaceDown bool
	// Time > 0: jailed, with this many Time tokens left.
	Time int
}

// Gear is a Gear card assigned to a member.
type Gear struct {
	Name    string
	Icons   Icons
	Ability Ability
}

// Jailed says whether the member is in jail.
func (m *Member) Jailed() bool { return m.Time > 0 }

// Available says whether the member can join a heist: not jailed and not a
// face-down Mercenary.
func (m *Member) Available() bool { return !m.Jailed() && !m.FaceDown }

// Skills are the icons the member brings, Gear included.
func (m *Member) Skills() Icons {
	if m.Gear != nil {
		return m.Icons.Plus(m.Gear.Icons)
	}
	return m.Icons
}

// Complication is a Complication card.
type Complication struct {
	Name     string
	Icons    Icons // added to the job's difficulty
	Prestige int   // one Prestige token each on completion
	DrawMore int   // Tight Quarters: draw this many more, face up, on reveal
	CrewMax  int   // Tight Quarters: at most this many members (0: no limit)
}

// Job is a Job card.
type Job struct {
	Name       string
	Difficulty Icons
	FaceUp     int // face-up complications dealt with the job
	FaceDown   int // face-down complications dealt with the job
	Reward     int // Resource cards on completion
	Prestige   int
	Heat       int // Heat gained by completing it
	CrewMax    int // a restriction: at most this many members (0: none)
	// RivalStash: the difficulty is a rival Mastermind's three base skills
	// (FAQ: the Mastermind's base skills only, no Gear).
	RivalStash bool
}

// Requirement is a job's total difficulty once its complications are
// revealed, with the crew limit its restrictions and complications set.
type Requirement struct {
	Icons    Icons
	Prestige int // Prestige tokens from complications
	CrewMax  int // 0: only the crew limit
}

// Require adds the revealed complications to a job. rival is the rival
// Mastermind's base skills for a Rival's Stash job (ignored otherwise).
func Require(j Job, comps []Complication, rival Icons) Requirement {
	r := Requirement{Icons: j.Difficulty, CrewMax: j.CrewMax}
	if j.RivalStash {
		r.Icons = r.Icons.Plus(rival)
	}
	for i := range comps {
		r.add(&comps[i])
	}
	return r
}

// add counts one revealed complication in the requirement.
func (r *Requirement) add(c *Complication) {
	r.Icons = r.Icons.Plus(c.Icons)
	r.Prestige += c.Prestige
	if c.CrewMax > 0 && (r.CrewMax == 0 || c.CrewMax < r.CrewMax) {
		r.CrewMax = c.CrewMax
	}
}

// Result is the outcome of one heist attempt.
type Result struct {
	Required, Provided Icons
	// Short is the number of icons missing (a failure when > 0);
	// Substitutions the icons of the wrong type used (a success).
	Short, Substitutions int
	Complete             bool
	// Heat gained, after abilities (Getaway Driver) and the job's own Heat.
	Heat int
	// Prestige: the job's plus one per complication Prestige (0 on failure).
	Prestige  int
	Resources int // Resource cards drawn as the reward (0 on failure)
	Fees      int // Mercenary fees due for the members sent
}

// Attempt resolves a heist by the members sent (indices into crew). It
// reports an error for a crew the rules do not allow (jailed or face-down
// members, more than the crew maximum, a member twice).
func Attempt(j Job, req Requirement, crew []Member, sent []int) (Result, error) {
	res := Result{Required: req.Icons}
	if req.CrewMax > 0 && len(sent) > req.CrewMax {
		return res, fmt.Errorf("%d members sent, at most %d allowed", len(sent), req.CrewMax)
	}
	var seen uint64 // crews are far smaller than 64
	reduce, floor := 0, 0
	for _, i := range sent {
		if i < 0 || i >= len(crew) || i >= 64 || seen&(1<<uint(i)) != 0 {
			return res, fmt.Errorf("bad crew member %d", i)
		}
		seen |= 1 << uint(i)
		m := &crew[i]
		if !m.Available() {
			return res, fmt.Errorf("%s cannot join a heist (jailed or face down)", m.Name)
		}
		res.Provided = res.Provided.Plus(m.Skills())
		res.Fees += m.Fee
		for _, a := range [2]Ability{m.Ability, gearAbility(m)} {
			if a.HeatReduction > reduce {
				reduce, floor = a.HeatReduction, a.HeatMin
			}
		}
	}
	res.finish(&j, &req, reduce, floor)
	return res, nil
}

// finish works out an attempt's outcome from the icons provided and the
// greatest Heat reduction of the crew (with its floor).
func (res *Result) finish(j *Job, req *Requirement, reduce, floor int) {
	need, have := req.Icons.Total(), res.Provided.Total()
	heat := 0
	if have < need {
		res.Short = need - have
		heat = res.Short
	} else {
		exact := 0
		for s := range req.Icons {
			exact += min(req.Icons[s], res.Provided[s])
		}
		res.Substitutions = need - exact
		res.Complete = true
		heat = res.Substitutions + j.Heat
		res.Prestige = j.Prestige + req.Prestige
		res.Resources = j.Reward
	}
	if heat > 0 && reduce > 0 {
		heat = max(heat-reduce, floor)
	}
	res.Heat = heat
}

func gearAbility(m *Member) Ability {
	if m.Gear == nil {
		return Ability{}
	}
	return m.Gear.Ability
}

// Best is the crew a player would send: complete if possible, then least
// Heat, then least fees, then fewest members; among failures, least short.
// It returns the members sent (sorted) and the result.
func Best(j Job, req Requirement, crew []Member, crewLimit int) ([]int, Result) {
	return bestCrew(j, req, crew, crewLimit, nil)
}

// bestCrew is Best, appending the crew sent to into (a caller's buffer, so
// smoke games allocate nothing).
func bestCrew(j Job, req Requirement, crew []Member, crewLimit int, into []int) ([]int, Result) {
	var availBuf [64]int
	avail := availBuf[:0]
	for i := range crew {
		if crew[i].Available() {
			avail = append(avail, i)
		}
	}
	maxSent := crewLimit
	if req.CrewMax > 0 && req.CrewMax < maxSent {
		maxSent = req.CrewMax
	}
	best := into[:0]
	var bestRes Result
	found := false
	var buf [64]int
	for mask := 1; mask < 1<<len(avail); mask++ {
		sent := buf[:0]
		for k, i := range avail {
			if mask&(1<<k) != 0 {
				sent = append(sent, i)
			}
		}
		if len(sent) > maxSent {
			continue
		}
		res, err := Attempt(j, req, crew, sent)
		if err != nil {
			continue
		}
		if !found || better(res, len(sent), bestRes, len(best)) {
			best, bestRes, found = append(best[:0], sent...), res, true
		}
	}
	slices.Sort(best)
	return best, bestRes
}

func better(a Result, na int, b Result, nb int) bool {
	if a.Complete != b.Complete {
		return a.Complete
	}
	if !a.Complete && a.Short != b.Short {
		return a.Short < b.Short
	}
	if a.Heat != b.Heat {
		return a.Heat < b.Heat
	}
	if a.Fees != b.Fees {
		return a.Fees < b.Fees
	}
	return na < nb
}

// Pay chooses cards from a hand of cash values to pay cost: the payment
// that wastes least (no change is given), then uses fewest cards, then the
// earliest cards. It returns the indices paid, or ok=false when the whole
// hand is not enough. Values and cost are whole dollars; the search is over
// sums in steps of their greatest common divisor.
func Pay(values []int, cost int) (paid []int, ok bool) {
	return payInto(values, cost, nil)
}

// maxPaySums bounds the sums payInto works out on the stack; a larger
// search (costs far above any shipped card) uses the heap.
const maxPaySums = 256

// payInto is Pay, appending the indices paid to into (a caller's
// buffer).
func payInto(values []int, cost int, into []int) (paid []int, ok bool) {
	paid = into[:0]
	if cost <= 0 {
		return paid, true
	}
	total, most := 0, 0
	for _, v := range values {
		total += v
		most = max(most, v)
	}
	if total < cost {
		return paid, false
	}
	// The least wasteful payment is below cost + its smallest card (else
	// that card could stay in hand), so no sum beyond cost + most - 1
	// matters.
	if len(values) <= payFew {
		// Every sum of values is a multiple of the step below, so the
		// limit need not be rounded down to one: no divisor is needed.
		return payFewInto(values, cost, min(total, cost+most-1), paid)
	}
	step, last := 0, 0
	for _, v := range values {
		// A hand lists copies together: a value repeated changes no divisor.
		if v != last {
			step, last = gcd(step, v), v
		}
	}
	step = gcd(step, cost)
	if step <= 0 {
		step = 1
	}
	top := min(total, cost+most-1) / step
	if top < paySmall && len(values) <= 64 {
		return paySmallInto(values, cost, step, top, paid)
	}
	return payTable(values, cost, step, top, paid)
}

// payTable is payInto's search for any hand and sums up to top steps.
func payTable(values []int, cost, step, top int, paid []int) ([]int, bool) {
	// cards[s] is the fewest cards summing to s*step using the first k
	// values (0/1 knapsack, sums visited downwards so each card is used
	// once); from[k*(top+1)+s] records whether value k-1 was taken.
	const inf = 1 << 30
	var cardsBuf [maxPaySums]int
	var fromBuf [(engine.MaxHand + 1) * maxPaySums]bool
	cards := cardsBuf[:0]
	if top+1 > maxPaySums {
		cards = make([]int, 0, top+1)
	}
	cards = cards[:top+1]
	for i := range cards {
		cards[i] = inf
	}
	cards[0] = 0
	var from []bool
	if n := (len(values) + 1) * (top + 1); n > len(fromBuf) {
		from = make([]bool, n)
	} else {
		from = fromBuf[:n]
	}
	for k, v := range values {
		u := v / step
		took := from[(k+1)*(top+1) : (k+2)*(top+1)]
		for s := top; s >= u; s-- {
			if cards[s-u] != inf && cards[s-u]+1 < cards[s] {
				cards[s] = cards[s-u] + 1
				took[s] = true
			}
		}
	}
	best := -1
	for s := (cost + step - 1) / step; s <= top; s++ {
		if cards[s] != inf {
			best = s
			break
		}
	}
	if best < 0 {
		return paid, false
	}
	for k, s := len(values), best; k > 0 && s > 0; k-- {
		if from[k*(top+1)+s] {
			paid = append(paid, k-1)
			s -= values[k-1] / step
		}
	}
	slices.Sort(paid)
	return paid, true
}

// paySmall bounds the sums paySmallInto works out: every shipped payment
// is a few hundred dollars, a handful of steps.
const paySmall = 64

// paySmallInto is payInto's search for at most 64 cards and sums below
// paySmall steps: the same knapsack, keeping with each sum the cards that
// make it (a bit each) instead of a table to walk back. A sum's cards are
// those of the sum one card less when that card improved it, so they are
// the cards payInto's walk back from the same sum finds.
func paySmallInto(values []int, cost, step, top int, paid []int) ([]int, bool) {
	const inf = 255 // fewer than 64 cards always
	var cards [paySmall]uint8
	var sets [paySmall]uint64
	for s := 1; s <= top; s++ {
		cards[s] = inf
	}
	// No sum above the values so far is made yet: the pass for a value
	// starts at the sum of the values up to it (or top), which skips only
	// sums it could not change.
	reach := 0
	for k, v := range values {
		u := v / step
		reach += u
		for s := min(top, reach); s >= u; s-- {
			if cards[s-u] != inf && cards[s-u]+1 < cards[s] {
				cards[s] = cards[s-u] + 1
				sets[s] = sets[s-u] | 1<<uint(k)
			}
		}
	}
	for s := (cost + step - 1) / step; s <= top; s++ {
		if cards[s] != inf {
			for set := sets[s]; set != 0; set &= set - 1 {
				paid = append(paid, bits.TrailingZeros64(set))
			}
			return paid, true
		}
	}
	return paid, false
}

// payFew bounds the hands payFewInto pays from: most hands in play hold a
// few cards, and their subsets are fewer than the knapsack's steps.
const payFew = 5

// payFewInto is payInto's search for at most payFew cards, over every
// subset: the least sum from cost to limit, then the fewest cards, then
// the subset whose mask is least. That is the knapsack's choice: it keeps
// the fewest cards of each sum, taking card k only when that makes
// strictly fewer, so among the fewest it keeps the subset whose highest
// card is lowest, and so on down, which is the least mask.
func payFewInto(values []int, cost, limit int, paid []int) ([]int, bool) {
	var sums [1 << payFew]int
	best, bestSum, bestCount := 0, 0, 0
	for mask := 1; mask < 1<<len(values); mask++ {
		sum := sums[mask&(mask-1)] + values[bits.TrailingZeros(uint(mask))]
		sums[mask] = sum
		if sum < cost || sum > limit {
			continue
		}
		n := bits.OnesCount(uint(mask))
		if best == 0 || sum < bestSum || (sum == bestSum && n < bestCount) {
			best, bestSum, bestCount = mask, sum, n
		}
	}
	if best == 0 {
		return paid, false
	}
	for set := uint(best); set != 0; set &= set - 1 {
		paid = append(paid, bits.TrailingZeros(set))
	}
	return paid, true
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	if a < 0 {
		return -a
	}
	return a
}

// Standing is one player at the end: Prestige in the collection and in
// hand (revealed at the end), Heat and jail Time.
type Standing struct {
	Collection, InHand int
	Heat, JailTime     int
}

// Winners applies the book's end: most Prestige (collection plus the
// Prestige cards revealed from hand), then least Heat or jail Time as
// tie_break reads it, then a shared victory. It returns the winning seats.
func Winners(st []Standing, tieBreak string) []int { return winnersInto(st, tieBreak, nil) }

// winnersInto is Winners, appending to into (a caller's buffer).
func winnersInto(st []Standing, tieBreak string, into []int) []int {
	win := into[:0]
	for i := range st {
		if len(win) == 0 {
			win = append(win, i)
			continue
		}
		switch c := st[i].compare(&st[win[0]], tieBreak); {
		case c > 0:
			win = append(win[:0], i)
		case c == 0:
			win = append(win, i)
		}
	}
	return win
}

// compare is positive when s ranks above o at the end, 0 on a full tie.
func (s *Standing) compare(o *Standing, tieBreak string) int {
	if a, b := s.Collection+s.InHand, o.Collection+o.InHand; a != b {
		return a - b
	}
	if tieBreak == tieHeatPlusTime {
		return (o.Heat + o.JailTime) - (s.Heat + s.JailTime)
	}
	if s.Heat != o.Heat {
		return o.Heat - s.Heat
	}
	return o.JailTime - s.JailTime
}
