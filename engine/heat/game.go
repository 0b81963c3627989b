// Package heat implements HEAT (print-and-play rules v0.96): a drafted hand,
// four simultaneous Stages per heist resolved phase by phase, and a shared
// Heat board whose emptiest row sets what each Heat token costs at the end.
package heat

import (
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// Game is HEAT with one set of rules and cards.
type Game struct {
	data     *gamedata.Data
	params   Params
	cards    []card
	keywords []gamedata.Keyword
	phases   []gamedata.Phase
	maxMoves int
	// staticValue is a rough worth of each card, for the heuristic bot's
	// judgement of a hand.
	staticValue []float64
	table       phaseTable
	// decks holds, per player count, the cards shuffled in at each heist.
	// An array, not a map: the invariant check reads a size every move.
	decks [engine.MaxPlayers + 1][]int
	// inOrder: a phase resolves seat by seat (phase_resolution seat_order)
	// rather than all at once; short is the shortfall rule.
	inOrder bool
	short   shortfallRule
}

var codeTooManyPhases = codes.Error("TOO_MANY_PHASES", "The game has more than 8 phases.")

// Build compiles validated data into a playable game: commands build
// only from data that passed validation, and for data that did not (the
// Go API) every bound the rules rely on is checked before anything is
// sized by the data, so it gives findings, never a crash or a giant
// allocation.
func Build(d *gamedata.Data) (*Game, []finding.Finding) {
	c := &compiler{data: d, keywords: map[string]int{}, phases: map[string]int{}}
	for i, kw := range d.Manifest.Keywords {
		c.keywords[kw.ID] = i
	}
	for i, ph := range d.Manifest.Phases {
		c.phases[ph.ID] = i
	}
	g := &Game{data: d, keywords: d.Manifest.Keywords, phases: d.Manifest.Phases}
	open, ok := kit.Open(d, params, kit.Limits{Seats: engine.MaxPlayers, Keywords: 64}, cardBounds, c.compileCard)
	c.findings = append(c.findings, open.Findings...)
	if !ok {
		return nil, c.findings
	}
	g.params, g.cards = open.Params, open.Cards
	g.inOrder = g.params.PhaseResolution == "seat_order"
	g.short = shortfallRules[g.params.Shortfall]
	if len(g.phases) > maxPhases {
		c.report(codeTooManyPhases.At(d.Manifest.Pos, "HEAT supports at most %d phases", maxPhases))
		return nil, c.findings
	}
	if len(g.phases) == 0 {
		c.report(codeUndefinedPhase.At(d.Manifest.Pos, "HEAT needs at least one phase in game.yaml phases"))
	}
	c.checkDecks()
	if errs, _ := finding.Count(c.findings); errs > 0 {
		return nil, c.findings
	}
	g.table = newPhaseTable(g.cards, len(g.phases))
	// A generous cap: a real game makes about 40 moves per heist at 5
	// players; a game still running at ten times that does not end.
	p := g.params
	g.maxMoves = 10 * max(1, p.Heists) * (engine.MaxPlayers*(p.HandSize()+8) + p.DraftRounds + p.Stages*4 + 8)
	for _, cd := range g.cards {
		g.staticValue = append(g.staticValue, g.worth(cd))
	}
	// Decks only for the player counts the game supports: checkDecks
	// vouched for those.
	lo, hi := kit.PlayerCounts(d.Manifest.Players, engine.MaxPlayers)
	for n := lo; n <= hi; n++ {
		for i, cd := range g.cards {
			if d.Cards[i].UsedWith(n) {
				for k := 0; k < cd.copies; k++ {
					g.decks[n] = append(g.decks[n], i)
				}
			}
		}
	}
	return g, c.findings
}

// Params exposes the compiled parameters (tests and the reference sheet).
func (g *Game) Params() Params { return g.params }

func (g *Game) Info() engine.Info {
	info := kit.Info(g.data)
	info.MaxMoves = g.maxMoves
	info.SmokeGames = 4000 // ~0.3 s at every player count on one core
	info.Cards = len(g.cards)
	info.Counters, info.CounterDocs = counterNames, counterDocs
	info.EndCauses = endCauses
	info.Dynamics = engine.SimultaneousMoves
	info.DeckSize = g.deckSize
	return info
}

// Counters this game tallies, each with what it counts.
const (
	cntOutOfHeat = iota
	cntDrawsSkipped
	cntArrests
)

var counterNames, counterDocs = kit.CounterInfo([]kit.Counter{
	{Name: "out_of_heat_returns", Doc: "Heat returned for a short Phase B"},
	{Name: "draws_skipped", Doc: "phases whose draws were all skipped (out of cards)"},
	{Name: "arrests", Doc: "games ended by arrest"},
})

// deckSize counts the physical cards used at a player count: the deck
// Build made for it (the invariants ask after every move).
func (g *Game) deckSize(players int) int {
	if players < 0 || players >= len(g.decks) {
		return 0
	}
	return len(g.decks[players])
}

// Facts are the numbers derived from parameters, for the reference sheet.
func (g *Game) Facts() map[string]any {
	return map[string]any{
		"hand_size":        g.params.HandSize(),
		"heat_tokens":      g.params.HeatTokens(),
		"arrest_limit":     g.params.HeatTokens(),
		"resolution_rule":  g.resolutionRule(),
		"shortfall_rule":   g.shortfallRule(),
		"out_of_heat_loss": g.outOfHeatLoss(),
	}
}

// resolutionRule says how a phase resolves (phase_resolution), for the
// reference sheet.
func (g *Game) resolutionRule() string {
	if g.inOrder {
		return "Within a phase, players resolve their cards one at a time, starting with the first player and going left; each sees what the players before did."
	}
	return "Each phase happens at once: every effect is worked out from the money and Heat players held when the phase began, then all are applied together. " +
		"What you gain or receive in a phase can be paid, returned or given from the next phase on. Asked to return or give more Heat than you held, you part with all of it: one token at a time to each request still open while every one can get one, the rest back to the board."
}

// shortfallRule says what a payment does when the payer is short
// (shortfall), for the reference sheet.
func (g *Game) shortfallRule() string {
	switch g.short {
	case shortPayWhatYouHave:
		if g.inOrder {
			return "Nobody pays more than they have: a player asked for more pays all they have, and the rest of the card still happens."
		}
		return "Nobody pays more than they have: a player asked for more in a phase (payments and thefts together) pays all they have, a dollar at a time to each one still open while every one can get one, the rest to the bank; the rest of the card still happens."
	case shortNoEffect:
		if g.inOrder {
			return "A payment a player cannot make in full is not made, and what follows it on the card does not happen."
		}
		return "A payment a player cannot make in full is not made, and what follows it on the card does not happen. Asked for more than they have in a phase (payments and thefts together), a player pays none of it."
	}
	return "Money can go below $0: a player asked to pay or lose more than they have pays it all and owes the rest (use a substitute); it counts against them at the end."
}

// outOfHeatLoss is the out-of-Heat loss as the sheet prints it.
func (g *Game) outOfHeatLoss() string {
	loss := money(g.params.OutOfHeatPenalty)
	switch g.short {
	case shortPayWhatYouHave:
		return loss + " (or all they have)"
	case shortNoEffect:
		return loss + " if they have it"
	}
	return loss
}

// meanRowValue is the average row value: the Heat cost a player can expect
// by the end of a game.
func (g *Game) meanRowValue() int {
	if len(g.params.HeatBoard) == 0 {
		return 0
	}
	sum := 0
	for _, r := range g.params.HeatBoard {
		sum += r.Value
	}
	return sum / len(g.params.HeatBoard)
}

// worth estimates a card's value in dollars, ignoring who else plays what.
func (g *Game) worth(c card) float64 {
	heat := float64(-g.meanRowValue())
	v := 0.0
	for _, e := range c.effects {
		a := float64(e.amount)
		if e.per != perNone {
			a *= 1.5
		}
		if e.cond != condNone {
			a /= 2
		}
		switch e.action {
		case actGain, actSteal:
			v += a
		case actPay:
			v -= a
		case actTakeHeat:
			v -= a * heat
		case actReturnHeat, actGiveHeat:
			v += a * heat
		case actDraw:
			v += a
		}
	}
	return v
}
