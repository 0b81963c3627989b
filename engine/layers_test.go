package engine_test

import (
	"os/exec"
	"strings"
	"testing"
)

// The engine core plays games; loading them is another layer's job. It
// must not pull in the loader, YAML, JSON Schema, fonts or the PDF writer.
func TestCoreImportsNoLoader(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/cardpress/cardpress/engine").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		for _, banned := range []string{"github.com/cardpress/cardpress/gamedata", "yaml", "jsonschema", "github.com/cardpress/cardpress/fonts", "fpdf", "github.com/cardpress/cardpress/render"} {
			if strings.Contains(dep, banned) {
				t.Errorf("the engine core depends on %s", dep)
			}
		}
	}
}
