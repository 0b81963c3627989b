package cmd

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
)

// Games build and lint side by side, but each game's lines come out whole
// and in the order the games were named, and without --games each says
// how many smoke games its player counts took.
func TestGamesBuildSideBySideInOrder(t *testing.T) {
	out := t.TempDir()
	code, stdout, errOut := run(t, repoRoot, "build", "--out", out, "cards/mice", "cards/heat")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, errOut)
	}
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "mice: ") || !strings.HasPrefix(lines[1], "heat: ") {
		t.Fatalf("want the mice line, then the heat line:\n%s", stdout)
	}
	// HEAT's counts stop at different sizes: a range, within floor and cap.
	m := regexp.MustCompile(`lint: no problems \((\d+)-(\d+) smoke games per player count\)`).FindStringSubmatch(lines[1])
	if m == nil || m[1] != "200" || len(m[2]) > 4 {
		t.Errorf("heat's line does not give its smoke games as a range from the floor: %s", lines[1])
	}

	code, stdout, errOut = run(t, repoRoot, "lint", "--games", "20", "--format", "json", "cards/mice", "cards/heat")
	if code != 0 {
		t.Fatalf("lint: exit %d\n%s%s", code, stdout, errOut)
	}
	var report finding.Report
	if err := json.Unmarshal([]byte(stdout), &report); err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, mt := range report.Metrics {
		order = append(order, mt.Game)
	}
	want := "mice mice mice mice mice heat heat heat" // 2-6 players, then 3-5
	if got := strings.Join(order, " "); got != want {
		t.Errorf("metrics in the order %s, want %s", got, want)
	}
}
