package pipeline

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/render"
)

// Render takes whatever Data holds, even sizes the schema refuses: a card
// no page can hold is one line naming the sizes, and nothing is written.
func TestRenderDoesNotAssumeTheSchemaRan(t *testing.T) {
	for _, tc := range []struct {
		card  gamedata.Size
		bleed float64
		want  string
	}{
		{gamedata.Size{Width: 1e-9, Height: 88}, 0, "heat: print-and-play: render: a 1e-09x88 mm card is too small to print; each side must be at least 10 mm"},
		{gamedata.Size{Width: 0, Height: 0}, 0, "heat: print-and-play: render: a 0x0 mm card is too small to print; each side must be at least 10 mm"},
		{gamedata.Size{Width: math.NaN(), Height: 88}, 0, "heat: print-and-play: render: deck \"main\": card size NaNx88 mm is not a size"},
		{gamedata.Size{Width: 300, Height: 88}, 0, "heat: print-and-play: render: a 300x88 mm card with 0 mm bleed does not fit on a 210x297 mm page"},
		{gamedata.Size{Width: 63, Height: 88}, math.NaN(), "heat: print-and-play: render: bleed NaN mm is out of range 0-10"},
	} {
		g := load(t, filepath.Join(testutil.RepoRoot(), "cards/heat"))
		g.Data.Manifest.Print.Card = tc.card
		out := t.TempDir()
		_, err := Render(g, RenderOptions{OutDir: out, Options: render.Options{Paper: "a4", Bleed: tc.bleed}})
		if err == nil || err.Error() != tc.want {
			t.Errorf("%v bleed %g: error %v, want %q", tc.card, tc.bleed, err, tc.want)
		}
		if entries, _ := os.ReadDir(out); len(entries) != 0 {
			t.Errorf("%v: wrote %v", tc.card, entries)
		}
	}
}
