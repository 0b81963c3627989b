package heat

import (
	"testing"

	"cardpress/engine/enginetest"
)

func TestRandomPlayoutsFixture(t *testing.T) {
	enginetest.RandomPlayoutsAtEveryCount(t, fixture(t, testCards, nil), 50, 1)
}
