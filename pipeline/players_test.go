package pipeline

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/render"
	"github.com/cardpress/cardpress/render/pdftest"
)

// Mice Heist's player pieces print in six distinct colours, one chip and
// four contribution markers each, every piece named; its four tracks are
// labelled by job; and the box page lists nothing it prints as something
// to supply.
func TestMicePiecesInSixColours(t *testing.T) {
	g := load(t, filepath.Join(testutil.RepoRoot(), "cards/mice"))
	doc := Document(g)
	six := gamedata.PlayerPalette[:6]
	for _, c := range doc.Components {
		switch {
		case strings.HasPrefix(c.Title, "Player chips"), strings.HasPrefix(c.Title, "Contribution markers"):
			if len(c.Players) != 6 {
				t.Errorf("%s: %d player colours, want 6", c.Title, len(c.Players))
			}
		case c.Kind == "track" && (c.Count != 4 || strings.Join(c.Labels, ",") != "Job A,Job B,Job C,Job D"):
			t.Errorf("tracks: %d labelled %q, want Job A-D", c.Count, c.Labels)
		}
	}
	out := t.TempDir()
	if _, err := Render(g, RenderOptions{OutDir: out, Options: render.Options{Paper: "a4"}}); err != nil {
		t.Fatal(err)
	}
	pages, raw := pdfText(t, filepath.Join(out, "mice", "mice-pnp.pdf"))
	r := pdftest.Read(t, raw)
	n := -1
	for i, p := range pages {
		if strings.Contains(p, "Player chips") {
			n = i + 1 // the sheet, not the box page after it
			break
		}
	}
	if n < 0 {
		t.Fatal("no page of player chips")
	}
	text := pdftest.PageText(t, r, n)
	content := pdftest.Content(t, r, n)
	for _, p := range six {
		// One fill and one name per piece: a chip and four markers.
		if got := len(pdftest.Find(text, p.Name)); got != 5 {
			t.Errorf("%q printed %d times on page %d, want 5", p.Name, got, n)
		}
		c := parseHex(t, p.Color)
		rg := fmt.Sprintf("%.3f %.3f %.3f rg", c[0], c[1], c[2])
		if got := strings.Count(content, rg); got != 5 {
			t.Errorf("%s (%s) fills %d pieces on page %d, want 5", p.Name, rg, got, n)
		}
	}
	for _, job := range []string{"Job A", "Job B", "Job C", "Job D"} {
		if got := len(pdftest.Find(text, job)); got != 1 {
			t.Errorf("%q printed %d times, want once", job, got)
		}
	}
	box := pages[len(pages)-1]
	supply := strings.Index(box, "Supply your own")
	if supply < 0 || !strings.Contains(box[supply:], "Opaque bag") {
		t.Fatalf("the box page does not ask for the bag: %q", box)
	}
	for _, printed := range []string{"Contribution tracks", "Player chips", "Contribution markers", "Cheese tokens"} {
		if i := strings.Index(box, printed); i < 0 || i > supply {
			t.Errorf("the box page does not list %q as printed: %q", printed, box)
		}
	}
}

// parseHex reads #rrggbb as fractions of 1, as a PDF writes a colour.
func parseHex(t *testing.T, s string) [3]float64 {
	var r, g, b int
	if _, err := fmt.Sscanf(s, "#%02x%02x%02x", &r, &g, &b); err != nil {
		t.Fatalf("colour %q: %v", s, err)
	}
	return [3]float64{float64(r) / 255, float64(g) / 255, float64(b) / 255}
}
