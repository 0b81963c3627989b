package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/render/pdftest"
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

// Without --games each run plays until its seats' intervals are within 5
// points: the page says how many games that took, and it takes the same
// games whatever the workers.
func TestReportPlaysUntilTheIntervalsAreNarrow(t *testing.T) {
	outDir := t.TempDir()
	path := filepath.Join(outDir, "heat", "heat-balance.pdf")
	var first []byte
	for _, workers := range []string{"2", "1"} {
		if code, out, errOut := run(t, repoRoot, "report", "--seed", "3", "--workers", workers, "--out", outDir, "cards/heat"); code != 0 {
			t.Fatalf("exit %d\n%s%s", code, out, errOut)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = b
			continue
		}
		if !bytes.Equal(b, first) {
			t.Error("one worker played other games than two")
		}
	}
	page := pdftest.Pages(t, first)[0] // 3 players, outcomes
	m := regexp.MustCompile(`(\d+) games per variant \(played to ±5-point intervals\)`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("page 1 does not say how many games it played:\n%s", page)
	}
	// A 3-player seat near a third needs about 350 games for ±5 points.
	if n, _ := strconv.Atoi(m[1]); n <= 200 || n > 1000 {
		t.Errorf("3 players played %d games, want more than the floor of 200 and at most 1000", n)
	}
}
