package engine

import (
	"fmt"
	"math"
	mbits "math/bits"
)

// Player is a seat (0..n-1) or one of the reserved negative ids, as in
// OpenSpiel: chance and simultaneous moves are players too.
type Player int

const (
	// Chance is the player at a node whose move is random (a deal, a draw).
	Chance Player = -1
	// Simultaneous is the player at a node where every seat chooses in
	// secret and the choices are applied together.
	Simultaneous Player = -2
	// Terminal is the player of a finished game.
	Terminal Player = -4
)

// Action is a move; its meaning belongs to the game.
type Action int32

// NoAction is the joint-action entry of a seat that has nothing to choose.
const NoAction Action = -1

// Outcome is one chance action with its probability.
type Outcome struct {
	Action Action
	Prob   float64
}

// State is one game in progress. Methods that return slices append to the
// buffer they are given so smoke games run without allocating.
type State interface {
	NumPlayers() int
	CurrentPlayer() Player
	// LegalActions lists, sorted and unique, what seat p may do now. At a
	// simultaneous node it is asked for every seat; an empty list means the
	// seat does not act (its joint entry is NoAction).
	LegalActions(p Player, buf []Action) []Action
	// ChanceOutcomes lists the chance actions at a chance node.
	ChanceOutcomes(buf []Outcome) []Outcome
	// DoApply is the game's rules for a chance action or the move of the
	// one seat to act. Only engine.Apply calls it: that counts the move
	// (MoveNumber) and records it in the history first.
	DoApply(a Action)
	IsTerminal() bool
	// Returns are the final utilities per seat (1 shared among winners).
	Returns(buf []float64) []float64
	// MoveNumber counts applied moves (chance, single or joint): Base's,
	// which engine.Apply and engine.ApplyJoint count.
	MoveNumber() int
	// CloneInto copies the state into dst, a state of the same game from
	// an earlier CloneInto, or nil for a new one, and returns the copy: a
	// what-if that reports nothing (no log, no tally). Bots that look
	// ahead reuse one scratch state this way instead of allocating one per
	// candidate move. engine.CloneState is the whole of it for a state
	// that embeds Base.
	CloneInto(dst State) State
	ActionString(p Player, a Action) string
	// base is the state's Base: every state embeds one, where Apply
	// counts its moves and keeps its history.
	base() *Base
}

// Clone is a new copy of s (CloneInto a nil state).
func Clone(s State) State { return s.CloneInto(nil) }

// JointApplier is the state of a game with SimultaneousMoves dynamics.
type JointApplier interface {
	// DoApplyJoint is the game's rules for one action per seat at a
	// simultaneous node. Only engine.ApplyJoint calls it, counting the
	// move first.
	DoApplyJoint(actions []Action)
}

// CopyState is the heart of CloneInto for a state kept in one struct: it
// copies *s into dst when dst is a *T, else into a new T, and returns the
// copy (the caller then drops what a what-if must not keep, like loggers).
func CopyState[T any, PT interface {
	*T
	State
}](s PT, dst State) PT {
	c, ok := dst.(PT)
	if !ok {
		c = new(T)
	}
	*c = *s
	return c
}

// ChanceSampler is an optional fast path: draw a chance action straight from
// the source without listing every outcome. It must agree with
// ChanceOutcomes (a generic test checks it does).
type ChanceSampler interface {
	SampleChance(r *Rand) Action
}

// RandomPlayer is an optional fast path for search play-outs: play on
// from here at random without a call through State per move. It must play
// exactly what a loop of the generic calls plays, drawing the same random
// numbers in the same order: a seat's move legal[r.Intn(len(legal))] of
// its LegalActions, a chance move as the search draws it (SampleChance(r)
// of a ChanceSampler, else SampleOutcome of the ChanceOutcomes), each
// counted in Base.Move as Apply counts it, so a
// search gets the same play-outs either way (MCTSBot's tests compare). It
// stops when the game is over, after limit moves, or at a node it leaves
// to its caller (a simultaneous one: the caller orders the seats), and
// returns how many moves it made. It keeps no history: search calls it
// on its scratch clone only.
type RandomPlayer interface {
	PlayRandomly(r *Rand, limit int) (moves int)
}

// Evaluator is optional: a state that can judge how well a seat is doing,
// used by the heuristic bot.
type Evaluator interface {
	Evaluate(p Player) float64
}

// MaybeEvaluator is optional: a state whose type has Evaluate but whose
// game may give no estimate (a rules file without evaluate:). Without
// one, bots that need an estimate play at random.
type MaybeEvaluator interface {
	HasEvaluator() bool
}

// Evaluates reports whether s gives a score estimate the heuristic bot
// can use: it is an Evaluator, and not one that says it has none.
func Evaluates(s State) bool {
	if _, ok := s.(Evaluator); !ok {
		return false
	}
	m, ok := s.(MaybeEvaluator)
	return !ok || m.HasEvaluator()
}

// HeuristicPlaysAtRandom reports whether g's heuristic bot has no
// estimate to look ahead with, so it plays at random: commands say so.
func HeuristicPlaysAtRandom(g Game) bool {
	info := g.Info()
	return !Evaluates(g.NewState(info.MinPlayers, StateOptions{}))
}

// InvariantChecker is optional: a state that can check its own invariants
// (tokens conserved, money rules). The runner calls it after every move.
type InvariantChecker interface {
	CheckInvariants() error
}

// Resetter is optional: a state that can start a new game in place, so a
// runner plays thousands of games without allocating a state for each.
// After Reset it must equal a state fresh from NewState.
type Resetter interface {
	Reset(players int, opts StateOptions)
}

// Ender is optional: a finished state that names why it ended.
type Ender interface {
	EndCause() string
}

// Count adds n to counter k (an index into Info.Counters). Like every
// Tally method it does nothing on a nil tally: a what-if clone or a replay
// keeps no statistics, so states call it without checking.
func (t *Tally) Count(k int, n int64) {
	if t != nil {
		t.Counters[k] += n
	}
}

// Took records a card that came with no choice (a draw, a forced play).
func (t *Tally) Took(c int) {
	if t != nil {
		// Choice with one card held, without building the set.
		t.CardInHand[c]++
		t.chose(c, false)
	}
}

// Choice records one decision in t: the cards held, as a set (each card
// once however many copies, so a state that keeps a hand or a mask of the
// playable cards need not list them), and the one played (-1 for none).
// One card held is no choice: it is not counted as offered.
func (t *Tally) Choice(held *CardSet, played int) {
	if t == nil {
		return
	}
	// Only the words that can hold one of the game's cards: most games
	// have fewer than 64.
	words := held[:min(len(held), (len(t.CardInHand)+63)>>6)]
	n := 0
	for _, w := range words {
		n += mbits.OnesCount64(w)
	}
	inHand := t.CardInHand
	if n <= 1 {
		// At most one card: nothing offered, and no loop per word needed
		// past the one that holds it.
		for w, word := range words {
			if word != 0 {
				inHand[w<<6+mbits.TrailingZeros64(word)]++
				break
			}
		}
		t.chose(played, false)
		return
	}
	offered := t.CardOffered
	for w, word := range words {
		for ; word != 0; word &= word - 1 {
			c := w<<6 + mbits.TrailingZeros64(word)
			inHand[c]++
			offered[c]++
		}
	}
	t.chose(played, true)
}

// chose records the card played at a decision (-1: none) and its seat;
// free says the seat had two or more different cards to choose from.
func (t *Tally) chose(played int, free bool) {
	seat := int(t.cur)
	if t.cur == Simultaneous {
		// At a simultaneous node, states report one choice per seat in seat
		// order: the k-th choice is seat k's (from seat MaxPlayers-1 on,
		// to nobody, as before: no game seats that many).
		seat = t.joint
		if t.joint++; seat >= MaxPlayers-1 {
			seat = -1
		}
	}
	if played < 0 {
		return
	}
	t.CardPlayed[played]++
	if seat >= 0 {
		t.plays = append(t.plays, seatPlay{seat: int8(seat), card: int32(played)})
	}
	if free {
		t.CardChosen[played]++
	}
}

// Tally collects a game's statistics. States add to it as they play; the
// runner sums tallies across games.
type Tally struct {
	// Per distinct card: CardInHand counts the decisions where a seat held
	// it, CardPlayed how often it was played. CardOffered and CardChosen
	// count the same only at decisions with at least two different cards to
	// choose from: a card played because it was the last one left was not
	// chosen.
	CardInHand  []int64
	CardPlayed  []int64
	CardOffered []int64
	CardChosen  []int64
	// CardPlayedBy counts the plays of each card by a seat (not chance) in
	// games that ended, and CardWon sums the returns of those plays' seats
	// in 1/840ths (a shared win splits exactly): CardWon/840/CardPlayedBy
	// is the card's win rate when played.
	CardPlayedBy []int64
	CardWon      []int64
	// Counters are the game's own counts, named by Info.Counters.
	Counters []int64
	// Probes count, per Info.Expected, how often each thing the rules
	// say can happen did: lint warns about those that never do. They are
	// lint's alone, so summaries written to files leave them out.
	Probes []int64 `json:"-"`
	// CardDrawn counts, per distinct card, the times it reached a seat
	// without being offered in a choice that plays: dealt, drawn, or
	// chosen into a zone only its owner sees (Drew). Lint's
	// CARD_NEVER_DRAWN reads it beside CardInHand; it is lint's alone.
	CardDrawn []int64 `json:"-"`

	// The game in progress: who is to move (a seat, Chance, Simultaneous;
	// Terminal between games: choices then go to nobody), the number of
	// choices so far at a simultaneous node (the seat of the next one) and
	// the plays so far, credited when the game ends (see the runner). The
	// runner sets both with two plain stores per move; chose derives the
	// seat.
	cur   Player
	joint int
	plays []seatPlay
}

// seatPlay is one card played by one seat in the game in progress.
type seatPlay struct {
	seat int8
	card int32
}

// beginGame forgets the plays of the previous game.
func (t *Tally) beginGame() {
	t.plays = t.plays[:0]
	t.cur, t.joint = Terminal, 0
}

// mover notes who is about to move: a seat, or Simultaneous (choices then
// go to seats in order), or Chance (choices go to nobody).
func (t *Tally) mover(p Player) {
	t.cur, t.joint = p, 0
}

// endGame credits every play of the game that ended with its seat's return.
func (t *Tally) endGame(returns []float64) {
	// Each seat's return in 1/840ths once, not once per play.
	var won [MaxPlayers]int64
	for seat, r := range returns[:min(len(returns), MaxPlayers)] {
		won[seat] = int64(math.Round(r * shareUnit))
	}
	for _, pl := range t.plays {
		if int(pl.seat) >= len(returns) {
			continue
		}
		t.CardPlayedBy[pl.card]++
		t.CardWon[pl.card] += won[pl.seat]
	}
	t.beginGame()
}

// NewTally sizes a tally for a game.
func NewTally(info Info) *Tally {
	return &Tally{
		CardInHand:   make([]int64, info.Cards),
		CardPlayed:   make([]int64, info.Cards),
		CardOffered:  make([]int64, info.Cards),
		CardChosen:   make([]int64, info.Cards),
		CardPlayedBy: make([]int64, info.Cards),
		CardWon:      make([]int64, info.Cards),
		Counters:     make([]int64, len(info.Counters)),
		Probes:       make([]int64, len(info.Expected)),
		CardDrawn:    make([]int64, info.Cards),
		cur:          Terminal,
	}
}

// Add sums another tally into t.
func (t *Tally) Add(o *Tally) {
	for i := range o.CardOffered {
		t.CardInHand[i] += o.CardInHand[i]
		t.CardPlayed[i] += o.CardPlayed[i]
		t.CardOffered[i] += o.CardOffered[i]
		t.CardChosen[i] += o.CardChosen[i]
	}
	// Summaries written before these counts existed have none.
	for i := range min(len(o.CardWon), len(o.CardPlayedBy), len(t.CardWon)) {
		t.CardPlayedBy[i] += o.CardPlayedBy[i]
		t.CardWon[i] += o.CardWon[i]
	}
	for i := range o.Counters {
		t.Counters[i] += o.Counters[i]
	}
	for i := range min(len(o.Probes), len(t.Probes)) {
		t.Probes[i] += o.Probes[i]
	}
	for i := range min(len(o.CardDrawn), len(t.CardDrawn)) {
		t.CardDrawn[i] += o.CardDrawn[i]
	}
}

// Drew records that card c reached a seat or a zone by a deal, a draw or
// a choice that keeps it rather than plays it (CardDrawn).
func (t *Tally) Drew(c int) {
	if t != nil && c >= 0 && c < len(t.CardDrawn) {
		t.CardDrawn[c]++
	}
}

// Probe counts one more of Info.Expected[k].
func (t *Tally) Probe(k int) {
	if t != nil && k < len(t.Probes) {
		t.Probes[k]++
	}
}

func (p Player) String() string {
	switch p {
	case Chance:
		return "chance"
	case Simultaneous:
		return "simultaneous"
	case Terminal:
		return "terminal"
	}
	return fmt.Sprintf("seat %d", int(p)+1)
}

// Uniform appends the chance outcomes first, first+1, …, first+n-1, each
// as likely: a die (Uniform(buf, 1, 6)), a seat picked at random.
func Uniform(buf []Outcome, first Action, n int) []Outcome {
	for k := range n {
		buf = append(buf, Outcome{Action: first + Action(k), Prob: 1 / float64(n)})
	}
	return buf
}
