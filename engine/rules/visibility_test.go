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
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// conforms holds a test game to what every game passes: its Info, random
// playouts at every count, and bots that decide from what their seat sees.
func conforms(t *testing.T, g *Game) {
	t.Helper()
	enginetest.CheckInfo(t, g)
	enginetest.RandomPlayoutsAtEveryCount(t, g, 20, 1)
	info := g.Info()
	for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
		enginetest.FairBots(t, g, n, 5, 3)
	}
}

// Pickup's only secret is its shuffled deck, and every card drawn lands
// face up: a perfect-information game, which passes conformance (it
// failed "determinising never changed what another seat sees" while a
// shuffled pile counted as hidden information).
func TestAShuffledPileIsChanceNotHiddenInformation(t *testing.T) {
	g := loadGame(t, "testdata/pickup")
	if got := g.Info().Information; got != engine.PerfectInformation {
		t.Fatalf("pickup: Information %v, want PerfectInformation", got)
	}
	conforms(t, g)
}

// With evaluate: the heuristic bot looks one move ahead and beats random
// bots by a clear margin; seeded, over enough games that the margin is
// far outside luck (a fair share's 95% interval is a few points wide).
func TestHeuristicBotPlaysByEvaluate(t *testing.T) {
	for _, tc := range []struct {
		dir     string
		players int
		games   int
		least   float64 // the win rate the heuristic seat must pass
	}{
		{"../../cards/crazy-eights", 2, 300, 0.65},
		{"../../cards/hearts", 4, 200, 0.40},
		{"testdata/pickup", 2, 400, 0.70},
		{"testdata/alibi", 2, 300, 0.65},
	} {
		t.Run(tc.dir, func(t *testing.T) {
			g := loadGame(t, tc.dir)
			if engine.HeuristicPlaysAtRandom(g) {
				t.Fatalf("%s gives no evaluate:", tc.dir)
			}
			bots := []string{"heuristic"}
			for len(bots) < tc.players {
				bots = append(bots, "random")
			}
			// With the statistics on, as lint and sim play: a look-ahead
			// on clones must leave the truth's legal actions alone (they
			// once shared one cache entry per decision).
			sum := engine.Run(g, engine.RunConfig{Players: tc.players, Games: tc.games, Seed: 11, Bots: bots, CheckInvariants: true})
			if sum.Capped+sum.Panics+sum.Invariants > 0 {
				t.Fatalf("%d capped, %d panics, %d broke an invariant (first: %+v)", sum.Capped, sum.Panics, sum.Invariants, sum.FirstInvariant)
			}
			rate := sum.WinRate(0)
			t.Logf("%s: heuristic seat 1 wins %.1f%% at %d players (fair %.1f%%)", tc.dir, 100*rate, tc.players, 100/float64(tc.players))
			if rate < tc.least {
				t.Errorf("the heuristic bot wins %.1f%% against random bots, want at least %.0f%%", 100*rate, 100*tc.least)
			}
		})
	}
}

// Alibi hides hands and shows one card of a hand to one seat: hidden
// information, played fairly (the bots decide from what their seat saw).
func TestAlibiConforms(t *testing.T) {
	g := loadGame(t, "testdata/alibi")
	if got := g.Info().Information; got != engine.ImperfectInformation {
		t.Fatalf("alibi: Information %v, want ImperfectInformation", got)
	}
	conforms(t, g)
}

// editedGame copies testdata/<name>, applies edits (old, new pairs, each
// replacing the first old in its file), loads and builds it: the game
// (nil when it does not build) and every finding.
func editedGame(t *testing.T, name string, edits ...bankEdit) (*Game, []finding.Finding) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", name))); err != nil {
		t.Fatal(err)
	}
	for _, e := range edits {
		path := filepath.Join(dir, e.file)
		data, err := os.ReadFile(path)
		if err != nil || !strings.Contains(string(data), e.old) {
			t.Fatalf("%s has no %q (%v)", e.file, e.old, err)
		}
		if err := os.WriteFile(path, []byte(strings.Replace(string(data), e.old, e.new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d, found := gamedata.Load(dir, func(string) (fs.FS, bool) { return nil, true })
	if errs, _ := finding.Count(found); errs > 0 || d == nil {
		return nil, found
	}
	g, built := Build(d)
	return g, append(found, built...)
}

// toDecision plays s by chance and first legal actions until seat p (or
// anyone, p < 0) decides at choice id.
func toDecision(t *testing.T, s *state, id string, p int, r *engine.Rand) {
	t.Helper()
	for guard := 0; guard < 1000; guard++ {
		switch cur := s.CurrentPlayer(); {
		case cur == engine.Chance:
			engine.Apply(s, engine.SampleOutcome(s.ChanceOutcomes(nil), r))
		case s.IsTerminal():
			t.Fatalf("the game ended before %s", id)
		case s.ch != nil && s.ch.id == id && (p < 0 || int(cur) == p):
			return
		default:
			engine.Apply(s, s.LegalActions(cur, nil)[0])
		}
	}
	t.Fatalf("no decision at %s", id)
}

// A card shown to one seat is in that seat's observation, and in no
// other's; determinised for that seat it stays where it is; once it
// moves, it is forgotten.
func TestShowLetsOneSeatSeeACard(t *testing.T) {
	g := loadGame(t, "testdata/alibi")
	s := g.NewState(3, engine.StateOptions{}).(*state)
	toDecision(t, s, "reveal", 1, engine.NewRand(2)) // seat 1 asked seat 2
	hand2 := g.zones[3].base + 1
	c := s.zone(hand2)[0]
	engine.Apply(s, s.LegalActions(1, nil)[slices.Index(s.LegalActions(1, nil), engine.Action(s.ch.opts[0].base+int(c)))])
	if !s.knows(0, c, hand2) || s.knows(2, c, hand2) {
		t.Fatalf("after the show: seat 1 knows %d: %v, seat 3: %v", c, s.knows(0, c, hand2), s.knows(2, c, hand2))
	}
	// The same state without the show: seat 1 tells them apart, seat 3
	// cannot.
	unshown := engine.Clone(s).(*state)
	unshown.shown = [MaxCards + 1]uint8{}
	if bytes.Equal(s.Observation(0, nil), unshown.Observation(0, nil)) {
		t.Errorf("seat 1's observation does not hold the card it was shown")
	}
	if !bytes.Equal(s.Observation(2, nil), unshown.Observation(2, nil)) {
		t.Errorf("seat 3 sees the card shown to seat 1")
	}
	for k := range 20 {
		w := engine.Clone(s).(*state)
		w.Determinize(0, engine.NewRand(uint64(k)))
		if !slices.Contains(w.zone(hand2), c) {
			t.Fatalf("determinised for seat 1, the card it was shown left seat 2's hand: %v", w.zone(hand2))
		}
	}
	moved := false
	for k := range 20 {
		w := engine.Clone(s).(*state)
		w.Determinize(2, engine.NewRand(uint64(k)))
		moved = moved || !slices.Contains(w.zone(hand2), c)
	}
	if !moved {
		t.Errorf("determinised for seat 3, which was not shown it, the card never moved")
	}
	s.take(hand2, c)
	s.add(g.zones[1].base, c)
	if s.knows(0, c, hand2) || s.knows(0, c, g.zones[1].base) {
		t.Errorf("a card that moved is still known")
	}
}

// A secret value (visibility: owner) and a hidden zone size (size: owner)
// are in their seat's observation only; determinised for another seat,
// they are its guess, and the game still plays fairly.
func TestSecretValuesAndHiddenSizes(t *testing.T) {
	g, found := editedGame(t, "pickup",
		bankEdit{"rules.yaml", "  bonus: {type: int, owner: player, min: 0}", "  bonus: {type: int, owner: player, min: 0, visibility: owner}"},
		bankEdit{"rules.yaml", "  pile: {owner: player, visibility: public}", "  pile: {owner: player, visibility: owner, size: owner}"})
	if g == nil {
		t.Fatalf("does not build: %v", found)
	}
	if g.Info().Information != engine.ImperfectInformation {
		t.Fatalf("secret values and sizes: Information %v, want ImperfectInformation", g.Info().Information)
	}
	enginetest.RandomPlayoutsAtEveryCount(t, g, 10, 1)
	for n := 2; n <= 4; n++ {
		enginetest.FairBots(t, g, n, 5, 3)
	}
	s := g.NewState(3, engine.StateOptions{}).(*state)
	r := engine.NewRand(4)
	for s.Move < 12 {
		toDecision(t, s, "take", -1, r)
		engine.Apply(s, s.LegalActions(s.CurrentPlayer(), nil)[0])
	}
	bonus, pile := g.values[2], g.zones[2]
	s.vars[bonus.base+1] = 5
	seen := s.Observation(0, nil)
	s.vars[bonus.base+1] = 6
	s.add(pile.base+2, s.takeAt(pile.base+1, 0)) // seat 2's pile to seat 3's: sizes seat 1 does not see
	if !bytes.Equal(seen, s.Observation(0, nil)) {
		t.Errorf("seat 1 sees seat 2's secret bonus or its pile's size")
	}
	if bytes.Equal(s.Observation(1, nil), seen) {
		t.Errorf("seat 2 does not see its own")
	}
	own := s.vars[bonus.base]
	s.Determinize(0, engine.NewRand(1))
	if s.vars[bonus.base+1] != 0 || s.vars[bonus.base] != own {
		t.Errorf("determinised for seat 1, the bonuses are %d and %d, want %d (its own) and 0 (seat 2's start)", s.vars[bonus.base], s.vars[bonus.base+1], own)
	}
}

// Each visibility construct misused is an error at its place.
func TestVisibilityMistakesAreFindings(t *testing.T) {
	for _, tc := range []struct {
		old, new, want string
	}{
		{"  row: {owner: table, visibility: public}", "  row: {owner: table, visibility: hidden, size: owner}",
			"rules.yaml:8:49: error RULES_STRUCTURE: size: owner hides a zone's size from the other seats; row is a table zone"},
		{"  pile: {owner: player, visibility: public}", "  pile: {owner: player, visibility: public, size: owner}",
			"rules.yaml:9:51: error RULES_STRUCTURE: size: owner hides a zone's size, but everyone sees the cards of pile"},
		{"  pile: {owner: player, visibility: public}", "  pile: {owner: player, visibility: owner, ordered: true, size: owner}",
			"rules.yaml:9:65: error RULES_STRUCTURE: size: owner is for a zone without an order; pile is ordered"},
		{"  turn: {type: seat, start: \"seat(1)\"}", "  turn: {type: seat, start: \"seat(1)\", visibility: owner}",
			"rules.yaml:12:52: error RULES_STRUCTURE: visibility: owner keeps a value of each seat secret from the others; turn is a table value"},
		{"      - set: \"turn = next(turn)\"", "      - show: row\n      - set: \"turn = next(turn)\"",
			"rules.yaml:36:9: error RULES_STRUCTURE: show needs to: the seat the cards are shown to"},
		{"      - set: \"turn = next(turn)\"", "      - show: turn\n        to: turn\n      - set: \"turn = next(turn)\"",
			"rules.yaml:36:15: error RULES_TYPE: show shows a zone's cards or one card, not a seat"},
		{"      - set: \"turn = next(turn)\"", "      - show: row\n        to: \"count(row)\"\n      - set: \"turn = next(turn)\"",
			"rules.yaml:37:14: error RULES_TYPE: show's to needs a seat, not a number"},
		{"evaluate: \"players * total - sum(seats, total)\"", "evaluate: \"turn\"",
			"rules.yaml:19:12: error RULES_TYPE: evaluate needs a number, not a seat"},
	} {
		g, found := editedGame(t, "pickup", bankEdit{"rules.yaml", tc.old, tc.new})
		var lines []string
		for _, f := range found {
			lines = append(lines, f.String())
		}
		all := strings.Join(lines, "\n")
		if g != nil || !strings.Contains(all, tc.want) {
			t.Errorf("%s: want\n%s\nin:\n%s", tc.new, tc.want, all)
		}
	}
}

// A secret value with a size keeps each seat's items together (place base
// + seat×size + item): every item of a seat is that seat's secret alone.
func TestSecretValueWithASize(t *testing.T) {
	g, found := editedGame(t, "pickup",
		bankEdit{"rules.yaml", "  bonus: {type: int, owner: player, min: 0}", "  bonus: {type: int, owner: player, min: 0}\n  stash: {type: int, owner: player, size: 3, visibility: owner}"})
	if g == nil {
		t.Fatalf("does not build: %v", found)
	}
	var stash *valueDecl
	for _, v := range g.values {
		if v.name == "stash" {
			stash = v
		}
	}
	s := g.NewState(3, engine.StateOptions{}).(*state)
	for seat := range 3 {
		for item := range 3 {
			place := stash.base + seat*3 + item
			for p := range 3 {
				if got := s.seesValue(p, place); got != (p == seat) {
					t.Errorf("stash[%d][%d]: seat %d sees it %v, want %v", seat+1, item, p+1, got, p == seat)
				}
			}
		}
	}
	seen := s.Observation(0, nil)
	s.vars[stash.base+1*3+2] = 7 // seat 2's last item
	if !bytes.Equal(seen, s.Observation(0, nil)) {
		t.Errorf("seat 1 sees an item of seat 2's secret stash")
	}
}
