package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/finding"
)

func TestRulesTextAndJSON(t *testing.T) {
	code, out, errOut := run(t, repoRoot, "rules", "-v")
	if code != 0 || !strings.Contains(out, "SCHEMA_TYPE") || !strings.Contains(out, "TEXT_OVERFLOW") || !strings.Contains(out, "lint.ignore") {
		t.Fatalf("rules: exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ = run(t, repoRoot, "rules", "--format", "json")
	var rules []finding.Rule
	if err := json.Unmarshal([]byte(out), &rules); code != 0 || err != nil {
		t.Fatalf("exit %d, %v\n%s", code, err, out)
	}
	seen := map[string]bool{}
	for _, r := range rules {
		if seen[r.ID] || r.Description == "" || r.Help == "" {
			t.Errorf("bad or duplicate rule %+v", r)
		}
		seen[r.ID] = true
	}
	if !seen["SEAT_ADVANTAGE"] || !seen["CHEESE_SUPPLY_EMPTY"] {
		t.Errorf("generic or game codes missing: %v", seen)
	}
	if code, _, _ := run(t, repoRoot, "rules", "--format", "sarif"); code != 2 {
		t.Errorf("rules --format sarif: exit %d, want 2", code)
	}
}

// rules --params lists each parameter with its default, the values the
// engine plays and its doc; -v adds the book's sentence.
func TestRulesParams(t *testing.T) {
	code, out, errOut := run(t, repoRoot, "rules", "--params", "-v", "cards/heat")
	for _, want := range []string{
		"heat\n",
		"  heists = 3  (whole number 1-10)\n      Heists in a game.\n",
		"      source: THE PITCH / GAME END:",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("rules --params lacks %q:\n%s%s", want, out, errOut)
		}
	}
	if code != 0 {
		t.Errorf("exit %d", code)
	}
	code, out, _ = run(t, repoRoot, "rules", "--params", "--format", "json", "cards/mice")
	var params []struct{ Game, Name, Default, Range string }
	if err := json.Unmarshal([]byte(out), &params); code != 0 || err != nil || len(params) == 0 {
		t.Fatalf("exit %d, %v\n%s", code, err, out)
	}
	if p := params[0]; p.Game != "mice" || p.Name != "min_players" || p.Default != "2" || p.Range != "whole number 1-8" {
		t.Errorf("first parameter %+v", p)
	}
}

// --strict makes a warning fail the run.
func TestStrictTurnsWarningsIntoErrors(t *testing.T) {
	ws := copyHeat(t)
	// An unlisted YAML file is a warning (FILE_UNLISTED).
	if err := os.WriteFile(filepath.Join(ws, "cards/heat/extra.yaml"), []byte("# extra\nx: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := run(t, ws, "lint", "--games", "20", "cards/heat")
	if code != 0 || !strings.Contains(out, "warning FILE_UNLISTED") {
		t.Fatalf("without --strict: exit %d\n%s", code, out)
	}
	code, out, _ = run(t, ws, "lint", "--strict", "--games", "20", "cards/heat")
	if code != 1 || !strings.Contains(out, "error FILE_UNLISTED") {
		t.Fatalf("with --strict: exit %d\n%s", code, out)
	}
}

// build --strict fails on a warning too.
func TestBuildStrict(t *testing.T) {
	ws := copyHeat(t)
	if err := os.WriteFile(filepath.Join(ws, "cards/heat/extra.yaml"), []byte("# extra\nx: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if code, stdout, errOut := run(t, ws, "build", "--games", "20", "--out", out, "cards/heat"); code != 0 {
		t.Fatalf("build: exit %d\n%s%s", code, stdout, errOut)
	}
	if code, stdout, _ := run(t, ws, "build", "--strict", "--games", "20", "--out", out, "cards/heat"); code != 1 || !strings.Contains(stdout, "error FILE_UNLISTED") {
		t.Fatalf("build --strict: exit %d\n%s", code, stdout)
	}
}

// rules lists the table of checks: --checks every registered check with
// its step, codes and doc, and each code the checks that report it, so a
// check added to the table shows up in both.
func TestRulesListTheCheckTable(t *testing.T) {
	code, out, errOut := run(t, repoRoot, "rules", "--checks", "--format", "json")
	var listed []struct {
		ID, Step, Doc string
		Codes         []string
	}
	if err := json.Unmarshal([]byte(out), &listed); code != 0 || err != nil {
		t.Fatalf("rules --checks: exit %d, %v\n%s%s", code, err, out, errOut)
	}
	_, text, _ := run(t, repoRoot, "rules", "--checks")
	_, rulesOut, _ := run(t, repoRoot, "rules", "--format", "json")
	var rules []struct {
		ID     string
		Checks []string
	}
	if err := json.Unmarshal([]byte(rulesOut), &rules); err != nil {
		t.Fatal(err)
	}
	reportedBy := map[string][]string{}
	for _, r := range rules {
		if len(r.Checks) == 0 {
			t.Errorf("%s: no check reports it", r.ID)
		}
		reportedBy[r.ID] = r.Checks
	}
	for _, c := range check.All() {
		i := slices.IndexFunc(listed, func(l struct {
			ID, Step, Doc string
			Codes         []string
		}) bool {
			return l.ID == c.ID
		})
		if i < 0 {
			t.Errorf("check %s is not listed by rules --checks", c.ID)
			continue
		}
		if l := listed[i]; l.Step != string(c.Step) || l.Doc != c.Doc || len(l.Codes) == 0 {
			t.Errorf("check %s listed as %+v", c.ID, l)
		}
		head := c.ID + "  " + string(c.Step)
		if c.Engine != "" {
			head += "  engine " + c.Engine // an engine's own check names it
		}
		if !strings.Contains(text, head+"  needs ") || !strings.Contains(text, "      "+c.Doc+"\n") {
			t.Errorf("rules --checks text lacks %s with its doc:\n%s", c.ID, text)
		}
		for _, id := range listed[i].Codes {
			if !slices.Contains(reportedBy[id], c.ID) {
				t.Errorf("rules lists %s without check %s, which reports it (%v)", id, c.ID, reportedBy[id])
			}
		}
	}
}
