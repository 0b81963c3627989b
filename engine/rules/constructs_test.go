package rules

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// The language's constructs one by one, each row a tiny rules snippet and
// what it does, played on Pickup's twelve cards (testdata/pickup: colour
// red or blue, points) with a keyword, an enum of numbers and a list
// parameter added for the functions that read them.

// snippetRules is the rules file rows edit: the statements of a row run
// when the first seat takes action go at choice act; choice stop then
// waits, so a rule test expects what they did.
const snippetRules = `
zones:
  deck: {owner: table, visibility: hidden, start: true}
  row: {owner: table, visibility: public, ordered: true}
  pile: {owner: player, visibility: public}
values:
  turn: {type: seat, start: "seat(1)"}
  n: {type: int, min: -100, max: 1000}
  k: {type: int, owner: player, min: -100, max: 1000}
  col: {type: color}
  slots: {type: int, size: 4}
play:
  - choose:
      id: act
      player: turn
      options:
        - action: go
          then: STATEMENTS
  - choose: {id: stop, player: turn, options: [{action: done}]}
winners:
  - highest: "k[seat]"
`

// snippetGame builds Pickup with rules (keywords, an enum of numbers
// and a list parameter added to its game) and the rule tests in tests.
func snippetGame(t *testing.T, rules, tests string) (*Game, *gamedata.RulesFile) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "pickup")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "pickup"))); err != nil {
		t.Fatal(err)
	}
	edit := func(file, old, new string) {
		path := filepath.Join(dir, file)
		data, err := os.ReadFile(path)
		if err != nil || !strings.Contains(string(data), old) {
			t.Fatalf("%s has no %q (%v)", file, old, err)
		}
		if err := os.WriteFile(path, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit("game.yaml", "print:\n", `keywords:
  - {id: lucky, name: Lucky, doc: A lucky card.}
parameters:
  steps: {default: [1, 2, 5], doc: A list.}
print:
`)
	edit("game.yaml", "      - {name: points, type: integer,", `      - {name: size, type: enum, values: ["1", "2", "3"], doc: A size.}
      - {name: points, type: integer,`)
	edit("cards.yaml", "color: blue, points: 4}", `color: blue, points: 4, keywords: [lucky], size: "3"}`)
	for _, f := range []struct{ name, text string }{{"rules.yaml", rules}, {"tests.yaml", "tests:\n" + tests}} {
		if err := os.WriteFile(filepath.Join(dir, f.name), []byte(f.text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d, found := gamedata.Load(dir, func(string) (fs.FS, bool) { return nil, true })
	if errs, _ := finding.Count(found); errs > 0 || d == nil {
		t.Fatalf("does not load: %v", found)
	}
	g, built := Build(d)
	if g == nil {
		t.Fatalf("does not build: %v", built)
	}
	return g, d.Tests[0]
}

// anyTest is a rule test for a game whose tests are not the point.
var anyTest = aRuleTest("any", "act", "    expect: {n: 0}\n")

// aRuleTest is one rule test at choice at, its keys (position, moves,
// legal, expect) in flow style.
func aRuleTest(name, at, keys string) string {
	return "  - name: \"" + name + "\"\n    players: 3\n    at: " + at + "\n" + keys
}

// passes runs g's rule tests, each a row, and fails the rows whose test
// failed with its findings.
func passes(t *testing.T, g *Game, f *gamedata.RulesFile, rows []string) {
	t.Helper()
	_, _, found := g.RunTests(f, nil)
	ok := map[string]bool{}
	g.RunTests(f, func(name string, passed bool) { ok[name] = passed })
	for _, name := range rows {
		t.Run(name, func(t *testing.T) {
			if !ok[name] {
				for _, f := range found {
					if strings.Contains(f.Message, `"`+name+`"`) {
						t.Error(f)
					}
				}
				if len(found) == 0 {
					t.Errorf("test %q did not run", name)
				}
			}
		})
	}
}

// TestStatements: each statement (and its keys) changes the position as
// docs/rules.md says.
func TestStatements(t *testing.T) {
	for _, c := range []struct {
		construct, statements, position, expect string
	}{
		{"set", `[{set: "n = 2 + 3"}]`, `{}`, `{n: 5}`},
		{"set +=", `[{set: "n += 4"}]`, `{n: 1}`, `{n: 5}`},
		{"set -= on a seat's value", `[{set: "k[player] -= 2"}]`, `{"k[1]": 3}`, `{"k[1]": 1, "k[2]": 0}`},
		{"set an enum value", `[{set: "col = 'blue'"}]`, `{}`, `{col: blue}`},
		{"if then", `[{if: "n > 0", then: [{set: "n = 10"}], else: [{set: "n = 20"}]}]`, `{n: 1}`, `{n: 10}`},
		{"if else", `[{if: "n > 0", then: [{set: "n = 10"}], else: [{set: "n = 20"}]}]`, `{n: 0}`, `{n: 20}`},
		{"while", `[{while: "n < 10", do: [{set: "n += 3"}]}]`, `{n: 0}`, `{n: 12}`},
		{"repeat", `[{repeat: "3", do: [{set: "n += 2"}]}]`, `{n: 0}`, `{n: 6}`},
		{"each_seat", `[{each_seat: "seat(2)", do: [{set: "n = n * 10 + k[player]"}]}]`, `{"k[1]": 1, "k[2]": 2, "k[3]": 3}`, `{n: 231}`},
		{"each_seat as", `[{each_seat: "seat(1)", as: s, do: [{set: "k[s] = count(pile[s])"}]}]`, `{"pile[2]": [one, two]}`, `{"k[1]": 0, "k[2]": 2, "k[3]": 0}`},
		{"each_value", `[{each_value: color, as: c, do: [{set: "n = n * 10 + count(row, card.color == c) + 1"}]}]`, `{row: [one, two, three], n: 0}`, `{n: 32}`},
		{"move a card", `[{move: {from: row, to: "pile[player]"}}]`, `{row: [one, two]}`, `{"pile[1]": [two], row: [one]}`},
		{"move a count", `[{move: {from: row, to: "pile[player]", count: "2"}}]`, `{row: [one, two, three]}`, `{"count(pile[1])": 2, row: [one]}`},
		{"move all", `[{move: {from: row, to: "pile[player]", count: all}}]`, `{row: [one, two, three]}`, `{"count(pile[1])": 3, "count(row)": 0}`},
		{"deal", `[{deal: {from: row, to: pile, count: "1"}}]`, `{row: [one, two, three]}`, `{"count(pile[1])": 1, "count(pile[2])": 1, "count(pile[3])": 1}`},
		{"collect", `[{collect: deck}]`, `{row: [one, two], "pile[2]": [three]}`, `{"count(deck)": 12, "count(row)": 0, "count(pile[2])": 0}`},
		{"roll", `[{roll: n, sides: "3"}]`, `{}`, `{n: 2}`},
		{"end", `[{end: "a reason"}]`, `{}`, `{over: true}`},
		{"end with no winners", `[{end: "a draw", winners: none}]`, `{}`, `{winners: []}`},
	} {
		t.Run(c.construct, func(t *testing.T) {
			rolls := ""
			if c.construct == "roll" {
				rolls = "    rolls: [2]\n"
			}
			test := aRuleTest(c.construct, "act", "    position: "+c.position+"\n    moves: [go]\n"+rolls+"    expect: "+c.expect+"\n")
			g, f := snippetGame(t, strings.Replace(snippetRules, "STATEMENTS", c.statements, 1), test)
			passes(t, g, f, []string{c.construct})
		})
	}
}

// TestExpressions: each operator and function of the language on one
// position: row (ordered, bottom first) four, one, minus-two; seat 1's
// pile two, three; seat 2's four; n 7; turn seat 1 of 3.
func TestExpressions(t *testing.T) {
	rows := []struct{ construct, expr, want string }{
		{"+ and *", "n * 2 + 1", "15"},
		{"- and unary -", "-n - 1", "-8"},
		{"/ rounds down", "n / 2", "3"},
		{"%", "n % 4", "3"},
		{"comparison", "n >= 7", "true"},
		{"and or not", "n > 1 and not (n > 10) or false", "true"},
		{"in", "top(row) in ('minus-two', 'one')", "true"},
		{"where", "count(row where card.color == 'blue')", "1"},
		{"count", "count(row)", "3"},
		{"count with a condition", "count(row, card.points > 0)", "2"},
		{"count seats", "count(seats)", "3"},
		{"count as", "count(pile[1] as c, any(row, card.points > c.points))", "2"},
		{"sum", "sum(pile[1], card.points)", "5"},
		{"sum over seats", "sum(seats, count(pile[seat]))", "3"},
		{"min of two", "min(n, 3)", "3"},
		{"max of two", "max(n, 30)", "30"},
		{"min over a zone", "min(row, card.points)", "-2"},
		{"max over a zone", "max(row, card.points)", "4"},
		{"any", "any(row, card.points < 0)", "true"},
		{"all", "all(row, card.color == 'red')", "false"},
		{"argmax", "argmax(seats, count(pile[seat]))", "1"},
		{"argmin", "argmin(seats, count(pile[seat]))", "3"},
		{"top", "top(row)", "minus-two"},
		{"bottom", "bottom(row)", "four"},
		{"next", "next(turn)", "2"},
		{"next by 2", "next(turn, 2)", "3"},
		{"prev", "prev(turn)", "3"},
		{"across", "across(turn)", "2"},
		{"seat", "seat(2)", "2"},
		{"seat past the table", "seat(9)", "none"},
		{"has", "has(bottom(row), 'lucky')", "true"},
		{"has not", "has(top(row), 'lucky')", "false"},
		{"if", "if(n > 5, 1, 2)", "1"},
		{"abs", "abs(0 - n)", "7"},
		{"index", "index(bottom(row).size)", "2"},
		{"number", "number(bottom(row).size)", "3"},
		{"len", "len(steps)", "3"},
		{"nth", "nth(slots, 0, 3)", "2"},
		{"nth past the items", "nth(slots, 0, 5)", "-1"},
		{"nth of none", "nth(slots, 1, 1)", "-1"},
		{"a list's item", "steps[2]", "5"},
		{"a card's field", "bottom(row).points", "4"},
		{"none", "seat(0) == none", "true"},
	}
	var tests strings.Builder
	names := make([]string, len(rows))
	for i, r := range rows {
		names[i] = r.construct
		tests.WriteString(aRuleTest(r.construct, "act",
			`    position: {row: [four, one, minus-two], "pile[1]": [two, three], "pile[2]": [four], n: 7, turn: 1}`+"\n"+
				`    expect: {"`+r.expr+`": `+r.want+"}\n"))
	}
	g, f := snippetGame(t, strings.Replace(snippetRules, "STATEMENTS", "[]", 1), tests.String())
	passes(t, g, f, names)
	for _, b := range builtins {
		if !containsCall(rows, b.name) {
			t.Errorf("no row calls the builtin %s", b.name)
		}
	}
}

func containsCall(rows []struct{ construct, expr, want string }, name string) bool {
	for _, r := range rows {
		if strings.Contains(r.expr, name+"(") {
			return true
		}
	}
	return false
}

// TestChoices: each kind of option offers the actions docs/rules.md
// says; position row (unordered here: any order) four, one, minus-two, n 3.
func TestChoices(t *testing.T) {
	for _, c := range []struct {
		construct, options, legal string
	}{
		{"a card", `[{card: row}]`, `[four, one, minus-two]`},
		{"a card with if", `[{card: row, if: "card.points > 0"}]`, `[four, one]`},
		{"a value of an enum", `[{value: color}]`, `[red, blue]`},
		{"a seat", `[{value: seat}]`, `["1", "2", "3"]`},
		{"a seat with if", `[{value: seat, if: "value != player"}]`, `["2", "3"]`},
		{"a number", `[{value: {from: "1", to: "n"}}]`, `["1", "2", "3"]`},
		{"a number with if", `[{value: {from: "0", to: "n"}, if: "value % 2 == 0"}]`, `["0", "2"]`},
		{"an action", `[{action: pass}]`, `[pass]`},
		{"an action with if", `[{action: pass, if: "n > 100"}, {action: draw}]`, `[draw]`},
		{"an action's name", `[{action: pass, name: fold}]`, `[fold]`},
		{"several options", `[{card: row, if: "card.color == 'blue'"}, {action: pass}]`, `[four, pass]`},
	} {
		t.Run(c.construct, func(t *testing.T) {
			// The row filled and n set, so that the choice has options
			// when the game reaches it, before the test's position.
			rules := strings.Replace(snippetRules, "  - choose: {id: stop,", `  - move: {from: deck, to: row, count: "3"}
  - set: "n = 3"
  - choose: {id: pick, player: turn, options: `+c.options+"}\n  - choose: {id: stop,", 1)
			rules = strings.Replace(rules, "STATEMENTS", "[]", 1)
			test := aRuleTest(c.construct, "pick", `    position: {row: [four, one, minus-two], n: 3}`+"\n    legal: "+c.legal+"\n")
			g, f := snippetGame(t, rules, test)
			passes(t, g, f, []string{c.construct})
		})
	}
}

// TestZoneVisibility: which seats see a zone's cards and its size, by
// its declaration; and which see a value.
func TestZoneVisibility(t *testing.T) {
	const own, other, table = "own", "other", "table"
	for _, c := range []struct {
		construct, decl string
		whose           string // the instance seat 1 looks at: its own, seat 2's, or the table's
		cards, size     bool
	}{
		{"a public table zone", `row: {owner: table, visibility: public}`, table, true, true},
		{"a hidden table zone", `row: {owner: table, visibility: hidden}`, table, false, true},
		{"a public seat's zone, another's", `pile: {owner: player, visibility: public}`, other, true, true},
		{"an owner-only zone, its own", `pile: {owner: player, visibility: owner}`, own, true, true},
		{"an owner-only zone, another's", `pile: {owner: player, visibility: owner}`, other, false, true},
		{"a hidden seat's zone, its own", `pile: {owner: player, visibility: hidden}`, own, false, true},
		{"size: owner, its own", `pile: {owner: player, visibility: owner, size: owner}`, own, true, true},
		{"size: owner, another's", `pile: {owner: player, visibility: owner, size: owner}`, other, false, false},
	} {
		t.Run(c.construct, func(t *testing.T) {
			name := c.decl[:strings.Index(c.decl, ":")]
			rules := snippetRules
			for _, line := range strings.Split(rules, "\n") {
				if strings.HasPrefix(line, "  "+name+": {") {
					rules = strings.Replace(rules, line, "  "+c.decl, 1)
				}
			}
			g, _ := snippetGame(t, strings.Replace(rules, "STATEMENTS", "[]", 1), anyTest)
			s := g.NewState(3, engine.StateOptions{}).(*state)
			i := -1
			for _, z := range g.zones {
				if z.name == name {
					i = z.base
				}
			}
			if c.whose == other {
				i++
			}
			if got := s.sees(0, i); got != c.cards {
				t.Errorf("seat 1 sees the cards: %v, want %v", got, c.cards)
			}
			if got := s.seesSize(0, i); got != c.size {
				t.Errorf("seat 1 sees the size: %v, want %v", got, c.size)
			}
		})
	}
	for _, c := range []struct {
		construct, decl string
		other           bool // seat 1 looks at seat 2's value
		sees            bool
	}{
		{"a public value", `k: {type: int, owner: player, min: -100, max: 1000}`, true, true},
		{"a secret value, its own", `k: {type: int, owner: player, min: -100, max: 1000, visibility: owner}`, false, true},
		{"a secret value, another's", `k: {type: int, owner: player, min: -100, max: 1000, visibility: owner}`, true, false},
	} {
		t.Run(c.construct, func(t *testing.T) {
			rules := strings.Replace(snippetRules, "  k: {type: int, owner: player, min: -100, max: 1000}", "  "+c.decl, 1)
			g, _ := snippetGame(t, strings.Replace(rules, "STATEMENTS", "[]", 1), anyTest)
			s := g.NewState(3, engine.StateOptions{}).(*state)
			i := -1
			for _, v := range g.values {
				if v.name == "k" {
					i = v.base
				}
			}
			if c.other {
				i++
			}
			if got := s.seesValue(0, i); got != c.sees {
				t.Errorf("seat 1 sees the value: %v, want %v", got, c.sees)
			}
		})
	}
}

// TestBuiltinsAreOneList: the builtins table is what the error for an
// unknown function lists and what names cannot be declared.
func TestBuiltinsAreOneList(t *testing.T) {
	_, found := editedGame(t, "pickup", bankEdit{"rules.yaml", `set: "turn = next(turn)"`, `set: "turn = nxt(turn)"`})
	want := "nxt is not a function (count, sum, min, max, any, all, argmin, argmax, top, bottom, next, prev, across, seat, has, if, abs, index, number, len, nth)"
	if !strings.Contains(findingsText(found), want) {
		t.Errorf("an unknown function: %s, want %q", findingsText(found), want)
	}
	for _, b := range builtins {
		_, found := editedGame(t, "pickup", bankEdit{"rules.yaml", "  bonus: {type: int,", "  " + b.name + ": {type: int,"})
		if !strings.Contains(findingsText(found), b.name+" is a reserved word") {
			t.Errorf("a value named %s: %s", b.name, findingsText(found))
		}
	}
}

// TestBuiltinsAreDocumented: docs/rules.md's table of functions has a
// row for every builtin.
func TestBuiltinsAreDocumented(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	start := strings.Index(text, "### Functions")
	end := strings.Index(text[start+1:], "\n## ")
	if start < 0 || end < 0 {
		t.Fatal("docs/rules.md has no section ### Functions")
	}
	table := text[start : start+1+end]
	for _, b := range builtins {
		if !strings.Contains(table, "| `"+b.name+"(") && !strings.Contains(table, ", `"+b.name+"(") {
			t.Errorf("docs/rules.md's Functions has no row for %s", b.name)
		}
	}
}
