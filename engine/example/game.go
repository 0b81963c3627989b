// Package example is the smallest complete engine and the template for a
// new one: Draw and Bank (testdata/), twelve cards, first to bank 10
// points. Its rules are in rules.go; this file is everything else an
// engine writes, held to 100 lines by TestTemplateStaysSmall: the module,
// Build, Info, the state's lifecycle and what each seat sees.
package example

import (
	"encoding/binary"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// Game is Draw and Bank with one set of rules and cards.
type Game struct {
	data   *gamedata.Data
	params Params
	cards  []card
}

// Build compiles validated data into a playable game. It also runs on data
// that failed its schemas (to report more in one run), so it checks every
// bound the rules rely on before it sizes anything by the data.
func Build(d *gamedata.Data) (*Game, []finding.Finding) {
	open, ok := kit.Open(d, params, kit.Limits{Seats: engine.MaxPlayers}, cardBounds, compileCard)
	found := open.Findings
	if !ok {
		return nil, found
	}
	g := &Game{data: d, params: open.Params, cards: open.Cards}
	all := make([]int, len(d.Cards))
	for i := range all {
		all[i] = i
	}
	if o, over := kit.OverfullPile(d.Cards, all, engine.MaxDeck); over {
		found = append(found, kit.CodeTooManyCards.At(kit.CopiesPos(d.Cards[o.Card]), "the deck has %d cards: at most %d, and %d copies of a card", o.Total, engine.MaxDeck, kit.MaxCopies))
	}
	if errs, _ := finding.Count(found); errs == 0 {
		found = append(found, g.check()...)
	}
	if errs, _ := finding.Count(found); errs > 0 {
		return nil, found
	}
	return g, found
}

// Info is the manifest's part (kit.Info) and what the engine knows.
func (g *Game) Info() engine.Info {
	info := kit.Info(g.data)
	// Random 4-player games take at most about 100 moves a point of goal
	// when only the cheapest card can be held (10 with testdata's rules):
	// a game still going after ten times that does not end.
	info.MaxMoves = 1000 * g.params.Goal
	info.Cards = len(g.cards)
	info.Counters = counters
	info.EndCauses = []string{endGoal}
	return info
}

func (g *Game) NewState(players int, opts engine.StateOptions) engine.State {
	return engine.Started(&state{g: g}, players, opts)
}

// Reset starts a new game in place: every card in the deck, seat 1 to move.
func (s *state) Reset(players int, opts engine.StateOptions) {
	*s = state{g: s.g, Base: engine.NewBase(players, opts)}
	for i, c := range s.g.cards {
		for range c.copies {
			s.deck.Add(i)
		}
	}
}

func (s *state) CloneInto(dst engine.State) engine.State { return engine.CloneState(s, dst) }

// Observation is what seat p sees (engine.Observer): whose turn it is, the
// scores, how many cards each hand and the deck hold, and its own hand.
func (s *state) Observation(p engine.Player, buf []byte) []byte {
	put := func(v int) { buf = binary.AppendVarint(buf, int64(v)) }
	put(s.Move)
	put(int(s.CurrentPlayer()))
	put(s.turn)
	put(s.deck.Len())
	for q := range s.N {
		put(s.banked[q])
		put(s.hands[q].Len())
	}
	if p >= 0 && int(p) < s.N {
		for i := range s.hands[p].Len() {
			put(s.hands[p].At(i))
		}
	}
	return buf
}

// Determinize re-deals what seat p cannot see (engine.Determinizer): the
// other hands go back into the deck, the deck is put in card order (so
// nothing of the truth's order is left), and each of those hands draws its
// size again at random.
func (s *state) Determinize(p engine.Player, r *engine.Rand) {
	var size [engine.MaxPlayers]int
	for q := range s.N {
		if q != int(p) {
			size[q] = s.hands[q].Len()
			s.toDeck(q)
		}
	}
	var sorted engine.Hand
	for s.deck.Len() > 0 {
		sorted.Add(s.deck.TakeAt(0))
	}
	for i := range sorted.Len() {
		s.deck.Add(sorted.At(i))
	}
	for q, n := range size {
		for range n {
			s.hands[q].Add(s.deck.TakeAt(s.deck.SampleAt(r)))
		}
	}
}
