package hmm

import (
	"fmt"
	"strings"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/gamedata"
)

func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// The icons the shipped game declares for its recurring terms; a game
// that does not declare one prints the word. Skills use their ids too
// (force, stealth, tech).
const (
	iconHeat     = "heat"
	iconTime     = "time"
	iconPrestige = "prestige"
	iconResource = "resource" // a Resource card, in a Job's reward
)

// heat is n Heat as printed: "2 :heat:" with the game's icon, else "2 Heat".
func (g *Game) heat(n int) string { return g.amount(n, iconHeat, "Heat", "Heat") }

// time is n Time tokens: "1 :time:", else "1 Time token".
func (g *Game) time(n int) string { return g.amount(n, iconTime, "Time token", "Time tokens") }

// prestige is n Prestige: "4 :prestige:", else "4 Prestige".
func (g *Game) prestige(n int) string {
	return g.amount(n, iconPrestige, "Prestige", "Prestige")
}

// amount is n of a term: the number and the game's icon id, else the
// number and the word.
func (g *Game) amount(n int, id, one, many string) string {
	if g.data.HasIcon(id) {
		return gamedata.IconAmount(n, id)
	}
	return plural(n, one, many)
}

// term is a term without a number: the icon, else the word.
func (g *Game) term(id, word string) string { return g.data.IconOr(id, word) }

// glue is the space before term id: one a line never breaks at when the
// term prints as an icon, so the icon does not start a line alone.
func (g *Game) glue(id string) string {
	if g.data.HasIcon(id) {
		return gamedata.NoBreak
	}
	return " "
}

// skillRow is a set of skill icons as one row: "2:force: 1:stealth:"
// with the game's icons (no space inside a pair, so each count stays with
// its icon), else "2 Force, 1 Stealth"; "" for none.
func (g *Game) skillRow(ic Icons) string {
	if ic.Total() == 0 {
		return ""
	}
	var parts []string
	for s := Skill(0); s < numSkills; s++ {
		if ic[s] == 0 {
			continue
		}
		id := strings.ToLower(s.String())
		if g.data.HasIcon(id) {
			parts = append(parts, fmt.Sprintf("%d:%s:", ic[s], id))
		} else {
			parts = append(parts, fmt.Sprintf("%d %s", ic[s], s))
		}
	}
	if g.skillIcons() {
		return strings.Join(parts, " ")
	}
	return strings.Join(parts, ", ")
}

// skillIcons reports whether the game declares an icon for every skill.
func (g *Game) skillIcons() bool {
	for s := Skill(0); s < numSkills; s++ {
		if !g.data.HasIcon(strings.ToLower(s.String())) {
			return false
		}
	}
	return true
}

// effectText is the printed sentence of one effect.
func (g *Game) effectText(e Effect) string {
	switch {
	case e.LoseHeat > 0:
		return fmt.Sprintf("Your crew discards %s.", g.heat(e.LoseHeat))
	case e.RivalHeat > 0:
		return fmt.Sprintf("The rival with the most %s gains %s.", g.term(iconPrestige, "Prestige"), g.heat(e.RivalHeat))
	case e.Peek:
		return "Look at every face-down Complication of one Job. Do not reveal them."
	case e.Draw > 0:
		return fmt.Sprintf("Draw %s.", plural(e.Draw, "Resource card", "Resource cards"))
	case e.AddTime > 0:
		return fmt.Sprintf("Add %s to one of your Jobs.", g.time(e.AddTime))
	case e.AllHeat > 0:
		return fmt.Sprintf("Every crew gains %s.", g.heat(e.AllHeat))
	case e.JobsTime > 0:
		return fmt.Sprintf("Remove %s from every Job.", g.time(e.JobsTime))
	}
	return ""
}

func (g *Game) abilityLines(c *card) []string {
	var out []string
	if c.ability.HeatReduction > 0 {
		out = append(out, fmt.Sprintf("Lowers any %s gained on a Job by %d, to a minimum of %d.", g.term(iconHeat, "Heat"), c.ability.HeatReduction, c.ability.HeatMin))
	}
	if c.gatherExtra > 0 {
		out = append(out, fmt.Sprintf("Gather Resources: draw %d more from the deck.", c.gatherExtra))
	}
	if c.layLowExtra > 0 {
		out = append(out, fmt.Sprintf("Lay Low: discard %d more%s%s.", c.layLowExtra, g.glue(iconHeat), g.term(iconHeat, "Heat")))
	}
	if c.demolition {
		victim := "one of your free crew members (not jailed) other than your Mastermind"
		if g.params.DemolitionVictim == victimAny {
			victim = "one of your crew members other than your Mastermind (a jailed one snitches)"
		}
		out = append(out, "Once, when your crew attempts a Job: discard its Complication that adds most icons, then this Gear and "+victim+".")
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
	case kindMastermind, kindCrew:
		lines = g.abilityLines(c)
	case kindGear:
		// The book's Gear rule, as reminder text: most Gear has nothing
		// else to say.
		lines = append(g.abilityLines(c), "Carried by one crew member, one Gear each.")
	case kindMercenary:
		var eff []string
		for _, e := range c.effects {
			eff = append(eff, g.effectText(e))
		}
		unpaid := ", paid if you can; unpaid"
		if g.params.FeeRefusable {
			unpaid = "; can't or won't pay"
		}
		lines = append(lines, "Maneuver: "+strings.Join(eff, " "), fmt.Sprintf("Fee $%d for each Job helped or maneuver%s: discard and gain %s.", c.cost, unpaid, g.heat(g.params.UnpaidFeeHeat)))
	case kindEvent, kindImmediate:
		for _, e := range c.effects {
			lines = append(lines, g.effectText(e))
		}
		if c.kind == kindImmediate {
			lines = append([]string{"Play immediately when drawn."}, lines...)
		}
	case kindPrestige:
		lines = []string{fmt.Sprintf("Worth %s at the end. Spend as $%d.", g.prestige(c.prestige), c.cost)}
	case kindJob:
		if c.job.RivalStash {
			lines = append(lines, "Add the skills of a rival's Mastermind (the rival with the most Prestige; base skills only, no Gear).")
		}
		if c.job.CrewMax > 0 {
			lines = append(lines, fmt.Sprintf("Crew of at most %d.", c.job.CrewMax))
		}
	case kindComplication:
		if row := g.skillRow(c.comp.Icons); row != "" {
			lines = append(lines, "Adds "+row+" to the Job's difficulty.")
		}
		if c.comp.Prestige > 0 {
			lines = append(lines, fmt.Sprintf("Completing the Job gains %s.", g.amount(c.comp.Prestige, iconPrestige, "Prestige token", "Prestige tokens")))
		}
		if c.comp.DrawMore > 0 {
			lines = append(lines, fmt.Sprintf("When revealed, draw %s face up.", plural(c.comp.DrawMore, "more Complication", "more Complications")))
		}
		if c.comp.CrewMax > 0 {
			lines = append(lines, fmt.Sprintf("Crew of at most %d.", c.comp.CrewMax))
		}
	case kindReference:
		return g.actionSummary()
	}
	out := make([]engine.RulesLine, len(lines))
	for k, l := range lines {
		out[k] = engine.RulesLine{Text: l}
	}
	return out
}

// The reference card's lines name what they explain in their phase: a
// layout without phase badges prints it as a bold "Lay Low:" before the
// text, so the card reads like the book's summary.
func (g *Game) actionSummary() []engine.RulesLine {
	p := g.params
	return []engine.RulesLine{
		{Text: fmt.Sprintf("Do any %s different actions:", numberWord(p.ActionsPerTurn))},
		{Phase: "Gather Resources", Text: fmt.Sprintf("draw %d from the deck, or the top discard (not after discarding this turn).", p.GatherDraw)},
		{Phase: "Hire Up", Text: "play Gear, Crew or Mercenaries. Pay for Gear and Crew now, no change."},
		{Phase: "Legwork", Text: "look at a face-down Complication in secret."},
		{Phase: "Lay Low", Text: fmt.Sprintf("discard up to %s.", g.heat(p.LayLow))},
		{Phase: "Heist", Text: "attempt a Job."},
		{Text: "Events and maneuvers are not actions."},
	}
}

func (g *Game) referenceLines() []engine.RulesLine {
	p := g.params
	var goals []string
	for _, r := range p.Table {
		goals = append(goals, fmt.Sprintf("%dp: %d", r.Players, r.Goal))
	}
	who := "a crew member"
	if !p.MastermindJailable {
		who = "a crew member other than your Mastermind"
	}
	heatWord := g.term(iconHeat, "Heat")
	return []engine.RulesLine{
		{Phase: "End of your turn", Text: fmt.Sprintf("remove %s from each of your Jobs and jailed crew; flip face-down Mercenaries up.", g.time(1))},
		{Phase: "Heat", Text: fmt.Sprintf("at %d+%s%s, %s goes to jail: discard their Gear, turn them face down, %s become %s.", p.HeatToJail, g.glue(iconHeat), heatWord, who, g.heat(p.HeatToJail), g.time(p.JailTime))},
		{Phase: "Game end", Text: "at the Prestige goal: " + p.goalText() + "; " + p.goalTimeText() + "; " + p.finalRoundText() + ". Reveal Prestige cards in hand: most Prestige wins, " + p.tieText() + "."},
		{Phase: "Prestige goal", Text: gamedata.JoinList(goals) + "."},
	}
}

// BackRules: the reference card's back.
func (g *Game) BackRules(i int) []engine.RulesLine {
	if g.cards[i].kind != kindReference {
		return nil
	}
	return g.referenceLines()
}

// CardFields are the printed game fields of card i; reference cards are
// two-sided.
func (g *Game) CardFields(i int) (front, back map[string]string) {
	c := &g.cards[i]
	front = map[string]string{"type": kindLabel[c.kind]}
	switch c.kind {
	case kindMastermind, kindCrew, kindGear, kindMercenary:
		front["skills"] = g.skillRow(c.icons)
	case kindPrestige:
		// What the card is worth at the end, in the row skills take on
		// other cards.
		front["skills"] = g.prestige(c.prestige)
	case kindJob:
		front["skills"] = g.skillRow(c.job.Difficulty)
		front["complications"] = fmt.Sprintf("Complications: %d face up, %d face down", c.job.FaceUp, c.job.FaceDown)
		front["reward"] = "Reward: " + gamedata.JoinList([]string{g.prestige(c.job.Prestige), g.amount(c.job.Reward, iconResource, "Resource card", "Resource cards")})
		if c.job.Heat > 0 {
			// Heat is the price of the Job, not part of the reward: its own line.
			front["reward"] += "\nand the crew gains " + g.heat(c.job.Heat)
		}
	case kindComplication:
		front["skills"] = g.skillRow(c.comp.Icons)
		if c.comp.Prestige > 0 {
			front["reward"] = "+" + g.prestige(c.comp.Prestige)
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
