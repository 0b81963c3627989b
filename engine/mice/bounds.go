package mice

import (
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/kit"
)

// The ranges Mice Heist plays. The parameters' ranges are declared on
// Params with these limits (game.go); the cards' in cards.schema.json,
// and maxModifier, which chip sides share with a skill's add, is
// generated from it into schemabounds.go. With these, cheese and scores
// stay small: the box holds at most 999 cheese, an unlimited supply makes
// at most failure_obstacle_cheese more a move, and a game is capped at
// 20,000 moves.
const (
	maxChipKind  = 16
	maxChipKinds = 16
	maxFoodValue = 99
)

//go:generate go run ../kit/boundsgen maxModifier=effects.*.add.max

// cardBounds are the ranges of the cards' fields, read from
// cards.schema.json, where they are declared.
var cardBounds = kit.CardBounds(schemas)

var codeTooManyObstacles = codes.Error("TOO_MANY_OBSTACLES", "A job has more obstacles (copies counted) than the engine holds (10); reported at the count of the obstacle with the most copies.")

// checkPiles reports, before any is filled, an upgrade deck larger than an
// engine.Deck and a job with more obstacles than its stack holds, each at
// the count of the card with the most copies in it.
func (c *compiler) checkPiles(cards []card) {
	d := c.data
	var upgrades []int
	jobs := map[string][]int{}
	var order []string
	for i, cd := range cards {
		switch cd.kind {
		case kindUpgrade:
			upgrades = append(upgrades, i)
		case kindObstacle:
			job := cardJob(d.Cards[i])
			if _, seen := jobs[job]; !seen {
				order = append(order, job)
			}
			jobs[job] = append(jobs[job], i)
		}
	}
	if o, over := kit.OverfullPile(d.Cards, upgrades, engine.MaxDeck); over {
		gc := d.Cards[o.Card]
		c.report(kit.CodeTooManyCards, kit.CopiesPos(gc),
			"the upgrade deck has %d cards: Mice Heist holds at most %d in a deck and %d copies of a card; card %s has the most copies (%d)",
			o.Total, engine.MaxDeck, kit.MaxCopies, gc.ID, kit.Copies(gc))
	}
	for _, job := range order {
		if o, over := kit.OverfullPile(d.Cards, jobs[job], maxObstacle); over {
			gc := d.Cards[o.Card]
			c.report(codeTooManyObstacles, kit.CopiesPos(gc), "job %s has %d obstacles; at most %d (card %s has the most copies, %d)",
				job, o.Total, maxObstacle, gc.ID, kit.Copies(gc))
		}
	}
}
