package cmd

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
)

// A broken rules file gives every error at its file:line:col at once, and
// exit 1: an unknown zone, a value of the wrong type, a phase the game
// does not have.
func TestBrokenRulesFileReportsEveryError(t *testing.T) {
	ws := testutil.CopyGame(t, "crazy-eights")
	const file = "cards/crazy-eights/rules.yaml"
	zone := edit(t, ws, file, "      - collect: stock\n", "      - collect: stok\n")
	typ := edit(t, ws, file, `      - set: "named = top(discard).suit"`, `      - set: "named = top(discard).rank"`)
	code, out, errOut := run(t, ws, "validate", "cards/crazy-eights")
	for _, want := range []string{
		file + ":" + itoa(zone) + `:18: error RULES_UNDEFINED: stok is not a zone, value, define, parameter or bound name (did you mean stock?) in "stok"`,
		file + ":" + itoa(typ) + `:23: error RULES_TYPE: set named needs a suit, not a rank in "named = top(discard).rank"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("validate does not report\n%s\nin:\n%s%s", want, out, errOut)
		}
	}
	if code != 1 {
		t.Errorf("validate: exit %d, want 1", code)
	}

	heat := copyHeat(t)
	const rules = "cards/heat/rules.yaml"
	phase := edit(t, heat, rules, `                    where: "effect.phase == ph"
                    do:
                      - if: "holds and amount > 0"`, `                    where: "effect.phase == ph"
                    do:
                      - if: "holds and amount > 0 and effect.phase != 'D'"`)
	code, out, errOut = run(t, heat, "lint", "cards/heat", "--engine", "rules", "--games", "10")
	want := rules + ":" + itoa(phase+2) + `:71: error RULES_UNDEFINED: 'D' is not a value of phase (its values: A, B, C) in "holds and amount > 0 and effect.phase != 'D'"`
	if code != 1 || !strings.Contains(out+errOut, want) {
		t.Errorf("lint --engine rules: exit %d, want 1 and\n%s\nin:\n%s%s", code, want, out, errOut)
	}
}

// Lint on a rules game warns about what the rules say can happen and never
// did in the smoke games: an option never legal, at its condition; a card
// effect whose condition never held, at the effect in its card file.
func TestLintRulesNeverHappens(t *testing.T) {
	ws := testutil.CopyGame(t, "crazy-eights")
	const file = "cards/crazy-eights/rules.yaml"
	line := edit(t, ws, file, "                # Cannot play: draw one card at a time until you can.\n",
		"                - action: concede\n                  if: \"count(hand[turn]) > 52\"\n")
	code, out, errOut := run(t, ws, "lint", "cards/crazy-eights", "--games", "50")
	want := file + ":" + itoa(line+1) + `:23: warning RULE_NEVER_HAPPENS: option concede of choice turn was never legal in 300 smoke games at 2-7 players`
	if code != 0 || !strings.Contains(out, want) {
		t.Errorf("lint: exit %d, want 0 and\n%s\nin:\n%s%s", code, want, out, errOut)
	}

	heat := copyHeat(t)
	const cards = "cards/heat/cards.yaml"
	effect := edit(t, heat, cards, "      - {phase: B, gain: 5}\n      - {phase: B, take_heat: 2}\n", "      - {phase: B, gain: 5, if: {stage: 5}}\n      - {phase: B, take_heat: 2}\n")
	code, out, errOut = run(t, heat, "lint", "cards/heat", "--engine", "rules", "--games", "100")
	want = cards + ":" + itoa(effect) + ":9: warning RULE_NEVER_HAPPENS: the 1st of effects of card jewelry-smash: the condition at cards/heat/rules.yaml:"
	if code != 0 || !strings.Contains(out, want) {
		t.Errorf("lint --engine rules: exit %d, want 0 and\n%s\nin:\n%s%s", code, want, out, errOut)
	}
}

// A game played with --engine says so in the replay command of a finding
// and of sim's failures, so the replay plays the same game.
func TestReplayHintsNameTheEngine(t *testing.T) {
	ws := copyHeat(t)
	edit(t, ws, "cards/heat/rules.yaml", `  - set: "taken = heat_total - board"`, `  - set: "taken = heat_total - board"
  - set: "board -= 100"`)
	code, out, errOut := run(t, ws, "lint", "cards/heat", "--engine", "rules", "--games", "20", "--players", "3")
	if code != 1 || !strings.Contains(out, "INVARIANT_BROKEN") || !strings.Contains(out, "cardpress replay --game heat --engine rules --players 3 --seed ") {
		t.Errorf("lint: exit %d, want 1 and a replay command with --engine rules:\n%s%s", code, out, errOut)
	}
	code, out, errOut = run(t, ws, "sim", "--game", "heat", "--engine", "rules", "--games", "20", "--players", "3")
	if code != 1 || !strings.Contains(out, "(first: cardpress replay --game heat --engine rules --players 3 --seed ") {
		t.Errorf("sim: exit %d, want 1 and a replay command with --engine rules:\n%s%s", code, out, errOut)
	}
}

// doublingDefines are d0 = 1, d1 = d0 + d0, ... d40: pasted in, d40 would
// be 2^41 parts.
func doublingDefines() string {
	var b strings.Builder
	b.WriteString("  d0: \"1\"\n")
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&b, "  d%d: \"d%d + d%d\"\n", i, i-1, i-1)
	}
	return b.String()
}

// Defines that double at every level are measured, not expanded: the
// first over the limit is one error at its line, whether the rules use
// them or only a rule test's expect does, for validate, lint and test
// alike.
func TestDoublingDefinesAreOneFinding(t *testing.T) {
	const rules, tests = "cards/crazy-eights/rules.yaml", "cards/crazy-eights/tests.yaml"
	ws := testutil.CopyGame(t, "crazy-eights")
	line := edit(t, ws, rules, "define:\n", "define:\n"+doublingDefines()) + 15 // d14's line
	edit(t, ws, tests, `      "score[2]": 6`, `      "score[2]": 6
      "d40 - d40": 0`)
	want := fmt.Sprintf("%s:%d:9: error RULES_LIMIT: define d14 expands to 32767 parts", rules, line)
	for _, cmd := range []string{"validate", "lint", "test"} {
		code, out, errOut := run(t, ws, cmd, "cards/crazy-eights")
		if code != 1 || !strings.Contains(out, want) || strings.Count(out, ": error ") != 1 {
			t.Errorf("%s: exit %d, want 1 and only\n%s\nin:\n%s%s", cmd, code, want, out, errOut)
		}
	}
}

// Rules that run without a decision, or leave the numbers, end each smoke
// game with a rules error at the loop or the operator, and lint says so in
// one line: the same problem at every player count and with every bot is
// one finding, and the statistics of games that all broke are left out.
func TestHostileRulesEndInOneLine(t *testing.T) {
	const rules = "cards/crazy-eights/rules.yaml"
	for _, c := range []struct{ name, stmt, line, mark, say string }{
		{"a repeat counted in play", "      - repeat: \"count(stock) * 10000000\"\n        do: [{set: \"passes = 0\"}]\n",
			"repeat: \"count(stock)", "repeat", "this repeat ran 1048576 steps without a decision"},
		{"repeats nested", "      - repeat: 1000\n        do:\n          - repeat: 1001\n            do:\n              - repeat: 1002\n                do: [{set: \"passes = 0\"}]\n",
			"repeat: 1002", "repeat", "this repeat ran 1048576 steps without a decision"},
		{"arithmetic that leaves the numbers", "      - set: \"passes = count(stock) * 1000000000\"\n",
			"passes = count(stock) *", "*", "* gives"},
	} {
		ws := testutil.CopyGame(t, "crazy-eights")
		edit(t, ws, rules, "      - collect: stock\n", "      - collect: stock\n"+c.stmt)
		lineText := c.stmt[strings.LastIndex(c.stmt[:strings.Index(c.stmt, c.line)], "\n")+1:]
		lineText = lineText[:strings.Index(lineText, "\n")]
		at := fmt.Sprintf("%s:%d:%d: %s", rules, lineOf(t, ws, rules, c.line), strings.Index(lineText, c.mark)+1, c.say)
		// Two players and a few games: each game runs its million steps.
		code, out, errOut := run(t, ws, "lint", "cards/crazy-eights", "--players", "2", "--games", "5")
		if code != 1 || strings.Count(out, ": error ") != 1 || !strings.Contains(out, "error INVARIANT_BROKEN: 25 of 25 games broke an invariant: ") ||
			!strings.Contains(out, at) || !strings.Contains(out, "(seed 16490336266968443936, 2 players; cardpress replay --game crazy-eights --players 2 --seed 16490336266968443936)") {
			t.Errorf("%s: exit %d, want 1 and one INVARIANT_BROKEN at\n%s\nin:\n%s%s", c.name, code, at, out, errOut)
		}
	}
}

// A rules error in every game at every player count, with every bot, is
// one line: not one per count and bot, and no card never drawn.
func TestARulesErrorEverywhereIsOneLine(t *testing.T) {
	const rules = "cards/crazy-eights/rules.yaml"
	ws := testutil.CopyGame(t, "crazy-eights")
	line := edit(t, ws, rules, "      - collect: stock\n", "      - collect: stock\n      - set: \"score[seat(players + 1)] += 0\"\n") + 1
	code, out, errOut := run(t, ws, "lint", "cards/crazy-eights")
	want := fmt.Sprintf("cards/crazy-eights/game.yaml:12:5: error INVARIANT_BROKEN: 1350 of 1350 games at 2-7 players broke an invariant: before the first move: %s:%d:15: value score of none, which is not a seat at the table (seed ", rules, line)
	if code != 1 || strings.Count(out, ": error ") != 1 || strings.Contains(out, "CARD_NEVER") || !strings.Contains(out, want) {
		t.Errorf("lint: exit %d, want 1 and only\n%s\nin:\n%s%s", code, want, out, errOut)
	}
}

// A game outside cards/ is replayed by its folder: the command a lint
// finding names finds the game, quoted for a shell when the folder's
// name has a space.
func TestReplayHintOfAGameOutsideCards(t *testing.T) {
	ws := t.TempDir()
	testutil.CopyTree(t, filepath.Join(repoRoot, "cards/crazy-eights"), filepath.Join(ws, "my games", "c8"))
	edit(t, ws, "my games/c8/rules.yaml", "      - collect: stock\n", "      - collect: stock\n      - set: \"passes = count(stock) * 1000000000\"\n")
	code, out, errOut := run(t, ws, "lint", "my games/c8", "--players", "2", "--games", "5")
	const hint = "cardpress replay --game 'my games/c8' --players 2 --seed "
	i := strings.Index(out, hint)
	if code != 1 || i < 0 {
		t.Fatalf("lint: exit %d, want 1 and %q in:\n%s%s", code, hint, out, errOut)
	}
	seed := strings.TrimRight(strings.Fields(out[i+len(hint):])[0], ")")
	code, out, errOut = run(t, ws, "replay", "--game", "my games/c8", "--players", "2", "--seed", seed)
	if strings.Contains(errOut, "no game") || !strings.Contains(out+errOut, "* gives") {
		t.Errorf("replay as lint says: exit %d, want the game replayed to its error:\n%s%s", code, out, errOut)
	}
}
