package enginetest

import (
	"errors"
	"fmt"

	"github.com/cardpress/cardpress/engine"
)

// Toy is a tiny race game for testing the core and the generic checks.
// Each round a die (chance, 1-3) is rolled for every seat in turn, then all
// seats secretly play one of two cards (simultaneous); the first to reach
// Goal wins. Card 0 ("add-one", action 1) adds one more when Dominant is
// set, which makes card 1 ("stay", action 0) never worth choosing; otherwise
// the two are equal. Faults switch on the failures the linter must catch.
type Toy struct {
	Goal      int
	Cards     int  // distinct "cards": action 1 counts as playing card 0, action 0 card 1
	NeverEnds bool // the die always rolls 0 and nobody may add
	PanicAt   int  // panic when a seat reaches this total (0: never)
	BreakAt   int  // break the invariant at this total (0: never)
	Favoured  int  // this seat (1-based) gets +1 on every roll (0: none)
	Dominant  bool // card 0 is strictly better than card 1
	// Alarms are returned by Info as they are; the counters are "rolls"
	// (every die roll) and "ties" (games won by more than one seat).
	Alarms []engine.Alarm
}

func (t *Toy) Info() engine.Info {
	return engine.Info{ID: "toy", MinPlayers: 2, MaxPlayers: 4, MaxMoves: 400, Cards: max(t.Cards, 2),
		Counters: []string{"rolls", "ties"}, EndCauses: []string{"goal reached"}, Alarms: t.Alarms,
		Dynamics: engine.SimultaneousMoves, Information: engine.PerfectInformation}
}

func (t *Toy) NewState(players int, opts engine.StateOptions) engine.State {
	return &toyState{t: t, Base: engine.NewBase(players, opts)}
}

func (t *Toy) CardRules(int) []engine.RulesLine { return nil }
func (t *Toy) Facts() map[string]any            { return map[string]any{"goal": t.Goal} }

type toyState struct {
	engine.Base
	t      *Toy
	seat   int // next seat to roll for; N means the choice node
	score  [engine.MaxPlayers]int
	done   bool
	broken bool
}

func (s *toyState) IsTerminal() bool                        { return s.done }
func (s *toyState) CloneInto(dst engine.State) engine.State { return engine.CloneState(s, dst) }

func (s *toyState) CurrentPlayer() engine.Player {
	switch {
	case s.done:
		return engine.Terminal
	case s.seat < s.N:
		return engine.Chance
	}
	return engine.Simultaneous
}

func (s *toyState) LegalActions(p engine.Player, buf []engine.Action) []engine.Action {
	if p < 0 || s.done || s.seat < s.N {
		return buf
	}
	if s.t.NeverEnds {
		return append(buf, 0)
	}
	return append(buf, 0, 1)
}

func (s *toyState) ChanceOutcomes(buf []engine.Outcome) []engine.Outcome {
	if s.t.NeverEnds {
		return append(buf, engine.Outcome{Action: 0, Prob: 1})
	}
	return engine.Uniform(buf, 1, 3)
}

func (s *toyState) DoApply(a engine.Action) {
	bonus := 0
	if s.seat == s.t.Favoured-1 {
		bonus = 1
	}
	s.add(s.seat, int(a)+bonus)
	s.Tally.Count(0, 1)
	s.seat++
}

func (s *toyState) DoApplyJoint(actions []engine.Action) {
	for p, a := range actions {
		if s.Tally != nil {
			// Action 1 plays card 0 and action 0 card 1.
			held := engine.SetOf(0, 1)
			s.Tally.Choice(&held, int(1-a))
		}
		if s.t.Dominant {
			s.add(p, int(a))
		}
	}
	s.seat = 0
	// The race is decided at the end of a round, so no seat is favoured by
	// rolling first: the highest total at or past Goal wins, ties share.
	best := 0
	for p := 0; p < s.N; p++ {
		best = max(best, s.score[p])
	}
	if s.done = best >= s.t.Goal; !s.done {
		return
	}
	var won engine.Seats
	for p := range s.N {
		if s.score[p] == best {
			won = won.With(p)
		}
	}
	s.ShareWin(won)
	s.Cause = "goal reached"
	if won.Len() > 1 {
		s.Tally.Count(1, 1)
	}
}

func (s *toyState) add(p, k int) {
	s.score[p] += k
	s.Emit("add", p, "at %d", s.score[p])
	if s.t.PanicAt > 0 && s.score[p] >= s.t.PanicAt {
		panic("toy: reached the panic total")
	}
	if s.t.BreakAt > 0 && s.score[p] >= s.t.BreakAt {
		s.broken = true
	}
}

func (s *toyState) CheckInvariants() error {
	if s.broken {
		return errors.New("toy invariant broken")
	}
	return nil
}

// Evaluate is the seat's total, and a win outweighs any total.
func (s *toyState) Evaluate(p engine.Player) float64 {
	return float64(s.score[p]) + 1000*s.Won[p]
}

func (s *toyState) ActionString(p engine.Player, a engine.Action) string {
	return fmt.Sprintf("%v:%d", p, a)
}
