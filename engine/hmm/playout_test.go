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
	enginetest.RandomPlayoutsAtEveryCount(t, shipped(t), 20, 1)
}
