package engine_test

import (
	"math"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// A table cell with any number that is not finite prints as "-", never as
// NaN or +Inf; finite numbers print by the format.
func TestFiniteCell(t *testing.T) {
	for _, c := range []struct {
		xs   []float64
		want string
	}{
		{[]float64{0.25, 3}, "25.0% ± 3.0"},
		{[]float64{math.NaN(), 3}, "-"},
		{[]float64{0.5, math.Inf(1)}, "-"},
		{[]float64{math.Inf(-1), 1}, "-"},
	} {
		if got := engine.FiniteCell("%.1f%% ± %.1f", c.xs[0]*100, c.xs[1]); got != c.want {
			t.Errorf("%v: %q, want %q", c.xs, got, c.want)
		}
	}
}
