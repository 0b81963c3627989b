package masterminds

import (
	"testing"

	"github.com/cardpress/cardpress/engine/enginetest"
)

// TestPlayFingerprint: a speed-up must play the very same games, so the
// hash must not change (it was taken before any; retaken when the first
// player's roll became dice rolled seat by seat, a rule change).
func TestPlayFingerprint(t *testing.T) {
	enginetest.SameGames(t, shipped(t, ""), 10, 100, "c7b513244a74c32d")
}
