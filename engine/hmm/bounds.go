package hmm

import (
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/kit"
)

// The ranges Heist Masterminds plays. The parameters' ranges are declared
// on DataParams with these limits (game.go); the cards' in
// cards.schema.json, and those the engine sizes by (maxCost, maxIcons)
// are generated from it into schemabounds.go.
// Costs are whole hundreds up to maxCost, so paying (Pay) searches at most
// a few hundred sums; Time and Heat counters fit the state's int8s.
//go:generate go run ../kit/boundsgen maxCost=cost.max maxIcons=skills.force.max cardCrewMax=crew_max.max

const maxHeatTurns = 10 // heat_to_jail, jail_time, job_time

// A card's crew_max is what a crew can hold.
const _ = uint(maxCrew-cardCrewMax) + uint(cardCrewMax-maxCrew)

// cardBounds are the ranges of the cards' fields, read from
// cards.schema.json, where they are declared.
var cardBounds = kit.CardBounds(schemas)

// deckNames name the piles of play, by the kind of card that decides them.
var deckNames = map[cardKind]string{kindMastermind: "Mastermind", kindPrestige: "Resource", kindJob: "Job", kindComplication: "Complication"}

// pileOf is the pile a kind of card is played from (kindPrestige stands
// for the whole Resource deck); reference cards are not played.
func pileOf(k cardKind) (cardKind, bool) {
	switch k {
	case kindMastermind, kindJob, kindComplication:
		return k, true
	case kindReference:
		return 0, false
	}
	return kindPrestige, true
}

// checkPiles reports, before any is filled, a pile of play with more cards
// than an engine.Deck holds, and all the cards in play together beyond
// that (the discard pile of Resource cards is kept in one array of that
// size), each at the count of the card with the most copies.
func (c *compiler) checkPiles(cards []card) {
	d := c.data
	piles := map[cardKind][]int{}
	var all []int
	for i, cd := range cards {
		if p, ok := pileOf(cd.kind); ok {
			piles[p] = append(piles[p], i)
			all = append(all, i)
		}
	}
	over := false
	for _, k := range []cardKind{kindMastermind, kindPrestige, kindJob, kindComplication} {
		if o, bad := kit.OverfullPile(d.Cards, piles[k], engine.MaxDeck); bad {
			over = true
			gc := d.Cards[o.Card]
			c.report(kit.CodeTooManyCards, kit.CopiesPos(gc),
				"the %s deck has %d cards: Heist Masterminds holds at most %d in a deck and %d copies of a card; card %s has the most copies (%d)",
				deckNames[k], o.Total, engine.MaxDeck, kit.MaxCopies, gc.ID, kit.Copies(gc))
		}
	}
	if o, bad := kit.OverfullPile(d.Cards, all, engine.MaxDeck); bad && !over {
		gc := d.Cards[o.Card]
		c.report(kit.CodeTooManyCards, kit.CopiesPos(gc), "%d card copies in play; at most %d (card %s has the most copies, %d)",
			o.Total, engine.MaxDeck, gc.ID, kit.Copies(gc))
	}
}
