//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package fileio

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cardpress/cardpress/internal/testutil"
)

// childTarget, in the environment, makes TestChildWriter a writer process
// for the tests below: it writes that file and stops once the temporary
// file exists, printing its name, until a signal ends it.
const childTarget = "FILEIO_TEST_CHILD_TARGET"

func TestChildWriter(t *testing.T) {
	target := os.Getenv(childTarget)
	if target == "" {
		t.Skip("run by the signal tests as a child process")
	}
	ExitOnSignal(func(sig os.Signal) { fmt.Fprintf(os.Stderr, "writer: stopped by %v\n", sig) })
	afterTempCreated = func(tmp string) {
		fmt.Println(tmp)
		select {}
	}
	o, err := OpenOut(filepath.Dir(target))
	if err != nil {
		t.Fatal(err)
	}
	o.WriteFile(filepath.Base(target), []byte("never finished"))
}

// startWriter starts a writer process of target and returns it with the
// name of its temporary file, which exists when it returns.
func startWriter(t *testing.T, target string) (*exec.Cmd, *bytes.Buffer, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestChildWriter$")
	cmd.Env = append(os.Environ(), childTarget+"="+target)
	line, stderr := testutil.StartChild(t, cmd)
	tmp := strings.TrimSpace(line)
	if !exists(tmp) || !strings.HasPrefix(filepath.Base(tmp), ".game.pdf.tmp-") {
		t.Fatalf("the writer reported %q, which is not its temporary file", tmp)
	}
	return cmd, stderr, tmp
}

func TestSignalRemovesTheTempAndExits(t *testing.T) {
	for _, tc := range []struct {
		sig    syscall.Signal
		status int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		t.Run(tc.sig.String(), func(t *testing.T) {
			dir := t.TempDir()
			cmd, stderr, tmp := startWriter(t, filepath.Join(dir, "game.pdf"))
			if got := testutil.StopChild(t, cmd, tc.sig); got != tc.status {
				t.Errorf("exit status %d (%v), want %d", got, cmd.ProcessState, tc.status)
			}
			if want := fmt.Sprintf("writer: stopped by %v\n", tc.sig); stderr.String() != want {
				t.Errorf("stderr %q, want %q", stderr.String(), want)
			}
			if exists(tmp) {
				t.Error("the temporary file is still there")
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("the folder holds %v, want nothing", entries)
			}
		})
	}
}

// SIGKILL cannot be caught: its temporary file stays until the next write
// of the same file, which must not take it while the writer lives.
func TestNextWriteRemovesTheTempOfAKilledWriter(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "game.pdf")
	cmd, _, tmp := startWriter(t, target)
	age(t, tmp, 2*staleAnyway) // however old it looks, its writer is alive
	o, err := OpenOut(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	if err := o.WriteFile("game.pdf", []byte("first")); err != nil {
		t.Fatal(err)
	}
	if !exists(tmp) {
		t.Fatal("a concurrent write removed the temporary file of a live writer")
	}
	cmd.Process.Kill()
	cmd.Wait()
	age(t, tmp, staleUnlocked+time.Second)
	// A later run: a root of its own, which lists the folder anew.
	o2, err := OpenOut(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer o2.Close()
	if err := o2.WriteFile("game.pdf", []byte("second")); err != nil {
		t.Fatal(err)
	}
	if exists(tmp) {
		t.Error("the temporary file of the killed writer is still there")
	}
	if got, _ := os.ReadFile(target); string(got) != "second" {
		t.Errorf("target holds %q", got)
	}
}
