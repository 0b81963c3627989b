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

// An aggregate in options' conditions that reads none of an option's
// names is worked out once per listing of a seat's legal actions, shared
// by the choice's options (listMemo): Crazy Eights' stuck, in draw's and
// pass's if:, is one site, and the games are those of the build that
// works it out in each option, also when it raises a rules error. Its
// any, asking what play's card: and if: list, is answered from play's
// listing (listedAs).
func TestOptionAggregateOncePerListing(t *testing.T) {
	const stuck = `stuck: "not any(hand[turn], playable)"`
	variants := []struct {
		name   string
		edits  [][2]string
		sites  int
		listed int // any answered from the play option's listing (listedAs)
		faults bool
	}{
		{name: "shipped", sites: 1, listed: 2},
		{name: "error in the aggregate", sites: 1, faults: true, edits: [][2]string{{stuck,
			`stuck: "not any(hand[if(count(stock) < 20, none, turn)], playable)"`}}},
		// The play option's any reads its card: worked out for each card.
		{name: "reads the option's card", sites: 1, edits: [][2]string{{`if: playable`,
			`if: "playable and any(hand[turn] as c, c.rank == card.rank)"`}}},
		// Another condition than play's: worked out, once.
		{name: "not the option's condition", sites: 1, edits: [][2]string{{stuck,
			`stuck: "not any(hand[turn], card.rank == '8' or card.suit == named)"`}}},
	}
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			sets, walk := loadEdited(t, "crazy-eights", v.edits)
			if len(sets.listMemos) != v.sites || len(walk.listMemos) != 0 {
				t.Fatalf("%d sites (%d without set forms), want %d", len(sets.listMemos), len(walk.listMemos), v.sites)
			}
			if sets.listedAny != v.listed || walk.listedAny != 0 {
				t.Fatalf("%d any answered from a listing (%d without set forms), want %d", sets.listedAny, walk.listedAny, v.listed)
			}
			if faults := lockstepAtEveryCount(t, sets, walk, 20); v.faults != (faults > 0) {
				t.Errorf("%d games ended on a rules error", faults)
			}
		})
	}
}

// An action option whose if: is not any(Z, C), or that and more, with
// the any answered from an earlier option's listing, is decided by the
// listing in line (listGuard): Crazy Eights' draw and pass. The games are
// those of the build without set forms, also with more conditions after
// it and when they raise a rules error; an if: of another shape keeps its
// compiled form.
func TestOptionGuardedByAListing(t *testing.T) {
	const draw = `if: "stuck and count(stock) > 0"`
	variants := []struct {
		name    string
		edits   [][2]string
		guarded int
		faults  bool
	}{
		{name: "shipped", guarded: 2},
		{name: "a chain after it", guarded: 2, edits: [][2]string{{draw, `if: "stuck and count(stock) > 0 and passes < players and true"`}}},
		{name: "a chain inside it", guarded: 2, edits: [][2]string{{draw, `if: "(stuck and count(stock) > 0) and passes < players"`}}},
		{name: "error after it", guarded: 2, faults: true, edits: [][2]string{{draw,
			`if: "stuck and count(hand[if(count(stock) < 20, none, turn)]) >= 0 and count(stock) > 0"`}}},
		{name: "not first", guarded: 1, edits: [][2]string{{draw, `if: "count(stock) > 0 and stuck"`}}},
		{name: "under or", guarded: 1, edits: [][2]string{{draw, `if: "(stuck or passes > 100) and count(stock) > 0"`}}},
		{name: "not negated", guarded: 1, edits: [][2]string{{draw, `if: "not (not stuck) and count(stock) > 0"`}}},
		{name: "another condition", guarded: 0, edits: [][2]string{{`stuck: "not any(hand[turn], playable)"`,
			`stuck: "not any(hand[turn], card.rank == '8' or card.suit == named)"`}}},
	}
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			sets, walk := loadEdited(t, "crazy-eights", v.edits)
			if sets.guarded != v.guarded || walk.guarded != 0 {
				t.Fatalf("%d options guarded (%d without set forms), want %d", sets.guarded, walk.guarded, v.guarded)
			}
			if faults := lockstepAtEveryCount(t, sets, walk, 20); v.faults != (faults > 0) {
				t.Errorf("%d games ended on a rules error", faults)
			}
		})
	}
}
