package heat

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/engine/rules"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/testutil"
)

// TestRulesFilePlaysTheSameGame holds cards/heat/rules.yaml, HEAT written
// in the rules language and played by the generic engine, to engine/heat
// move for move: from seeds 1-1,000 at 3, 4 and 5 players, driven in
// lockstep by one random stream, both engines offer the same legal
// actions and chance outcomes at every move, and end after the same moves
// with the same money and Heat per seat and the same winners.
func TestRulesFilePlaysTheSameGame(t *testing.T) {
	goGame, dataGame := bothEngines(t)
	games := 1000
	if testing.Short() {
		games = 100
	}
	enginetest.PlaySeeds(t, 3, 5, games, func(players int, seed uint64) error {
		return lockstep(goGame, dataGame, players, seed)
	})
}

// bothEngines builds the shipped HEAT with engine/heat and with its rules
// file.
func bothEngines(t *testing.T) (*Game, *rules.Game) {
	t.Helper()
	d := shippedWithRules(t)
	return enginetest.MustBuild(t, Build, d), enginetest.MustBuild(t, rules.Build, d)
}

// shippedWithRules is cards/heat, loaded with its rules file.
func shippedWithRules(t testing.TB) *gamedata.Data {
	t.Helper()
	return enginetest.LoadWithRules(t, filepath.Join(testutil.RepoRoot(), "cards", "heat"), "heat", schemas)
}

// lockstep plays one game on both engines with the same random choices;
// at the end each seat has the same money and Heat in both.
func lockstep(goGame *Game, dataGame *rules.Game, players int, seed uint64) error {
	a := goGame.NewState(players, engine.StateOptions{})
	b := dataGame.NewState(players, engine.StateOptions{})
	s := a.(*state)
	sameMoneyAndHeat := func() error {
		for p := range players {
			money, _ := dataGame.Value(b, "money", p)
			heat, _ := dataGame.Value(b, "heat", p)
			if int(money) != s.money[p] || int(heat) != s.heat.Held[p] {
				return fmt.Errorf("seat %d ends with $%d and %d Heat in engine/heat, $%d and %d in the rules file", p+1, s.money[p], s.heat.Held[p], money, heat)
			}
		}
		return nil
	}
	// HEAT's seats choose together: a single seat to move is a bug of either.
	onlyJointDecisions := func() error {
		if p := a.CurrentPlayer(); p >= 0 {
			return fmt.Errorf("move %d: HEAT has no single-seat decisions, got %s", a.MoveNumber(), p)
		}
		return nil
	}
	return enginetest.Lockstep{Go: a, Rules: b, Name: "engine/heat", AfterMove: onlyJointDecisions, End: sameMoneyAndHeat}.Play(players, seed)
}

// TestRulesFilePrintsTheSameCards: the card texts the rules file prints
// from its effects (print:) are engine/heat's, word for word, so a card
// says what both engines do.
func TestRulesFilePrintsTheSameCards(t *testing.T) {
	goGame, dataGame := bothEngines(t)
	for i, c := range goGame.cards {
		if got, want := dataGame.CardRules(i), goGame.CardRules(i); !slices.Equal(got, want) {
			t.Errorf("%s prints\n%q\nfrom rules.yaml, engine/heat prints\n%q", c.id, got, want)
		}
	}
}

// TestRulesFileFacts: the reference sheet's derived numbers the rules file
// works out (facts:) are engine/heat's.
func TestRulesFileFacts(t *testing.T) {
	goGame, dataGame := bothEngines(t)
	want, got := goGame.Facts(), dataGame.Facts()
	for _, name := range []string{"hand_size", "heat_tokens", "arrest_limit"} {
		if got[name] != want[name] {
			t.Errorf("fact %s: %v from rules.yaml, %v from engine/heat", name, got[name], want[name])
		}
	}
}

// The rules file's game keeps the State contract and its bots decide from
// what their seat sees, as engine/heat's do.
func TestRulesFileIsFair(t *testing.T) {
	_, dataGame := bothEngines(t)
	enginetest.CheckInfo(t, dataGame)
	for n := 3; n <= 5; n++ {
		enginetest.RandomPlayouts(t, dataGame, n, 20, 5)
		enginetest.FairBots(t, dataGame, n, 10, 3)
	}
}

// TestRulesFileFingerprint: a faster rules.yaml (or rules engine) must
// play the very same games: seat wins, moves, end causes and counters of
// random and heuristic games at every player count hash as they did
// (taken before the issue 36 rewrites). Only the games are hashed, not
// the log: the log shows every set of the file's working values, which a
// rewrite may use otherwise for the same game.
func TestRulesFileFingerprint(t *testing.T) {
	dataGame, found := rules.Build(shippedWithRules(t))
	if dataGame == nil {
		t.Fatalf("rules.yaml does not build: %v", found)
	}
	enginetest.SameGames(t, dataGame, 0, 100, "d8c742995d5f0d8b")
}
