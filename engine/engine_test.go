package engine_test

import (
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

func TestToyPassesTheGenericPlayouts(t *testing.T) {
	enginetest.RandomPlayouts(t, &enginetest.Toy{Goal: 12}, 3, 100, 1)
}

func TestGameSeedReplaysOneGameAlone(t *testing.T) {
	g := &enginetest.Toy{Goal: 15}
	var fromRun engine.Result
	engine.Run(g, engine.RunConfig{Players: 3, Games: 50, Seed: 9, Workers: 2, Each: func(r engine.Result) {
		if r.Index == 37 {
			fromRun = r
		}
	}})
	alone := engine.PlayGame(g, 3, engine.GameSeed(9, 37), engine.PlayOptions{})
	if fromRun.Seed != alone.Seed || fromRun.Moves != alone.Moves || !equal(fromRun.Returns, alone.Returns) {
		t.Errorf("game 37 of the run %+v differs from its replay %+v", fromRun, alone)
	}
}

func TestRunDoesNotDependOnWorkers(t *testing.T) {
	g := &enginetest.Toy{Goal: 15}
	a := engine.Run(g, engine.RunConfig{Players: 4, Games: 500, Seed: 2, Workers: 1})
	b := engine.Run(g, engine.RunConfig{Players: 4, Games: 500, Seed: 2, Workers: 4})
	if a.SeatWins != b.SeatWins || a.MovesSum != b.MovesSum || a.MovesSq != b.MovesSq || a.Tally.Counters[0] != b.Tally.Counters[0] {
		t.Errorf("1 worker %+v != 4 workers %+v", a, b)
	}
	if a.Games != 500 || a.EndCauses["goal reached"] != 500 {
		t.Errorf("games %d causes %v", a.Games, a.EndCauses)
	}
}

func TestTurnCapPanicAndInvariantAreReportedWithSeeds(t *testing.T) {
	cases := []struct {
		name  string
		game  *enginetest.Toy
		check func(*engine.Summary) (int, *engine.Result)
	}{
		{"turn cap", &enginetest.Toy{Goal: 10, NeverEnds: true}, func(s *engine.Summary) (int, *engine.Result) { return s.Capped, s.FirstCapped }},
		{"panic", &enginetest.Toy{Goal: 10, PanicAt: 6}, func(s *engine.Summary) (int, *engine.Result) { return s.Panics, s.FirstPanic }},
		{"invariant", &enginetest.Toy{Goal: 10, BreakAt: 6}, func(s *engine.Summary) (int, *engine.Result) { return s.Invariants, s.FirstInvariant }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sum := engine.Run(tc.game, engine.RunConfig{Players: 2, Games: 20, Seed: 4, CheckInvariants: true})
			n, first := tc.check(sum)
			if n == 0 || first == nil {
				t.Fatalf("not caught: %+v", sum)
			}
			// The reported seed replays the same failure on its own.
			again := engine.PlayGame(tc.game, 2, first.Seed, engine.PlayOptions{CheckInvariants: true})
			if again.Capped != first.Capped || again.Panic != first.Panic || again.Invariant != first.Invariant {
				t.Errorf("seed %d replays as %+v, reported %+v", first.Seed, again, first)
			}
			if first.Panic != "" && (!strings.Contains(first.Panic, "panic total") || strings.Contains(first.Panic, "goroutine")) {
				t.Errorf("panic report %q", first.Panic)
			}
		})
	}
}

func TestHeuristicBotUsesTheEvaluator(t *testing.T) {
	// Adding 1 is always better in the toy race: the heuristic bot must win
	// far more often than its random opponent.
	g := &enginetest.Toy{Goal: 20, Dominant: true}
	sum := engine.Run(g, engine.RunConfig{Players: 2, Games: 400, Seed: 1, Bots: []string{"heuristic", "random"}})
	if r := sum.WinRate(0); r < 0.6 {
		t.Errorf("heuristic bot wins %.0f%% against random, want > 60%%", 100*r)
	}
}

func TestSummaryMergeIsExact(t *testing.T) {
	g := &enginetest.Toy{Goal: 12}
	whole := engine.Run(g, engine.RunConfig{Players: 3, Games: 90, Seed: 5, Workers: 1})
	parts := engine.NewSummary(g.Info(), 3)
	for _, w := range []int{3, 1, 2} {
		parts.Merge(engine.Run(g, engine.RunConfig{Players: 3, Games: 90, Seed: 5, Workers: w}))
	}
	if parts.Games != 3*whole.Games || parts.SeatWins[1] != 3*whole.SeatWins[1] || parts.MovesSq != 3*whole.MovesSq {
		t.Errorf("merged %+v vs 3 × %+v", parts, whole)
	}
	if whole.MeanMoves() <= 0 || whole.StdMoves() <= 0 || whole.MovesMin > whole.MovesMax {
		t.Errorf("moves statistics: mean %v std %v min %d max %d", whole.MeanMoves(), whole.StdMoves(), whole.MovesMin, whole.MovesMax)
	}
}

func TestWilson(t *testing.T) {
	lo, hi := engine.Wilson(50, 100)
	if lo > 0.41 || lo < 0.39 || hi < 0.59 || hi > 0.61 {
		t.Errorf("Wilson(50, 100) = [%.3f, %.3f], want about [0.40, 0.60]", lo, hi)
	}
	if lo, hi := engine.Wilson(0, 0); lo != 0 || hi != 1 {
		t.Errorf("Wilson(0, 0) = [%v, %v]", lo, hi)
	}
}

func TestDeckHandBagPool(t *testing.T) {
	var d engine.Deck
	for _, c := range []int{3, 1, 3, 2} {
		d.Add(c)
	}
	outs := d.Outcomes(nil, 4)
	if len(outs) != 3 || outs[2].Action != 3 || outs[2].Prob != 0.5 {
		t.Errorf("deck outcomes %v", outs)
	}
	if !d.Take(3) || d.Count(3) != 1 || d.Take(0) || d.Len() != 3 {
		t.Errorf("deck take: %d cards, %d threes", d.Len(), d.Count(3))
	}

	var h engine.Hand
	for _, c := range []int{5, 2, 5, 1} {
		h.Add(c)
	}
	if got := h.Distinct(nil); len(got) != 3 || got[0] != 1 || got[2] != 5 {
		t.Errorf("hand distinct %v", got)
	}
	if !h.Remove(5) || h.Len() != 3 || h.Remove(9) {
		t.Errorf("hand remove: %d cards", h.Len())
	}
}

func TestRandIsUniformAndSeeded(t *testing.T) {
	a, b := engine.NewRand(7), engine.NewRand(7)
	counts := make([]int, 6)
	for i := 0; i < 60000; i++ {
		x := a.Intn(6)
		if y := b.Intn(6); x != y {
			t.Fatal("same seed, different streams")
		}
		counts[x]++
	}
	for face, c := range counts {
		if c < 9500 || c > 10500 {
			t.Errorf("face %d drawn %d times of 60000", face, c)
		}
	}
	if engine.GameSeed(1, 0) == engine.GameSeed(1, 1) || engine.GameSeed(1, 0) == engine.GameSeed(2, 0) {
		t.Error("game seeds collide")
	}
}

func equal(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// FirstCounted names, per counter, the first game that raised it, whatever
// the number of workers, so an alarm's seed replays a game that shows it.
func TestFirstCountedIsTheFirstGameThatCounted(t *testing.T) {
	g := &enginetest.Toy{Goal: 12}
	const ties = 1 // the toy's counter of shared wins
	first := -1
	for i := 0; first < 0 && i < 200; i++ {
		r := engine.PlayGame(g, 3, engine.GameSeed(3, i), engine.PlayOptions{})
		if shared(r.Returns) {
			first = i
		}
	}
	if first < 1 {
		t.Fatalf("want a first tie after game 0 to tell first from any; got %d", first)
	}
	var runs []*engine.Summary
	for _, w := range []int{1, 3, 8} {
		runs = append(runs, engine.Run(g, engine.RunConfig{Players: 3, Games: 200, Seed: 3, Workers: w}))
	}
	merged := engine.NewSummary(g.Info(), 3)
	merged.Merge(runs[2])
	merged.Merge(runs[0])
	for _, sum := range append(runs, merged) {
		r := sum.FirstCounted[ties]
		if r == nil || r.Index != first || r.Seed != engine.GameSeed(3, first) || !shared(r.Returns) {
			t.Errorf("first tie %+v, want game %d", r, first)
		}
		if rolls := sum.FirstCounted[0]; rolls == nil || rolls.Index != 0 {
			t.Errorf("first roll %+v, want game 0", rolls)
		}
	}
}

func shared(returns []float64) bool {
	winners := 0
	for _, v := range returns {
		if v > 0 {
			winners++
		}
	}
	return winners > 1
}

// A game package's Build returns a nil *Game for unplayable data; the
// module must hand the pipeline a plain nil, not a typed nil.
func TestModuleOfReturnsPlainNil(t *testing.T) {
	m := kit.ModuleOf("toy", nil, func(*gamedata.Data) (*enginetest.Toy, []finding.Finding) {
		return nil, []finding.Finding{{Pos: finding.Pos{File: "x"}, Code: "BAD", Message: "bad"}}
	}, nil, nil)
	g, fs := m.Build(&gamedata.Data{})
	if g != nil || len(fs) != 1 || m.ID() != "toy" {
		t.Errorf("Build = %v, %v", g, fs)
	}
	ok := kit.ModuleOf("toy", nil, func(*gamedata.Data) (*enginetest.Toy, []finding.Finding) {
		return &enginetest.Toy{Goal: 3}, nil
	}, nil, nil)
	if g, _ := ok.Build(&gamedata.Data{}); g == nil {
		t.Error("a built game came back nil")
	}
}

// States call the tally without checking for one: a what-if clone or a
// replay has none, and counting into it must do nothing.
func TestNilTallyCountsNothing(t *testing.T) {
	var none *engine.Tally
	none.Count(0, 1)
	none.Took(1)
	held := engine.SetOf(0, 1)
	none.Choice(&held, 1)
	tally := engine.NewTally((&enginetest.Toy{Goal: 12}).Info())
	tally.Count(1, 3)
	tally.Took(1)
	if tally.Counters[1] != 3 || tally.CardPlayed[1] != 1 || tally.CardInHand[1] != 1 || tally.CardChosen[1] != 0 {
		t.Errorf("counters %v, played %v, in hand %v, chosen %v", tally.Counters, tally.CardPlayed, tally.CardInHand, tally.CardChosen)
	}
}

// Tally.Choice counts a set of held cards as the statistics define them:
// every card held is in hand, offered only when two or more differ, and
// the card played is chosen only then; cards past the first word count
// like any other.
func TestTallyChoice(t *testing.T) {
	tally := engine.NewTally(engine.Info{Cards: 130})
	one := engine.SetOf(70)
	tally.Choice(&one, 70)
	if tally.CardInHand[70] != 1 || tally.CardOffered[70] != 0 || tally.CardPlayed[70] != 1 || tally.CardChosen[70] != 0 {
		t.Fatalf("one card held: in hand %d offered %d played %d chosen %d, want 1 0 1 0",
			tally.CardInHand[70], tally.CardOffered[70], tally.CardPlayed[70], tally.CardChosen[70])
	}
	many := engine.SetOf(3, 129, 64, 3)
	tally.Choice(&many, 129)
	for _, c := range []int{3, 64, 129} {
		if tally.CardInHand[c] != 1 || tally.CardOffered[c] != 1 {
			t.Errorf("card %d: in hand %d offered %d, want 1 and 1", c, tally.CardInHand[c], tally.CardOffered[c])
		}
	}
	if tally.CardPlayed[129] != 1 || tally.CardChosen[129] != 1 || tally.CardChosen[3] != 0 {
		t.Errorf("played %d chosen %d (card 3 chosen %d), want 1 1 0", tally.CardPlayed[129], tally.CardChosen[129], tally.CardChosen[3])
	}
	var empty engine.CardSet
	tally.Choice(&empty, -1)
	if tally.CardInHand[3] != 1 || tally.CardPlayed[3] != 0 {
		t.Errorf("an empty choice counted: in hand %d played %d", tally.CardInHand[3], tally.CardPlayed[3])
	}
}
