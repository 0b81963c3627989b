package rules

import "testing"

// Parts of set-form conditions that read no card (atoms) are read in
// line where they are a value or a count against a constant, taken apart
// when they are and/or of such parts, and not of a part reads the part:
// the games must stay those of the walk card by card, with every
// comparison, not of a raw value and of a comparison, and nested and/or.
func TestSetFormAtomsPlayTheSameGames(t *testing.T) {
	variants := []struct {
		name, game string
		edits      [][2]string
	}{
		{name: "atoms of every kind", game: "hearts", edits: [][2]string{{
			`lead_ok: "count(trick) > 0 or card.suit != 'hearts' or broken or hearts_broken_rule == 'any' or all(hand[player], card.suit == 'hearts')"`,
			`lead_ok: "(count(trick) >= 1 and not (hand_no < 0)) or card.suit != 'hearts' or not not broken or (dealt <= 0 or count(trick) != 0 and led == led) or not (score[turn] > 1000 or not all(hand[player], card.suit == 'hearts'))"`}}},
		{name: "value and count atoms", game: "crazy-eights", edits: [][2]string{{
			`playable: "card.rank == '8' or card.suit == named or card.rank == top(discard).rank"`,
			`playable: "card.rank == '8' or not (passes >= players or count(stock) < 0) and card.suit == named or card.rank == top(discard).rank and (passes <= 100 or passes > 100)"`}}},
	}
	for _, v := range variants {
		t.Run(v.game+"/"+v.name, func(t *testing.T) {
			sets, walk := loadEdited(t, v.game, v.edits)
			if faults := lockstepAtEveryCount(t, sets, walk, 10); faults > 0 {
				t.Errorf("%d games ended on a rules error", faults)
			}
		})
	}
}
