package mice

import (
	"testing"

	"github.com/cardpress/cardpress/engine/enginetest"
)

func TestRandomPlayoutsFixture(t *testing.T) {
	enginetest.RandomPlayoutsAtEveryCount(t, fixture(t, testCards, nil), 30, 1)
}
