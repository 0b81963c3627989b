package masterminds

import (
	"sort"

	"cardpress/finding"
)

// CheckCodes are the static checks of this engine, with what each means.
var CheckCodes = map[string]string{
	"HEIST_STEP_UNBEATABLE":     "Checks that every heist step can be beaten by the best possible team (activate_max of the strongest Talents, each with the best Gear for the skill and its active ability) with a rolled 6.",
	"HEIST_STEP_ALWAYS_PERFECT": "warning: Checks that no heist step is already beaten by at least half the Talents on their own, without Gear or a die (a perfection nearly every time).",
	"SKILL_NO_TALENT":           "Checks that every skill a heist step or a Failure card names is above 0 on some Talent.",
	"UNDEFINED_SKILL":           "Checks that every skill a card names is one of the game's skills.",
	"EFFECT_SHAPE":              "Checks that every effect sets exactly one thing.",
	"EFFECT_KIND":               "Checks that every Prep card's effects belong to its kind (an Interrupt rolls or rerolls).",
	"TOO_MANY_MASTERMINDS":      "Checks that the Mastermind colours fit the engine.",
	"TOO_FEW_MASTERMINDS":       "Checks that there is a Mastermind colour card for every seat of the largest player count.",
	"TOO_MANY_PLAYERS":          "Checks that the player range fits the engine.",
	"TOO_MANY_IMMEDIATE":        "Checks that the play-immediately Prep cards fit the engine (one drawn while another resolves nests its effects).",
	"NO_TALENTS":                "Checks that the game has Talent cards.",
	"TOO_MANY_CARDS":            "Checks that the game has at most 255 distinct cards and that each deck (and the Starter Cash) holds at most 256 cards and 255 copies of a card; reported at the count of the card that takes it past.",
	"CARD_FIELD_RANGE":          "Checks that every number on a card is within the range the engine plays (the bounds of cards.schema.json, checked again for data that did not come through validation).",
	"COMPONENT_RANGE":           "Checks that each kind of gem in game.yaml components numbers at most 255 (a player may hold them all).",
	"DUPLICATE_COLOR":           "Checks that every Mastermind has a gem colour of its own.",
	"HEIST_DECK_SHORT":          "Checks that the Heist deck can lay out heists_on_table at every player count.",
	"CASH_SHORT":                "Checks that there are enough Starter Cash cards for starter_cash at every player count.",
	"PARAMETER_RANGE":           "Checks that every rule parameter is within the range the engine plays (the bounds of params.schema.json, checked again for data that did not come through validation) and that heists_on_table has an entry for every player count.",
	"UNDEFINED_TYPE":            "Checks that every card's type is one the game knows.",
	"TYPE_DECK_MISMATCH":        "Checks that every card is in the deck of its type.",
	"IMMEDIATE_NOT_ACTION":      "Checks that only Action cards are play-immediately.",
	"UNDEFINED_CONSEQUENCE":     "Checks that every Failure card's consequence is one the engine knows.",
	"EFFECT_TARGET":             "Checks that every effect targets whom it can (discard_gear another player; the others yourself).",
}

// CheckCodes lists the codes above (engine.Documented).
func (g *Game) CheckCodes() map[string]string { return CheckCodes }

// Check runs the static checks on the data.
func (g *Game) Check() []finding.Finding {
	var out []finding.Finding
	best := g.bestTeam()
	var hasSkill [nSkills]bool
	for _, t := range g.talents {
		for sk, v := range g.cards[t].skills {
			hasSkill[sk] = hasSkill[sk] || v > 0
		}
	}
	for _, i := range g.heists {
		c := &g.cards[i]
		reported := uint8(0)
		for k, st := range c.steps {
			beat := false
			if alone := g.beatenAlone(st); 2*alone >= len(g.talents) && len(g.talents) > 0 {
				out = append(out, finding.Warn(c.pos, "HEIST_STEP_ALWAYS_PERFECT",
					"step %c of heist %s (%s) is beaten by %d of %d Talents on their own, without Gear or a die: nearly always a perfection",
					'A'+k, c.id, stepText(st), alone, len(g.talents)))
			}
			for _, sk := range st.skills {
				beat = beat || best[sk]+6 > st.target
				if !hasSkill[sk] && reported&(1<<sk) == 0 {
					reported |= 1 << sk
					out = append(out, finding.New(c.pos, "SKILL_NO_TALENT",
						"heist %s names %s, which no Talent has above 0", c.id, skillNames[sk]))
				}
			}
			if !beat {
				out = append(out, finding.New(c.pos, "HEIST_STEP_UNBEATABLE",
					"step %c of heist %s (%s) cannot be beaten: the best team of %d reaches %d, and a 6 makes %d, not above %d",
					'A'+k, c.id, stepText(st), g.teamSize(), g.bestOf(best, st), g.bestOf(best, st)+6, st.target))
			}
		}
	}
	for _, i := range g.failures {
		c := &g.cards[i]
		if !hasSkill[c.testSkill] {
			out = append(out, finding.New(c.pos, "SKILL_NO_TALENT",
				"Failure card %s tests %s, which no Talent has above 0", c.id, skillNames[c.testSkill]))
		}
		for sk := 0; sk < nSkills; sk++ {
			if c.triggerMask&(1<<sk) != 0 && !hasSkill[sk] {
				out = append(out, finding.New(c.pos, "SKILL_NO_TALENT",
					"Failure card %s triggers on %s, which no Talent has above 0", c.id, skillNames[sk]))
			}
		}
	}
	return out
}

// teamSize is how many recruits can act on one step.
func (g *Game) teamSize() int { return max(1, min(g.params.ActivateMax, g.params.TeamMax)) }

func (g *Game) bestOf(best [nSkills]int, st step) int {
	b := -1
	for _, sk := range st.skills {
		b = max(b, best[sk])
	}
	return b
}

// bestTeam is, per skill, the highest skill total a team can bring: the
// activate_max strongest Talents (copies counted), each with its active
// ability and the best Gear for that skill.
func (g *Game) bestTeam() [nSkills]int {
	var out [nSkills]int
	for sk := 0; sk < nSkills; sk++ {
		gear := 0
		for _, i := range g.preps {
			if c := &g.cards[i]; c.kind == kindGear {
				gear = max(gear, c.gearBonus(sk))
			}
		}
		var vals []int
		for _, i := range g.talents {
			c := &g.cards[i]
			for k := 0; k < c.copies; k++ {
				vals = append(vals, c.skills[sk]+c.activeBonus(sk)+gear)
			}
		}
		sort.Sort(sort.Reverse(sort.IntSlice(vals)))
		for k := 0; k < len(vals) && k < g.teamSize(); k++ {
			out[sk] += vals[k]
		}
	}
	return out
}

// beatenAlone counts the Talents whose own skill (the better of the step's
// skills) already beats the step's target.
func (g *Game) beatenAlone(st step) int {
	n := 0
	for _, t := range g.talents {
		for _, sk := range st.skills {
			if g.cards[t].skills[sk] > st.target {
				n++
				break
			}
		}
	}
	return n
}
