package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cardpress/render/pdftest"
)

// The HEAT balance report reads back with two pages per player count and
// their plot titles, and the same seed gives the same bytes.
func TestReportHeat(t *testing.T) {
	outDir := t.TempDir()
	code, out, errOut := run(t, repoRoot, "report", "--games", "60", "--seed", "2", "--out", outDir, "cards/heat")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	path := filepath.Join(outDir, "heat", "heat-balance.pdf")
	first, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pages := pdftest.Pages(t, first)
	if n := len(pages); n != 6 { // 3, 4 and 5 players, two pages each
		t.Fatalf("%d pages, want 6", n)
	}
	for i, players := range []string{"3", "4", "5"} {
		for k, wants := range [][]string{
			{"HEAT balance: " + players + " players, outcomes", "Seat win rates", "Game length", "Ending causes", "heists complete", "seat 1"},
			{"HEAT balance: " + players + " players, cards, counters and bots", "Cards:", "plays per game",
				"Game counters (resource exhaustion)", "out_of_heat_returns", "Heuristic vs random", "at seat " + players},
		} {
			text := pages[2*i+k]
			for _, want := range wants {
				if !strings.Contains(text, want) {
					t.Errorf("page %d lacks %q", 2*i+k+1, want)
				}
			}
		}
	}
	// Deterministic: a second run (one worker) writes the same bytes.
	if code, out, errOut := run(t, repoRoot, "report", "--games", "60", "--seed", "2", "--workers", "1", "--out", outDir, "cards/heat"); code != 0 {
		t.Fatalf("second run: exit %d\n%s%s", code, out, errOut)
	}
	if again, _ := os.ReadFile(path); !bytes.Equal(again, first) {
		t.Error("a second run wrote different bytes")
	}
}
