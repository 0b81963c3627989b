package rules

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
)

type mode uint8

const (
	mRun    mode = iota // running the program
	mChance             // drawing out of a shuffled pile
	mSeat               // one seat decides
	mAll                // every seat decides in secret
	mOver               // the game is over
	mRoll               // a die is rolled (a chance move)
)

// maxSteps is how many instructions may run between two decisions: more
// is a loop that never asks anyone anything, reported as a rules error.
const maxSteps = 1 << 20

type state struct {
	engine.Base
	g    *Game
	pc   int
	mode mode
	seat int     // mSeat: the seat deciding
	ch   *choice // mSeat, mAll: the decision
	// A draw in progress: cards still to draw, from and to which zones.
	pend, from, to int
	// A deal in progress, and the seats it has still to serve.
	dealing  *dealOp
	dealLeft int
	// A roll in progress: the die's sides and the value it sets.
	sides, rollTo int
	// sampled is the position SampleChance drew, so Apply takes that card
	// without a search (-1: none).
	sampled int
	slots   []int64
	vars    []int64
	// zlen is each zone instance's length: 16 bits, as no zone holds
	// more than engine.MaxDeck cards, so that the invariant screen adds
	// four lengths at a time.
	zlen   []int16
	zcards []uint8 // zone instance i holds zcards[i*capacity : i*capacity+zlen[i]]
	// joints holds each secret choice's picks (at its choice.jbase),
	// kept until its last seat's option is carried out: a secret choice
	// inside another's option has its own.
	joints []engine.Action
	fault  string
	// trial: a condition is being worked out for a set of cards at once,
	// and a rules error sets trialFailed instead of ending the game (see
	// trial).
	trial, trialFailed bool
	// steps counts what ran since the last decision (loops without one
	// are caught at maxSteps).
	steps int
	// epoch counts the decisions set up, so each seat's legal actions are
	// listed once per decision (legalNow).
	epoch int
	// pooled is each pool's total at the start, which it keeps.
	pooled [maxPools]int64
	// buf holds buffers for legal actions the state works out for itself,
	// kept so that no move allocates or clears a large array. A state and
	// its clones share it, as they share a goroutine.
	buf *buffers
	// gameSteps counts what ran before the last decision in the game
	// (caught at maxGameSteps); last, where the fields moves read most
	// keep their places.
	gameSteps int
	// shown is, per card, the seats a show statement showed it to (bit
	// p: seat p), in zone instance shownAt; a move of the card (or a
	// copy) forgets it (visibility.go).
	shown   [MaxCards + 1]uint8
	shownAt [MaxCards + 1]int16
	// starts are the values as the game started, which everyone knows:
	// a bot's guess at another seat's secret value (Determinize). Set
	// only in a game with secret values, and shared with clones.
	starts []int64
	// learnt is each zone instance's lessons from public moves, kept
	// while inferring (infer.go); empty when never turned on.
	learnt    []lessons
	inferring bool
}

type buffers struct {
	offered []engine.Action // the statistics' cards on offer
	// legal is each seat's legal actions as last listed for owner, at
	// its decision legalAt[p]-1 (state.epoch; 0: not listed), so the
	// statistics of a secret choice reuse what the bots were offered.
	legal   [engine.MaxPlayers][]engine.Action
	legalAt [engine.MaxPlayers]int // the decision (state.epoch) each was listed at
	// owner is the state each list was made for: per seat, as a clone a
	// bot looks ahead on lists other seats' actions at the same epoch.
	owner [engine.MaxPlayers]*state
	// mask is, with each list, the cards of the choice's mask option
	// (choice.maskOpt) in it, when maskOK: what the statistics count as
	// offered, without a walk of the list.
	mask   [engine.MaxPlayers]uint64
	maskOK [engine.MaxPlayers]bool
	// An aggregate's parts that read none of its bound names, worked out
	// once per evaluation of it (memoAggregate): memoVal[i] holds site
	// i's value when memoAt[i] is memoEpoch, which every evaluation of
	// an aggregate holding such a part moves on. The states sharing
	// these buffers share one goroutine, and an expression runs to its
	// end without another state's running in between.
	memoEpoch uint64
	memoAt    []uint64
	memoVal   []int64
	// An aggregate in an option's if: that reads none of the option's
	// names, worked out once per listing of a seat's legal actions
	// (listMemo): list[i] holds site i's value when its at is listEpoch,
	// which legalMask moves on; listing says one runs. listBound holds
	// what each site's names were left bound to.
	listEpoch uint64
	list      []listEntry
	listBound []int64
	listing   bool
	// optMask[k] is the cards option k of the choice listed (its set
	// form's mask) when optAt[k] is listEpoch (listedAs); optBound[k] the
	// card an any over them leaves bound, when some any asks (anyBound).
	optMask, optAt [maxListedOpts]uint64
	optBound       [maxListedOpts]int16
	// loose is Determinize's list of the zones whose sizes its seat does
	// not see.
	loose []int
}

// maxListedOpts is how many of a choice's first options keep their
// listed cards for listedAs.
const maxListedOpts = 4

type listEntry struct {
	at    uint64
	val   int64
	steps int // the steps the aggregate took (state.steps)
}

// maxPools is the most conserved pools a rules file declares.
const maxPools = 8

// Reset starts a new game in place: every card in the start zone, every
// value at its start, and the program run to its first decision.
func (s *state) Reset(players int, opts engine.StateOptions) {
	g := s.g
	slots, vars, zlen, zcards, joints, buf, starts, learnt := s.slots, s.vars, s.zlen, s.zcards, s.joints, s.buf, s.starts, s.learnt
	if buf == nil {
		buf = &buffers{}
	}
	buf.owner, buf.legalAt = [engine.MaxPlayers]*state{}, [engine.MaxPlayers]int{} // a new game: nothing listed yet
	buf.memoAt, buf.memoVal = resize(buf.memoAt, g.memos), resize(buf.memoVal, g.memos)
	buf.list, buf.listBound = resize(buf.list, len(g.listMemos)), resize(buf.listBound, g.listBound)
	*s = state{Base: engine.NewBase(players, opts), g: g, sampled: -1, buf: buf}
	s.slots = resize(slots, g.slots)
	s.vars = resize(vars, g.valueInsts)
	s.zlen = resize(zlen, zlenSize(g.zoneInsts))
	s.zcards = resize(zcards, g.zoneInsts*g.capacity)
	s.joints = resize(joints, g.joints)
	s.learnt = learnt[:0]
	if at := g.startAt[players]; at != nil {
		for _, c := range g.inPlay[players] {
			s.add(at[c], c)
		}
	} else {
		for _, c := range g.inPlay[players] {
			s.add(g.zones[g.startZone].base, c)
		}
	}
	for _, v := range g.values {
		start := int64(0)
		switch {
		case v.start != nil:
			start = v.start(s)
		case v.t.k == kSeat || v.t.k == kCard:
			start = -1
		}
		for k := range v.span(engine.MaxPlayers) {
			s.vars[v.base+k] = start
		}
	}
	for i := range s.g.pools {
		s.pooled[i] = s.poolTotal(i)
	}
	if g.vis.secrets {
		s.starts = append(starts[:0], s.vars...)
	}
	s.run()
}

// poolTotal is pool i's supply plus what every seat holds of it.
func (s *state) poolTotal(i int) int64 {
	p := s.g.pools[i]
	t := s.vars[p.supply.base]
	for _, h := range p.held {
		for k := range s.N {
			t += s.vars[h.base+k]
		}
	}
	return t
}

func resize[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, n)
	}
	b = b[:n]
	clear(b)
	return b
}

func (s *state) CloneInto(dst engine.State) engine.State {
	c, ok := dst.(*state)
	if !ok || c == s {
		c = &state{}
	}
	s.cloneInto(c)
	return c
}

// simState is the state of a game with a secret choice of every seat
// (engine.JointApplier); a game without one plays state, which has no
// DoApplyJoint, as its sequential dynamics say.
type simState struct{ state }

func (s *simState) CloneInto(dst engine.State) engine.State {
	c, ok := dst.(*simState)
	if !ok || c == s {
		c = &simState{}
	}
	s.cloneInto(&c.state)
	return c
}

func (s *simState) DoApplyJoint(actions []engine.Action) { s.applyJoint(actions) }

// cloneInto copies s into c, reusing c's buffers.
func (s *state) cloneInto(c *state) {
	slots, vars, zlen, zcards, joints, learnt := c.slots, c.vars, c.zlen, c.zcards, c.joints, c.learnt
	*c = *s
	c.learnt = append(learnt[:0], s.learnt...)
	c.slots = append(slots[:0], s.slots...)
	c.vars = append(vars[:0], s.vars...)
	c.zlen = append(zlen[:0], s.zlen...)
	c.zcards = append(zcards[:0], s.zcards...)
	c.joints = append(joints[:0], s.joints...)
	c.Silence()
	c.forgetLegal()
}

// forgetLegal drops the legal actions listed for s: a scratch state cloned
// into again, or re-dealt, may wait at a decision of the same epoch with
// other cards in hand (a search that reuses one state for every iteration).
func (s *state) forgetLegal() {
	for p, o := range s.buf.owner {
		if o == s {
			s.buf.owner[p] = nil
		}
	}
}

func (s *state) IsTerminal() bool { return s.mode == mOver }

func (s *state) CurrentPlayer() engine.Player {
	switch s.mode {
	case mChance, mRoll:
		return engine.Chance
	case mSeat:
		return engine.Player(s.seat)
	case mAll:
		return engine.Simultaneous
	}
	return engine.Terminal
}

// zone is the cards of zone instance i, bottom first.
func (s *state) zone(i int) []uint8 {
	at := i * s.g.capacity
	return s.zcards[at : at+int(s.zlen[i])]
}

func (s *state) add(i int, c uint8) {
	s.zcards[i*s.g.capacity+int(s.zlen[i])] = c
	s.zlen[i]++
	s.shown[c] = 0 // a card that moves is no longer known where it was shown
	if s.inferring {
		s.received(i)
	}
}

// takeAt removes the card at position k of zone instance i: an unordered
// zone moves its last card into the gap (as engine.Deck does), an ordered
// one closes it up.
func (s *state) takeAt(i, k int) uint8 {
	cards := s.zone(i)
	c := cards[k]
	if s.instZone(i).ordered {
		copy(cards[k:], cards[k+1:])
	} else {
		cards[k] = cards[len(cards)-1]
	}
	s.zlen[i]--
	return c
}

// take removes card c from zone instance i (an ordered zone's topmost
// copy) and reports whether it was there.
func (s *state) take(i int, c uint8) bool {
	// The same copy as a walk from the top (ordered) or the bottom finds,
	// found by the library's vectorised search.
	cards := s.zone(i)
	var k int
	if s.instZone(i).ordered {
		k = bytes.LastIndexByte(cards, c)
	} else {
		k = bytes.IndexByte(cards, c)
	}
	if k < 0 {
		return false
	}
	s.takeAt(i, k)
	return true
}

// instZone is the zone an instance belongs to.
func (s *state) instZone(i int) *zoneDecl { return s.g.instZones[i] }

// fail ends the game on a rules error: a card moved that is not there, a
// seat with no legal option. Lint reports it with the seed.
func (s *state) fail(format string, args ...any) { s.failAt(nil, format, args...) }

// failAt is fail at a place of the rules file: the expression, statement
// or loop the error is about; without one (nil, or no file), the
// instruction running. A state with no game (an expression worked out
// before play, fold) only keeps the fault. At a pointer: the calls are in
// the engine's hottest functions, whose size decides their inlining.
//
//go:noinline
func (s *state) failAt(at *finding.Pos, format string, args ...any) {
	if s.fault != "" {
		return
	}
	if s.trial {
		s.trialFailed = true
		return
	}
	if (at == nil || at.File == "") && s.g != nil && s.pc < len(s.g.code) {
		at = &s.g.code[s.pc].pos
	}
	where := ""
	if at != nil && at.File != "" {
		where = at.String() + ": "
	}
	s.fault = where + fmt.Sprintf(format, args...)
	if s.g == nil {
		return
	}
	s.mode = mOver
	s.Cause = endRulesError
	s.ShareWin(0)
}

// run executes the program until the next decision or the end.
func (s *state) run() {
	// The program does not change in play: held here, not reloaded
	// through s.g after every call.
	code := s.g.code
	if s.gameSteps += s.steps; s.gameSteps > maxGameSteps {
		s.outOfGameSteps()
		return
	}
	s.steps = 0
	for ; s.mode == mRun; s.steps++ {
		if s.pc >= len(code) {
			s.finish(endOfPlay)
			return
		}
		if s.steps > maxSteps {
			s.outOfSteps()
			return
		}
		in := &code[s.pc]
		switch in.op {
		case opSet:
			s.doSet(in.set)
			s.pc++
		case opSetSlot:
			s.slots[in.a] = in.e(s)
			s.pc++
		case opIncSlot:
			s.slots[in.a]++
			s.pc++
		case opJump:
			s.pc = in.a
		case opLoopLess:
			if s.slots[in.b] < s.slots[in.c] {
				s.pc++
			} else {
				s.pc = in.a
			}
		case opIncJump:
			s.slots[in.a]++
			if s.steps >= maxSteps {
				s.pc++ // the jump's own step is the one over the limit
			} else {
				s.steps++
				s.pc = in.b
			}
		case opIncTest:
			s.slots[in.a]++
			switch {
			case s.steps+2 <= maxSteps:
				s.steps += 2 // the jump and the test
				s.loopTest(code, in.b)
			case s.steps >= maxSteps:
				s.pc++ // as opIncJump
			default:
				s.steps++
				s.pc = in.b
			}
		case opJumpIncTest:
			if s.steps+3 > maxSteps {
				s.pc = in.c // near the limit: one step at a time
				break
			}
			s.slots[in.a]++
			s.steps += 3 // the jump back and the test
			s.loopTest(code, in.b)
		case opJumpIncJump:
			if s.steps+2 > maxSteps {
				s.pc = in.c // near the limit: one step at a time
			} else {
				s.slots[in.a]++
				s.steps += 2
				s.pc = in.b
			}
		case opJumpUnless:
			if in.e(s) == 0 {
				s.pc = in.a
			} else {
				s.pc++
			}
		case opMove:
			if !s.move(in.mv) {
				s.pc++
			}
		case opExec:
			s.steps += in.a // the statements it runs, at their most (weigh), past its own step
			in.fn(s)
			s.pc++
		case opChoose:
			s.choose(in.ch)
		default:
			s.once(in)
		}
	}
}

// loopTest runs the opLoopLess at pc: on into the loop while its counter
// is below its limit, else past it.
func (s *state) loopTest(code []instr, pc int) {
	if t := &code[pc]; s.slots[t.b] < s.slots[t.c] {
		s.pc = pc + 1
	} else {
		s.pc = t.a
	}
}

// once runs the instructions run least often (a roll, a deal, the end):
// out of run's switch, which keeps the ones loops run.
func (s *state) once(in *instr) {
	switch in.op {
	case opRoll:
		s.roll(in)
	case opDeal:
		s.startDeal(in.deal)
		if !s.dealOn() {
			s.pc++
		}
	case opCollect:
		s.collect(in.mv.to.inst(s))
		s.pc++
	case opDispatch:
		p := int(s.slots[in.ch.loop])
		if a := s.joints[in.ch.jbase+p]; a == engine.NoAction {
			s.pc = in.ch.cont
		} else {
			s.decide(in.ch, p, a)
		}
	case opEnd:
		s.end(in.text, in.a == 1)
	case opTally:
		s.Tally.Count(in.a, in.e(s))
		s.pc++
	case opLog:
		s.note(in.text)
		s.pc++
	}
}

// end ends the game now: nobody wins, or the winners rules decide.
func (s *state) end(cause string, nobody bool) {
	if nobody {
		s.mode, s.Cause = mOver, cause
		s.ShareWin(0)
		return
	}
	s.finish(cause)
}

func (s *state) note(text string) {
	if s.Log != nil {
		s.Record(engine.Event{Kind: "note", Player: -1, Text: text})
	}
}

func (s *state) doSet(so *setOp) {
	i := so.v.base
	seat := -1
	if so.item != nil {
		var ok bool
		if i, ok = so.item(s); !ok {
			return
		}
		if so.v.perPlayer {
			seat = (i - so.v.base) / so.v.size
		}
	} else if so.seat != nil {
		seat = int(so.seat(s))
		if seat < 0 || seat >= s.N {
			s.failAt(&so.target, "value %s of %s, which is not a seat at the table", so.v.name, seatWord(int64(seat)))
			return
		}
		i += seat
	}
	v, old := so.val(s), s.vars[i]
	switch so.op {
	case '+':
		v = old + v
	case '-':
		v = old - v
	}
	if !inRange(v) {
		s.overflow(so.at, v)
		return
	}
	s.vars[i] = v
	if s.Log != nil {
		s.logSet(so.v, seat, i-so.v.base, old, v)
	}
}

// roll waits for a die (a chance move) whose side sets a value.
func (s *state) roll(in *instr) {
	so := in.set
	i := so.v.base
	if so.item != nil {
		var ok bool
		if i, ok = so.item(s); !ok {
			return
		}
	} else if so.seat != nil {
		p := so.seat(s)
		if p < 0 || p >= int64(s.N) {
			s.failAt(&so.target, "value %s of %s, which is not a seat at the table", so.v.name, seatWord(p))
			return
		}
		i += int(p)
	}
	sides := in.e(s)
	if s.mode == mOver {
		return // sides was a rules error: no die is rolled
	}
	if sides < 1 || sides > maxSides {
		s.fail("a die of %d sides: a die has 1 to %d", sides, maxSides)
		return
	}
	s.sides, s.rollTo, s.mode = int(sides), i, mRoll
}

// maxSides is the most sides a die has.
const maxSides = 1000

// startDeal begins deal d at its first seat.
func (s *state) startDeal(d *dealOp) {
	s.dealing, s.dealLeft = d, s.N
	s.slots[d.slot] = max(0, d.first(s)) % int64(s.N)
}

// dealOn deals to the seats left, and reports true when it waits for
// chance draws (it goes on when they are done).
func (s *state) dealOn() bool {
	d := s.dealing
	for s.dealLeft > 0 && s.mode == mRun {
		p := s.slots[d.slot]
		n := d.count(s)
		from, to := d.from.inst(s), d.z.base+int(p)
		s.dealLeft--
		s.slots[d.slot] = (p + 1) % int64(s.N)
		if s.moveTop(d.from.z, from, to, n) {
			return true
		}
	}
	s.dealing = nil
	return false
}

// moveTop moves n cards off the top of zone instance from (of zone z)
// onto to, or starts drawing them as chance moves out of a shuffled pile
// and reports true. A zone holding fewer gives what it holds.
func (s *state) moveTop(z *zoneDecl, from, to int, n int64) (drawing bool) {
	if s.mode == mOver {
		return false // the count or a zone was a rules error: the game is over
	}
	if n = min(n, int64(s.zlen[from])); n <= 0 {
		return false
	}
	if z.chance() {
		s.pend, s.from, s.to = int(n), from, to
		s.mode = mChance
		return true
	}
	for range n {
		c := s.takeAt(from, int(s.zlen[from])-1)
		s.add(to, c)
		if s.Log != nil {
			s.logMove("move", from, to, c)
		}
		if s.dealing != nil {
			s.Tally.Drew(int(c))
		}
	}
	return false
}

// move makes a move at once, or starts one of chance moves out of a
// shuffled pile and reports true: the state then waits for the draws.
func (s *state) move(mv *moveOp) (drawing bool) {
	from, to := mv.from.inst(s), mv.to.inst(s)
	if s.mode == mOver {
		return false
	}
	switch {
	case mv.card != nil:
		var c int64
		if mv.cardSlot > 0 {
			c = s.slots[mv.cardSlot-1]
		} else {
			c = mv.card(s)
		}
		if c < 0 || !s.take(from, uint8(c)) {
			s.failAt(&mv.pos, "%s is not in %s", s.cardName(c), s.instName(from))
			return false
		}
		s.add(to, uint8(c))
		if s.inferring {
			s.leftInPublic(from, to, uint8(c))
		}
		if s.Log != nil {
			s.logMove("move", from, to, uint8(c))
		}
	case mv.all:
		s.moveAll(mv.from, from, to)
	default:
		n := int64(1)
		if mv.count != nil {
			n = mv.count(s)
		}
		return s.moveTop(mv.from.z, from, to, n)
	}
	return false
}

// moveAll moves every card of a zone (that passes its filter), keeping
// their order.
func (s *state) moveAll(ref *zoneRef, from, to int) {
	if ref.filter == nil && s.Log == nil {
		if from == to {
			return // every card to where it is, in its order
		}
		// Every card, in order (a trick to its taker): one copy, without
		// the filter's buffer to clear.
		for _, c := range s.zone(from) {
			s.add(to, c)
		}
		s.zlen[from] = 0
		return
	}
	// The cards that stay, then the ones that go: a zone moved into
	// itself keeps every card (those that pass on top).
	var keep, moved [engine.MaxDeck]uint8
	kept, gone := 0, 0
	for _, c := range s.zone(from) {
		if ref.filter != nil {
			s.slots[ref.slot] = int64(c)
			if ref.filter(s) == 0 {
				keep[kept] = c
				kept++
				continue
			}
		}
		moved[gone] = c
		gone++
	}
	s.zlen[from] = int16(kept)
	copy(s.zone(from), keep[:kept])
	for _, c := range moved[:gone] {
		s.add(to, c)
		if s.Log != nil {
			s.logMove("move", from, to, c)
		}
	}
}

// collect puts every card in play into one zone, in card order.
func (s *state) collect(to int) {
	clear(s.zlen)
	for _, c := range s.g.inPlay[s.N] {
		s.add(to, c)
	}
	if s.Log != nil {
		s.Record(engine.Event{Kind: "collect", Player: -1, To: s.instName(to), Text: "every card goes to " + s.instName(to)})
	}
}

// choose suspends for a decision.
func (s *state) choose(ch *choice) {
	s.ch = ch
	s.epoch++
	if ch.all {
		s.mode = mAll
		if ch.numbers && !s.numbersOpen(ch, 0) {
			return
		}
		if s.Tally != nil && ch.probed {
			for p := 0; p < s.N; p++ {
				s.probeOptions(ch, p)
			}
		}
		for p := 0; p < s.N; p++ {
			if s.canChoose(ch, p) {
				return
			}
		}
		if s.mode == mOver {
			return // an option's if was a rules error: the game is over
		}
		// Nobody can choose: the choice is skipped.
		s.mode = mRun
		s.pc = ch.end
		return
	}
	var p int
	if ch.whoVar > 0 {
		p = int(s.vars[ch.whoVar-1])
	} else {
		p = int(ch.who(s))
	}
	if s.mode == mOver {
		return // player was a rules error: nobody decides
	}
	if p < 0 || p >= s.N {
		s.fail("%s is to choose, which is not a seat at the table", seatWord(int64(p)))
		return
	}
	s.seat, s.mode = p, mSeat
	if ch.numbers && !s.numbersOpen(ch, p) {
		return
	}
	if s.Tally != nil && ch.probed {
		s.probeOptions(ch, p)
	}
	if !s.canChoose(ch, p) {
		s.fail("seat %d has no legal option%s", p+1, choiceName(ch))
	}
}

func choiceName(ch *choice) string {
	if ch.id == "" {
		return ""
	}
	return " at choice " + ch.id
}

// probeOptions counts each option with a condition that seat p may take
// at ch now (engine.Info.Expected).
func (s *state) probeOptions(ch *choice, p int) {
	// The options' actions are consecutive ranges in order and the legal
	// ones sorted: each option's are one run. The runs are found from the
	// end, and the first option's is all that is left: the many actions
	// of a card option (usually the first, often the only one) are not
	// walked one by one.
	legal := s.legalNow(p)
	j := len(legal)
	for k := len(ch.opts) - 1; k >= 0; k-- {
		o, i := ch.opts[k], 0
		if k > 0 {
			for i = j; i > 0 && int(legal[i-1]) >= o.base; i-- {
			}
		}
		if j > i && o.probe >= 0 {
			s.Tally.Probe(o.probe)
		}
		j = i
	}
}

// canChoose reports whether seat p has a legal action at ch.
func (s *state) canChoose(ch *choice, p int) bool {
	for _, o := range ch.opts {
		if o.kind == optCard && o.cond == nil && o.zone.filter == nil {
			// Any card will do: the zone is not empty. Its seat is p's
			// (hand[player]), bound as legalMask binds it.
			saved := s.slots[ch.seat]
			s.slots[ch.seat] = int64(p)
			n := s.zlen[o.zone.inst(s)]
			s.slots[ch.seat] = saved
			if n > 0 {
				return true
			}
			continue
		}
		return len(s.legalNow(p)) > 0
	}
	return false
}

// legal appends seat p's legal actions at ch, sorted.
func (s *state) legal(ch *choice, p int, buf []engine.Action) []engine.Action {
	buf, _, _ = s.legalMask(ch, p, buf)
	return buf
}

// legalMask is legal, and the cards of ch's mask option (choice.maskOpt)
// among them as a mask, when ok.
func (s *state) legalMask(ch *choice, p int, buf []engine.Action) (_ []engine.Action, mask uint64, ok bool) {
	if o := ch.opts[0]; len(ch.opts) == 1 && o.kind == optCard && o.cond == nil && o.zone.filter == nil && o.zone.owner != nil {
		// Any card of a seat's zone (a hand): its distinct cards, sorted.
		var seen [4]uint64
		saved := s.slots[ch.seat]
		s.slots[ch.seat] = int64(p)
		for _, c := range s.zone(o.zone.inst(s)) {
			seen[c>>6] |= 1 << (c & 63)
		}
		s.slots[ch.seat] = saved
		for w, word := range seen {
			for ; word != 0; word &= word - 1 {
				buf = append(buf, engine.Action(o.base+(w<<6|bits.TrailingZeros64(word))))
			}
		}
		return buf, 0, false
	}
	saved := s.slots[ch.seat]
	s.slots[ch.seat] = int64(p)
	if b := s.buf; b != nil {
		b.listEpoch++
		b.listing = true
	}
	for k, o := range ch.opts {
		switch o.kind {
		case optCard:
			ref := o.zone
			cards := s.zone(ref.inst(s))
			if o.set != nil {
				var set bool
				var m uint64
				if buf, m, set = s.legalSet(o, cards, buf); set {
					if k+1 == ch.maskOpt {
						mask, ok = m, true
					}
					if b := s.buf; b != nil && k < maxListedOpts && o.set.narrow != nil {
						b.optMask[k], b.optAt[k] = m, b.listEpoch
						if o.listed {
							b.optBound[k] = anyBound(cards, m)
						}
					}
					continue
				}
			}
			var seen cardSet
			for _, c := range cards {
				seen.add(c)
			}
			for w, word := range seen {
				for ; word != 0; word &= word - 1 {
					c := w<<6 | bits.TrailingZeros64(word)
					if ref.filter != nil {
						s.slots[ref.slot] = int64(c)
						if ref.filter(s) == 0 {
							continue
						}
					}
					s.slots[o.slot] = int64(c)
					if o.cond == nil || o.cond(s) != 0 {
						buf = append(buf, engine.Action(o.base+c))
					}
				}
			}
		case optValue:
			if o.num != nil {
				buf = s.legalNumbers(o, p, buf)
				continue
			}
			n := o.size
			if o.enum == nil {
				n = s.N
			}
			for v := range n {
				s.slots[o.slot] = int64(v)
				if o.cond == nil || o.cond(s) != 0 {
					buf = append(buf, engine.Action(o.base+v))
				}
			}
		case optAction:
			if s.optionHolds(o) {
				buf = append(buf, engine.Action(o.base))
			}
		}
	}
	s.slots[ch.seat] = saved
	if b := s.buf; b != nil {
		b.listing = false
	}
	return buf, mask, ok
}

func (s *state) LegalActions(p engine.Player, buf []engine.Action) []engine.Action {
	switch {
	case s.mode == mAll && p >= 0 && int(p) < s.N, s.mode == mSeat && int(p) == s.seat:
		return append(buf, s.legalNow(int(p))...)
	}
	return buf
}

// legalNow is seat p's legal actions at the decision the state waits at,
// worked out once per decision: whether the seat can choose, lint's
// probes, the bots and the statistics all ask.
func (s *state) legalNow(p int) []engine.Action {
	b := s.buf
	if b.owner[p] == s && b.legalAt[p] == s.epoch {
		return b.legal[p]
	}
	b.legal[p], b.mask[p], b.maskOK[p] = s.legalMask(s.ch, p, b.legal[p][:0])
	b.legalAt[p], b.owner[p] = s.epoch, s
	return b.legal[p]
}

func (s *state) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	if s.mode == mRoll {
		return engine.Uniform(buf, 1, s.sides)
	}
	if s.mode != mChance {
		return buf
	}
	var counts [engine.MaxDeck]int
	cards := s.zone(s.from)
	for _, c := range cards {
		counts[c]++
	}
	for c := range s.g.cards {
		if counts[c] > 0 {
			buf = append(buf, engine.Outcome{Action: engine.Action(c), Prob: float64(counts[c]) / float64(len(cards))})
		}
	}
	return buf
}

// SampleChance draws uniformly from the pile: a shuffled pile's top card.
func (s *state) SampleChance(r *engine.Rand) engine.Action {
	if s.mode == mRoll {
		return engine.Action(1 + r.Intn(s.sides))
	}
	s.sampled = r.Intn(int(s.zlen[s.from]))
	return engine.Action(s.zone(s.from)[s.sampled])
}

func (s *state) DoApply(a engine.Action) {
	switch s.mode {
	case mChance:
		s.draw(uint8(a))
	case mRoll:
		if a < 1 || int(a) > s.sides {
			panic(fmt.Sprintf("rules: %d is no side of a %d-sided die", a, s.sides))
		}
		old := s.vars[s.rollTo]
		s.vars[s.rollTo] = int64(a)
		if s.Log != nil {
			v := s.g.valueAt(s.rollTo)
			s.Record(engine.Event{Kind: "roll", Player: -1, Resource: v.name, Amount: engine.Int(int(a)), Total: engine.Int(int(a)),
				Text: fmt.Sprintf("a %d-sided die rolls %d for %s (was %d)", s.sides, a, v.name, old)})
		}
		s.mode = mRun
		s.pc++
		s.run()
	case mSeat:
		s.decide(s.ch, s.seat, a)
		s.run()
	default:
		panic(fmt.Sprintf("rules: Apply at a %s node", s.CurrentPlayer()))
	}
}

func (s *state) draw(c uint8) {
	cards := s.zone(s.from)
	switch {
	case s.sampled >= 0 && s.sampled < len(cards) && cards[s.sampled] == c:
		s.takeAt(s.from, s.sampled)
	case !s.take(s.from, c):
		panic(fmt.Sprintf("rules: illegal draw %d", c))
	}
	s.sampled = -1
	s.add(s.to, c)
	s.Tally.Drew(int(c))
	if s.Log != nil {
		s.logMove("draw", s.from, s.to, c)
	}
	if s.pend--; s.pend == 0 || s.zlen[s.from] == 0 {
		s.mode = mRun
		if s.dealing != nil && s.dealOn() {
			return // the next seat's draws
		}
		s.pc++
		s.run()
	}
}

func (s *state) applyJoint(actions []engine.Action) {
	if s.mode != mAll || len(actions) != s.N {
		panic(fmt.Sprintf("rules: %d joint actions at a %s node", len(actions), s.CurrentPlayer()))
	}
	copy(s.joints[s.ch.jbase:], actions)
	if s.Tally != nil && s.ch.plays {
		for p, a := range actions {
			s.tallyChoice(s.ch, s.ch.option(int(a)), p, a)
		}
	}
	s.mode = mRun
	s.pc++
	s.run()
}

// decide binds seat p's action a at ch and goes to its option.
func (s *state) decide(ch *choice, p int, a engine.Action) {
	k := s.bind(ch, p, a)
	s.mode = mRun
	s.pc = ch.opts[k].start
}

// bind binds seat p's action a at ch (the seat, the card or value) and
// returns its option's index.
func (s *state) bind(ch *choice, p int, a engine.Action) int {
	k := slices.IndexFunc(ch.opts, func(o *option) bool { return int(a) >= o.base && int(a) < o.base+o.size })
	if k < 0 {
		panic(fmt.Sprintf("rules: action %d is not an option%s", a, choiceName(ch)))
	}
	o := ch.opts[k]
	if s.Tally != nil && !ch.all && ch.plays {
		s.tallyChoice(ch, o, p, a)
	}
	if !ch.plays && o.kind == optCard {
		s.Tally.Drew(int(a) - o.base) // kept, not played: it still reached the seat
	}
	s.slots[ch.seat] = int64(p)
	s.slots[o.slot] = s.optionValue(o, p, a)
	if s.Log != nil {
		s.Record(engine.Event{Kind: "choose", Player: p, Card: s.actionCard(ch, a), Text: s.actionText(ch, p, a)})
	}
	if s.inferring && !ch.all {
		s.learn(ch, k, p) // what a secret choice picked is no one's to learn from
	}
	return k
}

// option is the option action a belongs to.
func (ch *choice) option(a int) *option {
	for _, o := range ch.opts {
		if a >= o.base && a < o.base+o.size {
			return o
		}
	}
	return nil
}

// tallyChoice counts seat p's action a at ch, of option o (nil: none),
// in the dead-card statistics: the cards it could have chosen in o, the
// one it played.
func (s *state) tallyChoice(ch *choice, o *option, p int, a engine.Action) {
	if o == nil || o.kind != optCard {
		s.Tally.Choice(&engine.CardSet{}, -1)
		return
	}
	if ch.maskOpt > 0 && ch.opts[ch.maskOpt-1] == o {
		// The cards on offer as the mask they were listed from: the
		// same cards as cardsOffered's, without a walk of the list.
		s.legalNow(p)
		if b := s.buf; b.maskOK[p] {
			s.Tally.Choice(&engine.CardSet{b.mask[p]}, int(a)-o.base)
			return
		}
	}
	held := engine.SetOf(s.cardsOffered(o, p)...)
	s.Tally.Choice(&held, int(a)-o.base)
}

// cardsOffered are the cards seat p could have chosen in card option o:
// its run of the legal actions (sorted, and the options' actions are
// consecutive ranges), less its base. An option at base 0 gives the run
// itself, with no copy.
func (s *state) cardsOffered(o *option, p int) []engine.Action {
	legal := s.legalNow(p)
	i := 0
	for i < len(legal) && int(legal[i]) < o.base {
		i++
	}
	// The run's end from the end of the list: the options after o (if
	// any) have few actions, o (a card option) many.
	j := len(legal)
	for j > i && int(legal[j-1]) >= o.base+o.size {
		j--
	}
	if o.base == 0 {
		return legal[i:j]
	}
	buf := s.buf.offered[:0]
	for _, l := range legal[i:j] {
		buf = append(buf, l-engine.Action(o.base))
	}
	s.buf.offered = buf
	return buf
}

// playedCard is the card action a plays, or -1.
func (s *state) playedCard(ch *choice, a engine.Action) int {
	if o := ch.option(int(a)); o != nil && o.kind == optCard {
		return int(a) - o.base
	}
	return -1
}

// finish ends the game and ranks the seats by the winners rules.
func (s *state) finish(cause string) {
	s.mode, s.Cause = mOver, cause
	alive := engine.Seats(0)
	for p := 0; p < s.N; p++ {
		alive = alive.With(p)
	}
	for _, r := range s.g.winners {
		var best int64
		first := true
		var keep engine.Seats
		for p := 0; p < s.N; p++ {
			if !alive.Has(p) {
				continue
			}
			s.slots[r.slot] = int64(p)
			v := r.ev(s)
			switch {
			case first || r.highest && v > best || !r.highest && v < best:
				best, keep, first = v, engine.Seats(0).With(p), false
			case v == best:
				keep = keep.With(p)
			}
		}
		alive = keep
	}
	if s.fault != "" {
		return
	}
	s.ShareWin(alive)
}

// CheckInvariants: no rules error, every card in play in exactly one zone,
// every value within its min and max. The screen makes the same checks
// from lists made at build; the full check, run only when it fails, finds
// the broken one and says which.
func (s *state) CheckInvariants() error {
	if s.fault != "" {
		return errors.New(s.fault)
	}
	if s.invariantsHold() {
		return nil
	}
	return s.checkAll()
}

// invScreen is CheckInvariants' screen for one player count: the zone
// instances the full check counts, the cards in play, and the
// value instances it checks with their ranges.
type invScreen struct {
	// counted masks the zone lengths: -1 (all ones) for each instance
	// the full check counts, 0 for those of seats not at the table.
	counted       []int16
	countedBlocks [][8]uint64 // counted as lanes (lanes), 32 a block
	cards         int
	// signs are the value instances whose range is min 0 with no max
	// (the usual count: every rules file's ranges are so far), checked
	// by their sign bits alone: one load and one OR each. They are
	// indexes into a state's values, in whole blocks of eight, the last
	// filled out with copies of the first.
	signs []int
	// ranges are the other value instances with a range.
	ranges []valueRange
	// ranges8 is ranges when they are one to eight, made eight with
	// ranges every number is within.
	ranges8 *[8]valueRange
	// full: the full check judges every state, for a value whose min
	// exceeds its max (no number is within it) or zones too many for
	// the lanes' sums (see invariantsHold).
	full bool
}

// valueRange is value instance i's range as lo and hi-lo: x is within it
// when uint64(x-lo) <= span, one comparison (all modulo 2^64, so lo and
// hi may be the extremes).
type valueRange struct {
	i    int
	lo   int64
	span uint64
}

// screens lists, for each player count, what the full check reads, in
// the same instances and ranges: the screen passes only when the full
// check would, and fails when it would pass only for a zone length no
// state has (see invariantsHold).
func (g *Game) screens() {
	for n := 1; n <= engine.MaxPlayers; n++ {
		sc := &g.screen[n]
		sc.cards = len(g.inPlay[n])
		sc.counted = make([]int16, zlenSize(g.zoneInsts))
		for _, z := range g.zones {
			k := 1
			if z.perPlayer {
				k = n
			}
			for p := range k {
				sc.counted[z.base+p] = -1
			}
		}
		// Up to 128 lengths under 2^9 per lane add up without a carry.
		sc.full = g.zoneInsts > 4*128
		sc.countedBlocks = make([][8]uint64, len(sc.counted)/32)
		for k := range sc.countedBlocks {
			for i := range sc.countedBlocks[k] {
				sc.countedBlocks[k][i] = lanes(sc.counted[32*k+4*i:])
			}
		}
		for _, v := range g.values {
			if v.min == nil && v.max == nil {
				continue
			}
			lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
			if v.min != nil {
				lo = *v.min
			}
			if v.max != nil {
				hi = *v.max
			}
			if lo > hi {
				sc.full = true
			}
			for p := range v.span(n) {
				if lo == 0 && hi == math.MaxInt64 {
					sc.signs = append(sc.signs, v.base+p)
				} else {
					sc.ranges = append(sc.ranges, valueRange{v.base + p, lo, uint64(hi - lo)})
				}
			}
		}
		// A copy of a value checked already checks nothing new.
		for len(sc.signs)%8 != 0 {
			sc.signs = append(sc.signs, sc.signs[0])
		}
		if len(sc.ranges) > 0 && len(sc.ranges) <= 8 {
			sc.ranges8 = new([8]valueRange)
			for k := range sc.ranges8 {
				sc.ranges8[k] = valueRange{0, math.MinInt64, math.MaxUint64}
			}
			copy(sc.ranges8[:], sc.ranges)
		}
	}
}

// invariantsHold is the screen: it passes only when checkAll finds
// nothing (the fault is checked before it).
func (s *state) invariantsHold() bool {
	sc := &s.g.screen[s.N]
	// The lengths four at a time, one per 16-bit lane of a word, the
	// absent seats' masked out. A lane that could carry into the next
	// (2^9 or more, or negative: no zone holds that many) sends the
	// state to the full check. Eight words at a time, unrolled
	// (zlenSize): a loop of a word each would end where the branch
	// predictor, busy with the game between two checks, misses.
	mb := sc.countedBlocks[:len(s.zlen)/32]
	var sum, or uint64
	for k := range mb {
		z, c := (*[32]int16)(s.zlen[32*k:]), &mb[k]
		w0, w1, w2, w3 := lanes(z[0:4])&c[0], lanes(z[4:8])&c[1], lanes(z[8:12])&c[2], lanes(z[12:16])&c[3]
		w4, w5, w6, w7 := lanes(z[16:20])&c[4], lanes(z[20:24])&c[5], lanes(z[24:28])&c[6], lanes(z[28:32])&c[7]
		sum += w0 + w1 + w2 + w3 + w4 + w5 + w6 + w7
		or |= w0 | w1 | w2 | w3 | w4 | w5 | w6 | w7
	}
	// The four lanes' sums (each under 2^16) added as two of 32 bits,
	// then as one.
	sum = sum&0x0000FFFF_0000FFFF + sum>>16&0x0000FFFF_0000FFFF
	if or&laneHigh != 0 || int(sum&math.MaxUint32+sum>>32) != sc.cards {
		return false
	}
	if len(s.g.pools) > 0 && !s.poolsHold() {
		return false
	}
	// Values of min 0 and no max: out of range exactly when negative, so
	// the OR of them all has its sign bit set exactly when one is out.
	// Eight at a time, unrolled (no loop end to mispredict for the usual
	// eight or fewer).
	vars := s.vars
	if len(vars) != s.g.valueInsts {
		return false // no state of the game: the offsets are not for it
	}
	var neg int64
	for k := 0; k+8 <= len(sc.signs); k += 8 {
		o := sc.signs[k : k+8 : k+8]
		neg |= vars[o[0]] | vars[o[1]] | vars[o[2]] | vars[o[3]] |
			vars[o[4]] | vars[o[5]] | vars[o[6]] | vars[o[7]]
	}
	// Each other value against its range, without a branch per value:
	// bad gathers the borrows of span - (x - lo), one exactly when x is
	// out.
	bad := uint64(neg) >> 63
	if r := sc.ranges8; r != nil {
		// Eight, unrolled: no loop whose end the branch predictor, busy
		// with the game between two checks, would miss.
		_, b0 := bits.Sub64(r[0].span, uint64(vars[r[0].i]-r[0].lo), 0)
		_, b1 := bits.Sub64(r[1].span, uint64(vars[r[1].i]-r[1].lo), 0)
		_, b2 := bits.Sub64(r[2].span, uint64(vars[r[2].i]-r[2].lo), 0)
		_, b3 := bits.Sub64(r[3].span, uint64(vars[r[3].i]-r[3].lo), 0)
		_, b4 := bits.Sub64(r[4].span, uint64(vars[r[4].i]-r[4].lo), 0)
		_, b5 := bits.Sub64(r[5].span, uint64(vars[r[5].i]-r[5].lo), 0)
		_, b6 := bits.Sub64(r[6].span, uint64(vars[r[6].i]-r[6].lo), 0)
		_, b7 := bits.Sub64(r[7].span, uint64(vars[r[7].i]-r[7].lo), 0)
		bad |= b0 | b1 | b2 | b3 | b4 | b5 | b6 | b7
	} else {
		for _, r := range sc.ranges {
			_, b := bits.Sub64(r.span, uint64(vars[r.i]-r.lo), 0)
			bad |= b
		}
	}
	return bad == 0 && !sc.full
}

// poolsHold reports whether every pool keeps its total (out of the
// screen's line: most games have no pool).
func (s *state) poolsHold() bool {
	for i := range s.g.pools {
		if s.poolTotal(i) != s.pooled[i] {
			return false
		}
	}
	return true
}

// zlenSize is how many zone lengths a state keeps for n zone instances:
// whole blocks of 32, which the invariant screen reads eight words at a
// time (the ones past n are 0, and masked out).
func zlenSize(n int) int { return (n + 31) &^ 31 }

// lanes is four zone lengths as one word of four 16-bit lanes (which
// lane is which does not matter: masks are read the same way, and sums
// add all four). The compiler reads the word as one load.
func lanes(z []int16) uint64 {
	return uint64(uint16(z[0])) | uint64(uint16(z[1]))<<16 | uint64(uint16(z[2]))<<32 | uint64(uint16(z[3]))<<48
}

// laneHigh is the top seven bits of each 16-bit lane: a length with any
// of them set may carry.
const laneHigh = 0xFE00_FE00_FE00_FE00

// checkAll is the full check, reading the declarations: the first broken
// invariant, or nil.
func (s *state) checkAll() error {
	if s.fault != "" {
		return errors.New(s.fault)
	}
	total := 0
	for i, z := range s.g.zones {
		n := 1
		if z.perPlayer {
			n = s.N
		}
		for k := range n {
			total += int(s.zlen[s.g.zones[i].base+k])
		}
	}
	if want := len(s.g.inPlay[s.N]); total != want {
		return fmt.Errorf("cards not conserved: %d in the zones, %d in play", total, want)
	}
	for i, p := range s.g.pools {
		if t := s.poolTotal(i); t != s.pooled[i] {
			return fmt.Errorf("%s not conserved: %s and what the seats hold add up to %d, not %d", p.held[0].name, p.supply.name, t, s.pooled[i])
		}
	}
	for _, v := range s.g.values {
		for k := range v.span(s.N) {
			x := s.vars[v.base+k]
			if v.min != nil && x < *v.min || v.max != nil && x > *v.max {
				return fmt.Errorf("value %s is %d, outside its range", v.label(k), x)
			}
		}
	}
	return nil
}

// label names place k of v (from its base) in an error: x, x of seat 2,
// x[3], x[3] of seat 2.
func (v *valueDecl) label(k int) string {
	if v.size == 0 {
		return v.name + seatSuffix(v.perPlayer, k)
	}
	return fmt.Sprintf("%s[%d]%s", v.name, k%v.size, seatSuffix(v.perPlayer, k/v.size))
}

func seatSuffix(perPlayer bool, p int) string {
	if !perPlayer {
		return ""
	}
	return fmt.Sprintf(" of seat %d", p+1)
}
