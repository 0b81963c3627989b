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
// declare, a replay that differs, a move count (MoveNumber) that is not
// the number of moves applied, a history that is not the moves applied
// or does not replay the same game, or a RandomPlayer that plays other
// moves than the generic calls. It runs CheckInfo first.
func RandomPlayouts(t testing.TB, g engine.Game, players, games int, seed uint64) {
	t.Helper()
	CheckInfo(t, g)
	for i := 0; i < games; i++ {
		gameSeed := engine.GameSeed(seed, i)
		if err := playout(g, players, gameSeed); err != nil {
			t.Fatalf("%d players, seed %d: %v", players, gameSeed, err)
		}
		if i == 0 {
			if err := checkReplay(g, players, gameSeed); err != nil {
				t.Fatalf("%d players, seed %d: %v", players, gameSeed, err)
			}
		}
		if err := randomPlayerAgrees(g, players, gameSeed); err != nil {
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
		t.Errorf("Info declares dynamics %d (%d: simultaneous moves) but DoApplyJoint implemented is %v", info.Dynamics, engine.SimultaneousMoves, joint)
	}
}

// playout plays one game at random from seed and holds every move to the
// State contract (see RandomPlayouts). It keeps the state's history, which
// must hold exactly the moves it applied, and counts them: MoveNumber
// must be that count after every move.
func playout(g engine.Game, players int, seed uint64) error {
	p := randomPlay{r: engine.NewRand(seed)}
	var history engine.History
	s := g.NewState(players, engine.StateOptions{History: &history})
	if s.MoveNumber() != 0 {
		return fmt.Errorf("a new state is at move %d", s.MoveNumber())
	}
	var scratch engine.State
	max := g.Info().MaxMoves
	for !s.IsTerminal() {
		if s.MoveNumber() > max {
			return fmt.Errorf("no end after %d moves", max)
		}
		clone, err := cloneBeforeMove(s, scratch)
		if err != nil {
			return err
		}
		m, err := p.choose(s, players)
		if err == nil {
			err = p.apply(s, m)
		}
		if err == nil {
			err = follow(clone, s, m)
		}
		if err != nil {
			return err
		}
		scratch = clone
	}
	if !slices.Equal(history.Moves, p.applied) {
		return fmt.Errorf("the history holds %d entries, not the %d actions applied (%v, not %v)",
			len(history.Moves), len(p.applied), history.Moves, p.applied)
	}
	return checkEnd(g, s, players)
}

// randomPlay chooses moves at random for playout and notes those applied.
type randomPlay struct {
	r     *engine.Rand
	legal []engine.Action
	outs  []engine.Outcome
	// moves counts the moves applied; applied lists them as a History does.
	moves   int
	applied []engine.PlayerAction
}

// randomMove is one move of a playout: an action, or at a simultaneous
// node one per seat (joint).
type randomMove struct {
	action engine.Action
	joint  []engine.Action
}

func (m randomMove) applyTo(s engine.State) {
	if m.joint != nil {
		engine.ApplyJoint(s, m.joint)
		return
	}
	engine.Apply(s, m.action)
}

// choose picks the next move of s at random, checking the legal actions
// and chance outcomes it picks from.
func (p *randomPlay) choose(s engine.State, players int) (randomMove, error) {
	switch cur := s.CurrentPlayer(); cur {
	case engine.Chance:
		a, err := p.chance(s)
		return randomMove{action: a}, err
	case engine.Simultaneous:
		joint := make([]engine.Action, players)
		for seat := range joint {
			p.legal = s.LegalActions(engine.Player(seat), p.legal[:0])
			if err := sortedUnique(p.legal); err != nil {
				return randomMove{}, err
			}
			joint[seat] = engine.NoAction
			if len(p.legal) > 0 {
				joint[seat] = p.legal[p.r.Intn(len(p.legal))]
			}
		}
		return randomMove{joint: joint}, nil
	default:
		p.legal = s.LegalActions(cur, p.legal[:0])
		if len(p.legal) == 0 {
			return randomMove{}, fmt.Errorf("%v has no legal action", cur)
		}
		if err := sortedUnique(p.legal); err != nil {
			return randomMove{}, err
		}
		return randomMove{action: p.legal[p.r.Intn(len(p.legal))]}, nil
	}
}

// chance draws a chance action: outcomes sorted, unique and adding up to
// one, and the state's own sampler, if any, drawing among them.
func (p *randomPlay) chance(s engine.State) (engine.Action, error) {
	p.outs = s.ChanceOutcomes(p.outs[:0])
	sum := 0.0
	for i, o := range p.outs {
		sum += o.Prob
		if o.Prob <= 0 || (i > 0 && o.Action <= p.outs[i-1].Action) {
			return 0, fmt.Errorf("chance outcomes not sorted, unique and positive: %v", p.outs)
		}
	}
	if math.Abs(sum-1) > 1e-9 {
		return 0, fmt.Errorf("chance probabilities add up to %v", sum)
	}
	a := engine.SampleOutcome(p.outs, p.r)
	if cs, ok := s.(engine.ChanceSampler); ok {
		a = cs.SampleChance(p.r)
		if !slices.ContainsFunc(p.outs, func(o engine.Outcome) bool { return o.Action == a }) {
			return 0, fmt.Errorf("SampleChance gave %d, not among %v", a, p.outs)
		}
	}
	return a, nil
}

// apply plays m on s, which must then count one move more and hold its
// invariants.
func (p *randomPlay) apply(s engine.State, m randomMove) error {
	if m.joint != nil {
		for seat, a := range m.joint {
			p.applied = append(p.applied, engine.PlayerAction{Player: engine.Player(seat), Action: a})
		}
	} else {
		p.applied = append(p.applied, engine.PlayerAction{Player: s.CurrentPlayer(), Action: m.action})
	}
	m.applyTo(s)
	if p.moves++; s.MoveNumber() != p.moves {
		return fmt.Errorf("MoveNumber is %d after %d moves applied", s.MoveNumber(), p.moves)
	}
	if ic, ok := s.(engine.InvariantChecker); ok {
		if err := ic.CheckInvariants(); err != nil {
			return fmt.Errorf("move %d: %v", s.MoveNumber(), err)
		}
	}
	return nil
}

// cloneBeforeMove is a copy of s that must follow it through the next
// move: a new clone, or (every other move) one copied into the last
// move's, which must leave nothing of it behind (compared in full now and
// then: reflection over a whole state is slow).
func cloneBeforeMove(s, scratch engine.State) (engine.State, error) {
	clone := engine.Clone(s)
	into := s.CloneInto(scratch)
	if s.MoveNumber()%32 == 0 && !reflect.DeepEqual(into, clone) {
		return nil, fmt.Errorf("move %d: CloneInto a used state differs from a new clone", s.MoveNumber())
	}
	if s.MoveNumber()%2 == 1 {
		clone = into
	}
	return clone, nil
}

// follow plays m, the move s just made, on clone, a copy of s before it:
// the two must agree again.
func follow(clone, s engine.State, m randomMove) error {
	m.applyTo(clone)
	if clone.MoveNumber() != s.MoveNumber() || clone.CurrentPlayer() != s.CurrentPlayer() || clone.IsTerminal() != s.IsTerminal() {
		return fmt.Errorf("move %d: clone diverged", s.MoveNumber())
	}
	return nil
}

// checkEnd holds a finished game to its Info and the returns to their
// range: one win at most, shared.
func checkEnd(g engine.Game, s engine.State, players int) error {
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

// randomPlayerAgrees plays one game twice from seed, when g's states are
// engine.RandomPlayers: by PlayRandomly, limited to a random number of
// moves at a time, and by the generic calls with the same random numbers
// (a seat's legal[r.Intn(len(legal))], a chance move as MCTSBot draws
// it); after each stretch
// both must be at the same move, node and legal actions, look the same to
// every seat (engine.Observer) and, at the end, return the same.
func randomPlayerAgrees(g engine.Game, players int, seed uint64) error {
	a, b := g.NewState(players, engine.StateOptions{}), g.NewState(players, engine.StateOptions{})
	rp, ok := a.(engine.RandomPlayer)
	if !ok {
		return nil
	}
	ra, rb, stretch := engine.NewRand(seed), engine.NewRand(seed), engine.NewRand(seed^0x5eed)
	max := g.Info().MaxMoves
	for !a.IsTerminal() {
		if a.MoveNumber() > max {
			return fmt.Errorf("no end after %d moves", max)
		}
		limit := 1 + stretch.Intn(40)
		n := rp.PlayRandomly(ra, limit)
		switch {
		case n > limit || n < 0:
			return fmt.Errorf("PlayRandomly(%d) made %d moves", limit, n)
		case n < limit && !a.IsTerminal() && a.CurrentPlayer() != engine.Simultaneous:
			return fmt.Errorf("PlayRandomly(%d) stopped after %d moves at %v's move", limit, n, a.CurrentPlayer())
		}
		for range n {
			genericRandomMove(b, rb)
		}
		if n == 0 && !a.IsTerminal() {
			genericRandomMove(a, ra)
			genericRandomMove(b, rb)
		}
		if err := sameState(a, b, players); err != nil {
			return fmt.Errorf("move %d, after PlayRandomly(%d) made %d: %v", b.MoveNumber(), limit, n, err)
		}
	}
	return nil
}

// genericRandomMove is one move of a search's random play-out through
// the generic calls (MCTSBot's, without a RandomPlayer): RandomStep, but
// a chance move drawn as the search draws it, by a ChanceSampler's own
// sampling where the state has one.
func genericRandomMove(s engine.State, r *engine.Rand) {
	if cs, ok := s.(engine.ChanceSampler); ok && s.CurrentPlayer() == engine.Chance {
		engine.Apply(s, cs.SampleChance(r))
		return
	}
	RandomStep(s, r)
}

// sameState says how a and b differ in what the State interfaces show.
func sameState(a, b engine.State, players int) error {
	if a.MoveNumber() != b.MoveNumber() || a.CurrentPlayer() != b.CurrentPlayer() || a.IsTerminal() != b.IsTerminal() {
		return fmt.Errorf("at move %d, %v to move (over: %v), not move %d, %v (over: %v)",
			a.MoveNumber(), a.CurrentPlayer(), a.IsTerminal(), b.MoveNumber(), b.CurrentPlayer(), b.IsTerminal())
	}
	for p := range players {
		if la, lb := a.LegalActions(engine.Player(p), nil), b.LegalActions(engine.Player(p), nil); !slices.Equal(la, lb) {
			return fmt.Errorf("seat %d's legal actions %v, not %v", p, la, lb)
		}
		if o, ok := a.(engine.Observer); ok {
			if oa, ob := o.Observation(engine.Player(p), nil), b.(engine.Observer).Observation(engine.Player(p), nil); !slices.Equal(oa, ob) {
				return fmt.Errorf("seat %d sees another state", p)
			}
		}
	}
	if a.IsTerminal() && !slices.Equal(a.Returns(nil), b.Returns(nil)) {
		return fmt.Errorf("returns %v, not %v", a.Returns(nil), b.Returns(nil))
	}
	return nil
}
