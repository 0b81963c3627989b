package rules

import (
	"io/fs"
	"testing"

	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// loadGame loads a shipped game played by the rules engine, clean.
func loadGame(t testing.TB, dir string) *Game {
	t.Helper()
	d, found := gamedata.Load(dir, func(id string) (fs.FS, bool) { return nil, id == gamedata.RulesEngine })
	if errs, _ := finding.Count(found); errs > 0 || d == nil || d.Rules == nil {
		t.Fatalf("%s does not load: %v", dir, found)
	}
	g, found := Build(d)
	if g == nil {
		t.Fatalf("%s does not build: %v", dir, found)
	}
	return g
}

// The classic games play to the end at every player count, within the
// State contract, and their bots decide from what their seat sees.
func TestClassicGamesPlayFairly(t *testing.T) {
	for _, game := range []string{"crazy-eights", "hearts"} {
		t.Run(game, func(t *testing.T) {
			g := loadGame(t, "../../cards/"+game)
			enginetest.CheckInfo(t, g)
			enginetest.RandomPlayoutsAtEveryCount(t, g, 30, 1)
			info := g.Info()
			for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
				enginetest.FairBots(t, g, n, 5, 3)
			}
		})
	}
}
