package rules

import (
	"testing"

	"github.com/cardpress/cardpress/engine/enginetest"
)

// TestPlayFingerprint: a speed-up of the rules engine must play the very
// same games, so these hashes must not change (taken before any). They
// were taken again when the two files gained evaluate: (the heuristic bot
// had played at random); without it they are still 00e1f45ecce6deca and
// 51f17934c8ca8f37.
func TestPlayFingerprint(t *testing.T) {
	enginetest.SameGames(t, loadGame(t, "../../cards/crazy-eights"), 10, 100, "58a5a6ad49e0a61f")
	enginetest.SameGames(t, loadGame(t, "../../cards/hearts"), 10, 100, "d33b395964a22c82")
}
