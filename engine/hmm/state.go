package hmm

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"unsafe"

	"github.com/cardpress/cardpress/engine"
)

type phase uint8

const (
	phChance phase = iota // a card is drawn (the head of the task queue)
	phKeep                // opening hand without Crew or Mercenary: keep or redraw
	phMain                // the turn: an action, an Event, a maneuver
	phHire                // Hire Up goes on: another card or stop
	phCrew                // a heist: choose who goes (or use Demolition)
	phJail                // a crew with too much Heat picks who takes the fall
	phFee                 // a Mercenary sent on a heist: pay the fee or refuse (fee_refusable)
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
	actPayFee        engine.Action = 5500 // + member
	actRefuseFee     engine.Action = 5510 // + member
)

const noSlot = 7

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
	// cause is the card that draws, plus one (0: the deal or Gather), for
	// the log.
	cause int16
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
	up    [maxComp]uint8 // 1 face up, 0 face down (legwork reads them eight to a word)
	known [maxComp]uint8 // seats that looked (Legwork, peek), bitmask
}

// Continuations after the queue empties.
const (
	contNone uint8 = iota
	contKeep       // opening hands: keep/redraw decisions, then the first turn
	contFees       // reward drawn: pay the Mercenaries sent
)

// state is one game of Heist Masterminds in progress: a fixed-size struct,
// so a clone is a copy. Its moves are split by theme: actions.go (what may
// be done), turn.go, crew.go and heist.go (what doing it changes).
type state struct {
	engine.Base
	g  *Game
	ph phase

	who  int // seat deciding at phKeep and phJail
	cur  int // seat whose turn it is
	done uint8
	// discarded this turn: no drawing from the discard pile
	discarded bool
	keepSeat  int

	hand [engine.MaxPlayers]engine.Hand
	// wallet is each hand's cash value (cost times copies), kept by
	// toHand and fromHand, through which every change of a hand goes:
	// the legal actions and settle ask it on most moves.
	wallet  [engine.MaxPlayers]int
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

	// The tasks waiting are queue[qh:qn]: a draw moves the head on
	// instead of shifting the queue down (about half of all moves are
	// draws); the queue starts over at 0 whenever it empties.
	queue [maxTasks]task
	qh    int
	qn    int
	cont  uint8

	heistJob  int
	inCrew    bool // a heist waits for its crew
	hiring    bool // Hire Up goes on
	feeMask   uint8
	trigger   int // seat that reached the goal, -1
	finalLeft int
	turns     int
	goal      int  // the Prestige goal of this player count
	round     int  // rounds begun, for the log
	newRound  bool // the next turn begins a round

	// What settle's last look for a seat to jail saw (jailCandidates):
	// jailHot the seats with the Heat, none needing jail; jailCheck the
	// seats mayJail marked since. A bit per seat.
	jailHot   uint8
	jailCheck uint8
}

// NewState deals nothing yet: Masterminds, Jobs, Complications and opening
// hands are chance moves.
func (g *Game) NewState(players int, opts engine.StateOptions) engine.State {
	return engine.Started(&state{g: g}, players, opts)
}

func (s *state) Reset(players int, opts engine.StateOptions) { s.reset(s.g, players, opts) }

func (s *state) reset(g *Game, players int, opts engine.StateOptions) {
	*s = state{Base: engine.NewBase(players, opts), g: g, trigger: -1}
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
		s.Tally.Took(c)
	}
	row := g.params.row(players)
	s.goal = row.Goal
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

// push queues t; with maxTasks tasks waiting it is dropped.
func (s *state) push(t task) {
	if s.qn == maxTasks && s.qh > 0 {
		// Out of room at the end only: move the waiting tasks down.
		n := copy(s.queue[:], s.queue[s.qh:s.qn])
		s.qh, s.qn = 0, n
	}
	if s.qn < maxTasks {
		s.queue[s.qn] = t
		s.qn++
	}
}

func (s *state) pop() task {
	t := s.queue[s.qh]
	if s.qh++; s.qh == s.qn {
		s.qh, s.qn = 0, 0
	}
	return t
}

// jumpQueue moves the tasks queued after the first waiting ones ahead of
// them, keeping the order within each part.
func (s *state) jumpQueue(waiting int) {
	mid := s.qh + waiting
	if waiting == 0 || mid >= s.qn {
		return
	}
	var tmp [maxTasks]task
	k := copy(tmp[:], s.queue[mid:s.qn])
	k += copy(tmp[k:], s.queue[s.qh:mid])
	copy(s.queue[s.qh:], tmp[:k])
}

// tasks are the tasks waiting, the head first.
func (s *state) tasks() []task { return s.queue[s.qh:s.qn] }

func (s *state) IsTerminal() bool { return s.ph == phOver }

func (s *state) CloneInto(dst engine.State) engine.State { return engine.CloneState(s, dst) }

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
			s.logReshuffle(s.ndiscard, zDiscard, zDeck)
			s.ndiscard = 0
		}
		return nonEmpty(&s.deck)
	case tJob:
		if s.jobDeck.Len() == 0 {
			s.logReshuffle(s.jobPile.Len(), zExpired, zJobDeck)
			for s.jobPile.Len() > 0 {
				s.jobDeck.Add(s.jobPile.TakeAt(0))
			}
		}
		return nonEmpty(&s.jobDeck)
	default:
		if s.compDeck.Len() == 0 {
			s.logReshuffle(s.compPile.Len(), zCompPile, zCompDeck)
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
		if s.qh < s.qn {
			if s.drawQueued() {
				return
			}
			continue
		}
		switch s.cont {
		case contKeep:
			for s.keepSeat < s.N && !s.mayRedraw(s.keepSeat) {
				s.keepSeat++
			}
			if s.keepSeat < s.N {
				s.ph, s.who = phKeep, s.keepSeat
				return
			}
			s.cont = contNone
			s.cur = 0
			s.round, s.newRound = 1, true
			s.startTurn()
			continue
		case contFees:
			if s.feeMask != 0 {
				if s.feeChoice() {
					s.ph = phFee
					return
				}
				m := s.nextFee()
				c := int(s.crew[s.cur][m].card)
				s.settleFee(m, s.pay(s.cur, -1, s.card(c).cost, s.id(c)))
				continue
			}
			s.cont = contNone
			continue
		}
		// needsJail over the seats that may have changed: the first of
		// them from the current seat on is needsJail's seat, the others
		// needing no jail.
		// heatSeats, inlined, the last four seats only when in play
		// (seats from N on have no crew to jail).
		lim := s.g.params.HeatToJail - 1
		hot := heat4((*[4]int)(s.heat[:4]), lim)
		if s.N > 4 {
			hot |= heat4((*[4]int)(s.heat[4:]), lim) << 4
		}
		// A heist waiting for its crew is resolved first: Heat a
		// Demolition victim's snitching brings (demolition_victim any)
		// jails someone after the attempt, not between Demolition and the
		// choice of crew, which would leave the heist nobody to send.
		if s.inCrew {
			s.ph = phCrew
			return
		}
		if s.jailCandidates(hot) != 0 {
			if seat := s.jailSeat(s.jailCandidates(hot)); seat >= 0 {
				s.ph, s.who = phJail, seat
				return
			}
			s.jailHot, s.jailCheck = uint8(hot), 0
		}
		// goal_check action: a player whose collection holds the goal plays
		// no more of the turn (the book: "Their game is over.").
		// (The parameter, a string, is compared last: rarely.)
		if s.trigger < 0 && s.coll[s.cur] >= s.goal && s.g.params.GoalCheck == goalAction {
			s.endTurn()
			continue
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

// drawQueued takes the task at the head of the queue: a draw that has a
// card to draw waits for chance (true); one that has none, or a
// complication for a job that has gone or is full, is dropped, the
// shortage counted and logged.
func (s *state) drawQueued() bool {
	t := s.queue[s.qh]
	if t.kind == tComp && (s.jobs[t.job].card < 0 || int(s.jobs[t.job].nc) >= maxComp) {
		s.pop()
		return false
	}
	if s.source(t) != nil {
		s.ph = phChance
		return true
	}
	s.pop()
	switch t.kind {
	case tDeal, tDraw:
		if s.ndiscard == 0 {
			s.Tally.Count(cntDeckExhausted, 1)
		}
		s.logNothing("draw", int(t.seat), rCards, 1, s.causeOf(t), "deck empty")
	case tComp:
		s.Tally.Count(cntCompsShort, 1)
		s.logNothing("complication", int(s.jobs[t.job].owner), "complications", 1, s.id(int(s.jobs[t.job].card)), "none left")
	case tJob:
		s.logNothing("job", int(s.jobs[t.job].owner), "jobs", 1, "", "none left")
	}
	return false
}

func (s *state) mayRedraw(p int) bool {
	if s.redraws[p] >= s.g.params.OpeningRedraws {
		return false
	}
	// No Crew and no Mercenary in hand.
	h := &s.hand[p]
	crew, mercs := handOf(h, &s.g.kindBits[kindCrew]), handOf(h, &s.g.kindBits[kindMercenary])
	for w := range crew {
		if crew[w]|mercs[w] != 0 {
			return false
		}
	}
	return true
}

func (s *state) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	if s.ph != phChance {
		return buf
	}
	return s.drawDeck(s.queue[s.qh]).Outcomes(buf, len(s.g.cards))
}

func (s *state) SampleChance(r *engine.Rand) engine.Action {
	return engine.Action(s.drawDeck(s.queue[s.qh]).Sample(r))
}

// drawDeck is the deck task t draws from, as source finds it, for a state
// at phChance: settle stops there only once source has found the head
// task's deck non-empty (reshuffling it, and logging that, if need be),
// and nothing changes a deck's size before the draw (Determinize deals
// each deck back to its size), so this asks nothing again.
func (s *state) drawDeck(t task) *engine.Deck {
	switch t.kind {
	case tMastermind:
		return &s.mmDeck
	case tDeal, tDraw:
		return &s.deck
	case tJob:
		return &s.jobDeck
	}
	return &s.compDeck
}

func (s *state) DoApply(a engine.Action) {
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
			s.logRedraw(p)
			for s.hand[p].Len() > 0 {
				c := s.hand[p].At(0)
				s.fromHand(p, c)
				s.toDiscard(c)
				s.logMove("discard", p, c, zHand, zDiscard, causeRedraw)
			}
			for k := 0; k < s.g.params.HandSize; k++ {
				s.push(task{kind: tDeal, seat: int8(p)})
			}
		} else {
			s.keepSeat++
		}
	case s.ph == phJail:
		s.jail(p, int(a-actJail))
	case s.ph == phFee:
		m := s.nextFee()
		if a == actPayFee+engine.Action(m) {
			c := int(s.crew[p][m].card)
			s.settleFee(m, s.pay(p, -1, s.card(c).cost, s.id(c)))
		} else {
			s.settleFee(m, false)
		}
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
		s.logGather(p, n)
	case a == actGatherDiscard:
		s.done |= doGather
		s.ndiscard--
		c := int(s.discard[s.ndiscard])
		s.Tally.Took(c)
		if s.card(c).kind == kindImmediate {
			// Taking it is drawing it: "When drawn, a Play Immediately
			// card must be resolved right then." It goes back on the pile.
			s.toDiscard(c)
			s.logImmediate(p, c, zDiscard, causeGather, "resolves")
			s.effects(p, s.card(c).effects, c)
			break
		}
		s.toHand(p, c)
		s.logMove("gather", p, c, zDiscard, zHand, causeGather)
	case a == actLayLow:
		s.done |= doLayLow
		n := s.g.params.LayLow + s.abilitySum(p, func(c *card) int { return c.layLowExtra })
		before := s.heat[p]
		s.heat[p] = max(0, s.heat[p]-n)
		s.logHeat("laylow", p, s.heat[p]-before, -n, causeLayLow)
	case a >= actLegwork && a < actHeist:
		s.done |= doLegwork
		j, k := int(a-actLegwork)/maxComp, int(a-actLegwork)%maxComp
		s.jobs[j].known[k] |= 1 << uint(p)
		s.logLegwork(p, j, k)
	case a >= actHeist && a < actHire:
		s.done |= doHeist
		s.heist(int(a - actHeist))
	case a >= actHire && a < actEvent:
		s.done |= doHire
		s.hire(p, int(a-actHire)/8, int(a-actHire)%8)
		s.hiring = true
	case a >= actEvent && a < actManeuver:
		c := int(a - actEvent)
		s.fromHand(p, c)
		s.toDiscard(c)
		s.discarded = true
		s.logMove("event", p, c, zHand, zDiscard, "")
		s.effects(p, s.card(c).effects, c)
	case a >= actManeuver && a < actCrew:
		m := int(a - actManeuver)
		ci := int(s.crew[p][m].card)
		c := s.card(ci)
		s.logManeuver(p, m)
		s.pay(p, -1, c.cost, c.id)
		s.crew[p][m].faceDown = true
		s.effects(p, c.effects, ci)
	case a >= actCrew && a < actDemolish:
		s.attempt(p, int(a-actCrew))
	case a >= actDemolish && a < actJail:
		s.demolish(p, int(a-actDemolish))
	}
	s.settle()
}

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
		s.mayJail(p)
		s.Tally.Took(c)
		s.logMove("mastermind", p, c, zMMDeck, zCrew, causeDeal)
	case tDeal, tDraw:
		s.deck.Take(c)
		p := int(t.seat)
		s.Tally.Took(c)
		if s.card(c).kind == kindImmediate {
			s.toDiscard(c)
			if t.kind == tDeal {
				// Opening hand: discarded unresolved and replaced.
				s.logImmediate(p, c, zDeck, s.causeOf(t), "set aside")
				s.push(task{kind: tDeal, seat: t.seat})
				return
			}
			s.logImmediate(p, c, zDeck, s.causeOf(t), "resolves")
			waiting := s.qn - s.qh
			s.effects(p, s.card(c).effects, c)
			// "Resolved right then": what it draws or deals comes before
			// the draws still waiting (the rest of an Event's or a
			// Gather's).
			s.jumpQueue(waiting)
			return
		}
		s.toHand(p, c)
		if s.Log != nil { // the log's cause costs a card lookup
			s.logMove("draw", p, c, zDeck, zHand, s.causeOf(t))
		}
	case tJob:
		s.jobDeck.Take(c)
		js := &s.jobs[t.job]
		*js = jobSlot{card: int16(c), owner: js.owner, time: int8(s.g.params.JobTime)}
		s.Tally.Took(c)
		jb := s.card(c).job
		for k := 0; k < jb.FaceUp; k++ {
			s.push(task{kind: tComp, job: t.job, up: true})
		}
		for k := 0; k < jb.FaceDown; k++ {
			s.push(task{kind: tComp, job: t.job})
		}
		s.logJob(int(t.job))
	case tComp:
		s.compDeck.Take(c)
		js := &s.jobs[t.job]
		k := js.nc
		js.comps[k], js.up[k], js.known[k] = int16(c), uint8(bit(t.up)), 0
		js.nc++
		s.Tally.Took(c)
		to := zFaceDown
		if t.up {
			to = zFaceUp
		}
		if s.Log != nil { // the log's cause costs a card lookup
			s.logMove("complication", int(js.owner), c, zCompDeck, to, s.id(int(js.card)))
		}
		if t.up {
			s.revealed(int(t.job), c)
		}
	}
}

// actionNames name the actions that carry no card, job or member.
var actionNames = map[engine.Action]string{
	actGatherDeck:    "gather from the deck",
	actGatherDiscard: "gather from the discard pile",
	actLayLow:        "lay low",
	actKeep:          "keep the opening hand",
	actRedraw:        "redraw the opening hand",
	actStopHire:      "stop hiring",
	actEndTurn:       "end the turn",
}

func (s *state) ActionString(p engine.Player, a engine.Action) string {
	if s.ph == phChance {
		return s.card(int(a)).name
	}
	if name, ok := actionNames[a]; ok {
		return name
	}
	switch {
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
	case a >= actPayFee && a < actRefuseFee+maxCrew:
		m, verb := int(a-actPayFee), "pay"
		if a >= actRefuseFee {
			m, verb = int(a-actRefuseFee), "refuse"
		}
		name, fee := fmt.Sprintf("member %d", m+1), 0
		if m < s.ncrew[s.cur] {
			c := s.card(int(s.crew[s.cur][m].card))
			name, fee = c.name, c.cost
		}
		if verb == "pay" {
			return fmt.Sprintf("pay %s's fee ($%d)", name, fee)
		}
		return fmt.Sprintf("refuse %s's fee (%s leaves, %d Heat)", name, name, s.g.params.UnpaidFeeHeat)
	}
	return fmt.Sprintf("action %d", a)
}

// CheckInvariants: every card is in exactly one place; Heat never negative.
//
// The runner asks after every move, so a quick screen (invariantsHold)
// runs first and the full check (invariantError) only when the screen
// finds something amiss, to name the first broken invariant as always.
// The screen keeps no count of its own that the moves update: it recounts
// every zone from the state as the full check does, and fails whenever one
// of the full check's tests fails (it also fails on a seat with no crew,
// before the Masterminds are dealt, which the full check then clears). So
// it catches all the full check catches, at the same move;
// TestInvariantScreen breaks states in every way the full check tests and
// holds the screen to that.
func (s *state) CheckInvariants() error {
	if s.invariantsHold() {
		return nil
	}
	return s.invariantError()
}

// unsafe: invariantsHold and gearsCarried read a crew's members as bytes
// (unsafe.Pointer to [maxCrew*memberSize]byte), the one place the engines
// keep unsafe. Reading the six gear fields one by one, even without a
// loop or a branch, made lint's path 6-7% slower at 4 players
// (BenchmarkSmokeGames/4p/lint, CPU time, docs/benchmarks.md, Speed tricks
// and what they pay); the layout they rely on is pinned below memberSize,
// and TestGearsCarried and TestInvariantScreen hold them to a plain count.

// crewLanes[n] picks, in the three words invariantsHold reads of a crew
// (from bytes 3, 15 and 27: word k holds members 2k and 2k+1's gear sign
// bits at bits 7 and 55), the sign bits of the first n members: a stale
// Gear on a member past the crew must not count.
var crewLanes = func() (t [8][3]uint64) {
	for n := range t {
		for m := 0; m < min(n, maxCrew); m++ {
			t[n][m/2] |= 1 << (7 + 48*(m%2))
		}
	}
	return t
}()

// invariantsHold reports whether every invariant of invariantError holds.
// It asks every seat to have 1 to CrewLimit members, so that a seat adds
// its hand, its n members (one a Mastermind) and their Gear: n less the
// members with none. It counts those from the crew's gear sign bits, two
// members a word (three words for a crew of six), with no branch on what
// it finds, which a random game makes unpredictable; the sums of the
// seats' words go in two lanes of one word (bits 7-11 and 55-59: 24
// members at most each, no carry from one lane into the other). Its
// branches fail only on a broken state (or before the Masterminds are
// dealt), or on a job slot waiting for its next job. It may fail on a
// state that is fine: then invariantError decides.
func (s *state) invariantsHold() bool {
	seats := s.N
	if uint(seats) > engine.MaxPlayers {
		return false
	}
	limit := min(s.g.params.CrewLimit, maxCrew)
	res := 0
	var none uint64
	for p := 0; p < seats; p++ {
		n := s.ncrew[p]
		// Branches that fail only on a broken state, or before the deal.
		if uint(n-1) >= uint(limit) || s.heat[p] < 0 {
			return false
		}
		res += s.hand[p].Len() + 2*n
		cb := (*[maxCrew * memberSize]byte)(unsafe.Pointer(&s.crew[p]))
		ln := &crewLanes[n&7]
		none += binary.LittleEndian.Uint64(cb[3:])&ln[0] + binary.LittleEndian.Uint64(cb[15:])&ln[1]
	}
	if limit > 4 {
		// Members 5 and 6 (the third word), with a crew_limit above four
		// only; every crew size is in range, checked above.
		for p := 0; p < seats; p++ {
			cb := (*[maxCrew * memberSize]byte)(unsafe.Pointer(&s.crew[p]))
			none += binary.LittleEndian.Uint64(cb[27:]) & crewLanes[s.ncrew[p]&7][2]
		}
	}
	// A Mastermind a seat: one of its n members is no Resource card.
	res += s.deck.Len() + s.ndiscard - seats - int(none&0xffff)>>7 - int(none>>55)
	njobs := s.njobs
	if uint(njobs) > maxJobs {
		return false
	}
	jobs := s.jobDeck.Len() + s.jobPile.Len() + s.collected + njobs
	comps := s.compDeck.Len() + s.compPile.Len()
	for j := range s.jobs[:njobs] {
		// A branch, taken rarely: a slot waits for a new job only between
		// a job's end and the next chance move.
		if js := &s.jobs[j]; js.card >= 0 {
			comps += int(js.nc)
		} else {
			jobs--
		}
	}
	return res == len(s.g.resources) && s.mmDeck.Len()+seats == len(s.g.masterminds) &&
		jobs == len(s.g.jobs) && comps == len(s.g.comps)
}

// invariantError is the full check: the first invariant broken, or nil.
// It counts without branches on what it counts (a Gear or none), which a
// random game makes unpredictable.
func (s *state) invariantError() error {
	res := s.deck.Len() + s.ndiscard
	mm := s.mmDeck.Len()
	limit := s.g.params.CrewLimit
	for p := 0; p < s.N; p++ {
		if s.heat[p] < 0 {
			return fmt.Errorf("seat %d has %d Heat", p+1, s.heat[p])
		}
		n := s.ncrew[p]
		if n > limit {
			return fmt.Errorf("seat %d has %d crew members", p+1, n)
		}
		res += s.hand[p].Len()
		// The first member is the Mastermind, the others Resource cards.
		if n > 0 {
			mm++
			res += n - 1
		}
		res += s.gearsCarried(p, n)
	}
	if res != len(s.g.resources) {
		return fmt.Errorf("%d Resource cards in play, want %d", res, len(s.g.resources))
	}
	if mm != len(s.g.masterminds) {
		return fmt.Errorf("%d Masterminds, want %d", mm, len(s.g.masterminds))
	}
	jobs := s.jobDeck.Len() + s.jobPile.Len() + s.collected
	comps := s.compDeck.Len() + s.compPile.Len()
	for j := range s.jobs[:s.njobs] {
		js := &s.jobs[j]
		on := int(uint16(^js.card) >> 15) // 1 when a job is there
		jobs += on
		comps += on * int(js.nc)
	}
	if jobs != len(s.g.jobs) || comps != len(s.g.comps) {
		return fmt.Errorf("%d jobs and %d complications, want %d and %d", jobs, comps, len(s.g.jobs), len(s.g.comps))
	}
	return nil
}

// gearsCarried counts the Gear of seat p's first n members (n at most
// maxCrew) from the sign bits of their gear fields, read from the crew's
// bytes a word at a time: a loop over the members, or over the first n,
// cost more than the rest of CheckInvariants.
func (s *state) gearsCarried(p, n int) int {
	b := (*[maxCrew * memberSize]byte)(unsafe.Pointer(&s.crew[p]))
	// Member m's gear is bytes 6m+2 and 6m+3, its sign the top bit of
	// byte 6m+3: bit 48m+31 of the crew's bytes as one little-endian
	// number.
	w0 := binary.LittleEndian.Uint64(b[0:])
	w1 := binary.LittleEndian.Uint64(b[8:])
	w2 := binary.LittleEndian.Uint64(b[16:])
	w3 := binary.LittleEndian.Uint64(b[24:])
	w4 := binary.LittleEndian.Uint32(b[32:])
	none := w0>>31&1 | w1>>15&1<<1 | w1>>63<<2 | w2>>47&1<<3 | w3>>31&1<<4 | uint64(w4>>15&1)<<5
	members := uint64(1)<<uint(min(max(n, 0), maxCrew)) - 1
	return bits.OnesCount64(^none & members)
}

// memberSize is a member's bytes: gearsCarried reads the crew by offsets.
const memberSize = 6

var _ = [1]struct{}{}[unsafe.Sizeof(member{})-memberSize]
var _ = [1]struct{}{}[unsafe.Offsetof(member{}.gear)-2]
var _ = [1]struct{}{}[maxCrew-6]

// Evaluate: Prestige counts most, then crew and hand; Heat hurts.
func (s *state) Evaluate(p engine.Player) float64 {
	i := int(p)
	// Cards beyond a working hand are worth nothing: hoarding them only
	// starves the deck.
	return float64(s.coll[i]+s.handPrestige(i)) + 0.3*float64(s.ncrew[i]) + 0.05*float64(min(s.hand[i].Len(), 8)) - 0.4*float64(s.pending(i))
}
