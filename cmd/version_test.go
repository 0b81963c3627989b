package cmd

import (
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func TestVersionLine(t *testing.T) {
	platform := ", go1.99.1 " + runtime.GOOS + "/" + runtime.GOARCH
	vcs := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	for _, tc := range []struct {
		name string
		bi   *debug.BuildInfo
		ok   bool
		want string
	}{
		{"a tagged release", &debug.BuildInfo{GoVersion: "go1.99.1", Main: debug.Module{Path: "cardpress", Version: "v1.2.0"},
			Settings: vcs("vcs", "git", "vcs.revision", "0123456789abcdef0123456789abcdef01234567", "vcs.time", "2026-01-02T03:04:05Z", "vcs.modified", "false")},
			true, "cardpress v1.2.0, commit 0123456789abcdef0123456789abcdef01234567 of 2026-01-02T03:04:05Z" + platform},
		{"a checkout with changes", &debug.BuildInfo{GoVersion: "go1.99.1", Main: debug.Module{Path: "cardpress", Version: "v0.0.0-20260102030405-0123456789ab+dirty"},
			Settings: vcs("vcs.revision", "0123456789abcdef0123456789abcdef01234567", "vcs.time", "2026-01-02T03:04:05Z", "vcs.modified", "true")},
			true, "cardpress v0.0.0-20260102030405-0123456789ab+dirty, commit 0123456789abcdef0123456789abcdef01234567 of 2026-01-02T03:04:05Z with uncommitted changes" + platform},
		{"go install PATH@VERSION", &debug.BuildInfo{GoVersion: "go1.99.1", Main: debug.Module{Path: "github.com/cardpress/cardpress", Version: "v0.1.0", Sum: "h1:abc="}},
			true, "cardpress v0.1.0, installed from the module" + platform},
		{"go run", &debug.BuildInfo{GoVersion: "go1.99.1", Main: debug.Module{Path: "cardpress", Version: "(devel)"}},
			true, "cardpress (devel), no commit recorded (go run, go test or -buildvcs=false)" + platform},
		{"go test: no main module version", &debug.BuildInfo{GoVersion: "go1.99.1"},
			true, "cardpress (devel), no commit recorded (go run, go test or -buildvcs=false)" + platform},
	} {
		if got := versionLine(tc.bi, tc.ok); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
	// Without build info at all, the line still says what it can.
	if got, want := versionLine(nil, false), "cardpress (devel), no commit recorded (go run, go test or -buildvcs=false), "+runtime.Version()+" "+runtime.GOOS+"/"+runtime.GOARCH; got != want {
		t.Errorf("no build info:\n got %q\nwant %q", got, want)
	}
}

// --version and the version command print the same one line; this test
// binary has no commit recorded and says so.
func TestVersionFlagAndCommand(t *testing.T) {
	code, flag, errOut := run(t, "", "--version")
	if code != 0 || errOut != "" || strings.Count(flag, "\n") != 1 || !strings.HasPrefix(flag, "cardpress ") {
		t.Fatalf("--version: exit %d, stdout %q, stderr %q", code, flag, errOut)
	}
	if !strings.Contains(flag, "no commit recorded") || !strings.Contains(flag, runtime.Version()) {
		t.Errorf("--version of a test binary: %q", flag)
	}
	code, cmd, _ := run(t, "", "version")
	if code != 0 || cmd != flag {
		t.Errorf("version: exit %d, %q; want the line of --version %q", code, cmd, flag)
	}
	// -v is rules' --verbose; at the root it is no shorthand of --version.
	if code, _, _ := run(t, "", "-v"); code != ExitUsage {
		t.Errorf("-v: exit %d, want 2", code)
	}
}

// The requirement: a binary built from a git checkout names its
// commit. Building takes a few seconds, so -short skips it; so does a
// source tree that is not a git checkout.
func TestVersionOfABuildFromGit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds cardpress")
	}
	git := exec.Command("git", "rev-parse", "HEAD")
	git.Dir = repoRoot
	head, err := git.Output()
	if err != nil {
		t.Skipf("not a git checkout (%v)", err)
	}
	bin := filepath.Join(t.TempDir(), "cardpress")
	// -buildvcs=true on the command line wins over a GOFLAGS=-buildvcs=false
	// in the environment.
	build := exec.Command("go", "build", "-buildvcs=true", "-o", bin, "./cmd/cardpress")
	build.Dir = repoRoot
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	commit := strings.TrimSpace(string(head))
	if line := string(out); !strings.HasPrefix(line, "cardpress v") || !strings.Contains(line, ", commit "+commit+" of ") {
		t.Errorf("--version of a build at %s: %q", commit, line)
	}
}
