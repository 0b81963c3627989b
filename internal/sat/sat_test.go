package sat

import (
	"math"
	"testing"
)

func TestAdd(t *testing.T) {
	for _, c := range []struct{ a, b, want int }{
		{0, 0, 0}, {2, 3, 5}, {math.MaxInt, 1, math.MaxInt}, {math.MaxInt - 1, 1, math.MaxInt},
		{1 << 62, 1 << 62, math.MaxInt}, {math.MaxInt, math.MaxInt, math.MaxInt},
	} {
		if got := Add(c.a, c.b); got != c.want {
			t.Errorf("Add(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
	if got := Add[int64](math.MaxInt64, 7); got != math.MaxInt64 {
		t.Errorf("int64: %d", got)
	}
}

func TestChecked(t *testing.T) {
	if _, ok := Checked[int64](math.MaxInt64, 1); ok {
		t.Error("MaxInt64+1 fits")
	}
	if _, ok := Checked[int64](math.MinInt64, -1); ok {
		t.Error("MinInt64-1 fits")
	}
	if c, ok := Checked[int64](-5, 3); !ok || c != -2 {
		t.Errorf("-5+3 = %d, %v", c, ok)
	}
	if c, ok := Checked[int64](4, 0); !ok || c != 4 {
		t.Errorf("4+0 = %d, %v", c, ok)
	}
}
