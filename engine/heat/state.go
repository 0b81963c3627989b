package heat

import (
	"fmt"
	"strings"

	"github.com/cardpress/cardpress/engine"
)

const (
	maxSeats  = engine.MaxPlayers
	maxRecord = 16
	maxPhases = 8
)

// step is where a state is in the flow of a game.
type step uint8

const (
	stepDraw   step = iota // chance: dealing or drawing cards, seat by seat
	stepPass               // simultaneous: each seat passes one card
	stepChoose             // simultaneous: each seat reveals one card
	stepOver
)

// afterDraws says what follows when the pending draws are done.
type afterDraws uint8

const (
	thenDraft     afterDraws = iota // the opening deal is done
	thenNextRound                   // a draft round's draws are done
	thenPhase                       // a phase's draws are done: resolve the next phase
)

type state struct {
	engine.Base
	g    *Game
	step step

	heist, round, stage int
	phase               int // the phase being resolved (stepDraw with thenPhase)
	then                afterDraws
	draws               [maxSeats]int // cards each seat still draws in this chance sequence
	drawer              int           // no seat before this one has draws left

	deck     engine.Deck
	hands    [maxSeats]engine.Hand
	record   [maxSeats][maxRecord]uint8
	recLen   [maxSeats]int
	revealed [maxSeats]int    // card revealed this stage, -1 for none
	shown    [maxSeats]uint64 // keywords of the card revealed this stage
	money    [maxSeats]int
	heat     tokenPool // Supply is the board

	// What this stage's revealed cards do is fixed once they are revealed:
	// the seats with effects in each phase and the Heat each phase will take.
	seatsIn  [maxPhases]uint16
	heatNeed [maxPhases]int

	// sampled is the deck position SampleChance last drew from, so Apply
	// can take that card without searching (-1: none).
	sampled int
}

// NewState starts a game: the opening deal of the first heist is the first
// chance move.
func (g *Game) NewState(players int, opts engine.StateOptions) engine.State {
	return engine.Started(&state{g: g}, players, opts)
}

// Reset starts a new game in place (engine.Resetter).
func (s *state) Reset(players int, opts engine.StateOptions) {
	g := s.g
	*s = state{Base: engine.NewBase(players, opts), g: g, sampled: -1}
	s.heat = newTokenPool(g.params.HeatTokens())
	for p := 0; p < players; p++ {
		s.money[p] = g.params.StartingMoney
		s.revealed[p] = -1
	}
	if s.Log != nil {
		s.logSetup()
	}
	s.startHeist()
}

func (s *state) IsTerminal() bool { return s.step == stepOver }

func (s *state) CloneInto(dst engine.State) engine.State { return engine.CloneState(s, dst) }

func (s *state) CurrentPlayer() engine.Player {
	switch s.step {
	case stepDraw:
		return engine.Chance
	case stepPass, stepChoose:
		return engine.Simultaneous
	}
	return engine.Terminal
}

func (s *state) LegalActions(p engine.Player, buf []engine.Action) []engine.Action {
	switch {
	case s.step == stepDraw && p == engine.Chance:
		for i := 0; i < len(s.g.cards); i++ {
			if s.deck.Count(i) > 0 {
				buf = append(buf, engine.Action(i))
			}
		}
	case (s.step == stepPass || s.step == stepChoose) && p >= 0 && int(p) < s.N:
		buf = s.hands[p].Distinct(buf)
	}
	return buf
}

func (s *state) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	return s.deck.Outcomes(buf, len(s.g.cards))
}

// SampleChance draws uniformly from the cards left: a shuffled deck's top card.
func (s *state) SampleChance(r *engine.Rand) engine.Action {
	s.sampled = s.deck.SampleAt(r)
	return engine.Action(s.deck.At(s.sampled))
}

func (s *state) DoApply(a engine.Action) {
	if s.step != stepDraw {
		panic(fmt.Sprintf("heat: Apply at a %s node", s.CurrentPlayer()))
	}
	seat := s.nextDrawer()
	switch {
	case seat < 0:
		panic("heat: draw with nobody drawing")
	case s.sampled >= 0 && s.sampled < s.deck.Len() && s.deck.At(s.sampled) == int(a):
		s.deck.TakeAt(s.sampled)
	case !s.deck.Take(int(a)):
		panic(fmt.Sprintf("heat: illegal draw %d", a))
	}
	s.sampled = -1
	s.draws[seat]--
	s.hands[seat].Add(int(a))
	if s.Log != nil {
		s.logDraw(seat, int(a))
	}
	if s.nextDrawer() < 0 {
		s.drawsDone()
	}
}

// nextDrawer is the first seat still to draw (draws go in seat order), or -1.
func (s *state) nextDrawer() int {
	for p := s.drawer; p < s.N; p++ {
		if s.draws[p] > 0 {
			s.drawer = p
			return p
		}
	}
	s.drawer = s.N
	return -1
}

func (s *state) DoApplyJoint(actions []engine.Action) {
	if len(actions) != s.N {
		panic(fmt.Sprintf("heat: %d joint actions for %d players", len(actions), s.N))
	}
	switch s.step {
	case stepPass:
		s.applyPass(actions)
	case stepChoose:
		s.applyReveal(actions)
	default:
		panic("heat: ApplyJoint at a non-simultaneous node")
	}
}

// take removes a chosen card from a seat's hand, or panics on an illegal move.
func (s *state) take(p int, a engine.Action) int {
	if a == engine.NoAction {
		if s.hands[p].Len() > 0 {
			panic(fmt.Sprintf("heat: seat %d must choose a card", p))
		}
		return -1
	}
	if !s.hands[p].Remove(int(a)) {
		panic(fmt.Sprintf("heat: seat %d does not hold card %d", p, a))
	}
	return int(a)
}

// passTarget is the seat that receives p's card in this heist's draft.
func (s *state) passTarget(p int) int {
	dirs := s.g.params.PassDirections
	if len(dirs) > 0 && dirs[s.heist%len(dirs)] == "right" {
		return (p - 1 + s.N) % s.N
	}
	return (p + 1) % s.N
}

func (s *state) applyPass(actions []engine.Action) {
	var passed [maxSeats]int
	for p := 0; p < s.N; p++ {
		passed[p] = s.take(p, actions[p])
	}
	// Everyone gives at once: nobody sees the card they receive before passing.
	for p := 0; p < s.N; p++ {
		if passed[p] >= 0 {
			to := s.passTarget(p)
			s.hands[to].Add(passed[p])
			if s.Log != nil {
				s.logPass(p, to, passed[p])
			}
		}
	}
	for p := 0; p < s.N; p++ {
		s.draws[p] = 1
	}
	s.queueDraws(thenNextRound)
}

func (s *state) applyReveal(actions []engine.Action) {
	if s.Log != nil {
		s.logStage()
	}
	for p := 0; p < s.N; p++ {
		var held engine.CardSet
		if s.Tally != nil {
			held = s.hands[p].Present()
		}
		c := s.take(p, actions[p])
		if s.Tally != nil {
			s.Tally.Choice(&held, c)
		}
		s.revealed[p], s.shown[p] = c, 0
		if c < 0 {
			continue
		}
		s.shown[p] = s.g.table.keywords[c]
		s.record[p][s.recLen[p]] = uint8(c)
		s.recLen[p]++
		if s.Log != nil {
			s.logReveal(p, c)
		}
	}
	s.planStage()
	s.resolveFrom(0)
}

// startHeist shuffles every card back into the deck and deals the draft.
func (s *state) startHeist() {
	s.deck.Clear()
	for _, c := range s.g.decks[s.N] {
		s.deck.Add(c)
	}
	for p := 0; p < s.N; p++ {
		s.hands[p].Clear()
		s.recLen[p] = 0
		s.draws[p] = s.g.params.DraftDeal
	}
	s.round, s.stage = 0, 0
	if s.Log != nil {
		s.logHeist()
	}
	s.queueDraws(thenDraft)
}

// queueDraws starts a chance sequence for the pending draws, or skips them
// all when the deck cannot serve everyone (OUT OF CARDS), then goes on.
func (s *state) queueDraws(then afterDraws) {
	s.then, s.drawer = then, 0
	need := 0
	for p := 0; p < s.N; p++ {
		need += s.draws[p]
	}
	if need > s.deck.Len() {
		s.Tally.Count(cntDrawsSkipped, 1)
		if s.Log != nil {
			s.logOutOfCards(need)
		}
		s.draws = [maxSeats]int{}
		need = 0
	}
	if need > 0 {
		s.step = stepDraw
		return
	}
	s.drawsDone()
}

func (s *state) drawsDone() {
	switch s.then {
	case thenDraft:
		s.startRoundOrStages()
	case thenNextRound:
		s.round++
		s.startRoundOrStages()
	case thenPhase:
		s.resolveFrom(s.phase + 1)
	}
}

func (s *state) startRoundOrStages() {
	if s.round < s.g.params.DraftRounds {
		s.step = stepPass
		return
	}
	s.step = stepChoose
}

// resolveFrom resolves phases in order from ph; a phase with draws pauses
// for their chance moves and resumes at the next phase.
func (s *state) resolveFrom(ph int) {
	for ; ph < len(s.g.phases); ph++ {
		if s.Log != nil {
			s.logPhase(ph)
		}
		if s.seatsIn[ph] == 0 {
			continue
		}
		s.phase = ph
		if !s.resolvePhase(ph) {
			return // arrested
		}
		if s.drawer = 0; s.nextDrawer() >= 0 {
			s.queueDraws(thenPhase)
			return
		}
	}
	s.endStage()
}

func (s *state) endStage() {
	s.stage++
	for p := 0; p < s.N; p++ {
		s.revealed[p], s.shown[p] = -1, 0
	}
	if s.stage < s.g.params.Stages {
		s.step = stepChoose
		return
	}
	s.heist++
	if s.heist < s.g.params.Heists {
		s.startHeist()
		return
	}
	s.finish()
}

func (s *state) ActionString(p engine.Player, a engine.Action) string {
	if a < 0 || int(a) >= len(s.g.cards) {
		return fmt.Sprintf("action %d", a)
	}
	name := s.g.cards[a].name
	switch {
	case p == engine.Chance:
		return "draw " + name
	case s.step == stepPass:
		return "pass " + name
	}
	return "reveal " + name
}

// String summarises the public state, for debugging and tests.
func (s *state) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "heist %d stage %d board %d:", s.heist+1, s.stage+1, s.heat.Supply)
	for p := 0; p < s.N; p++ {
		fmt.Fprintf(&b, " [seat %d %s %dH]", p+1, money(s.money[p]), s.heat.Held[p])
	}
	return b.String()
}
