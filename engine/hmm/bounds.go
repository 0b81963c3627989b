package hmm

import (
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/kit"
)

// The ranges Heist Masterminds plays. The parameters' ranges are declared
// on DataParams with these limits (game.go); the cards' are stated again
// in cards.schema.json (enginetest.BoundsMatchSchema keeps them equal).
// Costs are whole hundreds up to maxCost, so paying (Pay) searches at most
// a few hundred sums; Time and Heat counters fit the state's int8s.
const (
	maxCost      = 5000
	costStep     = 100
	maxIcons     = 9
	maxPrestige  = 10
	maxEffects   = 3
	maxHeatTurns = 10 // heat_to_jail, jail_time, job_time
)

var cardBounds = func() []kit.Bound {
	b := []kit.Bound{
		{Path: "cost", Min: costStep, Max: maxCost, Step: costStep},
		{Path: "ability.heat_reduction.by", Min: 1, Max: 5},
		{Path: "ability.heat_reduction.min", Min: 0, Max: 5},
		{Path: "ability.gather_extra", Min: 1, Max: 3},
		{Path: "ability.lay_low_extra", Min: 1, Max: 3},
		{Path: "prestige", Min: 0, Max: maxPrestige},
		{Path: "effects", Min: 1, Max: maxEffects, Items: true},
		{Path: "effects.*.lose_heat", Min: 1, Max: 5},
		{Path: "effects.*.rival_heat", Min: 1, Max: 5},
		{Path: "effects.*.draw", Min: 1, Max: 5},
		{Path: "effects.*.add_time", Min: 1, Max: 3},
		{Path: "effects.*.all_heat", Min: 1, Max: 3},
		{Path: "effects.*.jobs_time", Min: 1, Max: 3},
		{Path: "face_up", Min: 0, Max: 4},
		{Path: "face_down", Min: 0, Max: 4},
		{Path: "reward", Min: 0, Max: 6},
		{Path: "heat", Min: 0, Max: 5},
		{Path: "crew_max", Min: 1, Max: maxCrew},
		{Path: "draw_more", Min: 1, Max: 2},
	}
	for _, field := range []string{"skills", "difficulty"} {
		for _, icon := range []string{"force", "stealth", "tech"} {
			b = append(b, kit.Bound{Path: field + "." + icon, Min: 0, Max: maxIcons})
		}
	}
	return b
}()

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
