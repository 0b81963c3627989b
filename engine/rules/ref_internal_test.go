package rules

import (
	"bytes"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// The reference's observation shows a seat its own hand and the public
// zones, and not another seat's hand or the shuffled pile.
func TestReferenceObservationHidesOtherHands(t *testing.T) {
	g := loadGame(t, "../../cards/crazy-eights")
	s := Reference(g).NewState(3, engine.StateOptions{}).(*refState)
	for s.CurrentPlayer() == engine.Chance {
		engine.Apply(s, s.ChanceOutcomes(nil)[0].Action)
	}
	hand := func(p int) int { return g.names.zoneByName["hand"].base + p }
	stock := g.names.zoneByName["stock"].base
	before := s.Observation(0, nil)
	// Swap a card of seat 2's hand with one of the stock: seat 1 sees the
	// same; seat 2 does not.
	other := s.CloneInto(nil).(*refState)
	other.zones[hand(1)][0], other.zones[stock][0] = other.zones[stock][0], other.zones[hand(1)][0]
	if !bytes.Equal(before, other.Observation(0, nil)) {
		t.Error("seat 1 sees a change in seat 2's hand or in the stock")
	}
	if bytes.Equal(s.Observation(1, nil), other.Observation(1, nil)) {
		t.Error("seat 2 does not see a change in its own hand")
	}
	mine := s.CloneInto(nil).(*refState)
	mine.zones[hand(0)][0], mine.zones[stock][0] = mine.zones[stock][0], mine.zones[hand(0)][0]
	if bytes.Equal(before, mine.Observation(0, nil)) {
		t.Error("seat 1 does not see a change in its own hand")
	}
}
