package example

import (
	"bufio"
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/source"
)

// testdata loads testdata/, this engine's game, through the loader a
// user's game goes through, validated with the engine's own schemas.
func testdata(t testing.TB) *gamedata.Data {
	t.Helper()
	d, found := gamedata.Load("testdata", func(id string) (fs.FS, bool) { return schemas, id == "example" })
	// The loader expects a game in cards/<game>/; this one sits a level
	// deeper, so its modelines name the schemas' true paths from here.
	found = slices.DeleteFunc(found, source.CodeModeline.Is)
	if d == nil || len(found) > 0 {
		t.Fatalf("testdata does not load cleanly: %v", found)
	}
	return d
}

func build(t testing.TB) *Game { return enginetest.MustBuild(t, Build, testdata(t)) }

// The contract every engine keeps: the generic playout checks, and bots
// that decide from what their seat sees (hands are hidden).
func TestPlayouts(t *testing.T) {
	g := build(t)
	enginetest.CheckInfo(t, g)
	for players := g.Info().MinPlayers; players <= g.Info().MaxPlayers; players++ {
		enginetest.RandomPlayouts(t, g, players, 200, 1)
		enginetest.FairBots(t, g, players, 20, 2)
	}
}

// Evaluate is worth having: the heuristic bot beats a random one.
func TestHeuristicBeatsRandom(t *testing.T) {
	if rate := enginetest.HeuristicVsRandom(t, build(t), 2, 400, 3); rate < 0.6 {
		t.Errorf("heuristic bot wins %.2f of 2-player games against a random bot", rate)
	}
}

// The bounds match the schemas, and every bound is reported at the value
// that breaks it (what the conformance test checks for a shipped game).
func TestBounds(t *testing.T) {
	m, _ := kit.Lookup("example")
	enginetest.Bounds(t, m, testdata(t))
}

// newGame starts a game at players seats with a tally, and finds cards by id.
func newGame(t *testing.T, players int) (*state, func(id string) engine.Action) {
	g := build(t)
	s := g.NewState(players, engine.StateOptions{Tally: engine.NewTally(g.Info())}).(*state)
	return s, func(id string) engine.Action {
		i := slices.IndexFunc(g.data.Cards, func(c gamedata.Card) bool { return c.ID == id })
		if i < 0 {
			t.Fatalf("no card %s", id)
		}
		return engine.Action(i)
	}
}

// play applies moves, each legal where it is made.
func play(t *testing.T, s *state, moves ...engine.Action) {
	t.Helper()
	for _, a := range moves {
		legal := s.LegalActions(s.CurrentPlayer(), nil)
		if s.CurrentPlayer() == engine.Chance {
			for _, o := range s.ChanceOutcomes(nil) {
				legal = append(legal, o.Action)
			}
		}
		if !slices.Contains(legal, a) {
			t.Fatalf("move %d: %v may not play %d (legal: %v)", s.MoveNumber(), s.CurrentPlayer(), a, legal)
		}
		engine.Apply(s, a)
	}
}

func TestDrawIsHiddenAndCanBust(t *testing.T) {
	s, card := newGame(t, 2)
	play(t, s, actDraw, card("ruby"))
	if s.CurrentPlayer() != 1 || s.handPoints(0) != 5 || s.deck.Len() != 11 {
		t.Fatalf("after drawing the Ruby: %v to move, seat 1 holds %d points, deck %d", s.CurrentPlayer(), s.handPoints(0), s.deck.Len())
	}
	// Seat 1 holding a Copper instead looks the same to seat 2 only.
	other := engine.Clone(s).(*state)
	ruby, copper := int(card("ruby")), int(card("copper"))
	other.hands[0].Remove(ruby)
	other.deck.Take(copper)
	other.hands[0].Add(copper)
	other.deck.Add(ruby)
	if !slices.Equal(s.Observation(1, nil), other.Observation(1, nil)) {
		t.Error("seat 2 can tell which card seat 1 drew")
	}
	if slices.Equal(s.Observation(0, nil), other.Observation(0, nil)) {
		t.Error("seat 1 cannot tell which card it drew")
	}
	// 5 + 3 is over bust_limit 6: the hand goes back into the deck.
	play(t, s, actBank, actDraw, card("gold"))
	if s.hands[0].Len() != 0 || s.deck.Len() != 12 || s.banked[0] != 0 || s.Tally.Counters[cntBusts] != 1 {
		t.Errorf("after the bust: hand %d cards, deck %d, banked %d, busts %d", s.hands[0].Len(), s.deck.Len(), s.banked[0], s.Tally.Counters[cntBusts])
	}
}

func TestBankScoresTheHand(t *testing.T) {
	s, card := newGame(t, 3)
	play(t, s, actDraw, card("gold"), actBank, actBank, actDraw, card("silver"), actBank, actBank, actBank)
	if s.banked[0] != 5 || s.hands[0].Len() != 0 || s.deck.Len() != 12 || s.CurrentPlayer() != 1 {
		t.Errorf("after banking Gold and Silver: banked %d, hand %d cards, deck %d, %v to move", s.banked[0], s.hands[0].Len(), s.deck.Len(), s.CurrentPlayer())
	}
	if played := s.Tally.CardPlayed[card("gold")]; played != 1 {
		t.Errorf("Gold banked once, tallied %d times", played)
	}
}

func TestFirstToGoalWins(t *testing.T) {
	s, card := newGame(t, 2)
	s.banked[1] = 9
	play(t, s, actDraw, card("copper"), actDraw, card("copper"))
	if s.IsTerminal() {
		t.Fatal("over before anyone banked")
	}
	play(t, s, actBank, actBank)
	if !s.IsTerminal() || s.EndCause() != "goal reached" || !slices.Equal(s.Returns(nil), []float64{0, 1}) {
		t.Errorf("seat 2 banked 10: terminal %v (%q), returns %v", s.IsTerminal(), s.EndCause(), s.Returns(nil))
	}
}

// A card worth more than bust_limit is a warning; when every card is, no
// one can ever bank and the game does not build.
func TestBustLimitFitsTheCards(t *testing.T) {
	d := testdata(t)
	limit := d.Params["bust_limit"]
	limit.Node.Value = "4"
	if _, found := Build(d); len(found) != 1 || !codeAlwaysBusts.Is(found[0]) || found[0].Severity != finding.Warning {
		t.Errorf("bust_limit 4: %v, want one %s warning (the Ruby)", found, codeAlwaysBusts.ID)
	}
	limit.Node.Value = "1" // only the Copper Coins are left to hold
	if _, found := Build(d); len(found) != 3 {
		t.Errorf("bust_limit 1: %v, want three warnings", found)
	}
	d.Cards = d.Cards[1:]
	g, found := Build(d)
	if g != nil || !slices.ContainsFunc(found, func(f finding.Finding) bool { return kit.CodeParamRange.Is(f) && f.Pos == limit.Pos }) {
		t.Errorf("bust_limit 1 without the Copper Coins: no %s at %v: %v", kit.CodeParamRange.ID, limit.Pos, found)
	}
}

// game.go is what an engine writes besides its rules, and the issue's
// promise is that it fits in 100 lines: the template must not grow past it
// unnoticed.
func TestTemplateStaysSmall(t *testing.T) {
	f, err := os.Open("game.go")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	code := 0
	for sc := bufio.NewScanner(f); sc.Scan(); {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "//") {
			code++
		}
	}
	if code > 100 {
		t.Errorf("game.go has %d lines of code, more than 100: move what is rules to rules.go, or what every engine writes into the kit", code)
	}
}
