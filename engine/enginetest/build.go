package enginetest

import (
	"runtime"
	"testing"

	"cardpress/finding"
	"cardpress/gamedata"
)

// MustBuild is the game build makes of d; it fails t when build makes none.
func MustBuild[G any](t testing.TB, build func(*gamedata.Game) (*G, []finding.Finding), d *gamedata.Game) *G {
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
func BuildAllocs[G any](build func(*gamedata.Game) (G, []finding.Finding), d *gamedata.Game) (G, []finding.Finding, uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	g, fs := build(d)
	runtime.ReadMemStats(&after)
	return g, fs, after.TotalAlloc - before.TotalAlloc
}
