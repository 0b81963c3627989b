package cmd

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
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

// A baseline that is not a lint report is an error naming the file and the
// field, not a clean baseline ("0 new, 0 fixed") that hides regressions,
// nor a comparison printing NaN or Inf.
func TestBaselineRefusesWhatIsNotAReport(t *testing.T) {
	dir := t.TempDir()
	metric := func(m string) string {
		return `{"findings": [], "errors": 0, "warnings": 0, "metrics": [` + m + `]}`
	}
	const seats = `"game": "heat", "players": 4, "games": 1000, "seat_win_rate": [0.25, 0.25, 0.25, 0.25]`
	for i, tc := range []struct{ doc, want string }{
		{`null`, "not a lint --format json report: expected a mapping, found null"},
		{`{}`, `not a lint --format json report: missing required field "errors" (and 2 more problems)`},
		{`[]`, "not a lint --format json report: expected a mapping, found a list"},
		{`{"findings": null, "errors": 0, "warnings": 0}`, "findings: expected a list, found null"},
		{`{"findings": [], "errors": 2, "warnings": 0}`, "errors: 2, but findings holds 0"},
		{metric(`{"game": "heat", "players": 4, "games": 1000, "seat_win_rate": [1e308, 0, 0, 0]}`),
			"metrics/0/seat_win_rate/0: 1e308 is too large: at most 1"},
		{metric(`{"game": "heat", "players": 4, "games": 1000, "seat_win_rate": [-0.5, 0.5, 0.5, 0.5]}`),
			"metrics/0/seat_win_rate/0: -0.5 is too small: at least 0"},
		{metric(`{"game": "heat", "players": 4, "games": 1000, "seat_win_rate": [0.5, 0.5, 0.5, 0.5]}`),
			"metrics/0/seat_win_rate: the seats win 2 games per game"},
		{metric(`{"game": "heat", "players": 4, "games": 1000, "seat_win_rate": [0.5, 0.5]}`),
			"metrics/0/seat_win_rate: 2 seats in a 4-player game"},
		{metric(`{` + seats + `, "counters": {"out_of_heat_returns": 1e308}}`),
			"metrics/0/counters/out_of_heat_returns: 1e308 is too large: at most 9223372036854775807"},
		{metric(`{` + seats + `, "counters": {"out_of_heat_returns": -10.5}}`),
			"metrics/0/counters/out_of_heat_returns: -10.5 is too small: at least 0"},
		{metric(`{"game": "heat", "players": 4, "games": -1000, "seat_win_rate": [0.25, 0.25, 0.25, 0.25]}`),
			"metrics/0/games: -1000 is too small: at least 0"},
		{"{\"findings\": [], \"errors\": 0,\n \"warnings\": 0,}", "not a lint --format json report: not JSON: line 2, column 16: invalid character '}' looking for beginning of object key string"},
	} {
		path := filepath.Join(dir, fmt.Sprintf("base-%d.json", i))
		if err := os.WriteFile(path, []byte(tc.doc), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := run(t, repoRoot, "lint", "--games", "10", "--players", "4", "--baseline", path, "cards/heat")
		wantOneLine(t, code, out, errOut, "cardpress: --baseline "+path+": "+tc.want)
	}
}

// Fixed findings come from the baseline file: their control characters
// are shown as escapes in text and cannot forge a workflow command on
// GitHub.
func TestBaselineShowsFindingsFromTheFileVisibly(t *testing.T) {
	base := filepath.Join(t.TempDir(), "base.json")
	const forged = "gone\n::error::forged \x1b[31mred"
	rep := finding.Report{Errors: 1, Findings: []finding.Finding{
		{Pos: finding.Pos{File: "cards/heat/cards.yaml", Line: 3, Col: 1}, Code: "OLD,CODE:X", Message: forged}}}
	data, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(base, data, 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"lint", "--games", "20", "--players", "4", "--baseline", base, "cards/heat"}
	code, out, errOut := run(t, repoRoot, args...)
	if code != 0 || !strings.Contains(out, `  fixed: cards/heat/cards.yaml:3:1: error OLD,CODE:X: gone\n::error::forged \x1b[31mred`+"\n") {
		t.Errorf("text: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = run(t, repoRoot, append(args, "--format", "github")...)
	if code != 0 || !strings.Contains(out, `::notice title=FIXED OLD%2CCODE%3AX::cards/heat/cards.yaml:3:1: error OLD,CODE:X: gone\n::error::forged \x1b[31mred`+"\n") {
		t.Errorf("github: exit %d\n%s%s", code, out, errOut)
	}
	for _, format := range []string{"text", "github"} {
		_, out, _ := run(t, repoRoot, append(args, "--format", format)...)
		if strings.Contains(out, "\n::error::forged") || strings.Contains(out, "\x1b") {
			t.Errorf("%s: a forged line or an escape sequence reached the output:\n%q", format, out)
		}
	}
}
