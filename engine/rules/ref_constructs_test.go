package rules_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/rules"
)

// playLogs plays a game of g at players seats on both engines (each
// seat's first legal action, the first chance outcome) and returns each
// one's log.
func playLogs(t *testing.T, g *rules.Game, players int) (fast, ref []string) {
	t.Helper()
	for i, newState := range []func(engine.StateOptions) engine.State{
		func(o engine.StateOptions) engine.State { return g.NewState(players, o) },
		func(o engine.StateOptions) engine.State { return rules.Reference(g).NewState(players, o) },
	} {
		var lines []string
		st := newState(engine.StateOptions{Log: func(e engine.Event) { lines = append(lines, e.Text) }})
		for !st.IsTerminal() {
			switch st.CurrentPlayer() {
			case engine.Chance:
				engine.Apply(st, st.ChanceOutcomes(nil)[0].Action)
			case engine.Simultaneous:
				joint := make([]engine.Action, players)
				for q := range joint {
					joint[q] = engine.NoAction
					if legal := st.LegalActions(engine.Player(q), nil); len(legal) > 0 {
						joint[q] = legal[0]
					}
				}
				engine.ApplyJoint(st, joint)
			default:
				engine.Apply(st, st.LegalActions(st.CurrentPlayer(), nil)[0])
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
		engine.Apply(st, st.ChanceOutcomes(nil)[0].Action)
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

// A number choice's ends are worked out when the choice opens: at a
// secret choice, seat 2's pick means the number it meant then, though
// seat 1's then (carried out first) changed what its ends read.
func TestNumberChoiceKeepsTheRangeItOpenedWith(t *testing.T) {
	g := buildGenerated(t, refFuzzHeader+`play:
  - choose:
      player: all
      options:
        - value: {from: "coins[player]", to: "coins[player] + 2"}
          name: bid
          then:
            - set: "coins[seat(2)] = 5"
            - if: "player == seat(2)"
              then: [{set: "n = value"}]
winners:
  - highest: "coins[seat]"
`)
	fast, ref := playLogs(t, g, 2)
	for _, log := range [][]string{fast, ref} {
		if !slices.Contains(log, "seat 2 bid 0") || !slices.Contains(log, "n is now 0") {
			t.Errorf("seat 2 bids 0, the low end when the choice opened, and n is set to it: %q", log)
		}
	}
	if d := rules.Agree(g, 2, 1, 50); d != nil {
		t.Errorf("the reference differs: %s", d)
	}
}

// A card starts in the first zone, in the order of zones:, whose start
// condition holds for it, else in the start: true zone.
func TestStartConditionsTakeCardsInZoneOrder(t *testing.T) {
	header := strings.Replace(refFuzzHeader, "zones:\n", "zones:\n"+
		"  blues: {owner: table, visibility: public, start: \"card.color == 'blue' and card.deck == 'main'\"}\n"+
		"  louds: {owner: table, visibility: public, start: \"has(card, 'loud') or card.color == 'blue'\"}\n", 1)
	g := buildGenerated(t, header+`play:
  - choose:
      player: "seat(1)"
      options:
        - action: look
winners:
  - highest: "coins[seat]"
`)
	st := rules.Reference(g).NewState(2, engine.StateOptions{})
	parts := map[string]string{}
	for _, p := range rules.Dump(st) {
		parts[p.Name] = p.Value
	}
	if !strings.Contains(parts["zone blues"], "heist") || strings.Contains(parts["zone louds"], "heist") || strings.Contains(parts["zone deck"], "heist") {
		t.Errorf("the blue cards start in blues, the first zone whose condition holds: %v", parts)
	}
	if d := rules.Agree(g, 2, 1, 10); d != nil {
		t.Errorf("the reference differs: %s", d)
	}
}

// An item of a seat's value with a size is its own place, read and set
// by seat and number; an item outside the value is a rules error.
func TestValuesWithASizeKeepEachSeatsItems(t *testing.T) {
	header := strings.Replace(refFuzzHeader, "values:\n", "values:\n  pos: {type: int, owner: player, size: 3, start: 1}\n", 1)
	g := buildGenerated(t, header+`play:
  - set: "pos[seat(2)][2] = 7"
  - set: "n = pos[seat(1)][2] * 10 + pos[seat(2)][2]"
  - set: "pos[seat(1)][n] = 0"
winners:
  - highest: "coins[seat]"
`)
	fast, ref := playLogs(t, g, 2)
	for _, log := range [][]string{fast, ref} {
		if !slices.Contains(log, "seat 2 pos[2] is now 7") || !slices.Contains(log, "n is now 17") {
			t.Errorf("want pos[2] of seat 2 set alone, read back: %q", log)
		}
	}
	if d := rules.Agree(g, 2, 1, 10); d != nil {
		t.Errorf("the reference differs: %s", d)
	}
	st := rules.Reference(g).NewState(2, engine.StateOptions{})
	if !st.IsTerminal() || st.(interface{ CheckInvariants() error }).CheckInvariants() == nil {
		t.Errorf("item 17 of pos is a rules error that ends the game")
	}
}
