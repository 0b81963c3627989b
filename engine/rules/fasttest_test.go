package rules

import (
	"math"
	"testing"
)

// TestFastTests: a comparison read in line (fastTest) gives what its
// closure gives, and not of it is true exactly when 1 - the closure's
// value is not 0, at the edges of int64 too.
func TestFastTests(t *testing.T) {
	edges := []int64{math.MinInt64, math.MinInt64 + 1, -2, -1, 0, 1, 2, 51, math.MaxInt64 - 1, math.MaxInt64}
	s := &state{vars: make([]int64, 1), zlen: make([]int16, 1)}
	for op := cmpEq; op <= cmpGe; op++ {
		for _, v := range edges {
			ft := compareFast(false, 0, op, v)
			nt := notFast(ft)
			for _, x := range edges {
				s.vars[0] = x
				want := cmpInt(op, x, v)
				if got := ft.value(s); got != want || ft.holds(s) != (want != 0) {
					t.Fatalf("%d op %d %d: fast %d (holds %v), closure %d", x, op, v, got, ft.holds(s), want)
				}
				if nt.holds(s) != (1-want != 0) || nt.value(s) != 1-want {
					t.Fatalf("not %d op %d %d: fast %v, closure %d", x, op, v, nt.holds(s), 1-want)
				}
			}
		}
	}
	raw := &fastTest{count: true, raw: true, exact: true}
	nr := notFast(raw)
	if nr.exact || notFast(nr) != nil {
		t.Fatal("not of a raw value is only a truth: no not of it")
	}
	for _, x := range []int16{math.MinInt16, -1, 0, 1, 2, 7, math.MaxInt16} {
		s.zlen[0] = x
		if raw.value(s) != int64(x) || raw.holds(s) != (x != 0) || nr.holds(s) != (1-int64(x) != 0) {
			t.Fatalf("raw %d: value %d, holds %v, not %v", x, raw.value(s), raw.holds(s), nr.holds(s))
		}
	}
}
