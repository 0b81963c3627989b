package mice

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/gamedata/gamedatatest"
	"github.com/cardpress/cardpress/internal/sat"
)

func TestUpgradeDeckOverflowIsReportedAtTheBiggestCount(t *testing.T) {
	d := fixtureData(t, testCards, nil)
	gamedatatest.SetCount(t, d, "paws", engine.MaxDeck-6) // with legs and rummage: 256
	if g, fs := Build(d); g == nil {
		t.Fatalf("an upgrade deck of %d cards does not build: %v", engine.MaxDeck, fs)
	}
	paws := gamedatatest.SetCount(t, d, "paws", engine.MaxDeck-5)
	_, fs := Build(d)
	want := fmt.Sprintf("%s: error TOO_MANY_CARDS: the upgrade deck has 257 cards", kit.CopiesPos(paws))
	if !strings.Contains(fmt.Sprint(fs), want) {
		t.Errorf("want %q in %v", want, fs)
	}
}

func TestJobOfMoreObstaclesThanTheStackIsReportedBeforeItIsBuilt(t *testing.T) {
	for _, n := range []int{maxObstacle, 1_000_000_000, math.MaxInt} {
		d := fixtureData(t, testCards, nil)
		a1 := gamedatatest.SetCount(t, d, "a1", n)
		g, fs, grew := enginetest.BuildAllocs(Build, d)
		if grew > 1<<20 {
			t.Errorf("Build allocated %d bytes for a count of %d", grew, n)
		}
		// a1's copies and a2 make n+1 obstacles in job A.
		want := fmt.Sprintf("%s: error TOO_MANY_OBSTACLES: job A has %d obstacles; at most %d", a1.Pos, sat.Add(n, 1), maxObstacle)
		if g != nil || !strings.Contains(fmt.Sprint(fs), want) {
			t.Errorf("count %d: want %q in %v", n, want, fs)
		}
	}
}

func TestTooManyChipsAreCountedNotDrawn(t *testing.T) {
	chips := "[" + strings.Repeat("{colour: c, sides: [1, -1], count: 16}, ", 2) + "{colour: c, sides: [1, -1], count: 1}]"
	d := fixtureData(t, testCards, map[string]string{"chips": chips})
	g, fs := Build(d)
	if g != nil || !strings.Contains(fmt.Sprint(fs), "PARAMETER_RANGE: 33 chips: need at least chips_drawn (2) and at most 32") {
		t.Errorf("33 chips: %v", fs)
	}
}

func TestPlayerRangeBeyondTheEngine(t *testing.T) {
	d := fixtureData(t, testCards, nil)
	d.Manifest.Players.Max = engine.MaxPlayers + 1
	if g, fs := Build(d); g != nil || !strings.Contains(fmt.Sprint(fs), "TOO_MANY_PLAYERS") {
		t.Errorf("players max 9: %v", fs)
	}
}
