package masterminds

import (
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// The referee's part of the log test: facts a referee holding only the
// log, the card data and the book must be able to check, rebuilt from the
// typed fields (never the text).

// seen counts how often each checked fact came up, so that the seeded
// games are known to have covered it.
type seen map[string]int

// checkFirstPlayer replays the roll for the first player from the
// first_roll events: each round every seat still in contention rolls once,
// in seat order; a tie for the highest face re-rolls among the tied seats
// (a first_tie event naming the face and how many tie); one highest face
// is the first event's seat, and the first turn is that seat's.
func checkFirstPlayer(t *testing.T, n int, events []engine.Event, sn seen) {
	t.Helper()
	rolling := make([]int, n)
	for q := range rolling {
		rolling[q] = q
	}
	var rolled []int // faces of this round, by position in rolling
	round, first := 1, -1
	for _, e := range events {
		switch e.Kind {
		case "first_roll":
			if len(rolled) == len(rolling) {
				t.Fatalf("move %d: seat %d rolls after every seat of round %d rolled", e.Move, e.Player+1, round)
			}
			if want := rolling[len(rolled)]; e.Player != want || e.At == nil || e.At.Stage != round || e.Resource != "die" {
				t.Fatalf("move %d: roll %+v, want seat %d in round %d", e.Move, e, want+1, round)
			}
			face := deref(t, e, e.Amount, "amount")
			if face < 1 || face > 6 {
				t.Fatalf("move %d: a die shows %d", e.Move, face)
			}
			if (round > 1) != (e.Cause == causeReroll) {
				t.Errorf("move %d: round %d roll has cause %q", e.Move, round, e.Cause)
			}
			rolled = append(rolled, face)
		case "first_tie", "first":
			if len(rolled) != len(rolling) {
				t.Fatalf("move %d: %s after %d of %d rolls", e.Move, e.Kind, len(rolled), len(rolling))
			}
			high := slices.Max(rolled)
			var leaders []int
			for i, f := range rolled {
				if f == high {
					leaders = append(leaders, rolling[i])
				}
			}
			if deref(t, e, e.Amount, "amount") != high {
				t.Errorf("move %d: %s names face %d, the highest rolled is %d", e.Move, e.Kind, *e.Amount, high)
			}
			if e.Kind == "first_tie" {
				if len(leaders) < 2 || deref(t, e, e.Total, "total") != len(leaders) {
					t.Fatalf("move %d: a tie of %d seats logged, the dice %v tie %d", e.Move, *e.Total, rolled, len(leaders))
				}
				rolling, rolled = leaders, nil
				round++
				sn["first_tie"]++
				continue
			}
			if len(leaders) != 1 || e.Player != leaders[0] || e.Result != "first" {
				t.Fatalf("move %d: seat %d goes first, the dice %v of seats %v say %v", e.Move, e.Player+1, rolled, rolling, leaders)
			}
			first = e.Player
		case "turn":
			if first < 0 || e.Player != first || e.At == nil || e.At.Turn != 1 {
				t.Fatalf("move %d: the first turn is seat %d's, the dice say seat %d", e.Move, e.Player+1, first+1)
			}
			sn["first_player"]++
			return
		}
	}
	t.Fatal("the log has no first turn")
}

// fits says whether effect e of an Interrupt can be played by seat q on
// acting's attempt, before (post false) or after the roll: the card
// data's own rule (RULES.md, Interrupt windows).
func fits(e effect, q, acting int, post bool) bool {
	switch {
	case e.kind == effReroll && !post:
		return false
	case e.kind != effRollBonus && e.kind != effReroll:
		return false
	case e.target == targetSelf:
		return q == acting
	case e.target == targetOther:
		return q != acting
	}
	return true
}

// checkWindows rebuilds every seat's hand of Prep cards from the cards
// moving in and out of "hand", and checks each interrupt window: it opens
// on the acting seat's attempt (before the roll) or right after its heist
// die (after it); every seat answers exactly once, clockwise from the
// acting seat, with an interrupt or a pass whose target is the acting
// seat; a seat said to have nothing playable holds no Interrupt that fits
// (one with a gem section, none in the shipped cards, is not judged), one
// that chose to pass holds one, and an interrupt played fits and was in
// hand. The hands rebuilt must be the engine's at the end.
func checkWindows(t *testing.T, g *Game, s *state, events []engine.Event, sn seen) {
	t.Helper()
	hands := make([]map[string]int, s.N)
	for q := range hands {
		hands[q] = map[string]int{}
	}
	byID := map[string]int{}
	for i, c := range g.cards {
		byID[c.id] = i
	}
	holdsFit := func(q, acting int, post bool) (fit, unsure bool) {
		for id, k := range hands[q] {
			cd := &g.cards[byID[id]]
			if k == 0 || cd.typ != typePrep || cd.kind != kindInterrupt {
				continue
			}
			fit = fit || fits(cd.effect, q, acting, post)
			unsure = unsure || cd.gemMode != 0
		}
		return fit, unsure
	}
	open, acting, attempter, next, post := false, -1, -1, 0, false
	lastRoll := -1 // seat of the last heist die, while nothing came after it
	for _, e := range events {
		switch {
		case e.Kind == "attempt":
			attempter = e.Player
		case e.Kind == "window":
			post = e.At != nil && e.At.Stage == 2
			if open || e.At == nil || e.At.Phase != "interrupt" || e.Player != attempter || (post && lastRoll != e.Player) {
				t.Fatalf("move %d: a window opens out of place: %+v (attempt by seat %d, last die by seat %d)", e.Move, e, attempter+1, lastRoll+1)
			}
			open, acting, next = true, e.Player, 0
			sn["window"]++
		case e.Kind == "pass" || e.Kind == "interrupt":
			want := (acting + next) % s.N
			if !open || e.Player != want || next >= s.N || e.Target == nil || *e.Target != acting || e.At == nil || e.At.Stage != map[bool]int{false: 1, true: 2}[post] {
				t.Fatalf("move %d: %s by seat %d out of turn (want seat %d of the window of seat %d): %+v", e.Move, e.Kind, e.Player+1, want+1, acting+1, e)
			}
			next++
			fit, unsure := holdsFit(e.Player, acting, post)
			switch {
			case e.Kind == "interrupt":
				cd := &g.cards[byID[e.Card]]
				if hands[e.Player][e.Card] == 0 || cd.kind != kindInterrupt || !fits(cd.effect, e.Player, acting, post) && cd.gemMode == 0 {
					t.Errorf("move %d: seat %d cannot play %s here", e.Move, e.Player+1, e.Card)
				}
				sn["interrupt"]++
			case e.Result == resultPassed && !fit && !unsure:
				t.Errorf("move %d: seat %d was asked with no Interrupt it could play (hand %v)", e.Move, e.Player+1, hands[e.Player])
			case e.Result == resultNonePlayable && fit:
				t.Errorf("move %d: seat %d was skipped holding an Interrupt it could play (hand %v)", e.Move, e.Player+1, hands[e.Player])
			case e.Result != resultPassed && e.Result != resultNonePlayable:
				t.Errorf("move %d: a pass with result %q", e.Move, e.Result)
			}
			if e.Kind == "pass" {
				sn["pass:"+e.Result]++
			}
		case e.Kind == "window_end":
			if !open || e.Player != acting || next != s.N {
				t.Fatalf("move %d: the window of seat %d closes after %d of %d answers", e.Move, acting+1, next, s.N)
			}
			open = false
		}
		lastRoll = -1
		if e.Kind == "roll" && e.Cause == causeHeistDie {
			lastRoll = e.Player
		}
		if c, ok := byID[e.Cause]; ok && e.Kind == "roll" && g.cards[c].typ == typePrep {
			sn["reroll"]++
		}
		if e.To == "hand" {
			hands[e.Player][e.Card]++
		}
		if e.From == "hand" {
			if hands[e.Player][e.Card] == 0 {
				t.Fatalf("move %d: seat %d gives up %s, which the log never put in its hand", e.Move, e.Player+1, e.Card)
			}
			hands[e.Player][e.Card]--
		}
	}
	if open {
		t.Error("a window never closes")
	}
	for q := range s.N {
		for c := range g.cards {
			if k := s.seats[q].hand.Count(c); k != hands[q][g.cards[c].id] {
				t.Errorf("seat %d holds %d %s, the log says %d", q+1, k, g.cards[c].id, hands[q][g.cards[c].id])
			}
		}
	}
}
