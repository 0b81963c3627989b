package mice

import (
	"fmt"
	"strings"

	"cardpress/engine"
)

// CardRules generates card i's printed rules from the data the engine
// plays: a skill's effects, an obstacle's rating, icons and payout.
func (g *Game) CardRules(i int) []engine.RulesLine {
	c := g.cards[i]
	switch c.kind {
	case kindStarting, kindUpgrade:
		var parts []string
		for _, e := range c.effects {
			parts = append(parts, g.sentence(e))
		}
		return []engine.RulesLine{{Text: "Pay 1 cheese onto this skill to activate it. " + strings.Join(parts, " ")}}
	case kindObstacle:
		lines := []engine.RulesLine{{Text: fmt.Sprintf("Success: +%d contribution on job %s.", c.payout, g.jobs[c.job])}}
		if c.finale {
			lines = append(lines, engine.RulesLine{Text: "Finale: stays after a failure; beating it ends the game."})
		}
		return lines
	case kindReminder:
		return []engine.RulesLine{{Text: fmt.Sprintf("1 Select obstacle · 2 Get help · 3 Draw %d chips · 4 Activate skills · 5 Calculate · 6 Resolve · 7 Advance obstacle · %d Cleanup",
			g.params.ChipsDrawn, g.params.CleanupStep)}}
	}
	return nil
}

func (g *Game) sentence(e effect) string {
	var s string
	switch e.kind {
	case effAdd:
		s = fmt.Sprintf("Add %+d to your test rating", e.amount)
	case effFlip:
		if e.amount == 1 {
			s = "Flip one of your chips"
		} else {
			s = fmt.Sprintf("Flip %d of your chips", e.amount)
		}
	case effDraw:
		if e.amount == 1 {
			s = "Draw another chip"
		} else {
			s = fmt.Sprintf("Draw %d more chips", e.amount)
		}
	}
	if e.icon >= 0 {
		s += " if the obstacle shows " + g.keywords[e.icon].Name
	}
	return s + "."
}

// CardFields are the game fields printed on each card's front.
func (g *Game) CardFields(i int) (front, back map[string]string) {
	c := g.cards[i]
	switch c.kind {
	case kindObstacle:
		var icons []string
		for k, kw := range g.keywords {
			if c.icons&(1<<uint(k)) != 0 {
				icons = append(icons, kw.Name)
			}
		}
		front = map[string]string{
			"job":    fmt.Sprintf("%s%d", g.jobs[c.job], c.order),
			"target": fmt.Sprint(c.target),
			"icons":  strings.Join(icons, " · "),
			"payout": fmt.Sprintf("+%d", c.payout),
		}
		if c.finale {
			front["finale"] = "FINALE"
		}
	case kindIdentity:
		front = map[string]string{"colour": c.colour}
	}
	return front, nil
}

// BackRules: no Mice Heist card has its own back.
func (g *Game) BackRules(i int) []engine.RulesLine { return nil }
