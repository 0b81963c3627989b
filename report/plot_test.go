package report

import (
	"slices"
	"testing"
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
