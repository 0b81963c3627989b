package render

import (
	"os"
	"testing"

	"github.com/cardpress/cardpress/internal/fileio"
)

// TestWriteSamples writes sample PDFs for a person to look at, only when
// CARDPRESS_RENDER_SAMPLES names a directory.
func TestWriteSamples(t *testing.T) {
	dir := os.Getenv("CARDPRESS_RENDER_SAMPLES")
	if dir == "" {
		t.Skip("set CARDPRESS_RENDER_SAMPLES to a directory to write sample PDFs")
	}
	out, err := fileio.OpenOut(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	for _, paper := range []string{"a4", "letter"} {
		for _, bleed := range []float64{0, 3} {
			opt := Options{Paper: paper, Bleed: bleed}
			pnp, err := PnP(sampleDoc(), opt)
			if err != nil {
				t.Fatal(err)
			}
			name := paper
			if bleed > 0 {
				name += "-bleed"
			}
			if err := out.WriteFile("pnp-"+name+".pdf", pnp); err != nil {
				t.Fatal(err)
			}
		}
		ref, err := ReferencePDF(sampleDoc(), Options{Paper: paper})
		if err != nil {
			t.Fatal(err)
		}
		if err := out.WriteFile("reference-"+paper+".pdf", ref); err != nil {
			t.Fatal(err)
		}
	}
	// Poker and mini cards in one file, each size on pages of its own.
	mixed, err := PnP(mixedDoc(), Options{Bleed: 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := out.WriteFile("pnp-mixed-sizes.pdf", mixed); err != nil {
		t.Fatal(err)
	}
	for _, f := range CheckFit(sampleDoc()) {
		t.Log(f)
	}
}
