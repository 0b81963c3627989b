package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// The example workflow is valid YAML, runs on pull requests touching cards/,
// and its cardpress steps use flags the commands accept.
func TestCardsWorkflow(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(repoRoot, ".github/workflows/cards.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		On struct {
			PullRequest struct {
				Paths []string `yaml:"paths"`
			} `yaml:"pull_request"`
		} `yaml:"on"`
		Jobs map[string]struct {
			Steps []struct {
				Uses string            `yaml:"uses"`
				Run  string            `yaml:"run"`
				With map[string]string `yaml:"with"`
			} `yaml:"steps"`
		} `yaml:"jobs"`
	}
	if err := yaml.Unmarshal(b, &wf); err != nil {
		t.Fatal(err)
	}
	if len(wf.On.PullRequest.Paths) == 0 || wf.On.PullRequest.Paths[0] != "cards/**" {
		t.Errorf("not triggered by cards/**: %v", wf.On.PullRequest.Paths)
	}
	var runs []string
	upload := false
	for _, j := range wf.Jobs {
		for _, s := range j.Steps {
			if s.Run != "" {
				runs = append(runs, s.Run)
			}
			upload = upload || strings.HasPrefix(s.Uses, "actions/upload-artifact") && strings.Contains(s.With["path"], ".pdf")
		}
	}
	all := strings.Join(runs, "\n")
	for _, want := range []string{"cardpress validate --format github", "cardpress lint --format github", "cardpress render"} {
		if !strings.Contains(all, want) {
			t.Errorf("no step runs %q", want)
		}
	}
	if !upload {
		t.Error("PDFs are not uploaded")
	}
	// The flags the workflow passes are real ones.
	if code, _, errOut := run(t, repoRoot, "validate", "--format", "github", "cards/heat"); code != 0 {
		t.Errorf("validate --format github: exit %d %s", code, errOut)
	}
}
