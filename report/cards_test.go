package report

import (
	"path/filepath"
	"slices"
	"sort"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/pipeline"
)

// Masterminds deals each seat a secret colour card by chance: no seat
// ever chooses one, so none is dead, however rarely it is "played". The
// rule the report used before (every card held, played under a tenth of
// the median card) named all five.
func TestCardsNotChosenAtAllAreNotDead(t *testing.T) {
	games, fs := pipeline.Load([]string{filepath.Join(testutil.RepoRoot(), "cards", "masterminds")})
	if len(games) != 1 || games[0].Engine == nil {
		t.Fatalf("masterminds does not load: %v", fs)
	}
	g := games[0]
	s := engine.Run(g.Engine, engine.RunConfig{Players: 3, Games: 12, Seed: 1, Workers: 2})
	dead, _ := CardFlags(s, 3)
	played := slices.Clone(s.Tally.CardPlayed)
	sort.Slice(played, func(i, j int) bool { return played[i] < played[j] })
	median := float64(played[len(played)/2])
	colours := 0
	for i, c := range g.Data.Cards {
		if c.Deck != "mastermind" || s.Tally.CardInHand[i] == 0 {
			continue
		}
		colours++
		if old := float64(s.Tally.CardPlayed[i]) < DeadShare*median; !old {
			t.Errorf("colour card %s: played %d times, median %g: the old rule would not have flagged it, so this test shows nothing", c.ID, s.Tally.CardPlayed[i], median)
		}
		if slices.Contains(dead, i) {
			t.Errorf("colour card %s is called dead, but no seat ever chose it: it is dealt", c.ID)
		}
	}
	if colours == 0 {
		t.Fatal("no colour card was dealt")
	}
	// A card that seats held and never chose is still dead.
	for _, i := range dead {
		if s.Tally.CardOffered[i] == 0 {
			t.Errorf("card %s is dead without ever being offered", g.Data.Cards[i].ID)
		}
	}
}
