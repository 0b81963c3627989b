package cmd

import (
	"runtime"
	"testing"
)

// --workers N holds report and tune to N cores while they run (their runs
// play side by side, each with its own workers), and gives the cores back
// after; 0 and more workers than cores leave the process as it is.
func TestLimitCores(t *testing.T) {
	all := runtime.GOMAXPROCS(0)
	if all < 2 {
		t.Skip("one core: nothing to limit")
	}
	restore := limitCores(1)
	if got := runtime.GOMAXPROCS(0); got != 1 {
		t.Errorf("with --workers 1 the run may use %d cores, want 1", got)
	}
	restore()
	if got := runtime.GOMAXPROCS(0); got != all {
		t.Errorf("after the run %d cores, want %d back", got, all)
	}
	for _, w := range []int{0, -1, all, all + 5} {
		limitCores(w)()
		if got := runtime.GOMAXPROCS(0); got != all {
			t.Errorf("--workers %d: %d cores, want %d", w, got, all)
		}
	}
}
