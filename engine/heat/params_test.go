package heat

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
)

var update = flag.Bool("update", false, "rewrite the test copy of the parameters schema")

// The packages HEAT imports test with a copy of its generated parameters
// schema (testutil.HeatSchemas); this keeps the copy current. Run with
// -update to rewrite it.
func TestTestutilCopyOfTheParametersSchema(t *testing.T) {
	path := filepath.Join(testutil.RepoRoot(), testutil.HeatSchemasFile)
	if *update {
		if err := os.WriteFile(path, params.Schema(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(got, params.Schema()) {
		t.Errorf("%s is not the schema Params declares (%v): go test ./engine/heat -run TestTestutilCopy -update", testutil.HeatSchemasFile, err)
	}
}
