package mice

import (
	"testing"

	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/finding"
)

// shipped is the game of cards/mice, the data the binary ships.
func shipped(t testing.TB) *Game {
	t.Helper()
	return enginetest.Shipped(t, "mice", schemas, "", Build)
}

func TestShippedData(t *testing.T) {
	g := shipped(t)
	count := map[cardKind]int{}
	for _, c := range g.cards {
		count[c.kind] += c.copies
	}
	want := map[cardKind]int{kindObstacle: 20, kindStarting: 18, kindUpgrade: 37, kindReminder: 4, kindIdentity: 6}
	for k, n := range want {
		if count[k] != n {
			t.Errorf("kind %d: %d cards, want %d", k, count[k], n)
		}
	}
	if len(g.jobs) != 4 {
		t.Fatalf("jobs %v", g.jobs)
	}
	for j, st := range g.stacks {
		if len(st) != 5 || !g.cards[st[4]].finale {
			t.Errorf("job %s: %d obstacles, last finale %v", g.jobs[j], len(st), g.cards[st[len(st)-1]].finale)
		}
		for k, c := range st {
			if g.cards[c].order != k+1 {
				t.Errorf("job %s: obstacle %s out of order", g.jobs[j], g.cards[c].id)
			}
		}
	}
	if len(g.chips) != 11 {
		t.Errorf("%d chips, want 11", len(g.chips))
	}
	if g.params.CheeseTotal != 40 || g.params.StartingCheese != 3 || g.params.SkillLimit != 6 || g.params.CleanupStep != 8 {
		t.Errorf("params %+v", g.params)
	}
}

// A target beyond the best chips and skills is an error at the card; one
// the worst chips reach is a warning.
func TestCheckObstacleTargets(t *testing.T) {
	g := fixture(t, testCards, map[string]string{})
	g.cards[g.cardIndex(t, "a2")].target = 40
	g.cards[g.cardIndex(t, "b1")].target = -7
	codes := map[string]finding.Pos{}
	for _, f := range g.Check() {
		codes[f.Code] = f.Pos
	}
	if p, ok := codes["OBSTACLE_UNREACHABLE"]; !ok || p != g.cards[g.cardIndex(t, "a2")].pos {
		t.Errorf("unreachable: %v", codes)
	}
	if p, ok := codes["OBSTACLE_ALWAYS_SUCCEEDS"]; !ok || p != g.cards[g.cardIndex(t, "b1")].pos {
		t.Errorf("always succeeds: %v", codes)
	}
}

func TestHeuristicBeatsRandom(t *testing.T) {
	g := shipped(t)
	if rate := enginetest.HeuristicVsRandom(t, g, 4, 200, 5); rate < 0.4 {
		t.Errorf("heuristic bot in seat 1 wins %.0f%% against three random bots; want well above 25%%", 100*rate)
	}
}
