package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
)

// TestMaxSameIssues: 100 wrong values in one list print 20 lines of each
// code and one line for the rest; --max-same-issues changes the limit or
// lifts it; JSON keeps every finding; a negative limit is a usage error.
func TestMaxSameIssues(t *testing.T) {
	ws := sprint(t)
	path := filepath.Join(ws, "sprint", "cards.yaml")
	cards := strings.Replace(string(readFile(t, path)), "    points: 1\n", "    points: 1\n    players: ["+strings.Repeat("0, ", 99)+"0]\n", 1)
	os.WriteFile(path, []byte(cards), 0o644)

	code, out, _ := run(t, ws, "validate", "sprint")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := filepath.Join("sprint", "cards.yaml") + ": 80 more PLAYERS_RANGE errors in this file (--max-same-issues 0 prints every one)"
	if code != 1 || len(lines) != 20+20+2+1 || !strings.Contains(out, want+"\n") {
		t.Errorf("exit %d, %d lines:\n%s", code, len(lines), out)
	}
	if !strings.Contains(out, "validate: 1 game, 12 cards, 201 errors, 0 warnings") {
		t.Errorf("the summary does not count every error:\n%s", out)
	}
	if _, out, _ := run(t, ws, "validate", "sprint", "--max-same-issues", "5"); !strings.Contains(out, ": 95 more PLAYERS_RANGE errors in this file") {
		t.Errorf("--max-same-issues 5:\n%s", out)
	}
	if _, out, _ := run(t, ws, "validate", "sprint", "--max-same-issues=0"); strings.Count(out, "\n") != 201+1 || strings.Contains(out, "more PLAYERS_RANGE") {
		t.Errorf("--max-same-issues 0 printed %d lines", strings.Count(out, "\n"))
	}
	_, out, _ = run(t, ws, "validate", "sprint", "--format", "json")
	var r finding.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil || len(r.Findings) != 201 {
		t.Errorf("json: %d findings (%v)", len(r.Findings), err)
	}
	if code, _, errOut := run(t, ws, "validate", "sprint", "--max-same-issues", "-1"); code != 2 || !strings.Contains(errOut, "--max-same-issues -1: want 0 (no limit) or more") {
		t.Errorf("a negative limit: exit %d, %s", code, errOut)
	}
	// Every command that prints findings takes the flag.
	if code, out, _ := run(t, ws, "render", "sprint", "--out", "out", "--max-same-issues", "3"); code != 1 || !strings.Contains(out, ": 97 more PLAYERS_RANGE errors in this file") {
		t.Errorf("render: exit %d\n%s", code, out)
	}
}
