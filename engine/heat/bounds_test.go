package heat

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// findingAt fails t unless fs has a finding with code at line:col of
// file, and returns its message.
func findingAt(t *testing.T, fs []finding.Finding, code, file string, line, col int) string {
	t.Helper()
	for _, f := range fs {
		if f.Code == code && f.Pos == (finding.Pos{File: file, Line: line, Col: col}) {
			return f.Message
		}
	}
	t.Fatalf("no %s at %s:%d:%d in %v", code, file, line, col, fs)
	return ""
}

// filler is n cards of one copy each, for decks of an exact size.
func filler(n int, players string) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "- {id: f%d, name: F, players: %s, effects: [{phase: B, gain: 1}]}\n", i, players)
	}
	return b.String()
}

func TestDeckOfMoreThanMaxDeckCardsIsReportedAtTheBiggestCount(t *testing.T) {
	// 250 single cards and one of 6 copies make 256: a full deck plays.
	full := filler(250, "[3,4,5]") + "- {id: big, name: Big, count: 6, players: [3,4,5], effects: [{phase: B, gain: 1}]}\n"
	if g, fs := Build(fixtureData(t, full, nil)); g == nil {
		t.Fatalf("a deck of exactly %d cards does not build: %v", engine.MaxDeck, fs)
	}
	// One copy more takes every player count past; the finding is at the
	// count of the card with the most copies, once, naming the first
	// player count.
	d := fixtureData(t, strings.Replace(full, "count: 6", "count: 7", 1), nil)
	g, fs := Build(d)
	if g != nil {
		t.Fatal("a deck of 257 cards built")
	}
	big := d.Cards[250].Node
	count := big.Content[5] // the value of count
	msg := findingAt(t, fs, "TOO_MANY_CARDS", "cards.yaml", count.Line, count.Column)
	if !strings.Contains(msg, "at 3 players the deck has 257 cards") || !strings.Contains(msg, "card big has the most copies (7)") {
		t.Errorf("message %q", msg)
	}
	if n := strings.Count(fmt.Sprint(fs), "TOO_MANY_CARDS"); n != 1 {
		t.Errorf("%d TOO_MANY_CARDS findings, want one for the card: %v", n, fs)
	}
}

func TestDeckOverflowAtOnlyOnePlayerCount(t *testing.T) {
	// Cards marked for 5 players only overflow the 5-player deck.
	cards := filler(200, "[3,4,5]") + "- {id: a, name: A, count: 10, players: [5], effects: [{phase: B, gain: 1}]}\n" +
		"- {id: b, name: B, count: 50, players: [5], effects: [{phase: B, gain: 1}]}\n"
	d := fixtureData(t, cards, nil)
	_, fs := Build(d)
	b := d.Cards[201].Node.Content[5]
	msg := findingAt(t, fs, "TOO_MANY_CARDS", "cards.yaml", b.Line, b.Column)
	if !strings.Contains(msg, "at 5 players the deck has 260 cards") {
		t.Errorf("message %q", msg)
	}
	if len(fs) != 1 {
		t.Errorf("3 and 4 players fit: %v", fs)
	}
}

func TestHugeCountsAllocateNothing(t *testing.T) {
	for _, count := range []string{"1000000000", "1e9", "9223372036854775807"} {
		t.Run(count, func(t *testing.T) {
			d := fixtureData(t, testCards, nil)
			// The loader decodes count itself; yaml reads 1e9 as a float.
			for i := range d.Cards {
				if d.Cards[i].ID == "heavy" {
					d.Cards[i].Count = int(mustWhole(t, count))
				}
			}
			g, fs, grew := enginetest.BuildAllocs(Build, d)
			if g != nil {
				t.Fatal("built")
			}
			if grew > 1<<20 {
				t.Errorf("Build allocated %d bytes for a count of %s", grew, count)
			}
			if !strings.Contains(fmt.Sprint(fs), "TOO_MANY_CARDS") {
				t.Errorf("no TOO_MANY_CARDS: %v", fs)
			}
		})
	}
}

func mustWhole(t *testing.T, s string) int64 {
	t.Helper()
	var f float64
	if _, err := fmt.Sscan(s, &f); err != nil {
		t.Fatal(err)
	}
	if f >= math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(f)
}

func TestListBoundsAreCheckedAtTheList(t *testing.T) {
	nine := strings.Repeat("{phase: B, gain: 1}, ", 8) + "{phase: B, gain: 1}"
	d := fixtureData(t, testCards+"- {id: long, name: Long, players: [3], effects: ["+nine+"]}\n", nil)
	_, fs := Build(d)
	effects := d.Cards[len(d.Cards)-1].Node.Content[7]
	msg := findingAt(t, fs, "CARD_FIELD_RANGE", "cards.yaml", effects.Line, effects.Column)
	if msg != "card long: effects has 9 entries, more than 8" {
		t.Errorf("message %q", msg)
	}

	rows := strings.Repeat("{value: -1, slots: 1}, ", 12) + "{value: -1, slots: 1}"
	d = fixtureData(t, testCards, map[string]string{"heat_board": "[" + rows + "]"})
	_, fs = Build(d)
	n := d.Params["heat_board"].Node
	if msg := findingAt(t, fs, "PARAMETER_RANGE", "game.yaml", n.Line, n.Column); msg != "parameter heat_board has 13 entries, more than 12" {
		t.Errorf("message %q", msg)
	}
}

func TestOutOfRangeParameterIsReportedOnce(t *testing.T) {
	d := fixtureData(t, testCards, map[string]string{"starting_money": "9223372036854775808"})
	_, fs := Build(d)
	n := d.Params["starting_money"].Node
	msg := findingAt(t, fs, "PARAMETER_RANGE", "game.yaml", n.Line, n.Column)
	if msg != "parameter starting_money is 9223372036854775808, not a whole number from 0 to 100000" {
		t.Errorf("message %q", msg)
	}
	if len(fs) != 1 {
		t.Errorf("want one finding (no decode error on top): %v", fs)
	}
}

func TestPlayerRangeBeyondTheEngine(t *testing.T) {
	d := fixtureData(t, testCards, nil)
	d.Manifest.Players.Max = math.MaxInt
	g, fs := Build(d) // must not loop over the range
	if g != nil || !strings.Contains(fmt.Sprint(fs), "TOO_MANY_PLAYERS") {
		t.Errorf("players max 2^63-1: %v", fs)
	}
	d.Manifest.Players = gamedata.Range{Min: 0, Max: 4}
	if g, fs := Build(d); g != nil || !strings.Contains(fmt.Sprint(fs), "PLAYERS_RANGE") {
		t.Errorf("players min 0: %v", fs)
	}
}

func TestMoneyCannotOverflow(t *testing.T) {
	// The proof in bounds.go, from the constants the engine checks: the
	// money one seat can end with is every seat's starting money plus all
	// the money gain effects can make in a game.
	reveals := maxHeists * maxStages * engine.MaxPlayers
	perEffect := maxAmount * max(maxStages, engine.MaxPlayers-1) * (engine.MaxPlayers - 1)
	most := engine.MaxPlayers*maxStartingMoney + reveals*maxEffects*perEffect
	// Under shortfall debt money also goes down to minMoney, and the end
	// score adds every Heat token at the worst value.
	least := minMoney + maxBoardRows*maxRowSlots*minHeatValue
	if most > math.MaxInt32 || least < math.MinInt32 {
		t.Fatalf("money reaches %d and scores %d: past an int32", most, least)
	}

	// And a game at those bounds: every seat rich, every card paying the
	// most it can to everyone, every Heat token at the worst value.
	// Then the same with every card taking: payments, thefts and the
	// out-of-Heat loss all run into debt (shortfall debt).
	gain := strings.Repeat("{phase: B, gain: 99, per: {record: any}, target: others}, ", maxEffects-1) + "{phase: C, gain: 99, per: {record: any}}"
	take := strings.Repeat("{phase: B, pay: 99, per: {record: any}, target: others}, ", maxEffects-2) +
		"{phase: C, steal: 99, per: {record: any}, target: others}, {phase: C, pay: 99, per: {record: any}}"
	for _, tc := range []struct{ effects, starting string }{{gain, fmt.Sprint(maxStartingMoney)}, {take, "0"}} {
		moneyBoundsGames(t, tc.effects, tc.starting, most)
	}
}

func moneyBoundsGames(t *testing.T, effects, starting string, most int) {
	var cards strings.Builder
	for i := range 40 {
		fmt.Fprintf(&cards, "- {id: c%d, name: C, players: [3,4,5], effects: [%s]}\n", i, effects)
	}
	cards.WriteString("- {id: heat, name: H, count: 10, players: [3,4,5], effects: [{phase: B, take_heat: 4}]}\n")
	g := fixture(t, cards.String(), map[string]string{
		"starting_money": starting, "heists": fmt.Sprint(maxHeists), "stages": fmt.Sprint(maxStages),
		"draft_deal": "5", "draft_rounds": "5", "heat_board": fmt.Sprintf("[{value: %d, slots: %d}]", minHeatValue, maxRowSlots),
		"out_of_heat_penalty": fmt.Sprint(maxPenalty), "empty_board_value": fmt.Sprint(minHeatValue), "shortfall": "debt",
	})
	lowest := 0
	for seed := range uint64(20) {
		var log []engine.Event
		r := engine.PlayGame(g, 5, seed, engine.PlayOptions{CheckInvariants: true, Log: func(e engine.Event) { log = append(log, e) }})
		if r.Panic != "" || r.Invariant != "" || r.Capped {
			t.Fatalf("seed %d: %+v", seed, r)
		}
		scores := 0
		for _, e := range log {
			// A seat's money at the end, before its Heat is paid for.
			if e.Kind != "score" || e.Resource != rMoney {
				continue
			}
			scores++
			if n := *e.Total; n < minMoney || n > most {
				t.Errorf("seed %d: %s: money outside %s-%s", seed, e.Text, money(minMoney), money(most))
			}
			lowest = min(lowest, *e.Total)
		}
		if scores != 5 && r.EndCause != "arrest" {
			t.Errorf("seed %d: %d scores logged, want 5", seed, scores)
		}
	}
	if starting == "0" && lowest >= 0 {
		t.Errorf("no seat ran into debt")
	}
}
