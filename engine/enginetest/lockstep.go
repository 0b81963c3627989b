package enginetest

import (
	"fmt"
	"io/fs"
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// LoadWithRules loads the game of engine id in dir, validated with the
// engine's schemas; it fails t unless the game loads with its rules file.
func LoadWithRules(t testing.TB, dir, id string, schemas fs.FS) *gamedata.Data {
	t.Helper()
	d, found := gamedata.Load(dir, func(engine string) (fs.FS, bool) { return schemas, engine == id })
	if errs, _ := finding.Count(found); errs > 0 || d == nil || d.Rules == nil {
		t.Fatalf("%s does not load with its rules file: %v", dir, found)
	}
	return d
}

// PlaySeeds plays seeds 1 to games at each player count from lo to hi
// (one game each, by play) and fails t at the first difference play finds.
func PlaySeeds(t testing.TB, lo, hi, games int, play func(players int, seed uint64) error) {
	t.Helper()
	for players := lo; players <= hi; players++ {
		for seed := uint64(1); seed <= uint64(games); seed++ {
			if err := play(players, seed); err != nil {
				t.Fatalf("%d players, seed %d: %v", players, seed, err)
			}
		}
	}
}

// Lockstep holds a game written twice, a Go engine's and the rules file's,
// to the same play: Play drives both states by one random stream and
// returns the first move where they differ. Every hook is optional.
type Lockstep struct {
	Go, Rules engine.State
	// Name is the Go engine's, for messages ("engine/heat").
	Name string
	// Action is the rules file's action for the Go engine's x at a single
	// seat's decision; nil: the same action.
	Action func(x engine.Action) engine.Action
	// Outcomes checks that the chance outcomes stand for the same ones,
	// position by position; nil: they are equal.
	Outcomes func(goOut, rulesOut []engine.Outcome) error
	// Where says, for messages, where in its game the Go state is
	// (" (phase 3)").
	Where func() string
	// AfterMove compares the two states after each move; End compares them
	// at the end, before the returns.
	AfterMove, End func() error
}

// Play plays one game of players seats from seed on both states: each
// chance move and decision picks one position in the Go engine's list,
// and both states play the entry at that position.
func (l Lockstep) Play(players int, seed uint64) error {
	a, b, r := l.Go, l.Rules, engine.NewRand(seed)
	var ls lockstepBuffers
	for !a.IsTerminal() {
		if b.IsTerminal() {
			return fmt.Errorf("move %d%s: the rules file's game is over (%s), %s's is not", a.MoveNumber(), l.where(), b.(engine.Ender).EndCause(), l.Name)
		}
		if err := l.move(players, r, &ls); err != nil {
			return err
		}
		if a.MoveNumber() != b.MoveNumber() {
			return fmt.Errorf("move counts differ: %d and %d", a.MoveNumber(), b.MoveNumber())
		}
		if err := call(l.AfterMove); err != nil {
			return fmt.Errorf("after move %d: %v", a.MoveNumber(), err)
		}
	}
	if !b.IsTerminal() {
		return fmt.Errorf("%s's game is over after move %d, the rules file's is not", l.Name, a.MoveNumber())
	}
	if ca, cb := a.(engine.Ender).EndCause(), b.(engine.Ender).EndCause(); ca != cb {
		return fmt.Errorf("the game ends by %q in %s, by %q in the rules file", ca, l.Name, cb)
	}
	if err := call(l.End); err != nil {
		return fmt.Errorf("at the end: %v", err)
	}
	if ra, rb := a.Returns(nil), b.Returns(nil); !slices.Equal(ra, rb) {
		return fmt.Errorf("returns differ: %v and %v", ra, rb)
	}
	return nil
}

// lockstepBuffers are the lists Play reuses from move to move.
type lockstepBuffers struct {
	la, lb []engine.Action
	oa, ob []engine.Outcome
}

// move plays the next move on both states, having checked that both offer
// the same choice.
func (l Lockstep) move(players int, r *engine.Rand, ls *lockstepBuffers) error {
	a, b := l.Go, l.Rules
	pa, pb := a.CurrentPlayer(), b.CurrentPlayer()
	if pa != pb {
		return fmt.Errorf("move %d%s: %s to move in %s, %s in the rules file", a.MoveNumber(), l.where(), pa, l.Name, pb)
	}
	switch pa {
	case engine.Chance:
		ls.oa, ls.ob = a.ChanceOutcomes(ls.oa[:0]), b.ChanceOutcomes(ls.ob[:0])
		if err := l.sameOutcomes(ls.oa, ls.ob); err != nil {
			return fmt.Errorf("move %d%s: %v", a.MoveNumber(), l.where(), err)
		}
		x := engine.SampleOutcome(ls.oa, r)
		k := slices.IndexFunc(ls.oa, func(o engine.Outcome) bool { return o.Action == x })
		engine.Apply(a, ls.oa[k].Action)
		engine.Apply(b, ls.ob[k].Action)
	case engine.Simultaneous:
		joint := make([]engine.Action, players)
		for p := range players {
			ls.la, ls.lb = a.LegalActions(engine.Player(p), ls.la[:0]), b.LegalActions(engine.Player(p), ls.lb[:0])
			if !slices.Equal(ls.la, ls.lb) {
				return fmt.Errorf("move %d: seat %d's legal actions differ: %v and %v", a.MoveNumber(), p+1, ls.la, ls.lb)
			}
			joint[p] = engine.NoAction
			if len(ls.la) > 0 {
				joint[p] = ls.la[r.Intn(len(ls.la))]
			}
		}
		engine.ApplyJoint(a, joint)
		engine.ApplyJoint(b, joint)
	default:
		ls.la, ls.lb = a.LegalActions(pa, ls.la[:0]), b.LegalActions(pb, ls.lb[:0])
		want := make([]engine.Action, len(ls.la))
		for i, x := range ls.la {
			want[i] = l.rulesAction(x)
		}
		if !slices.Equal(want, ls.lb) {
			return fmt.Errorf("move %d%s: seat %d's actions differ: %s's %v are %v in the rules file, which offers %v", a.MoveNumber(), l.where(), pa+1, l.Name, ls.la, want, ls.lb)
		}
		k := r.Intn(len(ls.la))
		engine.Apply(a, ls.la[k])
		engine.Apply(b, want[k])
	}
	return nil
}

func (l Lockstep) sameOutcomes(oa, ob []engine.Outcome) error {
	if l.Outcomes != nil {
		return l.Outcomes(oa, ob)
	}
	if !slices.Equal(oa, ob) {
		return fmt.Errorf("chance outcomes differ:\n%v\n%v", oa, ob)
	}
	return nil
}

func (l Lockstep) rulesAction(x engine.Action) engine.Action {
	if l.Action == nil {
		return x
	}
	return l.Action(x)
}

func (l Lockstep) where() string {
	if l.Where == nil {
		return ""
	}
	return l.Where()
}

func call(check func() error) error {
	if check == nil {
		return nil
	}
	return check()
}
