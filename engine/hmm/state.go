package hmm

import (
	"fmt"
	"math/bits"
	"sort"

	"cardpress/engine"
)

type phase uint8

const (
	phChance phase = iota // a card is drawn (the head of the task queue)
	phKeep                // opening hand without Crew or Mercenary: keep or redraw
	phMain                // the turn: an action, an Event, a maneuver
	phHire                // Hire Up goes on: another card or stop
	phCrew                // a heist: choose who goes (or use Demolition)
	phJail                // a crew with too much Heat picks who takes the fall
	phOver
)

// Actions.
const (
	actGatherDeck    engine.Action = 10
	actGatherDiscard engine.Action = 11
	actLayLow        engine.Action = 12
	actLegwork       engine.Action = 100  // + job*maxComp + complication
	actHeist         engine.Action = 300  // + job
	actHire          engine.Action = 1000 // + card*8 + slot (slot 7: none; else the member dismissed or given the Gear)
	actEvent         engine.Action = 4000 // + card
	actManeuver      engine.Action = 4500 // + member
	actCrew          engine.Action = 5000 // + mask of members sent
	actDemolish      engine.Action = 5100 // + member carrying the Demolition Gear
	actJail          engine.Action = 5200 // + member
	actKeep          engine.Action = 5300
	actRedraw        engine.Action = 5301
	actStopHire      engine.Action = 5400
	actEndTurn       engine.Action = 5401
)

const noSlot = 7

// actionsPerTurn: "During your turn, you may do any TWO actions".
const actionsPerTurn = 2

// The five actions of a turn, as bits of state.done.
const (
	doGather = 1 << iota
	doHire
	doLegwork
	doLayLow
	doHeist
)

// Task kinds: chance draws waiting in the queue.
const (
	tMastermind uint8 = iota // a Mastermind for seat
	tDeal                    // an opening-hand card for seat
	tDraw                    // a Resource card for seat during play
	tJob                     // a new Job for slot job
	tComp                    // a Complication for job (up: face up)
)

type task struct {
	kind uint8
	seat int8
	job  int8
	up   bool
	// deckOnly: a draw by an Event, maneuver or Play Immediately card; it
	// never reshuffles the discard pile, or a card that draws could draw
	// itself back without end once every other card is in a hand.
	deckOnly bool
}

type member struct {
	card     int16
	gear     int16 // -1: none
	time     int8  // jail Time left
	faceDown bool
}

type jobSlot struct {
	card  int16 // -1: waiting for a new job
	owner int8
	time  int8
	nc    int8
	comps [maxComp]int16
	up    [maxComp]bool
	known [maxComp]uint8 // seats that looked (Legwork, peek), bitmask
}

// Continuations after the queue empties.
const (
	contNone uint8 = iota
	contKeep       // opening hands: keep/redraw decisions, then the first turn
	contFees       // reward drawn: pay the Mercenaries sent
)

type state struct {
	g  *Game
	n  int
	ph phase

	who  int // seat deciding at phKeep and phJail
	cur  int // seat whose turn it is
	done uint8
	// discarded this turn: no drawing from the discard pile
	discarded bool
	keepSeat  int

	hand    [engine.MaxPlayers]engine.Hand
	crew    [engine.MaxPlayers][maxCrew]member
	ncrew   [engine.MaxPlayers]int
	heat    [engine.MaxPlayers]int
	coll    [engine.MaxPlayers]int // Prestige in the collection
	won     [engine.MaxPlayers]int // jobs collected
	redraws [engine.MaxPlayers]int
	lockRun [engine.MaxPlayers]int // turns in a row begun with nobody free

	deck      engine.Deck // Resource deck
	discard   [engine.MaxDeck]uint8
	ndiscard  int
	mmDeck    engine.Deck
	jobDeck   engine.Deck
	jobPile   engine.Deck // expired jobs
	compDeck  engine.Deck
	compPile  engine.Deck
	jobs      [maxJobs]jobSlot
	njobs     int
	collected int // jobs in collections

	queue [maxTasks]task
	qn    int
	cont  uint8

	heistJob  int
	inCrew    bool // a heist waits for its crew
	hiring    bool // Hire Up goes on
	feeMask   uint8
	trigger   int // seat that reached the goal, -1
	finalLeft int
	turns     int

	moves    int
	endCause string
	returns  [engine.MaxPlayers]float64

	log   func(engine.Event)
	tally *engine.Tally
}

// NewState deals nothing yet: Masterminds, Jobs, Complications and opening
// hands are chance moves.
func (g *Game) NewState(players int, opts engine.StateOptions) engine.State {
	s := &state{}
	s.reset(g, players, opts)
	return s
}

func (s *state) Reset(players int, opts engine.StateOptions) { s.reset(s.g, players, opts) }

func (s *state) reset(g *Game, players int, opts engine.StateOptions) {
	*s = state{g: g, n: players, log: opts.Log, tally: opts.Tally, trigger: -1}
	for _, c := range g.masterminds {
		s.mmDeck.Add(c)
	}
	for _, c := range g.resources {
		s.deck.Add(c)
	}
	for _, c := range g.jobs {
		s.jobDeck.Add(c)
	}
	for _, c := range g.comps {
		s.compDeck.Add(c)
	}
	for _, c := range g.reference {
		s.choice(c)
	}
	row := g.params.row(players)
	s.njobs = min(players*max(row.JobsEach, 1), maxJobs)
	for p := 0; p < players; p++ {
		s.push(task{kind: tMastermind, seat: int8(p)})
	}
	for j := 0; j < s.njobs; j++ {
		s.jobs[j] = jobSlot{card: -1, owner: int8(j % players)}
		s.push(task{kind: tJob, job: int8(j)})
	}
	for p := 0; p < players; p++ {
		for k := 0; k < g.params.HandSize; k++ {
			s.push(task{kind: tDeal, seat: int8(p)})
		}
	}
	s.cont = contKeep
	s.settle()
}

func (s *state) push(t task) {
	if s.qn < maxTasks {
		s.queue[s.qn] = t
		s.qn++
	}
}

func (s *state) pop() task {
	t := s.queue[0]
	copy(s.queue[:s.qn-1], s.queue[1:s.qn])
	s.qn--
	return t
}

func (s *state) choice(c int) {
	if s.tally != nil {
		s.tally.Choice([]engine.Action{engine.Action(c)}, c)
	}
}

func (s *state) count(k int) {
	if s.tally != nil {
		s.tally.Counters[k]++
	}
}

func (s *state) logf(kind string, p int, format string, args ...any) {
	if s.log != nil {
		text := fmt.Sprintf(format, args...)
		if p >= 0 {
			text = fmt.Sprintf("seat %d %s", p+1, text)
		}
		s.log(engine.Event{Move: s.moves, Kind: kind, Player: p, Text: text})
	}
}

func (s *state) NumPlayers() int  { return s.n }
func (s *state) MoveNumber() int  { return s.moves }
func (s *state) IsTerminal() bool { return s.ph == phOver }
func (s *state) EndCause() string { return s.endCause }

func (s *state) Clone() engine.State { return s.CloneInto(nil) }

func (s *state) CloneInto(dst engine.State) engine.State {
	c := engine.CopyState(s, dst)
	c.log, c.tally = nil, nil // a clone is a what-if: it reports nothing
	return c
}

func (s *state) CurrentPlayer() engine.Player {
	switch s.ph {
	case phChance:
		return engine.Chance
	case phOver:
		return engine.Terminal
	case phKeep, phJail:
		return engine.Player(s.who)
	}
	return engine.Player(s.cur)
}

func (s *state) card(c int) *card { return &s.g.cards[c] }

// source is the deck the head task draws from, reshuffling its discards
// when it is empty; nil when there is nothing to draw.
func (s *state) source(t task) *engine.Deck {
	switch t.kind {
	case tMastermind:
		return nonEmpty(&s.mmDeck)
	case tDeal, tDraw:
		if s.deck.Len() == 0 && !t.deckOnly {
			for k := 0; k < s.ndiscard; k++ {
				s.deck.Add(int(s.discard[k]))
			}
			s.ndiscard = 0
		}
		return nonEmpty(&s.deck)
	case tJob:
		if s.jobDeck.Len() == 0 {
			for s.jobPile.Len() > 0 {
				s.jobDeck.Add(s.jobPile.TakeAt(0))
			}
		}
		return nonEmpty(&s.jobDeck)
	default:
		if s.compDeck.Len() == 0 {
			for s.compPile.Len() > 0 {
				s.compDeck.Add(s.compPile.TakeAt(0))
			}
		}
		return nonEmpty(&s.compDeck)
	}
}

func nonEmpty(d *engine.Deck) *engine.Deck {
	if d.Len() == 0 {
		return nil
	}
	return d
}

// settle runs everything that needs no decision: it stops at a chance draw
// or at the next decision.
func (s *state) settle() {
	for s.ph != phOver {
		if s.qn > 0 {
			t := s.queue[0]
			if t.kind == tComp && (s.jobs[t.job].card < 0 || int(s.jobs[t.job].nc) >= maxComp) {
				s.pop()
				continue
			}
			if s.source(t) != nil {
				s.ph = phChance
				return
			}
			s.pop()
			switch t.kind {
			case tDeal, tDraw:
				if s.ndiscard == 0 {
					s.count(cntDeckExhausted)
				}
			case tComp:
				s.count(cntCompsShort)
			}
			continue
		}
		switch s.cont {
		case contKeep:
			for s.keepSeat < s.n && !s.mayRedraw(s.keepSeat) {
				s.keepSeat++
			}
			if s.keepSeat < s.n {
				s.ph, s.who = phKeep, s.keepSeat
				return
			}
			s.cont = contNone
			s.cur = 0
			s.startTurn()
			continue
		case contFees:
			s.cont = contNone
			s.payFees()
			continue
		}
		if seat := s.needsJail(); seat >= 0 {
			s.ph, s.who = phJail, seat
			return
		}
		if s.inCrew {
			s.ph = phCrew
			return
		}
		if s.hiring {
			if s.hasHire() {
				s.ph = phHire
				return
			}
			s.hiring = false
		}
		if s.mainActions() {
			s.ph = phMain
			return
		}
		s.endTurn()
	}
}

func (s *state) mayRedraw(p int) bool {
	if s.redraws[p] >= s.g.params.OpeningRedraws {
		return false
	}
	for k := 0; k < s.hand[p].Len(); k++ {
		switch s.card(s.hand[p].At(k)).kind {
		case kindCrew, kindMercenary:
			return false
		}
	}
	return true
}

// needsJail is the first seat, from the current one on, whose crew has
// heat_to_jail Heat and somebody who can take the fall; -1 if none.
func (s *state) needsJail() int {
	for k := 0; k < s.n; k++ {
		seat := (s.cur + k) % s.n
		if s.heat[seat] < s.g.params.HeatToJail {
			continue
		}
		for m := 0; m < s.ncrew[seat]; m++ {
			if s.jailable(seat, m) {
				return seat
			}
		}
	}
	return -1
}

// jailable: a member not in jail yet, the Mastermind only when
// mastermind_jailable.
func (s *state) jailable(p, m int) bool {
	return s.crew[p][m].time == 0 && (m > 0 || s.g.params.MastermindJailable)
}

func (s *state) available(p, m int) bool {
	mb := s.crew[p][m]
	return mb.time == 0 && !mb.faceDown
}

// members is the rules core's view of seat p's crew.
func (s *state) members(p int) []Member {
	out := make([]Member, s.ncrew[p])
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
			gc := s.card(int(mb.gear))
			out[m].Gear = &Gear{Name: gc.name, Icons: gc.icons, Ability: gc.ability}
		}
	}
	return out
}

// abilitySum adds an ability field over seat p's free members and their Gear.
func (s *state) abilitySum(p int, f func(*card) int) int {
	n := 0
	for m := 0; m < s.ncrew[p]; m++ {
		if !s.available(p, m) {
			continue
		}
		n += f(s.card(int(s.crew[p][m].card)))
		if g := s.crew[p][m].gear; g >= 0 {
			n += f(s.card(int(g)))
		}
	}
	return n
}

func (s *state) startTurn() {
	s.done, s.discarded = 0, false
	free := false
	for m := 0; m < s.ncrew[s.cur]; m++ {
		free = free || s.available(s.cur, m)
	}
	// A jail lock: the whole crew in jail at the start of more turns in a
	// row than one sentence lasts.
	if free {
		s.lockRun[s.cur] = 0
	} else if s.lockRun[s.cur]++; s.lockRun[s.cur] == s.g.params.JailTime {
		s.count(cntJailLock)
	}
	s.ph = phMain
	s.logf("turn", s.cur, "begins a turn (Prestige %d, Heat %d)", s.coll[s.cur], s.heat[s.cur])
}

// mainActions says whether the current player has an action left: a turn
// is two different actions, so the turn ends after the second.
func (s *state) mainActions() bool {
	if bits.OnesCount8(s.done) >= actionsPerTurn {
		return false
	}
	var buf [64]engine.Action
	return len(s.turnActions(buf[:0], false)) > 0
}

func (s *state) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	if s.ph != phChance {
		return buf
	}
	d := s.source(s.queue[0])
	return d.Outcomes(buf, len(s.g.cards))
}

func (s *state) SampleChance(r *engine.Rand) engine.Action {
	d := s.source(s.queue[0])
	return engine.Action(d.Sample(r))
}

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

func sortActions(a []engine.Action) { sort.Slice(a, func(i, j int) bool { return a[i] < a[j] }) }

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
func (s *state) handCash(p, except int) ([]int, []int) {
	var vals, cards []int
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
	for _, m := range s.crewChoices(p) {
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

// crewChoices are the masks of the crews a player may send (see crewActions).
func (s *state) crewChoices(p int) []int {
	j := s.heistJob
	req := s.requirement(j)
	jb := s.card(int(s.jobs[j].card)).job
	all := s.members(p)
	mask := func(sent []int) int {
		m := 0
		for _, i := range sent {
			m |= 1 << uint(i)
		}
		return m
	}
	best, _ := Best(jb, req, all, s.g.params.CrewLimit)
	out := []int{mask(best)}
	// Without Mercenaries: mark them unavailable.
	noMerc := make([]Member, len(all))
	copy(noMerc, all)
	hasMerc := false
	for i := range noMerc {
		if noMerc[i].Kind == Mercenary {
			noMerc[i].FaceDown = true
			hasMerc = true
		}
	}
	if hasMerc {
		if sent, _ := Best(jb, req, noMerc, s.g.params.CrewLimit); mask(sent) != out[0] {
			out = append(out, mask(sent))
		}
	}
	return out
}

// demolitionVictim: the member other than the Mastermind with fewest icons
// (the last such on ties); -1 when there is none.
func (s *state) demolitionVictim(p int) int {
	v, best := -1, 99
	for m := 1; m < s.ncrew[p]; m++ {
		c := s.card(int(s.crew[p][m].card))
		if n := c.icons.Total(); n <= best {
			v, best = m, n
		}
	}
	return v
}

// requirement of job j with its face-up complications, for the current
// player (a Rival's Stash job names the leading rival's Mastermind).
func (s *state) requirement(j int) Requirement {
	js := &s.jobs[j]
	var comps []Complication
	for k := 0; k < int(js.nc); k++ {
		if js.up[k] {
			comps = append(comps, s.card(int(js.comps[k])).comp)
		}
	}
	var rival Icons
	if r := s.leadingRival(s.cur); r >= 0 && s.ncrew[r] > 0 {
		rival = s.card(int(s.crew[r][0].card)).icons
	}
	return Require(s.card(int(js.card)).job, comps, rival)
}

// leadingRival: the other seat with most Prestige in its collection, the
// first after p in turn order on ties.
func (s *state) leadingRival(p int) int {
	best := -1
	for k := 1; k < s.n; k++ {
		r := (p + k) % s.n
		if best < 0 || s.coll[r] > s.coll[best] {
			best = r
		}
	}
	return best
}

func (s *state) Apply(a engine.Action) {
	s.moves++
	if s.ph == phChance {
		s.applyChance(int(a))
		s.settle()
		return
	}
	p := int(s.CurrentPlayer())
	switch {
	case s.ph == phKeep:
		if a == actRedraw {
			s.redraws[p]++
			for s.hand[p].Len() > 0 {
				c := s.hand[p].At(0)
				s.hand[p].Remove(c)
				s.toDiscard(c)
			}
			for k := 0; k < s.g.params.HandSize; k++ {
				s.push(task{kind: tDeal, seat: int8(p)})
			}
			s.logf("redraw", p, "redraws the opening hand")
		} else {
			s.keepSeat++
		}
	case s.ph == phJail:
		s.jail(p, int(a-actJail))
	case a == actEndTurn:
		s.endTurn()
	case a == actStopHire:
		s.hiring = false
	case a == actGatherDeck:
		s.done |= doGather
		n := s.g.params.GatherDraw + s.abilitySum(p, func(c *card) int { return c.gatherExtra })
		for k := 0; k < n; k++ {
			s.push(task{kind: tDraw, seat: int8(p)})
		}
		s.logf("gather", p, "gathers %d Resource cards from the deck", n)
	case a == actGatherDiscard:
		s.done |= doGather
		s.ndiscard--
		c := int(s.discard[s.ndiscard])
		s.hand[p].Add(c)
		s.choice(c)
		s.logf("gather", p, "takes %s from the discard pile", s.card(c).name)
	case a == actLayLow:
		s.done |= doLayLow
		n := s.g.params.LayLow + s.abilitySum(p, func(c *card) int { return c.layLowExtra })
		s.heat[p] = max(0, s.heat[p]-n)
		s.logf("laylow", p, "lays low (Heat %d)", s.heat[p])
	case a >= actLegwork && a < actHeist:
		s.done |= doLegwork
		j, k := int(a-actLegwork)/maxComp, int(a-actLegwork)%maxComp
		s.jobs[j].known[k] |= 1 << uint(p)
		s.logf("legwork", p, "looks at a face-down Complication of %s", s.card(int(s.jobs[j].card)).name)
	case a >= actHeist && a < actHire:
		s.done |= doHeist
		s.heist(int(a - actHeist))
	case a >= actHire && a < actEvent:
		s.done |= doHire
		s.hire(p, int(a-actHire)/8, int(a-actHire)%8)
		s.hiring = true
	case a >= actEvent && a < actManeuver:
		c := int(a - actEvent)
		s.hand[p].Remove(c)
		s.toDiscard(c)
		s.discarded = true
		s.logf("event", p, "plays %s", s.card(c).name)
		s.effects(p, s.card(c).effects)
	case a >= actManeuver && a < actCrew:
		m := int(a - actManeuver)
		c := s.card(int(s.crew[p][m].card))
		s.pay(p, -1, c.cost)
		s.crew[p][m].faceDown = true
		s.logf("maneuver", p, "uses %s's maneuver", c.name)
		s.effects(p, c.effects)
	case a >= actCrew && a < actDemolish:
		s.attempt(p, int(a-actCrew))
	case a >= actDemolish && a < actJail:
		s.demolish(p, int(a-actDemolish))
	}
	s.settle()
}

func (s *state) ApplyJoint([]engine.Action) { panic("hmm: no simultaneous moves") }

func (s *state) toDiscard(c int) {
	s.discard[s.ndiscard] = uint8(c)
	s.ndiscard++
}

func (s *state) applyChance(c int) {
	t := s.pop()
	switch t.kind {
	case tMastermind:
		s.mmDeck.Take(c)
		p := int(t.seat)
		s.crew[p][0] = member{card: int16(c), gear: -1}
		s.ncrew[p] = 1
		s.choice(c)
		s.logf("mastermind", p, "is %s", s.card(c).name)
	case tDeal, tDraw:
		s.deck.Take(c)
		p := int(t.seat)
		s.choice(c)
		if s.card(c).kind == kindImmediate {
			s.toDiscard(c)
			if t.kind == tDeal {
				// Opening hand: discarded unresolved and replaced.
				s.push(task{kind: tDeal, seat: t.seat})
				return
			}
			s.logf("immediate", p, "draws %s: it resolves at once", s.card(c).name)
			s.effects(p, s.card(c).effects)
			return
		}
		s.hand[p].Add(c)
	case tJob:
		s.jobDeck.Take(c)
		js := &s.jobs[t.job]
		*js = jobSlot{card: int16(c), owner: js.owner, time: int8(s.g.params.JobTime)}
		s.choice(c)
		jb := s.card(c).job
		for k := 0; k < jb.FaceUp; k++ {
			s.push(task{kind: tComp, job: t.job, up: true})
		}
		for k := 0; k < jb.FaceDown; k++ {
			s.push(task{kind: tComp, job: t.job})
		}
		s.logf("job", int(js.owner), "gets the job %s", s.card(c).name)
	case tComp:
		s.compDeck.Take(c)
		js := &s.jobs[t.job]
		k := js.nc
		js.comps[k], js.up[k], js.known[k] = int16(c), t.up, 0
		js.nc++
		s.choice(c)
		if t.up {
			s.revealed(int(t.job), c)
		}
	}
}

// revealed: a complication turned face up draws the extra ones it calls for.
func (s *state) revealed(j, c int) {
	for k := 0; k < s.card(c).comp.DrawMore; k++ {
		s.push(task{kind: tComp, job: int8(j), up: true})
	}
}

func (s *state) heist(j int) {
	s.heistJob = j
	js := &s.jobs[j]
	for k := 0; k < int(js.nc); k++ {
		if !js.up[k] {
			js.up[k] = true
			s.revealed(j, int(js.comps[k]))
		}
	}
	s.inCrew = true
	s.logf("heist", s.cur, "attempts %s", s.card(int(js.card)).name)
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
	s.compPile.Add(removed)
	js.nc--
	js.comps[bi], js.up[bi], js.known[bi] = js.comps[js.nc], js.up[js.nc], js.known[js.nc]
	g := int(s.crew[p][m].gear)
	s.crew[p][m].gear = -1
	s.toDiscard(g)
	v := s.demolitionVictim(p)
	s.logf("demolition", p, "blows away %s and loses %s", s.card(removed).name, s.card(int(s.crew[p][v].card)).name)
	s.removeMember(p, v)
}

// removeMember discards member m and its Gear; a jailed member snitches.
func (s *state) removeMember(p, m int) {
	mb := s.crew[p][m]
	if mb.gear >= 0 {
		s.toDiscard(int(mb.gear))
	}
	s.toDiscard(int(mb.card))
	s.heat[p] += int(mb.time)
	copy(s.crew[p][m:s.ncrew[p]-1], s.crew[p][m+1:s.ncrew[p]])
	s.ncrew[p]--
	// Fees due are by member index: shift them too.
	if p == s.cur && s.feeMask != 0 {
		low := s.feeMask & (1<<uint(m) - 1)
		high := s.feeMask >> uint(m+1) << uint(m)
		s.feeMask = low | high
	}
}

func (s *state) attempt(p, mask int) {
	j := s.heistJob
	js := &s.jobs[j]
	req := s.requirement(j)
	var sent []int
	for m := 0; m < s.ncrew[p]; m++ {
		if mask&(1<<m) != 0 {
			sent = append(sent, m)
		}
	}
	jb := s.card(int(js.card)).job
	res, err := Attempt(jb, req, s.members(p), sent)
	if err != nil {
		panic("hmm: illegal crew: " + err.Error())
	}
	s.feeMask = 0
	for _, m := range sent {
		c := s.card(int(s.crew[p][m].card))
		if c.kind == kindMercenary {
			s.feeMask |= 1 << uint(m)
		}
	}
	s.heat[p] += res.Heat
	// Single-use Gear is spent by the heist its carrier joined.
	for _, m := range sent {
		if g := s.crew[p][m].gear; g >= 0 && s.card(int(g)).singleUse {
			s.toDiscard(int(g))
			s.crew[p][m].gear = -1
		}
	}
	if res.Complete {
		s.coll[p] += res.Prestige
		s.won[p]++
		s.collected++
		for k := 0; k < int(js.nc); k++ {
			s.compPile.Add(int(js.comps[k]))
		}
		s.logf("complete", p, "completes %s: %d Prestige, %d Heat (%d substituted), %d Resource cards", jb.Name, res.Prestige, res.Heat, res.Substitutions, res.Resources)
		owner := js.owner
		*js = jobSlot{card: -1, owner: owner}
		s.push(task{kind: tJob, job: int8(j)})
		for k := 0; k < res.Resources; k++ {
			s.push(task{kind: tDraw, seat: int8(p)})
		}
	} else {
		s.count(cntFailedHeists)
		s.logf("fail", p, "fails %s: %d icons short, %d Heat; a new face-down Complication", jb.Name, res.Short, res.Heat)
		s.push(task{kind: tComp, job: int8(j)})
	}
	s.cont = contFees
	s.inCrew = false
}

// payFees: every Mercenary sent is paid its fee from hand (after the
// reward), or leaves and the crew gains Heat.
func (s *state) payFees() {
	p := s.cur
	for m := s.ncrew[p] - 1; m >= 0; m-- {
		if s.feeMask&(1<<uint(m)) == 0 {
			continue
		}
		c := s.card(int(s.crew[p][m].card))
		if !s.pay(p, -1, c.cost) {
			s.count(cntUnpaidFees)
			s.logf("fee", p, "cannot pay %s, who quits", c.name)
			s.removeMember(p, m)
			s.heat[p] += s.g.params.UnpaidFeeHeat
		}
	}
	s.feeMask = 0
}

// pay discards cash from seat p's hand (leaving one copy of except), the
// least waste first; false when the hand is not enough.
func (s *state) pay(p, except, cost int) bool {
	vals, cards := s.handCash(p, except)
	idx, ok := Pay(vals, cost)
	if !ok {
		return false
	}
	for _, i := range idx {
		s.hand[p].Remove(cards[i])
		s.toDiscard(cards[i])
	}
	if len(idx) > 0 {
		s.discarded = true
	}
	return true
}

func (s *state) hire(p, c, slot int) {
	cd := s.card(c)
	s.hand[p].Remove(c)
	if cd.kind != kindMercenary {
		s.pay(p, -1, cd.cost)
	}
	if cd.kind == kindGear {
		s.crew[p][slot].gear = int16(c)
		s.logf("hire", p, "gives %s to %s", cd.name, s.card(int(s.crew[p][slot].card)).name)
		return
	}
	if slot != noSlot {
		s.logf("dismiss", p, "dismisses %s", s.card(int(s.crew[p][slot].card)).name)
		s.removeMember(p, slot)
	}
	s.crew[p][s.ncrew[p]] = member{card: int16(c), gear: -1}
	s.ncrew[p]++
	s.logf("hire", p, "hires %s", cd.name)
}

func (s *state) jail(p, m int) {
	mb := &s.crew[p][m]
	if mb.gear >= 0 {
		s.toDiscard(int(mb.gear))
		mb.gear = -1
	}
	mb.faceDown = false
	mb.time = int8(s.g.params.JailTime)
	s.heat[p] -= s.g.params.HeatToJail
	s.logf("jail", p, "sends %s to jail", s.card(int(mb.card)).name)
}

func (s *state) effects(p int, effs []Effect) {
	for _, e := range effs {
		switch {
		case e.LoseHeat > 0:
			s.heat[p] = max(0, s.heat[p]-e.LoseHeat)
		case e.RivalHeat > 0:
			if r := s.leadingRival(p); r >= 0 {
				s.heat[r] += e.RivalHeat
			}
		case e.Peek:
			best, bj := 0, -1
			for j := 0; j < s.njobs; j++ {
				n := 0
				for k := 0; k < int(s.jobs[j].nc); k++ {
					if !s.jobs[j].up[k] && s.jobs[j].known[k]&(1<<uint(p)) == 0 {
						n++
					}
				}
				if n > best {
					best, bj = n, j
				}
			}
			if bj >= 0 {
				for k := 0; k < int(s.jobs[bj].nc); k++ {
					s.jobs[bj].known[k] |= 1 << uint(p)
				}
			}
		case e.Draw > 0:
			for k := 0; k < e.Draw; k++ {
				s.push(task{kind: tDraw, seat: int8(p), deckOnly: true})
			}
		case e.AddTime > 0:
			bj := -1
			for j := 0; j < s.njobs; j++ {
				if s.jobs[j].card >= 0 && int(s.jobs[j].owner) == p && (bj < 0 || s.jobs[j].time < s.jobs[bj].time) {
					bj = j
				}
			}
			if bj >= 0 {
				s.jobs[bj].time += int8(e.AddTime)
			}
		case e.AllHeat > 0:
			for q := 0; q < s.n; q++ {
				s.heat[q] += e.AllHeat
			}
		case e.JobsTime > 0:
			for j := 0; j < s.njobs; j++ {
				if s.jobs[j].card >= 0 {
					s.jobs[j].time -= int8(e.JobsTime)
					if s.jobs[j].time <= 0 {
						s.expire(j)
					}
				}
			}
		}
	}
}

func (s *state) expire(j int) {
	js := &s.jobs[j]
	s.count(cntJobsExpired)
	s.logf("expire", int(js.owner), "loses %s: out of Time", s.card(int(js.card)).name)
	s.jobPile.Add(int(js.card))
	for k := 0; k < int(js.nc); k++ {
		s.compPile.Add(int(js.comps[k]))
	}
	owner := js.owner
	*js = jobSlot{card: -1, owner: owner}
	s.push(task{kind: tJob, job: int8(j)})
}

// endTurn: Time comes off the player's jobs and jailed crew, Mercenaries
// flip back up; the goal triggers the last round.
func (s *state) endTurn() {
	p := s.cur
	for j := 0; j < s.njobs; j++ {
		if s.jobs[j].card >= 0 && int(s.jobs[j].owner) == p {
			s.jobs[j].time--
			if s.jobs[j].time <= 0 {
				s.expire(j)
			}
		}
	}
	for m := 0; m < s.ncrew[p]; m++ {
		mb := &s.crew[p][m]
		mb.faceDown = false
		if mb.time > 0 {
			mb.time--
		}
	}
	s.turns++
	goal := s.g.params.row(s.n).Goal
	switch {
	case s.trigger < 0 && s.coll[p] >= goal:
		s.trigger, s.finalLeft = p, s.n-1
		if s.g.params.FinalRound == finalFinishRound {
			s.finalLeft = s.n - 1 - p // the seats after p this round
		}
		s.logf("goal", p, "reaches %d Prestige: %s", s.coll[p], s.g.params.finalRoundText())
	case s.trigger >= 0 && p != s.trigger:
		s.finalLeft--
	}
	if s.trigger >= 0 && s.finalLeft <= 0 {
		s.endGame("goal reached")
		return
	}
	if s.trigger < 0 && s.turns >= s.g.params.RoundLimit*s.n {
		s.count(cntNoGoal)
		s.endGame("round limit")
		return
	}
	s.cur = (s.cur + 1) % s.n
	if s.cur == s.trigger {
		s.cur = (s.cur + 1) % s.n
	}
	s.startTurn()
}

func (s *state) handPrestige(p int) int {
	n := 0
	for k := 0; k < s.hand[p].Len(); k++ {
		if c := s.card(s.hand[p].At(k)); c.kind == kindPrestige {
			n += c.prestige
		}
	}
	return n
}

func (s *state) pending(p int) int {
	n := s.heat[p]
	for m := 0; m < s.ncrew[p]; m++ {
		n += int(s.crew[p][m].time)
	}
	return n
}

func (s *state) endGame(cause string) {
	s.ph = phOver
	s.endCause = cause
	st := make([]Standing, s.n)
	for p := range st {
		st[p] = Standing{Collection: s.coll[p], InHand: s.handPrestige(p), Pending: s.pending(p)}
	}
	win := Winners(st)
	for _, w := range win {
		s.returns[w] = 1 / float64(len(win))
	}
	s.logf("end", -1, "game over (%s): winners %v", cause, win)
}

func (s *state) Returns(buf []float64) []float64 { return append(buf, s.returns[:s.n]...) }

func (s *state) ActionString(p engine.Player, a engine.Action) string {
	if s.ph == phChance {
		return s.card(int(a)).name
	}
	switch {
	case a == actGatherDeck:
		return "gather from the deck"
	case a == actGatherDiscard:
		return "gather from the discard pile"
	case a == actLayLow:
		return "lay low"
	case a == actKeep:
		return "keep the opening hand"
	case a == actRedraw:
		return "redraw the opening hand"
	case a == actStopHire:
		return "stop hiring"
	case a == actEndTurn:
		return "end the turn"
	case a >= actLegwork && a < actHeist:
		return fmt.Sprintf("legwork on job %d, complication %d", int(a-actLegwork)/maxComp+1, int(a-actLegwork)%maxComp+1)
	case a >= actHeist && a < actHire:
		return fmt.Sprintf("heist job %d", int(a-actHeist)+1)
	case a >= actHire && a < actEvent:
		c, slot := int(a-actHire)/8, int(a-actHire)%8
		if slot == noSlot {
			return "hire " + s.card(c).name
		}
		return fmt.Sprintf("hire %s (member %d)", s.card(c).name, slot+1)
	case a >= actEvent && a < actManeuver:
		return "play " + s.card(int(a-actEvent)).name
	case a >= actManeuver && a < actCrew:
		return fmt.Sprintf("maneuver of member %d", int(a-actManeuver)+1)
	case a >= actCrew && a < actDemolish:
		return fmt.Sprintf("send crew %04b", int(a-actCrew))
	case a >= actDemolish && a < actJail:
		return fmt.Sprintf("demolition by member %d", int(a-actDemolish)+1)
	case a >= actJail && a < actKeep:
		return fmt.Sprintf("jail member %d", int(a-actJail)+1)
	}
	return fmt.Sprintf("action %d", a)
}

// CheckInvariants: every card is in exactly one place; Heat never negative.
func (s *state) CheckInvariants() error {
	res := s.deck.Len() + s.ndiscard
	mm := s.mmDeck.Len()
	for p := 0; p < s.n; p++ {
		if s.heat[p] < 0 {
			return fmt.Errorf("seat %d has %d Heat", p+1, s.heat[p])
		}
		res += s.hand[p].Len()
		for m := 0; m < s.ncrew[p]; m++ {
			if m == 0 {
				mm++
			} else {
				res++
			}
			if s.crew[p][m].gear >= 0 {
				res++
			}
		}
		if s.ncrew[p] > s.g.params.CrewLimit {
			return fmt.Errorf("seat %d has %d crew members", p+1, s.ncrew[p])
		}
	}
	if res != len(s.g.resources) {
		return fmt.Errorf("%d Resource cards in play, want %d", res, len(s.g.resources))
	}
	if mm != len(s.g.masterminds) {
		return fmt.Errorf("%d Masterminds, want %d", mm, len(s.g.masterminds))
	}
	jobs := s.jobDeck.Len() + s.jobPile.Len() + s.collected
	comps := s.compDeck.Len() + s.compPile.Len()
	for j := 0; j < s.njobs; j++ {
		if s.jobs[j].card >= 0 {
			jobs++
			comps += int(s.jobs[j].nc)
		}
	}
	if jobs != len(s.g.jobs) || comps != len(s.g.comps) {
		return fmt.Errorf("%d jobs and %d complications, want %d and %d", jobs, comps, len(s.g.jobs), len(s.g.comps))
	}
	return nil
}

// Evaluate: Prestige counts most, then crew and hand; Heat hurts.
func (s *state) Evaluate(p engine.Player) float64 {
	i := int(p)
	// Cards beyond a working hand are worth nothing: hoarding them only
	// starves the deck.
	return float64(s.coll[i]+s.handPrestige(i)) + 0.3*float64(s.ncrew[i]) + 0.05*float64(min(s.hand[i].Len(), 8)) - 0.4*float64(s.pending(i))
}
