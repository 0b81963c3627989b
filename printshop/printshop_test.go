package printshop

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// docTable is the profile table docs/export.md must hold, made from
// Profiles: the docs cannot list a template the code does not have, or
// other pixels.
func docTable() string {
	var b strings.Builder
	b.WriteString("| profile | shop: product | image at 300 dpi | trim the shop cuts | bleed a side | pixels from |\n")
	b.WriteString("|---|---|---|---|---|---|\n")
	for _, p := range Profiles {
		w, h := p.Trim()
		from := "the shop's template"
		if p.Derived {
			from = "the shop's rule (trim + bleed)"
		}
		fmt.Fprintf(&b, "| `%s` | %s: %s | %d × %d px | %s × %s mm | %g px, %s mm | %s |\n",
			p.Name(), ShopOf(p).Name, p.Product, p.W, p.H, mm(w), mm(h), p.BleedPx, mm(p.BleedMM()), from)
	}
	return b.String()
}

func TestDocsTableIsTheTable(t *testing.T) {
	doc, err := os.ReadFile("../docs/export.md")
	if err != nil {
		t.Fatal(err)
	}
	want := docTable()
	if !strings.Contains(string(doc), want) {
		t.Errorf("docs/export.md does not hold the profile table; put this there:\n%s", want)
	}
}

// Every template is whole pixels of a trim plus the bleed on both sides,
// names are unique, and every shop has profiles.
func TestProfilesAreConsistent(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range Profiles {
		if seen[p.Name()] {
			t.Errorf("%s twice", p.Name())
		}
		seen[p.Name()] = true
		w, h := p.Trim()
		if w <= 0 || h <= 0 || w > h || p.DPI != 300 {
			t.Errorf("%s: trim %gx%g mm at %g dpi: want portrait at 300 dpi", p.Name(), w, h, p.DPI)
		}
		if len(Lookup(p.Shop)) == 0 || len(Lookup(p.Name())) != 1 {
			t.Errorf("%s: lookup", p.Name())
		}
	}
	for _, s := range Shops {
		if len(Lookup(s.ID)) == 0 {
			t.Errorf("shop %s has no profile", s.ID)
		}
	}
	if Lookup("vistaprint") != nil || Lookup("tgc-") != nil {
		t.Error("an unknown name found profiles")
	}
}

// Fit takes the nearest size within Slack, turns the template for
// landscape cards, and refuses a card further off.
func TestFit(t *testing.T) {
	tgc := Lookup("tgc")
	for _, tc := range []struct {
		w, h float64
		want string
		turn bool
	}{
		{63, 88, "tgc-poker", false},
		{57, 89, "tgc-bridge", false},
		{89, 57, "tgc-bridge", true},
		{70, 120, "tgc-tarot", false},
		{70, 70, "tgc-square", false},
		{89, 127, "", false}, // TGC's jumbo is 3.5×5.5 in
		{44, 68, "", false},  // euro mini: nobody's
	} {
		p, ok := Fit(tgc, tc.w, tc.h)
		if tc.want == "" {
			if ok {
				t.Errorf("%gx%g: fits %s", tc.w, tc.h, p.Name())
			}
			continue
		}
		if !ok || p.Name() != tc.want || p.Landscape() != tc.turn {
			t.Errorf("%gx%g: %s (landscape %v), %v; want %s", tc.w, tc.h, p.Name(), p.Landscape(), ok, tc.want)
		}
	}
	if p, ok := Fit(Lookup("mpc"), 89, 127); !ok || p.Name() != "mpc-jumbo" {
		t.Errorf("89x127 at mpc: %s %v", p.Name(), ok)
	}
}
