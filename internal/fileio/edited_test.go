package fileio

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// An edited file (an editor's unsaved buffer) is read in place of the one
// on disk, which is not opened, under the same size limit; other files are
// read from disk as before.
func TestEditedFilesAreReadInPlaceOfTheDisk(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{"cards.yaml": "on disk\n", "other.yaml": "other\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d, err := OpenDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	d.Edited(map[string][]byte{"./cards.yaml": []byte("in the editor\n"), "new.yaml": []byte("not saved yet\n")})
	var openedPaths []string
	opened = func(p string) { openedPaths = append(openedPaths, filepath.Base(p)) }
	defer func() { opened = func(string) {} }()

	for name, want := range map[string]string{"cards.yaml": "in the editor\n", "new.yaml": "not saved yet\n", "other.yaml": "other\n"} {
		got, err := d.ReadFile(name, 100)
		if err != nil || string(got) != want {
			t.Errorf("ReadFile(%s) = %q, %v; want %q", name, got, err, want)
		}
	}
	if len(openedPaths) != 1 || openedPaths[0] != "other.yaml" {
		t.Errorf("opened on disk: %v; want only other.yaml", openedPaths)
	}
	info, err := d.Stat("new.yaml")
	if err != nil || !info.Mode().IsRegular() || info.Size() != int64(len("not saved yet\n")) {
		t.Errorf("Stat(new.yaml) = %v, %v", info, err)
	}
	var tl *TooLargeError
	if _, err := d.ReadFile("cards.yaml", 5); !errors.As(err, &tl) {
		t.Errorf("an edited file over the limit: %v, want TooLargeError", err)
	}
}
