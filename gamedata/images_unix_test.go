//go:build unix

package gamedata

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// A picture that is a FIFO is refused before it is opened (opening it
// would block), and one that is a link out of the folder is never opened.
func TestImagesThatAreNotFilesInTheFolder(t *testing.T) {
	_, _, dir := loadGallery(t, goodPictures())
	if err := os.Remove(filepath.Join(dir, "bg.png")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "bg.png"), 0o600); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "secret.png")
	if err := syscall.Mkfifo(outside, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "emblem.png")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "emblem.png")); err != nil {
		t.Fatal(err)
	}
	_, found := Load(dir, nil)
	found = relevant(found)
	if got := only(found, dir); !slices.Equal(got, []string{"layout.yaml:2 FILE_READ", "layout.yaml:6 FILE_OUTSIDE"}) {
		t.Fatalf("got %v", found)
	}
	if !strings.Contains(found[0].Message, "not a regular file but a named pipe (FIFO)") || strings.Contains(found[1].Message, outside) {
		t.Errorf("messages: %v", found)
	}
}
