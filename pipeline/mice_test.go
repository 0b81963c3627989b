package pipeline

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine/mice"
)

// Mice Heist: rule parameters reach both the engine and the printed sheet,
// and the track strips follow track_length.
func TestMiceParametersChangeEngineAndSheet(t *testing.T) {
	g := loadWithParams(t, "mice",
		[2]string{"  chips_drawn:\n    default: 2\n", "  chips_drawn:\n    default: 3\n"},
		[2]string{"  cleanup_step:\n    default: 8\n", "  cleanup_step:\n    default: 9\n"},
		[2]string{"  track_length:\n    default: 20\n", "  track_length:\n    default: 24\n"})
	p := g.Engine.(*mice.Game).Params()
	if p.ChipsDrawn != 3 || p.CleanupStep != 9 || p.TrackLength != 24 {
		t.Fatalf("engine did not pick up the parameters: %+v", p)
	}
	out, _ := renderSays(t, g, "draw 3 chips", "9. Cleanup", "of 24")
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
