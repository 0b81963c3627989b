package engine

import (
	"fmt"
	"slices"
)

// ActionKind is the kind of the event that logs a move (PlayOptions.LogMoves):
// the action taken, where the other kinds are what it caused.
const ActionKind = "action"

// logMove logs seat p's (or chance's) action a, about to be applied.
func logMove(s State, p Player, a Action) {
	b := s.base()
	if b.Log == nil {
		return
	}
	e := Event{Kind: ActionKind, Player: int(p), Text: s.ActionString(p, a), Action: Int(int(a))}
	if p == Chance {
		e.Player, e.Text = -1, "chance: "+e.Text
	}
	b.Record(e)
}

// logJoint logs a joint move, one event per seat that had a choice.
func logJoint(s State, joint []Action) {
	for seat, a := range joint {
		if a != NoAction {
			logMove(s, Player(seat), a)
		}
	}
}

// MoveError is a recorded move that does not fit the game being played:
// the game changed since the record was made, or the record was edited.
type MoveError struct {
	Index int // the entry of the moves, from 0
	Err   error
}

func (e *MoveError) Error() string { return fmt.Sprintf("recorded move %d: %v", e.Index+1, e.Err) }

// PlayMoves plays a recorded game: moves, a History's or a log's (chance's
// included, one entry per seat with a choice at a simultaneous node), in
// place of the bots and the seed. Every move is checked before it is
// applied: the seat to move, an action that seat may take, a chance
// outcome that can happen. A move that does not fit ends the game with a
// *MoveError; so does a record that ends before the game does. The game
// is logged, checked and its panics recovered as PlayGame does.
func PlayMoves(g Game, players int, moves []PlayerAction, opt PlayOptions) (res Result, err error) {
	var w player
	res = Result{Players: players}
	defer func() {
		if r := recover(); r != nil {
			res.Panic = fmt.Sprintf("%v (at %s)", r, panicSite())
		}
	}()
	s := w.newState(g, players, StateOptions{Log: opt.Log, Tally: opt.Tally, History: opt.History})
	checker, checks := s.(InvariantChecker)
	checks = checks && opt.CheckInvariants
	for i := 0; !s.IsTerminal(); {
		if i == len(moves) {
			err = &MoveError{Index: i, Err: fmt.Errorf("the record ends at move %d, before the game does", s.MoveNumber())}
			break
		}
		n, merr := w.playRecorded(s, moves[i:], opt.LogMoves)
		if merr != nil {
			err = &MoveError{Index: i, Err: merr}
			break
		}
		i += n
		if checks {
			if cerr := checker.CheckInvariants(); cerr != nil {
				res.Invariant = fmt.Sprintf("after move %d: %v", s.MoveNumber(), cerr)
				break
			}
		}
		if i < len(moves) && s.IsTerminal() {
			err = &MoveError{Index: i, Err: fmt.Errorf("the game ended at move %d, but the record goes on", s.MoveNumber())}
		}
	}
	w.finish(s, &res, opt.Tally)
	return res, err
}

// playRecorded checks and applies the next move of a record (moves[0], or
// one entry per seat with a choice at a simultaneous node) and says how
// many entries it took.
func (w *player) playRecorded(s State, moves []PlayerAction, logMoves bool) (int, error) {
	cur := s.CurrentPlayer()
	if cur == Simultaneous {
		return w.playRecordedJoint(s, moves, logMoves)
	}
	m := moves[0]
	if m.Player != cur {
		return 0, fmt.Errorf("it is %v's move, not %v's", cur, m.Player)
	}
	if err := w.allowed(s, cur, m.Action); err != nil {
		return 0, err
	}
	if logMoves {
		logMove(s, cur, m.Action)
	}
	Apply(s, m.Action)
	return 1, nil
}

// playRecordedJoint takes one entry for each seat with a choice, in seat
// order (a seat without one plays NoAction and has no entry).
func (w *player) playRecordedJoint(s State, moves []PlayerAction, logMoves bool) (int, error) {
	w.joint = w.joint[:0]
	used := 0
	for seat := range s.NumPlayers() {
		p := Player(seat)
		w.legal = s.LegalActions(p, w.legal[:0])
		if len(w.legal) == 0 {
			w.joint = append(w.joint, NoAction)
			continue
		}
		if used == len(moves) || moves[used].Player != p {
			return 0, fmt.Errorf("the joint move wants an entry of %v's", p)
		}
		if a := moves[used].Action; !slices.Contains(w.legal, a) {
			return 0, fmt.Errorf("%v may not take action %d here", p, a)
		}
		w.joint = append(w.joint, moves[used].Action)
		used++
	}
	if logMoves {
		logJoint(s, w.joint)
	}
	ApplyJoint(s, w.joint)
	return used, nil
}

// allowed reports whether p (a seat or chance) may take a on s.
func (w *player) allowed(s State, p Player, a Action) error {
	if p == Chance {
		w.outs = s.ChanceOutcomes(w.outs[:0])
		for _, o := range w.outs {
			if o.Action == a && o.Prob > 0 {
				return nil
			}
		}
		return fmt.Errorf("chance cannot give %d here", a)
	}
	w.legal = s.LegalActions(p, w.legal[:0])
	if !slices.Contains(w.legal, a) {
		return fmt.Errorf("%v may not take action %d here", p, a)
	}
	return nil
}

// Record is a game read back from its log: the header that opens it and
// the moves its move events name, in order, for PlayMoves.
type Record struct {
	Header *Header
	Moves  []PlayerAction
	// Lines are where each move stands in the log (the caller's count),
	// for messages.
	Lines []int
}

// Add reads the log's next event: the first must be the header; move
// events give the moves; every other event is what the moves caused,
// which playing them again logs anew.
func (r *Record) Add(e Event, line int) error {
	switch {
	case r.Header == nil && e.Header == nil:
		return fmt.Errorf("the log does not open with its header (kind header)")
	case e.Header != nil:
		if r.Header != nil {
			return fmt.Errorf("a second header")
		}
		r.Header = e.Header
	case e.Kind == ActionKind:
		if e.Action == nil {
			return fmt.Errorf("a move event without its action")
		}
		p := Player(e.Player)
		if e.Player < 0 {
			p = Chance
		}
		r.Moves = append(r.Moves, PlayerAction{Player: p, Action: Action(*e.Action)})
		r.Lines = append(r.Lines, line)
	}
	return nil
}
