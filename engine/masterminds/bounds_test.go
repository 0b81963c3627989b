package masterminds

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/gamedata/gamedatatest"
)

func TestDeckOfMoreThanMaxDeckCardsIsReportedAtTheCard(t *testing.T) {
	// The Prep deck of the fixture plus copies of one Gear card: at 256
	// cards it plays, one more is reported at that card, in that deck.
	d := fixtureData(t, testCards, nil)
	rest := 0
	for _, gc := range d.Cards {
		if gc.Deck == "prep" && gc.ID != "laptop" {
			rest += kit.Copies(gc)
		}
	}
	gamedatatest.SetCount(t, d, "laptop", engine.MaxDeck-rest)
	if g, fs := Build(d); g == nil {
		t.Fatalf("a Prep deck of %d cards does not build: %v", engine.MaxDeck, fs)
	}
	laptop := gamedatatest.SetCount(t, d, "laptop", engine.MaxDeck-rest+1)
	g, fs := Build(d)
	if g != nil {
		t.Fatal("a Prep deck of 257 cards built")
	}
	at := kit.CopiesPos(laptop)
	if at == laptop.Pos {
		t.Fatal("the fixture's laptop has no count to point at")
	}
	want := fmt.Sprintf("%s: error TOO_MANY_CARDS: the prep deck has 257 cards", at)
	if !strings.Contains(fmt.Sprint(fs), want) {
		t.Errorf("want %q in %v", want, fs)
	}
}

func TestHugeCountsAllocateNothing(t *testing.T) {
	for _, n := range []int{1_000_000_000, math.MaxInt} {
		d := fixtureData(t, testCards, nil)
		gamedatatest.SetCount(t, d, "laptop", n)
		gamedatatest.SetCount(t, d, "cash", n) // Starter Cash is counted, not dealt from a Deck
		g, fs, grew := enginetest.BuildAllocs(Build, d)
		if g != nil {
			t.Fatalf("count %d built", n)
		}
		if grew > 1<<20 {
			t.Errorf("Build allocated %d bytes for a count of %d", grew, n)
		}
		if got := strings.Count(fmt.Sprint(fs), "TOO_MANY_CARDS"); got != 2 {
			t.Errorf("count %d: %d TOO_MANY_CARDS, want the Prep deck and the Starter Cash: %v", n, got, fs)
		}
	}
}

func TestGemCountsFitTheState(t *testing.T) {
	d := fixtureData(t, testCards, nil)
	for i, c := range d.Manifest.Components {
		if c.ID == "gem-clear" {
			d.Manifest.Components[i].Count = maxGems + 1
		}
	}
	if g, fs := Build(d); g != nil || !strings.Contains(fmt.Sprint(fs), "COMPONENT_RANGE: component gem-clear counts 256 gems") {
		t.Errorf("256 clear gems: %v", fs)
	}
}

func TestPlayerRangeIsCheckedBeforeItIsWalked(t *testing.T) {
	d := fixtureData(t, testCards, nil)
	d.Manifest.Players.Max = math.MaxInt // a loop over it would never end
	if g, fs := Build(d); g != nil || !strings.Contains(fmt.Sprint(fs), "TOO_MANY_PLAYERS") {
		t.Errorf("players max 2^63-1: %v", fs)
	}
	d.Manifest.Players = gamedata.Range{Min: 0, Max: 3}
	if g, fs := Build(d); g != nil || !strings.Contains(fmt.Sprint(fs), "PLAYERS_RANGE") {
		t.Errorf("players min 0: %v", fs)
	}
}
