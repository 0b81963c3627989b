package rules

import (
	"testing"

	"github.com/cardpress/cardpress/engine/enginetest"
)

// FuzzMoves: recorded moves from anywhere (replay --from) never crash the
// rules engine nor break its invariants; a move it refuses is not applied.
func FuzzMoves(f *testing.F) { enginetest.FuzzMoves(f, loadGame(f, "../../cards/crazy-eights"), 4) }
