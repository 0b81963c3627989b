package cmd

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cardpress/cardpress/internal/testutil"
)

// watchGame runs `cardpress watch DIR --out OUT` until the test ends; each
// build is announced on the returned channel.
func watchGame(t *testing.T, dir, out string) (<-chan struct{}, *testutil.LockedBuffer) {
	t.Helper()
	buf := &testutil.LockedBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	built := make(chan struct{}, 16)
	opts := &watchOptions{IO: IO{Out: buf, Err: buf}, Paths: []string{dir}, ctx: ctx, built: func() { built <- struct{}{} }}
	opts.Paper, opts.Bleed, opts.OutDir = "a4", defaultBleed, out
	done := make(chan error, 1)
	go func() { done <- runWatch(opts) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("watch: %v", err)
		}
	})
	return built, buf
}

func awaitBuild(t *testing.T, built <-chan struct{}, out *testutil.LockedBuffer) {
	t.Helper()
	select {
	case <-built:
	case <-time.After(10 * time.Second):
		t.Fatalf("no build within 10 s:\n%s", out)
	}
}

func TestWatchRebuildsOnSaveAndKeepsThePDFsOfBrokenData(t *testing.T) {
	ws := sprint(t)
	out := filepath.Join(ws, "out")
	pdf := filepath.Join(out, "sprint", "sprint-pnp.pdf")
	built, log := watchGame(t, filepath.Join(ws, "sprint"), out)
	awaitBuild(t, built, log)
	first, err := os.ReadFile(pdf)
	if err != nil {
		t.Fatalf("the first build wrote no PDF: %v\n%s", err, log)
	}

	// A save rewrites the PDFs.
	edit(t, ws, "sprint/cards.yaml", "name: Tortoise", "name: Armoured Tortoise")
	awaitBuild(t, built, log)
	second, err := os.ReadFile(pdf)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(first, second) {
		t.Fatalf("the PDF was not rewritten after the save:\n%s", log)
	}
	if n := strings.Count(log.String(), "wrote "+pdf); n != 2 {
		t.Errorf("%d lines say the PDF was written, want 2:\n%s", n, log)
	}

	// Broken YAML: the findings are printed and the PDF is kept.
	line := edit(t, ws, "sprint/cards.yaml", "    points: 3\n", "    points: [3\n")
	awaitBuild(t, built, log)
	text := log.String()
	if want := fmt.Sprintf("sprint/cards.yaml:%d:", line); !strings.Contains(text, want) || !strings.Contains(text, "YAML_SYNTAX") {
		t.Errorf("no YAML_SYNTAX finding at %s:\n%s", want, text)
	}
	if !strings.Contains(text, "sprint: not rendered") {
		t.Errorf("no word that the PDFs were kept:\n%s", text)
	}
	if kept, err := os.ReadFile(pdf); err != nil || !bytes.Equal(kept, second) {
		t.Errorf("the PDF of the last good build was not kept (%v)", err)
	}

	// Fixed, it builds again.
	edit(t, ws, "sprint/cards.yaml", "    points: [3\n", "    points: 3\n")
	awaitBuild(t, built, log)
	if n := strings.Count(log.String(), "wrote "+pdf); n != 3 {
		t.Errorf("%d lines say the PDF was written after the fix, want 3:\n%s", n, log)
	}
}

// The PDFs may go inside the game folder (watch run from within it): they
// do not count as saves, so writing them does not start another build.
func TestWatchIgnoresItsOwnOutput(t *testing.T) {
	ws := sprint(t)
	game := filepath.Join(ws, "sprint")
	built, log := watchGame(t, game, filepath.Join(game, "out"))
	awaitBuild(t, built, log)
	select {
	case <-built:
		t.Fatalf("writing the PDFs started another build:\n%s", log)
	case <-time.After(500 * time.Millisecond):
	}
	if _, err := os.Stat(filepath.Join(game, "out", "sprint", "sprint-pnp.pdf")); err != nil {
		t.Fatal(err)
	}
}

func TestWatchUsageErrors(t *testing.T) {
	ws := sprint(t)
	for _, args := range [][]string{
		{"watch", "no/such/game"},
		{"watch", "sprint", "--paper", "a3"},
		{"watch", "sprint", "--out", ""},
		{"watch", "sprint", "a", "b"},
	} {
		if code, _, errOut := run(t, ws, args...); code != ExitUsage {
			t.Errorf("%v: exit %d, %s", args, code, errOut)
		}
	}
	// A game folder inside its own output folder would never be rebuilt.
	if code, _, errOut := run(t, ws, "watch", "sprint", "--out", "."); code != ExitUsage || !strings.Contains(errOut, "game folder") {
		t.Errorf("--out .: exit %d, %s", code, errOut)
	}
}
