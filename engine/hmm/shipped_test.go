package hmm

import (
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/gamedata"

	"go.yaml.in/yaml/v3"
)

// shippedData is the data of cards/hmm, for tests that change it.
func shippedData(t testing.TB) *gamedata.Data {
	t.Helper()
	return enginetest.ShippedData(t, "hmm", schemas, "")
}

// shipped is the game of cards/hmm, the data the binary ships.
func shipped(t testing.TB) *Game {
	t.Helper()
	return enginetest.Shipped(t, "hmm", schemas, "", Build)
}

func (g *Game) cardID(id string) int {
	for i, c := range g.cards {
		if c.id == id {
			return i
		}
	}
	return -1
}

func TestShippedData(t *testing.T) {
	g := shipped(t)
	count := map[cardKind]int{}
	for _, c := range g.cards {
		count[c.kind] += c.copies
	}
	want := map[cardKind]int{kindMastermind: 6, kindPrestige: 10, kindGear: 12, kindCrew: 20, kindMercenary: 7,
		kindEvent: 12, kindImmediate: 5, kindJob: 20, kindComplication: 27, kindReference: 6}
	for k, n := range want {
		if count[k] != n {
			t.Errorf("%s: %d cards, want %d", kindLabel[k], count[k], n)
		}
	}
	for _, id := range []string{"donovan-otoole", "the-fox", "getaway-driver", "hacker", "pickpocket", "demolition-charges",
		"voodoo", "mona-lisa", "rivals-stash", "laser-grid", "timelock-vault", "tight-quarters", "security-cameras"} {
		if g.cardID(id) < 0 {
			t.Errorf("card %s missing", id)
		}
	}
	for _, c := range g.cards {
		if c.kind == kindPrestige && c.cost != 500 {
			t.Errorf("%s: Prestige is worth $500 as cash, not $%d", c.id, c.cost)
		}
	}
	if !g.cards[g.cardID("rivals-stash")].job.RivalStash || !g.cards[g.cardID("demolition-charges")].demolition {
		t.Error("Rival's Stash or Demolition lost its special")
	}
}

func TestGeneratedTexts(t *testing.T) {
	g := shipped(t)
	text := func(id string) string {
		var parts []string
		for _, l := range g.CardRules(g.cardID(id)) {
			parts = append(parts, l.Text)
		}
		return strings.Join(parts, " | ")
	}
	// The shipped game declares icons for its terms: amounts are a number
	// and the icon, kept together by a no-break space.
	for id, want := range map[string]string{
		"getaway-driver":   "Lowers any :heat: gained on a Job by 1, to a minimum of 1.",
		"voodoo":           "Maneuver: Look at every face-down Complication of one Job. Do not reveal them. | Fee $300 for each Job helped or maneuver; can't or won't pay: discard and gain 1\u00a0:heat:.",
		"donovan-otoole":   "Gather Resources: draw 1 more from the deck.",
		"the-fox":          "Lay Low: discard 1 more\u00a0:heat:.",
		"tight-quarters":   "When revealed, draw 1 more Complication face up. | Crew of at most 3.",
		"timelock-vault":   "Adds 2:tech: to the Job's difficulty. | Completing the Job gains 1\u00a0:prestige:.",
		"police-crackdown": "Play immediately when drawn. | Every crew gains 1\u00a0:heat:.",
		"tight-deadline":   "Play immediately when drawn. | Remove 1\u00a0:time: from every Job.",
		"prestige":         "Worth 1\u00a0:prestige: at the end. Spend as $500.",
		"lockpicks":        "Carried by one crew member, one Gear each.",
	} {
		if got := text(id); got != want {
			t.Errorf("%s: %q, want %q", id, got, want)
		}
	}
	front, back := g.CardFields(g.cardID("mona-lisa"))
	if front["skills"] != "2:stealth: 1:tech:" || front["complications"] != "Complications: 1 face up, 2 face down" ||
		front["reward"] != "Reward: 4\u00a0:prestige:"+gamedata.ListSep+"2\u00a0:resource:" || back != nil {
		t.Errorf("Mona Lisa fields %q %q", front, back)
	}
	if front, _ := g.CardFields(g.cardID("bank-vault")); front["reward"] != "Reward: 4\u00a0:prestige:"+gamedata.ListSep+"3\u00a0:resource:\nand the crew gains 1\u00a0:heat:" {
		t.Errorf("Bank Vault reward %q", front["reward"])
	}
	if front, _ := g.CardFields(g.cardID("prestige")); front["skills"] != "1\u00a0:prestige:" {
		t.Errorf("a Prestige card shows its worth in the skills row: %q", front["skills"])
	}
	ref := g.cardID("reference-card")
	if _, back := g.CardFields(ref); back == nil || len(g.BackRules(ref)) == 0 {
		t.Error("the reference card is not two-sided")
	}
}

// A parameter change reaches both the engine and the printed texts.
func TestParametersReachEngineAndSheet(t *testing.T) {
	d := shippedData(t)
	setParams(t, d, map[string]string{
		"player_counts":    "[{players: 2, goal: 9, jobs_each: 2}, {players: 3, goal: 12, jobs_each: 1}, {players: 4, goal: 12, jobs_each: 1}, {players: 5, goal: 11, jobs_each: 1}, {players: 6, goal: 11, jobs_each: 1}]",
		"lay_low":          "3",
		"final_round":      "finish_round",
		"actions_per_turn": "3",
	})
	g, fs := Build(d)
	if g == nil {
		t.Fatal(fs)
	}
	if g.params.row(2).Goal != 9 || !strings.Contains(g.Facts()["goals"].(string), "2 players: 9") {
		t.Errorf("goal: %+v %v", g.params.row(2), g.Facts()["goals"])
	}
	found := false
	for _, l := range g.CardRules(g.cardID("reference-card")) {
		found = found || l.Phase == "Lay Low" && strings.Contains(l.Text, "discard up to 3\u00a0:heat:")
	}
	if !found {
		t.Error("the reference card does not follow lay_low")
	}
	summary := false
	for _, l := range g.CardRules(g.cardID("reference-card")) {
		summary = summary || strings.Contains(l.Text, "Do any three different actions")
	}
	if !summary || g.Facts()["actions_in_words"] != "three" {
		t.Errorf("actions_per_turn does not reach the reference card and the sheet: %v", g.Facts()["actions_in_words"])
	}
	end := false
	for _, l := range g.BackRules(g.cardID("reference-card")) {
		end = end || strings.Contains(l.Text, "finish it, so everyone has had as many turns")
	}
	if !end || g.params.FinalRound != finalFinishRound || !strings.Contains(g.Facts()["final_round"].(string), "finish it") {
		t.Errorf("final_round does not reach the engine, the sheet and the reference card: %q, %v", g.params.FinalRound, g.Facts()["final_round"])
	}
}

// goal_check and fee_refusable reach the engine, the sheet, the reference
// card and the Mercenaries' text, both ways.
func TestGoalCheckAndFeeRefusableReachTheTexts(t *testing.T) {
	for _, tc := range []struct {
		goal, fee            string
		goalText, feeText    string
		mercenary, cardGoals string
	}{
		{"action", "true", "the moment your collection reaches it", "if you can't or won't", "can't or won't pay: discard", "the moment your collection reaches it"},
		{"turn_end", "false", "at the end of your turn", "if you can; if you can't", "paid if you can; unpaid: discard", "at the end of your turn"},
	} {
		d := shippedData(t)
		setParams(t, d, map[string]string{"goal_check": tc.goal, "fee_refusable": tc.fee})
		g, fs := Build(d)
		if g == nil {
			t.Fatal(fs)
		}
		if g.params.GoalCheck != tc.goal || g.params.FeeRefusable != (tc.fee == "true") {
			t.Errorf("parameters %q %v, want %s %s", g.params.GoalCheck, g.params.FeeRefusable, tc.goal, tc.fee)
		}
		if f := g.Facts(); !strings.Contains(f["goal_when"].(string), tc.goalText) || !strings.Contains(f["fee_rule"].(string), tc.feeText) {
			t.Errorf("%s/%s: sheet facts %q, %q", tc.goal, tc.fee, f["goal_when"], f["fee_rule"])
		}
		back := ""
		for _, l := range g.BackRules(g.cardID("reference-card")) {
			back += l.Text
		}
		if !strings.Contains(back, tc.cardGoals) {
			t.Errorf("%s: the reference card says %q", tc.goal, back)
		}
		if lines := g.CardRules(g.cardID("voodoo")); !strings.Contains(lines[len(lines)-1].Text, tc.mercenary) {
			t.Errorf("fee_refusable %s: VOODOO says %q", tc.fee, lines[len(lines)-1].Text)
		}
	}
}

func TestPlayersOutsideTheTableAreAnError(t *testing.T) {
	d := shippedData(t)
	setParams(t, d, map[string]string{"player_counts": "[{players: 2, goal: 15, jobs_each: 2}]"})
	if g, fs := Build(d); g != nil || len(fs) == 0 {
		t.Errorf("built without goals for 3-6 players: %v", fs)
	}
}

var _ engine.CardFaces = (*Game)(nil)

// setParams replaces parameter values of loaded data, keeping positions.
func setParams(t testing.TB, d *gamedata.Data, values map[string]string) {
	t.Helper()
	for name, v := range values {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(v), &doc); err != nil {
			t.Fatal(err)
		}
		prm := d.Params[name]
		prm.Node = doc.Content[0]
		d.Params[name] = prm
	}
}

func TestHeuristicBeatsRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("heuristic games are slow")
	}
	g := shipped(t)
	for _, players := range []int{2, 4, 6} {
		fair := 1 / float64(players)
		// Measured over 1,000 games with bots that see only their own hands
		// (RULES.md, Bots and balance): 61% at 2 players, 45% at 4, 39% at 6.
		if rate := enginetest.HeuristicVsRandom(t, g, players, 60, 5); rate < fair+0.12 {
			t.Errorf("%d players: heuristic bot in seat 1 wins %.0f%% against random bots; want well above %.0f%%", players, 100*rate, 100*fair)
		}
	}
	// Heuristic bots among themselves reach the goal: they spend their
	// cards rather than hoard the deck dry.
	sum := engine.Run(g, engine.RunConfig{Players: 4, Games: 30, Seed: 5, Bots: []string{"heuristic"}, CheckInvariants: true})
	if sum.EndCauses["goal reached"] < sum.Games*3/4 {
		t.Errorf("heuristic bots reached the goal in %d of %d games (end causes %v)", sum.EndCauses["goal reached"], sum.Games, sum.EndCauses)
	}
}

// withoutIcons is the shipped data with no icons declared.
func withoutIcons(t *testing.T) *Game {
	d := shippedData(t)
	d.Manifest.Icons = nil
	g, fs := Build(d)
	if g == nil {
		t.Fatal(fs)
	}
	return g
}

// A game that declares no icons prints the words; a skill row is then
// counts and names.
func TestTextsInWordsWithoutIcons(t *testing.T) {
	g := withoutIcons(t)
	for id, want := range map[string]string{
		"voodoo":         "Fee $300 for each Job helped or maneuver; can't or won't pay: discard and gain 1 Heat.",
		"the-fox":        "Lay Low: discard 1 more Heat.",
		"timelock-vault": "Completing the Job gains 1 Prestige token.",
		"prestige":       "Worth 1 Prestige at the end. Spend as $500.",
		"tight-deadline": "Remove 1 Time token from every Job.",
	} {
		lines := g.CardRules(g.cardID(id))
		if got := lines[len(lines)-1].Text; got != want {
			t.Errorf("%s: %q, want %q", id, got, want)
		}
	}
	front, _ := g.CardFields(g.cardID("gold-reserve"))
	if front["skills"] != "2 Force, 1 Stealth, 2 Tech" || front["reward"] != "Reward: 5 Prestige"+gamedata.ListSep+"3 Resource cards\nand the crew gains 1 Heat" {
		t.Errorf("Gold Reserve in words: %q", front)
	}
	for _, l := range append(g.CardRules(g.cardID("reference-card")), g.BackRules(g.cardID("reference-card"))...) {
		if strings.Contains(l.Text, ":heat:") || strings.Contains(l.Text, ":time:") {
			t.Errorf("an icon the game does not declare: %q", l.Text)
		}
	}
}

// Skill rows: counts and icons in the book's order (Force, Stealth, Tech),
// each count glued to its icon, nothing for no icons.
func TestSkillRows(t *testing.T) {
	g := shipped(t)
	for _, c := range []struct {
		ic   Icons
		want string
	}{
		{Icons{Force: 2, Stealth: 1}, "2:force: 1:stealth:"},
		{Icons{Tech: 3}, "3:tech:"},
		{Icons{Force: 1, Stealth: 1, Tech: 1}, "1:force: 1:stealth: 1:tech:"},
		{Icons{}, ""},
	} {
		if got := g.skillRow(c.ic); got != c.want {
			t.Errorf("%v: %q, want %q", c.ic, got, c.want)
		}
	}
	// The reference card labels its lines: bold in a layout without badges.
	var labels []string
	for _, l := range g.CardRules(g.cardID("reference-card")) {
		labels = append(labels, l.Phase)
	}
	if strings.Join(labels, ",") != ",Gather Resources,Hire Up,Legwork,Lay Low,Heist," {
		t.Errorf("action summary labels %q", labels)
	}
}
