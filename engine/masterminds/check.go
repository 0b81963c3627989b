package masterminds

import (
	"sort"

	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
)

var codeStepUnbeatable = codes.Error("HEIST_STEP_UNBEATABLE", "A heist step cannot be beaten even by the best possible team (activate_max of the strongest Talents, each with the best Gear for the skill and its active ability) with a rolled 6.")

var codeStepAlwaysPerfect = codes.Warning("HEIST_STEP_ALWAYS_PERFECT", "A heist step is already beaten by at least half the Talents on their own, without Gear or a die: a perfection nearly every time.")

var codeSkillNoTalent = codes.Error("SKILL_NO_TALENT", "A heist step or a Failure card names a skill that no Talent has above 0.")

// The engine's static checks, in the table cardpress rules lists.
var _ = kit.RegisterCheck(kit.Check{
	ID:     "masterminds-steps",
	Doc:    "Checks that every Masterminds heist step can be beaten by the best team and is not beaten by most Talents alone, and that every skill named has a Talent.",
	Engine: "masterminds",
	Codes:  []*finding.Code{codeStepUnbeatable, codeStepAlwaysPerfect, codeSkillNoTalent},
	Run:    kit.OfEngine((*Game).Check),
})

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
