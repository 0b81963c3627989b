package mice

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/engine/rules"
	"github.com/cardpress/cardpress/internal/testutil"
)

// TestRulesFilePlaysTheSameGame holds cards/mice/rules.yaml, Mice Heist
// written in the rules language and played by the generic engine, to
// engine/mice move for move: from seeds 1-1,000 at every player count,
// driven in lockstep by one random stream, both engines offer the same
// decisions (the same legal actions, read through the file's encoding of
// engine/mice's) and the same chance outcomes with the same odds at every
// move, and end after the same moves, by the same cause, with the same
// cheese, food and track spaces per seat and the same winners.
func TestRulesFilePlaysTheSameGame(t *testing.T) {
	goGame, dataGame := bothEngines(t)
	games := 1000
	if testing.Short() {
		games = 100
	}
	enginetest.PlaySeeds(t, 2, 6, games, func(players int, seed uint64) error {
		return lockstep(goGame, dataGame, players, seed)
	})
}

// Other parameters (a short track that overflows, fewer skill and market
// slots, more chips drawn, a supply that runs out) play the same games
// too: the paths the defaults rarely take (a skill returned, a marker past
// the end, cheese short) are taken often.
func TestRulesFilePlaysTheSameGameWithOtherParameters(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mice")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(testutil.RepoRoot(), "cards", "mice"))); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "game.yaml")
	data, _ := os.ReadFile(path)
	text := string(data)
	for name, values := range map[string][2]string{
		"track_length": {"20", "8"}, "skill_limit": {"6", "4"}, "market_size": {"4", "2"}, "chips_drawn": {"2", "3"},
		"starting_cheese": {"3", "5"}, "failure_obstacle_cheese": {"1", "2"}, "cheese_total": {"40", "24"},
	} {
		old := name + ":\n    default: " + values[0] + "\n"
		if !strings.Contains(text, old) {
			t.Fatalf("game.yaml has no %q", old)
		}
		text = strings.Replace(text, old, name+":\n    default: "+values[1]+"\n", 1)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	goGame, dataGame := bothEnginesIn(t, dir)
	enginetest.PlaySeeds(t, 2, 6, 100, func(players int, seed uint64) error {
		return lockstep(goGame, dataGame, players, seed)
	})
}

// bothEngines builds the shipped Mice Heist with engine/mice and with its
// rules file.
func bothEngines(t testing.TB) (*Game, *rules.Game) {
	t.Helper()
	return bothEnginesIn(t, filepath.Join(testutil.RepoRoot(), "cards", "mice"))
}

// bothEnginesIn builds the Mice Heist in dir with both engines.
func bothEnginesIn(t testing.TB, dir string) (*Game, *rules.Game) {
	t.Helper()
	d := enginetest.LoadWithRules(t, dir, "mice", schemas)
	return enginetest.MustBuild(t, Build, d), enginetest.MustBuild(t, rules.Build, d)
}

// lockstep plays one game on both engines with the same random choices,
// comparing the tables after every move; at the end each seat has the
// same food in both.
func lockstep(goGame *Game, dataGame *rules.Game, players int, seed uint64) error {
	a := goGame.NewState(players, engine.StateOptions{})
	b := dataGame.NewState(players, engine.StateOptions{})
	s := a.(*state)
	sameFood := func() error {
		for p := range players {
			food, _ := dataGame.Value(b, "food", p)
			if int(food) != s.food[p] {
				return fmt.Errorf("seat %d ends with %d food in engine/mice, %d in the rules file", p+1, s.food[p], food)
			}
		}
		return sameTable(s, dataGame, b)
	}
	return enginetest.Lockstep{
		Go: a, Rules: b, Name: "engine/mice",
		Action:    s.rulesAction,
		Outcomes:  func(oa, ob []engine.Outcome) error { return sameOutcomes(s, oa, ob) },
		Where:     func() string { return fmt.Sprintf(" (phase %d)", s.ph) },
		AfterMove: func() error { return sameTable(s, dataGame, b) },
		End:       sameFood,
	}.Play(players, seed)
}

// rulesAction is engine/mice's action x at the state's decision as the
// rules file encodes it: a job is its top obstacle's card; stop, a skill
// slot and a market slot are the same numbers; a skill returned is its
// slot from 0.
func (s *state) rulesAction(x engine.Action) engine.Action {
	switch s.ph {
	case phSelect:
		j := int(x - actFirst)
		return engine.Action(s.stack[j][s.top[j]])
	case phDiscard:
		return x - actFirst
	}
	return x
}

// sameOutcomes: the same chance outcomes with the same odds, in the same
// order. A card dealt is the same card; a die of the rules file stands
// for engine/mice's starting seat (side k: seat k), chip (side k: the
// k-th chip in the bag) and side (side k: side k-1).
func sameOutcomes(s *state, oa, ob []engine.Outcome) error {
	if len(oa) != len(ob) {
		return fmt.Errorf("%d chance outcomes in engine/mice, %d in the rules file:\n%v\n%v", len(oa), len(ob), oa, ob)
	}
	for i := range oa {
		want := oa[i].Action
		if s.ph != phDeal {
			want = engine.Action(i + 1)
		}
		if oa[i].Prob != ob[i].Prob || ob[i].Action != want {
			return fmt.Errorf("chance outcomes differ:\n%v\n%v", oa, ob)
		}
	}
	return nil
}

// sameTable compares what the rules file keeps with engine/mice's state:
// the supply, each seat's cheese, skill slots and track spaces, each
// chip's place and side, and each job's cheese.
func sameTable(s *state, g *rules.Game, b engine.State) error {
	val := func(name string, seat int) int {
		v, _ := g.Value(b, name, seat)
		return int(v)
	}
	item := func(name string, seat, i int) int {
		v, _ := g.Element(b, name, seat, i)
		return int(v)
	}
	if got := val("supply", 0); got != s.supply {
		return fmt.Errorf("supply %d in engine/mice, %d in the rules file", s.supply, got)
	}
	for p := range s.N {
		if got := val("stash", p); got != s.stash[p] {
			return fmt.Errorf("seat %d's stash %d in engine/mice, %d in the rules file", p+1, s.stash[p], got)
		}
		if got := val("nskill", p); got != s.nskill[p] {
			return fmt.Errorf("seat %d has %d skills in engine/mice, %d in the rules file", p+1, s.nskill[p], got)
		}
		for i := range s.nskill[p] {
			if c, cov := item("skill", p, i), item("covered", p, i) == 1; c != int(s.skill[p][i]) || cov != (s.covered[p][i] != 0) {
				return fmt.Errorf("seat %d's skill slot %d: card %d (covered %v) in engine/mice, %d (%v) in the rules file", p+1, i, s.skill[p][i], s.covered[p][i], c, cov)
			}
		}
		for j := range s.g.jobs {
			if got := item("pos", p, j); got != s.tracks[j].Pos(p) {
				return fmt.Errorf("seat %d on job %s's track: space %d in engine/mice, %d in the rules file", p+1, s.g.jobs[j], s.tracks[j].Pos(p), got)
			}
		}
	}
	for i := range s.chips.Len() {
		// A chip's side counts while it is out of the bag.
		at, up := item("chip_at", -1, i), item("up", -1, i)
		if at != s.chips.Where(i) || at != chipInBag && up != s.chips.Side(i) {
			return fmt.Errorf("chip %d: place %d side %d in engine/mice, %d and %d in the rules file", i, s.chips.Where(i), s.chips.Side(i), at, up)
		}
	}
	for j := range s.g.jobs {
		if got := item("cheese", -1, j); got != s.cheese[j] {
			return fmt.Errorf("job %s's cheese %d in engine/mice, %d in the rules file", s.g.jobs[j], s.cheese[j], got)
		}
	}
	return nil
}

// The rules file's game keeps the State contract and its bots decide from
// what their seat sees, as engine/mice's do.
func TestRulesFileIsFair(t *testing.T) {
	_, dataGame := bothEngines(t)
	enginetest.CheckInfo(t, dataGame)
	for n := 2; n <= 6; n++ {
		enginetest.RandomPlayouts(t, dataGame, n, 10, 5)
		enginetest.FairBots(t, dataGame, n, 10, 3)
	}
}

// TestRulesFileFingerprint: a faster rules.yaml (or rules engine) must
// play the very same games: seat wins, moves, end causes and counters of
// random and heuristic games at every player count hash as they did
// (taken before the issue 36 rewrites). Only the games are hashed, not
// the log: the log shows every set of the file's working values (i, k,
// space), which a rewrite may use otherwise for the same game.
func TestRulesFileFingerprint(t *testing.T) {
	_, dataGame := bothEngines(t)
	enginetest.SameGames(t, dataGame, 0, 100, "b192ef02f1a9d701")
}
