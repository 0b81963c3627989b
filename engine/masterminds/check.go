package masterminds

import (
	"sort"

	"cardpress/finding"
)

// The codes of Masterminds' own checks of its data: Build's (each card
// has what its type needs, the box fits the player counts) and Check's
// (heist steps a team can and cannot beat). The codes several engines
// share are kit's; the loader's are gamedata's and schema's.
var (
	codeStepUnbeatable = finding.Declare(finding.Code{ID: "HEIST_STEP_UNBEATABLE", Severity: finding.Error, Scope: finding.Engine, Engine: "masterminds",
		Purpose: "A heist step cannot be beaten even by the best possible team (activate_max of the strongest Talents, each with the best Gear for the skill and its active ability) with a rolled 6."})
	codeStepAlwaysPerfect = finding.Declare(finding.Code{ID: "HEIST_STEP_ALWAYS_PERFECT", Severity: finding.Warning, Scope: finding.Engine, Engine: "masterminds",
		Purpose: "A heist step is already beaten by at least half the Talents on their own, without Gear or a die: a perfection nearly every time."})
	codeSkillNoTalent = finding.Declare(finding.Code{ID: "SKILL_NO_TALENT", Severity: finding.Error, Scope: finding.Engine, Engine: "masterminds",
		Purpose: "A heist step or a Failure card names a skill that no Talent has above 0."})
	codeUndefinedSkill = finding.Declare(finding.Code{ID: "UNDEFINED_SKILL", Severity: finding.Error, Scope: finding.Engine, Engine: "masterminds",
		Purpose: "A card names a skill that is not one of the game's skills."})
	codeEffectShape = finding.Declare(finding.Code{ID: "EFFECT_SHAPE", Severity: finding.Error, Scope: finding.Engine, Engine: "masterminds",
		Purpose: "An effect does not set exactly one thing."})
	codeEffectKind = finding.Declare(finding.Code{ID: "EFFECT_KIND", Severity: finding.Error, Scope: finding.Engine, Engine: "masterminds",
		Purpose: "A Prep card has an effect that does not belong to its kind (an Interrupt rolls or rerolls; the others do not)."})
	codeTooManyMasterminds = finding.Declare(finding.Code{ID: "TOO_MANY_MASTERMINDS", Severity: finding.Error, Scope: finding.Engine, Engine: "masterminds",
		Purpose: "There are more Mastermind colours than the engine plays."})
	codeTooFewMasterminds = finding.Declare(finding.Code{ID: "TOO_FEW_MASTERMINDS", Severity: finding.Error, Scope: finding.Engine, Engine: "masterminds",
		Purpose: "There is no Mastermind colour card for every seat of the largest player count."})
	codeTooManyImmediate = finding.Declare(finding.Code{ID: "TOO_MANY_IMMEDIATE", Severity: finding.Error, Scope: finding.Engine, Engine: "masterminds",
		Purpose: "There are more play-immediately Prep cards than the engine plays (one drawn while another resolves nests its effects)."})
	codeNoTalents = finding.Declare(finding.Code{ID: "NO_TALENTS", Severity: finding.Error, Scope: finding.Engine, Engine: "masterminds",
		Purpose: "The game has no Talent cards."})
	codeComponentRange = finding.Declare(finding.Code{ID: "COMPONENT_RANGE", Severity: finding.Error, Scope: finding.Engine, Engine: "masterminds",
		Purpose: "A kind of gem in game.yaml components numbers more than 255 (a player may hold them all)."})
	codeDuplicateColor = finding.Declare(finding.Code{ID: "DUPLICATE_COLOR", Severity: finding.Error, Scope: finding.Engine, Engine: "masterminds",
		Purpose: "Two Masterminds share a gem colour."})
	codeHeistDeckShort = finding.Declare(finding.Code{ID: "HEIST_DECK_SHORT", Severity: finding.Error, Scope: finding.Engine, Engine: "masterminds",
		Purpose: "The Heist deck cannot lay out heists_on_table at some player count."})
	codeCashShort = finding.Declare(finding.Code{ID: "CASH_SHORT", Severity: finding.Error, Scope: finding.Engine, Engine: "masterminds",
		Purpose: "There are too few Starter Cash cards for starter_cash at some player count."})
	codeUndefinedType = finding.Declare(finding.Code{ID: "UNDEFINED_TYPE", Severity: finding.Error, Scope: finding.Engine, Engine: "masterminds",
		Purpose: "A card's type is not one the game knows."})
	codeTypeDeckMismatch = finding.Declare(finding.Code{ID: "TYPE_DECK_MISMATCH", Severity: finding.Error, Scope: finding.Engine, Engine: "masterminds",
		Purpose: "A card is not in the deck of its type."})
	codeImmediateNotAction = finding.Declare(finding.Code{ID: "IMMEDIATE_NOT_ACTION", Severity: finding.Error, Scope: finding.Engine, Engine: "masterminds",
		Purpose: "A play-immediately card is not an Action card."})
	codeUndefinedConsequence = finding.Declare(finding.Code{ID: "UNDEFINED_CONSEQUENCE", Severity: finding.Error, Scope: finding.Engine, Engine: "masterminds",
		Purpose: "A Failure card's consequence is not one the engine knows."})
)

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
				out = append(out, codeStepAlwaysPerfect.At(c.pos,
					"step %c of heist %s (%s) is beaten by %d of %d Talents on their own, without Gear or a die: nearly always a perfection",
					'A'+k, c.id, stepText(st), alone, len(g.talents)))
			}
			for _, sk := range st.skills {
				beat = beat || best[sk]+6 > st.target
				if !hasSkill[sk] && reported&(1<<sk) == 0 {
					reported |= 1 << sk
					out = append(out, codeSkillNoTalent.At(c.pos,
						"heist %s names %s, which no Talent has above 0", c.id, skillNames[sk]))
				}
			}
			if !beat {
				out = append(out, codeStepUnbeatable.At(c.pos,
					"step %c of heist %s (%s) cannot be beaten: the best team of %d reaches %d, and a 6 makes %d, not above %d",
					'A'+k, c.id, stepText(st), g.teamSize(), g.bestOf(best, st), g.bestOf(best, st)+6, st.target))
			}
		}
	}
	for _, i := range g.failures {
		c := &g.cards[i]
		if !hasSkill[c.testSkill] {
			out = append(out, codeSkillNoTalent.At(c.pos,
				"Failure card %s tests %s, which no Talent has above 0", c.id, skillNames[c.testSkill]))
		}
		for sk := 0; sk < nSkills; sk++ {
			if c.triggerMask&(1<<sk) != 0 && !hasSkill[sk] {
				out = append(out, codeSkillNoTalent.At(c.pos,
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
