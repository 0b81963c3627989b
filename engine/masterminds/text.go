package masterminds

import (
	"fmt"
	"strings"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/gamedata"
)

// CardRules generates card i's printed rules from the data the engine
// plays: abilities, effects with their pay-a-gem sections, Gear bonuses,
// Failure triggers, tests and consequences, and side A of a heist.
func (g *Game) CardRules(i int) []engine.RulesLine {
	c := &g.cards[i]
	line := func(text string) engine.RulesLine { return engine.RulesLine{Text: text} }
	switch c.typ {
	case typeMastermind:
		if gem := "gem-" + c.color; g.data.HasIcon(gem) {
			return []engine.RulesLine{line(fmt.Sprintf("Your gems are %s%s:%s:. At the end, roll a die: each :%s: is worth the roll.", c.color, gamedata.NoBreak, gem, gem))}
		}
		return []engine.RulesLine{line(fmt.Sprintf("Your gems are %s. At the end, roll a die: each %s gem is worth the roll.", c.color, c.color))}
	case typeCash:
		if !g.params.PayGemWithCash {
			return nil
		}
		return []engine.RulesLine{line("Pay a gem: flip this card instead of returning a gem to the bag.")}
	case typeTalent:
		if t := g.abilityText(c.ability); t != "" {
			return []engine.RulesLine{line(t)}
		}
		return nil
	case typePrep:
		var lines []engine.RulesLine
		if c.immediate {
			lines = append(lines, line("Play immediately when drawn."))
		}
		if c.kind == kindGear {
			lines = append(lines, line(g.gearText(c)+" for the Recruit it is placed on."))
		} else {
			lines = append(lines, line(g.effectText(c.effect)))
			if c.gemMode != 0 {
				lines = append(lines, line(g.gemText(c)))
			}
		}
		if c.oneUseMatters() {
			lines = append(lines, line("One use: discard it after its Recruit is activated."))
		}
		return lines
	case typeHeist:
		return []engine.RulesLine{
			{Phase: "A", Text: g.printedStep(c.steps[0])},
			line("TAKE " + g.gems(c.take)),
		}
	case typeFailure:
		return []engine.RulesLine{
			line("Triggers: " + g.triggersText(c)),
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
		lines = append(lines, engine.RulesLine{Phase: string(rune('A' + k)), Text: g.printedStep(c.steps[k])})
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
		for sk := 0; sk < nSkills; sk++ {
			front[skillIDs[sk]] = fmt.Sprint(c.skills[sk])
		}
		front["skills"] = g.statRow(c.skills)
		front["ability"] = g.abilityText(c.ability)
	case typePrep:
		front["kind"] = capital(prepKinds[c.kind])
		var icons []string
		if c.immediate {
			icons = append(icons, "Play immediately")
		}
		if c.oneUseMatters() {
			icons = append(icons, "One use")
		}
		if c.gemMode != 0 {
			pay := "Pay a gem"
			if g.data.HasIcon(iconGem) {
				pay = ":" + iconGem + ":" + gamedata.NoBreak + pay
			}
			icons = append(icons, pay)
		}
		front["icons"] = gamedata.JoinList(icons)
		if c.kind == kindGear {
			front["gear"] = g.gearText(c)
		} else {
			front["effect"] = g.effectText(c.effect)
			if c.gemMode != 0 {
				front["gem"] = g.gemText(c)
			}
		}
	case typeHeist:
		front["title"] = c.title
		front["side"] = "A"
		front["step"] = g.printedStep(c.steps[0])
		front["step_a"] = front["step"]
		front["steps"] = "A  " + front["step"]
		front["take"] = fmt.Sprint(c.take)
		back = map[string]string{"type": "heist", "side": "B", "heading": "Side B"}
		var steps []string
		for k := 1; k < stepsPerHeist; k++ {
			name := fmt.Sprintf("step_%c", 'a'+k)
			back[name] = g.printedStep(c.steps[k])
			steps = append(steps, fmt.Sprintf("%c  %s", 'A'+k, back[name]))
		}
		back["steps"] = strings.Join(steps, "\n")
	case typeFailure:
		front["triggers"] = g.triggersText(c)
		for a, area := range c.triggers {
			front[fmt.Sprintf("trigger_%d", a+1)] = g.skillList(area, " / ")
		}
		front["test"] = fmt.Sprintf("%s %d", g.skill(c.testSkill), c.testTarget)
		front["consequence"] = capital(consequenceText(c.consequence))
	}
	return front, back
}

// oneUseMatters is whether the one-use icon changes what the card does: only
// Gear, which otherwise stays on its Recruit. Actions and Interrupts are
// discarded once they resolve whatever their icons, so the icon means
// nothing on them and is not printed.
func (c *card) oneUseMatters() bool { return c.oneUse && c.kind == kindGear }

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

// iconGem is the icon the shipped game declares for a gem; each colour's
// gems have their own, "gem-" and the colour ("gem-blue").
const iconGem = "gem"

// skill is skill sk as printed: the game's icon for it (its id, as in
// ":stealth:") when the game declares one, else its name.
func (g *Game) skill(sk int) string {
	if sk >= 0 && sk < nSkills {
		return g.data.IconOr(skillIDs[sk], skillNames[sk])
	}
	return skillNames[skillAny]
}

func (g *Game) skillList(skills []int, sep string) string {
	var names []string
	for _, sk := range skills {
		names = append(names, g.skill(sk))
	}
	return strings.Join(names, sep)
}

// gems is n gems as printed: "4 :gem:" with the game's gem icon, else
// "4 gems".
func (g *Game) gems(n int) string {
	if g.data.HasIcon(iconGem) {
		return gamedata.IconAmount(n, iconGem)
	}
	return plural(n, "gem", "gems")
}

// stepText is "Stealth 8" or "Muscle or Driving 10", in words, for lint
// messages.
func stepText(st step) string {
	var names []string
	for _, sk := range st.skills {
		names = append(names, skillNames[sk])
	}
	return fmt.Sprintf("%s %d", strings.Join(names, " or "), st.target)
}

// printedStep is a heist step as the card prints it: ":stealth: 8" with
// the game's skill icons (the number kept on the line of its icon), else
// like stepText.
func (g *Game) printedStep(st step) string {
	sep := " "
	if n := len(st.skills); n > 0 && st.skills[n-1] < nSkills && g.data.HasIcon(skillIDs[st.skills[n-1]]) {
		sep = gamedata.NoBreak
	}
	return fmt.Sprintf("%s%s%d", g.skillList(st.skills, " or "), sep, st.target)
}

// statRow is a Talent's five skills as one row: ":stealth:5 :tech:3 ..."
// with the game's skill icons (no space inside a pair, so each number
// stays with its icon), else "Stealth 5 • Tech 3 • ...".
func (g *Game) statRow(skills [nSkills]int) string {
	icons := true
	for sk := 0; sk < nSkills; sk++ {
		icons = icons && g.data.HasIcon(skillIDs[sk])
	}
	parts := make([]string, nSkills)
	for sk := range parts {
		if icons {
			parts[sk] = fmt.Sprintf(":%s:%d", skillIDs[sk], skills[sk])
		} else {
			parts[sk] = fmt.Sprintf("%s %d", skillNames[sk], skills[sk])
		}
	}
	if icons {
		return strings.Join(parts, " ")
	}
	return gamedata.JoinList(parts)
}

// triggersText lists the skills that trigger a Failure card. The card has
// two trigger areas, but a failure triggers when the step's skill is in
// either, so the card prints them as one list: ":stealth: :tech: :driving:"
// with icons, else "Stealth, Tech or Driving".
func (g *Game) triggersText(c *card) string {
	var skills []int
	seen := map[int]bool{}
	for _, area := range c.triggers {
		for _, sk := range area {
			if !seen[sk] {
				seen[sk] = true
				skills = append(skills, sk)
			}
		}
	}
	names := make([]string, len(skills))
	icons := true
	for i, sk := range skills {
		names[i] = g.skill(sk)
		icons = icons && sk < nSkills && g.data.HasIcon(skillIDs[sk])
	}
	if icons || len(names) < 2 {
		return strings.Join(names, " ")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

func (g *Game) testText(c *card) string {
	how := fmt.Sprintf("%d or more", c.testTarget)
	if !g.testAtLeast {
		how = fmt.Sprintf("more than %d", c.testTarget)
	}
	// The line breaks before the target, so a narrow card never splits
	// "8 or more" over two lines.
	return fmt.Sprintf("Test: %s + Gear + a die,\n%s", g.skill(c.testSkill), how)
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

func (g *Game) abilityText(a ability) string {
	switch a.when {
	case whenRecruit:
		if a.drawPrep > 0 {
			return fmt.Sprintf("When recruited: draw %s.", plural(a.drawPrep, "Prep card", "Prep cards"))
		}
	case whenActive:
		if a.bonusAmount != 0 {
			return fmt.Sprintf("When activated: %s.", g.bonusText(a.bonusAmount, a.bonusSkill))
		}
	case whenAlways:
		if a.ignoreFailure {
			return "Never suffers a Failure consequence."
		}
	}
	return ""
}

// bonusText is "+1 Stealth" or "+1 to the step's skill".
func (g *Game) bonusText(n, sk int) string {
	if sk == skillAny {
		return fmt.Sprintf("%+d to the step's skill", n)
	}
	return fmt.Sprintf("%+d %s", n, g.skill(sk))
}

func (g *Game) gearText(c *card) string { return g.bonusText(c.gearAmt, c.gearSkill) }

func (g *Game) gemText(c *card) string {
	text := g.effectText(c.gemEffect)
	if text != "" && text[0] >= 'A' && text[0] <= 'Z' {
		text = strings.ToLower(text[:1]) + text[1:]
	}
	if c.gemMode == gemOr {
		return "OR pay a gem: " + text
	}
	return "AND pay a gem: " + text
}

func (g *Game) effectText(e effect) string {
	switch e.kind {
	case effDrawPrep:
		return fmt.Sprintf("Draw %s.", plural(e.n, "Prep card", "Prep cards"))
	case effGainGem:
		return fmt.Sprintf("Take %s from the bag.", g.gems(e.n))
	case effRecruit:
		replace := map[bool][2]string{
			false: {"replace a Recruit if your team is full", "replace Recruits if your team is full"},
			true:  {"you may replace a Recruit", "you may replace Recruits"},
		}[g.replaceAny]
		if e.n == 1 {
			return fmt.Sprintf("Recruit a Talent from the Talent Pool (%s).", replace[0])
		}
		return fmt.Sprintf("Recruit %d Talents from the Talent Pool (%s).", e.n, replace[1])
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
