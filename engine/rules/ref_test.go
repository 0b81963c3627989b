package rules_test

import (
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/engine/rules"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"

	_ "github.com/cardpress/cardpress/engine/heat" // HEAT's schemas, for its rules file
)

// loadAnyRules loads a game folder's rules file whatever its engine (HEAT
// keeps engine: heat and names its rules file, played with --engine
// rules).
func loadAnyRules(t testing.TB, dir string) *rules.Game {
	t.Helper()
	d, found := gamedata.Load(dir, func(id string) (fs.FS, bool) {
		if m, ok := kit.Lookup(id); ok {
			return m.Schemas(), true
		}
		return nil, false
	})
	if errs, _ := finding.Count(found); errs > 0 || d == nil || d.Rules == nil {
		t.Fatalf("%s does not load: %v", dir, found)
	}
	g, found := rules.Build(d)
	if g == nil {
		t.Fatalf("%s does not build: %v", dir, found)
	}
	return g
}

// agreeGames are every shipped rules file and every test game.
func agreeGames(t *testing.T) map[string]string {
	games := map[string]string{}
	for _, name := range []string{"crazy-eights", "hearts", "heat"} {
		games[name] = filepath.Join("..", "..", "cards", name)
	}
	dirs, _ := filepath.Glob(filepath.Join("testdata", "*", "rules.yaml"))
	for _, d := range dirs {
		games[filepath.Base(filepath.Dir(d))] = filepath.Dir(d)
	}
	return games
}

// TestReferenceAgrees: the fast engine and the reference interpreter play
// every shipped rules file and test game the same, move for move, at
// every player count.
func TestReferenceAgrees(t *testing.T) {
	seeds := uint64(20)
	if testing.Short() {
		seeds = 3
	}
	for name, dir := range agreeGames(t) {
		t.Run(name, func(t *testing.T) {
			g := loadAnyRules(t, dir)
			info := g.Info()
			for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
				for seed := uint64(1); seed <= seeds; seed++ {
					if d := rules.Agree(g, n, seed, info.MaxMoves); d != nil {
						t.Fatalf("%d players, seed %d: %s", n, seed, d)
					}
				}
			}
		})
	}
}
