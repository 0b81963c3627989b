package cmd

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"

	"github.com/santhosh-tekuri/jsonschema/v6"
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
	// The real log of a lint run validates against the SARIF 2.1.0 schema.
	sch, err := jsonschema.NewCompiler().Compile(filepath.Join(repoRoot, "finding/testdata/sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(doc); err != nil {
		t.Errorf("lint's SARIF does not validate: %v", err)
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
	if rule := log.Runs[0].Tool.Driver.Rules[r.RuleIndex]; rule.ID != r.RuleID || rule.ShortDescription.Text == rule.ID || rule.Help.Text == "" {
		t.Errorf("ruleIndex %d names %+v, result says %s; want the catalog's description and help", r.RuleIndex, rule, r.RuleID)
	}
}
