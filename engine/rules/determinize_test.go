package rules

import (
	"bytes"
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// A determinisation depends only on what its seat sees: two states that
// look alike to seat 1 but hold its unseen cards in other places (another
// seat's hand swapped with the deck's, the deck in another order) are
// re-dealt alike from the same seed. Bank holds copies of its cards, so
// the unseen cards repeat ids (unseenSorted counts them).
func TestDeterminizeDependsOnlyOnTheObservation(t *testing.T) {
	g := loadGame(t, "testdata/bank")
	s := g.NewState(3, engine.StateOptions{}).(*state)
	r := engine.NewRand(5)
	for s.Move < 4 {
		enginetest.RandomStep(s, r)
	}
	deck, hand2 := g.zones[0].base, g.zones[1].base+1
	want := slices.Concat(s.zone(deck), s.zone(hand2), s.zone(hand2+1))
	slices.Sort(want)
	if unseen := s.unseenSorted(0, nil); !slices.Equal(unseen, want) {
		t.Fatalf("seat 1's unseen cards %v, want the deck's and the other hands' in order: %v", unseen, want)
	}
	if len(slices.Compact(slices.Clone(want))) == len(want) {
		t.Fatalf("no copies among the unseen cards %v: the test needs some", want)
	}
	other := engine.Clone(s).(*state)
	otherDeck, otherHand := other.zone(deck), other.zone(hand2)
	j := slices.IndexFunc(otherDeck, func(c uint8) bool { return c != otherHand[0] })
	otherDeck[j], otherHand[0] = otherHand[0], otherDeck[j]
	slices.Reverse(otherDeck)
	if bytes.Equal(s.zone(deck), other.zone(deck)) || bytes.Equal(s.zone(hand2), other.zone(hand2)) {
		t.Fatalf("the swap changed nothing")
	}
	if !bytes.Equal(s.Observation(0, nil), other.Observation(0, nil)) {
		t.Fatalf("seat 1 tells the two states apart")
	}
	for seed := range uint64(10) {
		a, b := engine.Clone(s).(*state), engine.Clone(other).(*state)
		a.Determinize(0, engine.NewRand(seed))
		b.Determinize(0, engine.NewRand(seed))
		for i := range g.zoneInsts {
			if !bytes.Equal(a.zone(i), b.zone(i)) {
				t.Fatalf("seed %d: zone instance %d re-dealt %v and %v", seed, i, a.zone(i), b.zone(i))
			}
		}
		if !slices.Equal(a.zone(g.zones[1].base), s.zone(g.zones[1].base)) {
			t.Fatalf("seed %d: seat 1's own hand changed", seed)
		}
	}
}
