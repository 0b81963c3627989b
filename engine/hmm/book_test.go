package hmm

import (
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// Issue 30's reproductions: where the engine read the book against its
// sentence, each rule as the book says it (and the earlier reading, where
// it stays a parameter).

// withParams builds the shipped game with some parameters changed.
func withParams(t *testing.T, values map[string]string) *Game {
	t.Helper()
	d := shippedData(t)
	setParams(t, d, values)
	g, fs := Build(d)
	if g == nil {
		t.Fatal(fs)
	}
	return g
}

// onDiscard moves card id from the deck (where set-up left it) onto the
// discard pile.
func onDiscard(t *testing.T, s *state, id string) int {
	t.Helper()
	c := mustCard(t, s.g, id)
	if !s.deck.Take(c) {
		t.Fatalf("%s is not in the deck", id)
	}
	s.toDiscard(c)
	return c
}

// "When drawn, a Play Immediately card must be resolved right then", and
// Gather draws "the top one from the discard pile": taken from there it
// resolves too, and goes back on the pile (replay --game hmm --players 3
// --seed 3 took Tight Deadline into a hand).
func TestGatherFromDiscardResolvesPlayImmediately(t *testing.T) {
	g := shipped(t)
	s := started(t, g, 3)
	s.cur, s.done, s.discarded = 0, 0, false
	c := onDiscard(t, s, "tight-deadline")
	times := map[int]int8{}
	for j := 0; j < s.njobs; j++ {
		times[j] = s.jobs[j].time
	}
	log := logged(s)
	engine.Apply(s, actGatherDiscard)
	if s.hand[0].Count(c) != 0 || s.discard[s.ndiscard-1] != uint8(c) {
		t.Fatalf("Tight Deadline taken into the hand (%d there) or not back on the pile", s.hand[0].Count(c))
	}
	for j, before := range times {
		if s.jobs[j].card >= 0 && s.jobs[j].time != before-1 {
			t.Errorf("job %d: Time %d, want %d (Tight Deadline resolved)", j, s.jobs[j].time, before-1)
		}
	}
	if e := find(t, *log, "immediate", nil); e.From != zDiscard || e.Result != "resolves" || e.Cause != causeGather {
		t.Errorf("logged %+v", e)
	}
}

// A Play Immediately card drawn among an Event's draws is resolved right
// then: what it draws comes before the Event's next draw (2 players, seed
// 1, equal-turns, moves 65-67 drew it after).
func TestPlayImmediatelyDrawsBeforeTheEventsNextDraw(t *testing.T) {
	g := shipped(t)
	s := started(t, g, 2)
	s.cur, s.done = 0, 0
	windfall, lucky := mustCard(t, g, "windfall"), mustCard(t, g, "lucky-break")
	if !s.deck.Take(windfall) {
		t.Fatal("no Windfall in the deck")
	}
	s.toHand(0, windfall)
	engine.Apply(s, actEvent+engine.Action(windfall))
	if s.ph != phChance || s.queue[s.qh].cause != int16(windfall+1) {
		t.Fatalf("Windfall's first draw not waiting: phase %d", s.ph)
	}
	engine.Apply(s, engine.Action(lucky))
	if s.ph != phChance || s.queue[s.qh].cause != int16(lucky+1) {
		t.Fatalf("the next draw is for %d, want Lucky Break's (%d)", s.queue[s.qh].cause-1, lucky)
	}
	engine.Apply(s, s.ChanceOutcomes(nil)[0].Action)
	if s.ph != phChance || s.queue[s.qh].cause != int16(windfall+1) {
		t.Fatalf("Windfall's second draw not next")
	}
}

// ENDING THE GAME: "Their game is over. Remove one Time token from all Jobs
// and jailed crew." goal_time all (the default) takes one off every Job and
// every jailed member, in place of the end of the turn; own, the earlier
// reading, only the player's.
func TestGoalRemovesTimeFromAllJobsAndJailedCrew(t *testing.T) {
	for _, mode := range []string{goalTimeAll, goalTimeOwn} {
		g := withParams(t, map[string]string{"goal_time": mode})
		s := started(t, g, 3)
		s.cur, s.done = 0, 0
		setCrew(t, s, 1, "hacker")
		s.crew[1][1].time = 2
		times := map[int]int8{}
		for j := 0; j < s.njobs; j++ {
			s.jobs[j].time = 3
			times[j] = 3
		}
		s.coll[0] = s.goal
		engine.Apply(s, actEndTurn)
		for j, before := range times {
			want := before
			if mode == goalTimeAll || int(s.jobs[j].owner) == 0 {
				want--
			}
			if s.jobs[j].time != want {
				t.Errorf("%s: job %d of seat %d has %d Time, want %d", mode, j, s.jobs[j].owner+1, s.jobs[j].time, want)
			}
		}
		want := int8(1)
		if mode == goalTimeOwn {
			want = 2
		}
		if got := s.crew[1][1].time; got != want || s.trigger != 0 {
			t.Errorf("%s: seat 2's jailed Hacker has %d Time, want %d (trigger %d)", mode, got, want, s.trigger)
		}
	}
}

// FAQ: "Any crew member other than your Mastermind can be the victim";
// snitching is for a dismissed member. demolition_victim free (the
// default) takes a member out of jail, so nobody snitches; any takes a
// jailed one too, who snitches (2 players, seed 14, move 158).
func TestDemolitionVictim(t *testing.T) {
	for _, tc := range []struct {
		mode, victim string
		heat         int
	}{
		{victimFree, "getaway-driver", 0},
		{victimAny, "pickpocket", 2},
	} {
		g := withParams(t, map[string]string{"demolition_victim": tc.mode})
		s := monaLisaTable(t, g, "laser-grid")
		// Donovan, Hacker with Demolition Charges, Getaway Driver, and a
		// jailed Pickpocket (fewest icons with the Driver, and last).
		s.crew[0][1].gear = int16(mustCard(t, g, "demolition-charges"))
		s.crew[0][2], s.crew[0][3] = s.crew[0][3], s.crew[0][2]
		s.crew[0][3].time = 2
		engine.Apply(s, actHeist+0)
		if s.ph != phCrew {
			t.Fatalf("%s: phase %d, want the crew", tc.mode, s.ph)
		}
		engine.Apply(s, actDemolish+1)
		gone := true
		for m := 0; m < s.ncrew[0]; m++ {
			if s.card(int(s.crew[0][m].card)).id == tc.victim {
				gone = false
			}
		}
		if !gone || s.heat[0] != tc.heat {
			t.Errorf("%s: %s still in the crew (%v) or Heat %d, want %d", tc.mode, tc.victim, !gone, s.heat[0], tc.heat)
		}
	}
}

// Demolition is not offered when it would leave nobody to attempt the Job,
// and a crew of nobody is never offered (6 players, seed 9, random and
// heuristic bots attempted heists with no free member).
func TestNoHeistByNobody(t *testing.T) {
	g := shipped(t)
	s := monaLisaTable(t, g, "laser-grid")
	// A jailed Mastermind, a Hacker with Demolition Charges, a jailed
	// Pickpocket: the Hacker is the only one free.
	setCrew(t, s, 0, "hacker", "pickpocket")
	s.crew[0][0].time, s.crew[0][2].time = 2, 2
	s.crew[0][1].gear = int16(mustCard(t, g, "demolition-charges"))
	engine.Apply(s, actHeist+0)
	for _, a := range s.LegalActions(0, nil) {
		if a >= actDemolish && a < actJail {
			t.Errorf("Demolition offered with only its carrier free")
		}
		if a == actCrew {
			t.Errorf("a crew of nobody offered")
		}
	}
	// Only a Mercenary free: the crew without Mercenaries would be empty.
	s = monaLisaTable(t, g, "laser-grid")
	setCrew(t, s, 0, "ghost")
	s.crew[0][0].time = 2
	engine.Apply(s, actHeist+0)
	if got := s.LegalActions(0, nil); len(got) != 1 || got[0] != actCrew+1<<1 {
		t.Errorf("crews offered %v, want only Ghost's (%d)", got, actCrew+1<<1)
	}
}

// goal_time, tie_break and demolition_victim reach the reference card, the
// sheet's facts and Demolition Charges' text, both ways.
func TestNewReadingsReachTheTexts(t *testing.T) {
	for _, tc := range []struct {
		params               map[string]string
		goalTime, tie, demol string
	}{
		{nil, "every Job and every jailed crew member", "then least Heat; then least jail Time", "free crew members (not jailed)"},
		{map[string]string{"goal_time": "own", "tie_break": "heat_plus_time", "demolition_victim": "any"},
			"their turn ends as usual", "least Heat plus jail Time together", "(a jailed one snitches)"},
	} {
		g := withParams(t, tc.params)
		f := g.Facts()
		if !strings.Contains(f["goal_time"].(string), tc.goalTime) || !strings.Contains(f["tie_break"].(string), tc.tie) {
			t.Errorf("%v: sheet facts %q, %q", tc.params, f["goal_time"], f["tie_break"])
		}
		back := ""
		for _, l := range g.BackRules(g.cardID("reference-card")) {
			back += l.Text
		}
		if !strings.Contains(back, tc.goalTime) || !strings.Contains(back, tc.tie) {
			t.Errorf("%v: the reference card says %q", tc.params, back)
		}
		text := ""
		for _, l := range g.CardRules(g.cardID("demolition-charges")) {
			text += l.Text
		}
		if !strings.Contains(text, tc.demol) {
			t.Errorf("%v: Demolition Charges say %q", tc.params, text)
		}
	}
}
