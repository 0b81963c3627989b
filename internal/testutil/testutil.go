// Package testutil helps tests work on throwaway copies of game data and
// run the test binary again as a child process.
package testutil

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/cardpress/cardpress/internal/testart"
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

// SchemaObjects parses a JSON Schema file and calls visit for every object
// that declares properties, with its JSON path ("" for the root, "[]" for
// list items), skipping those inside an "if" (a condition, not a shape).
func SchemaObjects(t testing.TB, data []byte, visit func(path string, obj map[string]any)) {
	t.Helper()
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch v := v.(type) {
		case map[string]any:
			if _, ok := v["properties"]; ok && !strings.HasSuffix(path, "/if") {
				visit(path, v)
			}
			for k, sub := range v {
				walk(path+"/"+k, sub)
			}
		case []any:
			for _, sub := range v {
				walk(path+"/[]", sub)
			}
		}
	}
	walk("", doc)
}

// HeatSchemasFile is a copy of the parameters schema engine/heat generates
// from its declaration, for the tests of packages engine/heat imports
// (they cannot import it back). engine/heat's tests keep it current.
const HeatSchemasFile = "internal/testutil/testdata/heat-params.schema.json"

// HeatSchemas are HEAT's engine schemas without importing the engine: its
// cards schema from engine/heat and the copy of its parameters schema.
func HeatSchemas(t testing.TB) fs.FS {
	t.Helper()
	out := fstest.MapFS{}
	for name, rel := range map[string]string{"cards.schema.json": "engine/heat/cards.schema.json", "params.schema.json": HeatSchemasFile} {
		data, err := os.ReadFile(filepath.Join(RepoRoot(), rel))
		if err != nil {
			t.Fatal(err)
		}
		out[name] = &fstest.MapFile{Data: data}
	}
	return out
}

// ArtGame copies the game with art, cmd/testdata/art, into dir/art, with
// pictures (path in the game → bytes) written over its own, and returns
// dir/art.
func ArtGame(t testing.TB, dir string, pictures map[string][]byte) string {
	t.Helper()
	game := filepath.Join(dir, "art")
	CopyTree(t, filepath.Join(RepoRoot(), "cmd", "testdata", "art"), game)
	for name, data := range pictures {
		if err := os.WriteFile(filepath.Join(game, filepath.FromSlash(name)), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return game
}

// CopyTree copies the folder src, and everything in it, to dst.
func CopyTree(t testing.TB, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// HugeArt are the first reproduction for ArtGame: four distinct
// pictures side pixels square (8-bit PNG with transparency) for its
// background, emblem and two portraits.
func HugeArt(side int) map[string][]byte {
	out := map[string][]byte{}
	for i, name := range []string{"art/parchment.png", "art/emblem.png", "art/portraits/owl.png", "art/portraits/fox.png"} {
		out[name] = testart.PNG(testart.Portrait(side, side, i, true))
	}
	return out
}
