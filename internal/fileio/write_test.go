package fileio

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

func TestWriteAtomic(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out", "nested")
	path := filepath.Join(dir, "game.pdf")
	for _, data := range [][]byte{[]byte("first"), []byte("second, longer")} {
		if err := WriteAtomic(path, data); err != nil {
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
	if err := WriteAtomic(filepath.Join(dir, "taken"), []byte("x")); err == nil {
		t.Error("writing over a directory succeeded")
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{"game.pdf", "taken"}) {
		t.Errorf("directory holds %v, want only game.pdf and taken", names)
	}
	if info, err := os.Stat(path); err == nil && info.Mode().Perm() != 0o644 {
		t.Errorf("mode %v, want 0644", info.Mode().Perm())
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

func TestWriteAtomicRemovesWhatKilledRunsLeft(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "game.pdf")
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
	if err := WriteAtomic(target, []byte("new")); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{abandoned, veryOld} {
		if exists(p) {
			t.Errorf("%s is still there", filepath.Base(p))
		}
	}
	for _, p := range []string{fresh, otherFile, lookalike, filepath.Join(dir, ".game.pdf.tmp-dir"), target} {
		if !exists(p) {
			t.Errorf("%s was removed", filepath.Base(p))
		}
	}
}

// A temporary file whose writer holds its lock belongs to a write in
// progress, however old it looks.
func TestWriteAtomicKeepsALockedTemp(t *testing.T) {
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
	if err := WriteAtomic(filepath.Join(dir, "game.pdf"), []byte("new")); err != nil {
		t.Fatal(err)
	}
	if !exists(live) {
		t.Error("the temporary file of a live writer was removed")
	}
}

// Writers of the same file at the same moment, in the current folder,
// all succeed: none takes another's temporary file for a stale one.
func TestWriteAtomicConcurrentWritersOfOneFile(t *testing.T) {
	t.Chdir(t.TempDir())
	errs := make(chan error)
	const writers = 8
	for i := range writers {
		go func() { errs <- WriteAtomic("game.pdf", bytes.Repeat([]byte{byte('a' + i)}, 1<<20)) }()
	}
	for range writers {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "game.pdf" {
		t.Errorf("folder holds %v, want game.pdf only", entries)
	}
	got, _ := os.ReadFile("game.pdf")
	if len(got) != 1<<20 || bytes.Count(got, got[:1]) != len(got) {
		t.Error("game.pdf mixes two writes")
	}
}
