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
