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
                      - if: "holds"`, `                    where: "effect.phase == ph"
                    do:
                      - if: "holds and effect.phase != 'D'"`)
	code, out, errOut = run(t, heat, "lint", "cards/heat", "--engine", "rules", "--games", "10")
	want := rules + ":" + itoa(phase+2) + `:56: error RULES_UNDEFINED: 'D' is not a value of phase (its values: A, B, C) in "holds and effect.phase != 'D'"`
	if code != 1 || !strings.Contains(out+errOut, want) {
		t.Errorf("lint --engine rules: exit %d, want 1 and\n%s\nin:\n%s%s", code, want, out, errOut)
	}
}
