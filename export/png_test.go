package export

import (
	"math"
	"testing"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/printshop"
)

// Every profile's geometry gives its template's exact pixels, portrait
// and turned, for a card of the profile's own trim.
func TestPNGGeomIsTheTemplate(t *testing.T) {
	for _, p := range printshop.Profiles {
		for _, q := range []printshop.Profile{p, p.Turned()} {
			w, h := q.Trim()
			if q.Landscape() != (w > h) && w != h {
				t.Fatalf("%s: turned trim %gx%g", q.Name(), w, h)
			}
			fit, ok := printshop.Fit(printshop.Lookup(q.Shop), w, h)
			if !ok || fit != q {
				t.Errorf("%s %gx%g mm: fits %s, %v", q.Name(), w, h, fit.Name(), ok)
				continue
			}
			g := pngGeomFor(gamedata.Size{Width: w, Height: h}, 0, 0, &fit)
			if g.w != q.W || g.h != q.H || pxOf(g.box.W, g.dpi) != q.W || pxOf(g.box.H, g.dpi) != q.H || math.Abs(g.bleed-q.BleedMM()) > 1e-9 {
				t.Errorf("%s: geometry %+v, want %dx%d px and %g mm of bleed", q.Name(), g, q.W, q.H, q.BleedMM())
			}
		}
	}
}
