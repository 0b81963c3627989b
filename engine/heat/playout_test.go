package heat

import (
	"testing"

	"cardpress/engine/enginetest"
)

func TestRandomPlayoutsFixture(t *testing.T) {
	g := fixture(t, testCards, nil)
	for players := 3; players <= 5; players++ {
		enginetest.RandomPlayouts(t, g, players, 50, 1)
	}
}
