package heat

import (
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// shipped is the game of cards/heat, the data the binary ships.
func shipped(t testing.TB) *Game {
	t.Helper()
	return enginetest.Shipped(t, "heat", schemas, "", Build)
}

func TestShippedData(t *testing.T) {
	g := shipped(t)
	// The book: 34 cards; Interrogation acts in several phases; Heavy and
	// Specialist count themselves.
	total := 0
	for _, c := range g.cards {
		total += c.copies
	}
	if total != 34 {
		t.Errorf("%d cards, want 34", total)
	}
	phases := map[int]bool{}
	for _, e := range g.cards[g.cardIndex(t, "interrogation")].effects {
		phases[int(e.phase)] = true
	}
	if len(phases) < 2 {
		t.Errorf("Interrogation acts in %d phase(s)", len(phases))
	}
	for _, id := range []string{"heavy", "specialist"} {
		counts := false
		for _, e := range g.cards[g.cardIndex(t, id)].effects {
			counts = counts || e.per == perRecord
		}
		if !counts {
			t.Errorf("%s does not count its Record", id)
		}
	}
	for players, want := range map[int]int{3: 28, 4: 31, 5: 26} {
		if got := g.deckSize(players); got != want {
			t.Errorf("%d players: %d cards, want %d", players, got, want)
		}
	}
	if v := g.params.HeatValue(9); v != -3 {
		t.Errorf("the example board (9 taken) is worth %d, want -3", v)
	}
}

func TestRunIsIndependentOfWorkers(t *testing.T) {
	g := shipped(t)
	one := engine.Run(g, engine.RunConfig{Players: 4, Games: 300, Seed: 3, Workers: 1, CheckInvariants: true})
	many := engine.Run(g, engine.RunConfig{Players: 4, Games: 300, Seed: 3, Workers: 3, CheckInvariants: true})
	if one.SeatWins != many.SeatWins || one.MovesSum != many.MovesSum || one.Tally.CardChosen[0] != many.Tally.CardChosen[0] {
		t.Errorf("1 worker and 3 workers disagree: %+v vs %+v", one, many)
	}
}

func TestHeuristicBeatsRandom(t *testing.T) {
	g := shipped(t)
	if rate := enginetest.HeuristicVsRandom(t, g, 4, 200, 5); rate < 0.4 {
		t.Errorf("heuristic bot in seat 1 wins %.0f%% against three random bots; want well above 25%%", 100*rate)
	}
}
