package pipeline

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/render"
)

// Every shipped game's card back frame lies either in the bleed or at
// least render.MinFrameClear inside the trim, so duplex drift does not
// show; before, the frames' outer edges were 3.4 mm from the trim. (Where
// render draws the frame is TestBackFrameWhereTheLayoutPutsIt.)
func TestShippedBackFramesClearOfTheTrim(t *testing.T) {
	root := filepath.Join(testutil.RepoRoot(), "cards")
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		games, _ := Load([]string{filepath.Join(root, e.Name())})
		if len(games) != 1 {
			t.Fatalf("%s does not load", e.Name())
		}
		b := games[0].Data.Layout.Back.Border
		if b.Width <= 0 {
			continue
		}
		if outer := b.Inset - b.Width/2; outer > 0 && outer < render.MinFrameClear {
			t.Errorf("%s: the card back's frame is %.1f mm inside the trim, want at least %g (or in the bleed)", e.Name(), outer, render.MinFrameClear)
		}
	}
}
