package catalog

import (
	"strings"
	"testing"

	"cardpress/finding"
	"cardpress/internal/testutil"
	"cardpress/pipeline"
)

func TestGenericCatalogIsComplete(t *testing.T) {
	c := Generic()
	for _, id := range []string{"SCHEMA_TYPE", "YAML_SYNTAX", "DUPLICATE_ID", "GAME_NO_END", "SEAT_ADVANTAGE", "LINT_IGNORE_UNUSED", "TEXT_OVERFLOW"} {
		r, ok := c[id]
		if !ok {
			t.Errorf("%s missing", id)
			continue
		}
		if r.Description == "" || !strings.HasPrefix(r.Help, r.Description) || len(r.Help) <= len(r.Description) || r.Scope == "" {
			t.Errorf("%s: incomplete rule %+v", id, r)
		}
	}
	if c["SEAT_ADVANTAGE"].Severity != finding.Warning || c["MODELINE"].Severity != finding.Warning || c["SCHEMA_TYPE"].Severity != finding.Error {
		t.Error("severities wrong")
	}
	if strings.HasPrefix(c["MODELINE"].Description, "warning") {
		t.Error("the warning: prefix was not stripped")
	}
}

// Every loaded game's alarm codes are in the catalog, with the engine as scope.
func TestGameCodesAreGathered(t *testing.T) {
	t.Chdir(testutil.RepoRoot())
	games, _ := pipeline.Load([]string{"cards"})
	c := For(games)
	for _, g := range games {
		if g.Engine == nil {
			continue
		}
		for _, a := range g.Engine.Info().Alarms {
			if r, ok := c[a.Code.ID]; !ok || r.Scope == "" || r.Severity != finding.Warning {
				t.Errorf("%s alarm %s: %+v", g.Data.Manifest.ID, a.Code.ID, r)
			}
		}
	}
	if len(c) <= len(Generic()) {
		t.Error("no game codes gathered")
	}
	// A code several games check in their own ways keeps every game's text.
	if r := c["PARAMETER_RANGE"]; r.Scope != "engine heat, hmm, masterminds, mice" || !strings.Contains(r.Description, "hmm: Checks") || !strings.Contains(r.Description, "mice: Checks") {
		t.Errorf("shared code PARAMETER_RANGE: %+v", r)
	}
	for _, r := range c.Sorted() {
		if r.ID == "" || r.Description == "" || r.Help == "" {
			t.Errorf("incomplete rule %+v", r)
		}
	}
}
