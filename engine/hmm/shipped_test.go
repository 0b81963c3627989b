package hmm

import (
	"strings"
	"testing"

	"cardpress/engine"
	"cardpress/engine/enginetest"
	"cardpress/gamedata"

	"go.yaml.in/yaml/v3"
)

func shippedData(t testing.TB) *gamedata.Game {
	t.Helper()
	return enginetest.ShippedData(t, "hmm", schemas, "")
}

func shipped(t testing.TB) *Game {
	t.Helper()
	g, bfs := Build(shippedData(t))
	if g == nil {
		t.Fatalf("cards/hmm does not build: %v", bfs)
	}
	return g
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
	for id, want := range map[string]string{
		"getaway-driver":   "Lowers any Heat gained on a Job by 1, to a minimum of 1.",
		"voodoo":           "Maneuver: Look at every face-down Complication of one Job. Do not reveal them. | Fee $300 for each Job helped or maneuver; unpaid: discard and gain 1 Heat.",
		"donovan-otoole":   "Gather Resources: draw 1 more from the deck.",
		"tight-quarters":   "When revealed, draw 1 more Complication face up. | Crew of at most 3.",
		"police-crackdown": "Play immediately when drawn. | Every crew gains 1 Heat.",
		"prestige":         "Worth 1 Prestige at the end. Spend as $500.",
	} {
		if got := text(id); got != want {
			t.Errorf("%s: %q, want %q", id, got, want)
		}
	}
	front, back := g.CardFields(g.cardID("mona-lisa"))
	if front["skills"] != "2 Stealth, 1 Tech" || front["complications"] != "Complications: 1 face up, 2 face down" || back != nil {
		t.Errorf("Mona Lisa fields %v %v", front, back)
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
		found = found || strings.Contains(l.Text, "discard up to 3 Heat")
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

func TestPlayersOutsideTheTableAreAnError(t *testing.T) {
	d := shippedData(t)
	setParams(t, d, map[string]string{"player_counts": "[{players: 2, goal: 15, jobs_each: 2}]"})
	if g, fs := Build(d); g != nil || len(fs) == 0 {
		t.Errorf("built without goals for 3-6 players: %v", fs)
	}
}

var _ engine.CardFaces = (*Game)(nil)

// setParams replaces parameter values of loaded data, keeping positions.
func setParams(t testing.TB, d *gamedata.Game, values map[string]string) {
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
		// Measured over 300 games: 70% at 2 players, 60% at 4, 63% at 6.
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
