package rules_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/rules"
)

// playLogs plays a game of g at players seats on both engines (the first
// legal action, the first chance outcome) and returns each one's log.
func playLogs(t *testing.T, g *rules.Game, players int) (fast, ref []string) {
	t.Helper()
	for i, newState := range []func(engine.StateOptions) engine.State{
		func(o engine.StateOptions) engine.State { return g.NewState(players, o) },
		func(o engine.StateOptions) engine.State { return rules.Reference(g).NewState(players, o) },
	} {
		var lines []string
		st := newState(engine.StateOptions{Log: func(e engine.Event) { lines = append(lines, e.Text) }})
		for !st.IsTerminal() {
			if st.CurrentPlayer() == engine.Chance {
				st.Apply(st.ChanceOutcomes(nil)[0].Action)
			} else {
				st.Apply(st.LegalActions(st.CurrentPlayer(), nil)[0])
			}
		}
		if i == 0 {
			fast = lines
		} else {
			ref = lines
		}
	}
	return fast, ref
}

// A show's log line names the seat shown once ("seat 2 is shown ..."), as
// docs/rules.md says: the fuzzer found the fast engine writing "seat 2
// seat 2 is shown" (the log leads a seat's line with the seat already).
func TestShowLogNamesTheSeatOnce(t *testing.T) {
	g := buildGenerated(t, refFuzzHeader+`play:
  - deal: {from: deck, to: hand, count: 1}
  - show: "hand[seat(1)]"
    to: "seat(2)"
winners:
  - highest: "coins[seat]"
`)
	fast, ref := playLogs(t, g, 3)
	want := "seat 2 is shown hand of seat 1: Job"
	if !slices.Contains(fast, want) || !slices.Contains(ref, want) {
		t.Errorf("want the line %q in both logs:\nfast %q\nref  %q", want, fast, ref)
	}
}

// A quoted card id shown is that card, as a quoted name takes the type of
// its use: the fuzzer found the fast engine compiling show: "'heist'" to
// nothing (no finding, no show), the reference showing the card.
func TestShowOfAQuotedCardID(t *testing.T) {
	g := buildGenerated(t, refFuzzHeader+`play:
  - show: "'heist'"
    to: "seat(2)"
  - show: "none"
    to: "seat(1)"
  - set: "n = 0"
winners:
  - highest: "coins[seat]"
`)
	fast, ref := playLogs(t, g, 2)
	want := "seat 2 is shown Heist in deck"
	if !slices.Contains(fast, want) || !slices.Contains(ref, want) {
		t.Errorf("want the line %q in both logs:\nfast %q\nref  %q", want, fast, ref)
	}
	if d := rules.Agree(g, 2, 1, 50); d != nil {
		t.Errorf("the reference differs: %s", d)
	}
}

// What each seat sees is compared move by move: a seat sees its own
// secret value and zone size, not another's, and a card it was shown
// until the card moves. The reference's view says so in words.
func TestReferenceViewHidesSecretsAndShowsShownCards(t *testing.T) {
	header := strings.Replace(refFuzzHeader, "values:\n", "values:\n  chips: {type: int, owner: player, visibility: owner, start: 3}\n", 1)
	header = strings.Replace(header, "zones:\n", "zones:\n  pocket: {owner: player, visibility: owner, size: owner}\n", 1)
	g := buildGenerated(t, header+`play:
  - deal: {from: deck, to: hand, count: 2}
  - show: "top(kept[seat(1)])"
    to: "seat(1)"
  - show: "hand[seat(1)] where card.color == 'red'"
    to: "seat(2)"
  - choose:
      player: "seat(1)"
      options:
        - action: go
winners:
  - highest: "coins[seat]"
`)
	st := rules.Reference(g).NewState(2, engine.StateOptions{})
	for st.CurrentPlayer() == engine.Chance {
		st.Apply(st.ChanceOutcomes(nil)[0].Action)
	}
	view := func(p int) string { return strings.Join(st.(interface{ View(int) []string }).View(p), "\n") }
	one, two := view(0), view(1)
	if strings.Contains(one, "value chips of seat 1 unseen") || !strings.Contains(one, "value chips of seat 2 unseen") {
		t.Errorf("seat 1 sees its own chips only:\n%s", one)
	}
	if !strings.Contains(one, "zone pocket of seat 1 size 0 cards\n") || !strings.Contains(one, "zone pocket of seat 2 size ? shown\n") {
		t.Errorf("seat 1 sees the size of its own pocket only:\n%s", one)
	}
	// Job (card 0) is red: both of seat 1's cards were shown to seat 2.
	if !strings.Contains(two, "zone hand of seat 1 size 2 shown 0 0\n") || !strings.Contains(one, "zone hand of seat 2 size 2 shown\n") {
		t.Errorf("seat 2 sees the red cards of seat 1's hand it was shown, seat 1 nothing of seat 2's:\n%s\n--\n%s", one, two)
	}
	if d := rules.Agree(g, 2, 1, 50); d != nil {
		t.Errorf("the reference differs: %s", d)
	}
}
