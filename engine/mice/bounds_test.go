package mice

import (
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"

	"cardpress/engine"
	"cardpress/engine/enginetest"
	"cardpress/engine/finding"
	"cardpress/gamedata"
)

func TestBoundsMatchSchemas(t *testing.T) {
	enginetest.BoundsMatchSchema(t, schemas, "params.schema.json", "", paramBounds)
	enginetest.BoundsMatchSchema(t, schemas, "cards.schema.json", "cards.*", cardBounds)
}

func TestEveryBoundIsCheckedAtItsValue(t *testing.T) {
	d := enginetest.ShippedData(t, "mice", schemas, "")
	build := func(d *gamedata.Game) []finding.Finding { _, fs := Build(d); return fs }
	enginetest.BoundsEnforced(t, d, build, paramBounds, cardBounds, "PARAMETER_RANGE", "CARD_FIELD_RANGE")
}

// countOf sets the count of the card with id in d, as the loader would.
func countOf(t *testing.T, d *gamedata.Game, id string, n int) gamedata.Card {
	t.Helper()
	for i := range d.Cards {
		if d.Cards[i].ID == id {
			d.Cards[i].Count = n
			return d.Cards[i]
		}
	}
	t.Fatalf("no card %s", id)
	return gamedata.Card{}
}

func TestUpgradeDeckOverflowIsReportedAtTheBiggestCount(t *testing.T) {
	d := fixtureData(t, testCards, nil)
	countOf(t, d, "paws", engine.MaxDeck-6) // with legs and rummage: 256
	if g, fs := Build(d); g == nil {
		t.Fatalf("an upgrade deck of %d cards does not build: %v", engine.MaxDeck, fs)
	}
	paws := countOf(t, d, "paws", engine.MaxDeck-5)
	_, fs := Build(d)
	want := fmt.Sprintf("%s: error TOO_MANY_CARDS: the upgrade deck has 257 cards", engine.CopiesPos(paws))
	if !strings.Contains(fmt.Sprint(fs), want) {
		t.Errorf("want %q in %v", want, fs)
	}
}

func TestJobOfMoreObstaclesThanTheStackIsReportedBeforeItIsBuilt(t *testing.T) {
	for _, n := range []int{maxObstacle, 1_000_000_000, math.MaxInt} {
		d := fixtureData(t, testCards, nil)
		a1 := countOf(t, d, "a1", n)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		g, fs := Build(d)
		runtime.ReadMemStats(&after)
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
			t.Errorf("Build allocated %d bytes for a count of %d", grew, n)
		}
		// a1's copies and a2 make n+1 obstacles in job A.
		want := fmt.Sprintf("%s: error TOO_MANY_OBSTACLES: job A has %d obstacles; at most %d", a1.Pos, engine.SatAdd(n, 1), maxObstacle)
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
