//go:build unix

package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A picture a card's value names that is a link to a place outside the
// game folder is refused at that card's value without being opened: the
// target is a FIFO, so opening it would hang the run.
func TestShapesPictureByValueLinkedOutIsNeverOpened(t *testing.T) {
	ws := shapesGame(t)
	outside := filepath.Join(ws, "secret.png")
	if err := syscall.Mkfifo(outside, 0o600); err != nil {
		t.Fatal(err)
	}
	art := filepath.Join(ws, "shapes", "art", "mist.png")
	if err := os.Remove(art); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, art); err != nil {
		t.Fatal(err)
	}
	at := findingAt(t, ws, "shapes/cards.yaml", "id: mist", "mist")
	code, out, errOut := runWithin(t, ws, "validate", "shapes")
	if code != 1 || !containsLine(out, at, "FILE_OUTSIDE") || !strings.Contains(out, "is a symbolic link to a place outside the game folder; not opened") {
		t.Fatalf("exit %d, want 1 and FILE_OUTSIDE at %s\n%s%s", code, at, out, errOut)
	}
	if strings.Contains(out, outside) {
		t.Errorf("the finding names the link's target:\n%s", out)
	}
}
