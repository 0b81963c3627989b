package rules

import (
	"testing"

	"github.com/cardpress/cardpress/engine/enginetest"
)

// TestPlayFingerprint: a speed-up of the rules engine must play the very
// same games, so these hashes must not change (taken before any).
func TestPlayFingerprint(t *testing.T) {
	enginetest.SameGames(t, loadGame(t, "../../cards/crazy-eights"), 10, 100, "00e1f45ecce6deca")
	enginetest.SameGames(t, loadGame(t, "../../cards/hearts"), 10, 100, "51f17934c8ca8f37")
}
