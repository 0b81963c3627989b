package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cardpress/engine/finding"
)

// The check: on a copy of the cards where one card was made
// stronger (First National takes 1 Heat instead of 2), lint --baseline names
// the metric that moved; unchanged data moves nothing.
func TestBaselineNamesTheMetricThatMoved(t *testing.T) {
	ws := copyHeat(t)
	args := []string{"lint", "--games", "1000", "--players", "4", "cards/heat"}
	code, out, errOut := run(t, ws, append(args, "--format", "json")...)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	var rep finding.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Metrics) != 1 || len(rep.Metrics[0].SeatWinRate) != 4 || rep.Metrics[0].Counters["out_of_heat_returns"] == 0 {
		t.Fatalf("metrics missing (%v):\n%s", err, out)
	}
	base := filepath.Join(ws, "base.json")
	if err := os.WriteFile(base, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = run(t, ws, append(args, "--baseline", base)...)
	if code != 0 || !strings.Contains(out, "0 new, 0 fixed, 0 metrics moved") {
		t.Fatalf("unchanged data: exit %d\n%s", code, out)
	}
	edit(t, ws, "cards/heat/cards.yaml", "      - {phase: B, gain: 3, if: {revealed_by_other: vault}}\n      - {phase: B, take_heat: 2}\n",
		"      - {phase: B, gain: 3, if: {revealed_by_other: vault}}\n      - {phase: B, take_heat: 1}\n")
	code, out, _ = run(t, ws, append(args, "--baseline", base)...)
	if code != 0 || !strings.Contains(out, "moved: heat: out_of_heat_returns per game") || !strings.Contains(out, "at 4 players") {
		t.Fatalf("stronger card: exit %d\n%s", code, out)
	}
	code, out, _ = run(t, ws, append(args, "--baseline", base, "--format", "github")...)
	if code != 0 || !strings.Contains(out, "::notice title=BALANCE::heat: out_of_heat_returns") {
		t.Errorf("github: exit %d\n%s", code, out)
	}
	if code, _, _ := run(t, ws, append(args, "--baseline", filepath.Join(ws, "cards/heat/game.yaml"))...); code != 2 {
		t.Errorf("a baseline that is not JSON: exit %d, want 2", code)
	}
}
