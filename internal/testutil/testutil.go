// Package testutil helps tests work on throwaway copies of game data.
package testutil

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// RepoRoot is the repository's top folder.
func RepoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", ".."))
}

// CopyGame copies cards/<game> from the repository into a new temp
// workspace laid out the same way (ws/cards/<game>) and returns ws.
func CopyGame(t testing.TB, game string) string {
	t.Helper()
	ws := t.TempDir()
	rel := filepath.Join("cards", game)
	src := filepath.Join(RepoRoot(), rel)
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(ws, rel), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(ws, rel, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return ws
}

// Edit replaces old, which must occur exactly once, with new in a file of
// the workspace and returns the 1-based line where new starts.
func Edit(t testing.TB, ws, file, old, new string) int {
	t.Helper()
	path := filepath.Join(ws, file)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	if n := strings.Count(s, old); n != 1 {
		t.Fatalf("%q occurs %d times in %s", old, n, file)
	}
	i := strings.Index(s, old)
	s = s[:i] + new + s[i+len(old):]
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return strings.Count(s[:i], "\n") + 1
}

// LineOf returns the 1-based line of the first occurrence of text in a
// workspace file (the last one if last is set).
func LineOf(t testing.TB, ws, file, text string, last bool) int {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(ws, file))
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	i := strings.Index(s, text)
	if last {
		i = strings.LastIndex(s, text)
	}
	if i < 0 {
		t.Fatalf("%q not in %s", text, file)
	}
	return strings.Count(s[:i], "\n") + 1
}
