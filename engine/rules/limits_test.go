package rules

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
)

// The bank's play begins with its deal: statements put before it run as
// the game starts, before any decision.
const bankPlay = "  - deal: {from: deck, to: hand, count: 3}\n"

// at is the file:line:col of the col-th byte (from 1) of the first line
// of file in dir holding mark, plus off.
func at(t *testing.T, dir, file, mark string, off int) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, file))
	if err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(string(data), "\n") {
		if k := strings.Index(line, mark); k >= 0 {
			return fmt.Sprintf("%s:%d:%d", filepath.Join(dir, file), i+1, k+1+off)
		}
	}
	t.Fatalf("%s has no line holding %q", file, mark)
	return ""
}

// only fails unless found is exactly one finding, an error of code at
// pos whose message holds each of parts.
func only(t *testing.T, found []finding.Finding, code, pos string, parts ...string) {
	t.Helper()
	if len(found) != 1 || found[0].Code != code || found[0].Severity != finding.Error || found[0].Pos.String() != pos {
		t.Fatalf("findings %v, want one error %s at %s", found, code, pos)
	}
	for _, p := range parts {
		if !strings.Contains(found[0].Message, p) {
			t.Errorf("message %q does not say %q", found[0].Message, p)
		}
	}
}

// doublingDefines are d0 = 1, d1 = d0 + d0, ... dn: dn expands to 2^(n+1)-1
// parts.
func doublingDefines(n int) string {
	var b strings.Builder
	b.WriteString("define:\n  d0: \"1\"\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "  d%d: \"d%d + d%d\"\n", i, i-1, i-1)
	}
	return b.String() + "\n"
}

// Defines built on each other that double at every level are measured
// without being expanded: the first one over the limit is reported at
// its line, once, used or not, and nothing hangs.
func TestDefinesThatDoubleAreALimit(t *testing.T) {
	for _, use := range []string{"", "      - set: \"bonus = d40 - d40\"\n"} {
		edits := []bankEdit{{"rules.yaml", "zones:\n", doublingDefines(40) + "zones:\n"}}
		if use != "" {
			edits = append(edits, bankEdit{"rules.yaml", "      - set: \"turn = next(turn)\"\n", "      - set: \"turn = next(turn)\"\n" + use})
		}
		g, found, dir := bankEdited(t, edits...)
		if g != nil {
			t.Fatal("builds")
		}
		// d14 is the first of 2^15-1 = 32,767 parts, over 20,000.
		only(t, found, "RULES_LIMIT", at(t, dir, "rules.yaml", `d13 + d13"`, 0), "define d14 expands to 32767 parts", "20000")
	}
}

// An expression is measured with its defines pasted in: parts over the
// limit from defines each within it, or aggregates nested so deep that one
// evaluation would visit too much, are reported at the expression.
func TestExpressionsAreMeasured(t *testing.T) {
	big := "  - set: \"bonus = d13 + d13 + d13 - 3 * d13\"\n" // 3 x 16,383 parts
	deep := "  - if: \"any(seats, any(seats, any(seats, any(seats, any(seats, any(seats, any(seats, any(seats, any(seats, true)))))))))\"\n    then: [{set: \"bonus = 0\"}]\n"
	for _, c := range []struct{ stmt, mark, want string }{{big, "bonus = d13", "expands to 65539 parts"}, {deep, "any(seats, any", "may work out 1"}} {
		g, found, dir := bankEdited(t,
			bankEdit{"rules.yaml", "zones:\n", doublingDefines(13) + "zones:\n"},
			bankEdit{"rules.yaml", bankPlay, bankPlay + c.stmt})
		if g != nil {
			t.Fatal("builds")
		}
		only(t, found, "RULES_LIMIT", at(t, dir, "rules.yaml", c.mark, 0), c.want)
	}
}

// A repeat count known before play is at most 1,000,000, and arithmetic
// known before play stays within the numbers: each a finding at its place.
func TestRepeatCountsAndConstantsAreLimits(t *testing.T) {
	for _, c := range []struct{ count, mark string }{
		{"2147483647", "repeat: \"2147483647\""},
		{"65536 * 32768", "*"},
		{"2147483647 + 1", "+"},
		{"-2147483647 - 2", "- 2"},
		{"abs(-2147483647 - 1)", "abs"},
	} {
		g, found, dir := bankEdited(t, bankEdit{"rules.yaml", bankPlay, bankPlay + "  - repeat: \"" + c.count + "\"\n    do: [{set: \"bonus = 0\"}]\n"})
		if g != nil {
			t.Fatalf("%s: builds", c.count)
		}
		pos := at(t, dir, "rules.yaml", c.mark, 0)
		if c.mark == "repeat: \"2147483647\"" {
			pos = at(t, dir, "rules.yaml", "\"2147483647\"", 0)
		}
		only(t, found, "RULES_LIMIT", pos)
	}
}

// A loop's every round counts toward the steps allowed between two
// decisions: a repeat too long (its count worked out in play), repeats
// nested, a while that never ends, in Go code or in the program, each
// stops the game with a rules error naming the loop.
func TestLoopsWithoutADecisionRunOutOfSteps(t *testing.T) {
	nested := "  - repeat: 1000\n    do:\n      - repeat: 1001\n        do:\n          - repeat: 1002\n            do: [{set: \"bonus = 0\"}]\n"
	// A roll that never happens keeps the while in the program.
	program := "  - while: \"count(deck) > 0\"\n    do:\n      - set: \"bonus = 0\"\n      - if: \"count(deck) < 0\"\n        then: [{roll: bonus, sides: 3}]\n"
	for _, c := range []struct{ loop, mark, kind string }{
		{"  - repeat: \"count(deck) * 100000000\"\n    do: [{set: \"bonus = 0\"}]\n", "repeat: \"count", "repeat"},
		{nested, "repeat: 1002", "repeat"},
		{"  - each_seat: \"seat(1)\"\n    do:\n      - while: \"true\"\n        do: [{set: \"bonus = 0\"}]\n", "while: \"true", "while"},
		{program, "while: \"count", "while"},
	} {
		g, found, dir := bankEdited(t, bankEdit{"rules.yaml", bankPlay, c.loop + bankPlay})
		if g == nil {
			t.Fatalf("does not build: %v", found)
		}
		s := stateOf(g.NewState(2, engine.StateOptions{}))
		want := at(t, dir, "rules.yaml", c.mark, 0) + ": this " + c.kind + " ran 1048576 steps without a decision"
		if !strings.HasPrefix(s.fault, want) || s.CurrentPlayer() != engine.Terminal {
			t.Errorf("fault %q, want %q...", s.fault, want)
		}
	}
}

// Arithmetic in play that leaves the numbers stops the game with a rules
// error at its operator: +, -, *, /, negation, abs, sum, and a set's +=
// and -= on a value of the table or of a seat.
func TestArithmeticOverflowIsARulesError(t *testing.T) {
	values := "  big: {type: int, start: \"2147483640\"}\n  low: {type: int, start: \"-2147483640\"}\n  pile: {type: int, owner: player, start: \"2147483640\"}\n"
	for _, c := range []struct{ stmt, op, say, gives string }{
		{`set: "bonus = big + 10"`, "+", "+", "2147483650"},
		{`set: "bonus = low - 10"`, "- 10", "-", "-2147483650"},
		{`set: "bonus = big * 2"`, "*", "*", "4294967280"},
		{`set: "bonus = (low - 8) / -1"`, "/", "/", "2147483648"},
		{`set: "bonus = -(low - 8)"`, "-(", "-", "2147483648"},
		{`set: "bonus = abs(low - 8)"`, "abs", "abs", "2147483648"},
		{`set: "bonus = sum(seats, big)"`, "sum", "sum", "4294967280"},
		{`set: "big += 10"`, "+=", "+=", "2147483650"},
		{`set: "low -= 10"`, "-=", "-=", "-2147483650"},
		{`set: "pile[turn] += 10"`, "+=", "+=", "2147483650"},
		{`each_seat: "seat(1)"` + "\n    do: [{set: \"pile[player] += 10\"}]", "+=", "+=", "2147483650"},
	} {
		g, found, dir := bankEdited(t,
			bankEdit{"rules.yaml", "values:\n", "values:\n" + values},
			bankEdit{"rules.yaml", bankPlay, "  - " + c.stmt + "\n" + bankPlay})
		if g == nil {
			t.Fatalf("%s: does not build: %v", c.stmt, found)
		}
		s := stateOf(g.NewState(2, engine.StateOptions{}))
		lines := strings.Split(c.stmt, "\n")
		text := lines[len(lines)-1][strings.Index(lines[len(lines)-1], `"`)+1:]
		want := at(t, dir, "rules.yaml", text, strings.Index(text, c.op)) + ": " + c.say + " gives " + c.gives + ": the rules' numbers are"
		if !strings.HasPrefix(s.fault, want) {
			t.Errorf("%s: fault %q, want %q...", c.stmt, s.fault, want)
		}
	}
}

// Numbers the rules read from the parameters and the cards are numbers
// of the rules: one outside them is a finding where it is.
func TestNumbersReadAreInRange(t *testing.T) {
	g, found, dir := bankEdited(t,
		bankEdit{"game.yaml", "    default: 12\n", "    default: 9999999999\n"})
	if g != nil {
		t.Fatal("builds")
	}
	only(t, found, "RULES_LIMIT", at(t, dir, "rules.yaml", "max(seats, coins[seat]) < goal", strings.Index("max(seats, coins[seat]) < goal", "goal")), "parameter goal is 9999999999")
}

// A die or seat known before play to be out of range is reported before
// play, at its place: one finding, not a broken game at every count.
func TestDiceAndSeatsKnownBeforePlay(t *testing.T) {
	for _, c := range []struct {
		edit      bankEdit
		mark, say string
	}{
		{bankEdit{"rules.yaml", "sides: 3", `sides: "1001"`}, `"1001"`, "a die of 1001 sides"},
		{bankEdit{"rules.yaml", `"coins[turn] += bonus - 1"`, `"coins[seat(4)] += bonus - 1"`}, "seat(4)", "seat(4) is no seat at any count the game plays (2 to 3 players)"},
		{bankEdit{"rules.yaml", `"coins[turn] += bonus - 1"`, `"coins[none] += bonus - 1"`}, "none]", "none is no seat"},
	} {
		g, found, dir := bankEdited(t, c.edit)
		if g != nil {
			t.Fatalf("%s: builds", c.edit.new)
		}
		only(t, found, "RULES_LIMIT", at(t, dir, "rules.yaml", c.mark, 0), c.say)
	}
}

// A for_each inside another over a long list would compile its body once
// per pair of entries: past a budget the outer one's compiles once for
// all its entries, and the game plays.
func TestNestedForEachStaysWithinBudget(t *testing.T) {
	g, found, _ := bankEdited(t, nestedForEach(t)...)
	if g == nil {
		t.Fatalf("does not build: %v", found)
	}
	// Every pair of entries would be 4,000 x 4,000 bodies of some 50 parts.
	if g.names.work > 3*maxUnrolledParts {
		t.Errorf("compiled %d parts, want at most %d", g.names.work, 3*maxUnrolledParts)
	}
	for _, seed := range []uint64{1, 2, 3} {
		s := g.NewState(2, engine.StateOptions{})
		r := engine.NewRand(seed)
		for n := 0; s.CurrentPlayer() != engine.Terminal && n < 200; n++ {
			if p := s.CurrentPlayer(); p == engine.Chance {
				engine.Apply(s, s.(engine.ChanceSampler).SampleChance(r))
			} else {
				legal := s.LegalActions(p, nil)
				engine.Apply(s, legal[r.Intn(len(legal))])
			}
		}
		if f := stateOf(s).fault; f != "" {
			t.Fatalf("seed %d: %s", seed, f)
		}
	}
}

// The parts a rules file compiles in all are bounded (a define is
// compiled at every use): the expression past the budget is reported,
// and nothing after it (what was not compiled is not checked).
func TestCompileBudget(t *testing.T) {
	defer func(b int64) { compileBudget = b }(compileBudget)
	compileBudget = 20_000 // d10 has 2,047 parts: the tenth use is past it
	var uses strings.Builder
	for i := range 12 {
		fmt.Fprintf(&uses, "  - set: \"bonus = d10 * 0 + %d\"\n", i)
	}
	g, found, dir := bankEdited(t,
		bankEdit{"rules.yaml", "zones:\n", doublingDefines(10) + "zones:\n"},
		bankEdit{"rules.yaml", bankPlay, uses.String() + "  - set: \"bonus = nothing\"\n" + bankPlay})
	if g != nil {
		t.Fatal("builds")
	}
	only(t, found, "RULES_LIMIT", at(t, dir, "rules.yaml", "bonus = d10 * 0 + 9", 0), "more than 20000 expression parts in all")
}

// A game may take 16,777,216 steps in all: one whose every move runs
// nearly the steps a move may take ends with a rules error naming the
// loop it is in, after some fifty moves (seventeen rolls) rather than hours.
func TestAGameRunsOutOfSteps(t *testing.T) {
	g, found, dir := bankEdited(t, bankEdit{"game.yaml", "    default: 12\n", "    default: 1000000\n"},
		bankEdit{"rules.yaml", "      - roll: bonus\n", "      - repeat: 500000\n        do: [{set: \"bonus = 0\"}]\n      - roll: bonus\n"})
	if g == nil {
		t.Fatalf("does not build: %v", found)
	}
	s := g.NewState(2, engine.StateOptions{})
	r := engine.NewRand(1)
	for n := 0; s.CurrentPlayer() != engine.Terminal && n < 100; n++ {
		if p := s.CurrentPlayer(); p == engine.Chance {
			engine.Apply(s, s.(engine.ChanceSampler).SampleChance(r))
		} else {
			engine.Apply(s, s.LegalActions(p, nil)[0])
		}
	}
	want := at(t, dir, "rules.yaml", "while:", 0) + ": in this while, the game ran "
	if f := stateOf(s).fault; !strings.HasPrefix(f, want) || !strings.Contains(f, "more than the 16777216 a game may take") || s.MoveNumber() > 60 {
		t.Errorf("after %d moves, fault %q, want %q...", s.MoveNumber(), f, want)
	}
}

// nestedForEach are edits of the bank: 100 cards of 40 effects each (4,000
// entries, as many as a for_each compiles once per entry), walked by a
// for_each inside another.
func nestedForEach(t testing.TB) []bankEdit {
	var cards strings.Builder
	cards.WriteString("cards:\n")
	for i := range 100 {
		fmt.Fprintf(&cards, "  - {id: c%d, name: C%d, color: red, effects: [", i, i)
		for k := range 40 {
			fmt.Fprintf(&cards, "{gain: %d}, ", k%3)
		}
		cards.WriteString("]}\n")
	}
	old, err := os.ReadFile(filepath.Join("testdata", "bank", "cards.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return []bankEdit{
		{"cards.yaml", string(old)[strings.Index(string(old), "cards:"):], cards.String()},
		{"game.yaml", "count: 12", "count: 100"},
		{"rules.yaml", "                - for_each: effect\n                  in: \"card.effects\"\n                  do:\n",
			"                - for_each: outer\n                  in: \"card.effects\"\n                  do:\n                  - for_each: effect\n                    in: \"card.effects\"\n                    do:\n"},
	}
}

// Loops over the seats, a type's values or a card's entries are not
// counted as they run: the statements they may run are counted by the
// loop or instruction around them at their most rounds, so nesting them
// deep enough to pass the steps a move may take is a finding before play,
// at the loop that passes it.
func TestNestedBoundedLoopsAreWeighed(t *testing.T) {
	body := "[{set: \"bonus = 0\"}]"
	for range 7 { // 8^7 = 2,097,152 rounds of the innermost set
		body = "[{each_seat: \"seat(1)\", do: " + body + "}]"
	}
	g, found, dir := bankEdited(t, bankEdit{"rules.yaml", bankPlay, "  - repeat: 1\n    do: " + body + "\n" + bankPlay})
	if g != nil {
		t.Fatal("builds")
	}
	// The outermost each_seat is the first to pass 1,048,576: its body,
	// six deep, weighs less.
	only(t, found, "RULES_LIMIT", at(t, dir, "rules.yaml", "[{each_seat", 1), "this each_seat may take 4793489 steps before the rules reach a decision")
}
