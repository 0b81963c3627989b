package report

import (
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/fonts"

	"codeberg.org/go-pdf/fpdf"
)

func TestTicksAreRoundAndCover(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   []float64
	}{
		{0, 1, []float64{0, 0.2, 0.4, 0.6, 0.8, 1}},
		{0, 0.7, []float64{0, 0.2, 0.4, 0.6}},
		{0, 0.33, []float64{0, 0.1, 0.2, 0.3}},
		{85, 98, []float64{85, 90, 95}},
	} {
		if got := Ticks(c.lo, c.hi, 5); !slices.Equal(got, c.want) {
			t.Errorf("Ticks(%g, %g) = %v, want %v", c.lo, c.hi, got, c.want)
		}
	}
}

// A chart title a little too wide shrinks (by up to a quarter) before it
// loses its end to an ellipsis.
func TestTitleShrinksBeforeItIsCut(t *testing.T) {
	pdf := fpdf.New("P", "mm", "A4", "")
	for _, f := range fonts.Faces {
		pdf.AddUTF8FontFromBytes(fonts.Family, f.Style, f.TTF)
	}
	s := "Heuristic vs random: 51% wins (fair 20%) (equal-turns)"
	setFont(pdf, "B", titleSize)
	full := pdf.GetStringWidth(s)
	if size, got := fitTitle(pdf, s, full*0.9); got != s || size >= titleSize || size < titleSize*0.75 {
		t.Errorf("10%% too wide: size %g, text %q; want the whole title, smaller", size, got)
	}
	if _, got := fitTitle(pdf, s, full*0.5); !strings.HasSuffix(got, "…") || len(got) >= len(s) {
		t.Errorf("twice too wide: %q, want it cut with an ellipsis", got)
	}
}
