package masterminds

import (
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/kit"
)

// The ranges Masterminds plays. The parameters' ranges are declared on
// Params with these limits (rules.go); the cards' in cards.schema.json,
// and those the engine sizes by (maxAmount, maxSkill, the lists of
// skills and steps) are generated from it into schemabounds.go. Every
// count the state keeps is small (a player's gems of one kind fit a byte,
// marker dice an int8, a task's count an int16), so no sum can overflow
// once these hold.
//go:generate go run ../kit/boundsgen maxAmount=gear.amount.max maxSkill=skills.stealth.max stepSkills=side_a.step.skills.max sideBSteps=side_b.steps.max

const maxGems = 255 // gems of one kind in the box: a player may hold them all, in a byte

// A step may show every skill, and side B holds every step but side A's.
const (
	_ = uint(nSkills-stepSkills) + uint(stepSkills-nSkills)
	_ = uint(stepsPerHeist-1-sideBSteps) + uint(sideBSteps-stepsPerHeist+1)
)

// cardBounds are the ranges of the cards' fields, read from
// cards.schema.json, where they are declared.
var cardBounds = kit.CardBounds(schemas)

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
