package tune

import "testing"

// BenchmarkNTBEAStep is the search's own cost per evaluation (recording
// it, ranking 50 neighbours), at the plan's limit of 16 parameters of 64
// values, with a free evaluation: what tune adds to the games it plays.
func BenchmarkNTBEAStep(b *testing.B) {
	sizes := make([]int, MaxDims)
	start := make([]int, MaxDims)
	for i := range sizes {
		sizes[i] = MaxValues
	}
	b.ReportAllocs()
	b.ResetTimer()
	ntbea(sizes, start, 1, b.N, func(_ int, x []int) float64 { return -float64(x[0]) })
}
