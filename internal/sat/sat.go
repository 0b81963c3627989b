// Package sat adds counts without wrapping: a count from hostile data
// (2^63-1 copies of a card) must make a total huge, never negative or
// small.
package sat

import "math"

// Add is a+b for non-negative counts, stopping at the type's largest value
// instead of wrapping.
func Add[T int | int64](a, b T) T {
	if c, ok := Checked(a, b); ok {
		return c
	}
	return maxOf[T]()
}

// Checked is a+b and whether it fits the type.
func Checked[T int | int64](a, b T) (T, bool) {
	c := a + b
	return c, (c > a) == (b > 0)
}

func maxOf[T int | int64]() T {
	var zero T
	switch any(zero).(type) {
	case int:
		return T(math.MaxInt)
	}
	return T(math.MaxInt64)
}
