// Package flagval holds flag values that several packages bind: a length
// in mm that refuses what is out of range as it is parsed.
package flagval

import (
	"fmt"
	"strconv"
)

// MM is a length flag in mm that takes only a number from 0 to Max: NaN,
// an infinity, a negative or a too large value is refused as it is
// parsed, with the range in the message.
type MM struct {
	Value *float64
	Max   float64
}

func (f *MM) Set(s string) error {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !InRange(v, f.Max) {
		return fmt.Errorf("want a number of mm from 0 to %g", f.Max)
	}
	*f.Value = v
	return nil
}

func (f *MM) String() string {
	if f == nil || f.Value == nil {
		return "0"
	}
	return strconv.FormatFloat(*f.Value, 'g', -1, 64)
}

func (f *MM) Type() string { return "mm" }

// InRange is 0 <= v <= max, false for NaN.
func InRange(v, max float64) bool { return v >= 0 && v <= max }
