package rules

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// loadEdited builds a shipped game with edits to its rules.yaml, twice:
// with set-at-a-time conditions and with the walk card by card only.
func loadEdited(t *testing.T, game string, edits [][2]string) (sets, walk *Game) {
	t.Helper()
	src := filepath.Join("..", "..", "cards", game)
	dir := filepath.Join(t.TempDir(), game)
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	rules := filepath.Join(dir, "rules.yaml")
	data, err := os.ReadFile(rules)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, e := range edits {
		if !strings.Contains(text, e[0]) {
			t.Fatalf("rules.yaml has no %q", e[0])
		}
		text = strings.Replace(text, e[0], e[1], 1)
	}
	if err := os.WriteFile(rules, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	build := func() *Game {
		d, found := gamedata.Load(dir, func(id string) (fs.FS, bool) { return nil, id == gamedata.RulesEngine })
		if errs, _ := finding.Count(found); errs > 0 || d == nil || d.Rules == nil {
			t.Fatalf("%s does not load: %v", game, found)
		}
		g, found := Build(d)
		if errs, _ := finding.Count(found); g == nil || errs > 0 {
			t.Fatalf("%s does not build: %v", game, found)
		}
		return g
	}
	sets = build()
	setForms = false
	defer func() { setForms = true }()
	return sets, build()
}

// lockstep plays the same random games on both builds and fails at the
// first move where they differ in anything a state holds or shows: the
// legal actions, every slot (aggregates leave their last card bound, and
// public slots are in the observations), values, zones, the fault.
// It returns how many games ended on a rules error.
// lockstepAtEveryCount is lockstep at every player count of the game: the
// games that ended on a rules error, in all.
func lockstepAtEveryCount(t *testing.T, sets, walk *Game, games int) (faults int) {
	t.Helper()
	info := sets.Info()
	for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
		faults += lockstep(t, sets, walk, n, games)
	}
	return faults
}

func lockstep(t *testing.T, sets, walk *Game, players, games int) (faults int) {
	t.Helper()
	var la, lb []engine.Action
	var oa, ob []byte
	for seed := range uint64(games) {
		a := sets.NewState(players, engine.StateOptions{})
		b := walk.NewState(players, engine.StateOptions{})
		ra, rb, pick := engine.NewRand(seed), engine.NewRand(seed), engine.NewRand(seed+1000)
		for move := 0; ; move++ {
			sa, sb := stateOf(a), stateOf(b)
			if msg := differ(sa, sb); msg != "" {
				t.Fatalf("%d players, seed %d, move %d: %s", players, seed, move, msg)
			}
			for p := range players {
				oa, ob = sa.Observation(engine.Player(p), oa[:0]), sb.Observation(engine.Player(p), ob[:0])
				if !bytes.Equal(oa, ob) {
					t.Fatalf("%d players, seed %d, move %d: seat %d observes differently", players, seed, move, p+1)
				}
			}
			if a.IsTerminal() || move > 5000 {
				if sa.fault != "" {
					faults++
				}
				break
			}
			switch cur := a.CurrentPlayer(); cur {
			case engine.Chance:
				x, y := a.(engine.ChanceSampler).SampleChance(ra), b.(engine.ChanceSampler).SampleChance(rb)
				if x != y {
					t.Fatalf("seed %d move %d: chance %d and %d", seed, move, x, y)
				}
				engine.Apply(a, x)
				engine.Apply(b, y)
			case engine.Simultaneous:
				var joint []engine.Action
				for p := range players {
					la, lb = a.LegalActions(engine.Player(p), la[:0]), b.LegalActions(engine.Player(p), lb[:0])
					if !slices.Equal(la, lb) {
						t.Fatalf("%d players, seed %d, move %d: seat %d legal %v and %v", players, seed, move, p+1, la, lb)
					}
					if len(la) == 0 {
						joint = append(joint, engine.NoAction)
					} else {
						joint = append(joint, la[pick.Intn(len(la))])
					}
				}
				engine.ApplyJoint(a, joint)
				engine.ApplyJoint(b, joint)
			default:
				la, lb = a.LegalActions(cur, la[:0]), b.LegalActions(cur, lb[:0])
				if !slices.Equal(la, lb) {
					t.Fatalf("%d players, seed %d, move %d: legal %v and %v", players, seed, move, la, lb)
				}
				x := la[pick.Intn(len(la))]
				engine.Apply(a, x)
				engine.Apply(b, x)
			}
		}
	}
	return faults
}

func stateOf(s engine.State) *state {
	if sim, ok := s.(*simState); ok {
		return &sim.state
	}
	return s.(*state)
}

func differ(a, b *state) string {
	switch {
	case a.fault != b.fault:
		return "faults " + a.fault + " and " + b.fault
	case a.mode != b.mode || a.pc != b.pc:
		return "not at the same step"
	case !slices.Equal(a.slots, b.slots):
		return "slots differ"
	case !slices.Equal(a.vars, b.vars):
		return "values differ"
	case !slices.Equal(a.zlen, b.zlen) || !slices.Equal(a.zcards, b.zcards):
		return "zones differ"
	case a.trial || a.trialFailed:
		return "a trial left open"
	}
	return ""
}

// Set-at-a-time conditions play the very games the walk card by card
// plays: the shipped games, and variants whose conditions read aggregates
// (which bind slots), compare with <, use in and not, and raise rules
// errors in parts only some cards reach.
func TestSetFormsPlayTheSameGames(t *testing.T) {
	const playable = `playable: "card.rank == '8' or card.suit == named or card.rank == top(discard).rank"`
	variants := []struct {
		name, game string
		edits      [][2]string
		faults     bool // some games end on a rules error
	}{
		{name: "shipped", game: "crazy-eights"},
		{name: "shipped", game: "hearts"},
		{name: "aggregate in the condition", game: "crazy-eights", edits: [][2]string{{playable,
			`playable: "card.rank == '8' or card.suit == named and any(hand[next(turn)], card.suit != named) or card.rank == top(discard).rank"`}}},
		{name: "order and in", game: "crazy-eights", edits: [][2]string{{playable,
			`playable: "card.rank in ('8', top(discard).rank) or not (card.suit != named) and index(card.rank) >= index(top(discard).rank) - 2 or count(hand[turn], card.suit == named) > 3"`}}},
		{name: "card and all", game: "crazy-eights", edits: [][2]string{{playable,
			`playable: "card == 'clubs-8' or all(hand[turn], card.suit == named) and card.rank == '8' or card.suit == named or card.rank == top(discard).rank"`}}},
		{name: "condition on a zone that empties", game: "crazy-eights", edits: [][2]string{{`                # Cannot play: draw one card at a time until you can.`,
			`                - card: stock
                  name: take
                  if: "any(hand[next(turn)], card.suit == named) and card.rank == '8' or max(seats, score[seat]) < 0 or card.suit == named and not stuck"
                  to: "hand[turn]"
                # Cannot play: draw one card at a time until you can.`}}},
		{name: "error some cards reach", game: "crazy-eights", faults: true, edits: [][2]string{{playable,
			`playable: "card.rank == '8' or card.suit == named or card.rank == top(discard).rank and count(hand[out]) >= 0"`}}},
		{name: "error in an aggregate", game: "crazy-eights", faults: true, edits: [][2]string{{`stuck: "not any(hand[turn], playable)"`,
			`stuck: "not any(hand[turn], playable and (card.rank != 'K' or score[out] >= 0))"`}}},
		{name: "errors in two parts", game: "crazy-eights", faults: true, edits: [][2]string{{playable,
			`playable: "card.rank == '8' or card.rank == 'K' and count(hand[out]) < 0 or card.suit == named or card.rank == top(discard).rank or score[out] < 0"`}}},
	}
	for _, v := range variants {
		t.Run(v.game+"/"+v.name, func(t *testing.T) {
			sets, walk := loadEdited(t, v.game, v.edits)
			if faults := lockstepAtEveryCount(t, sets, walk, 20); v.faults != (faults > 0) {
				t.Errorf("%d games ended on a rules error", faults)
			}
		})
	}
}
