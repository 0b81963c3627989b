package hmm

import (
	"testing"

	"github.com/cardpress/cardpress/engine/enginetest"
)

// The shipped game holds to the State contract at every player count.
// Heist Masterminds has no PlayRandomly (engine.RandomPlayer): one was
// measured, 9% fewer instructions a search iteration but no less CPU time
// built with the committed profile (docs/benchmarks.md, "Speed tricks and
// what they pay"), so the search plays it out through the generic calls.
func TestRandomPlayoutsShipped(t *testing.T) {
	enginetest.RandomPlayoutsAtEveryCount(t, shipped(t), 10, 1)
}
