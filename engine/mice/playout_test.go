package mice

import (
	"testing"

	"cardpress/engine/enginetest"
)

func TestRandomPlayoutsFixture(t *testing.T) {
	g := fixture(t, testCards, nil)
	for players := 2; players <= 6; players++ {
		enginetest.RandomPlayouts(t, g, players, 30, 1)
	}
}
