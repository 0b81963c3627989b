package mice

import (
	"fmt"
	"slices"

	"cardpress/engine"
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
	tracks [maxJobs]engine.Track

	// Players.
	stash   [engine.MaxPlayers]int
	skill   [engine.MaxPlayers][maxSkills]uint8
	covered [engine.MaxPlayers][maxSkills]bool
	nskill  [engine.MaxPlayers]int
	supply  int

	market [maxMarket]int16 // -1: empty slot
	deck   engine.Deck
	chips  engine.ChipBag

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
		s.tracks[j] = engine.NewTrack(p.TrackLength)
	}
	for pl := 0; pl < players; pl++ {
		s.stash[pl] = s.takeSupply(p.StartingCheese)
		s.logCheese("setup", stSetup, pl, "starting_cheese", -1, zSupply, zStash, s.stash[pl], p.StartingCheese)
		for _, c := range g.starting {
			s.skill[pl][s.nskill[pl]] = uint8(c)
			s.nskill[pl]++
			s.Tally.Took(c)
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
func (s *state) available(p int) int {
	a := s.stash[p]
	for i := 0; i < s.nskill[p]; i++ {
		if s.covered[p][i] {
			a++
		}
	}
	return a
}

func (s *state) LegalActions(p engine.Player, buf []engine.Action) []engine.Action {
	switch s.ph {
	case phHelp:
		if int(p) == s.tester || p < 0 {
			return buf
		}
		for b := 0; b <= s.available(int(p)); b++ {
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
				if !s.covered[s.tester][i] {
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
		buf = engine.SideOutcomes(buf)
	}
	return buf
}

func (s *state) Apply(a engine.Action) {
	s.Move++
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
		s.logCard("market", phase, -1, int(a), "deck", "market")
		s.continueDeal()
	case phSelect:
		s.selectJob(int(a - actFirst))
	case phDrawChip:
		s.chip = int(a)
		s.ph = phSide
	case phSide:
		s.chips.Draw(s.chip, int(a))
		s.logChip("chip", s.drawCause(), s.chip, s.chips.Value(s.chip))
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
		var held []engine.Action
		for k := range s.g.jobs {
			if s.top[k] < s.size[k] {
				held = append(held, engine.Action(s.stack[k][s.top[k]]))
			}
		}
		s.tallyChoice(held, s.obstacle())
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

// tallyChoice records a decision among the cards held (in any order,
// copies repeated) and the one played (-1 for none) in the statistics.
func (s *state) tallyChoice(held []engine.Action, played int) {
	slices.Sort(held)
	s.Tally.Choice(slices.Compact(held), played)
}

// 2. Get help: every other player's bet, revealed together.
func (s *state) ApplyJoint(actions []engine.Action) {
	if s.ph != phHelp {
		panic("mice: ApplyJoint outside Get Help")
	}
	s.Move++
	for k := 1; k < s.N; k++ {
		p := (s.tester + k) % s.N
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
			for i := 0; i < s.nskill[p] && left > 0; i++ {
				if s.covered[p][i] {
					s.covered[p][i] = false
					left--
					s.logCheese("bet", stHelp, p, "bet", int(s.skill[p][i]), zSkill, zBet, 1, 1)
				}
			}
			s.stash[p] -= left
			if left > 0 {
				s.logCheese("bet", stHelp, p, "bet", -1, zStash, zBet, left, left)
			}
		} else {
			// An abstainer may take one cheese off a covered skill.
			took := false
			for i := 0; i < s.nskill[p] && !took; i++ {
				if s.covered[p][i] {
					s.covered[p][i] = false
					s.stash[p]++
					took = true
					s.logCheese("abstain", stHelp, p, "abstain", int(s.skill[p][i]), zSkill, zStash, 1, 1)
				}
			}
			if !took { // no covered skill: the abstention takes nothing
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
		if s.chips.RefillIfEmpty() {
			s.logRefill()
		}
		if s.chips.InBag() > 0 {
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
		var held []engine.Action
		if s.stash[p] > 0 {
			for i := 0; i < s.nskill[p]; i++ {
				if !s.covered[p][i] {
					held = append(held, engine.Action(s.skill[p][i]))
				}
			}
		}
		played := -1
		if a != actStop {
			played = int(s.skill[p][a-actFirst])
		}
		s.tallyChoice(held, played)
	}
	if a == actStop {
		s.resolve()
		return
	}
	i := int(a - actFirst)
	s.stash[p]--
	s.covered[p][i] = true
	s.using, s.effAt = i, 0
	s.logCheese("activate", stActivate, p, s.g.cards[s.skill[p][i]].id, int(s.skill[p][i]), zStash, zSkill, 1, 1)
	s.resolveEffects()
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
	var buf [engine.MaxChips]int
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
		for k := 1; k < s.N; k++ {
			q := (p + k) % s.N
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
	for k := 1; k < s.N; k++ {
		q := (p + k) % s.N
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
	at, over := s.tracks[s.job].Increase(p, k)
	if over {
		s.Tally.Count(cntTrackOverflow, 1)
	}
	s.logTrack(p, s.job, cause, k, from, at)
}

// Learn one skill from the market after a failure (optional).
func (s *state) learn(a engine.Action) {
	if s.Tally != nil {
		var held []engine.Action
		for i := 0; i < s.g.params.MarketSize; i++ {
			if s.market[i] >= 0 {
				held = append(held, engine.Action(s.market[i]))
			}
		}
		played := -1
		if a != actStop {
			played = int(s.market[a-actFirst])
		}
		s.tallyChoice(held, played)
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

func (s *state) discard(i int) {
	p := s.tester
	s.logCard("discard", stResolve, p, int(s.skill[p][i]), "skills", "box")
	if s.covered[p][i] {
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
	s.covered[p][s.nskill[p]] = false
	s.nskill[p]++
	s.logCard("learn", stResolve, p, s.learned, "market", "skills")
	s.afterDeal = true
	s.continueDeal()
}

// 7.-8. Advance the obstacle and clean up.
func (s *state) finishTest() {
	s.afterDeal = false
	ob := s.g.cards[s.obstacle()]
	if ob.finale {
		if s.success {
			s.endGame("finale succeeded")
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
			s.endGame("job completed")
			return
		}
	}
	s.logCleanup(false)
	s.chips.EndTest()
	s.success = false
	s.tester = (s.tester + 1) % s.N
	s.ph = phSelect
}

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

// CheckInvariants: cheese is conserved, nobody holds a negative stash,
// every marker is where its track says, the market and decks add up.
func (s *state) CheckInvariants() error {
	total := s.supply
	for p := 0; p < s.N; p++ {
		if s.stash[p] < 0 {
			return fmt.Errorf("seat %d has %d cheese", p+1, s.stash[p])
		}
		total += s.stash[p]
		for i := 0; i < s.nskill[p]; i++ {
			if s.covered[p][i] {
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
	var buf [engine.MaxPlayers]int
	for j := range s.g.jobs {
		for rank, q := range s.tracks[j].Order(buf[:0]) {
			if q == int(p) && rank < len(s.g.params.FoodPerJob) {
				v += float64(s.g.params.FoodPerJob[rank]) / 2
			}
		}
	}
	return v
}
