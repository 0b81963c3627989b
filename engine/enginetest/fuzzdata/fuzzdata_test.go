package fuzzdata

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/internal/testutil"
)

// shippedGames are the game folders under cards/.
func shippedGames(t *testing.T) []string {
	t.Helper()
	manifests, err := filepath.Glob(filepath.Join(testutil.RepoRoot(), "cards", "*", "game.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range manifests {
		ids = append(ids, filepath.Base(filepath.Dir(m)))
	}
	return ids
}

// TestEveryGameIsFuzzed fails for a shipped game without a one-line fuzz
// target in an engine's package (FuzzData for a game with its own engine;
// a game played by the rules engine gets one there), so a new game is
// fuzzed from its first commit.
func TestEveryGameIsFuzzed(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(testutil.RepoRoot(), "engine", "*", "*_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	var sources []string
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		sources = append(sources, string(src))
	}
	for _, id := range shippedGames(t) {
		call := "fuzzdata.Fuzz(f, " + strconv.Quote(id) + ")"
		found := false
		for _, src := range sources {
			found = found || strings.Contains(src, call)
		}
		if !found {
			t.Errorf("game %s has no fuzz target: add to its engine's fuzz_test.go\n\tfunc FuzzData(f *testing.F) { %s }", id, call)
		}
	}
}

// TestEditsOftenValidate keeps the edits useful: if the shipped data
// changed so that most single edits no longer validate, fuzzing would
// test the schemas and never reach the engines.
func TestEditsOftenValidate(t *testing.T) {
	const tries = 24
	for _, id := range shippedGames(t) {
		base, err := Read(filepath.Join(testutil.RepoRoot(), "cards", id))
		if err != nil {
			t.Fatal(err)
		}
		r := engine.NewRand(3)
		valid := 0
		for i := range tries {
			e := Edit{Kind: Kind(i % int(numKinds)), Target: uint16(r.Intn(1 << 16)), Arg: byte(r.Intn(256))}
			if Validates(t, id, base, Input{Edits: []Edit{e}}) {
				valid++
			}
		}
		if valid*3 < tries {
			t.Errorf("%s: %d of %d single edits validate, want at least a third", id, valid, tries)
		}
	}
}
