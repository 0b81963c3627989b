package cmd

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Mice Heist's rules file plays engine/mice's games (engine/mice's
// TestRulesFilePlaysTheSameGame checks each game move by move, driven by
// one random stream). sim draws its chance moves each engine's own way
// (engine/mice walks the odds with one random number, the generic engine
// picks a side of a die or a card of the pile), so the same seed plays
// other games: sim prints the same rows, counters and end causes with
// either engine, and figures that agree within their 95% intervals. Lint
// finds the file clean, and keeps engine/mice's lint.ignore (an alarm the
// rules engine does not raise) without calling it stale.
func TestEngineRulesPlaysMiceAsEngineMice(t *testing.T) {
	want, got := simWithEachEngine(t, "sim", "--game", "mice", "--games", "400", "--seed", "9")
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	if len(wl) != len(gl) {
		t.Fatalf("sim --engine rules prints %d lines, engine/mice %d:\n%s\nwant:\n%s", len(gl), len(wl), got, want)
	}
	for i := range wl {
		if err := sameRow(wl[i], gl[i]); err != "" {
			t.Errorf("line %d: %s:\n  engine/mice: %s\n  rules file:  %s", i+1, err, wl[i], gl[i])
		}
	}
	lintCleanWithRules(t, "cards/mice")
}

var (
	winRow   = regexp.MustCompile(`^(seat \d+ wins \(95%\)\s+)[\d.]+% \[([\d.]+)-([\d.]+)\]$`)
	meanRow  = regexp.MustCompile(`^((?:moves \(mean ± sd\)|\S+ per game)\s+)([\d.]+)`)
	labelEnd = regexp.MustCompile(`^(end: [^0-9]+)`)
)

// sameRow compares one line of two sims' output: the same label, win
// rates whose 95% intervals overlap, means within a tenth (or 0.5) of each
// other, any speed; any other line word for word. It says how they differ, or "".
func sameRow(want, got string) string {
	if strings.HasPrefix(want, "speed:") && strings.HasPrefix(got, "speed:") {
		return "" // the engines' speeds, measured in the run, differ
	}
	if m, n := winRow.FindStringSubmatch(want), winRow.FindStringSubmatch(got); m != nil || n != nil {
		switch {
		case m == nil || n == nil || m[1] != n[1]:
			return "not the same row"
		case num(m[3]) < num(n[2]) || num(n[3]) < num(m[2]):
			return "win rates whose 95% intervals do not overlap"
		}
		return ""
	}
	if m, n := meanRow.FindStringSubmatch(want), meanRow.FindStringSubmatch(got); m != nil || n != nil {
		switch {
		case m == nil || n == nil || m[1] != n[1]:
			return "not the same row"
		case abs(num(m[2])-num(n[2])) > max(0.5, num(m[2])/10):
			return "means more than a tenth apart"
		}
		return ""
	}
	if m := labelEnd.FindString(want); m != "" {
		if !strings.HasPrefix(got, m) {
			return "not the same end cause"
		}
		return ""
	}
	if want != got {
		return "not the same line"
	}
	return ""
}

func num(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
