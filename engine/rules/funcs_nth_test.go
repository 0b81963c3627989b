package rules

import (
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// nth(x, v, k) is the position of the k-th item of x that is v, or -1:
// of a table's numbers, a seat's and cards (none), on the fast engine and
// the reference alike.
func TestNthFindsTheKthItem(t *testing.T) {
	g, found := bankValues(t,
		"  heap: {type: int, size: 4}\n  owed: {type: int, owner: player, size: 3}\n  spot: {type: card, size: 3}\n  got: {type: int, size: 9}\n",
		`  - set: "heap[1] = 5"
  - set: "heap[3] = 5"
  - set: "owed[seat(2)][2] = 1"
  - set: "spot[0] = top(played)"
  - set: "spot[1] = bottom(played)"
  - set: "got[0] = nth(heap, 5, 1)"
  - set: "got[1] = nth(heap, 5, 2)"
  - set: "got[2] = nth(heap, 5, 3)"
  - set: "got[3] = nth(heap, 0, 2)"
  - set: "got[4] = nth(owed[seat(2)], 1, 1)"
  - set: "got[5] = nth(owed[seat(1)], 1, 1)"
  - set: "got[6] = nth(heap, 5, 0)"
  - set: "got[7] = nth(spot, none, 3)"
  - set: "got[8] = nth(spot, none, count(played) + 1)"
`)
	if g == nil {
		t.Fatalf("does not build: %v", found)
	}
	s := dealt(g, engine.StateOptions{})
	// played is empty after the deal: spot holds none three times.
	for i, want := range []int64{1, 3, -1, 2, 2, -1, -1, 2, 0} {
		if got, ok := g.Element(s, "got", -1, i); !ok || got != want {
			t.Errorf("got[%d] is %d (%v), want %d", i, got, ok, want)
		}
	}
	if d := Agree(g, 2, 1, 30); d != nil {
		t.Errorf("the reference differs: %s", d)
	}
}

// A seat not at the table stops the game with a rules error at the
// value, on both engines; nth of something without a size, or an item of
// another type, is reported at the place.
func TestNthMistakes(t *testing.T) {
	g, found := bankValues(t, "  owed: {type: int, owner: player, size: 3}\n", "  - set: \"bonus = max(0, nth(owed[seat(3)], 0, 1))\"\n")
	if g == nil {
		t.Fatalf("does not build: %v", found)
	}
	s := dealt(g, engine.StateOptions{})
	if !strings.HasSuffix(s.fault, "rules.yaml:34:34: value owed of none, which is not a seat at the table") {
		t.Errorf("fault %q", s.fault)
	}
	if d := Agree(g, 2, 1, 30); d != nil {
		t.Errorf("the reference differs: %s", d)
	}
	for _, tc := range []struct{ values, play, want string }{
		{"", "  - set: \"bonus = nth(bonus, 0, 1)\"\n", "RULES_TYPE: nth takes a value with a size first: chip_at, or covered[seat] for a seat's"},
		{"  owed: {type: int, owner: player, size: 3}\n", "  - set: \"bonus = nth(owed, 0, 1)\"\n", "RULES_TYPE: nth takes a value with a size first"},
		{"  heap: {type: int, size: 2}\n", "  - set: \"bonus = nth(heap[0], 0, 1)\"\n", "RULES_TYPE: nth takes a value with a size first"},
		{"  heap: {type: int, size: 2}\n", "  - set: \"bonus = nth(heap, turn, 1)\"\n", "RULES_TYPE: nth's item needs a number, not a seat"},
		{"  heap: {type: int, size: 2}\n", "  - set: \"bonus = nth(heap, 0)\"\n", "rules.yaml:34:19: error RULES_TYPE: nth takes 3 arguments, not 2"},
	} {
		_, found := bankValues(t, tc.values, tc.play)
		if !strings.Contains(findingsText(found), tc.want) {
			t.Errorf("%s%s: findings\n%s\nwant %s", tc.values, tc.play, findingsText(found), tc.want)
		}
	}
}

// nth reads up to its value's every item, and the cost model counts them:
// inside aggregates deep enough, an expression that would be within the
// limits with an item read instead (heap[0]) is over them with nth.
func TestNthIsMeasured(t *testing.T) {
	deep := func(inner string) string {
		return "  - set: \"bonus = min(3, sum(seats, sum(seats, sum(seats, sum(seats, count(deck, " + inner + " > 0))))))\"\n"
	}
	if g, found := bankValues(t, "  heap: {type: int, size: 256}\n", deep("heap[0]")); g == nil {
		t.Fatalf("with an item read: %s", findingsText(found))
	}
	g, found := bankValues(t, "  heap: {type: int, size: 256}\n", deep("nth(heap, 0, 1)"))
	if g != nil || !strings.Contains(findingsText(found), "RULES_LIMIT") || !strings.Contains(findingsText(found), "may work out") {
		t.Errorf("with nth: %s", findingsText(found))
	}
}
