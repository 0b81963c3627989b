package tune

import (
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// On a noisy function of three parameters of ten values each (1,000
// points), NTBEA finds the best point in 150 evaluations, fewer than a
// sixth of the points, from a corner, whatever the seed: its tables of
// single values carry what each evaluation teaches to points not played.
func TestNTBEAFindsTheBestOfANoisyFunction(t *testing.T) {
	want := []int{7, 2, 5}
	for seed := uint64(1); seed <= 5; seed++ {
		noise := engine.NewRand(seed * 77)
		best := ntbea([]int{10, 10, 10}, []int{0, 0, 0}, seed, 150, func(_ int, x []int) float64 {
			f := 0.0
			for i := range x {
				f -= float64(abs(x[i] - want[i]))
			}
			return f/3 + noise.Float64() - 0.5 // noise as wide as a step
		})
		if !slices.Equal(best, want) {
			t.Errorf("seed %d: recommended %v, want %v", seed, best, want)
		}
	}
}

// A space of one point is searched without a neighbour to go to.
func TestNTBEAOnePoint(t *testing.T) {
	n := 0
	best := ntbea([]int{1}, []int{0}, 1, 3, func(int, []int) float64 { n++; return 0 })
	if n != 3 || !slices.Equal(best, []int{0}) {
		t.Errorf("%d evaluations, best %v", n, best)
	}
}
