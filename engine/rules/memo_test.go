package rules

import "testing"

// A part of an aggregate that reads no name bound outside it is worked out
// once per evaluation (memoAggregate): the same games as the walk, which
// works it out for every seat, also when that part raises a rules error.
func TestAggregatePartsOncePlayTheSameGames(t *testing.T) {
	const total = `total_points: "sum(seats, points_taken)"`
	variants := []struct {
		name   string
		edits  [][2]string
		faults bool
	}{
		{name: "in any and in a statement", edits: [][2]string{{total,
			`total_points: "sum(seats, points_taken) + max(seats, count(hand[seat]))"`}}},
		{name: "error in the part", faults: true, edits: [][2]string{{total,
			`total_points: "sum(seats, points_taken) + count(taken[if(hand_no > 1, none, seat(1))], card.points > 0)"`}}},
	}
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			sets, walk := loadEdited(t, "hearts", v.edits)
			if sets.memos == 0 {
				t.Fatal("no part is worked out once")
			}
			if faults := lockstepAtEveryCount(t, sets, walk, 20); v.faults != (faults > 0) {
				t.Errorf("%d games ended on a rules error", faults)
			}
		})
	}
}
