package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"

	"go.yaml.in/yaml/v3"
)

// loadTests parses a tests file by hand, as the loader does.
func loadTests(t *testing.T, path string) *gamedata.RulesFile {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	return &gamedata.RulesFile{Path: path, Root: doc.Content[0]}
}

func TestGameRuleTests(t *testing.T) {
	for _, game := range []string{"crazy-eights", "hearts"} {
		t.Run(game, func(t *testing.T) {
			dir := filepath.Join("../../cards", game)
			g := loadGame(t, dir)
			f := loadTests(t, filepath.Join(dir, "tests.yaml"))
			passed, failed, found := g.RunTests(f, func(name string, ok bool) {
				if !ok {
					t.Errorf("test %q fails", name)
				}
			})
			for _, f := range found {
				t.Error(f.String())
			}
			if failed > 0 || passed < 8 {
				t.Errorf("%d passed, %d failed; want at least 8 and none failing", passed, failed)
			}
		})
	}
}

// TestRuleTestsFail runs a tests file that is wrong on purpose: every
// mistake and every failed check is a finding at its place.
func TestRuleTestsFail(t *testing.T) {
	g := loadGame(t, "../../cards/crazy-eights")
	path := filepath.Join("testdata", "wrong-tests.yaml")
	var names []string
	passed, failed, found := g.RunTests(loadTests(t, path), func(name string, ok bool) {
		if !ok {
			names = append(names, name)
		}
	})
	var got []string
	for _, f := range finding.Sort(found) {
		if f.Code != "RULES_TEST" || f.Severity != finding.Error {
			t.Errorf("finding %s: want an error RULES_TEST", f)
		}
		got = append(got, strings.TrimPrefix(f.Pos.String(), path+":")+": "+f.Message)
	}
	want := []string{
		`14:12: test "wrong checks": expected legal [clubs-8, spades-5], got [clubs-8] (seat 1 at choice turn)`,
		`15:17: test "wrong checks": expected clubs-8 not legal, and it is (seat 1 at choice turn; legal [clubs-8])`,
		`18:7: test "wrong checks": expected hearts, got spades`,
		`19:7: test "wrong checks": expected [clubs-8], got [spades-5]`,
		`20:7: test "wrong checks": expected hearts-3, got clubs-8`,
		`21:7: test "wrong checks": expected 5, got 2`,
		`22:7: test "wrong checks": expected over true, got false`,
		`23:7: test "wrong checks": expected winners [2], got a game that is not over`,
		`26:14: test "mistakes in the file": the game plays with 2 to 7 players, not 9`,
		`31:9: test "unknown names": at names no choice of the rules (its choice ids: turn, name_suit)`,
		`32:5: test "unknown names": frobnicate is not a key of a test (name, players, seed, at, visit, seat, position, legal, not_legal, moves, draws, rolls, expect)`,
		`37:26: test "bad position": hearts-33 is not a card id of this game (did you mean hearts-3?)`,
		`37:38: test "bad position": hand[5] names a seat that is not at the table (seats 1 to 3)`,
		`37:60: test "bad position": purple is not a value of suit (its values: clubs, diamonds, hearts, spades)`,
		`43:21: test "bad expressions": expected ")", the expression ends in "count(hand[1]"`,
		`44:19: test "bad expressions": nothing is not a zone, value, define, parameter or bound name in "score[1] + nothing"`,
		`45:16: test "bad expressions": == compares a zone with a number in "hand[1] == 3"`,
		`46:19: test "bad expressions": expected a number, not none`,
		`52:13: test "moves that cannot be made": move spades-5 is not legal for seat 1 at choice turn (legal [draw])`,
		`59:13: test "draws that cannot be drawn": hearts-3 is drawn from stock, which does not hold it`,
		`64:17: test "an action the choice does not have": jump is no action of choice turn (its actions: card ids; draw; pass)`,
		`78:7: test "the wrong winner": expected over false, got true`,
		`79:7: test "the wrong winner": expected winners [2], got [1]`,
		`84:16: test "a seat not at the table": hand[5] names a seat that is not at the table (seats 1 to 3)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if passed != 1 || failed != 10 || len(names) != 10 {
		t.Errorf("%d passed, %d failed (%v); want 1 and 10", passed, failed, names)
	}
}

// Every name a test gives is checked before it runs, as validate does
// (CheckTests), each at its place: a card id that is not there is
// UNDEFINED_CARD, another name the rules do not have RULES_UNDEFINED,
// an expression's problem its own code, the rest RULES_TEST. What only
// playing shows is left to cardpress test.
func TestCheckTestsBeforeTheyRun(t *testing.T) {
	g := loadGame(t, "../../cards/crazy-eights")
	path := filepath.Join("testdata", "wrong-tests.yaml")
	var got []string
	for _, f := range finding.Sort(g.CheckTests([]*gamedata.RulesFile{loadTests(t, path)})) {
		got = append(got, strings.TrimPrefix(f.Pos.String(), path+":")+" "+f.Code+": "+f.Message)
	}
	want := []string{
		`26:14 RULES_TEST: test "mistakes in the file": the game plays with 2 to 7 players, not 9`,
		`31:9 RULES_UNDEFINED: test "unknown names": at names no choice of the rules (its choice ids: turn, name_suit)`,
		`32:5 RULES_TEST: test "unknown names": frobnicate is not a key of a test (name, players, seed, at, visit, seat, position, legal, not_legal, moves, draws, rolls, expect)`,
		`37:26 UNDEFINED_CARD: test "bad position": hearts-33 is not a card id of this game (did you mean hearts-3?)`,
		`37:38 RULES_TEST: test "bad position": hand[5] names a seat that is not at the table (seats 1 to 3)`,
		`37:60 RULES_UNDEFINED: test "bad position": purple is not a value of suit (its values: clubs, diamonds, hearts, spades)`,
		`43:21 RULES_SYNTAX: test "bad expressions": expected ")", the expression ends in "count(hand[1]"`,
		`44:19 RULES_UNDEFINED: test "bad expressions": nothing is not a zone, value, define, parameter or bound name in "score[1] + nothing"`,
		`45:16 RULES_TYPE: test "bad expressions": == compares a zone with a number in "hand[1] == 3"`,
		`46:19 RULES_TEST: test "bad expressions": expected a number, not none`,
		`64:17 RULES_UNDEFINED: test "an action the choice does not have": jump is no action of choice turn (its actions: card ids; draw; pass)`,
		`84:16 RULES_TEST: test "a seat not at the table": hand[5] names a seat that is not at the table (seats 1 to 3)`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The shipped tests name nothing that is not there.
	if found := g.CheckTests([]*gamedata.RulesFile{loadTests(t, "../../cards/crazy-eights/tests.yaml")}); len(found) > 0 {
		t.Errorf("shipped tests: %v", found)
	}
}

// TestRuleTestsNeverReached: a choice the game does not reach within its
// turn cap is a finding at the test's at.
func TestRuleTestsNeverReached(t *testing.T) {
	g := loadGame(t, "../../cards/crazy-eights")
	g.turnCap = 1
	_, failed, found := g.RunTests(testsFrom(t, `tests:
  - name: far
    players: 2
    at: name_suit
`), nil)
	if failed != 1 || len(found) != 1 || found[0].String() != `t.yaml:4:9: error RULES_TEST: test "far": choice name_suit is not reached in 1 moves (turn_cap), each seat playing its first legal action` {
		t.Errorf("%d failed: %v", failed, found)
	}
}

// TestRuleTestsMalformed: a tests file of the wrong shapes gives findings,
// never a panic.
func TestRuleTestsMalformed(t *testing.T) {
	g := loadGame(t, "../../cards/crazy-eights")
	for _, src := range []string{
		"tests: {a: 1}",
		"tests: [1, [2], {}]",
		"tests: [{name: x, players: [2], at: turn}]",
		"tests: [{name: x, players: 2, at: [turn]}]",
		"tests: [{name: x, players: 2, at: turn, seed: -1, seat: 9}]",
		"tests: [{name: x, players: 2, at: turn, position: [1], expect: 3, legal: {a: 1}, moves: x, draws: 1}]",
		"tests: [{name: x, players: 2, at: turn, position: {discard: hearts-3, named: [x], turn: 3, \"hand[1]\": {a: b}}}]",
		"tests: [{name: x, players: 2, at: turn, position: {\"hand[1] where card.suit == 'clubs'\": [], \"players\": 2, \"seat(1)\": 1}}]",
		"tests: [{name: x, players: 2, at: turn, expect: {seats: [], over: 3, winners: x, \"hand[1]\": x, named: [1]}}]",
		"tests: [{name: x, players: 2, at: turn, moves: [draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw, draw]}]",
	} {
		passed, failed, found := g.RunTests(testsFrom(t, src), nil)
		if passed != 0 || len(found) == 0 {
			t.Errorf("%s: %d passed, %d failed, %v", src, passed, failed, found)
		}
		for _, f := range found {
			if f.Line < 1 || f.File != "t.yaml" || strings.Contains(f.Message, "stopped the engine") {
				t.Errorf("%s: %s", src, f)
			}
			t.Log(f)
		}
	}
}

func testsFrom(t *testing.T, src string) *gamedata.RulesFile {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	return &gamedata.RulesFile{Path: "t.yaml", Root: doc.Content[0]}
}

// TestRuleTestsAfterARoll: a test whose at comes after a die roll reaches
// it (the runner used to loop for ever there), and rolls script the dice
// after at as draws script cards, so a result a roll decides is tested.
func TestRuleTestsAfterARoll(t *testing.T) {
	g, found, _ := bankEdited(t)
	if g == nil {
		t.Fatal(found)
	}
	test := func(rolls, coins string) string {
		return `
  - name: seat 2 rolls ` + rolls + `
    players: 2
    at: turn
    position: {"hand[1]": [job], "coins[2]": 0}
    moves: [job]
    rolls: [` + rolls + `]
    expect: {"coins[2]": ` + coins + `}`
	}
	// Reaching at after the first roll, the seed rolling.
	reached := `
  - name: after a roll
    players: 2
    at: turn
    expect: {over: false}`
	// bank's die has 3 sides; seat 2 gains its roll less one.
	passed, failed, found := g.RunTests(testsFrom(t, "tests:"+reached+test("3", "2")+test("1", "0")), nil)
	if passed != 3 || failed != 0 {
		t.Errorf("%d passed, %d failed: %v", passed, failed, found)
	}
	for _, tc := range []struct{ src, want string }{
		{"tests:" + test("3", "0"), `t.yaml:8:14: error RULES_TEST: test "seat 2 rolls 3": expected 0, got 2`},
		{"tests:" + test("4", "3"), `t.yaml:7:13: error RULES_TEST: test "seat 2 rolls 4": 4 is no side of the 3-sided die rolled here`},
		{"tests:" + test("2, 2, 2", "1"), `t.yaml:7:16: error RULES_TEST: test "seat 2 rolls 2, 2, 2": 2 and the rolls after it are never rolled`},
		{"tests:" + test("0", "1"), `t.yaml:7:13: error RULES_TEST: test "seat 2 rolls 0": 0 is no side of a die: a roll is a whole number from 1`},
	} {
		_, failed, found := g.RunTests(testsFrom(t, tc.src), nil)
		if failed != 1 || len(found) != 1 || found[0].String() != tc.want {
			t.Errorf("%d failed: %v\nwant %s", failed, found, tc.want)
		}
	}
}
