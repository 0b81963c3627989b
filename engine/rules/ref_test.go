package rules_test

import (
	"flag"
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/engine/rules"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"

	_ "github.com/cardpress/cardpress/engine/heat" // HEAT's schemas, for its rules file
	_ "github.com/cardpress/cardpress/engine/mice" // Mice Heist's schemas, for its rules file
)

// loadAnyRules loads a game folder's rules file whatever its engine (HEAT
// keeps engine: heat and names its rules file, played with --engine
// rules).
func loadAnyRules(t testing.TB, dir string) *rules.Game {
	t.Helper()
	g, found := rules.Build(loadData(t, dir))
	if g == nil {
		t.Fatalf("%s does not build: %v", dir, found)
	}
	return g
}

// loadData loads a game folder with its rules file, clean.
func loadData(t testing.TB, dir string) *gamedata.Data {
	t.Helper()
	d, found := gamedata.Load(dir, func(id string) (fs.FS, bool) {
		if m, ok := kit.Lookup(id); ok {
			return m.Schemas(), true
		}
		return nil, false
	})
	if errs, _ := finding.Count(found); errs > 0 || d == nil || d.Rules == nil {
		t.Fatalf("%s does not load: %v", dir, found)
	}
	return d
}

// agreeGames are every shipped rules file and every test game.
func agreeGames(t *testing.T) map[string]string {
	games := map[string]string{}
	for _, name := range []string{"crazy-eights", "hearts", "heat", "mice"} {
		games[name] = filepath.Join("..", "..", "cards", name)
	}
	dirs, _ := filepath.Glob(filepath.Join("testdata", "*", "rules.yaml"))
	for _, d := range dirs {
		games[filepath.Base(filepath.Dir(d))] = filepath.Dir(d)
	}
	return games
}

// refSeeds is how many seeds TestReferenceAgrees plays per game and
// player count: a few in go test (a second or two), more by hand
// (go test -run TestReferenceAgrees ./engine/rules/ -ref.seeds 1000).
var refSeeds = flag.Int("ref.seeds", 3, "seeds per game and player count for TestReferenceAgrees")

// TestReferenceAgrees: the fast engine and the reference interpreter play
// every shipped rules file and test game the same, move for move, at
// every player count.
func TestReferenceAgrees(t *testing.T) {
	seeds := uint64(*refSeeds)
	if testing.Short() {
		seeds = 1
	}
	for name, dir := range agreeGames(t) {
		t.Run(name, func(t *testing.T) {
			g := loadAnyRules(t, dir)
			info := g.Info()
			for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
				for seed := uint64(1); seed <= seeds; seed++ {
					if d := rules.Agree(g, n, seed, info.MaxMoves); d != nil {
						t.Fatalf("%d players, seed %d: %s", n, seed, d)
					}
				}
			}
		})
	}
}

// playToEnd plays a game with random actions and draws and returns its
// tally.
func playToEnd(t *testing.T, g *rules.Game, players int) *engine.Tally {
	t.Helper()
	tally := engine.NewTally(g.Info())
	s := g.NewState(players, engine.StateOptions{Tally: tally})
	r := engine.NewRand(1)
	for !s.IsTerminal() {
		if s.CurrentPlayer() == engine.Chance {
			engine.Apply(s, engine.SampleOutcome(s.ChanceOutcomes(nil), r))
			continue
		}
		if s.CurrentPlayer() == engine.Simultaneous {
			joint := make([]engine.Action, players)
			for q := range joint {
				joint[q] = engine.NoAction
				if legal := s.LegalActions(engine.Player(q), nil); len(legal) > 0 {
					joint[q] = legal[r.Intn(len(legal))]
				}
			}
			engine.ApplyJoint(s, joint)
			continue
		}
		legal := s.LegalActions(s.CurrentPlayer(), nil)
		engine.Apply(s, legal[r.Intn(len(legal))])
	}
	return tally
}

// An each_seat's count is worked out once, when the loop starts, in a
// loop that waits for a decision (a draw) as in one that does not: the
// fuzzer found the first re-reading it before every round.
func TestEachSeatCountsItsSeatsOnce(t *testing.T) {
	for _, draw := range []string{"", "\n      - move: {from: deck, to: \"hand[player]\"}"} {
		src := refFuzzHeader + `play:
  - set: "n = 3"
  - each_seat: "seat(1)"
    count: "n"
    do:
      - tally: k
      - set: "n = 0"` + draw + `
winners:
  - highest: "coins[seat]"
`
		g := buildGenerated(t, src)
		if got := playToEnd(t, g, 3).Counters[0]; got != 3 {
			t.Errorf("each_seat with count n, n set to 0 in its body (draw %q): %d rounds, want 3", draw, got)
		}
		if d := rules.Agree(g, 3, 1, 100); d != nil {
			t.Errorf("the reference differs: %s", d)
		}
	}
}

// Whether a seat can choose at a secret choice is asked of its own zone:
// the fuzzer found the engine asking of the zone of the seat bound last
// (here seat 3's empty hand), so that a choice seat 1 could make was
// skipped as nobody's.
func TestSecretChoiceAsksEachSeatsOwnZone(t *testing.T) {
	src := refFuzzHeader + `play:
  - deal: {from: deck, to: hand, count: 1}
  - repeat: 2
    do:
      - choose:
          player: all
          options:
            - card: "hand[player]"
              to: "hand[seat(1)]"
              then: [{tally: k}]
winners:
  - highest: "coins[seat]"
`
	g := buildGenerated(t, src)
	// Round 1: every seat passes its card to seat 1; round 2: seat 1
	// alone has cards, and chooses.
	if got := playToEnd(t, g, 3).Counters[0]; got != 4 {
		t.Errorf("%d cards chosen, want 4 (3 in the first round, seat 1's in the second)", got)
	}
	for seed := uint64(1); seed <= 5; seed++ {
		if d := rules.Agree(g, 3, seed, 100); d != nil {
			t.Errorf("seed %d: the reference differs: %s", seed, d)
		}
	}
}

// A for_each's where is tested for each entry as its round comes, so it
// reads the table as the rounds before left it, whether or not the loop
// waits for a decision: the fuzzer found the one that does not wait
// looking entry.key == value up once, with value as it was when the loop
// began. (A value the body cannot change, a bound name like HEAT's ph,
// is still looked up.)
func TestForEachWhereTestsEachEntryAsItComes(t *testing.T) {
	for _, where := range []string{"e.target == tg", "e.target == tg and e.gain > 0", "e.gain > 0 and e.target == tg"} {
		for _, draw := range []string{"", "\n      - move: {from: deck, to: \"hand[seat(1)]\"}"} {
			// Heist's two effects have no target (none): the first
			// matches, and its round makes tg self, which the second's
			// does not match.
			src := refFuzzHeader + `play:
  - set: "tg = none"
  - for_each: e
    in: "'heist'.effects"
    where: "` + where + `"
    do:
      - tally: k
      - set: "tg = 'self'"` + draw + `
winners:
  - highest: "coins[seat]"
`
			g := buildGenerated(t, src)
			if got := playToEnd(t, g, 2).Counters[0]; got != 1 {
				t.Errorf("where %q (draw %q): %d rounds, want 1", where, draw, got)
			}
			if d := rules.Agree(g, 2, 1, 100); d != nil {
				t.Errorf("where %q: the reference differs: %s", where, d)
			}
		}
	}
}

// An if decided before play for an entry (for_each compiles its body
// once per entry) with nothing in the branch taken is no step of the list
// around it: the statements before and after it still run, in order, as
// the reference runs them. Heist's effects gain 5 (alone) and 1, Tax's
// loses 2 (others).
func TestForEachEntryIfWithNothingToDo(t *testing.T) {
	src := refFuzzHeader + `play:
  - for_each: e
    in: "'heist'.effects"
    do:
      - tally: k
      - if: "e.gain > 3"
        then: []
        else: [{set: "coins[seat(1)] += e.gain"}]
      - if: "e.lose > 0"
        then: [{tally: k}]
      - set: "coins[seat(2)] += e.gain * 10"
      - if: "e.target == none"
        else: [{tally: k}]
  - for_each: e
    in: "'tax'.effects"
    do:
      - if: "e.gain > 0"
        then: [{tally: k}]
      - if: "e.target == 'others'"
        then: [{tally: k, by: 100}, {if: "e.lose == 0", then: [{tally: k}]}]
  - tally: k
    by: "coins[seat(1)] * 1000 + coins[seat(2)] * 10000"
winners:
  - highest: "coins[seat]"
`
	g := buildGenerated(t, src)
	// 2 (a heist effect each) + 100 (tax's) + 1,000 for each of seat 1's
	// coins (1) + 10,000 for each of seat 2's (50 + 10).
	if got := playToEnd(t, g, 2).Counters[0]; got != 601_102 {
		t.Errorf("counted %d, want 601102", got)
	}
	if d := rules.Agree(g, 2, 1, 100); d != nil {
		t.Errorf("the reference differs: %s", d)
	}
}

// A zone's cards moved into the zone itself stay in play: those that
// pass the filter end on top, in order (both engines lost them all).
func TestMoveAllIntoItselfKeepsTheCards(t *testing.T) {
	for _, from := range []string{"pile", "pile where card.color == 'red'"} {
		src := refFuzzHeader + `play:
  - move: {from: deck, to: pile, count: 6}
  - move: {from: "` + from + `", to: pile, count: all}
  - tally: k
    by: "count(pile)"
winners:
  - highest: "coins[seat]"
`
		g := buildGenerated(t, src)
		if got := playToEnd(t, g, 2).Counters[0]; got != 6 {
			t.Errorf("from %s: %d cards in the pile, want 6", from, got)
		}
		for seed := uint64(1); seed <= 3; seed++ {
			if d := rules.Agree(g, 2, seed, 100); d != nil {
				t.Errorf("from %s, seed %d: %s", from, seed, d)
			}
		}
	}
}

// A secret choice inside the option of another keeps its own picks: the
// fuzzer found the engine carrying out the outer choice's next seat with
// the inner one's picks (a panic: "action 1 is not an option").
func TestSecretChoiceInsideASecretChoice(t *testing.T) {
	src := refFuzzHeader + `play:
  - choose:
      player: all
      options:
        - action: go
          then:
            - tally: k
            - choose:
                player: all
                options:
                  - value: seat
                    then: [{tally: k, by: "100"}]
winners:
  - highest: "coins[seat]"
`
	g := buildGenerated(t, src)
	// Each seat's go (1) runs a secret choice of both seats (2 × 100).
	if got := playToEnd(t, g, 2).Counters[0]; got != 402 {
		t.Errorf("counted %d, want 402", got)
	}
	for seed := uint64(1); seed <= 3; seed++ {
		if d := rules.Agree(g, 2, seed, 100); d != nil {
			t.Errorf("seed %d: %s", seed, d)
		}
	}
}

// The reference is an engine.Game like the fast one: it keeps the State
// contract (its dynamics as declared, clones, invariants after every
// move, HEAT's pools included, the same game from the same seed; the
// player counts are TestReferenceAgrees's).
func TestReferenceKeepsTheStateContract(t *testing.T) {
	for name, players := range map[string]int{"crazy-eights": 3, "hearts": 4, "heat": 3} {
		g := loadAnyRules(t, filepath.Join("..", "..", "cards", name))
		enginetest.RandomPlayouts(t, rules.Reference(g), players, 1, 1)
	}
}

// Rules errors stop both engines at the same move, nobody winning: a
// seat with no legal option, a card moved that is not there, a seat not
// at the table, arithmetic out of the numbers, a list position out of
// range, a die without sides, a loop without a decision.
func TestReferenceAgreesOnRulesErrors(t *testing.T) {
	for _, c := range []struct{ name, play string }{
		{"no legal option", `  - choose:
      player: "seat(1)"
      options: [{action: go, if: "count(pile) > 5"}]`},
		{"card not there", `  - move: {from: pile, to: side, card: "'heist'"}`},
		{"seat not at the table", `  - set: "coins[seat(3)] += 1"`},
		{"zone of no seat", `  - set: "s = none"
  - move: {from: "hand[s]", to: pile}`},
		{"overflow", `  - repeat: 40
    do: [{set: "n = n * 2"}]`},
		{"list position", `  - set: "n = nums[len(nums)]"`},
		{"a die without sides", `  - roll: n
    sides: "n - 3"`},
		{"no decision", `  - while: "true"
    do: [{tally: k}]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := refFuzzHeader + "play:\n  - move: {from: deck, to: pile}\n" + c.play + "\nwinners:\n  - highest: \"coins[seat]\"\n"
			g := buildGenerated(t, src)
			s := g.NewState(2, engine.StateOptions{})
			engine.Apply(s, s.ChanceOutcomes(nil)[0].Action)
			if err := s.(engine.InvariantChecker).CheckInvariants(); !s.IsTerminal() || err == nil {
				t.Fatalf("the fast engine did not stop on a rules error: %v", err)
			}
			if d := rules.Agree(g, 2, 1, 100); d != nil {
				t.Error(d)
			}
		})
	}
}

// A rules error on the way to a decision ends the game: in a move's or
// a deal's count out of a shuffled pile, a die's sides, the player of a
// choice, the if of a secret choice's option. The fuzzer found the
// engine then waiting for the draw or the roll, the game going on.
func TestRulesErrorBeforeADecisionEndsTheGame(t *testing.T) {
	for _, stmt := range []string{
		`  - move: {from: deck, to: pile, count: "count(hand[s])"}`,
		`  - deal: {from: deck, to: hand, count: "count(hand[s])"}`,
		`  - roll: n
    sides: "count(hand[s]) % 6 + 1"`,
		`  - choose:
      player: "if(count(hand[s]) > 0, seat(1), seat(2))"
      options: [{action: go}]`,
		`  - choose:
      player: all
      options: [{action: go, if: "count(hand[s]) > 100"}]`,
	} {
		// Seat 1's hand holds cards, which the engine read for the
		// seat that is none (and then drew).
		src := refFuzzHeader + `play:
  - collect: pile
  - move: {from: pile, to: "hand[seat(1)]", count: 3}
  - move: {from: pile, to: deck, count: all}
  - set: "s = none"
` + stmt + "\nwinners:\n  - highest: \"coins[seat]\"\n"
		g := buildGenerated(t, src)
		s := g.NewState(2, engine.StateOptions{})
		if err := s.(engine.InvariantChecker).CheckInvariants(); !s.IsTerminal() || err == nil {
			t.Errorf("%s: a rules error (%v), and %s to move", stmt, err, s.CurrentPlayer())
		}
		if d := rules.Agree(g, 2, 1, 100); d != nil {
			t.Errorf("%s: %s", stmt, d)
		}
	}
}

// Division works out both its sides, the left first, as every operator
// does: a rules error in the dividend is one when the divisor is 0 too
// (the fuzzer found the engine skipping the dividend then).
func TestDivisionByZeroStillReadsTheDividend(t *testing.T) {
	src := refFuzzHeader + `play:
  - set: "s = none"
  - set: "n = coins[s] / 0"
winners:
  - highest: "coins[seat]"
`
	g := buildGenerated(t, src)
	s := g.NewState(2, engine.StateOptions{})
	if err := s.(engine.InvariantChecker).CheckInvariants(); err == nil {
		t.Error("coins[none] / 0 is no rules error")
	}
	if d := rules.Agree(g, 2, 1, 10); d != nil {
		t.Error(d)
	}
}
