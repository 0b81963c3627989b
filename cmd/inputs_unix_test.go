//go:build unix

package cmd

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// /dev/zero never ends and a FIFO blocks until a writer comes: both are
// refused before they are opened, for merge and for --baseline alike.
func TestMergeAndBaselineRefuseInputsThatAreNotFilesPromptly(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "results.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	heat := filepath.Join(repoRoot, "cards", "heat")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"merge", "/dev/zero"}, "cardpress: /dev/zero: cannot read: not a regular file but a character device"},
		{[]string{"merge", fifo}, "cardpress: " + fifo + ": cannot read: not a regular file but a named pipe (FIFO)"},
		{[]string{"lint", "--baseline", "/dev/zero", heat}, "cardpress: --baseline /dev/zero: cannot read: not a regular file but a character device"},
		{[]string{"lint", "--baseline", fifo, heat}, "cardpress: --baseline " + fifo + ": cannot read: not a regular file but a named pipe (FIFO)"},
	} {
		code, out, errOut := runWithin(t, "", tc.args...)
		wantOneLine(t, code, out, errOut, tc.want)
	}
}

// TestFileSizeLimitedHelper is not a test: TestSimAndMergeOutKeepTheOldFile
// runs the test binary again with it, to run cardpress in a process whose
// writes past 1 KB fail with EFBIG ("file too large"), as on a full disk.
// A child process, because the limit would also stop the test binary's own
// log. Go ignores the SIGXFSZ that comes with the error.
func TestFileSizeLimitedHelper(t *testing.T) {
	args := os.Getenv("CARDPRESS_TEST_LIMITED_ARGS")
	if args == "" {
		t.Skip("run by TestSimAndMergeOutKeepTheOldFileWhenTheWriteFails")
	}
	limit := syscall.Rlimit{Cur: 1024, Max: 1024}
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &limit); err != nil {
		t.Fatal(err)
	}
	os.Exit(Run(IO{Out: os.Stdout, Err: os.Stderr}, strings.Split(args, "\n")))
}

// runFileSizeLimited runs cardpress with args in a child process whose
// files cannot grow past 1 KB.
func runFileSizeLimited(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestFileSizeLimitedHelper$")
	cmd.Dir = repoRoot
	cmd.Env = append(os.Environ(), "CARDPRESS_TEST_LIMITED_ARGS="+strings.Join(args, "\n"))
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), out.String(), errb.String()
}

// wantUntouched checks that a failed --out left the old file as it was and
// no temporary file beside it.
func wantUntouched(t *testing.T, path, old string) {
	t.Helper()
	if got, err := os.ReadFile(path); err != nil || string(got) != old {
		t.Errorf("%s now holds %q (%v), want the old %q", path, got, err, old)
	}
	entries, err := os.ReadDir(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{filepath.Base(path)}) {
		t.Errorf("the folder holds %v, want only %s", names, filepath.Base(path))
	}
}

// A --out that cannot be written in full (here: the file size limit, as on
// a full disk) leaves the previous results, not a truncated file.
func TestSimAndMergeOutKeepTheOldFileWhenTheWriteFails(t *testing.T) {
	files := heatShards(t)
	const old = `{"old": "results"}`
	for _, args := range [][]string{
		{"sim", "--game", "heat", "--players", "4", "--games", "10"},
		{"merge", files[0], files[1], files[2]},
	} {
		t.Run(args[0], func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "results.json")
			if err := os.WriteFile(out, []byte(old), 0o644); err != nil {
				t.Fatal(err)
			}
			code, stdout, errOut := runFileSizeLimited(t, append(args, "--out", out)...) // the results are a few KB
			wantOneLine(t, code, stdout, errOut, "cardpress: --out "+out+": cannot write: file too large")
			wantUntouched(t, out, old)
		})
	}
}
