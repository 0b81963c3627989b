package flagval

import (
	"math"
	"testing"
)

// A length out of range, or not a number, is refused as it is parsed and
// leaves the value as it was; one in range, the ends included, is taken.
func TestMM(t *testing.T) {
	v := 3.0
	f := &MM{Value: &v, Max: 10}
	for _, s := range []string{"NaN", "Inf", "-Inf", "-0.5", "10.01", "1e400", "3mm", ""} {
		if err := f.Set(s); err == nil || err.Error() != "want a number of mm from 0 to 10" || v != 3 {
			t.Errorf("Set(%q): %v, value %g", s, err, v)
		}
	}
	for _, s := range []string{"0", "10", "2.5"} {
		if err := f.Set(s); err != nil || f.String() != s {
			t.Errorf("Set(%q): %v, reads back %q", s, err, f.String())
		}
	}
	if InRange(math.NaN(), 10) || !InRange(0, 0) {
		t.Error("InRange: NaN is in range, or 0 is not in [0, 0]")
	}
}
