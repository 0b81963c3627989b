package hmm

import (
	"testing"

	"github.com/cardpress/cardpress/engine/enginetest"
)

// TestPlayFingerprint: a speed-up must play the very same games, so the
// hash must not change (it was taken before any).
func TestPlayFingerprint(t *testing.T) {
	enginetest.SameGames(t, shipped(t), 20, 100, "38f22dfd32ba7198")
}
