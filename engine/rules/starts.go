package rules

import (
	"slices"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"go.yaml.in/yaml/v3"
)

// Where the cards start. One table zone has start: true and takes every
// card no other start takes; a table zone may also start with the cards
// of a condition, start: "card.deck == 'chips'", the first such zone (in
// the order of zones:) whose condition holds taking a card. The
// conditions read the card and the parameters, so each card's start zone
// is worked out once per player count, when the game is built.

// startCond is a zone that starts with the cards of a condition.
type startCond struct {
	zone *zoneDecl
	slot int // card bound
	cond eval
	at   *yaml.Node
}

// startCondition notes zone z's start condition n (a scalar other than
// true), compiled with the defines (startConditions).
func (c *compiler) startCondition(z *zoneDecl, n *yaml.Node) {
	if z.perPlayer {
		c.report(codeStructure.At(c.at(n), "the cards start in zones of the table, not in one per seat"))
		return
	}
	c.starts = append(c.starts, startCond{zone: z, at: n})
}

// startConditions compiles the start conditions, once values and defines
// are declared (a condition must not read them, and says so).
func (c *compiler) startConditions() {
	for i := range c.starts {
		c.compileStart(&c.starts[i])
	}
}

func (c *compiler) compileStart(st *startCond) {
	n := st.at
	if name := c.readsTable(n.Value, map[string]bool{}); name != "" {
		c.report(codeStructure.At(c.at(n), "a start condition reads the card and the parameters only (it is worked out before play): %s is %s", name, c.kindOf(name)))
		return
	}
	st.slot = c.newSlot(false)
	st.cond = c.expr(n, &scope{name: "card", slot: st.slot, t: typ{k: kCard}}, typ{k: kBool}, "start").ev
}

// readsTable is the first zone or value src reads, through its defines,
// or "".
func (c *compiler) readsTable(src string, seen map[string]bool) string {
	tree, err := parseExpr(src)
	if err != nil {
		return "" // reported when compiled
	}
	var found string
	var walk func(n *node)
	walk = func(n *node) {
		if n == nil || found != "" {
			return
		}
		if n.Kind == nIdent {
			switch d := c.defines[n.Name]; {
			case c.zoneByName[n.Name] != nil, c.valueByName[n.Name] != nil:
				found = n.Name
			case d != nil && !seen[n.Name]:
				seen[n.Name] = true
				found = c.readsTable(d.src, seen)
			}
		}
		for _, a := range n.Args {
			walk(a)
		}
	}
	walk(tree)
	return found
}

func (c *compiler) kindOf(name string) string {
	if c.zoneByName[name] != nil {
		return "a zone"
	}
	return "a value"
}

// placeStarts works out each card's start zone at every player count
// (Game.startAt), once the program's slots are all known.
func (c *compiler) placeStarts() {
	g := c.g
	if errs, _ := finding.Count(c.found); errs > 0 || len(c.starts) == 0 || g.startZone < 0 {
		return // a condition may not have compiled
	}
	g.startAt = map[int][]int{}
	for n, pile := range g.inPlay {
		s := &state{g: g, Base: engine.NewBase(n, engine.StateOptions{}), slots: make([]int64, g.slots)}
		at := make([]int, len(g.cards))
		for _, card := range pile {
			at[card] = g.zones[g.startZone].base
			for _, st := range c.starts {
				s.slots[st.slot] = int64(card)
				if st.cond(s) != 0 {
					at[card] = st.zone.base
					break
				}
			}
			if s.fault != "" {
				c.report(codeLimit.At(c.at(c.starts[0].at), "a start condition fails for card %s at %d players: %s", g.cards[card].id, n, s.fault))
				return
			}
		}
		g.startAt[n] = at
	}
}

// startOf is the zone instance card starts in at n players.
func (g *Game) startOf(n int, card uint8) int {
	if at := g.startAt[n]; at != nil {
		return at[card]
	}
	return g.zones[g.startZone].base
}

// deckField adds card.deck, the id of the deck a card belongs to (an enum
// of game.yaml's decks, in order), unless a deck declares a field deck.
func (c *compiler) deckField() {
	g, d := c.g, c.g.data
	if g.fields["deck"] != nil || len(d.Manifest.Decks) == 0 {
		return
	}
	e := &enumType{name: "deck"}
	for _, dk := range d.Manifest.Decks {
		e.values = append(e.values, dk.ID)
	}
	f := &field{name: "deck", t: typ{k: kEnum, enum: e}, vals: make([]int64, len(d.Cards))}
	for i, gc := range d.Cards {
		f.vals[i] = 0 // a game of one deck need not name it
		if k := slices.Index(e.values, gc.Deck); k >= 0 {
			f.vals[i] = int64(k)
		}
	}
	g.fields["deck"] = f
	g.enums = append(g.enums, e)
	if g.types["deck"] == nil {
		g.types["deck"] = e
	}
}
