package masterminds

import (
	"fmt"
	"strings"

	"cardpress/engine"
)

// CardRules generates card i's printed rules from the data the engine
// plays: abilities, effects with their pay-a-gem sections, Gear bonuses,
// Failure triggers, tests and consequences, and side A of a heist.
func (g *Game) CardRules(i int) []engine.RulesLine {
	c := &g.cards[i]
	line := func(text string) engine.RulesLine { return engine.RulesLine{Text: text} }
	switch c.typ {
	case typeMastermind:
		return []engine.RulesLine{line(fmt.Sprintf("Your gems are %s. At the end, roll a die: each %s gem is worth the roll.", c.color, c.color))}
	case typeCash:
		if !g.params.PayGemWithCash {
			return nil
		}
		return []engine.RulesLine{line("Pay a gem: flip this card instead of returning a gem to the bag.")}
	case typeTalent:
		if t := abilityText(c.ability); t != "" {
			return []engine.RulesLine{line(t)}
		}
		return nil
	case typePrep:
		var lines []engine.RulesLine
		if c.immediate {
			lines = append(lines, line("Play immediately when drawn."))
		}
		if c.kind == kindGear {
			lines = append(lines, line(gearText(c)+" for the Recruit it is placed on."))
		} else {
			lines = append(lines, line(effectText(c.effect)))
			if c.gemMode != 0 {
				lines = append(lines, line(gemText(c)))
			}
		}
		if c.oneUse {
			if c.kind == kindGear {
				lines = append(lines, line("One use: discard it after its Recruit is activated."))
			} else {
				lines = append(lines, line("One use."))
			}
		}
		return lines
	case typeHeist:
		return []engine.RulesLine{
			{Phase: "A", Text: stepText(c.steps[0])},
			line(fmt.Sprintf("TAKE %s.", plural(c.take, "gem", "gems"))),
		}
	case typeFailure:
		return []engine.RulesLine{
			line("Triggers: " + triggersText(c) + "."),
			line(g.testText(c) + "."),
			line("Failed: " + consequenceText(c.consequence) + "."),
		}
	}
	return nil
}

// BackRules is side B of a heist: steps B, C and D.
func (g *Game) BackRules(i int) []engine.RulesLine {
	c := &g.cards[i]
	if c.typ != typeHeist {
		return nil
	}
	var lines []engine.RulesLine
	for k := 1; k < stepsPerHeist; k++ {
		lines = append(lines, engine.RulesLine{Phase: string(rune('A' + k)), Text: stepText(c.steps[k])})
	}
	return lines
}

// CardFields gives the layout fields of card i: front, and side B of a
// heist as its own back.
func (g *Game) CardFields(i int) (front, back map[string]string) {
	c := &g.cards[i]
	front = map[string]string{"type": typeIDs[c.typ]}
	switch c.typ {
	case typeMastermind:
		front["color"] = capital(c.color)
	case typeTalent:
		var parts []string
		for sk := 0; sk < nSkills; sk++ {
			front[skillIDs[sk]] = fmt.Sprint(c.skills[sk])
			parts = append(parts, fmt.Sprintf("%s %d", skillNames[sk], c.skills[sk]))
		}
		front["skills"] = strings.Join(parts, " · ")
		front["ability"] = abilityText(c.ability)
	case typePrep:
		front["kind"] = capital(prepKinds[c.kind])
		var icons []string
		if c.immediate {
			icons = append(icons, "Play immediately")
		}
		if c.oneUse {
			icons = append(icons, "One use")
		}
		if c.gemMode != 0 {
			icons = append(icons, "Pay a gem")
		}
		front["icons"] = strings.Join(icons, " · ")
		if c.kind == kindGear {
			front["gear"] = gearText(c)
		} else {
			front["effect"] = effectText(c.effect)
			if c.gemMode != 0 {
				front["gem"] = gemText(c)
			}
		}
	case typeHeist:
		front["title"] = c.title
		front["side"] = "A"
		front["step"] = stepText(c.steps[0])
		front["step_a"] = stepText(c.steps[0])
		front["steps"] = "A  " + stepText(c.steps[0])
		front["take"] = fmt.Sprint(c.take)
		back = map[string]string{"type": "heist", "side": "B"}
		var steps []string
		for k := 1; k < stepsPerHeist; k++ {
			name := fmt.Sprintf("step_%c", 'a'+k)
			back[name] = stepText(c.steps[k])
			steps = append(steps, fmt.Sprintf("%c  %s", 'A'+k, stepText(c.steps[k])))
		}
		back["steps"] = strings.Join(steps, "\n")
	case typeFailure:
		front["triggers"] = triggersText(c)
		for a, area := range c.triggers {
			front[fmt.Sprintf("trigger_%d", a+1)] = skillList(area, " / ")
		}
		front["test"] = fmt.Sprintf("%s %d", skillNames[c.testSkill], c.testTarget)
		front["consequence"] = capital(consequenceText(c.consequence))
	}
	return front, back
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

func skillList(skills []int, sep string) string {
	var names []string
	for _, sk := range skills {
		names = append(names, skillNames[sk])
	}
	return strings.Join(names, sep)
}

// stepText is "Stealth 8" or "Muscle or Driving 10".
func stepText(st step) string {
	return fmt.Sprintf("%s %d", skillList(st.skills, " or "), st.target)
}

func triggersText(c *card) string {
	var areas []string
	for _, area := range c.triggers {
		areas = append(areas, skillList(area, ", "))
	}
	return strings.Join(areas, " | ")
}

func (g *Game) testText(c *card) string {
	how := fmt.Sprintf("%d or more", c.testTarget)
	if !g.testAtLeast {
		how = fmt.Sprintf("more than %d", c.testTarget)
	}
	return fmt.Sprintf("Test: %s + Gear + a die, %s", skillNames[c.testSkill], how)
}

func consequenceText(c consequence) string {
	switch c {
	case consRetire:
		return "the Recruit retires"
	case consLoseGear:
		return "the Recruit discards its Gear"
	case consLoseGem:
		return "return one of your gems to the bag"
	case consDiscardPrep:
		return "discard a Prep card"
	case consStayTapped:
		return "the Recruit stays turned through your next upkeep"
	}
	return ""
}

func abilityText(a ability) string {
	switch a.when {
	case whenRecruit:
		if a.drawPrep > 0 {
			return fmt.Sprintf("When recruited: draw %s.", plural(a.drawPrep, "Prep card", "Prep cards"))
		}
	case whenActive:
		if a.bonusAmount != 0 {
			return fmt.Sprintf("When activated: %s.", bonusText(a.bonusAmount, a.bonusSkill))
		}
	case whenAlways:
		if a.ignoreFailure {
			return "Never suffers a Failure consequence."
		}
	}
	return ""
}

// bonusText is "+1 Stealth" or "+1 to the step's skill".
func bonusText(n, sk int) string {
	if sk == skillAny {
		return fmt.Sprintf("%+d to the step's skill", n)
	}
	return fmt.Sprintf("%+d %s", n, skillNames[sk])
}

func gearText(c *card) string { return bonusText(c.gearAmt, c.gearSkill) }

func gemText(c *card) string {
	text := effectText(c.gemEffect)
	if text != "" && text[0] >= 'A' && text[0] <= 'Z' {
		text = strings.ToLower(text[:1]) + text[1:]
	}
	if c.gemMode == gemOr {
		return "OR pay a gem: " + text
	}
	return "AND pay a gem: " + text
}

func effectText(e effect) string {
	switch e.kind {
	case effDrawPrep:
		return fmt.Sprintf("Draw %s.", plural(e.n, "Prep card", "Prep cards"))
	case effGainGem:
		return fmt.Sprintf("Take %s from the bag.", plural(e.n, "gem", "gems"))
	case effRecruit:
		if e.n == 1 {
			return "Recruit a Talent from the Talent Pool (replace a Recruit if your team is full)."
		}
		return fmt.Sprintf("Recruit %d Talents from the Talent Pool (replace Recruits if your team is full).", e.n)
	case effUntap:
		return fmt.Sprintf("Un-turn %s.", plural(e.n, "of your turned Recruits", "of your turned Recruits"))
	case effDiscardGear:
		if e.n == 1 {
			return "Discard a Gear card of another player's Recruit."
		}
		return fmt.Sprintf("Discard %d Gear cards of other players' Recruits.", e.n)
	case effRollBonus:
		if e.target == targetOther {
			return fmt.Sprintf("%+d to another player's heist total.", e.n)
		}
		return fmt.Sprintf("%+d to your heist total.", e.n)
	case effReroll:
		switch e.target {
		case targetSelf:
			return "After your heist roll: roll the die again."
		case targetOther:
			return "After another player's heist roll: they roll the die again."
		}
		return "After a heist roll: the die is rolled again."
	}
	return ""
}
