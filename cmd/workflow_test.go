package cmd

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// workflow is the part of a GitHub Actions workflow the test reads.
type workflow struct {
	On          map[string]*trigger `yaml:"on"`
	Permissions map[string]string   `yaml:"permissions"`
	Jobs        map[string]struct {
		Steps []step `yaml:"steps"`
	} `yaml:"jobs"`
}

type trigger struct {
	Branches []string `yaml:"branches"`
	Paths    []string `yaml:"paths"`
}

type step struct {
	ID   string            `yaml:"id"`
	Name string            `yaml:"name"`
	If   string            `yaml:"if"`
	Uses string            `yaml:"uses"`
	Run  string            `yaml:"run"`
	With map[string]string `yaml:"with"`
	Env  map[string]string `yaml:"env"`
}

func readWorkflow(t *testing.T) workflow {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, ".github/workflows/cards.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var wf workflow
	if err := yaml.Unmarshal(b, &wf); err != nil {
		t.Fatal(err)
	}
	return wf
}

// steps are every job's steps, in order.
func (wf workflow) steps() []step {
	var all []step
	for _, j := range wf.Jobs {
		all = append(all, j.Steps...)
	}
	return all
}

// runLines are the lines of every run step, continuations joined.
func (wf workflow) runLines() []string {
	var ls []string
	for _, s := range wf.steps() {
		ls = append(ls, strings.Split(strings.ReplaceAll(s.Run, "\\\n", " "), "\n")...)
	}
	return ls
}

// The example workflow (docs/lint.md, "CI"): it runs on every change that
// can change what lint finds, runs make test, annotates findings, uploads
// SARIF to code scanning, keeps main's lint report as the baseline that
// pull requests are compared with, and attaches the PDFs.
func TestCardsWorkflow(t *testing.T) {
	wf := readWorkflow(t)

	// Triggers: pull requests and pushes to main, touching anything the
	// lint result depends on — no paths filter, or one covering these.
	pr, ok := wf.On["pull_request"]
	if !ok {
		t.Error("not triggered by pull requests")
	}
	push, ok := wf.On["push"]
	if !ok || push == nil || !slices.Contains(push.Branches, "main") {
		t.Error("not triggered by pushes to main, which store the baseline")
	}
	for name, tr := range map[string]*trigger{"pull_request": pr, "push": push} {
		if tr == nil || len(tr.Paths) == 0 {
			continue
		}
		for _, want := range []string{"cards/**", "engine/**", "schema/**", "render/**", "cmd/**", "go.mod", "go.sum"} {
			if !slices.Contains(tr.Paths, want) {
				t.Errorf("%s: the paths filter %v leaves out %s", name, tr.Paths, want)
			}
		}
	}

	all := strings.Join(wf.runLines(), "\n")
	for _, want := range []string{
		".ci/run", // make test, as CI runs it
		"cardpress validate --format github",
		"cardpress lint --format github",
		"cardpress render",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("no step runs %q", want)
		}
	}

	// SARIF: the file lint writes is the file code scanning gets.
	sarif := redirectTarget(t, wf, "cardpress lint --format sarif")
	var uploads, artifacts []step
	for _, s := range wf.steps() {
		switch {
		case strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@"):
			uploads = append(uploads, s)
		case strings.HasPrefix(s.Uses, "actions/upload-artifact@"):
			artifacts = append(artifacts, s)
		}
	}
	if len(uploads) != 1 || uploads[0].With["sarif_file"] != sarif {
		t.Errorf("want one upload-sarif step with sarif_file %q, got %+v", sarif, uploads)
	}
	if wf.Permissions["security-events"] != "write" {
		t.Errorf("permissions %v: code scanning needs security-events: write", wf.Permissions)
	}

	// Baseline: main's JSON report is stored as the lint-baseline
	// artifact; a pull request fetches it and lint compares with it.
	report := redirectTarget(t, wf, "cardpress lint --format json")
	stored := false
	for _, s := range artifacts {
		stored = stored || s.With["path"] == report && strings.Contains(s.With["name"], "'lint-baseline'") && strings.Contains(s.With["name"], "github.event_name == 'push'")
	}
	if !stored {
		t.Errorf("%s is not stored as the lint-baseline artifact on pushes: %+v", report, artifacts)
	}
	fetched := false
	for _, s := range wf.steps() {
		if strings.Contains(s.Run, "--name lint-baseline") || strings.HasPrefix(s.Uses, "actions/download-artifact@") && s.With["name"] == "lint-baseline" {
			fetched = s.If == "github.event_name == 'pull_request'"
		}
	}
	if !fetched {
		t.Error("pull requests do not fetch the lint-baseline artifact")
	}
	if !strings.Contains(all, "cardpress lint --format github ${BASELINE:+--baseline") {
		t.Error("the annotated lint step does not compare with the baseline")
	}
	if wf.Permissions["actions"] != "read" {
		t.Errorf("permissions %v: fetching another run's artifact needs actions: read", wf.Permissions)
	}

	pdfs := false
	for _, s := range artifacts {
		pdfs = pdfs || strings.Contains(s.With["path"], ".pdf")
	}
	if !pdfs {
		t.Error("PDFs are not uploaded")
	}
}

// redirectTarget is the file a run line starting with cmd writes its
// output to (cmd ... > FILE).
func redirectTarget(t *testing.T, wf workflow, cmd string) string {
	t.Helper()
	for _, l := range wf.runLines() {
		if i := strings.Index(l, cmd); i >= 0 {
			if _, after, ok := strings.Cut(l[i:], "> "); ok {
				return strings.Fields(after)[0]
			}
		}
	}
	t.Errorf("no step runs %q > FILE", cmd)
	return ""
}

// Every cardpress command line in the workflow parses: its command exists
// and takes its flags. Shell words after the command line proper (a
// redirection, ||, a ${...} expansion) end it.
func TestCardsWorkflowCommandsParse(t *testing.T) {
	n := 0
	for _, l := range readWorkflow(t).runLines() {
		rest, ok := strings.CutPrefix(strings.TrimSpace(l), "bin/cardpress ")
		if !ok {
			continue
		}
		var args []string
		for _, w := range strings.Fields(rest) {
			if w == ">" || w == "||" || w == "|" || strings.HasPrefix(w, "${") || strings.HasPrefix(w, ">") {
				break
			}
			args = append(args, w)
		}
		root := NewRoot(IO{Out: &strings.Builder{}, Err: &strings.Builder{}})
		c, flags, err := root.Find(args)
		if err == nil {
			err = c.ParseFlags(flags)
		}
		if err != nil || c == root {
			t.Errorf("%q: %v", l, err)
		}
		n++
	}
	if n < 5 {
		t.Errorf("found %d cardpress command lines; the test reads the workflow wrong", n)
	}
}

// The baseline round trip the workflow relies on works with the real
// commands: a JSON report, then the annotated run compared with it, and
// the SARIF log.
func TestCardsWorkflowBaselineRoundTrip(t *testing.T) {
	ws := copyHeat(t)
	code, report, errOut := run(t, ws, "lint", "--games", "20", "--format", "json", "cards/heat")
	if code != 0 {
		t.Fatalf("lint --format json: exit %d\n%s", code, errOut)
	}
	if err := os.WriteFile(filepath.Join(ws, "lint.json"), []byte(report), 0o644); err != nil {
		t.Fatal(err)
	}
	// The pull request adds an error (a negative count).
	edit(t, ws, "cards/heat/cards.yaml", "    count: 3\n", "    count: -3\n")
	code, out, errOut := run(t, ws, "lint", "--games", "20", "--format", "github", "--baseline", "lint.json", "cards/heat")
	if code != 1 || !strings.Contains(out, "::error file=cards/heat/cards.yaml") {
		t.Errorf("lint --format github --baseline: exit %d, want 1 and the new error as an annotation\n%s%s", code, out, errOut)
	}
	if code, out, errOut := run(t, ws, "lint", "--games", "20", "--format", "sarif", "cards/heat"); code != 1 || !strings.HasPrefix(strings.TrimSpace(out), "{") {
		t.Errorf("lint --format sarif: exit %d\n%.200s%s", code, out, errOut)
	}
}
