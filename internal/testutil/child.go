package testutil

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// StartChild starts cmd, the test binary run again as a child process,
// and returns once the child has written its first line of output (the
// line, without its newline) and with the buffer that collects what it
// writes to stderr: a child prints a line when it is ready for the test.
// It fails t if the child cannot start or ends before that line; the child
// is killed when the test ends if it is still running.
func StartChild(t testing.TB, cmd *exec.Cmd) (first string, stderr *bytes.Buffer) {
	t.Helper()
	stderr = new(bytes.Buffer)
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("the child process did not start: %q %v\n%s", line, err, stderr.String())
	}
	return strings.TrimSuffix(line, "\n"), stderr
}

// StopChild sends sig to a child started with StartChild and returns its
// exit status once it has ended.
func StopChild(t testing.TB, cmd *exec.Cmd, sig os.Signal) int {
	t.Helper()
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	return cmd.ProcessState.ExitCode()
}

// MainOrChild is a TestMain: it runs the tests, or, in the test binary run
// again with env set to 1 (a child the tests start), runs child instead
// and exits, 1 with child's error on stderr if it fails.
func MainOrChild(m *testing.M, env string, child func() error) {
	if os.Getenv(env) == "1" {
		if err := child(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}
