package mice

import (
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

var _ engine.RandomPlayer = (*state)(nil)

func TestRandomPlayoutsFixture(t *testing.T) {
	enginetest.RandomPlayoutsAtEveryCount(t, fixture(t, testCards, nil), 30, 1)
}

// The search plays the same moves of the shipped game whether its
// play-outs run in PlayRandomly or through the generic calls.
func TestSearchPlaysOutAlike(t *testing.T) {
	enginetest.SearchPlaysOutAlike(t, shipped(t), 4, 40)
}
