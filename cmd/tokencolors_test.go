package cmd

import (
	"fmt"
	"strings"
	"testing"
)

// HEAT's money as it shipped, $1 and $5 in near-identical pale greens:
// lint warns at the $5 sheet's line, exit 0 (a warning), and the
// shipped colours are clean.
func TestLintWarnsOfTokenColoursTooClose(t *testing.T) {
	ws := copyHeat(t)
	edit(t, ws, "cards/heat/layout.yaml", `color: "#dcedc8"`, `color: "#c8e6c9"`)
	edit(t, ws, "cards/heat/layout.yaml", `color: "#81c784"`, `color: "#a5d6a7"`)
	line := lineOf(t, ws, "cards/heat/layout.yaml", "    component: money-5")
	code, out, errOut := run(t, ws, "lint", "--games", "20")
	want := fmt.Sprintf(`cards/heat/layout.yaml:%d:5: warning TOKEN_COLORS_CLOSE: token "$5" (#a5d6a7) is ΔE00 7.7 from token "$1" (#c8e6c9, line %d)`, line-1, line-6)
	if code != 0 || !strings.Contains(out, want) {
		t.Fatalf("exit %d (want 0), want %s in:\n%s%s", code, want, out, errOut)
	}
	if strings.Count(out, "TOKEN_COLORS_CLOSE") != 1 {
		t.Errorf("want one TOKEN_COLORS_CLOSE:\n%s", out)
	}
	code, out, _ = run(t, repoRoot, "lint", "--games", "20", "cards/heat")
	if strings.Contains(out, "TOKEN_COLORS_CLOSE") {
		t.Errorf("the shipped HEAT (exit %d) still has money too close in colour:\n%s", code, out)
	}
}
