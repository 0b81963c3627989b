package rules

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/finding"
)

// expectAll runs one rule test of Crazy Eights whose expect holds each
// expression with its value, at a position of three hands.
func expectAll(t *testing.T, expect map[string]string) {
	t.Helper()
	g := loadGame(t, "../../cards/crazy-eights")
	src := `
tests:
  - name: bindings
    players: 3
    at: turn
    position:
      discard: [hearts-3]
      turn: 1
      "hand[1]": [clubs-8, spades-8, hearts-4, diamonds-5]
      "hand[2]": [clubs-2, spades-5]
      "hand[3]": [hearts-k]
    expect:
`
	for e, v := range expect {
		src += "      \"" + e + "\": " + v + "\n"
	}
	passed, failed, found := g.RunTests(testsFrom(t, src), nil)
	if passed != 1 || failed != 0 {
		t.Errorf("%d passed, %d failed: %v", passed, failed, found)
	}
}

// An aggregate's as names what it binds, so an inner aggregate reads the
// outer card, seat or item by that name; the implicit card and seat keep
// working beside it.
func TestNamedBindingsInAggregates(t *testing.T) {
	expectAll(t, map[string]string{
		// cards of hand 1 with another card of their rank: the two eights
		"count(hand[1] as c, any(hand[1], card.rank == c.rank and card != c))": "2",
		// the same with both named, and with the outer implicit
		"count(hand[1] as c, any(hand[1] as d, d.rank == c.rank and d != c))":  "2",
		"count(hand[1], any(hand[1] as d, d.rank == card.rank and d != card))": "2",
		// every aggregate takes as: seats, sums, min, max, argmax, all
		"sum(seats as s, count(hand[s]))":                               "7",
		"sum(hand[1] as c, count(hand[2], card.suit == c.suit))":        "2",
		"max(seats as s, count(hand[s]))":                               "4",
		"min(hand[1] as c, index(c.rank))":                              "3",
		"argmax(seats as s, count(hand[s] as c, c.suit != 'hearts'))":   "1",
		"argmin(seats as s, count(hand[s]))":                            "3",
		"all(hand[2] as c, any(hand[1], card.suit == c.suit))":          "true",
		"any(hand[3] as c, any(hand[1], card.suit == c.suit))":          "true",
		"count(hand[1] where card.rank == '8' as c, c.suit == 'clubs')": "1",
		"count(seats as s, any(hand[s] as c, c.suit == 'spades'))":      "2",
		"sum(seats, count(hand[seat]))":                                 "7",
	})
}

// Misused, as is an error at its place: outside an aggregate's first
// argument, naming a declared name, a reserved word, or a name bound
// around it (which it would hide).
func TestNamedBindingMistakes(t *testing.T) {
	for _, c := range []struct {
		expr, mark string
		off        int
		msg        string
	}{
		{`coins[turn] += count(hand[turn] as coins)`, "as coins", 3, "coins is declared already"},
		{`coins[turn] += count(hand[turn] as player)`, "player)", 0, "player is a reserved word"},
		{`coins[turn] += count(hand[turn] as c, count(hand[turn] as c) > 0)`, "c) > 0", 0, "c is bound already around this aggregate"},
		{`coins[turn] += max(3 as c, 4)`, "3 as c", 0, "max counts over a zone, seats or a list parameter"},
		{`coins[turn] += abs(3 as c)`, "as c", 0, "as names what an aggregate binds"},
	} {
		t.Run(c.msg, func(t *testing.T) {
			line := `      - set: "` + c.expr + `"` + "\n"
			g, found, dir := bankEdited(t, bankEdit{"rules.yaml", "      - set: \"coins[turn] += bonus - 1\"\n", line})
			if g != nil {
				t.Fatal("builds")
			}
			only(t, found, "RULES_TYPE", at(t, dir, "rules.yaml", c.mark, c.off), c.msg)
		})
	}
}

// A value may share its name with a card field: card.color (or c.color)
// is always the field, bare color always the value. A bare field name
// with no value or define of that name points at card.color.
func TestValuesNamedLikeFields(t *testing.T) {
	g, found, _ := bankEdited(t,
		bankEdit{"rules.yaml", "values:\n", "values:\n  color: {type: color, start: \"'blue'\"}\n"},
		bankEdit{"rules.yaml", "              then:\n", "              then:\n                - set: \"color = card.color\"\n"})
	if g == nil {
		t.Fatal(found)
	}
	tests := `
tests:
  - name: the value color is the colour of the card played
    players: 2
    at: turn
    position: {"hand[1]": [job, heist], played: [tax], turn: 1}
    moves: [job]
    rolls: [1]
    expect:
      color: red
      "count(played, card.color == color)": 2
      "count(played as c, c.color != color)": 0
      "count(played, card.color == 'blue' and color == 'red')": 0
`
	passed, failed, found := g.RunTests(testsFrom(t, tests), nil)
	if passed != 1 || failed != 0 {
		t.Errorf("%d passed, %d failed: %v", passed, failed, found)
	}
	g, found, dir := bankEdited(t, bankEdit{"rules.yaml", "card.color == 'red')", "color == 'red')"})
	if g != nil {
		t.Fatal("builds")
	}
	only(t, found, "RULES_UNDEFINED", at(t, dir, "rules.yaml", "color == 'red')", 0), "color is a card field", "write card.color")
}

// bidBank is Bank Run with its die replaced by a number choice: the seat
// whose turn it is picks bonus from 1 to, an expression.
func bidBank(t *testing.T, to string) (*Game, []finding.Finding, string) {
	t.Helper()
	return bankEdited(t, bankEdit{"rules.yaml", "      - roll: bonus\n        sides: 3\n", `      - choose:
          id: bid
          player: turn
          options:
            - value: {from: "1", to: "` + to + `"}
              name: bid
              if: "value != 2 or coins[player] > 0"
              then: [{set: "bonus = value"}]
`})
}

// A number choice offers every number from its from to its to, worked
// out as the choice opens, less those its if refuses; tests name the
// numbers, the log says them, and a range past the limit or no number at
// all stops the game with a rules error at the option.
func TestNumberChoices(t *testing.T) {
	g, found, _ := bidBank(t, "min(3, coins[player] + 1)")
	if g == nil {
		t.Fatal(found)
	}
	tests := `
tests:
  - name: a seat with 2 coins bids 1 to 3
    players: 2
    at: bid
    position: {"coins[1]": 2, turn: 1}
    legal: ["1", "2", "3"]
    moves: ["3"]
    expect: {bonus: 3, "coins[1]": 4}
  - name: with no coin, 1 is all the range, 2 is refused
    players: 2
    at: bid
    position: {"coins[1]": 0, turn: 1}
    legal: ["1"]
    not_legal: ["2", "0"]
  - name: a number the range does not hold
    players: 2
    at: bid
    position: {"coins[1]": 0, turn: 1}
    moves: ["3"]
`
	passed, failed, found := g.RunTests(testsFrom(t, tests), nil)
	want := `t.yaml:20:13: error RULES_TEST: test "a number the range does not hold": move 3 is not legal for seat 1 at choice bid (legal [1])`
	if passed != 2 || failed != 1 || len(found) != 1 || found[0].String() != want {
		t.Errorf("%d passed, %d failed: %v\nwant %s", passed, failed, found, want)
	}
	var log strings.Builder
	st := g.NewState(2, engine.StateOptions{Log: func(e engine.Event) { log.WriteString(e.Text + "\n") }})
	s := stateOf(st)
	for r := engine.NewRand(1); s.mode == mChance || s.mode == mRoll; {
		engine.Apply(s, s.SampleChance(r))
	}
	if s.mode != mSeat || s.ch.id != "bid" {
		t.Fatalf("not at bid: %v", s.mode)
	}
	engine.Apply(s, s.legalNow(s.seat)[0])
	if !strings.Contains(log.String(), "bid 1") {
		t.Errorf("the log does not say the bid:\n%s", log.String())
	}
}

func TestNumberChoiceMistakes(t *testing.T) {
	// Too many numbers, known before play: RULES_LIMIT at the value.
	g, found, dir := bidBank(t, "5000")
	if g != nil {
		t.Fatal("builds")
	}
	only(t, found, "RULES_LIMIT", at(t, dir, "rules.yaml", `{from: "1"`, 0), "at most 1000 numbers, not 5000")
	// Not a number: RULES_TYPE in the expression.
	g, found, dir = bidBank(t, "turn")
	if g != nil {
		t.Fatal("builds")
	}
	only(t, found, "RULES_TYPE", at(t, dir, "rules.yaml", `turn"}`, 0), "to needs a number")
	// Too many in play, or none: a rules error at the option.
	for _, c := range []struct{ to, msg string }{
		{"coins[player] * 1000 + 1001", "more than the 1000 a number choice offers at choice bid"},
		{"coins[player] - 1", "has no legal option at choice bid"},
	} {
		g, found, dir := bidBank(t, c.to)
		if g == nil {
			t.Fatal(found)
		}
		s := stateOf(g.NewState(2, engine.StateOptions{}))
		for r := engine.NewRand(1); s.mode == mChance; {
			engine.Apply(s, s.SampleChance(r))
		}
		if !strings.Contains(s.fault, c.msg) || !strings.Contains(s.fault, dir) {
			t.Errorf("fault %q, want %q", s.fault, c.msg)
		}
	}
}

// A test starts at the visit-th decision at its choice: Hearts' pass is a
// repeat of pass_count secret picks, and visit 3 is its third round, two
// cards already passed.
func TestRuleTestsAtARepeatsRound(t *testing.T) {
	g := loadGame(t, "../../cards/hearts")
	round := func(visit, passed string) string {
		return `
  - name: pass round ` + visit + `
    players: 4
    at: pass
    visit: ` + visit + `
    expect: {"count(passing[1])": ` + passed + `, "count(passing[4])": ` + passed + `}`
	}
	passed, failed, found := g.RunTests(testsFrom(t, "tests:"+round("1", "0")+round("2", "1")+round("3", "2")), nil)
	if passed != 3 || failed != 0 {
		t.Errorf("%d passed, %d failed: %v", passed, failed, found)
	}
	for _, c := range []struct{ visit, want string }{
		{"0", `t.yaml:5:12: error RULES_TEST: test "pass round 0": visit is which time the game stops at choice pass, 1 to 1000000`},
		{"three", `t.yaml:5:12: error RULES_TEST: test "pass round three": visit is which time the game stops at choice pass, 1 to 1000000`},
		{"1000000", `t.yaml:4:9: error RULES_TEST: test "pass round 1000000": the game ends (`},
	} {
		_, failed, found := g.RunTests(testsFrom(t, "tests:"+round(c.visit, "0")), nil)
		if failed != 1 || len(found) != 1 || !strings.HasPrefix(found[0].String(), c.want) {
			t.Errorf("%d failed: %v\nwant %s", failed, found, c.want)
		}
	}
}

// Zones may start with the cards of a condition, card.deck among what it
// reads: Bank Run with its blue cards in a vault of their own.
func TestSeveralStartZones(t *testing.T) {
	vault := func(start string) bankEdit {
		return bankEdit{"rules.yaml", "  played:", "  vault: {owner: table, visibility: public, start: \"" + start + "\"}\n  played:"}
	}
	g, found, _ := bankEdited(t, vault("card.deck == 'main' and card.color == 'blue'"))
	if g == nil {
		t.Fatal(found)
	}
	tests := `
tests:
  - name: the blue cards start in the vault, the others in the deck
    players: 2
    at: turn
    expect:
      vault: [heist, heist, heist, heist]
      "count(deck) + count(hand[1]) + count(hand[2])": 8
      "count(deck, card.color == 'blue')": 0
      "all(vault, card.deck == 'main')": true
  - name: a position's left-over cards go back where they started
    players: 2
    at: turn
    position: {"hand[1]": [job], "hand[2]": [tax], vault: []}
    expect:
      vault: []
      "count(deck)": 6
`
	passed, failed, found := g.RunTests(testsFrom(t, tests), nil)
	if passed != 2 || failed != 0 {
		t.Errorf("%d passed, %d failed: %v", passed, failed, found)
	}
	for _, c := range []struct {
		edit             bankEdit
		code, mark, part string
	}{
		{vault("coins[seat(1)] > 0"), "RULES_STRUCTURE", "\"coins[seat(1)]", "coins is a value"},
		{vault("card.color"), "RULES_TYPE", "card.color\"", "start needs true/false"},
		{vault("card.deck == 'chips'"), "RULES_UNDEFINED", "'chips'", "'chips' is not a value of deck"},
		{bankEdit{"rules.yaml", "hand: {owner: player, visibility: owner}", "hand: {owner: player, visibility: owner, start: \"card.color == 'red'\"}"},
			"RULES_STRUCTURE", "\"card.color == 'red'", "not in one per seat"},
	} {
		t.Run(c.part, func(t *testing.T) {
			g, found, dir := bankEdited(t, c.edit)
			if g != nil {
				t.Fatal("builds")
			}
			only(t, found, c.code, at(t, dir, "rules.yaml", c.mark, 0), c.part)
		})
	}
}

// The test games written from docs/rules.md as a new designer would (a
// take-or-pay chip game, a simultaneous draft, a market with dice, a bid
// and secret objectives) play to the end at every player count within
// the State contract, their bots decide from what their seat sees, and
// their rule tests pass (the market's include a failure a roll decides).
func TestDesignerGames(t *testing.T) {
	for _, game := range []string{"chips", "draft", "market"} {
		t.Run(game, func(t *testing.T) {
			dir := filepath.Join("testdata", game)
			g := loadGame(t, dir)
			enginetest.CheckInfo(t, g)
			enginetest.RandomPlayoutsAtEveryCount(t, g, 30, 1)
			info := g.Info()
			for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
				enginetest.FairBots(t, g, n, 5, 3)
			}
			passed, failed, found := g.RunTests(loadTests(t, filepath.Join(dir, "tests.yaml")), nil)
			if failed > 0 || passed < 3 || len(found) > 0 {
				t.Errorf("%d passed, %d failed: %v", passed, failed, found)
			}
		})
	}
}

// Every excerpt of docs/rules.md's Patterns section is the test game it
// names, line for line (indentation aside): the patterns a designer
// copies are rules that lint clean and pass their tests.
func TestPatternsAreTheTestGames(t *testing.T) {
	doc, err := os.ReadFile("../../docs/rules.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "\n## Patterns\n")
	if !ok {
		t.Fatal("docs/rules.md has no Patterns section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	checked := map[string]bool{}
	for _, block := range strings.Split(section, "```yaml\n")[1:] {
		block, _, _ = strings.Cut(block, "```")
		header, body, _ := strings.Cut(block, "\n")
		path, ok := strings.CutPrefix(header, "# engine/rules/testdata/")
		if !ok {
			t.Errorf("an excerpt does not name its test game on its first line: %q", header)
			continue
		}
		data, err := os.ReadFile(filepath.Join("testdata", path))
		if err != nil {
			t.Fatal(err)
		}
		if !containsLines(strings.Split(string(data), "\n"), strings.Split(strings.TrimRight(body, "\n"), "\n")) {
			t.Errorf("the excerpt of %s is not in the file:\n%s", path, body)
		}
		checked[strings.Split(path, "/")[0]] = true
	}
	for _, game := range []string{"chips", "draft", "market", "alibi"} {
		if !checked[game] {
			t.Errorf("no pattern quotes %s", game)
		}
	}
}

// containsLines reports whether lines holds want as a run of lines, each
// run compared with its common indentation removed.
func containsLines(lines, want []string) bool {
	want = dedent(want)
	for i := 0; i+len(want) <= len(lines); i++ {
		if slices.Equal(dedent(lines[i:i+len(want)]), want) {
			return true
		}
	}
	return false
}

func dedent(lines []string) []string {
	cut := -1
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if n := len(l) - len(strings.TrimLeft(l, " ")); cut < 0 || n < cut {
			cut = n
		}
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		if len(l) >= cut && cut > 0 {
			l = l[cut:]
		}
		out[i] = l
	}
	return out
}

// A number choice without both ends stops at the schema, at the value.
func TestNumberChoiceNeedsBothEnds(t *testing.T) {
	g, found, dir := bankEdited(t, bankEdit{"rules.yaml", "      - roll: bonus\n        sides: 3\n", `      - choose:
          id: bid
          player: turn
          options:
            - value: {from: "1"}
              then: [{set: "bonus = value"}]
`})
	if g != nil {
		t.Fatal("builds")
	}
	want := at(t, dir, "rules.yaml", `{from: "1"}`, 0)
	for _, f := range found {
		if f.Pos.String() == want && f.Code == "SCHEMA_REQUIRED" && strings.Contains(f.Message, `"to"`) {
			return
		}
	}
	t.Errorf("findings %v, want SCHEMA_REQUIRED for to at %s", found, want)
}

// The designer games' smoke games per second: the market's number
// choices, dice and start zones, the draft's secret picks, the chips'
// take-or-pay, none allocating per game.
func BenchmarkDesignerGamesSmokeGames(b *testing.B) {
	for _, game := range []string{"chips", "draft", "market"} {
		b.Run(game, func(b *testing.B) {
			g := loadGame(b, filepath.Join("testdata", game))
			info := g.Info()
			enginetest.BenchmarkSmokeGames(b, g, info.MinPlayers, info.MaxPlayers)
		})
	}
}
