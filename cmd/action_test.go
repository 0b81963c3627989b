package cmd

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/cardpress/cardpress/internal/lsptest"

	"go.yaml.in/yaml/v3"
)

// The GitHub Action's shell steps, run as action.yml writes them: each
// step's run line under bash with its env, the ${{ }} expressions in them
// filled in from the inputs and the outputs of earlier steps, and the
// files GitHub gives a step (GITHUB_OUTPUT, GITHUB_PATH, RUNNER_TEMP).

type action struct {
	Inputs map[string]struct {
		Default string `yaml:"default"`
	} `yaml:"inputs"`
	Runs struct {
		Using string `yaml:"using"`
		Steps []step `yaml:"steps"`
	} `yaml:"runs"`
}

func readAction(t *testing.T) action {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoRoot, "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var a action
	if err := yaml.Unmarshal(b, &a); err != nil {
		t.Fatal(err)
	}
	return a
}

// runner is one run of the action: its inputs, the outputs of the steps
// run so far, and the runner's folders.
type runner struct {
	t       *testing.T
	a       action
	inputs  map[string]string
	outputs map[string]map[string]string // by step id
	temp    string
	path    []string // GITHUB_PATH's lines so far
	env     []string // extra environment (the runner's, a test server)
}

func newRunner(t *testing.T, inputs map[string]string) *runner {
	a := readAction(t)
	in := map[string]string{}
	for name, i := range a.Inputs {
		in[name] = i.Default
	}
	for k, v := range inputs {
		if _, ok := a.Inputs[k]; !ok {
			t.Fatalf("action.yml has no input %q", k)
		}
		in[k] = v
	}
	return &runner{t: t, a: a, inputs: in, outputs: map[string]map[string]string{}, temp: t.TempDir(),
		env: []string{"RUNNER_OS=Linux", "RUNNER_ARCH=X64"}}
}

var expression = regexp.MustCompile(`\$\{\{\s*([^}]*?)\s*\}\}`)

// eval fills in the ${{ }} expressions the action's env values use.
func (r *runner) eval(s string) string {
	return expression.ReplaceAllStringFunc(s, func(m string) string {
		e := expression.FindStringSubmatch(m)[1]
		switch parts := strings.Split(e, "."); {
		case e == "github.action_path":
			return repoRoot
		case len(parts) == 2 && parts[0] == "inputs":
			return r.inputs[parts[1]]
		case len(parts) == 4 && parts[0] == "steps" && parts[2] == "outputs":
			return r.outputs[parts[1]][parts[3]]
		}
		r.t.Fatalf("the test cannot evaluate ${{ %s }}", e)
		return ""
	})
}

// run runs the shell step called name and returns its output and exit code.
func (r *runner) run(name string) (string, int) {
	r.t.Helper()
	var st *step
	for i := range r.a.Runs.Steps {
		if r.a.Runs.Steps[i].Name == name {
			st = &r.a.Runs.Steps[i]
		}
	}
	if st == nil || st.Run == "" {
		r.t.Fatalf("action.yml has no shell step %q", name)
	}
	output, pathFile := filepath.Join(r.temp, "output-"+st.ID), filepath.Join(r.temp, "path")
	os.WriteFile(output, nil, 0o644)
	cmd := exec.Command("bash", "-e", "-c", st.Run)
	cmd.Env = append(os.Environ(), r.env...)
	cmd.Env = append(cmd.Env, "GITHUB_ACTION_PATH="+repoRoot, "GITHUB_OUTPUT="+output, "GITHUB_PATH="+pathFile,
		"RUNNER_TEMP="+r.temp, "PATH="+strings.Join(append(r.path, os.Getenv("PATH")), string(os.PathListSeparator)))
	for k, v := range st.Env {
		cmd.Env = append(cmd.Env, k+"="+r.eval(v))
	}
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		r.t.Fatal(err)
	}
	if st.ID != "" {
		r.outputs[st.ID] = readOutputs(r.t, output)
	}
	if b, err := os.ReadFile(pathFile); err == nil {
		r.path = strings.Fields(string(b))
	}
	return string(out), code
}

func readOutputs(t *testing.T, path string) map[string]string {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			out[k] = v
		}
	}
	return out
}

func TestActionIsComposite(t *testing.T) {
	a := readAction(t)
	if a.Runs.Using != "composite" {
		t.Errorf("action.yml runs using %q, want composite", a.Runs.Using)
	}
	for _, st := range a.Runs.Steps {
		if st.Run != "" && !regexp.MustCompile(`^"\$GITHUB_ACTION_PATH/action/[a-z]+\.sh"$`).MatchString(st.Run) {
			t.Errorf("step %q runs %q: each shell step is one script of action/, so that this test runs what the action runs", st.Name, st.Run)
		}
	}
}

// releaseServer serves a release as GoReleaser lays it out: the Linux
// archive holding a cardpress that prints its version, and checksums.txt
// (with a wrong sum when corrupt).
func releaseServer(t *testing.T, version string, corrupt bool) string {
	var archive bytes.Buffer
	gz := gzip.NewWriter(&archive)
	tw := tar.NewWriter(gz)
	script := []byte("#!/bin/sh\necho cardpress " + version + "\n")
	tw.WriteHeader(&tar.Header{Name: "cardpress", Mode: 0o755, Size: int64(len(script))})
	tw.Write(script)
	tw.Close()
	gz.Close()
	name := "cardpress_" + strings.TrimPrefix(version, "v") + "_linux_amd64.tar.gz"
	sum := sha256.Sum256(archive.Bytes())
	if corrupt {
		sum[0] ^= 1
	}
	checksums := hex.EncodeToString(sum[:]) + "  " + name + "\n"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/" + version + "/" + name:
			w.Write(archive.Bytes())
		case "/" + version + "/checksums.txt":
			w.Write([]byte(checksums))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestActionInstallsARelease(t *testing.T) {
	if _, err := exec.LookPath("curl"); err != nil {
		t.Skip("SKIPPED — no curl")
	}
	r := newRunner(t, map[string]string{"version": "v1.2.3"})
	r.env = append(r.env, "CARDPRESS_RELEASES="+releaseServer(t, "v1.2.3", false))
	out, code := r.run("Install cardpress")
	if code != 0 || !strings.Contains(out, "cardpress v1.2.3") {
		t.Fatalf("install v1.2.3: exit %d\n%s", code, out)
	}
	if len(r.path) != 1 {
		t.Fatalf("GITHUB_PATH: %q, want the folder cardpress is in", r.path)
	}
	if _, err := os.Stat(filepath.Join(r.path[0], "cardpress")); err != nil {
		t.Error(err)
	}

	bad := newRunner(t, map[string]string{"version": "v1.2.3"})
	bad.env = append(bad.env, "CARDPRESS_RELEASES="+releaseServer(t, "v1.2.3", true))
	out, code = bad.run("Install cardpress")
	if code != 1 || !strings.Contains(out, "does not match its checksum") || len(bad.path) != 0 {
		t.Errorf("an archive that does not match its checksum: exit %d, GITHUB_PATH %q\n%s", code, bad.path, out)
	}
	if _, err := os.Stat(filepath.Join(bad.temp, "cardpress-bin", "cardpress")); err == nil {
		t.Errorf("the corrupt archive was unpacked")
	}

	for _, v := range []string{"latest", "1.2.3; rm -rf /"} {
		r := newRunner(t, map[string]string{"version": v})
		if out, code := r.run("Install cardpress"); code != 2 || !strings.Contains(out, "must be a release tag") {
			t.Errorf("version %q: exit %d, want 2 and a one-line error\n%s", v, code, out)
		}
	}
}

// The whole action on a designer's game, with cardpress built from this
// checkout as the action builds its own ref: a clean game passes and
// gets its PDFs; planted mistakes become annotations on their lines, a
// SARIF log with a result each, and a failed verdict. The binary then
// serves as `cardpress lsp`, as an editor starts it.
func TestActionLintsAGame(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cardpress")
	}
	if _, err := exec.LookPath("jq"); err != nil {
		// GitHub's runners have it; action/lint.sh counts findings with it.
		const msg = "jq is not installed, so the action's lint step cannot run: apt-get install jq"
		if os.Getenv("CI") != "" {
			t.Fatal(msg + "; CI must run it (.ci/run installs it)")
		}
		t.Skip("SKIPPED — " + msg)
	}
	dir := filepath.Join(t.TempDir(), "market")
	if code, out, errOut := run(t, "", "new", dir); code != 0 {
		t.Fatalf("new: %d\n%s%s", code, out, errOut)
	}
	r := newRunner(t, map[string]string{"paths": dir, "render": "true"})
	if out, code := r.run("Install cardpress"); code != 0 {
		t.Fatalf("install (build): exit %d\n%s", code, out)
	}
	out, code := r.run("Lint")
	if lint := r.outputs["lint"]; code != 0 || lint["exit-code"] != "0" || lint["errors"] != "0" {
		t.Fatalf("lint of a clean game: exit %d, outputs %v\n%s", code, lint, out)
	}
	if out, code := r.run("Render PDFs"); code != 0 {
		t.Fatalf("render: exit %d\n%s", code, out)
	}
	pdfs, _ := filepath.Glob(filepath.Join(r.outputs["render"]["out"], "*", "*.pdf"))
	if len(pdfs) == 0 {
		t.Errorf("render wrote no PDF under %s", r.outputs["render"]["out"])
	}
	if out, code := r.run("Fail on findings"); code != 0 {
		t.Errorf("verdict on a clean game: exit %d\n%s", code, out)
	}

	goods := filepath.Join(dir, "goods.yaml")
	text := readText(t, goods)
	text = strings.Replace(text, "    points: 3\n", "    pionts: 3\n", 1)
	if err := os.WriteFile(goods, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	line := 1 + strings.Count(text[:strings.Index(text, "pionts")], "\n")
	out, code = r.run("Lint")
	lint := r.outputs["lint"]
	if code != 0 || lint["exit-code"] != "1" || lint["errors"] == "0" {
		t.Fatalf("lint with a mistake: step exit %d (want 0: the verdict fails later), outputs %v\n%s", code, lint, out)
	}
	want := fmt.Sprintf("::error file=%s,line=%d,col=5,title=SCHEMA_UNKNOWN_FIELD::", strings.ReplaceAll(goods, ":", "%3A"), line)
	if !strings.Contains(out, want) {
		t.Errorf("no annotation %q in:\n%s", want, out)
	}
	var sarif struct {
		Runs []struct {
			Results []struct {
				RuleID string `json:"ruleId"`
			} `json:"results"`
		} `json:"runs"`
	}
	b, err := os.ReadFile(lint["sarif-file"])
	if err == nil {
		err = json.Unmarshal(b, &sarif)
	}
	if err != nil || len(sarif.Runs) != 1 || fmt.Sprint(len(sarif.Runs[0].Results)) != lint["errors"] {
		t.Errorf("the SARIF log %s: %v; want a result per error (%s)\n%s", lint["sarif-file"], err, lint["errors"], b)
	}
	if out, code := r.run("Fail on findings"); code != 1 || !strings.Contains(out, "::error title=cardpress::") {
		t.Errorf("verdict with errors: exit %d, want 1 with an annotation\n%s", code, out)
	}

	// A path that is not there: cardpress cannot run, and the step fails.
	r.inputs["paths"] = filepath.Join(dir, "nosuch")
	if out, code := r.run("Lint"); code == 0 {
		t.Errorf("lint of a missing folder passed:\n%s", out)
	}

	// The binary the action built serves an editor too: `cardpress lsp`
	// over its own stdin and stdout reports the same mistake.
	lspOverStdio(t, filepath.Join(r.path[0], "cardpress"), dir, goods, line)
}

// lspOverStdio runs bin lsp as an editor would on the game in dir and
// checks that it reports the undeclared field at line (1-based) of file.
func lspOverStdio(t *testing.T, bin, dir, file string, line int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	srv, err := lsptest.StartCommand(ctx, exec.Command(bin, "lsp"), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := srv.Close(); err != nil {
			t.Errorf("cardpress lsp did not exit cleanly: %v\n%s", err, srv.Stderr())
		}
	}()
	if err := srv.Open(file, readText(t, file)); err != nil {
		t.Fatal(err)
	}
	ds, err := srv.Diagnostics(ctx, file, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		if d.Line == line-1 && d.Character == 4 && d.Code == "SCHEMA_UNKNOWN_FIELD" {
			return
		}
	}
	t.Errorf("cardpress lsp does not report the undeclared field at line %d; it reports: %v", line, ds)
}
