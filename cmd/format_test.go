package cmd

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"cardpress/engine/finding"
)

// The CI formats carry the same findings as text, at the same place.
func TestValidateGitHubAndSARIF(t *testing.T) {
	ws := copyHeat(t)
	line := edit(t, ws, "cards/heat/cards.yaml", "    count: 3\n", "    count: -3\n")
	code, out, errOut := run(t, ws, "validate", "--format", "github", "cards/heat/cards.yaml")
	want := fmt.Sprintf("::error file=cards/heat/cards.yaml,line=%d,col=", line)
	if code != 1 || !strings.HasPrefix(out, want) || strings.Count(out, "\n") != 1 {
		t.Fatalf("github: exit %d, want 1 and one line starting %q\n%s%s", code, want, out, errOut)
	}
	code, out, _ = run(t, ws, "lint", "--format", "sarif", "--games", "20", "cards/heat/cards.yaml")
	if code != 1 {
		t.Fatalf("sarif: exit %d\n%s", code, out)
	}
	var log finding.Sarif
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Results) == 0 {
		t.Fatalf("unexpected log:\n%s", out)
	}
	r := log.Runs[0].Results[0]
	if r.Level != "error" || r.Locations[0].PhysicalLocation.Region == nil || r.Locations[0].PhysicalLocation.Region.StartLine != line {
		t.Errorf("first result %+v, want an error at line %d", r, line)
	}
	if rule := log.Runs[0].Tool.Driver.Rules[r.RuleIndex]; rule.ID != r.RuleID {
		t.Errorf("ruleIndex %d names %s, result says %s", r.RuleIndex, rule.ID, r.RuleID)
	}
}
