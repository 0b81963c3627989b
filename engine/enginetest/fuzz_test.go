package enginetest

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// recorder is a testing.TB that notes the first failure instead of
// failing the test running it.
type recorder struct {
	testing.TB
	failure string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	if r.failure == "" {
		r.failure = fmt.Sprintf(format, args...)
	}
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}

// failure runs f with a recorder and returns its first failure ("" if
// none); a panic counts, as it does for a fuzz target.
func failure(t *testing.T, f func(testing.TB)) string {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() {
			if p := recover(); p != nil && r.failure == "" {
				r.failure = fmt.Sprint("panic: ", p)
			}
		}()
		f(r)
	}()
	<-done
	return r.failure
}

func TestPlayFuzzed(t *testing.T) {
	for _, tc := range []struct {
		name     string
		game     *Toy
		mayStall bool
		want     string // a part of the failure; "" for none
	}{
		{"a sound game", &Toy{Goal: 10}, false, ""},
		{"a game that never ends", &Toy{Goal: 10, NeverEnds: true}, false, "no end"},
		{"a game that never ends, on rejected data", &Toy{Goal: 10, NeverEnds: true}, true, ""},
		{"a panic", &Toy{Goal: 10, PanicAt: 4}, false, "panic"},
		{"a panic, on rejected data", &Toy{Goal: 10, PanicAt: 4}, true, "panic total"},
		{"a broken invariant, on rejected data", &Toy{Goal: 10, BreakAt: 4}, true, "invariant broken"},
	} {
		got := failure(t, func(tb testing.TB) { PlayFuzzed(tb, tc.game, 3, tc.mayStall) })
		switch {
		case tc.want == "" && got != "":
			t.Errorf("%s: failed: %s", tc.name, got)
		case tc.want != "" && !strings.Contains(got, tc.want):
			t.Errorf("%s: failure %q, want one saying %q", tc.name, got, tc.want)
		}
	}
}
