package report

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/render/pdftest"

	"github.com/ledongthuc/pdf"
)

// Masterminds deals each seat a secret colour card by chance: no seat
// ever chooses one, so none is dead, however rarely it is "played". The
// rule the report used before (every card held, played under a tenth of
// the median card) named all five.
func TestCardsNotChosenAtAllAreNotDead(t *testing.T) {
	games, fs := pipeline.Load([]string{filepath.Join(testutil.RepoRoot(), "cards", "masterminds")})
	if len(games) != 1 || games[0].Engine == nil {
		t.Fatalf("masterminds does not load: %v", fs)
	}
	g := games[0]
	s := engine.Run(g.Engine, engine.RunConfig{Players: 3, Games: 12, Seed: 1, Workers: 2})
	dead, _ := CardFlags(s, 3)
	played := slices.Clone(s.Tally.CardPlayed)
	sort.Slice(played, func(i, j int) bool { return played[i] < played[j] })
	median := float64(played[len(played)/2])
	colours := 0
	for i, c := range g.Data.Cards {
		if c.Deck != "mastermind" || s.Tally.CardInHand[i] == 0 {
			continue
		}
		colours++
		if old := float64(s.Tally.CardPlayed[i]) < DeadShare*median; !old {
			t.Errorf("colour card %s: played %d times, median %g: the old rule would not have flagged it, so this test shows nothing", c.ID, s.Tally.CardPlayed[i], median)
		}
		if slices.Contains(dead, i) {
			t.Errorf("colour card %s is called dead, but no seat ever chose it: it is dealt", c.ID)
		}
	}
	if colours == 0 {
		t.Fatal("no colour card was dealt")
	}
	// A card that seats held and never chose is still dead.
	for _, i := range dead {
		if s.Tally.CardOffered[i] == 0 {
			t.Errorf("card %s is dead without ever being offered", g.Data.Cards[i].ID)
		}
	}
}

// cardsPageText draws a one-column report of s at its player count and
// returns the cards page's text.
func cardsPageText(t *testing.T, s *engine.Summary, counters []string) string {
	t.Helper()
	data, err := PDF(&Balance{Title: "Toy", Games: s.Games, Seed: 5, Bots: []string{"random"},
		Counts: []Count{{Players: s.Players, Columns: []Column{{Sum: s, Counters: counters, Blind: true}}}}})
	if err != nil {
		t.Fatal(err)
	}
	return pdftest.Pages(t, data)[1]
}

// An engine that records no card choices (Heist Masterminds' records
// none) drew an empty scatter under "Cards: 0 dead (grey), 0 dominant
// (red)", its axis ticked 0, 0, 0: as if every card had been judged fine.
func TestCardsPageWithNoCardChosenSaysSo(t *testing.T) {
	s := engine.Run(&enginetest.Toy{Goal: 12}, engine.RunConfig{Players: 2, Games: 20, Seed: 5, Workers: 1})
	if text := cardsPageText(t, s, nil); !strings.Contains(text, "plays per game") {
		t.Fatalf("cards that were chosen are not drawn as a scatter:\n%s", text)
	}
	clear(s.Tally.CardOffered)
	clear(s.Tally.CardChosen)
	text := cardsPageText(t, s, nil)
	for _, bad := range []string{"plays per game", "0 dead"} {
		if strings.Contains(text, bad) {
			t.Errorf("the page draws the empty scatter (%q):\n%s", bad, text)
		}
	}
	if want := "No seat chose between cards in 20 games"; !strings.Contains(text, want) {
		t.Errorf("the page lacks %q:\n%s", want, text)
	}
	// Cards chosen in games that all hit the turn cap: no win rate when
	// played is known, which the page says rather than "no seat chose".
	s = engine.Run(&enginetest.Toy{Goal: 12}, engine.RunConfig{Players: 2, Games: 20, Seed: 5, Workers: 1})
	clear(s.Tally.CardPlayedBy)
	clear(s.Tally.CardWon)
	s.Capped = 20
	text = cardsPageText(t, s, nil)
	if want := "Seats chose between cards, but no game of 20 ended (all hit the turn cap)"; !strings.Contains(text, want) {
		t.Errorf("the page lacks %q:\n%s", want, text)
	}
	// Cards held at decisions, none played by a seat, in games that
	// ended: not "no game ended".
	s.Capped = 0
	text = cardsPageText(t, s, nil)
	if want := "Seats held cards at their decisions but played none of them in 20 games"; !strings.Contains(text, want) {
		t.Errorf("the page lacks %q:\n%s", want, text)
	}
}

// Forty counters that never went up, in a rules game the heuristic bot
// plays blind, three variants side by side: the two statements ran over
// each other and off the foot of the page.
func TestCardsPageStatementsStayOnThePage(t *testing.T) {
	texts := fortyCounters(t, "the times something rather specific happened, counted by counter %d", nil)
	for _, g := range texts {
		if y := pageH - g.Y/72*25.4; y > pageH-margin {
			t.Fatalf("%q at %.1f mm, below the margin at %.0f mm:\n%s", g.S, y, pageH-margin, pdftest.Joined(texts))
		}
	}
	if text := pdftest.Joined(texts); strings.Count(text, "MCTS.") != 3 {
		t.Errorf("the heuristic bot's statement is not whole in each of the three variants:\n%s", text)
	}
}

// Forty counters of which three went up were forty rows of 3-point text
// in a column of three: the chart shows the three, and a line names the
// others.
func TestCountersThatNeverWentUpAreNamedNotCharted(t *testing.T) {
	texts := fortyCounters(t, "counter %d", map[int]int64{3: 40, 17: 10, 30: 5})
	text := pdftest.Joined(texts)
	for _, want := range []string{"counter 32.00", "counter 170.50", "counter 300.25", "Never went up: counter 0, counter 1, counter 2"} {
		if n := strings.Count(text, want); n != 3 {
			t.Errorf("%q is on the page %d times, want once a variant:\n%s", want, n, text)
		}
	}
	for _, g := range texts {
		// The reader gives rotated text (the y axes' labels) size 0.
		if g.FontSize > 0 && g.FontSize < 5 {
			t.Fatalf("%q is set at %.1f pt:\n%s", g.S, g.FontSize, text)
		}
	}
}

// The median a dead card is measured against was taken over every card,
// those no seat ever chose too: with more cards only dealt (a colour
// each, a deck never drawn from) than chosen, the median was 0 and a card
// played once in twenty times as often as the others was not dead.
func TestDeadIsMeasuredAgainstTheCardsChosen(t *testing.T) {
	toy := &enginetest.Toy{Goal: 12, Cards: 31}
	s := engine.NewSummary(toy.Info(), 2)
	s.Games = 100
	for i := range 10 { // chosen, played once a game
		s.Tally.CardOffered[i], s.Tally.CardChosen[i], s.Tally.CardPlayed[i] = 200, 60, 100
	}
	s.Tally.CardOffered[10], s.Tally.CardChosen[10], s.Tally.CardPlayed[10] = 200, 3, 5 // rarely chosen
	// Cards 11 to 30 are dealt and never chosen: not judged.
	dead, _ := CardFlags(s, 2)
	if !slices.Equal(dead, []int{10}) {
		t.Errorf("dead cards %v, want [10]: played 5 times where the chosen cards' median is 100", dead)
	}
}

// In a report of one or two games, cards offered a few times and not
// chosen were called dead (Mice Heist at --games 1: "Dead: Chair Leg,
// Cold Blast, Napkin Maze, …"): a card is dead only when it was offered
// often enough that so few choices are not chance, its interval of being
// chosen when offered below the median card's share.
func TestDeadNeedsEvidence(t *testing.T) {
	toy := &enginetest.Toy{Goal: 12, Cards: 12}
	s := engine.NewSummary(toy.Info(), 2)
	s.Games = 100
	for i := range 10 {
		s.Tally.CardOffered[i], s.Tally.CardChosen[i], s.Tally.CardPlayed[i] = 200, 60, 100
	}
	s.Tally.CardOffered[10] = 3   // offered three times, never chosen: chance
	s.Tally.CardOffered[11] = 200 // offered 200 times, never chosen: dead
	dead, _ := CardFlags(s, 2)
	if !slices.Equal(dead, []int{11}) {
		t.Errorf("dead cards %v, want [11]", dead)
	}
}

// A rules file's tally may add a negative number: a counter that went
// down was left out of the chart and named among those that "never went
// up", and a lone one drawn as a bar of nothing. It is charted, leftwards.
func TestCountersThatWentDownAreCharted(t *testing.T) {
	s := engine.Run(&enginetest.Toy{Goal: 12}, engine.RunConfig{Players: 2, Games: 10, Seed: 5, Workers: 1})
	s.Tally.Counters = make([]int64, 40)
	s.Tally.Counters[0], s.Tally.Counters[1] = -744, 372
	counters := []string{"spent", "gained"}
	for i := 2; i < 40; i++ {
		counters = append(counters, fmt.Sprintf("idle %d", i))
	}
	text := cardsPageText(t, s, counters)
	for _, want := range []string{"spent-74.40", "gained37.20", "Never went up: idle 2, idle 3"} {
		if !strings.Contains(text, want) {
			t.Errorf("the page lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Never went up: spent") {
		t.Errorf("a counter that went down is named as one that never went up:\n%s", text)
	}
}

// Counters that only went down were laid out as a sentence's sliver of the
// page (the layout asked for one that went up) and charted in it.
func TestCountersThatOnlyWentDownGetAChartsRoom(t *testing.T) {
	s := engine.Run(&enginetest.Toy{Goal: 12}, engine.RunConfig{Players: 2, Games: 10, Seed: 5, Workers: 1})
	s.Tally.Counters = []int64{-744, 0}
	data, err := PDF(&Balance{Title: "Toy", Games: 10, Seed: 5, Bots: []string{"random"},
		Counts: []Count{{Players: 2, Columns: []Column{{Sum: s, Counters: []string{"spent", "idle"}, Blind: true}}}}})
	if err != nil {
		t.Fatal(err)
	}
	texts := pdftest.PageText(t, pdftest.Read(t, data), 2)
	at := pdftest.Find(texts, "Game counters")
	if len(at) != 1 {
		t.Fatalf("no counters' heading:\n%s", pdftest.Joined(texts))
	}
	// A chart's room starts under the cards' scatter, some 190 mm down
	// the page (the heuristic bot's sentence under it); a sentence's
	// starts some 240 mm down.
	if y := pageH - at[0].Y/72*25.4; y > 0.75*pageH {
		t.Errorf("the counters' chart starts %.0f mm down the page, in a sentence's room", y)
	}
}

// fortyCounters draws the cards page of 20 toy games in three variants
// of a rules game without evaluate:, with 40 counters named by name (a
// format of the counter's index), those in totals set to their totals.
func fortyCounters(t *testing.T, name string, totals map[int]int64) []pdf.Text {
	t.Helper()
	s := engine.Run(&enginetest.Toy{Goal: 12}, engine.RunConfig{Players: 2, Games: 20, Seed: 5, Workers: 1})
	s.Tally.Counters = make([]int64, 40)
	var counters []string
	for i := range 40 {
		counters = append(counters, fmt.Sprintf(name, i))
	}
	for i, v := range totals {
		s.Tally.Counters[i] = v
	}
	var cols []Column
	for _, v := range []string{"a", "b", "c"} {
		cols = append(cols, Column{Variant: v, Sum: s, Counters: counters, Blind: true})
	}
	data, err := PDF(&Balance{Title: "Toy", Games: 20, Seed: 5, Bots: []string{"random"}, Counts: []Count{{Players: 2, Columns: cols}}})
	if err != nil {
		t.Fatal(err)
	}
	return pdftest.PageText(t, pdftest.Read(t, data), 2)
}
