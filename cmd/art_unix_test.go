//go:build unix

package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
)

// A picture that is a link to a place outside the game folder is refused
// at the card's line without being opened: the target here is a FIFO, so
// opening it would hang the run.
func TestArtLinkOutOfTheFolderIsNeverOpened(t *testing.T) {
	ws := artGame(t)
	outside := filepath.Join(ws, "secret.png")
	if err := syscall.Mkfifo(outside, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ file, old, link string }{
		{"cards.yaml", "art/portraits/hare.jpg", "art/portraits/evil.png"},
		{"layout.yaml", "art/frame.png", "art/evil-frame.png"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			ws := artGame(t)
			if err := os.Symlink(outside, filepath.Join(ws, "art", filepath.FromSlash(tc.link))); err != nil {
				t.Fatal(err)
			}
			file := filepath.Join("art", tc.file)
			line := testutil.Edit(t, ws, file, tc.old, tc.link)
			code, out, errOut := runWithin(t, ws, "validate", "art")
			if code != 1 || !containsLine(out, file+":"+itoa(line)+":", "FILE_OUTSIDE") ||
				!strings.Contains(out, "is a symbolic link to a place outside the game folder; not opened") {
				t.Fatalf("exit %d, want 1 and FILE_OUTSIDE at %s:%d\n%s%s", code, file, line, out, errOut)
			}
			if strings.Contains(out, outside) {
				t.Errorf("the finding names the link's target:\n%s", out)
			}
		})
	}
}
