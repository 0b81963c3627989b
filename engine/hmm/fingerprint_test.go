package hmm

import (
	"testing"

	"cardpress/engine/enginetest"
)

// TestPlayFingerprint: a speed-up must play the very same games, so the
// hash must not change (it was taken before any).
func TestPlayFingerprint(t *testing.T) {
	enginetest.SameGames(t, shipped(t), 20, 100, "7221cebb695058e5")
}
