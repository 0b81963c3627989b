package cmd

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

func TestProgressOnlyWhereTheEnvironmentSays(t *testing.T) {
	var b bytes.Buffer
	if p := (IO{Err: &b}).newProgress("heat", 100); p != nil {
		t.Error("a bar without Env.Progress (a pipe, a log, CI)")
	}
	if p := (IO{Err: &b, Env: Env{Progress: true}}).newProgress("heat", 100); p == nil {
		t.Error("no bar with Env.Progress")
	}
	// A buffer is no terminal: Execute's environment would draw nothing.
	t.Setenv("CI", "")
	t.Setenv("TERM", "xterm")
	if isTerminal(&b) {
		t.Error("a buffer taken for a terminal")
	}
	var nilBar *progress
	nilBar.add(1) // no-ops
	nilBar.finish()
}

func TestProgressLine(t *testing.T) {
	var b bytes.Buffer
	clock := time.Unix(0, 0)
	p := startProgress(&b, "heat", 10000, func() time.Time { return clock })
	clock = clock.Add(2 * time.Second)
	p.add(5120)
	got := b.String()
	want := "\rheat [############------------]  51% 5120/10000 games, 2.6k/s, ETA 2s"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	p.add(1024) // within 100 ms: not redrawn
	if b.String() != got {
		t.Error("redrawn within the throttle")
	}
	p.finish()
	if !strings.HasSuffix(b.String(), "\r\033[K") {
		t.Error("bar not cleared")
	}
}

// openEnded is what a progress line with no total and this prefix shows
// after n games in the first second.
func openEnded(prefix string, n int64) string {
	var b bytes.Buffer
	clock := time.Unix(0, 0)
	p := startProgress(&b, prefix, 0, func() time.Time { return clock })
	clock = clock.Add(time.Second)
	p.add(n)
	return b.String()
}

func TestProgressOpenEnded(t *testing.T) {
	if got, want := openEnded("lint", 2048), "\rlint 2048 games, 2.0k/s"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
