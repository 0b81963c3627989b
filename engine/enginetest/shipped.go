package enginetest

import (
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/testutil"
)

// ShippedData loads cards/<id>, the data the binary ships, validated with
// the engine's own schemas, in a rule variant ("" keeps the defaults). It
// fails t on any error, so an engine's tests always run on valid data.
func ShippedData(t testing.TB, id string, schemas fs.FS, variant string) *gamedata.Data {
	t.Helper()
	dir := filepath.Join(testutil.RepoRoot(), "cards", id)
	d, fs := gamedata.Load(dir, func(engine string) (fs.FS, bool) { return schemas, engine == id })
	if errs, _ := finding.Count(fs); errs > 0 || d == nil {
		t.Fatalf("cards/%s does not load: %v", id, fs)
	}
	if variant != "" {
		var err error
		if d, err = d.WithVariant(variant); err != nil {
			t.Fatal(err)
		}
	}
	return d
}

// Shipped is the game build (an engine's Build) makes of cards/<id>, loaded
// as ShippedData does: every engine's tests of the shipped game start here,
// and fail at once when the data does not load or build.
func Shipped[G any](t testing.TB, id string, schemas fs.FS, variant string, build func(*gamedata.Data) (*G, []finding.Finding)) *G {
	t.Helper()
	return MustBuild(t, build, ShippedData(t, id, schemas, variant))
}
