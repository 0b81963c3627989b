package masterminds

import (
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/kit"
)

// The ranges Masterminds plays. The parameters' ranges are declared on
// Params with these limits (rules.go); the cards' are stated again in
// cards.schema.json (enginetest.BoundsMatchSchema keeps them equal). Every
// count the state keeps is small (a player's gems of one kind fit a byte,
// marker dice an int8, a task's count an int16), so no sum can overflow
// once these hold.
const (
	maxAmount   = 9   // an effect's or ability's number
	maxSkill    = 5   // a Talent's skill value
	maxStepGoal = 40  // a heist step's target
	maxTestGoal = 30  // a Failure card's test target
	maxTake     = 10  // gems a heist's TAKE gives
	maxGems     = 255 // gems of one kind in the box: a player may hold them all, in a byte
)

var cardBounds = func() []kit.Bound {
	var b []kit.Bound
	for _, s := range skillIDs {
		b = append(b, kit.Bound{Path: "skills." + s, Min: 0, Max: maxSkill})
	}
	b = append(b,
		kit.Bound{Path: "ability.draw_prep", Min: 1, Max: maxAmount},
		kit.Bound{Path: "ability.skill_bonus.amount", Min: 1, Max: maxAmount},
		kit.Bound{Path: "gear.amount", Min: 1, Max: maxAmount},
		kit.Bound{Path: "side_a.step.skills", Min: 1, Max: nSkills, Items: true},
		kit.Bound{Path: "side_a.step.target", Min: 1, Max: maxStepGoal},
		kit.Bound{Path: "side_a.take", Min: 1, Max: maxTake},
		kit.Bound{Path: "side_b.steps", Min: stepsPerHeist - 1, Max: stepsPerHeist - 1, Items: true},
		kit.Bound{Path: "side_b.steps.*.skills", Min: 1, Max: nSkills, Items: true},
		kit.Bound{Path: "side_b.steps.*.target", Min: 1, Max: maxStepGoal},
		kit.Bound{Path: "triggers", Min: 1, Max: 2, Items: true},
		kit.Bound{Path: "triggers.*", Min: 1, Max: nSkills, Items: true},
		kit.Bound{Path: "test.target", Min: 1, Max: maxTestGoal},
	)
	for _, section := range []string{"effect", "gem.effect"} {
		for _, k := range effKeys[effDrawPrep:effRollBonus] {
			b = append(b, kit.Bound{Path: section + "." + k, Min: 1, Max: maxAmount})
		}
		b = append(b, kit.Bound{Path: section + ".roll_bonus", Min: -maxAmount, Max: maxAmount})
	}
	return b
}()

// checkDecks reports a deck (or the Starter Cash) with more cards than an
// engine.Deck holds, at the count of its card with the most copies, before
// any deck is filled. decks are the card indexes of each type.
func (c *compiler) checkDecks(decks map[cardType][]int) {
	for typ := typeCash; typ <= typeFailure; typ++ {
		o, over := kit.OverfullPile(c.data.Cards, decks[typ], engine.MaxDeck)
		if !over {
			continue
		}
		gc := c.data.Cards[o.Card]
		c.report(kit.CodeTooManyCards, kit.CopiesPos(gc),
			"the %s deck has %d cards: Masterminds holds at most %d in a deck and %d copies of a card; card %s has the most copies (%d)",
			typeIDs[typ], o.Total, engine.MaxDeck, kit.MaxCopies, gc.ID, kit.Copies(gc))
	}
}
