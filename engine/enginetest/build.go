package enginetest

import (
	"runtime"
	"slices"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// MustBuild is the game build makes of d; it fails t when build makes none.
func MustBuild[G any](t testing.TB, build func(*gamedata.Data) (*G, []finding.Finding), d *gamedata.Data) *G {
	t.Helper()
	g, fs := build(d)
	if g == nil {
		t.Fatalf("%s does not build: %v", d.Manifest.ID, fs)
	}
	return g
}

// BuildAllocs runs build (an engine's Build) on d once and returns what it
// returns and the bytes it allocated: tests hold Build to a small budget
// whatever counts the data states.
func BuildAllocs[G any](build func(*gamedata.Data) (G, []finding.Finding), d *gamedata.Data) (G, []finding.Finding, uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	g, fs := build(d)
	runtime.ReadMemStats(&after)
	return g, fs, after.TotalAlloc - before.TotalAlloc
}

// CardIndex is the index of the card with id among cards, an engine's
// compiled cards, which Build keeps in the data's order (the index
// CardRules takes); idOf reads a card's id. It fails t when no card has
// the id, so a mistyped id stops the test rather than indexing at -1.
func CardIndex[C any](t testing.TB, cards []C, id string, idOf func(C) string) int {
	t.Helper()
	i := slices.IndexFunc(cards, func(c C) bool { return idOf(c) == id })
	if i < 0 {
		t.Fatalf("no card %q", id)
	}
	return i
}
