package hmm

import (
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

var _ engine.RandomPlayer = (*state)(nil)

// The shipped game holds to the State contract at every player count,
// its PlayRandomly to the generic calls among the rest.
func TestRandomPlayoutsShipped(t *testing.T) {
	enginetest.RandomPlayoutsAtEveryCount(t, shipped(t), 10, 1)
}

// The search plays the same moves of the shipped game whether its
// play-outs run in PlayRandomly or through the generic calls.
func TestSearchPlaysOutAlike(t *testing.T) {
	enginetest.SearchPlaysOutAlike(t, shipped(t), 4, 40)
}
