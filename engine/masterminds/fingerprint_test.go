package masterminds

import (
	"testing"

	"cardpress/engine/enginetest"
)

// TestPlayFingerprint: a speed-up must play the very same games, so the
// hash must not change (it was taken before any).
func TestPlayFingerprint(t *testing.T) {
	enginetest.SameGames(t, shipped(t, ""), 10, 100, "9032302c584942ab")
}
