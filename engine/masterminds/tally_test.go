package masterminds

import (
	"reflect"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// TestTallyHeldCache: the card statistics are the same whether tallyPlay
// takes the playable cards LegalActions noted or lists them itself. Two
// copies of each game are played move for move; only the first is asked
// for its legal actions (so only its tally uses the noted cards), and at
// every window the noted cards, at every Plan and second-Gear decision the
// hand masked by planHeld, must be exactly what playable lists. The second
// copy also tallies the turn's choice of heist from the whole card set,
// where the first reads it as one word (Game.heistWord).
func TestTallyHeldCache(t *testing.T) {
	noted := 0
	for _, variant := range []map[string]string{nil, draft, {"team_max": "1", "plan_actions": "3"}} {
		g := fixture(t, variant)
		if g.heistWord < 0 {
			t.Fatal("the Heist cards' ids span two words: the one-word tally goes untested")
		}
		spread := *g
		spread.heistWord = -1
		for players := 2; players <= 5; players++ {
			for game := 0; game < 4; game++ {
				ta, tb := engine.NewTally(g.Info()), engine.NewTally(g.Info())
				a := g.NewState(players, engine.StateOptions{Tally: ta}).(*state)
				b := spread.NewState(players, engine.StateOptions{Tally: tb}).(*state)
				seed := uint64(1000*players + game)
				ra, rb := engine.NewRand(seed), engine.NewRand(seed)
				var legal []engine.Action
				for n := 0; a.cur != engine.Terminal && n < 5000; n++ {
					if a.cur == engine.Chance {
						engine.Apply(a, a.SampleChance(ra))
						engine.Apply(b, b.SampleChance(rb))
						continue
					}
					legal = a.LegalActions(a.cur, legal[:0])
					if op := a.top().op; op == opPlan || op == opGear2 || op == opWindow {
						var buf [engine.MaxHand]engine.Action
						want := a.playable(int(a.cur), a.top(), buf[:0])
						var got []engine.Action
						set, at := engine.CardSet(a.held), a.heldAt
						if op != opWindow {
							set, at = a.planHeld(int(a.cur), a.top()), a.Move+1
						}
						for w, m := range set {
							for c := 0; c < 64; c++ {
								if m&(1<<c) != 0 {
									got = append(got, engine.Action(w*64+c))
								}
							}
						}
						if at != a.Move+1 || !slices0Equal(got, want) {
							t.Fatalf("%dp move %d: noted %v (for move %d), playable %v", players, a.Move, got, at, want)
						}
						noted++
					}
					x := legal[ra.Intn(len(legal))]
					rb.Intn(len(legal))
					engine.Apply(a, x)
					engine.Apply(b, x)
				}
				if !reflect.DeepEqual(ta, tb) {
					t.Fatalf("%dp game %d: tallies differ with and without the noted cards", players, game)
				}
			}
		}
	}
	if noted == 0 {
		t.Error("no Plan, second-Gear or window decision was played")
	}
}

func slices0Equal(a, b []engine.Action) bool {
	return len(a) == len(b) && (len(a) == 0 || reflect.DeepEqual(a, b))
}
