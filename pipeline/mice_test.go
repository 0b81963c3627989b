package pipeline

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine/mice"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/render"
)

// Mice Heist: rule parameters reach both the engine and the printed sheet,
// and the track strips follow track_length.
func TestMiceParametersChangeEngineAndSheet(t *testing.T) {
	ws := testutil.CopyGame(t, "mice")
	testutil.Edit(t, ws, "cards/mice/game.yaml", "  chips_drawn:\n    default: 2\n", "  chips_drawn:\n    default: 3\n")
	testutil.Edit(t, ws, "cards/mice/game.yaml", "  cleanup_step:\n    default: 8\n", "  cleanup_step:\n    default: 9\n")
	testutil.Edit(t, ws, "cards/mice/game.yaml", "  track_length:\n    default: 20\n", "  track_length:\n    default: 24\n")
	g := load(t, filepath.Join(ws, "cards/mice"))
	p := g.Engine.(*mice.Game).Params()
	if p.ChipsDrawn != 3 || p.CleanupStep != 9 || p.TrackLength != 24 {
		t.Fatalf("engine did not pick up the parameters: %+v", p)
	}
	out := t.TempDir()
	if _, err := Render(g, RenderOptions{OutDir: out, Options: render.Options{}}); err != nil {
		t.Fatalf("render: %v", err)
	}
	ref, _ := pdfText(t, filepath.Join(out, "mice", "mice-reference.pdf"))
	sheet := strings.Join(ref, "\n")
	for _, s := range []string{"draw 3 chips", "9. Cleanup", "of 24"} {
		if !strings.Contains(sheet, s) {
			t.Errorf("reference sheet does not say %q", s)
		}
	}
	pages, _ := pdfText(t, filepath.Join(out, "mice", "mice-pnp.pdf"))
	all := strings.Join(pages, "\n")
	if !strings.Contains(all, "24") || !strings.Contains(all, "Contribution tracks") {
		t.Error("the track strips do not show 24 spaces")
	}
	// One line per step, its number a bold "9:" (or a badge "9"), set
	// apart from the step's name (spaces between runs may not be read).
	if squeezed := strings.ReplaceAll(all, " ", ""); !strings.Contains(squeezed, "9:Cleanup") && !strings.Contains(squeezed, "9Cleanup") {
		t.Error("the rules reminder card does not follow cleanup_step")
	}
}
