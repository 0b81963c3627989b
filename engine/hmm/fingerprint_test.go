package hmm

import (
	"testing"

	"cardpress/engine/enginetest"
)

// TestPlayFingerprint: a speed-up must play the very same games, so the
// hash must not change (it was taken before any).
func TestPlayFingerprint(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	got := enginetest.Fingerprint(t, shipped(t), 20, 100)
	const want = "ecbadb2356e36f40"
	if got != want {
		t.Fatalf("fingerprint %s, want %s: the games changed", got, want)
	}
}
