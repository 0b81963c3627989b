package rules

import (
	"testing"

	"cardpress/engine/enginetest"
)

// TestPlayFingerprint: a speed-up of the rules engine must play the very
// same games, so these hashes must not change (taken before any).
func TestPlayFingerprint(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	for game, want := range map[string]string{
		"crazy-eights": "00e1f45ecce6deca",
		"hearts":       "51f17934c8ca8f37",
	} {
		if got := enginetest.Fingerprint(t, loadGame(t, "../../cards/"+game), 10, 100); got != want {
			t.Errorf("%s: fingerprint %s, want %s: the games changed", game, got, want)
		}
	}
}
