package masterminds

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
	got := enginetest.Fingerprint(t, shipped(t, ""), 10, 100)
	const want = "9032302c584942ab"
	if got != want {
		t.Fatalf("fingerprint %s, want %s: the games changed", got, want)
	}
}
