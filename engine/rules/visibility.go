package rules

import (
	"fmt"
	"strings"

	"github.com/cardpress/cardpress/engine"

	"go.yaml.in/yaml/v3"
)

// visModel is what the rules say about who sees what beyond each zone's
// visibility, and the estimate the heuristic bot plays by.
type visModel struct {
	// shows: the rules show cards to one seat (a show statement).
	shows bool
	// secrets: some per-seat value is seen by its seat only; secretOf
	// is, for each of a state's values, the seat whose secret it is
	// (visibility: owner), or -1.
	secrets  bool
	secretOf []int8
	// sizes: some zone's size is seen by its seat only (size: owner).
	sizes bool
	// evaluate is the evaluate: expression, with seat bound in evalSlot;
	// nil without one (the heuristic bot then plays at random).
	evaluate eval
	evalSlot int
}

// zoneSize reads a zone's size: key. size: owner hides how many cards a
// seat's zone holds from the other seats; it needs a zone of each seat
// that the others cannot see into, unordered (a hidden count has no
// positions to keep).
func (c *compiler) zoneSize(z *zoneDecl, v *yaml.Node) {
	n := get(v, "size")
	if n == nil || n.Value == "public" {
		return
	}
	switch {
	case !z.perPlayer:
		c.report(codeStructure.At(c.at(n), "size: owner hides a zone's size from the other seats; %s is a table zone (owner: table), which belongs to no seat", z.name))
	case z.vis == visPublic:
		c.report(codeStructure.At(c.at(n), "size: owner hides a zone's size, but everyone sees the cards of %s (visibility: public), so everyone can count them", z.name))
	case z.ordered:
		c.report(codeStructure.At(c.at(n), "size: owner is for a zone without an order; %s is ordered", z.name))
	default:
		z.sizeOwner = true
		c.g.vis.sizes = true
	}
}

// valueVisibility reads a value's visibility: key. visibility: owner
// makes a per-seat value its seat's secret (a chip count behind a screen).
func (c *compiler) valueVisibility(d *valueDecl, v *yaml.Node) {
	n := get(v, "visibility")
	if n == nil || n.Value == "public" {
		return
	}
	if !d.perPlayer {
		c.report(codeStructure.At(c.at(n), "visibility: owner keeps a value of each seat secret from the others; %s is a table value (owner: table), which belongs to no seat", d.name))
		return
	}
	d.secret = true
	c.g.vis.secrets = true
}

// show compiles a show statement: the cards of a zone (or one card)
// shown to one seat, which then knows them until they move.
//
//   - show: "hand[target]"
//     to: player
func (c *compiler) show(n, v *yaml.Node, sc *scope) action {
	c.g.vis.shows = true
	to := get(n, "to")
	if to == nil {
		c.report(codeStructure.At(c.at(n), "show needs to: the seat the cards are shown to"))
		return nil
	}
	seat := c.expr(to, sc, typ{k: kSeat}, "show's to").ev
	before := len(c.found)
	what := c.expr(v, sc, typ{k: kBad}, "show")
	if what.t.k == kBad && len(c.found) == before {
		// A quoted name (or none) has no type of its own: shown, it is
		// a card ('heist'), as a quoted name takes the type of its use.
		what = c.expr(v, sc, typ{k: kCard}, "show")
	}
	switch what.t.k {
	case kBad:
		return nil
	case kZone:
		ref := what.zone
		return func(s *state) { s.showZone(ref, seat(s)) }
	case kCard:
		card := what.ev
		return func(s *state) { s.showCard(card(s), seat(s)) }
	}
	c.report(codeType.At(c.at(v), "show shows a zone's cards or one card, not %s", what.t))
	return nil
}

// showZone shows the cards of a zone (those its filter passes) to seat p.
func (s *state) showZone(ref *zoneRef, p int64) {
	if p < 0 || p >= int64(s.N) {
		s.fail("the cards are shown to %s, which is not a seat at the table", seatWord(p))
		return
	}
	i := ref.inst(s)
	var names []string
	for _, c := range s.zone(i) {
		if ref.filter != nil {
			s.slots[ref.slot] = int64(c)
			if ref.filter(s) == 0 {
				continue
			}
		}
		s.mark(c, i, int(p))
		if s.Log != nil {
			names = append(names, s.g.cards[c].name)
		}
	}
	if s.Log != nil {
		s.Record(engine.Event{Kind: "show", Player: int(p), From: s.instName(i),
			Text: fmt.Sprintf("is shown %s: %s", s.instName(i), strings.Join(names, ", "))})
	}
}

// showCard shows one card, where it lies, to seat p.
func (s *state) showCard(c, p int64) {
	if p < 0 || p >= int64(s.N) {
		s.fail("a card is shown to %s, which is not a seat at the table", seatWord(p))
		return
	}
	if c < 0 || c >= int64(len(s.g.cards)) {
		return // none: nothing to show
	}
	for i := range s.g.zoneInsts {
		if s.instZone(i).perPlayer && i-s.instZone(i).base >= s.N {
			continue
		}
		for _, d := range s.zone(i) {
			if d == uint8(c) {
				s.mark(d, i, int(p))
				if s.Log != nil {
					s.Record(engine.Event{Kind: "show", Player: int(p), Card: s.g.cards[c].id, From: s.instName(i),
						Text: fmt.Sprintf("is shown %s in %s", s.g.cards[c].name, s.instName(i))})
				}
				return
			}
		}
	}
}

// mark notes that seat p knows card c lies in zone instance i. A card
// shown again elsewhere is known where it was shown last.
func (s *state) mark(c uint8, i, p int) {
	if s.shown[c] != 0 && int(s.shownAt[c]) != i {
		s.shown[c] = 0
	}
	s.shown[c] |= 1 << p
	s.shownAt[c] = int16(i)
}

// knows reports whether seat p was shown card c in zone instance i (and
// it has not moved since).
func (s *state) knows(p int, c uint8, i int) bool {
	return s.shown[c]&(1<<p) != 0 && int(s.shownAt[c]) == i
}

// evaluate compiles evaluate:, an estimate of how well a seat is doing
// (higher is better), seat bound: the heuristic bot plays the move whose
// outcome it rates best.
func (c *compiler) evaluate(n *yaml.Node) {
	if n == nil {
		return
	}
	slot := c.newSlot(false)
	sc := &scope{name: "seat", slot: slot, t: typ{k: kSeat}}
	e := c.expr(n, sc, typ{k: kInt}, "evaluate")
	c.g.vis.evaluate, c.g.vis.evalSlot = e.ev, slot
}

// Evaluate is evaluate: for seat p (engine.Evaluator). It is the one
// estimate, in play and at the end alike: the bot averages it over
// sampled worlds, so a win weighted beyond it would make one lucky sample
// outweigh every other (a rules file rates a win itself: winner == seat).
func (s *state) Evaluate(p engine.Player) float64 {
	v := s.g.vis
	if v.evaluate == nil {
		return 0
	}
	saved := s.slots[v.evalSlot]
	s.slots[v.evalSlot] = int64(p)
	score := float64(v.evaluate(s))
	s.slots[v.evalSlot] = saved
	return score
}

// HasEvaluator reports whether the rules give evaluate: (without it the
// heuristic bot plays at random: engine.MaybeEvaluator).
func (s *state) HasEvaluator() bool { return s.g.vis.evaluate != nil }

// informationModel decides whether the game has hidden information: what
// one seat sees and another does not (a seat's own zone, a card shown to
// one seat, a secret value or zone size), or a secret of the table that
// play does not settle by chance (the order of a face-down ordered pile,
// or which of two face-down piles a card lies in). A shuffled pile alone
// is chance: its cards are the ones nobody sees, and which comes next is
// a chance move. A game without hidden information has perfect
// information (engine.PerfectInformation).
func (c *compiler) informationModel() {
	g := c.g
	piles := 0
	for _, z := range g.zones {
		switch {
		case z.vis == visOwner, z.vis == visHidden && z.ordered:
			g.hidden = true
		case z.vis == visHidden:
			if piles++; piles > 1 || z.perPlayer {
				g.hidden = true
			}
		}
	}
	if g.vis.shows || g.vis.secrets || g.vis.sizes {
		g.hidden = true
	}
	g.vis.secretOf = make([]int8, g.valueInsts)
	for i := range g.vis.secretOf {
		g.vis.secretOf[i] = -1
	}
	for _, v := range g.values {
		if v.secret {
			// A value with a size keeps each seat's items together:
			// place base + seat×size + item.
			per := max(v.size, 1)
			for k := range v.span(engine.MaxPlayers) {
				g.vis.secretOf[v.base+k] = int8(k / per)
			}
		}
	}
}
