package masterminds

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/gamedata"
)

func TestPrintedTextComesFromTheData(t *testing.T) {
	g := fixture(t, nil)
	line := func(text string) engine.RulesLine { return engine.RulesLine{Text: text} }
	want := map[string][]engine.RulesLine{
		"sapphire": {line("Your gems are blue. At the end, roll a die: each blue gem is worth the roll.")},
		"cash":     {line("Pay a gem: flip this card instead of returning a gem to the bag.")},
		"ghost":    {line("When activated: +1 Stealth.")},
		"wheels":   {line("When activated: +1 to the step's skill.")},
		"face":     {line("When recruited: draw 1 Prep card.")},
		"brick":    {line("Never suffers a Failure consequence.")},
		"case":     {line("Draw 2 Prep cards."), line("AND pay a gem: draw 1 Prep card.")},
		"launder":  {line("Draw 1 Prep card."), line("OR pay a gem: take 2 gems from the bag.")},
		"windfall": {line("Play immediately when drawn."), line("Draw 2 Prep cards.")},
		"sabotage": {line("Discard a Gear card of another player's Recruit.")},
		"regroup":  {line("Un-turn 2 of your turned Recruits.")},
		"nitro":    {line("+3 Driving for the Recruit it is placed on."), line("One use: discard it after its Recruit is activated.")},
		"lucky":    {line("+2 to your heist total.")},
		"butter":   {line("-2 to another player's heist total.")},
		"again":    {line("After a heist roll: the die is rolled again.")},
		"museum":   {{Phase: "A", Text: "Stealth 6"}, line("TAKE 3 gems")},
		"alarm": {
			line("Triggers: Stealth, Tech or Driving"),
			line("Test: Driving + Gear + a die,\n8 or more."),
			line("Failed: the Recruit retires."),
		},
	}
	wantCardRules(t, g, want, []engine.RulesLine{{Phase: "B", Text: "Tech 7"}, {Phase: "C", Text: "Muscle or Driving 8"}, {Phase: "D", Text: "Charm 9"}})
	if g.BackRules(g.cardIndex(t, "ghost")) != nil {
		t.Error("only heists have their own back")
	}
	// The draft: a test must be beaten, and Starter Cash pays nothing.
	d := fixture(t, draft)
	if got := d.CardRules(d.cardIndex(t, "alarm"))[1].Text; got != "Test: Driving + Gear + a die,\nmore than 8." {
		t.Errorf("draft test text %q", got)
	}
	if d.CardRules(d.cardIndex(t, "cash")) != nil {
		t.Error("draft: Starter Cash has no rules")
	}
}

// The one-use icon only changes what Gear does (discarded after its
// Recruit's activation instead of staying): Actions and Interrupts are
// discarded once played anyway, so theirs is not printed.
func TestOneUsePrintedOnlyOnGear(t *testing.T) {
	cards := testCards + `
- {id: tip-off, name: Tip-off, deck: prep, type: prep, kind: interrupt, count: 1, one_use: true, effect: {roll_bonus: 3, target: self}}
- {id: bribe, name: Bribe, deck: prep, type: prep, kind: action, count: 1, one_use: true, effect: {draw_prep: 1}, gem: {mode: and, effect: {draw_prep: 1}}}
`
	g := fixtureWith(t, cards, nil)
	line := func(text string) engine.RulesLine { return engine.RulesLine{Text: text} }
	for id, want := range map[string]struct {
		rules []engine.RulesLine
		icons string
	}{
		"tip-off": {[]engine.RulesLine{line("+3 to your heist total.")}, ""},
		"bribe":   {[]engine.RulesLine{line("Draw 1 Prep card."), line("AND pay a gem: draw 1 Prep card.")}, "Pay a gem"},
		"nitro":   {[]engine.RulesLine{line("+3 Driving for the Recruit it is placed on."), line("One use: discard it after its Recruit is activated.")}, "One use"},
	} {
		i := g.cardIndex(t, id)
		if got := g.CardRules(i); !slices.Equal(got, want.rules) {
			t.Errorf("%s rules: %q\nwant %q", id, got, want.rules)
		}
		if front, _ := g.CardFields(i); front["icons"] != want.icons {
			t.Errorf("%s icons: %q, want %q", id, front["icons"], want.icons)
		}
	}
}

// The recruit effect's text follows replace_recruit.
func TestRecruitEffectTextFollowsReplaceRecruit(t *testing.T) {
	for value, want := range map[string]string{
		"when_full": "Recruit a Talent from the Talent Pool (replace a Recruit if your team is full).",
		"any_time":  "Recruit a Talent from the Talent Pool (you may replace a Recruit).",
	} {
		g := fixture(t, map[string]string{"replace_recruit": value})
		if got := g.CardRules(g.cardIndex(t, "favour")); !slices.Equal(got, []engine.RulesLine{{Text: want}}) {
			t.Errorf("%s: %q, want %q", value, got, want)
		}
	}
}

func TestCardFields(t *testing.T) {
	g := fixture(t, nil)
	cases := []struct {
		id          string
		front, back map[string]string
	}{
		{"ghost", map[string]string{"type": "talent", "stealth": "5", "tech": "2", "muscle": "0", "charm": "1", "driving": "1",
			"skills": "Stealth 5 • Tech 2 • Muscle 0 • Charm 1 • Driving 1", "ability": "When activated: +1 Stealth."}, nil},
		{"case", map[string]string{"type": "prep", "kind": "Action", "icons": "Pay a gem", "effect": "Draw 2 Prep cards.", "gem": "AND pay a gem: draw 1 Prep card."}, nil},
		{"nitro", map[string]string{"type": "prep", "kind": "Gear", "icons": "One use", "gear": "+3 Driving"}, nil},
		{"museum", map[string]string{"type": "heist", "title": "The Museum", "side": "A", "step": "Stealth 6", "step_a": "Stealth 6", "steps": "A  Stealth 6", "take": "3"},
			map[string]string{"type": "heist", "side": "B", "heading": "Side B", "step_b": "Tech 7", "step_c": "Muscle or Driving 8", "step_d": "Charm 9", "steps": "B  Tech 7\nC  Muscle or Driving 8\nD  Charm 9"}},
		{"alarm", map[string]string{"type": "failure", "triggers": "Stealth, Tech or Driving", "trigger_1": "Stealth / Tech", "trigger_2": "Driving", "test": "Driving 8", "consequence": "The Recruit retires"}, nil},
		{"ruby", map[string]string{"type": "mastermind", "color": "Red"}, nil},
	}
	for _, tc := range cases {
		front, back := g.CardFields(g.cardIndex(t, tc.id))
		if !maps.Equal(front, tc.front) || !maps.Equal(back, tc.back) {
			t.Errorf("%s: %q / %q\nwant %q / %q", tc.id, front, back, tc.front, tc.back)
		}
	}
	var _ engine.CardFaces = g
}

// withIcons declares icons for the skills and gems, as the shipped game
// does, so the printed text uses them instead of the words.
func withIcons(d *gamedata.Data) *gamedata.Data {
	for _, id := range []string{"stealth", "tech", "muscle", "charm", "driving", "gem", "gem-blue"} {
		d.Manifest.Icons = append(d.Manifest.Icons, gamedata.IconDecl{ID: id, Builtin: "gem"})
	}
	return d
}

func TestPrintedTextUsesTheGamesIcons(t *testing.T) {
	g := enginetest.MustBuild(t, Build, withIcons(fixtureData(t, testCards, nil)))
	line := func(text string) engine.RulesLine { return engine.RulesLine{Text: text} }
	want := map[string][]engine.RulesLine{
		"sapphire": {line("Your gems are blue\u00a0:gem-blue:. At the end, roll a die: each :gem-blue: is worth the roll.")},
		// No icon declared for green gems: the words.
		"emerald": {line("Your gems are green. At the end, roll a die: each green gem is worth the roll.")},
		"ghost":   {line("When activated: +1 :stealth:.")},
		"wheels":  {line("When activated: +1 to the step's skill.")},
		"nitro":   {line("+3 :driving: for the Recruit it is placed on."), line("One use: discard it after its Recruit is activated.")},
		"launder": {line("Draw 1 Prep card."), line("OR pay a gem: take 2\u00a0:gem: from the bag.")},
		"museum":  {{Phase: "A", Text: ":stealth:\u00a06"}, line("TAKE 3\u00a0:gem:")},
		"alarm": {
			line("Triggers: :stealth: :tech: :driving:"),
			line("Test: :driving: + Gear + a die,\n8 or more."),
			line("Failed: the Recruit retires."),
		},
	}
	wantCardRules(t, g, want, []engine.RulesLine{{Phase: "B", Text: ":tech:\u00a07"}, {Phase: "C", Text: ":muscle: or :driving:\u00a08"}, {Phase: "D", Text: ":charm:\u00a09"}})
}

// A Talent's skills print as one row of icon-and-number pairs, each pair
// without a space inside so a line never separates a number from its
// icon; without icons, as words joined by the list separator.
func TestTalentStatRow(t *testing.T) {
	front, _ := fixture(t, nil).CardFields(fixture(t, nil).cardIndex(t, "ghost"))
	if want := "Stealth 5" + gamedata.ListSep + "Tech 2" + gamedata.ListSep + "Muscle 0" + gamedata.ListSep + "Charm 1" + gamedata.ListSep + "Driving 1"; front["skills"] != want {
		t.Errorf("words: %q, want %q", front["skills"], want)
	}
	g := enginetest.MustBuild(t, Build, withIcons(fixtureData(t, testCards, nil)))
	front, _ = g.CardFields(g.cardIndex(t, "ghost"))
	if want := ":stealth:5 :tech:2 :muscle:0 :charm:1 :driving:1"; front["skills"] != want {
		t.Errorf("icons: %q, want %q", front["skills"], want)
	}
	if front["stealth"] != "5" || front["driving"] != "1" {
		t.Errorf("the single skill fields stay numbers: %q", front)
	}
	// One skill without an icon: the whole row in words, never a mix.
	d := withIcons(fixtureData(t, testCards, nil))
	d.Manifest.Icons = d.Manifest.Icons[1:]
	g = enginetest.MustBuild(t, Build, d)
	front, _ = g.CardFields(g.cardIndex(t, "ghost"))
	if !strings.HasPrefix(front["skills"], "Stealth 5"+gamedata.ListSep) {
		t.Errorf("partly declared icons: %q", front["skills"])
	}
	front, _ = g.CardFields(g.cardIndex(t, "alarm"))
	if front["triggers"] != "Stealth, :tech: or :driving:" {
		t.Errorf("partly declared trigger icons: %q", front["triggers"])
	}
}

// wantCardRules checks the rules each card in want prints, and the back
// of the museum heist (its sides B to D).
func wantCardRules(t *testing.T, g *Game, want map[string][]engine.RulesLine, museumBack []engine.RulesLine) {
	t.Helper()
	for id, lines := range want {
		if got := g.CardRules(g.cardIndex(t, id)); !slices.Equal(got, lines) {
			t.Errorf("%s: %q\nwant %q", id, got, lines)
		}
	}
	if back := g.BackRules(g.cardIndex(t, "museum")); !slices.Equal(back, museumBack) {
		t.Errorf("museum side B: %q", back)
	}
}
