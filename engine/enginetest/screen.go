package enginetest

import "testing"

// Screen judges an engine's quick invariant screen against its full
// check on states a test breaks on purpose: CheckInvariants (screen, then
// the full check where it fails) must say what the full check says, word
// for word, and every way of breaking must fail the full check at least
// once, or it tests nothing.
type Screen struct {
	Checked int            // broken states judged
	Failed  map[string]int // per break, how often the full check failed
}

// Judge compares one broken state's verdicts: got from CheckInvariants,
// want from the full check. where names the state for a failure.
func (sc *Screen) Judge(t testing.TB, brk string, got, want error, where string) {
	t.Helper()
	if sc.Failed == nil {
		sc.Failed = map[string]int{}
	}
	sc.Checked++
	if want != nil {
		sc.Failed[brk]++
	}
	if (got == nil) != (want == nil) || (got != nil && got.Error() != want.Error()) {
		t.Fatalf("%s, %s: the screen says %v, the full check %v", where, brk, got, want)
	}
}

// Done fails the breaks that never failed the full check, except those
// in keep, which are meant to keep every invariant and must never fail it.
func (sc *Screen) Done(t testing.TB, breaks []string, keep map[string]bool) {
	t.Helper()
	broken := 0
	for _, b := range breaks {
		broken += sc.Failed[b]
		switch {
		case keep[b] && sc.Failed[b] > 0:
			t.Errorf("break %q failed the full check %d times: it should keep the invariants", b, sc.Failed[b])
		case !keep[b] && sc.Failed[b] == 0:
			t.Errorf("break %q never failed the full check: it tests nothing", b)
		}
	}
	t.Logf("%d broken states, %d of them failing the full check, judged alike", sc.Checked, broken)
}
