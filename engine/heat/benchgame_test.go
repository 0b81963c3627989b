package heat

import "testing"

func benchGame(b *testing.B) *Game { return shipped(b) }
