package cmd

import (
	"strings"
	"testing"

	"cardpress/internal/testutil"
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
