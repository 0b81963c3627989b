package rules

import (
	"fmt"
	"slices"

	"github.com/cardpress/cardpress/engine"

	"go.yaml.in/yaml/v3"
)

// refState is a game played by the reference interpreter: the table
// (every zone instance's cards, bottom first; every value), the
// statements still to run (a stack of lists, each with its bindings and,
// for a loop, what decides whether it goes round again), and the
// decision it waits for.
type refState struct {
	engine.Base
	g        *RefGame
	zones    [][]uint8
	vars     []int64
	counters []int64
	// pooled is each pool's total when the game began, which it keeps.
	pooled []int64
	// shown is, per card, what show statements told (ref_show.go).
	shown []refShown
	stack []refFrame
	wait  refWait
	fault string
	// steps counts what ran since the last decision, gameSteps before it.
	steps, gameSteps int
}

// refFrame is a list of statements being run: the next one to run, the
// bindings they see, and, for a loop, its rounds.
type refFrame struct {
	stmts  []*yaml.Node
	next   int
	env    *refEnv
	isLoop bool
	loop   refLoop
}

type refLoopKind uint8

const (
	lWhile    refLoopKind = iota // again while cond holds
	lRepeat                      // n rounds
	lRounds                      // one round per binding (each_seat, each_value, for_each)
	lDeal                        // one seat dealt to per round
	lDispatch                    // one seat's pick at a secret choice carried out per round
)

// refLoop is a loop's progress; its slices never change once made, so
// clones share them.
type refLoop struct {
	kind   refLoopKind
	cond   *yaml.Node   // while's condition, for_each's where (nil: none)
	body   []*yaml.Node // the statements of each round
	rounds []*refEnv    // lRounds, lDeal, lDispatch: each round's bindings
	acts   []engine.Action
	ranges [][]refRange // lDispatch: each round's seat's number ranges
	k, n   int
	stmt   *yaml.Node // lDeal: the deal; lDispatch: the choice
}

type refWaitKind uint8

const (
	wRun  refWaitKind = iota // running statements
	wSeat                    // one seat decides
	wAll                     // every seat decides in secret
	wDraw                    // a card drawn at random out of a shuffled pile
	wRoll                    // a die rolled
	wOver                    // the game is over
)

// refWait is the decision a state waits for.
type refWait struct {
	kind   refWaitKind
	seat   int
	choice *yaml.Node
	env    *refEnv
	// legal is each seat's legal actions, worked out when the choice
	// came (one list for one seat).
	legal [][]engine.Action
	// ranges is each seat's number options' ends (ref_numbers.go).
	ranges [][]refRange
	// A draw: from and to which zone instances, how many still.
	from, to, pend int
	// A roll: the die's sides and the value instance it sets.
	sides, value int
}

// Reset starts a new game: every card in play in the start zone, in the
// order of the card files, every value at its start, and play run to its
// first decision.
func (s *refState) Reset(players int, opts engine.StateOptions) {
	g := s.g.fast
	*s = refState{Base: engine.NewBase(players, opts), g: s.g}
	s.zones = make([][]uint8, g.zoneInsts)
	s.vars = make([]int64, g.valueInsts)
	s.counters = make([]int64, len(g.counters))
	s.shown = make([]refShown, len(g.cards))
	s.protect(s.startZones)
	s.protect(s.startValues)
	if s.wait.kind == wOver {
		return
	}
	for i := range g.pools {
		s.pooled = append(s.pooled, s.poolTotal(i))
	}
	s.stack = []refFrame{{stmts: seqItems(s.g.play)}}
	s.run()
}

// startValues gives each value (each item of one with a size) its start, in the order they are
// declared (a start may read the values above it): the start expression,
// else 0, false, none for a seat or a card, an enum type's first value.
func (s *refState) startValues() {
	decls := get(s.g.fast.data.Rules.Root, "values")
	for _, v := range s.g.fast.values {
		start := int64(0)
		if n := get(get(decls, v.name), "start"); n != nil {
			start = s.coerce(s.eval(s.g.tree(n), nil), v.t).n
		} else if v.t.k == kSeat || v.t.k == kCard {
			start = -1
		}
		for k := range v.span(engine.MaxPlayers) {
			s.vars[v.base+k] = start
		}
	}
}

// seatsOf is how many instances a declaration has: one, or n.
func (s *refState) seatsOf(perPlayer bool, n int) int {
	if perPlayer {
		return n
	}
	return 1
}

// protect runs f, turning a rules error into the end of the game:
// nobody wins.
func (s *refState) protect(f func()) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(refFault)
			if !ok {
				panic(r)
			}
			if s.fault == "" {
				s.fault = e.msg
			}
			s.wait = refWait{kind: wOver}
			s.Cause = endRulesError
			s.ShareWin(0)
		}
	}()
	f()
}

// step counts one step; a move may take maxSteps before its next
// decision, a game maxGameSteps.
func (s *refState) step() {
	if s.steps++; s.steps > maxSteps {
		s.faultf("play ran %d steps without a decision", maxSteps)
	}
}

func (s *refState) CloneInto(dst engine.State) engine.State {
	c, ok := dst.(*refState)
	if !ok || c == s {
		c = &refState{}
	}
	s.cloneInto(c)
	return c
}

// cloneInto copies s into c: the table and the statements still to run
// (whose bindings and loop rounds never change once made, so are shared).
func (s *refState) cloneInto(c *refState) {
	*c = *s
	c.zones = make([][]uint8, len(s.zones))
	for i, z := range s.zones {
		c.zones[i] = slices.Clone(z)
	}
	c.vars = slices.Clone(s.vars)
	c.counters = slices.Clone(s.counters)
	c.shown = slices.Clone(s.shown)
	c.stack = slices.Clone(s.stack)
	c.Silence()
}

func (s *refState) IsTerminal() bool { return s.wait.kind == wOver }

func (s *refState) CurrentPlayer() engine.Player {
	switch s.wait.kind {
	case wDraw, wRoll:
		return engine.Chance
	case wSeat:
		return engine.Player(s.wait.seat)
	case wAll:
		return engine.Simultaneous
	}
	return engine.Terminal
}

func (s *refState) LegalActions(p engine.Player, buf []engine.Action) []engine.Action {
	switch {
	case s.wait.kind == wSeat && int(p) == s.wait.seat:
		return append(buf, s.wait.legal[0]...)
	case s.wait.kind == wAll && p >= 0 && int(p) < s.N:
		return append(buf, s.wait.legal[p]...)
	}
	return buf
}

// ChanceOutcomes: a die's sides, each as likely; or each distinct card
// of the pile, as likely as its share of the pile's cards, in card order.
func (s *refState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	switch s.wait.kind {
	case wRoll:
		return engine.Uniform(buf, 1, s.wait.sides)
	case wDraw:
		pile := s.zones[s.wait.from]
		for c := range s.g.fast.cards {
			if k := bytesCount(pile, uint8(c)); k > 0 {
				buf = append(buf, engine.Outcome{Action: engine.Action(c), Prob: float64(k) / float64(len(pile))})
			}
		}
	}
	return buf
}

func bytesCount(b []uint8, c uint8) int {
	k := 0
	for _, x := range b {
		if x == c {
			k++
		}
	}
	return k
}

// DoApply plays a chance outcome or the deciding seat's action.
func (s *refState) DoApply(a engine.Action) {
	switch s.wait.kind {
	case wDraw:
		s.protect(func() { s.drawn(uint8(a)) })
	case wRoll:
		s.protect(func() { s.rolled(int64(a)) })
	case wSeat:
		w := s.wait
		s.wait = refWait{}
		s.protect(func() { s.decide(w.choice, w.env, w.seat, a, w.ranges[w.seat]) })
	default:
		panic(fmt.Sprintf("rules reference: Apply at a %s node", s.CurrentPlayer()))
	}
	s.run()
}

// refSimState is the state of a game with a secret choice of every seat
// (engine.JointApplier), as the fast engine's simState.
type refSimState struct{ refState }

func (s *refSimState) CloneInto(dst engine.State) engine.State {
	c, ok := dst.(*refSimState)
	if !ok || c == s {
		c = &refSimState{}
	}
	s.cloneInto(&c.refState)
	return c
}

func (s *refSimState) DoApplyJoint(actions []engine.Action) { s.applyJoint(actions) }

// applyJoint carries out a secret choice: every seat's pick in seat
// order, seat 1 first, each seeing the table as the picks before it
// left it.
func (s *refState) applyJoint(actions []engine.Action) {
	if s.wait.kind != wAll || len(actions) != s.N {
		panic(fmt.Sprintf("rules reference: %d joint actions at a %s node", len(actions), s.CurrentPlayer()))
	}
	w := s.wait
	s.wait = refWait{}
	loop := refLoop{kind: lDispatch, stmt: w.choice}
	for p, a := range actions {
		if a != engine.NoAction {
			loop.rounds = append(loop.rounds, w.env.bind("player", refSeat(int64(p))))
			loop.acts = append(loop.acts, a)
			loop.ranges = append(loop.ranges, w.ranges[p])
		}
	}
	s.stack = append(s.stack, refFrame{env: w.env, isLoop: true, loop: loop})
	s.run()
}

// drawn takes card c out of the pile being drawn from.
func (s *refState) drawn(c uint8) {
	w := &s.wait
	if !s.take(w.from, c) {
		panic(fmt.Sprintf("rules reference: illegal draw %d", c))
	}
	s.add(w.to, c)
	s.logMove("draw", w.from, w.to, c)
	if w.pend--; w.pend == 0 || len(s.zones[w.from]) == 0 {
		s.wait = refWait{}
	}
}

// rolled sets the value the die was rolled for to side a.
func (s *refState) rolled(a int64) {
	w := s.wait
	if a < 1 || a > int64(w.sides) {
		panic(fmt.Sprintf("rules reference: %d is no side of a %d-sided die", a, w.sides))
	}
	old := s.vars[w.value]
	s.vars[w.value] = a
	v := s.g.fast.valueAt(w.value)
	s.Record(engine.Event{Kind: "roll", Player: -1, Resource: v.name, Amount: engine.Int(int(a)), Total: engine.Int(int(a)),
		Text: fmt.Sprintf("a %d-sided die rolls %d for %s (was %d)", w.sides, a, v.name, old)})
	s.wait = refWait{}
}

func (s *refState) ActionString(p engine.Player, a engine.Action) string {
	if p == engine.Chance {
		if s.wait.kind == wRoll {
			return fmt.Sprintf("roll %d", a)
		}
		return "draw " + s.cardName(int64(a))
	}
	if s.wait.choice == nil {
		return fmt.Sprintf("action %d", a)
	}
	o, ok := s.option(s.wait.choice, a)
	if !ok {
		return fmt.Sprintf("action %d", a)
	}
	var r []refRange
	if p >= 0 && int(p) < len(s.wait.ranges) {
		r = s.wait.ranges[p]
	}
	return s.actionText(o, a, r)
}

// option is the option action a belongs to.
func (s *refState) option(ch *yaml.Node, a engine.Action) (refOption, bool) {
	for _, o := range s.g.choiceOptions(ch) {
		if int(a) >= o.base && int(a) < o.base+o.size {
			return o, true
		}
	}
	return refOption{}, false
}

// actionText is an action in words: "play Eight of Clubs", "name
// hearts", "bid 2", "draw" (r: the seat's number ranges).
func (s *refState) actionText(o refOption, a engine.Action, r []refRange) string {
	v := int64(int(a) - o.base)
	switch o.kind {
	case optCard:
		return o.name + " " + s.cardName(v)
	case optValue:
		if o.numbers {
			return o.name + " " + numberText(numberValue(o, r[o.at], int(a)))
		}
		if o.enum == nil {
			return o.name + " " + seatWord(v)
		}
		return o.name + " " + s.show(typ{k: kEnum, enum: o.enum}, v)
	}
	return o.name
}

// Observation is what seat p sees (engine.Observer): the decision
// waited for, the values p sees, then View (ref_show.go): each zone's
// size p sees, the cards of the zones p sees, and the cards p was shown.
func (s *refState) Observation(p engine.Player, buf []byte) []byte {
	w := s.wait
	buf = fmt.Appendf(buf, "wait %d seat %d pend %d sides %d;", w.kind, w.seat, w.pend, w.sides)
	for i, v := range s.vars {
		if s.seesValue(int(p), i) {
			buf = fmt.Appendf(buf, "%d,", v)
		}
	}
	for _, line := range s.View(int(p)) {
		buf = append(append(buf, line...), '\n')
	}
	return buf
}

// poolTotal is pool i's supply plus what every seat holds of it.
func (s *refState) poolTotal(i int) int64 {
	p := s.g.fast.pools[i]
	t := s.vars[p.supply.base]
	for _, h := range p.held {
		for k := range s.N {
			t += s.vars[h.base+k]
		}
	}
	return t
}

// CheckInvariants: no rules error, every card in play in exactly one
// zone, every pool's tokens conserved, every value within its range.
func (s *refState) CheckInvariants() error {
	if s.fault != "" {
		return fmt.Errorf("%s", s.fault)
	}
	g := s.g.fast
	total := 0
	for _, z := range g.zones {
		for k := range s.seatsOf(z.perPlayer, s.N) {
			total += len(s.zones[z.base+k])
		}
	}
	if want := len(g.inPlay[s.N]); total != want {
		return fmt.Errorf("cards not conserved: %d in the zones, %d in play", total, want)
	}
	for i, p := range g.pools {
		if t := s.poolTotal(i); t != s.pooled[i] {
			return fmt.Errorf("%s not conserved: %s and what the seats hold add up to %d, not %d", p.held[0].name, p.supply.name, t, s.pooled[i])
		}
	}
	for _, v := range g.values {
		for k := range v.span(s.N) {
			x := s.vars[v.base+k]
			if v.min != nil && x < *v.min || v.max != nil && x > *v.max {
				return fmt.Errorf("value %s is %d, outside its range", v.label(k), x)
			}
		}
	}
	return nil
}
