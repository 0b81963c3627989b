package heat

import (
	"testing"

	"github.com/cardpress/cardpress/engine/enginetest"
)

func TestRandomPlayoutsFixture(t *testing.T) {
	enginetest.RandomPlayoutsAtEveryCount(t, fixture(t, testCards, nil), 50, 1)
}
