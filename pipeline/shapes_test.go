package pipeline

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/render"
	"github.com/cardpress/cardpress/render/pdftest"
)

// The shapes game (cmd/testdata/shapes) draws each card's own pictures
// and colours, chosen by its values, read back from each card's own page:
// a spell draws its art (art/{id}.png), its type's icon (a value map,
// earth by default) and its stage's badge (icons/stage-{stage}.png), each
// picture told apart by its width in pixels; its background, name pill and
// rules ink by its type, and a gold star only when it is rare. A realm
// draws its type's background picture.
func TestPicturesAndColoursByValue(t *testing.T) {
	games, fs := Load([]string{filepath.Join("..", "cmd", "testdata", "shapes")})
	if errs, _ := finding.Count(fs); errs > 0 || len(games) != 1 {
		t.Fatalf("the shapes game does not load: %v", fs)
	}
	doc := Document(games[0])
	// By type: background, pill, rules ink.
	colours := map[string][]string{
		"fire":  {"#fde3d6", "#c0392b", "#7b1f15"},
		"water": {"#dcebfa", "#2471a3", "#143d5c"},
		"earth": {"#ecebe4", "#7d6608", "#3d3304"},
	}
	const gold = "#d4ac0d"
	want := map[string]struct {
		widths []int // pictures drawn, in order
		kind   string
		rare   bool
	}{
		"ember":   {[]int{310, 64, 70}, "fire", true},
		"tide":    {[]int{312, 66, 72}, "water", false},
		"stone":   {[]int{314, 68, 74}, "earth", false},
		"spark":   {[]int{316, 64, 70}, "fire", false},
		"mist":    {[]int{318, 66, 72}, "water", true},
		"volcano": {[]int{390}, "", false},
		"lagoon":  {[]int{392}, "", false},
	}
	faces := make([]render.Face, len(doc.Cards))
	for i := range faces {
		faces[i].Card = i
	}
	data, err := render.CardsPDF(doc, faces, render.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := pdftest.Read(t, data)
	for i, c := range doc.Cards {
		w, ok := want[c.ID]
		if !ok {
			t.Fatalf("card %q is not in the test", c.ID)
		}
		var widths []int
		for _, p := range pdftest.Images(t, r, i+1) {
			widths = append(widths, p.Width)
		}
		if !slices.Equal(widths, w.widths) {
			t.Errorf("%s draws pictures %v pixels wide, want %v", c.ID, widths, w.widths)
		}
		if w.kind == "" {
			continue
		}
		content := pdftest.Content(t, r, i+1)
		for kind, cs := range colours {
			for _, col := range cs {
				if has := strings.Contains(content, rg(col)); has != (kind == w.kind) {
					t.Errorf("%s (%s): fill %s of %s drawn: %v", c.ID, w.kind, col, kind, has)
				}
			}
		}
		if has := strings.Contains(content, rg(gold)); has != w.rare {
			t.Errorf("%s (rare %v): gold star drawn: %v", c.ID, w.rare, has)
		}
	}
}

// rg is a colour as fpdf sets it for filling.
func rg(hex string) string {
	v, _ := strconv.ParseUint(hex[1:], 16, 32)
	return fmt.Sprintf("%.3f %.3f %.3f rg", float64(v>>16&0xff)/255, float64(v>>8&0xff)/255, float64(v&0xff)/255)
}
