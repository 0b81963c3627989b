package fileio

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// openOut is OpenOut on path, closed when the test ends.
func openOut(t *testing.T, path string) *OutRoot {
	t.Helper()
	o, err := OpenOut(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { o.Close() })
	return o
}

// names lists the entries of dir.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

func TestWriteFile(t *testing.T) {
	top := filepath.Join(t.TempDir(), "out")
	o := openOut(t, top) // made, as --out is
	dir := filepath.Join(top, "heat", "nested")
	path := filepath.Join(dir, "game.pdf")
	for _, data := range [][]byte{[]byte("first"), []byte("second, longer")} {
		if err := o.WriteFile("heat/nested/game.pdf", data); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("read back %q, %v; want %q", got, err, data)
		}
	}
	// Writing over a directory fails and leaves nothing behind.
	if err := os.Mkdir(filepath.Join(dir, "taken"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := o.WriteFile("heat/nested/taken", []byte("x")); err == nil {
		t.Error("writing over a directory succeeded")
	}
	if got := names(t, dir); !slices.Equal(got, []string{"game.pdf", "taken"}) {
		t.Errorf("directory holds %v, want only game.pdf and taken", got)
	}
	if info, err := os.Stat(path); err == nil && info.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", info.Mode().Perm())
	}
	if got := o.Written(); !slices.Equal(got, []string{"heat/nested/game.pdf", "heat/nested/game.pdf"}) {
		t.Errorf("Written = %v", got)
	}
	// Names that leave the folder are refused before anything is made.
	for _, name := range []string{"../escape.pdf", "/tmp/abs.pdf", "heat/../../escape.pdf", ""} {
		if err := o.WriteFile(name, []byte("x")); err == nil {
			t.Errorf("%q was written", name)
		}
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(top), "escape.pdf")); err == nil {
		t.Error("a file was written beside the output folder")
	}
}

// age sets a file's modification time d in the past.
func age(t *testing.T, path string, d time.Duration) {
	t.Helper()
	old := time.Now().Add(-d)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
}

func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

func TestWriteFileRemovesWhatKilledRunsLeft(t *testing.T) {
	dir := t.TempDir()
	put := func(name string, old time.Duration) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("partial"), 0o600); err != nil {
			t.Fatal(err)
		}
		age(t, p, old)
		return p
	}
	abandoned := put(".game.pdf.tmp-111", 2*time.Minute)
	veryOld := put(".game.pdf.tmp-222", 2*staleAnyway)
	fresh := put(".game.pdf.tmp-333", 0)                           // a writer may not have locked it yet
	otherFile := put(".game-reference.pdf.tmp-444", 2*staleAnyway) // another target's
	lookalike := put("game.pdf.tmp-555", 2*staleAnyway)            // not hidden: not ours
	if err := os.Mkdir(filepath.Join(dir, ".game.pdf.tmp-dir"), 0o755); err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "precious")
	if err := os.WriteFile(outside, []byte("keep"), 0o600); err != nil {
		t.Fatal(err)
	}
	age(t, outside, 2*staleAnyway)
	if err := os.Symlink(outside, filepath.Join(dir, ".game.pdf.tmp-666")); err != nil {
		t.Fatal(err)
	}
	if err := openOut(t, dir).WriteFile("game.pdf", []byte("new")); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{abandoned, veryOld} {
		if exists(p) {
			t.Errorf("%s is still there", filepath.Base(p))
		}
	}
	for _, p := range []string{fresh, otherFile, lookalike, filepath.Join(dir, ".game.pdf.tmp-dir"), filepath.Join(dir, ".game.pdf.tmp-666"), outside, filepath.Join(dir, "game.pdf")} {
		if !exists(p) {
			t.Errorf("%s was removed", filepath.Base(p))
		}
	}
}

// A temporary file whose writer holds its lock belongs to a write in
// progress, however old it looks.
func TestWriteFileKeepsALockedTemp(t *testing.T) {
	dir := t.TempDir()
	live := filepath.Join(dir, ".game.pdf.tmp-777")
	if err := os.WriteFile(live, []byte("partial"), 0o600); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(live)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if tryLock(f) == lockUnknown {
		t.Skip("no file locks here")
	}
	age(t, live, 2*staleAnyway)
	if err := openOut(t, dir).WriteFile("game.pdf", []byte("new")); err != nil {
		t.Fatal(err)
	}
	if !exists(live) {
		t.Error("the temporary file of a live writer was removed")
	}
}

// Writers of the same file at the same moment, in the current folder,
// all succeed: none takes another's temporary file for a stale one.
func TestWriteFileConcurrentWritersOfOneFile(t *testing.T) {
	t.Chdir(t.TempDir())
	errs := make(chan error)
	const writers = 8
	shared := openOut(t, ".")
	for i := range writers {
		o := shared
		if i%2 == 1 { // half of them through roots of their own, as other processes
			o = openOut(t, ".")
		}
		go func() { errs <- o.WriteFile("game.pdf", bytes.Repeat([]byte{byte('a' + i)}, 1<<20)) }()
	}
	for range writers {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if got := names(t, "."); !slices.Equal(got, []string{"game.pdf"}) {
		t.Errorf("folder holds %v, want game.pdf only", got)
	}
	got, _ := os.ReadFile("game.pdf")
	if len(got) != 1<<20 || bytes.Count(got, got[:1]) != len(got) {
		t.Error("game.pdf mixes two writes")
	}
}

// A failed command takes back what it wrote and the folders it made, and
// nothing else.
func TestRemoveWritten(t *testing.T) {
	top := filepath.Join(t.TempDir(), "game")
	o := openOut(t, top)
	for _, name := range []string{"game.yaml", "schema/cards.schema.json", "art/x/y.txt"} {
		if err := o.WriteFile(name, []byte("x")); err != nil {
			t.Fatal(err)
		}
	}
	// Someone else's file in a folder this run made keeps that folder.
	if err := os.WriteFile(filepath.Join(top, "art", "theirs.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	o.RemoveWritten()
	if got := names(t, top); !slices.Equal(got, []string{"art"}) {
		t.Errorf("left %v, want art/ (which holds another file)", got)
	}
	if got := names(t, filepath.Join(top, "art")); !slices.Equal(got, []string{"theirs.txt"}) {
		t.Errorf("art/ holds %v", got)
	}
	if len(o.Written()) != 0 {
		t.Error("RemoveWritten left its list")
	}
}

func TestDescribeLink(t *testing.T) {
	err := &LinkError{Path: "out/heat", Root: "out"}
	if want := "out/heat is a symbolic link: nothing is written through a link inside the output folder out"; err.Error() != want {
		t.Errorf("%q", err)
	}
	if !errors.Is(err, ErrLink) || Describe(err) != "it is a symbolic link; nothing is written through a link" {
		t.Errorf("Describe: %q", Describe(err))
	}
}
