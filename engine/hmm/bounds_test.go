package hmm

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/gamedata/gamedatatest"
	"github.com/cardpress/cardpress/internal/sat"

	"go.yaml.in/yaml/v3"
)

func TestCostsAreWholeHundreds(t *testing.T) {
	d := shippedData(t)
	for _, gc := range d.Cards {
		n := firstCost(gc)
		if n == nil {
			continue
		}
		old := n.Value
		n.Value = "150" // within 100-5000, so only the step can catch it
		_, fs := Build(d)
		n.Value = old
		want := fmt.Sprintf("%s:%d:%d: error CARD_FIELD_RANGE: card %s: cost is 150, not a multiple of 100", gc.Pos.File, n.Line, n.Column, gc.ID)
		if !strings.Contains(fmt.Sprint(fs), want) {
			t.Errorf("want %q in %v", want, fs)
		}
		return
	}
	t.Fatal("no card with a cost")
}

func TestDecksOverflowAtTheBiggestCountBeforeAnythingIsDealt(t *testing.T) {
	for _, n := range []int{999, 1_000_000_000, math.MaxInt} {
		d := shippedData(t)
		job := gamedatatest.SetCount(t, d, "mona-lisa", n)
		g, fs, grew := enginetest.BuildAllocs(Build, d)
		if grew > 1<<20 {
			t.Errorf("Build allocated %d bytes for a count of %d", grew, n)
		}
		want := fmt.Sprintf("%s: error TOO_MANY_CARDS: the Job deck has %d cards", kit.CopiesPos(job), sat.Add(n, 19))
		if g != nil || !strings.Contains(fmt.Sprint(fs), want) {
			t.Errorf("count %d: want %q in %v", n, want, fs)
		}
	}
}

func TestAllCardsInPlayTogetherAreBounded(t *testing.T) {
	// The Complication deck grows to 255 cards, which fits a deck, but
	// with the other decks more than the state holds are in play.
	d := shippedData(t)
	comps, first, own := 0, "", 0
	for _, gc := range d.Cards {
		if gc.Deck == "complication" {
			comps += kit.Copies(gc)
			if first == "" {
				first, own = gc.ID, kit.Copies(gc)
			}
		}
	}
	c := gamedatatest.SetCount(t, d, first, kit.MaxCopies-(comps-own))
	g, fs := Build(d)
	want := fmt.Sprintf("%s: error TOO_MANY_CARDS: ", kit.CopiesPos(c))
	if g != nil || !strings.Contains(fmt.Sprint(fs), want) || !strings.Contains(fmt.Sprint(fs), "card copies in play; at most 256") {
		t.Errorf("want %q, copies in play, in %v", want, fs)
	}
	if strings.Contains(fmt.Sprint(fs), "Complication deck has") {
		t.Errorf("the Complication deck alone fits: %v", fs)
	}
}

// firstCost is a card's cost value, or nil.
func firstCost(gc gamedata.Card) *yaml.Node {
	n := gc.Node
	for i := 0; n != nil && i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "cost" {
			return n.Content[i+1]
		}
	}
	return nil
}

func TestPlayerRangeIsCheckedBeforeItIsWalked(t *testing.T) {
	d := shippedData(t)
	d.Manifest.Players.Max = math.MaxInt // a loop over it would never end
	if g, fs := Build(d); g != nil || !strings.Contains(fmt.Sprint(fs), "TOO_MANY_PLAYERS") {
		t.Errorf("players max 2^63-1: %v", fs)
	}
}
