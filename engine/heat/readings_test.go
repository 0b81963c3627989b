package heat

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/gamedata/gamedatatest"
)

// The two readings the book leaves open (RULES.md, Readings):
// phase_resolution and shortfall, each value rule by rule.

const readingCards = `
- {id: bribe, name: Bribe, keywords: [cover], players: [3,4,5], effects: [{phase: C, pay: 3}, {phase: C, return_heat: 2}]}
- {id: thief, name: Thief, count: 2, keywords: [crew], players: [3,4,5], effects: [{phase: C, steal: 2, target: others}]}
- {id: driver, name: Driver, keywords: [crew], players: [3,4,5], effects: [{phase: C, return_heat: 1}]}
- {id: frame, name: Frame, keywords: [cover], players: [3,4,5], effects: [{phase: C, give_heat: 1, target: left}]}
- {id: shed, name: Shed, keywords: [cover], players: [3,4,5], effects: [{phase: C, return_heat: 1}, {phase: C, give_heat: 1, target: left}]}
- {id: payday, name: Payday, keywords: [heist], players: [3,4,5], effects: [{phase: C, gain: 5}, {phase: C, pay: 3}]}
- {id: fine, name: Fine, keywords: [heist], players: [3,4,5], effects: [{phase: C, pay: 2, target: others}]}
- {id: filler, name: Filler, count: 10, keywords: [crew], players: [3,4,5], effects: [{phase: B, gain: 1}]}
`

var (
	resolutions = []string{"simultaneous", "seat_order"}
	shortfalls  = []string{"debt", "pay_what_you_have", "no_effect"}
)

func readingGame(t *testing.T, cards, resolution, shortfall string) *Game {
	t.Helper()
	return fixture(t, cards, map[string]string{"phase_resolution": resolution, "shortfall": shortfall})
}

func TestParametersSelectTheReadings(t *testing.T) {
	for _, r := range resolutions {
		for i, sf := range shortfalls {
			g := readingGame(t, readingCards, r, sf)
			if g.inOrder != (r == "seat_order") || g.short != shortfallRule(i) {
				t.Errorf("%s/%s: inOrder %v short %d", r, sf, g.inOrder, g.short)
			}
		}
	}
	if g := shipped(t); g.inOrder || g.short != shortDebt {
		t.Errorf("shipped defaults: inOrder %v short %d, want simultaneous and debt (the book)", g.inOrder, g.short)
	}
}

// Frame Job gives its holder's left neighbour 1 Heat while that neighbour's
// Driver returns 1. At once, the Driver returns what it held when the
// phase began, whatever the seats; in seat order, it depends on who sits
// first.
func TestSimultaneousResolutionDoesNotDependOnSeats(t *testing.T) {
	for _, r := range resolutions {
		g := readingGame(t, readingCards, r, "debt")
		// Driver in seat 1 (Frame in seat 4 gives to seat 1), then Driver
		// in seat 4 (Frame in seat 3 gives to seat 4).
		for _, tc := range []struct {
			cards          []string
			driver, framer int
			want           map[string]int
		}{
			{[]string{"driver", "filler", "filler", "frame"}, 0, 3, map[string]int{"simultaneous": 1, "seat_order": 1}},
			{[]string{"filler", "filler", "frame", "driver"}, 3, 2, map[string]int{"simultaneous": 1, "seat_order": 0}},
		} {
			s := newTestState(g, 4)
			s.heat.Take(tc.framer, 1)
			reveal(t, s, tc.cards...)
			if got := s.heat.Held[tc.driver]; got != tc.want[r] {
				t.Errorf("%s, Driver in seat %d: holds %d Heat, want %d", r, tc.driver+1, got, tc.want[r])
			}
			if s.heat.Held[tc.framer] != 0 {
				t.Errorf("%s: Frame's holder kept its Heat", r)
			}
		}
	}
}

// At once, money gained in a phase cannot pay in that phase: it was not
// there when the phase began.
func TestSimultaneousPaymentsUseTheMoneyTheyHadWhenThePhaseBegan(t *testing.T) {
	want := map[string]map[string]int{
		"simultaneous": {"debt": 2, "pay_what_you_have": 5, "no_effect": 5},
		"seat_order":   {"debt": 2, "pay_what_you_have": 2, "no_effect": 2},
	}
	for _, r := range resolutions {
		for _, sf := range shortfalls {
			s := newTestState(readingGame(t, readingCards, r, sf), 3)
			reveal(t, s, "payday") // $0: gain $5 and pay $3 in phase C
			if s.money[0] != want[r][sf] {
				t.Errorf("%s/%s: $%d, want $%d", r, sf, s.money[0], want[r][sf])
			}
		}
	}
}

// "Pay $3. Return 2 Heat." with $1 and 2 Heat: the payment and the effect
// that follows it, for every shortfall rule, in both resolutions.
func TestShortfallOfAPaymentAndTheEffectThatFollows(t *testing.T) {
	for _, tc := range []struct {
		shortfall  string
		start      int
		money, hot int
	}{
		{"debt", 1, -2, 0},
		{"pay_what_you_have", 1, 0, 0},
		{"no_effect", 1, 1, 2},
		{"debt", 3, 0, 0},
		{"pay_what_you_have", 3, 0, 0},
		{"no_effect", 3, 0, 0},
	} {
		for _, r := range resolutions {
			s := newTestState(readingGame(t, readingCards, r, tc.shortfall), 3)
			s.money[0] = tc.start
			s.heat.Take(0, 2)
			reveal(t, s, "bribe")
			if s.money[0] != tc.money || s.heat.Held[0] != tc.hot {
				t.Errorf("%s/%s with $%d: $%d and %d Heat, want $%d and %d", r, tc.shortfall, tc.start, s.money[0], s.heat.Held[0], tc.money, tc.hot)
			}
		}
	}
}

// A theft from a seat that has less than the amount.
func TestShortfallOfATheft(t *testing.T) {
	for _, tc := range []struct {
		shortfall string
		thief     int
		victim    int
	}{
		{"debt", 2 + 2, 1 - 2},
		{"pay_what_you_have", 1 + 2, 0},
		{"no_effect", 0 + 2, 1},
	} {
		for _, r := range resolutions {
			s := newTestState(readingGame(t, readingCards, r, tc.shortfall), 3)
			s.money = [maxSeats]int{0, 1, 5}
			reveal(t, s, "thief")
			if s.money[0] != tc.thief || s.money[1] != tc.victim || s.money[2] != 3 {
				t.Errorf("%s/%s: money %v, want thief $%d, victim $%d, other $3", r, tc.shortfall, s.money[:3], tc.thief, tc.victim)
			}
		}
	}
}

// At once, a seat asked for more than it had by its own payment and two
// thefts: debt pays all; pay_what_you_have shares what it had a dollar at
// a time, what cannot go to every request alike to the bank; no_effect
// pays nothing (and skips what follows its own payment).
func TestSimultaneousPaymentsAndTheftsFromTheSameMoney(t *testing.T) {
	for _, tc := range []struct {
		shortfall string
		start     int
		want      [3]int
		hot       int
	}{
		// Seat 1 is asked for 3 (Bribe) + 2 + 2 (two Thieves); seats 2
		// and 3 ($10 each) also rob each other.
		{"debt", 3, [3]int{3 - 7, 10 + 2, 10 + 2}, 0},
		{"pay_what_you_have", 3, [3]int{0, 10 + 1, 10 + 1}, 0},
		{"pay_what_you_have", 4, [3]int{0, 10 + 1, 10 + 1}, 0}, // $1 each, $2 to the bank
		{"pay_what_you_have", 6, [3]int{0, 10 + 2, 10 + 2}, 0}, // $2 each, $2 to the bank
		{"no_effect", 3, [3]int{3, 10, 10}, 2},
		{"no_effect", 7, [3]int{0, 10 + 2, 10 + 2}, 0},
	} {
		s := newTestState(readingGame(t, readingCards, "simultaneous", tc.shortfall), 3)
		s.money = [maxSeats]int{tc.start, 10, 10}
		s.heat.Take(0, 2)
		reveal(t, s, "bribe", "thief", "thief")
		if [3]int(s.money[:3]) != tc.want || s.heat.Held[0] != tc.hot {
			t.Errorf("%s with $%d: money %v, Heat %d; want %v, %d", tc.shortfall, tc.start, s.money[:3], s.heat.Held[0], tc.want, tc.hot)
		}
	}
}

// Seat 1 gives seat 2 a token; seat 2, holding 1, is asked to return 1
// and give 1. At once it parts with the token it held: the gift cannot get
// one while both requests cannot, so it goes back to the board, and the
// token received in the phase stays. In seat order the gift arrives first
// and both requests are met.
func TestSimultaneousHeatShortfall(t *testing.T) {
	want := map[string][3]int{"simultaneous": {0, 1, 0}, "seat_order": {0, 0, 1}}
	for _, r := range resolutions {
		s := newTestState(readingGame(t, readingCards, r, "debt"), 3)
		s.heat.Take(0, 1)
		s.heat.Take(1, 1)
		reveal(t, s, "frame", "shed")
		if [3]int(s.heat.Held[:3]) != want[r] || s.heat.Supply != 14 {
			t.Errorf("%s: held %v board %d; want %v, 14", r, s.heat.Held[:3], s.heat.Supply, want[r])
		}
	}
}

// "Each other player pays $2": no seat's card depends on it, under every
// rule.
func TestShortfallOfAPaymentOthersMake(t *testing.T) {
	want := map[string][3]int{"debt": {5, -2, 3}, "pay_what_you_have": {5, 0, 3}, "no_effect": {5, 0, 3}}
	for _, r := range resolutions {
		for _, sf := range shortfalls {
			s := newTestState(readingGame(t, readingCards, r, sf), 3)
			s.money = [maxSeats]int{5, 0, 5}
			reveal(t, s, "fine")
			if [3]int(s.money[:3]) != want[sf] {
				t.Errorf("%s/%s: %v, want %v", r, sf, s.money[:3], want[sf])
			}
		}
	}
}

// The out-of-Heat loss is a payment too: "lose $3" with $2, twice.
func TestShortfallOfTheOutOfHeatLoss(t *testing.T) {
	for sf, want := range map[string]int{"debt": 2 - 6, "pay_what_you_have": 0, "no_effect": 2} {
		for _, r := range resolutions {
			g := fixture(t, testCards, map[string]string{"phase_resolution": r, "shortfall": sf})
			s := newTestState(g, 3)
			s.heat.Take(0, 6)
			s.heat.Take(1, 6)
			s.money = [maxSeats]int{10, 2, 10}
			reveal(t, s, "hog")
			if s.money[0] != 10-6 || s.money[1] != want || s.money[2] != 10 {
				t.Errorf("%s/%s: money %v, want [4 %d 10]", r, sf, s.money[:3], want)
			}
			if s.heat.Held[1] != 4 {
				t.Errorf("%s/%s: the loss changed the returns: seat 2 holds %d", r, sf, s.heat.Held[1])
			}
		}
	}
}

func TestPrintedTextFollowsTheShortfall(t *testing.T) {
	want := map[string]map[string]string{
		"debt": {
			"bribe": "Pay $3. Return 2 Heat.",
			"thief": "Take $2 from each other player.",
			"fine":  "Each other player pays $2.",
		},
		"pay_what_you_have": {
			"bribe": "Pay $3, or all you have. Return 2 Heat.",
			"thief": "Take $2 from each other player, or all they have.",
			"fine":  "Each other player pays $2, or all they have.",
		},
		"no_effect": {
			"bribe": "If you can, pay $3. If you did, return 2 Heat.",
			"thief": "Take $2 from each other player, if they can pay it.",
			"fine":  "Each other player pays $2, if they can.",
		},
	}
	for sf, cards := range want {
		g := readingGame(t, readingCards, "simultaneous", sf)
		for id, text := range cards {
			if got := g.CardRules(g.cardIndex(t, id)); len(got) != 1 || got[0].Text != text {
				t.Errorf("%s: %s prints %q, want %q", sf, id, got, text)
			}
		}
		// "Gain $5. Pay $3.": nothing follows the payment.
		if got := g.CardRules(g.cardIndex(t, "payday"))[0].Text; strings.Contains(got, "If you did") {
			t.Errorf("%s: payday prints %q", sf, got)
		}
	}
}

func TestReferenceSheetFollowsTheReadings(t *testing.T) {
	for _, r := range resolutions {
		for _, sf := range shortfalls {
			f := readingGame(t, readingCards, r, sf).Facts()
			rule, short, loss := f["resolution_rule"].(string), f["shortfall_rule"].(string), f["out_of_heat_loss"].(string)
			if strings.Contains(rule, "at once") != (r == "simultaneous") || strings.Contains(rule, "one at a time") != (r == "seat_order") {
				t.Errorf("%s: resolution_rule %q", r, rule)
			}
			wantLoss := map[string]string{"debt": "$3", "pay_what_you_have": "$3 (or all they have)", "no_effect": "$3 if they have it"}[sf]
			if loss != wantLoss {
				t.Errorf("%s: out_of_heat_loss %q, want %q", sf, loss, wantLoss)
			}
			key := map[string]string{"debt": "below $0", "pay_what_you_have": "pays all they have", "no_effect": "is not made"}[sf]
			if !strings.Contains(short, key) {
				t.Errorf("%s: shortfall_rule %q lacks %q", sf, short, key)
			}
		}
	}
}

// shippedWith is the shipped game with some parameters replaced.
func shippedWith(t *testing.T, overrides map[string]string) *Game {
	t.Helper()
	d := enginetest.ShippedData(t, "heat", schemas, "")
	for name := range overrides {
		delete(d.Params, name)
	}
	gamedatatest.SetParams(t, d, "{}", overrides)
	return enginetest.MustBuild(t, Build, d)
}

// has reports whether one of the events is like e in the fields e sets
// (Move and Text aside).
func has(log []engine.Event, e engine.Event) bool {
	return slices.ContainsFunc(log, func(x engine.Event) bool {
		return x.Kind == e.Kind && x.Player == e.Player && (e.Card == "" || x.Card == e.Card) && (e.Cause == "" || x.Cause == e.Cause) &&
			(e.Target == nil || x.Target != nil && *x.Target == *e.Target) && (e.Result == "" || x.Result == e.Result) &&
			same(x.Amount, e.Amount) && same(x.Printed, e.Printed) && same(x.Total, e.Total) && (e.At == nil || x.At != nil && *x.At == *e.At)
	})
}

// same: want unset, or both set and equal.
func same(got, want *int) bool { return want == nil || got != nil && *got == *want }

// texts are the events in words, for failure messages.
func texts(log []engine.Event) string {
	var b strings.Builder
	for _, e := range log {
		fmt.Fprintf(&b, "%d %s %s\n", e.Move, e.Kind, e.Text)
	}
	return b.String()
}

// The reproduction: `replay --game heat --players 4 --seed 25`,
// heist 1 stage 4. Seat 1's Getaway Driver returns the Heat it held when
// phase C began (none: 0 of 1) and keeps the token seat 4's Frame Job
// gives it. With the same four cards one seat further on (Frame Job just
// before the Driver), seat order lets the Driver return the gift; at once
// it cannot.
func TestReproSeed25Stage4(t *testing.T) {
	log, _, _ := playLogged(t, shipped(t), 4, 25, nil)
	got := enginetest.AtMove(log, 28)
	stage := &engine.At{Round: 1, Stage: 4}
	for _, want := range []engine.Event{
		{Kind: "stage", Player: -1, At: stage},
		{Kind: "reveal", Player: 0, Card: "getaway-driver", At: stage},
		{Kind: "reveal", Player: 3, Card: "frame-job", At: stage},
		{Kind: "phase", Player: -1, At: &engine.At{Round: 1, Stage: 4, Phase: "C"}},
		{Kind: "return_heat", Player: 0, Cause: "getaway-driver", Amount: engine.Int(0), Printed: engine.Int(1), Total: engine.Int(0)},
		{Kind: "give_heat", Player: 3, Cause: "frame-job", Target: engine.Int(0), Amount: engine.Int(1)},
	} {
		if !has(got, want) {
			t.Errorf("move 28 lacks %+v:\n%s", want, texts(got))
		}
	}
	for _, r := range resolutions {
		g := shippedWith(t, map[string]string{"phase_resolution": r})
		for _, seats := range [][]string{
			{"getaway-driver", "specialist", "first-national", "frame-job"},
			{"specialist", "first-national", "frame-job", "getaway-driver"},
		} {
			s := newTestState(g, 4)
			driver, framer := slices.Index(seats, "getaway-driver"), slices.Index(seats, "frame-job")
			s.heat.Take(framer, 1)
			// A Heist card already in the Driver's Record: it returns 1.
			jewels := g.cardIndex(t, "jewelry-smash")
			s.deck.Take(jewels)
			s.record[driver][0], s.recLen[driver] = uint8(jewels), 1
			reveal(t, s, seats...)
			want := 1
			if r == "seat_order" && driver > framer {
				want = 0
			}
			if s.heat.Held[driver] != want {
				t.Errorf("%s, Driver in seat %d: holds %d Heat, want %d", r, driver+1, s.heat.Held[driver], want)
			}
		}
	}
}

// The reproduction: `replay --game heat --players 4 --seed 11`,
// move 24, where seat 3 reveals Bribe a Cop ("Pay $3. Return 2 Heat.")
// with $0: the payment says what it asked and what it took, and under
// no_effect the return is logged as not done.
func TestReproSeed11Bribe(t *testing.T) {
	for sf, want := range map[string][2]engine.Event{
		"debt": {{Kind: "pay", Player: 2, Cause: "bribe", Amount: engine.Int(3)},
			{Kind: "return_heat", Player: 2, Cause: "bribe"}},
		"pay_what_you_have": {{Kind: "pay", Player: 2, Cause: "bribe", Amount: engine.Int(0), Printed: engine.Int(3), Total: engine.Int(0)},
			{Kind: "return_heat", Player: 2, Cause: "bribe"}},
		"no_effect": {{Kind: "pay", Player: 2, Cause: "bribe", Amount: engine.Int(0), Printed: engine.Int(3), Total: engine.Int(0), Result: resRefused},
			{Kind: "return_heat", Player: 2, Cause: "bribe", Amount: engine.Int(0), Result: resSkipped}},
	} {
		log, _, _ := playLogged(t, shippedWith(t, map[string]string{"shortfall": sf}), 4, 11, nil)
		got := enginetest.AtMove(log, 24)
		if !has(got, engine.Event{Kind: "reveal", Player: 2, Card: "bribe"}) {
			t.Fatalf("%s: seat 3 does not reveal Bribe a Cop at move 24:\n%s", sf, texts(got))
		}
		for _, w := range want {
			if !has(got, w) {
				t.Errorf("%s: move 24 lacks %+v:\n%s", sf, w, texts(got))
			}
		}
		// Holding none, seat 3 returns 0 of 2 Heat: tried, not skipped.
		if sf != "no_effect" && has(got, engine.Event{Kind: "return_heat", Player: 2, Result: resSkipped}) {
			t.Errorf("%s: seat 3's return is skipped:\n%s", sf, texts(got))
		}
	}
}

// Every combination plays full games with the invariants checked (money
// below $0 only under debt, and never past minMoney).
func TestEveryReadingPlays(t *testing.T) {
	for _, r := range resolutions {
		for _, sf := range shortfalls {
			g := shippedWith(t, map[string]string{"phase_resolution": r, "shortfall": sf})
			for _, players := range []int{3, 4, 5} {
				res := engine.Run(g, engine.RunConfig{Players: players, Games: 200, Seed: 1, CheckInvariants: true})
				if res.Panics+res.Invariants+res.Capped > 0 {
					t.Errorf("%s/%s at %d players: %d panics, %d invariants broken (first %+v), %d capped",
						r, sf, players, res.Panics, res.Invariants, res.FirstInvariant, res.Capped)
				}
			}
		}
	}
}
