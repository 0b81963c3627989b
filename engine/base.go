package engine

import (
	"fmt"
	"math/bits"
)

// Base is the part of a game's state that is not its rules: how many play,
// how many moves were applied, why the game ended, and where the state
// reports (its log and tally), and the returns once it is over. A state
// kept in one struct embeds it, gets NumPlayers, MoveNumber, EndCause and
// Returns from it, and clones with CloneState:
//
//	type state struct {
//		engine.Base
//		...
//	}
//
//	func (g *Game) NewState(players int, opts engine.StateOptions) engine.State {
//		return engine.Started(&state{g: g}, players, opts)
//	}
//
//	func (s *state) Reset(players int, opts engine.StateOptions) {
//		*s = state{g: s.g, Base: engine.NewBase(players, opts)}
//		...
//	}
//
//	func (s *state) CloneInto(dst engine.State) engine.State { return engine.CloneState(s, dst) }
//
// The state's rules (DoApply) set Cause and ShareWin when the game ends
// and report through Emit (or Log, when not nil) and Tally (its methods do
// nothing on a nil tally); engine.Apply counts the moves in Move.
type Base struct {
	N     int         // players
	Move  int         // moves applied: chance, single or joint (engine.Apply counts them)
	Cause string      // why the game ended (Ender); "" while it goes on
	Log   func(Event) // the event log, or nil
	Tally *Tally      // the statistics, or nil
	// Won is each seat's return once the game is over (ShareWin).
	Won [MaxPlayers]float64
	// history records the applied moves (engine.Apply), or is nil.
	history *History
}

// Seats is a set of seats, one bit each.
type Seats uint32

// With adds seat p to the set.
func (s Seats) With(p int) Seats { return s | 1<<p }

// Has says whether seat p is in the set.
func (s Seats) Has(p int) bool { return s&(1<<p) != 0 }

// Len is how many seats the set holds.
func (s Seats) Len() int { return bits.OnesCount32(uint32(s)) }

// ShareWin ends the game's returns: the winners share one win equally
// (a tie of three gives each a third), everyone else gets 0.
func (b *Base) ShareWin(winners Seats) {
	n := winners.Len()
	for p := range b.N {
		b.Won[p] = 0
		if winners.Has(p) {
			b.Won[p] = 1 / float64(n)
		}
	}
}

// KeepsHistory says whether Apply records the state's moves: a
// RandomPlayer, which records none, leaves such a state to Apply.
func (b *Base) KeepsHistory() bool { return b.history != nil }

// Returns are the state's final utilities (State): Won, per seat.
func (b *Base) Returns(buf []float64) []float64 { return append(buf, b.Won[:b.N]...) }

// NewBase is the Base of a new game for this many players wired to opts.
// The history opts gives starts empty: it holds this game's moves.
func NewBase(players int, opts StateOptions) Base {
	if opts.History != nil {
		opts.History.Moves = opts.History.Moves[:0]
	}
	return Base{N: players, Log: opts.Log, Tally: opts.Tally, history: opts.History}
}

// NumPlayers, MoveNumber and EndCause are the state's (State, Ender).
func (b *Base) NumPlayers() int  { return b.N }
func (b *Base) MoveNumber() int  { return b.Move }
func (b *Base) EndCause() string { return b.Cause }

// base gives Apply and CloneState the Base of a state (State); a state of
// another package has it only by embedding Base.
func (b *Base) base() *Base { return b }

// CloneState is CloneInto for a state that embeds a Base: it copies *s into
// dst (see CopyState) and drops the copy's log, tally and history
// (Silence), since a clone is a what-if and reports nothing.
func CloneState[T any, PT interface {
	*T
	State
}](s PT, dst State) PT {
	c := CopyState(s, dst)
	c.base().Silence()
	return c
}

// Silence drops what a clone must not keep: the log, the tally and the
// history, which are the original's. A state that clones itself field by
// field calls it on the copy's Base.
func (b *Base) Silence() { b.Log, b.Tally, b.history = nil, nil, nil }

// Started is NewState for a state that starts a game with Reset: it resets
// s (a state holding only its game) for players and opts and returns it.
func Started[S Resetter](s S, players int, opts StateOptions) S {
	s.Reset(players, opts)
	return s
}

// Emit logs an event of the move in progress in words only: a seat's (its
// number leads the text: "seat 2 gains $3") or the table's (seat -1).
// Record logs one with its typed fields. Both do nothing without a log; a
// hot path checks Log first, so that not even the arguments are built.
func (b *Base) Emit(kind string, seat int, format string, args ...any) {
	if b.Log != nil {
		b.Record(Event{Kind: kind, Player: seat, Text: fmt.Sprintf(format, args...)})
	}
}

// Record logs a typed event of the move in progress (see Event): its Move
// is filled in, and a seat's Text is led by the seat's number like Emit's.
// It does nothing without a log; a hot path checks Log first.
func (b *Base) Record(e Event) {
	if b.Log == nil {
		return
	}
	e.Move = b.Move
	if e.Player >= 0 && e.Text != "" {
		e.Text = fmt.Sprintf("seat %d %s", e.Player+1, e.Text)
	}
	b.Log(e)
}
