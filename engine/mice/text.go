package mice

import (
	"fmt"
	"strings"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/gamedata"
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
		cheese := "1 cheese"
		if g.data.HasIcon(iconCheese) {
			cheese = gamedata.IconAmount(1, iconCheese)
		}
		return []engine.RulesLine{{Text: "Pay " + cheese + " onto this skill to activate it. " + strings.Join(parts, " ")}}
	case kindObstacle:
		lines := []engine.RulesLine{{Text: fmt.Sprintf("Success: +%d contribution on job %s.", c.payout, g.jobs[c.job])}}
		if c.finale {
			lines = append(lines, engine.RulesLine{Text: "Finale: stays after a failure; beating it ends the game."})
		}
		return lines
	case kindReminder:
		// One line per step, its number as the line's phase: a badge, or
		// a bold "1:" where the layout draws no badges.
		steps := []string{"Select obstacle", "Get help", fmt.Sprintf("Draw %d chips", g.params.ChipsDrawn),
			"Activate skills", "Calculate", "Resolve", "Advance obstacle", "Cleanup"}
		lines := make([]engine.RulesLine, len(steps))
		for k, step := range steps {
			n := k + 1
			if k == len(steps)-1 {
				n = g.params.CleanupStep
			}
			lines[k] = engine.RulesLine{Phase: fmt.Sprint(n), Text: step}
		}
		return lines
	}
	return nil
}

// iconCheese is the icon a game may declare for cheese; an obstacle's
// icons are printed as the icons of their keyword ids (paw, leg, mouth)
// when the game declares them. Otherwise words.
const iconCheese = "cheese"

// iconOf is obstacle icon (keyword) k as printed.
func (g *Game) iconOf(k int) string {
	return g.data.IconOr(g.keywords[k].ID, g.keywords[k].Name)
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
		s += " if the obstacle shows " + g.iconOf(e.icon)
	}
	return s + "."
}

// CardFields are the game fields printed on each card's front.
func (g *Game) CardFields(i int) (front, back map[string]string) {
	c := g.cards[i]
	switch c.kind {
	case kindObstacle:
		var icons []string
		all := true
		for k, kw := range g.keywords {
			if c.icons&(1<<uint(k)) != 0 {
				icons = append(icons, g.iconOf(k))
				all = all && g.data.HasIcon(kw.ID)
			}
		}
		row := gamedata.JoinList(icons)
		if all {
			// Icons need no separator between them.
			row = strings.Join(icons, " ")
		}
		front = map[string]string{
			"job":    fmt.Sprintf("%s%d", g.jobs[c.job], c.order),
			"target": fmt.Sprint(c.target),
			"icons":  row,
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
