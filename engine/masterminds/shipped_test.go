package masterminds

import (
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// shipped is the game of cards/masterminds, the data the binary ships,
// in a rule variant ("" for the default).
func shipped(t testing.TB, variant string) *Game {
	t.Helper()
	return enginetest.Shipped(t, "masterminds", schemas, variant, Build)
}

func TestShippedData(t *testing.T) {
	g := shipped(t, "")
	// The books: 162 game cards. RULES.md: 5 Mastermind, 10 Starter Cash,
	// 40 Talent, 60 Prep (22 Action, 24 Gear, 14 Interrupt), 24 Heist, 23
	// Failure.
	byType := map[cardType]int{}
	byKind := map[prepKind]int{}
	for _, c := range g.cards {
		byType[c.typ] += c.copies
		if c.typ == typePrep {
			byKind[c.kind] += c.copies
		}
	}
	want := map[cardType]int{typeMastermind: 5, typeCash: 10, typeTalent: 40, typePrep: 60, typeHeist: 24, typeFailure: 23}
	for typ, n := range want {
		if byType[typ] != n {
			t.Errorf("%d %s cards, want %d", byType[typ], typeIDs[typ], n)
		}
	}
	if byKind[kindAction] != 22 || byKind[kindGear] != 24 || byKind[kindInterrupt] != 14 {
		t.Errorf("Prep kinds %v, want 22 Action, 24 Gear, 14 Interrupt", byKind)
	}
	for i, c := range g.cards {
		if c.typ != typeCash && len(g.CardRules(i)) == 0 && (c.typ != typeTalent || c.ability.when != whenNone) {
			t.Errorf("card %s prints no rules", c.id)
		}
		front, back := g.CardFields(i)
		if front["type"] != typeIDs[c.typ] || (c.typ == typeHeist) != (back != nil) {
			t.Errorf("card %s: fields %v / %v", c.id, front, back)
		}
	}
}

func TestShippedVariants(t *testing.T) {
	v22, dr := shipped(t, ""), shipped(t, "draft")
	if !v22.testAtLeast || !v22.keepOne || v22.drawAlways || v22.replaceAny || v22.continueSame || !v22.params.FirstRecruit || v22.params.Cash(3) != 2 {
		t.Errorf("v2.2 parameters: %+v", v22.params)
	}
	if dr.testAtLeast || dr.keepOne || !dr.drawAlways || !dr.replaceAny || !dr.continueSame || dr.params.FirstRecruit || dr.params.Cash(3) != 0 || dr.params.StartClearGems != 1 || dr.params.PayGemWithCash {
		t.Errorf("draft parameters: %+v", dr.params)
	}
	if v22.Facts()["failure_test_text"] == dr.Facts()["failure_test_text"] {
		t.Error("the printed failure test must follow the variant")
	}
}

func TestRunIsIndependentOfWorkers(t *testing.T) {
	g := shipped(t, "")
	one := engine.Run(g, engine.RunConfig{Players: 4, Games: 200, Seed: 3, Workers: 1, CheckInvariants: true})
	many := engine.Run(g, engine.RunConfig{Players: 4, Games: 200, Seed: 3, Workers: 3, CheckInvariants: true})
	if one.SeatWins != many.SeatWins || one.MovesSum != many.MovesSum || one.Tally.Counters[cntTurns] != many.Tally.Counters[cntTurns] {
		t.Errorf("1 worker and 3 workers disagree: %+v vs %+v", one, many)
	}
}

func TestHeuristicBeatsRandomShipped(t *testing.T) {
	if testing.Short() {
		t.Skip("heuristic games are slow")
	}
	g := shipped(t, "")
	if rate := enginetest.HeuristicVsRandom(t, g, 4, 40, 5); rate < 0.6 {
		t.Errorf("heuristic bot in seat 1 wins %.0f%% against three random bots; want well above 25%%", 100*rate)
	}
	// Heuristic bots among themselves complete heists: the game ends by
	// its goal, not by running dry.
	sum := engine.Run(g, engine.RunConfig{Players: 3, Games: 20, Seed: 5, Bots: []string{"heuristic"}, CheckInvariants: true})
	if sum.EndCauses["heists completed"] < sum.Games/2 {
		t.Errorf("heuristic bots end games by %v", sum.EndCauses)
	}
}
