package rules

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"cardpress/engine"
	"cardpress/engine/enginetest"
	"cardpress/gamedata"

	"go.yaml.in/yaml/v3"
)

// loadGame loads a game folder and its rules file.
func loadGame(t testing.TB, dir string) *Game {
	t.Helper()
	d, found := gamedata.Load(dir, func(string) (fs.FS, bool) { return nil, false })
	_ = found
	if d.Rules == nil {
		path := filepath.Join(dir, "rules.yaml")
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var doc yaml.Node
		if err := yaml.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		d.Rules = &gamedata.RulesFile{Path: path, Root: doc.Content[0]}
	}
	g, found := Build(d)
	for _, f := range found {
		t.Log(f.String())
	}
	if g == nil {
		t.Fatal("no game")
	}
	return g
}

func TestCrazyEightsPlays(t *testing.T) {
	g := loadGame(t, "../../cards/crazy-eights")
	enginetest.CheckInfo(t, g)
	enginetest.RandomPlayoutsAtEveryCount(t, g, 50, 1)
	_ = engine.Chance
}

func TestCrazyEightsFair(t *testing.T) {
	g := loadGame(t, "../../cards/crazy-eights")
	for n := 2; n <= 7; n++ {
		enginetest.FairBots(t, g, n, 20, 3)
	}
}

func TestCrazyEightsLog(t *testing.T) {
	g := loadGame(t, "../../cards/crazy-eights")
	n := 0
	res := engine.PlayGame(g, 3, 7, engine.PlayOptions{CheckInvariants: true, Log: func(e engine.Event) {
		if n < 60 {
			t.Log(e.Move, e.Kind, e.Text)
		}
		n++
	}})
	t.Logf("%+v", res)
}

func TestHeartsPlays(t *testing.T) {
	g := loadGame(t, "../../cards/hearts")
	enginetest.CheckInfo(t, g)
	enginetest.RandomPlayoutsAtEveryCount(t, g, 30, 1)
	for n := 3; n <= 5; n++ {
		enginetest.FairBots(t, g, n, 5, 3)
	}
	res := engine.PlayGame(g, 4, 7, engine.PlayOptions{CheckInvariants: true})
	t.Logf("%+v", res)
}
