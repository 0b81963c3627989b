// Package enginetest holds the checks every game must pass, whatever its
// rules: seeded random playouts that exercise the State contract.
package enginetest

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
)

// RandomPlayouts plays games with random moves at a player count and fails
// t on any breach of the State contract: unsorted or duplicate legal
// actions, chance outcomes that do not add up, a sampler that disagrees
// with them, a clone that diverges, broken invariants, returns out of
// range, a game that does not end or ends by a cause Info does not
// declare, or a replay that differs. It runs
// CheckInfo first.
func RandomPlayouts(t testing.TB, g engine.Game, players, games int, seed uint64) {
	t.Helper()
	CheckInfo(t, g)
	for i := 0; i < games; i++ {
		gameSeed := engine.GameSeed(seed, i)
		if err := playout(g, players, gameSeed); err != nil {
			t.Fatalf("%d players, seed %d: %v", players, gameSeed, err)
		}
		a := engine.PlayGame(g, players, gameSeed, engine.PlayOptions{CheckInvariants: true})
		b := engine.PlayGame(g, players, gameSeed, engine.PlayOptions{CheckInvariants: true})
		if a.Failed() {
			t.Fatalf("%d players, seed %d: %+v", players, gameSeed, a)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%d players, seed %d: replay differs:\n%+v\n%+v", players, gameSeed, a, b)
		}
	}
}

// RandomPlayoutsAtEveryCount runs RandomPlayouts at each player count
// from g's Info, so a test covers the whole range its data declares.
func RandomPlayoutsAtEveryCount(t testing.TB, g engine.Game, games int, seed uint64) {
	t.Helper()
	info := g.Info()
	for players := info.MinPlayers; players <= info.MaxPlayers; players++ {
		RandomPlayouts(t, g, players, games, seed)
	}
}

// CheckInfo fails t when the game's Info is inconsistent: an alarm on a
// counter the game does not have, or whose code is not a warning of alarm
// scope with a purpose; no end causes, or one empty or repeated; or states that do not match the declared dynamics
// (a game with SimultaneousMoves has JointApplier states, a sequential
// one has none: it implements nothing simultaneous).
func CheckInfo(t testing.TB, g engine.Game) {
	t.Helper()
	info := g.Info()
	for _, a := range info.Alarms {
		if a.Code == nil {
			t.Errorf("alarm on %q has no code", a.Counter)
			continue
		}
		if !slices.Contains(info.Counters, a.Counter) {
			t.Errorf("alarm %s names counter %q; the counters are %v", a.Code.ID, a.Counter, info.Counters)
		}
		if a.Code.Scope != finding.Alarm || a.Code.Severity != finding.Warning || a.Code.Purpose == "" {
			t.Errorf("alarm %s needs a warning code of alarm scope with a purpose: %+v", a.Code.ID, *a.Code)
		}
	}
	if len(info.EndCauses) == 0 {
		t.Errorf("Info declares no EndCauses")
	}
	for i, c := range info.EndCauses {
		if c == "" || slices.Contains(info.EndCauses[:i], c) {
			t.Errorf("Info.EndCauses %q: an empty or repeated cause", info.EndCauses)
		}
	}
	_, joint := g.NewState(info.MinPlayers, engine.StateOptions{}).(engine.JointApplier)
	if simultaneous := info.Dynamics == engine.SimultaneousMoves; joint != simultaneous {
		t.Errorf("Info declares dynamics %d (%d: simultaneous moves) but ApplyJoint implemented is %v", info.Dynamics, engine.SimultaneousMoves, joint)
	}
}

func playout(g engine.Game, players int, seed uint64) error {
	r := engine.NewRand(seed)
	s := g.NewState(players, engine.StateOptions{})
	var legal []engine.Action
	var outs []engine.Outcome
	var scratch engine.State
	max := g.Info().MaxMoves
	for !s.IsTerminal() {
		if s.MoveNumber() > max {
			return fmt.Errorf("no end after %d moves", max)
		}
		// A clone taken here must follow the original move for move.
		clone := engine.Clone(s)
		// Copying into a used state (the last position's clone) must leave
		// nothing of it behind (compared in full now and then: reflection
		// over a whole state is slow).
		into := s.CloneInto(scratch)
		if s.MoveNumber()%32 == 0 && !reflect.DeepEqual(into, clone) {
			return fmt.Errorf("move %d: CloneInto a used state differs from a new clone", s.MoveNumber())
		}
		if s.MoveNumber()%2 == 1 {
			clone = into
		}
		var moves [][]engine.Action
		switch cur := s.CurrentPlayer(); cur {
		case engine.Chance:
			outs = s.ChanceOutcomes(outs[:0])
			sum := 0.0
			for i, o := range outs {
				sum += o.Prob
				if o.Prob <= 0 || (i > 0 && o.Action <= outs[i-1].Action) {
					return fmt.Errorf("chance outcomes not sorted, unique and positive: %v", outs)
				}
			}
			if math.Abs(sum-1) > 1e-9 {
				return fmt.Errorf("chance probabilities add up to %v", sum)
			}
			a := engine.SampleOutcome(outs, r)
			if cs, ok := s.(engine.ChanceSampler); ok {
				a = cs.SampleChance(r)
				if !slices.ContainsFunc(outs, func(o engine.Outcome) bool { return o.Action == a }) {
					return fmt.Errorf("SampleChance gave %d, not among %v", a, outs)
				}
			}
			engine.Apply(s, a)
			moves = append(moves, []engine.Action{a})
		case engine.Simultaneous:
			joint := make([]engine.Action, players)
			for p := range joint {
				legal = s.LegalActions(engine.Player(p), legal[:0])
				if err := sortedUnique(legal); err != nil {
					return err
				}
				joint[p] = engine.NoAction
				if len(legal) > 0 {
					joint[p] = legal[r.Intn(len(legal))]
				}
			}
			engine.ApplyJoint(s, joint)
			moves = append(moves, joint)
		default:
			legal = s.LegalActions(cur, legal[:0])
			if len(legal) == 0 {
				return fmt.Errorf("%v has no legal action", cur)
			}
			if err := sortedUnique(legal); err != nil {
				return err
			}
			a := legal[r.Intn(len(legal))]
			engine.Apply(s, a)
			moves = append(moves, []engine.Action{a})
		}
		if ic, ok := s.(engine.InvariantChecker); ok {
			if err := ic.CheckInvariants(); err != nil {
				return fmt.Errorf("move %d: %v", s.MoveNumber(), err)
			}
		}
		for _, m := range moves {
			if len(m) == 1 && clone.CurrentPlayer() != engine.Simultaneous {
				engine.Apply(clone, m[0])
			} else {
				engine.ApplyJoint(clone, m)
			}
		}
		if clone.MoveNumber() != s.MoveNumber() || clone.CurrentPlayer() != s.CurrentPlayer() || clone.IsTerminal() != s.IsTerminal() {
			return fmt.Errorf("move %d: clone diverged", s.MoveNumber())
		}
		scratch = clone
	}
	if e, ok := s.(engine.Ender); ok {
		if cause := e.EndCause(); cause != "" && !slices.Contains(g.Info().EndCauses, cause) {
			return fmt.Errorf("the game ended by %q, which Info.EndCauses %q does not declare", cause, g.Info().EndCauses)
		}
	}
	ret := s.Returns(nil)
	if len(ret) != players {
		return fmt.Errorf("%d returns for %d players", len(ret), players)
	}
	sum := 0.0
	for _, v := range ret {
		if v < 0 || v > 1 {
			return fmt.Errorf("return %v out of [0, 1]", v)
		}
		sum += v
	}
	if sum > 1+1e-9 {
		return fmt.Errorf("returns %v add up to more than one win", ret)
	}
	return nil
}

func sortedUnique(a []engine.Action) error {
	for i := 1; i < len(a); i++ {
		if a[i] <= a[i-1] {
			return fmt.Errorf("legal actions not sorted and unique: %v", a)
		}
	}
	return nil
}
