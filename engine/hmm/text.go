package hmm

import (
	"fmt"
	"strings"

	"cardpress/engine"
)

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// effectText is the printed sentence of one effect.
func effectText(e Effect) string {
	switch {
	case e.LoseHeat > 0:
		return fmt.Sprintf("Your crew discards %s.", plural(e.LoseHeat, "Heat", "Heat"))
	case e.RivalHeat > 0:
		return fmt.Sprintf("The rival with the most Prestige gains %s.", plural(e.RivalHeat, "Heat", "Heat"))
	case e.Peek:
		return "Look at every face-down Complication of one Job. Do not reveal them."
	case e.Draw > 0:
		return fmt.Sprintf("Draw %s.", plural(e.Draw, "Resource card", "Resource cards"))
	case e.AddTime > 0:
		return fmt.Sprintf("Add %s to one of your Jobs.", plural(e.AddTime, "Time token", "Time tokens"))
	case e.AllHeat > 0:
		return fmt.Sprintf("Every crew gains %s.", plural(e.AllHeat, "Heat", "Heat"))
	case e.JobsTime > 0:
		return fmt.Sprintf("Remove %s from every Job.", plural(e.JobsTime, "Time token", "Time tokens"))
	}
	return ""
}

func (c *card) abilityLines() []string {
	var out []string
	if c.ability.HeatReduction > 0 {
		out = append(out, fmt.Sprintf("Lowers any Heat gained on a Job by %d, to a minimum of %d.", c.ability.HeatReduction, c.ability.HeatMin))
	}
	if c.gatherExtra > 0 {
		out = append(out, fmt.Sprintf("Gather Resources: draw %d more from the deck.", c.gatherExtra))
	}
	if c.layLowExtra > 0 {
		out = append(out, fmt.Sprintf("Lay Low: discard %d more Heat.", c.layLowExtra))
	}
	if c.demolition {
		out = append(out, "Once, when your crew attempts a Job: discard its Complication that adds most icons, then this Gear and one of your crew members other than your Mastermind.")
	}
	if c.singleUse {
		out = append(out, "Single use: discard after one heist.")
	}
	return out
}

// CardRules is the printed rules text of card i, generated from its data.
func (g *Game) CardRules(i int) []engine.RulesLine {
	c := &g.cards[i]
	var lines []string
	switch c.kind {
	case kindMastermind, kindCrew, kindGear:
		lines = c.abilityLines()
	case kindMercenary:
		var eff []string
		for _, e := range c.effects {
			eff = append(eff, effectText(e))
		}
		lines = append(lines, "Maneuver: "+strings.Join(eff, " "), fmt.Sprintf("Fee $%d for each Job helped or maneuver; unpaid: discard and gain %d Heat.", c.cost, g.params.UnpaidFeeHeat))
	case kindEvent, kindImmediate:
		for _, e := range c.effects {
			lines = append(lines, effectText(e))
		}
		if c.kind == kindImmediate {
			lines = append([]string{"Play immediately when drawn."}, lines...)
		}
	case kindPrestige:
		lines = []string{fmt.Sprintf("Worth %d Prestige at the end. Spend as $%d.", c.prestige, c.cost)}
	case kindJob:
		if c.job.RivalStash {
			lines = append(lines, "Add the skills of a rival's Mastermind (the rival with the most Prestige; base skills only, no Gear).")
		}
		if c.job.CrewMax > 0 {
			lines = append(lines, fmt.Sprintf("Crew of at most %d.", c.job.CrewMax))
		}
	case kindComplication:
		if c.comp.DrawMore > 0 {
			lines = append(lines, fmt.Sprintf("When revealed, draw %s face up.", plural(c.comp.DrawMore, "more Complication", "more Complications")))
		}
		if c.comp.CrewMax > 0 {
			lines = append(lines, fmt.Sprintf("Crew of at most %d.", c.comp.CrewMax))
		}
	case kindReference:
		lines = g.actionSummary()
	}
	out := make([]engine.RulesLine, len(lines))
	for k, l := range lines {
		out[k] = engine.RulesLine{Text: l}
	}
	return out
}

func (g *Game) actionSummary() []string {
	p := g.params
	return []string{
		fmt.Sprintf("Do any %s different actions:", numberWord(p.ActionsPerTurn)),
		fmt.Sprintf("Gather Resources: draw %d from the deck, or the top discard (not after discarding this turn).", p.GatherDraw),
		"Hire Up: play Gear, Crew or Mercenaries. Pay for Gear and Crew now, no change.",
		"Legwork: look at a face-down Complication in secret.",
		fmt.Sprintf("Lay Low: discard up to %d Heat.", p.LayLow),
		"Heist: attempt a Job.",
		"Events and maneuvers are not actions.",
	}
}

func (g *Game) referenceLines() []string {
	p := g.params
	var goals []string
	for _, r := range p.Table {
		goals = append(goals, fmt.Sprintf("%dp: %d", r.Players, r.Goal))
	}
	who := "a crew member"
	if !p.MastermindJailable {
		who = "a crew member other than your Mastermind"
	}
	return []string{
		"End of your turn: remove a Time token from your Jobs and jailed crew; flip face-down Mercenaries up.",
		fmt.Sprintf("Heat: at %d+ Heat, %s goes to jail: discard their Gear, turn them face down, %d Heat become %d Time.", p.HeatToJail, who, p.HeatToJail, p.JailTime),
		"Game end: at the Prestige goal your game is over; " + p.finalRoundText() + ". Reveal Prestige cards in hand.",
		"Prestige goal: " + strings.Join(goals, ", ") + ".",
	}
}

// BackRules: the reference card's back.
func (g *Game) BackRules(i int) []engine.RulesLine {
	if g.cards[i].kind != kindReference {
		return nil
	}
	var out []engine.RulesLine
	for _, l := range g.referenceLines() {
		out = append(out, engine.RulesLine{Text: l})
	}
	return out
}

// CardFields are the printed game fields of card i; reference cards are
// two-sided.
func (g *Game) CardFields(i int) (front, back map[string]string) {
	c := &g.cards[i]
	front = map[string]string{"type": kindLabel[c.kind]}
	switch c.kind {
	case kindMastermind, kindCrew, kindGear:
		front["skills"] = iconsOrBlank(c.icons)
	case kindMercenary:
		front["skills"] = iconsOrBlank(c.icons)
	case kindJob:
		front["skills"] = iconsOrBlank(c.job.Difficulty)
		front["complications"] = fmt.Sprintf("Complications: %d face up, %d face down", c.job.FaceUp, c.job.FaceDown)
		rw := []string{plural(c.job.Reward, "Resource card", "Resource cards"), fmt.Sprintf("%d Prestige", c.job.Prestige)}
		if c.job.Heat > 0 {
			rw = append(rw, fmt.Sprintf("%d Heat", c.job.Heat))
		}
		front["reward"] = "Reward: " + strings.Join(rw, " · ")
	case kindComplication:
		front["skills"] = iconsOrBlank(c.comp.Icons)
		if c.comp.Prestige > 0 {
			front["reward"] = fmt.Sprintf("+%d Prestige", c.comp.Prestige)
		}
	}
	if c.cost > 0 {
		front["cost"] = fmt.Sprintf("$%d", c.cost)
	}
	if c.kind == kindReference {
		front["type"] = "Action Summary"
		back = map[string]string{"type": "Reference"}
	}
	return front, back
}

func iconsOrBlank(ic Icons) string {
	if ic.Total() == 0 {
		return ""
	}
	return ic.String()
}
