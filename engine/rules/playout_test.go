package rules

import (
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

var _ engine.RandomPlayer = (*state)(nil)

// The search plays the same games of Crazy Eights and of Hearts (whose
// pass is a secret choice of every seat, which PlayRandomly leaves to the
// search) whether its play-outs run in the state's loop or through the
// generic calls, seed for seed.
func TestMCTSPlaysTheSameThroughPlayRandomly(t *testing.T) {
	for _, game := range []string{"crazy-eights", "hearts"} {
		enginetest.SearchPlaysOutAlike(t, loadGame(t, "../../cards/"+game), 4, 200)
	}
}
