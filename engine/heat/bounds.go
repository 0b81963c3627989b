package heat

import (
	"fmt"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/gamedata"
)

// The ranges HEAT plays. The parameters' ranges are declared on Params
// with these limits (rules.go); the cards' in cards.schema.json, and those
// the engine sizes by (maxStages, maxAmount, maxEffects) are generated
// from it into schemabounds.go.
//
// Money cannot overflow: it is made only by gain and steal effects, at
// most maxHeists × maxStages reveals per seat, each card with at most
// maxEffects effects of at most maxAmount, multiplied by at most
// maxStages (cards in a Record) or engine.MaxPlayers-1 (others
// revealing), paid to or taken from at most engine.MaxPlayers-1 targets.
// With every seat's starting_money that is under 50 million, far inside
// an int32 (TestMoneyCannotOverflow); the end score adds at most
// maxRowSlots × maxBoardRows Heat at minHeatValue.
//
// Under shortfall debt money goes below $0, but not past minMoney: a seat
// loses money only to payments and steals (every seat's reveals, each
// effect asking at most maxAmount times the largest multiplier of it) and
// to out-of-Heat penalties (at most one a round, at most one round per
// Heat token, in each phase of each Stage).
const (
	maxStartingMoney = 100000
	maxPenalty       = 1000
	minHeatValue     = -1000
	maxHeists        = 10
	maxDraft         = 10
	maxBoardRows     = 12
	maxRowSlots      = 20
)

//go:generate go run ../kit/boundsgen maxStages=effects.*.if.stage.max maxAmount=effects.*.gain.max maxEffects=effects.max

// A Record holds one card per Stage.
const _ = uint(maxRecord - maxStages)

// minMoney is the least money a seat can hold (shortfall debt).
const minMoney = -(maxHeists*maxStages*engine.MaxPlayers*maxEffects*maxAmount*max(maxStages, engine.MaxPlayers-1) +
	maxHeists*maxStages*maxPhases*maxBoardRows*maxRowSlots*maxPenalty)

// cardBounds are the ranges of the cards' fields, read from
// cards.schema.json, where they are declared.
var cardBounds = kit.CardBounds(schemas)

// checkDecks reports every supported player count whose deck holds more
// than an engine.Deck can, at the count of the card with the most copies
// in it, once per card.
// It runs before any deck is built, so a count of a billion allocates
// nothing.
func (c *compiler) checkDecks() {
	d := c.data
	lo, hi := kit.PlayerCounts(d.Manifest.Players, engine.MaxPlayers)
	reported := map[int]bool{}
	for n := lo; n <= hi; n++ {
		o, over := kit.OverfullPile(d.Cards, usedWith(d, n), engine.MaxDeck)
		if !over || reported[o.Card] {
			continue
		}
		reported[o.Card] = true
		gc := d.Cards[o.Card]
		c.report(kit.CodeTooManyCards.At(kit.CopiesPos(gc), "%s", deckOverflow(n, o.Total, gc)))
	}
}

func deckOverflow(players, total int, gc gamedata.Card) string {
	return fmt.Sprintf("at %d players the deck has %d cards: HEAT holds at most %d in a deck and %d copies of a card; card %s has the most copies (%d)",
		players, total, engine.MaxDeck, kit.MaxCopies, gc.ID, kit.Copies(gc))
}

// usedWith lists the cards in the deck at a player count.
func usedWith(d *gamedata.Data, players int) []int {
	var out []int
	for i, gc := range d.Cards {
		if gc.UsedWith(players) {
			out = append(out, i)
		}
	}
	return out
}
