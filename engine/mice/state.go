package mice

import (
	"fmt"
	"math/bits"

	"github.com/cardpress/cardpress/engine"
)

type phase uint8

const (
	phStart    phase = iota // chance: the starting player
	phDeal                  // chance: a market card from the upgrade deck
	phSelect                // the testing player picks a job (its top obstacle)
	phHelp                  // simultaneous: every other player bets cheese
	phDrawChip              // chance: which chip comes out of the bag
	phSide                  // chance: which side of it shows
	phActivate              // the testing player activates skills or stops
	phLearn                 // after a failure: take a market skill or not
	phDiscard               // at the skill limit: return one skill to the box
	phOver
)

// Actions of the testing player.
const (
	actStop  engine.Action = 0 // stop activating (phActivate), decline (phLearn)
	actFirst engine.Action = 1 // actFirst+i: skill slot i, market slot i, job i
)

type state struct {
	engine.Base
	g  *Game
	ph phase

	// Jobs: the obstacles left (stack[j][top[j]:size[j]]) and cheese on the top one.
	stack  [maxJobs][maxObstacle]uint8
	top    [maxJobs]uint8
	size   [maxJobs]uint8
	cheese [maxJobs]int
	tracks [maxJobs]track
	// moved has bit j set when job j's track may have changed since
	// CheckInvariants last passed: a track changes only through its own
	// methods, and the state calls them only in Reset and in increase,
	// both of which set the bit (see CheckInvariants).
	moved uint8

	// Players.
	stash   [engine.MaxPlayers]int
	skill   [engine.MaxPlayers][maxSkills]uint8
	covered [engine.MaxPlayers][maxSkills]uint8 // 1 where a cheese covers the skill, else 0 (read as one word: coveredSlots)
	nskill  [engine.MaxPlayers]int
	supply  int

	market [maxMarket]int16 // -1: empty slot
	deck   engine.Deck
	chips  chipBag

	// The current test.
	tester    int
	job       int
	bets      [engine.MaxPlayers]int
	added     int  // modifiers of skills activated
	draws     int  // chips still to draw
	chip      int  // chip awaiting its side
	using     int  // skill slot being activated
	effAt     int  // its next effect to resolve; -1: none pending
	afterDeal bool // the deal refills the market after a learn: finish the test next
	learned   int  // market card chosen, waiting for a discard
	success   bool
	extra     int // cheese made up when cheese_shortage is unlimited

	score [engine.MaxPlayers]int
	food  [engine.MaxPlayers]int
	turn  int // tests begun, for the log's At
}

// NewState starts a game: the starting player and the market are chance moves.
func (g *Game) NewState(players int, opts engine.StateOptions) engine.State {
	return engine.Started(&state{g: g}, players, opts)
}

// Reset starts a new game in place (engine.Resetter), so a runner plays
// game after game in one state.
func (s *state) Reset(players int, opts engine.StateOptions) {
	g := s.g
	*s = state{Base: engine.NewBase(players, opts), g: g}
	p := g.params
	s.supply = p.CheeseTotal
	for j, st := range g.stacks {
		for k, c := range st {
			s.stack[j][k] = uint8(c)
		}
		s.size[j] = uint8(len(st))
		s.tracks[j] = newTrack(p.TrackLength)
		s.moved |= 1 << j
	}
	for pl := 0; pl < players; pl++ {
		s.stash[pl] = s.takeSupply(p.StartingCheese)
		s.logCheese("setup", stSetup, pl, "starting_cheese", -1, zSupply, zStash, s.stash[pl], p.StartingCheese)
		for _, c := range g.starting {
			s.skill[pl][s.nskill[pl]] = uint8(c)
			s.nskill[pl]++
			s.Tally.Took(c)
			s.logCard("setup", stSetup, pl, c, zBox, zSkills)
		}
	}
	for _, c := range g.reminder {
		s.Tally.Took(c)
	}
	for i := range s.market {
		s.market[i] = -1
	}
	for _, c := range g.upgrades {
		s.deck.Add(c)
	}
	s.chips.Reset(g.chips)
	s.effAt = -1
	s.ph = phStart
}

// takeSupply hands out up to k cheese from the central supply; what it
// lacks is counted, or made up when cheese_shortage is unlimited.
func (s *state) takeSupply(k int) int {
	if k <= s.supply {
		s.supply -= k
		return k
	}
	short := k - s.supply
	for i := 0; i < short; i++ {
		s.Tally.Count(cntCheeseShort, 1)
	}
	if s.g.params.CheeseShortage == "unlimited" {
		// The extra cheese enters the game as if the box held more.
		got := k
		s.supply = 0
		s.extra += short
		return got
	}
	got := s.supply
	s.supply = 0
	return got
}

func (s *state) IsTerminal() bool { return s.ph == phOver }

func (s *state) CloneInto(dst engine.State) engine.State { return engine.CloneState(s, dst) }

func (s *state) CurrentPlayer() engine.Player {
	switch s.ph {
	case phStart, phDeal, phDrawChip, phSide:
		return engine.Chance
	case phHelp:
		return engine.Simultaneous
	case phOver:
		return engine.Terminal
	}
	return engine.Player(s.tester)
}

func (s *state) obstacle() int { return int(s.stack[s.job][s.top[s.job]]) }

// available is the cheese player p can bet: stash and covered skills.
func (s *state) available(p int) int { return s.stash[p] + s.covers(p) }

func (s *state) LegalActions(p engine.Player, buf []engine.Action) []engine.Action {
	switch s.ph {
	case phHelp:
		if int(p) == s.tester || p < 0 {
			return buf
		}
		most := s.available(int(p))
		for b := 0; b <= most; b++ {
			buf = append(buf, engine.Action(b))
		}
		return buf
	case phStart, phDeal, phDrawChip, phSide, phOver:
		return buf
	}
	if int(p) != s.tester {
		return buf
	}
	switch s.ph {
	case phSelect:
		for j := range s.g.jobs {
			if s.top[j] < s.size[j] {
				buf = append(buf, actFirst+engine.Action(j))
			}
		}
	case phActivate:
		buf = append(buf, actStop)
		if s.stash[s.tester] > 0 {
			for i := 0; i < s.nskill[s.tester]; i++ {
				if s.covered[s.tester][i] == 0 {
					buf = append(buf, actFirst+engine.Action(i))
				}
			}
		}
	case phLearn:
		buf = append(buf, actStop)
		for i := 0; i < s.g.params.MarketSize; i++ {
			if s.market[i] >= 0 {
				buf = append(buf, actFirst+engine.Action(i))
			}
		}
	case phDiscard:
		for i := 0; i < s.nskill[s.tester]; i++ {
			buf = append(buf, actFirst+engine.Action(i))
		}
	}
	return buf
}

func (s *state) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	switch s.ph {
	case phStart:
		buf = engine.Uniform(buf, 0, s.N)
	case phDeal:
		buf = s.deck.Outcomes(buf, len(s.g.cards))
	case phDrawChip:
		buf = s.chips.DrawOutcomes(buf)
	case phSide:
		buf = sideOutcomes(buf)
	}
	return buf
}

func (s *state) DoApply(a engine.Action) {
	switch s.ph {
	case phStart:
		s.tester = int(a)
		if s.Log != nil {
			s.Record(engine.Event{Kind: "start", Player: int(a), Text: "starts with the bag", At: s.at(stSetup)})
		}
		s.ph = phDeal
		s.afterDeal = false
		s.continueDeal()
	case phDeal:
		s.deck.Take(int(a))
		for i := 0; i < s.g.params.MarketSize; i++ {
			if s.market[i] < 0 {
				s.market[i] = int16(a)
				break
			}
		}
		phase := stResolve // the market refills after a learn
		if s.turn == 0 {
			phase = stSetup
		}
		s.logCard("market", phase, -1, int(a), zDeck, zMarket)
		s.continueDeal()
	case phSelect:
		s.selectJob(int(a - actFirst))
	case phDrawChip:
		s.chip = int(a)
		s.ph = phSide
	case phSide:
		s.chips.Draw(s.chip, int(a))
		if s.Log != nil { // not even the cause is looked up without a log
			s.logChip("chip", s.drawCause(), s.chip, s.chips.Value(s.chip))
		}
		s.draws--
		s.nextDraw()
	case phActivate:
		s.activate(a)
	case phLearn:
		s.learn(a)
	case phDiscard:
		s.discard(int(a - actFirst))
	default:
		panic(fmt.Sprintf("mice: Apply in phase %d", s.ph))
	}
}

// continueDeal deals market cards until the market is full or the deck
// empty, then goes on.
func (s *state) continueDeal() {
	if s.deck.Len() > 0 {
		for i := 0; i < s.g.params.MarketSize; i++ {
			if s.market[i] < 0 {
				s.ph = phDeal
				return
			}
		}
	}
	if s.afterDeal {
		s.finishTest()
		return
	}
	s.ph = phSelect
}

// 1. Select obstacle: the top of the chosen job.
func (s *state) selectJob(j int) {
	s.job = j
	if s.Tally != nil {
		s.tallySelect()
	}
	s.turn++
	if s.Log != nil {
		ob := s.g.cards[s.obstacle()]
		s.Record(engine.Event{Kind: "select", Player: s.tester, Card: ob.id, From: "job " + s.g.jobs[j], At: s.at(stSelect),
			Text: fmt.Sprintf("tests against %s of job %s (target %d)", ob.name, s.g.jobs[j], ob.target)})
	}
	s.bets = [engine.MaxPlayers]int{}
	s.added = 0
	s.ph = phHelp
}

// tallySelect records the choice of a job: among the obstacles on top of
// the jobs, the one tested played. With every card below 64 the set is
// built in a register (as tallyChoice would pass it).
func (s *state) tallySelect() {
	if s.g.setWords == 1 {
		var held uint64
		for k := range s.g.jobs {
			if s.top[k] < s.size[k] {
				held |= 1 << (s.stack[k][s.top[k]] & 63)
			}
		}
		s.Tally.Choice(&engine.CardSet{held}, s.obstacle())
		return
	}
	var held cardSet
	for k := range s.g.jobs {
		if s.top[k] < s.size[k] {
			held.add(int(s.stack[k][s.top[k]]))
		}
	}
	s.tallyChoice(&held, s.obstacle())
}

// cardSet is a set of cards (each below 256, as the state's uint8 card
// fields are), one bit a card: adding the cards held in any order with
// copies repeated gives them back sorted and distinct, as Tally.Choice
// wants them, without sorting.
type cardSet [4]uint64

func (c *cardSet) add(card int) { c[card>>6] |= 1 << uint(card&63) }

// tallyChoice records a decision among the cards held and the one played
// (-1 for none) in the statistics.
func (s *state) tallyChoice(held *cardSet, played int) {
	s.Tally.Choice((*engine.CardSet)(held), played)
}

// 2. Get help: every other player's bet, revealed together.
func (s *state) DoApplyJoint(actions []engine.Action) {
	if s.ph != phHelp {
		panic("mice: ApplyJoint outside Get Help")
	}
	// The seats after the tester, in turn order (a wrap, not a modulo: a
	// division per seat shows in the heuristic bot's look-aheads).
	p := s.tester
	for k := 1; k < s.N; k++ {
		if p++; p == s.N {
			p = 0
		}
		b := 0
		if p < len(actions) && actions[p] > 0 {
			b = int(actions[p])
		}
		if b > s.available(p) {
			panic("mice: bet above what the player holds")
		}
		s.bets[p] = b
		if b > 0 {
			// Cheese comes off covered skills first (uncovering them), then
			// from the stash: a covered skill's cheese is otherwise locked.
			left := b
			// The covered slots in slot order (coveredSlots).
			for w := s.coveredSlots(p); w != 0 && left > 0; w &= w - 1 {
				i := bits.TrailingZeros64(w) >> 3
				s.covered[p][i] = 0
				left--
				s.logCheese("bet", stHelp, p, "bet", int(s.skill[p][i]), zSkill, zBet, 1, 1)
			}
			s.stash[p] -= left
			if left > 0 {
				s.logCheese("bet", stHelp, p, "bet", -1, zStash, zBet, left, left)
			}
		} else {
			// An abstainer may take one cheese off a covered skill, the
			// first one.
			if w := s.coveredSlots(p); w != 0 {
				i := bits.TrailingZeros64(w) >> 3
				s.covered[p][i] = 0
				s.stash[p]++
				s.logCheese("abstain", stHelp, p, "abstain", int(s.skill[p][i]), zSkill, zStash, 1, 1)
			} else { // no covered skill: the abstention takes nothing
				s.logCheese("abstain", stHelp, p, "abstain", -1, zSkill, zStash, 0, 1)
			}
		}
	}
	// 3. Draw chips.
	s.draws = s.g.params.ChipsDrawn
	s.effAt = -1
	s.nextDraw()
}

// nextDraw draws the next chip owed, refilling an empty bag from the play
// area first, or goes on to Activate Skills.
func (s *state) nextDraw() {
	for s.draws > 0 {
		// RefillIfEmpty does nothing to a bag with a chip in it; a bag is
		// found not empty at its first chip, without counting them all.
		in := s.bagHasChip()
		if !in {
			if s.chips.RefillIfEmpty() {
				s.logRefill()
			}
			in = s.chips.InBag() > 0
		}
		if in {
			s.ph = phDrawChip
			return
		}
		s.Tally.Count(cntChipsShort, 1)
		s.logNoChip()
		s.draws--
	}
	if s.effAt >= 0 {
		s.resolveEffects() // the effects after a skill's draw
		return
	}
	s.ph = phActivate
}

// 4. Activate skills, one at a time, each paid with a cheese that covers it.
func (s *state) activate(a engine.Action) {
	p := s.tester
	if s.Tally != nil {
		s.tallyActivate(a)
	}
	if a == actStop {
		s.resolve()
		return
	}
	i := int(a - actFirst)
	s.stash[p]--
	s.covered[p][i] = 1
	s.using, s.effAt = i, 0
	s.logCheese("activate", stActivate, p, s.g.cards[s.skill[p][i]].id, int(s.skill[p][i]), zStash, zSkill, 1, 1)
	s.resolveEffects()
}

// tallyActivate records the choice at Activate Skills: among the tester's
// uncovered skills (none without cheese), the one activated (none for
// actStop). It stays out of line: inlined, it made Apply larger and the
// bare engine, which keeps no tally, slower.
//
//go:noinline
func (s *state) tallyActivate(a engine.Action) {
	p := s.tester
	played := -1
	if a != actStop {
		played = int(s.skill[p][a-actFirst])
	}
	// The uncovered slots, none without cheese: a mask, all ones when the
	// stash is above 0, rather than a branch on it (x > 0 exactly when -x
	// is negative and x is not).
	st := uint(s.stash[p])
	open := ^s.coveredSlots(p) & -uint64((-st&^st)>>63)
	if s.g.setWords == 1 {
		// Every card below 64: the set in a register, not in memory.
		// open keeps bit 0 of each byte of the first nskill slots: those
		// past nskill hold stale cards, left out as the loop below leaves
		// them out.
		held := uncoveredCards(open&slotMask[s.nskill[p]]&0x0101010101010101, s.skillWord(p))
		if held == 0 && played < 0 {
			// No skill to activate, and none activated: Tally.Choice would
			// count no card and no play. (Its only other effect, moving
			// on to the next seat of a simultaneous decision, cannot be
			// wanted: Activate Skills has one mover, the tester.)
			return
		}
		s.Tally.Choice(&engine.CardSet{held}, played)
		return
	}
	var held cardSet
	for i := 0; i < s.nskill[p]; i++ {
		c := int(s.skill[p][i])
		held[c>>6] |= (open >> (8 * uint(i)) & 1) << uint(c&63)
	}
	s.tallyChoice(&held, played)
}

// resolveEffects resolves the effects of the skill being activated from
// effAt on, in their printed order: a draw's chips come out before the
// next effect (a flip after "Draw another chip." may flip the new chip).
func (s *state) resolveEffects() {
	skill := int(s.skill[s.tester][s.using])
	cd := s.g.cards[skill]
	ob := s.g.cards[s.obstacle()]
	for s.effAt < len(cd.effects) {
		e := cd.effects[s.effAt]
		s.effAt++
		if !e.worksAgainst(ob) {
			if s.Log != nil {
				s.logEffect(effectKinds[e.kind], skill, effectResources[e.kind], 0, e.amount, "the obstacle shows no "+s.g.keywords[e.icon].ID)
			}
			continue
		}
		switch e.kind {
		case effAdd:
			s.added += e.amount
			s.logEffect("bonus", skill, "rating", e.amount, e.amount, "")
		case effFlip:
			s.flipBest(skill, e.amount)
		case effDraw:
			s.draws += e.amount
			s.logEffect("draw", skill, "chips", e.amount, e.amount, "")
			s.nextDraw() // comes back here once the chips are out
			return
		}
	}
	s.effAt = -1
	s.ph = phActivate
}

// flipBest flips n different chips of this test, once each: "Flip 2 of
// your chips" is two chips, and flipping one chip twice would only undo
// the first flip. It takes the chips whose flips gain most, the choice any
// player would make (the lowest chip on a tie); the flip is not optional,
// so a chip may lose. With fewer than n chips drawn, each is flipped once
// and the rest of the effect lapses (RULES.md).
func (s *state) flipBest(skill, n int) {
	var buf [maxChips]int
	drawn := s.chips.Drawn(buf[:0])
	for ; n > 0 && len(drawn) > 0; n-- {
		best, gain := -1, 0
		for k, c := range drawn {
			if d := s.flipGain(c); best < 0 || d > gain {
				best, gain = k, d
			}
		}
		c := drawn[best]
		s.chips.Flip(c)
		s.logChip("flip", s.g.cards[skill].id, c, gain)
		drawn = append(drawn[:best], drawn[best+1:]...)
	}
	for ; n > 0; n-- {
		s.logEffect("flip", skill, "rating", 0, 0, "no other chip to flip")
	}
}

// flipGain is what flipping chip c adds to the rating.
func (s *state) flipGain(c int) int {
	lo, hi := s.chips.Sides(c)
	if s.chips.Side(c) == 0 {
		return hi - lo
	}
	return lo - hi
}

// rating is the test rating: chips showing plus skill modifiers.
func (s *state) rating() int { return s.chips.DrawnTotal() + s.added }

// 5.-6. Calculate and resolve.
func (s *state) resolve() {
	p := s.tester
	ob := s.g.cards[s.obstacle()]
	// The bets sat on the helpers' chips in front of the tester until the
	// test is resolved; now they go to the tester's stash.
	for q := 0; q < s.N; q++ {
		s.stash[p] += s.bets[q]
		if s.bets[q] > 0 && s.Log != nil {
			s.logCheeseWith("collect", stResolve, p, q, "bet", -1, zBet, zStash, s.bets[q], s.bets[q])
		}
	}
	r := s.rating()
	s.success = r >= ob.target
	s.logTest(r, ob)
	if !s.success {
		if ob.finale {
			s.Tally.Count(cntFinaleFailed, 1)
		}
		for q, k := p, 1; k < s.N; k++ {
			if q++; q == s.N {
				q = 0
			}
			if s.bets[q] > 0 {
				got := s.takeSupply(1)
				s.stash[q] += got
				s.logCheese("payout", stResolve, q, "failure", -1, zSupply, zStash, got, 1)
			}
		}
		got := s.takeSupply(s.g.params.FailureCheese)
		s.cheese[s.job] += got
		s.logCheese("bounty", stResolve, -1, "failure_obstacle_cheese", s.obstacle(), zSupply, zObstacle, got, s.g.params.FailureCheese)
		s.increase(p, 1, "failure")
		for i := 0; i < s.g.params.MarketSize; i++ {
			if s.market[i] >= 0 {
				s.ph = phLearn
				return
			}
		}
		s.finishTest()
		return
	}
	bounty := s.cheese[s.job]
	s.stash[p] += bounty
	s.cheese[s.job] = 0
	s.logCheese("bounty", stResolve, p, ob.id, s.obstacle(), zObstacle, zStash, bounty, bounty)
	for q, k := p, 1; k < s.N; k++ {
		if q++; q == s.N {
			q = 0
		}
		if s.bets[q] > 0 {
			s.increase(q, s.bets[q], "bet")
		}
	}
	s.increase(p, ob.payout, ob.id)
	s.finishTest()
}

// increase moves seat p up the job's track by k (cause: the rule or the
// obstacle paying it); an increase of 0 is logged as one that did nothing.
func (s *state) increase(p, k int, cause string) {
	from := s.tracks[s.job].Pos(p)
	if k <= 0 {
		s.logTrack(p, s.job, cause, k, from, from)
		return
	}
	s.moved |= 1 << s.job
	at, over := s.tracks[s.job].Increase(p, k)
	if over {
		s.Tally.Count(cntTrackOverflow, 1)
	}
	s.logTrack(p, s.job, cause, k, from, at)
}

// Learn one skill from the market after a failure (optional).
func (s *state) learn(a engine.Action) {
	if s.Tally != nil {
		s.tallyLearn(a)
	}
	if a == actStop {
		if s.Log != nil {
			s.Record(engine.Event{Kind: "learn", Player: s.tester, Result: "declined", Text: "learns nothing", At: s.at(stResolve)})
		}
		s.finishTest()
		return
	}
	slot := int(a - actFirst)
	s.learned = int(s.market[slot])
	s.market[slot] = -1
	if s.nskill[s.tester] >= s.g.params.SkillLimit {
		s.ph = phDiscard
		return
	}
	s.addSkill()
}

// tallyLearn records the choice at a learn: among the market's cards, the
// one taken (none for actStop).
func (s *state) tallyLearn(a engine.Action) {
	played := -1
	if a != actStop {
		played = int(s.market[a-actFirst])
	}
	if s.g.setWords == 1 {
		// In a register, a slot's bit with no branch: an empty slot (-1)
		// has its top bit set, so ^slot>>63 is 0 for it, 1 for a card.
		var held uint64
		for _, m := range s.market[:s.g.params.MarketSize] {
			held |= (^uint64(m) >> 63) << (m & 63)
		}
		s.Tally.Choice(&engine.CardSet{held}, played)
		return
	}
	var held cardSet
	for i := 0; i < s.g.params.MarketSize; i++ {
		if s.market[i] >= 0 {
			held.add(int(s.market[i]))
		}
	}
	s.tallyChoice(&held, played)
}

func (s *state) discard(i int) {
	p := s.tester
	s.logCard("discard", stResolve, p, int(s.skill[p][i]), zSkills, zBox)
	if s.covered[p][i] != 0 {
		s.supply++ // the cheese covering it goes back to the supply
		s.logCheese("discard", stResolve, p, "discard", int(s.skill[p][i]), zSkill, zSupply, 1, 1)
	}
	last := s.nskill[p] - 1
	s.skill[p][i], s.covered[p][i] = s.skill[p][last], s.covered[p][last]
	s.nskill[p]--
	s.addSkill()
}

func (s *state) addSkill() {
	p := s.tester
	s.skill[p][s.nskill[p]] = uint8(s.learned)
	s.covered[p][s.nskill[p]] = 0
	s.nskill[p]++
	s.logCard("learn", stResolve, p, s.learned, zMarket, zSkills)
	s.afterDeal = true
	s.continueDeal()
}

// 7.-8. Advance the obstacle and clean up.
func (s *state) finishTest() {
	s.afterDeal = false
	ob := s.g.cards[s.obstacle()]
	if ob.finale {
		if s.success {
			s.endGame(endFinale)
			return
		}
		if s.Log != nil {
			s.Record(engine.Event{Kind: "advance", Player: -1, Card: ob.id, Result: "stays", At: s.at(stAdvance),
				Text: fmt.Sprintf("%s stays: a Finale leaves only when beaten", ob.name)})
		}
	} else {
		if s.Log != nil {
			s.Record(engine.Event{Kind: "advance", Player: -1, Card: ob.id, From: "job " + s.g.jobs[s.job], To: "discard", At: s.at(stAdvance),
				Text: fmt.Sprintf("%s leaves job %s", ob.name, s.g.jobs[s.job])})
		}
		left := s.cheese[s.job]
		s.supply += left
		s.cheese[s.job] = 0
		s.logCheese("advance", stAdvance, -1, "advance", s.obstacle(), zObstacle, zSupply, left, left)
		s.top[s.job]++
		if s.top[s.job] >= s.size[s.job] {
			s.endGame(endJobCompleted)
			return
		}
	}
	s.logCleanup(false)
	s.chips.EndTest()
	s.success = false
	s.tester = (s.tester + 1) % s.N
	s.ph = phSelect
}

// How a game ends (Info.EndCauses).
const (
	endFinale       = "finale succeeded"
	endJobCompleted = "job completed"
)

var endCauses = []string{endFinale, endJobCompleted}

// End game and scoring: each job pays food by track order, a single
// cheese to those placed after the food ran out; food plus stash wins,
// most cheese breaks a tie, then the victory is shared.
func (s *state) endGame(cause string) {
	s.logCleanup(true)
	s.chips.EndTest()
	s.Cause = cause
	var buf [engine.MaxPlayers]int
	for j := range s.g.jobs {
		for rank, p := range s.tracks[j].Order(buf[:0]) {
			if rank < len(s.g.params.FoodPerJob) {
				s.food[p] += s.g.params.FoodPerJob[rank]
				s.logFood(p, j, rank)
			} else {
				got := s.takeSupply(1)
				s.stash[p] += got
				if s.Log != nil {
					s.logCheese("food", stEnd, p, "job "+s.g.jobs[j], -1, zSupply, zStash, got, 1)
				}
			}
		}
	}
	best, bestCheese := -1, -1
	var winners engine.Seats
	for p := 0; p < s.N; p++ {
		s.score[p] = s.food[p] + s.stash[p]
		switch {
		case s.score[p] > best || (s.score[p] == best && s.stash[p] > bestCheese):
			best, bestCheese, winners = s.score[p], s.stash[p], engine.Seats(0).With(p)
		case s.score[p] == best && s.stash[p] == bestCheese:
			winners = winners.With(p)
		}
	}
	s.ShareWin(winners)
	s.logScores(cause, winners)
	s.ph = phOver
}

func (s *state) ActionString(p engine.Player, a engine.Action) string {
	switch s.ph {
	case phStart:
		return fmt.Sprintf("seat %d starts", int(a)+1)
	case phDeal:
		return "deal " + s.g.cards[a].id
	case phDrawChip:
		lo, hi := s.chips.Sides(int(a))
		return fmt.Sprintf("chip %d (%+d/%+d)", int(a), lo, hi)
	case phSide:
		return fmt.Sprintf("side %d", int(a))
	case phHelp:
		return fmt.Sprintf("bet %d", int(a))
	case phSelect:
		j := int(a - actFirst)
		return fmt.Sprintf("job %s: %s", s.g.jobs[j], s.g.cards[s.stack[j][s.top[j]]].id)
	case phActivate:
		if a == actStop {
			return "stop"
		}
		return "activate " + s.g.cards[s.skill[s.tester][a-actFirst]].id
	case phLearn:
		if a == actStop {
			return "learn nothing"
		}
		return "learn " + s.g.cards[s.market[a-actFirst]].id
	case phDiscard:
		return "return " + s.g.cards[s.skill[s.tester][a-actFirst]].id
	}
	return fmt.Sprint(int(a))
}

// CheckInvariants: cheese is conserved, nobody holds a negative stash or
// more skills than the limit, every marker is where its track says.
//
// Lint calls it after every move, so it first screens with the very sums
// and comparisons of invariantError done with few branches: the covered
// slots are counted per seat in one word (covers), the signs of supply,
// stashes and skill headroom are OR-ed together, and a marker's mismatch
// is a product that is 0 only off the track or on its own space. Cheese
// is summed over every zone after every move, as before: no count is kept
// by the moves, so a move that loses or makes cheese shows at that move.
//
// Only the tracks are screened incrementally: a track that has not moved
// since the last passing check (bit clear in moved) is bit for bit the
// track that passed then, so it cannot have broken. A track's fields are
// changed only by its own methods (they are unexported), and the state
// calls those only in Reset and increase, which set the bit; a bug in
// Track.Increase or in increase still shows at the move it happens.
//
// So the screen passes exactly when invariantError would find nothing;
// when it fails, invariantError, the plain check, names the first broken
// invariant, so what is reported, and at which move, is unchanged
// (screen_test.go breaks states every way and compares the two).
func (s *state) CheckInvariants() error {
	n := s.N
	stash, nskill, bets := s.stash[:n], s.nskill[:n], s.bets[:n]
	lim := s.g.params.SkillLimit
	// Bets lie on the helpers' chips from Get Help until the test is
	// resolved (the chip draws and Activate Skills); they count then only,
	// chosen by a mask rather than a branch on the phase.
	held := -int((betsOut >> s.ph) & 1)
	total := s.supply
	sign := s.supply // negative if the supply or any stash or headroom is
	// The seats' covered slots are summed byte by byte (each byte 0 or 1,
	// at most MaxPlayers per byte: no carry) and the bytes added up once,
	// as covers does for one seat, rather than a multiply per seat.
	// The bets are summed apart and masked once, not seat by seat.
	var cov uint64
	out := 0
	for p, st := range stash {
		sign |= st | (lim - nskill[p])
		total += st
		out += bets[p]
		cov += s.coveredSlots(p)
	}
	total += out&held + int(cov*0x0101010101010101>>56)
	// The cheese on the jobs' obstacles: six masked adds rather than a
	// loop on the number of jobs. The mask (all ones for a job of the
	// game, 0 past them) counts exactly the jobs invariantError counts,
	// so cheese lost into an unused slot shows here as it does there.
	c, m := &s.cheese, &s.g.jobMask
	total += c[0]&m[0] + c[1]&m[1] + c[2]&m[2] + c[3]&m[3] + c[4]&m[4] + c[5]&m[5]
	// Markers: only the tracks that may have moved since the last pass
	// need looking at; any other is the very track that passed then.
	off := 0
	for mv := s.moved; mv != 0; mv &= mv - 1 {
		t := &s.tracks[bits.TrailingZeros8(mv)]
		for p := range n {
			at := t.Pos(p)
			off |= (t.At(at) - p) * at
		}
	}
	if sign < 0 || off != 0 || total != s.g.params.CheeseTotal+s.extra {
		return s.invariantError()
	}
	s.moved = 0
	return nil
}

// The covered slots of all seats summed in one word stay below 256 in its
// top byte (CheckInvariants): MaxPlayers seats of maxSkills slots each.
var _ = [1]struct{}{}[engine.MaxPlayers*maxSkills/256]

// betsOut has a bit for each phase in which the bets are still out.
const betsOut = 1<<phDrawChip | 1<<phSide | 1<<phActivate

// invariantError is the plain invariant check, one zone at a time: the
// definition CheckInvariants screens for, and the words of its error.
func (s *state) invariantError() error {
	total := s.supply
	for p := 0; p < s.N; p++ {
		if s.stash[p] < 0 {
			return fmt.Errorf("seat %d has %d cheese", p+1, s.stash[p])
		}
		total += s.stash[p]
		for i := 0; i < s.nskill[p]; i++ {
			if s.covered[p][i] != 0 {
				total++
			}
		}
		if s.nskill[p] > s.g.params.SkillLimit {
			return fmt.Errorf("seat %d has %d skills, limit %d", p+1, s.nskill[p], s.g.params.SkillLimit)
		}
	}
	if s.ph == phDrawChip || s.ph == phSide || s.ph == phActivate {
		for p := 0; p < s.N; p++ {
			total += s.bets[p] // on the helpers' chips until the test is resolved
		}
	}
	for j := range s.g.jobs {
		total += s.cheese[j]
		for p := 0; p < s.N; p++ {
			if at := s.tracks[j].Pos(p); at > 0 && s.tracks[j].At(at) != p {
				return fmt.Errorf("job %s: seat %d's marker is not on space %d", s.g.jobs[j], p+1, at)
			}
		}
	}
	if total != s.g.params.CheeseTotal+s.extra || s.supply < 0 {
		return fmt.Errorf("cheese not conserved: %d in play, %d in the box", total, s.g.params.CheeseTotal+s.extra)
	}
	return nil
}

// Evaluate judges how well seat p is doing, for the heuristic bot: cheese
// and the food its track places are worth now.
func (s *state) Evaluate(p engine.Player) float64 {
	if s.ph == phOver {
		return s.Won[p] * 100
	}
	v := float64(s.stash[p])
	worth := &s.g.placeWorth
	for j := range s.g.jobs {
		// p's place in Track.Order (highest space first) is how many
		// markers stand above it: one marker a space, every seat's where
		// its Pos says (CheckInvariants holds every track to that).
		t := &s.tracks[j]
		at := t.Pos(int(p))
		rank := 0
		for q := range s.N {
			// 1 when q stands higher (at - Pos(q) < 0).
			rank += int(uint(at-t.Pos(q)) >> 63)
		}
		// Off the track (at 0) p is not in Order: the worth is that of
		// place MaxPlayers, 0. The look-aheads would mispredict a branch
		// on it, and on places past the food; adding 0 to v (never -0:
		// stash and food are not negative) leaves it as it was.
		off := int(uint(at-1) >> 63) // 1 when at == 0
		v += worth[rank&(off-1)|off*engine.MaxPlayers]
	}
	return v
}
