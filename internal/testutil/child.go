package testutil

import (
	"bufio"
	"bytes"
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
