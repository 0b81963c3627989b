package heat

import (
	"testing"

	"github.com/cardpress/cardpress/engine/enginetest"
)

// FuzzMoves: recorded moves from anywhere (replay --from) never crash
// HEAT nor break its invariants; a move it refuses is not applied.
func FuzzMoves(f *testing.F) { enginetest.FuzzMoves(f, shipped(f), 4) }
