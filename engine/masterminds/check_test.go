package masterminds

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
)

// basics are the Mastermind and Starter Cash cards every fixture needs.
var basics = strings.Join(strings.Split(strings.TrimSpace(testCards), "\n")[:6], "\n")

// got lists findings as CODE@line, sorted.
func got(fs []finding.Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%s@%d", f.Code, f.Line))
	}
	slices.Sort(out)
	return out
}

func TestStaticChecks(t *testing.T) {
	cards := basics + `
- {id: a, name: A, deck: talent, type: talent, skills: {stealth: 2, tech: 3, muscle: 1, charm: 1, driving: 0}}
- {id: b, name: B, deck: talent, type: talent, count: 2, skills: {stealth: 3, tech: 2, muscle: 2, charm: 1, driving: 0}, ability: {when: active, skill_bonus: {skill: tech, amount: 1}}}
- {id: picks, name: Picks, deck: prep, type: prep, kind: gear, gear: {skill: stealth, amount: 2}}
- {id: easy, name: Easy, deck: heist, type: heist, side_a: {step: {skills: [stealth], target: 1}, take: 2}, side_b: {steps: [{skills: [tech], target: 14}, {skills: [tech], target: 15}, {skills: [charm], target: 9}]}}
- {id: drive, name: Drive, deck: heist, type: heist, side_a: {step: {skills: [driving, muscle], target: 5}, take: 2}, side_b: {steps: [{skills: [muscle], target: 7}, {skills: [muscle], target: 8}, {skills: [stealth], target: 9}]}}
- {id: f, name: F, deck: failure, type: failure, triggers: [[driving], [tech]], test: {skill: driving, target: 5}, consequence: retire}
`
	g := fixtureWith(t, cards, map[string]string{"heists_on_table": "[{players: 2, heists: 1}, {players: 3, heists: 1}, {players: 4, heists: 1}, {players: 5, heists: 1}]"})
	// Line numbers: the fixture's cards start on line 2 of the snippet.
	want := []string{
		"HEIST_STEP_ALWAYS_PERFECT@10", // Easy A: Stealth 1, the weakest Stealth is 2
		"HEIST_STEP_UNBEATABLE@10",     // Easy C: Tech 15; best 3+3+3 (B's ability) + 6 = 15 is not above 15
		"HEIST_STEP_UNBEATABLE@10",     // Easy D: Charm 9; best 1+1+1 + 6 = 9 is not above 9
		"SKILL_NO_TALENT@11",           // Drive names Driving
		"SKILL_NO_TALENT@12",           // F tests Driving
		"SKILL_NO_TALENT@12",           // F triggers on Driving
	}
	if fs := got(g.Check()); !slices.Equal(fs, want) {
		t.Errorf("findings %v\nwant     %v", fs, want)
	}
	// With Charm 5 for step D only step C is out of reach; Tech 14 (9 + 6)
	// is beatable.
	g = fixtureWith(t, strings.Replace(cards, "target: 9}]}}\n- {id: drive", "target: 5}]}}\n- {id: drive", 1), map[string]string{"heists_on_table": "[{players: 2, heists: 1}, {players: 3, heists: 1}, {players: 4, heists: 1}, {players: 5, heists: 1}]"})
	var msgs []string
	for _, f := range g.Check() {
		if f.Code == "HEIST_STEP_UNBEATABLE" {
			msgs = append(msgs, f.Message)
		}
	}
	if len(msgs) != 1 || !strings.Contains(msgs[0], "step C") {
		t.Errorf("want step C (Tech 15) unbeatable, got %q", msgs)
	}
}

func TestStaticChecksFollowActivateMax(t *testing.T) {
	if fs := fixture(t, nil).Check(); len(fs) > 0 {
		t.Errorf("the fixture passes every check: %v", fs)
	}
	// One recruit per step: the Vault's Tech 11 needs more than the Geek
	// (5) with a Laptop (2) and a 6.
	cards := strings.Replace(testCards, "target: 10}, {skills: [tech], target: 11}", "target: 10}, {skills: [tech], target: 13}", 1)
	fs := fixtureWith(t, cards, map[string]string{"activate_max": "1"}).Check()
	if g := got(fs); !slices.Equal(g, []string{"HEIST_STEP_UNBEATABLE@33"}) {
		t.Errorf("activate_max 1: %v", g)
	}
}

// Build's own checks on data that skipped validation (the Go API): what
// the schema rules out is one CARD_INVALID guard at the value, never a
// schema code again; what the schema cannot say keeps its own code.
func TestBuildFindings(t *testing.T) {
	cards := basics + `
- {id: a, name: A, deck: talent, type: talent, skills: {stealth: 2, tech: 3, muscle: 1, charm: 1, hacking: 3}}
- {id: w, name: W, deck: prep, type: widget}
- {id: m, name: M, deck: talent, type: prep, kind: action, effect: {draw_prep: 1}}
- {id: r, name: R, deck: prep, type: prep, kind: action, effect: {roll_bonus: 1}}
- {id: i, name: I, deck: prep, type: prep, kind: interrupt, effect: {draw_prep: 1}}
- {id: s, name: S, deck: prep, type: prep, kind: action, effect: {discard_gear: 1, target: self}}
- {id: h, name: H, deck: heist, type: heist, side_a: {step: {skills: [flying], target: 5}, take: 2}, side_b: {steps: [{skills: [tech], target: 7}, {skills: [tech], target: 8}, {skills: [tech], target: 9}]}}
- {id: h2, name: H2, deck: heist, type: heist, side_a: {step: {skills: [tech], target: 5}, take: 2}, side_b: {steps: [{skills: [tech], target: 7}, {skills: [tech], target: 8}, {skills: [tech], target: 9}]}}
- {id: f, name: F, deck: failure, type: failure, triggers: [[tech]], test: {skill: tech, target: 5}, consequence: explode}
`
	_, fs := Build(fixtureData(t, cards, map[string]string{"heists_on_table": "[{players: 2, heists: 1}]"}))
	want := []string{
		"CARD_INVALID@10",      // roll_bonus on an Action
		"CARD_INVALID@11",      // draw_prep on an Interrupt
		"CARD_INVALID@13",      // flying
		"CARD_INVALID@15",      // consequence explode
		"CARD_INVALID@7",       // A has no driving value
		"CARD_INVALID@7",       // hacking
		"CARD_INVALID@8",       // widget
		"EFFECT_TARGET@12",     // discard_gear on yourself
		"PARAMETER_RANGE@10",   // no heists_on_table entry for 3, 4, 5 players
		"PARAMETER_RANGE@10",   //
		"PARAMETER_RANGE@10",   //
		"TYPE_DECK_MISMATCH@9", // a prep card in the talent deck
	}
	if g := got(fs); !slices.Equal(g, want) {
		t.Errorf("findings %v\nwant     %v", g, want)
	}
	for _, f := range fs {
		if strings.HasPrefix(f.Code, "SCHEMA") {
			t.Errorf("Build restates a schema finding: %v", f)
		}
		if strings.Contains(f.Message, "hacking") && f.Col < 10 {
			t.Errorf("an undefined skill is reported at its key, not the card: %v", f)
		}
	}
}

func TestBuildNeedsEveryParameterAndEnoughCards(t *testing.T) {
	d := fixtureData(t, testCards, nil)
	delete(d.Params, "hand_limit")
	if g, fs := Build(d); g != nil || !slices.Contains(got(fs), "UNDEFINED_PARAMETER@1") {
		t.Errorf("a missing parameter: %v", got(fs))
	}
	few := strings.Replace(testCards, "- {id: topaz, name: Topaz, deck: mastermind, type: mastermind, color: yellow}\n", "", 1)
	if g, fs := Build(fixtureData(t, few, nil)); g != nil || !slices.Contains(got(fs), "TOO_FEW_MASTERMINDS@0") {
		t.Errorf("4 Mastermind cards for 5 players: %v", got(fs))
	}
	if g, fs := Build(fixtureData(t, testCards, map[string]string{"starter_cash": "[{players: 5, cards: 3}]"})); g != nil || !slices.Contains(got(fs), "CASH_SHORT@25") {
		t.Errorf("15 Starter Cash cards from 10: %v", got(fs))
	}
}
