package mice

import (
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/gamedata"
)

// A success: helpers' bets go to the tester's stash; on success each
// helper moves up by their bet and the tester by the payout.
func TestSuccessPaysBetsAndPayout(t *testing.T) {
	g := fixture(t, testCards, nil)
	s := started(t, g, 3)
	engine.Apply(s, actFirst+0) // job A: a1, target 2
	engine.ApplyJoint(s, bets(s, 0, 2, 0))
	// The bet waits on the helper's chip: not the tester's to spend yet.
	if s.stash[0] != 3 || s.stash[1] != 1 || s.bets[1] != 2 {
		t.Fatalf("stashes %v bets %v", s.stash[:3], s.bets[:3])
	}
	drawChip(t, s, chipOf(t, s, 4, 2), 0)  // +4
	drawChip(t, s, chipOf(t, s, 1, -1), 1) // -1
	if s.ph != phActivate || s.rating() != 3 {
		t.Fatalf("phase %d rating %d", s.ph, s.rating())
	}
	engine.Apply(s, actStop)
	if s.stash[0] != 5 {
		t.Errorf("tester stash %d after the test, want 5 (3 + the bet of 2)", s.stash[0])
	}
	if s.tracks[0].Pos(0) != 3 || s.tracks[0].Pos(1) != 2 || s.tracks[0].Pos(2) != 0 {
		t.Errorf("track A: tester %d helper %d abstainer %d, want 3 2 0",
			s.tracks[0].Pos(0), s.tracks[0].Pos(1), s.tracks[0].Pos(2))
	}
	if s.top[0] != 1 || s.tester != 1 || s.ph != phSelect {
		t.Errorf("after the test: top %d tester %d phase %d", s.top[0], s.tester, s.ph)
	}
	if s.chips.Where(chipOf0(s, 4, 2)) != chipPlayArea {
		t.Error("the drawn chips did not go to the play area")
	}
}

func chipOf0(s *state, lo, hi int) int {
	for i := 0; i < s.chips.Len(); i++ {
		if a, b := s.chips.Sides(i); a == lo && b == hi {
			return i
		}
	}
	return -1
}

// A failure: helpers take one cheese from the supply, cheese goes onto the
// obstacle, the tester gains 1 contribution and may learn a skill; a
// non-Finale obstacle leaves anyway and its cheese returns.
func TestFailurePaysHelpersAndLearns(t *testing.T) {
	g := fixture(t, testCards, nil)
	s := started(t, g, 3)
	supply := s.supply
	engine.Apply(s, actFirst+0)
	engine.ApplyJoint(s, bets(s, 0, 1, 0))
	drawChip(t, s, chipOf(t, s, -2, -4), 0)
	drawChip(t, s, chipOf(t, s, -1, -2), 0)
	engine.Apply(s, actStop)
	if s.ph != phLearn {
		t.Fatalf("phase %d, want learn", s.ph)
	}
	if s.stash[1] != 3 { // 3 - 1 bet + 1 from the supply
		t.Errorf("helper stash %d, want 3", s.stash[1])
	}
	if s.tracks[0].Pos(0) != 1 || s.tracks[0].Pos(1) != 0 {
		t.Errorf("track A: tester %d helper %d, want 1 0", s.tracks[0].Pos(0), s.tracks[0].Pos(1))
	}
	learned := int(s.market[0])
	engine.Apply(s, actFirst+0)
	for s.ph == phDeal {
		engine.Apply(s, s.ChanceOutcomes(nil)[0].Action)
	}
	if s.nskill[0] != 4 || int(s.skill[0][3]) != learned || s.market[0] < 0 {
		t.Errorf("skills %d (last %d, want %d), market slot %d", s.nskill[0], s.skill[0][3], learned, s.market[0])
	}
	if s.top[0] != 1 || s.cheese[0] != 0 || s.supply != supply-1 {
		t.Errorf("top %d cheese on obstacle %d supply %d (want 1 0 %d)", s.top[0], s.cheese[0], s.supply, supply-1)
	}
	if err := s.CheckInvariants(); err != nil {
		t.Error(err)
	}
}

// A failed Finale stays with its cheese; beating it ends the game and the
// tester takes the cheese.
func TestFinaleStaysThenEndsTheGame(t *testing.T) {
	g := fixture(t, testCards, nil)
	s := started(t, g, 2)
	s.top[1] = 1 // B2, the Finale (target 6), on top
	engine.Apply(s, actFirst+1)
	engine.ApplyJoint(s, bets(s, 0, 0))
	drawChip(t, s, chipOf(t, s, -2, -4), 0)
	drawChip(t, s, chipOf(t, s, 1, -1), 0)
	engine.Apply(s, actStop)
	engine.Apply(s, actStop) // learn nothing
	if s.top[1] != 1 || s.cheese[1] != 1 || s.ph != phSelect {
		t.Fatalf("finale after a failure: top %d cheese %d phase %d", s.top[1], s.cheese[1], s.ph)
	}
	engine.Apply(s, actFirst+1) // seat 2 tests the Finale
	engine.ApplyJoint(s, bets(s, 0, 0))
	drawChip(t, s, chipOf(t, s, 4, 2), 0)
	drawChip(t, s, chipOf(t, s, 3, -3), 0)
	stash := s.stash[1]
	engine.Apply(s, actStop)
	if !s.IsTerminal() || s.EndCause() != "finale succeeded" {
		t.Fatalf("terminal %v cause %q", s.IsTerminal(), s.EndCause())
	}
	// Seat 2: B track first (12 food) + the Finale's cheese.
	if s.food[1] != 12 || s.stash[1] != stash+1 {
		t.Errorf("seat 2 food %d stash %d (want 12, %d)", s.food[1], s.stash[1], stash+1)
	}
}

// Skills: paying a cheese covers the skill; add, flip (the best chip), draw
// and an icon condition.
func TestSkillsModifyTheTest(t *testing.T) {
	g := fixture(t, testCards, nil)
	s := started(t, g, 2)
	engine.Apply(s, actFirst+0) // a1 shows a paw
	engine.ApplyJoint(s, bets(s, 0, 0))
	drawChip(t, s, chipOf(t, s, 4, 2), 1)  // +2
	drawChip(t, s, chipOf(t, s, 3, -3), 1) // -3
	flip, plus, more := g.cardIndex(t, "flip"), g.cardIndex(t, "plus"), g.cardIndex(t, "more")
	slot := func(c int) engine.Action {
		for i := 0; i < s.nskill[0]; i++ {
			if int(s.skill[0][i]) == c {
				return actFirst + engine.Action(i)
			}
		}
		t.Fatalf("no skill %d", c)
		return 0
	}
	engine.Apply(s, slot(flip)) // flips the purple chip: -3 -> +3 (gain 6 beats 2)
	if s.rating() != 5 || s.stash[0] != 2 || s.covered[0][slot(flip)-actFirst] == 0 {
		t.Fatalf("after flip: rating %d stash %d", s.rating(), s.stash[0])
	}
	engine.Apply(s, slot(plus))
	if s.rating() != 6 {
		t.Errorf("after +1: rating %d", s.rating())
	}
	engine.Apply(s, slot(more))
	drawChip(t, s, chipOf(t, s, 2, 1), 0)
	if s.rating() != 8 || s.stash[0] != 0 {
		t.Errorf("after draw: rating %d stash %d", s.rating(), s.stash[0])
	}
	for _, a := range s.LegalActions(0, nil) {
		if a != actStop {
			t.Errorf("no cheese left, yet %s is legal", s.ActionString(0, a))
		}
	}
	// The icon condition.
	paws := effect{kind: effAdd, amount: 2, icon: 0}
	if got := g.sentence(paws); got != "Add +2 to your test rating if the obstacle shows Paw." {
		t.Errorf("text %q", got)
	}
}

// Get Help: a bet takes cheese off covered skills first, then the stash;
// an abstainer uncovers one covered skill and takes its cheese.
func TestHelpFromCoveredSkillsAndAbstainers(t *testing.T) {
	g := fixture(t, testCards, nil)
	s := started(t, g, 3)
	s.covered[1][0], s.covered[1][1] = 1, 1
	s.stash[1] -= 2
	s.covered[2][0] = 1
	s.stash[2]--
	s.supply += 0
	engine.Apply(s, actFirst+0)
	if got := s.LegalActions(1, nil); len(got) != 4 { // 0..3: 1 in stash + 2 covered
		t.Fatalf("seat 2 may bet %v", got)
	}
	engine.ApplyJoint(s, bets(s, 0, 3, 0))
	if s.covered[1][0] != 0 || s.covered[1][1] != 0 || s.stash[1] != 0 || s.stash[0] != 3 || s.bets[1] != 3 {
		t.Errorf("helper: covered %v stash %d, tester %d", s.covered[1][:3], s.stash[1], s.stash[0])
	}
	if s.covered[2][0] != 0 || s.stash[2] != 3 {
		t.Errorf("abstainer: covered %v stash %d, want uncovered and 3", s.covered[2][0], s.stash[2])
	}
}

// Drawing from an empty bag refills it from the play area, keeping this
// test's chips out.
func TestEmptyBagRefillsFromPlayArea(t *testing.T) {
	g := fixture(t, testCards, nil)
	s := started(t, g, 2)
	for i := 0; i < s.chips.Len(); i++ {
		if i != 0 {
			s.chips.Draw(i, 0)
		}
	}
	s.chips.EndTest() // every chip but chip 0 is in the play area
	engine.Apply(s, actFirst+0)
	engine.ApplyJoint(s, bets(s, 0, 0))
	drawChip(t, s, 0, 0)
	if s.chips.InBag() != s.chips.Len()-1 || s.chips.Where(0) != chipDrawn {
		t.Errorf("after the refill: %d in bag, chip 0 at %d", s.chips.InBag(), s.chips.Where(0))
	}
}

// Learning at the skill limit returns a skill to the box first.
func TestSkillLimit(t *testing.T) {
	g := fixture(t, testCards, map[string]string{"skill_limit": "3"})
	s := started(t, g, 2)
	engine.Apply(s, actFirst+0)
	engine.ApplyJoint(s, bets(s, 0, 0))
	drawChip(t, s, chipOf(t, s, -2, -4), 0)
	drawChip(t, s, chipOf(t, s, -1, -2), 0)
	engine.Apply(s, actStop)
	engine.Apply(s, actFirst+1)
	if s.ph != phDiscard {
		t.Fatalf("phase %d, want discard", s.ph)
	}
	engine.Apply(s, actFirst+0)
	for s.ph == phDeal {
		engine.Apply(s, s.ChanceOutcomes(nil)[0].Action)
	}
	if s.nskill[0] != 3 {
		t.Errorf("%d skills, want 3", s.nskill[0])
	}
}

// End and payout: foods by track order, then one cheese each; food plus
// cheese wins, most cheese breaks a tie, then a shared victory.
func TestPayoutAndTies(t *testing.T) {
	g := fixture(t, testCards, nil)
	s := started(t, g, 5)
	for p, at := range []int{5, 9, 1, 7, 3} {
		s.tracks[0].Place(p, at)
	}
	s.stash = [engine.MaxPlayers]int{0, 0, 0, 0, 0}
	s.supply = 40 - 0
	s.endGame("test")
	want := []int{3, 12, 0, 6, 0} // 5th place (seat 3): cheese
	for p, w := range want {
		if s.food[p] != w {
			t.Errorf("seat %d food %d, want %d", p+1, s.food[p], w)
		}
	}
	if s.stash[2] != 1 || s.stash[4] != 1 {
		t.Errorf("after the food ran out: stashes %v", s.stash[:5])
	}
	if s.Won[1] != 1 {
		t.Errorf("returns %v", s.Won[:5])
	}

	// Tie on total: most cheese wins; then shared.
	s = started(t, g, 3)
	s.tracks[0].Place(0, 2)
	s.stash = [engine.MaxPlayers]int{0, 12, 12}
	s.tracks[1].Place(2, 4)
	s.endGame("test") // seat 1: 12 food; seat 2: 12 cheese; seat 3: 12 food + 12 cheese
	if s.Won[2] != 1 {
		t.Errorf("returns %v", s.Won[:3])
	}
	s = started(t, g, 2)
	s.stash = [engine.MaxPlayers]int{5, 5}
	s.endGame("test")
	if s.Won[0] != 0.5 || s.Won[1] != 0.5 {
		t.Errorf("a full tie: returns %v", s.Won[:2])
	}
	s = started(t, g, 2)
	s.tracks[0].Place(0, 1)
	s.stash = [engine.MaxPlayers]int{0, 15}
	s.tracks[1].Place(1, 1) // seat 2: 12 food + 15; seat 1: 12 food + 0
	s.endGame("test")
	if s.Won[1] != 1 {
		t.Errorf("returns %v", s.Won[:2])
	}
}

func TestCheeseShortageIsCounted(t *testing.T) {
	g := fixture(t, testCards, nil)
	s := started(t, g, 2)
	tally := engine.NewTally(g.Info())
	s.Tally = tally
	s.supply = 0
	s.stash[0] += 40 - s.stash[0] - s.stash[1]
	if got := s.takeSupply(2); got != 0 || tally.Counters[cntCheeseShort] != 2 {
		t.Errorf("took %d, counted %d", got, tally.Counters[cntCheeseShort])
	}
	if err := s.CheckInvariants(); err != nil {
		t.Error(err)
	}
}

func TestCardTextsComeFromEffects(t *testing.T) {
	g := fixture(t, testCards, nil)
	got := g.CardRules(g.cardIndex(t, "more"))[0].Text
	if !strings.Contains(got, "Draw another chip.") || !strings.HasPrefix(got, "Pay 1 cheese") {
		t.Errorf("text %q", got)
	}
	front, _ := g.CardFields(g.cardIndex(t, "a2"))
	if front["job"] != "A2" || front["target"] != "5" || front["finale"] != "FINALE" || front["icons"] != "Leg" {
		t.Errorf("obstacle fields %v", front)
	}
}

// The reminder card is one line per step, its number as the line's phase
// (a badge, or a bold "3:"), not one run-on line.
func TestReminderIsOneLinePerStep(t *testing.T) {
	g := fixture(t, testCards, nil)
	got := g.CardRules(g.cardIndex(t, "reminder"))
	want := []engine.RulesLine{{Phase: "1", Text: "Select obstacle"}, {Phase: "2", Text: "Get help"},
		{Phase: "3", Text: "Draw 2 chips"}, {Phase: "4", Text: "Activate skills"}, {Phase: "5", Text: "Calculate"},
		{Phase: "6", Text: "Resolve"}, {Phase: "7", Text: "Advance obstacle"}, {Phase: "8", Text: "Cleanup"}}
	if !slices.Equal(got, want) {
		t.Errorf("reminder %q\nwant %q", got, want)
	}
}

// With icons declared for cheese and the obstacle icons, the texts use
// them; an obstacle's icons are one row with no separator.
func TestTextsUseTheGamesIcons(t *testing.T) {
	d := fixtureData(t, testCards, nil)
	for _, id := range []string{"cheese", "paw", "leg", "mouth"} {
		d.Manifest.Icons = append(d.Manifest.Icons, gamedata.IconDecl{ID: id, Builtin: "paw"})
	}
	g := enginetest.MustBuild(t, Build, d)
	if got := g.CardRules(g.cardIndex(t, "paws"))[0].Text; got != "Pay 1\u00a0:cheese: onto this skill to activate it. Add +2 to your test rating if the obstacle shows :paw:." {
		t.Errorf("skill text %q", got)
	}
	two := strings.Replace(testCards, "payout: 3, icons: [paw]", "payout: 3, icons: [paw, mouth]", 1)
	w := fixture(t, two, nil)
	if front, _ := w.CardFields(w.cardIndex(t, "a1")); front["icons"] != "Paw"+gamedata.ListSep+"Mouth" {
		t.Errorf("icons in words %q", front["icons"])
	}
	d = fixtureData(t, two, nil)
	d.Manifest.Icons = g.data.Manifest.Icons
	g = enginetest.MustBuild(t, Build, d)
	if front, _ := g.CardFields(g.cardIndex(t, "a1")); front["icons"] != ":paw: :mouth:" {
		t.Errorf("icon row %q", front["icons"])
	}
}
