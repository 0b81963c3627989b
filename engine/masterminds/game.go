// Package masterminds implements Masterminds: Heist Society (Rules of Play
// v2.2, with the review draft of 05.11.2021 as a rule variant): recruit a
// team of Talents, equip it with Prep cards, and attempt heist steps with
// skill totals and a die, press-your-luck style, for gems whose colours are
// valued by a die roll at the end. engine/masterminds/RULES.md is the
// contract between this engine and the data in cards/masterminds.
package masterminds

import (
	"fmt"
	"strings"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/sat"
)

// Game is Masterminds with one set of rules and cards.
type Game struct {
	data   *gamedata.Data
	params Params
	cards  []card

	// gemsOf[k] is the gems of Mastermind colour k in the box, clearGems the
	// clear ones (both from game.yaml components).
	gemsOf    []int
	clearGems int

	// Card indexes by type, one entry per distinct card.
	masterminds []int
	talents     []int
	preps       []int
	heists      []int
	failures    []int
	cashCard    int // the Starter Cash card (-1: none)
	cashCopies  int
	// copiesOf is the physical cards of each type, which the invariants
	// hold play to after every move.
	copiesOf struct{ prep, talent, heist, failure int }
	// actionCards and gearCards are the Prep cards of each kind, which a
	// hand masked by them gives the cards playable at a Plan or a second
	// Gear decision (tallyPlay).
	actionCards, gearCards engine.CardSet
	// heistWord is the word of a CardSet that holds every Heist card (-1:
	// they span two), so that the tally of a turn's choice among the
	// heists is one word (tallyTurn).
	heistWord int

	// Enum parameters, decoded once.
	testAtLeast bool
	keepOne     bool
	drawAlways  bool
	// replaceAny: a recruit may replace one with room on the team (the
	// draft); otherwise only a full team replaces (v2.2).
	replaceAny bool
	// continueSame: Continue attempts the next step of the same heist (the
	// draft); otherwise any heist's next step (v2.2).
	continueSame bool
	tieBreak     []tieKey

	maxPlayers int
	maxMoves   int

	// skillRows[c] is card c's numbers per skill, read by the skill totals
	// (the heuristic bot's evaluation asks them thousands of times a move).
	skillRows []skillRow
}

// skillRow is a card's skills as a recruit (base), with its active
// ability (active), and what it adds as Gear (gear): small enough for a
// byte once Build's bounds hold.
type skillRow struct{ base, active, gear [nSkills]int8 }

var _ [127 - (maxSkill + 2*maxAmount)]struct{} // a recruit's skill with Gear and ability fits an int8

type tieKey uint8

const (
	tieClearGems tieKey = iota
	tieHeists
	tieShared
)

var codeTooManyMasterminds = codes.Error("TOO_MANY_MASTERMINDS", "There are more Mastermind colours than the engine plays.")

var codeTooFewMasterminds = codes.Error("TOO_FEW_MASTERMINDS", "There is no Mastermind colour card for every seat of the largest player count.")

var codeTooManyImmediate = codes.Error("TOO_MANY_IMMEDIATE", "There are more play-immediately Prep cards than the engine plays (one drawn while another resolves nests its effects).")

var codeNoTalents = codes.Error("NO_TALENTS", "The game has no Talent cards.")

var codeDuplicateColor = codes.Error("DUPLICATE_COLOR", "Two Masterminds share a gem colour.")

var codeHeistDeckShort = codes.Error("HEIST_DECK_SHORT", "The Heist deck cannot lay out heists_on_table at some player count.")

var codeCashShort = codes.Error("CASH_SHORT", "There are too few Starter Cash cards for starter_cash at some player count.")

// Build compiles validated data into a playable game: commands build
// only from data that passed validation, and for data that did not (the
// Go API) every bound the rules rely on is checked before anything is
// sized or counted by the data, so it gives findings, never a crash, a
// giant allocation or a loop over a player range of 2^63.
func Build(d *gamedata.Data) (*Game, []finding.Finding) {
	c := &compiler{data: d}
	g := &Game{data: d, cashCard: -1}
	open, ok := kit.Open(d, params, kit.Limits{Seats: maxSeats}, cardBounds, c.compileCard)
	c.findings = append(c.findings, open.Findings...)
	if !ok {
		return nil, c.findings
	}
	g.params, g.cards = open.Params, open.Cards
	c.checkParams(&g.params, open.OutOfRange)
	copies, decks := g.sortCards(c)
	c.checkDecks(decks)
	g.countGems(c)
	g.readRules()
	g.maxPlayers = min(d.Manifest.Players.Max, len(g.masterminds), maxSeats)
	g.checkCounts(c, copies)
	// Random-bot smoke games last a few thousand moves (tens of thousands
	// at 5 players with recall_markers); a game still running at this cap
	// does not end.
	g.maxMoves = 250000
	if errs, _ := finding.Count(c.findings); errs > 0 {
		return nil, c.findings
	}
	g.tables()
	return g, c.findings
}

// sortCards files each card under its type and numbers the Masterminds'
// colours, reporting two of one colour; copies are each type's physical
// cards, decks its card indexes.
func (g *Game) sortCards(c *compiler) (copies map[cardType]int, decks map[cardType][]int) {
	copies, decks = map[cardType]int{}, map[cardType][]int{}
	colours := map[string]string{}
	for i, gc := range c.data.Cards {
		cd := &g.cards[i]
		decks[cd.typ] = append(decks[cd.typ], i)
		switch cd.typ {
		case typeMastermind:
			cd.colour = len(g.masterminds)
			if other, dup := colours[cd.color]; dup {
				c.report(codeDuplicateColor, at(gc.Pos.File, gc.Node, "color"), "card %s has colour %s, like %s: each Mastermind needs its own gem colour", cd.id, cd.color, other)
			}
			colours[cd.color] = cd.id
			g.masterminds = append(g.masterminds, i)
		case typeCash:
			if g.cashCard < 0 {
				g.cashCard = i
			}
			g.cashCopies = sat.Add(g.cashCopies, cd.copies)
		case typeTalent:
			g.talents = append(g.talents, i)
		case typePrep:
			g.preps = append(g.preps, i)
			switch cd.kind {
			case kindAction:
				g.actionCards.Add(i)
			case kindGear:
				g.gearCards.Add(i)
			}
		case typeHeist:
			g.heists = append(g.heists, i)
		case typeFailure:
			g.failures = append(g.failures, i)
		}
		copies[cd.typ] = sat.Add(copies[cd.typ], cd.copies)
	}
	return copies, decks
}

// readRules decodes the enum parameters once.
func (g *Game) readRules() {
	p := &g.params
	g.testAtLeast = p.FailureTest != "higher"
	g.keepOne = p.RetireAfterHeist != "retire_one"
	g.drawAlways = p.CompletionDraw == "mandatory"
	g.replaceAny = p.ReplaceRecruit == "any_time"
	g.continueSame = p.ContinueStep == "same_heist"
	for _, t := range p.TieBreak {
		g.tieBreak = append(g.tieBreak, map[string]tieKey{"clear_gems": tieClearGems, "heists": tieHeists, "shared": tieShared}[t])
	}
}

// checkCounts reports cards too few or too many for the rules at some
// player count: Mastermind colours, heists, Starter Cash, play-immediately
// Prep cards and Talents.
func (g *Game) checkCounts(c *compiler, copies map[cardType]int) {
	d, m, p := c.data, c.data.Manifest, &g.params
	if len(g.masterminds) > maxColours {
		c.report(codeTooManyMasterminds, m.Pos, "Masterminds supports at most %d Mastermind colours", maxColours)
	}
	if len(g.masterminds) < m.Players.Max {
		c.report(codeTooFewMasterminds, m.PlayersPos, "%d players need %d Mastermind colour cards; the data has %d", m.Players.Max, m.Players.Max, len(g.masterminds))
	}
	lo, hi := kit.PlayerCounts(m.Players, maxSeats)
	for n := lo; n <= hi; n++ {
		if need := 2 * p.Heists(n); copies[typeHeist] < need {
			c.report(codeHeistDeckShort, paramPos(d, "heists_on_table"), "%d players lay out %d heists (%d Heist cards) but the heist deck has %d", n, p.Heists(n), need, copies[typeHeist])
		}
		if need := n * p.Cash(n); need > g.cashCopies {
			c.report(codeCashShort, paramPos(d, "starter_cash"), "%d players get %d Starter Cash cards each (%d) but the data has %d", n, p.Cash(n), need, g.cashCopies)
		}
	}
	immediate := 0
	for _, i := range g.preps {
		if g.cards[i].immediate {
			immediate = sat.Add(immediate, g.cards[i].copies)
		}
	}
	if immediate > maxImmediate {
		c.report(codeTooManyImmediate, m.Pos, "%d play-immediately Prep cards; Masterminds supports at most %d (each one drawn while another resolves nests its effects)", immediate, maxImmediate)
	}
	if copies[typeTalent] == 0 {
		c.report(codeNoTalents, m.Pos, "Masterminds needs Talent cards")
	}
}

// tables fills what play reads many times a move, once the data is
// known to be sound: the copies of each type, the word of the heists'
// CardSet and each card's skill rows.
func (g *Game) tables() {
	total := func(ids []int) int {
		n := 0
		for _, c := range ids {
			n += g.cards[c].copies
		}
		return n
	}
	g.copiesOf.prep, g.copiesOf.talent, g.copiesOf.heist, g.copiesOf.failure = total(g.preps), total(g.talents), total(g.heists), total(g.failures)
	g.heistWord = -1
	if len(g.heists) > 0 && g.heists[0]>>6 == g.heists[len(g.heists)-1]>>6 {
		g.heistWord = g.heists[0] >> 6 // ids ascend
	}
	g.skillRows = make([]skillRow, len(g.cards))
	for i := range g.cards {
		cd, row := &g.cards[i], &g.skillRows[i]
		for sk := 0; sk < nSkills; sk++ {
			row.base[sk] = int8(cd.skills[sk])
			row.active[sk] = int8(cd.skills[sk] + cd.activeBonus(sk))
			row.gear[sk] = int8(cd.gearBonus(sk))
		}
	}
}

func paramPos(d *gamedata.Data, name string) finding.Pos {
	if p, ok := d.Params[name]; ok {
		return p.Pos
	}
	return d.Manifest.Pos
}

// Params exposes the compiled parameters (tests and the reference sheet).
func (g *Game) Params() Params { return g.params }

func (g *Game) Info() engine.Info {
	info := kit.Info(g.data)
	info.MaxPlayers = g.maxPlayers
	info.MaxMoves = g.maxMoves
	info.Cards = len(g.cards)
	info.Counters, info.CounterDocs = counterNames, counterDocs
	info.EndCauses = endCauses
	// A random-bot game is some 2,000 moves and the heuristic games lint
	// adds are slow: 1,000 games per player count keep lint of both
	// variants near seven seconds on two cores.
	info.SmokeGames = 400
	info.DeckSize = g.deckSize
	info.Alarms = alarms
	return info
}

// Counters this game tallies (Info.Counters order), each with what it
// counts.
const (
	cntTurns = iota
	cntHeistsCompleted
	cntOutOfMarkers
	cntBagEmpty
	cntGemsLost
	cntPrepDeckEmpty
	cntPrepDrawsSkipped
	cntTalentReshuffles
	cntFailureReshuffles
	cntAttempts
	cntPerfections
	cntSuccesses
	cntPushes
	cntFailures
	cntConsequences
	cntInterrupts
	cntBonusGems
	cntMarkersDeadlock
	cntHeistsExhausted
	cntMarkersRecalled
)

var counterNames, counterDocs = kit.CounterInfo([]kit.Counter{
	{Name: "turns", Doc: "turns played"},
	{Name: "heists_completed", Doc: "heists completed"},
	{Name: "out_of_markers", Doc: "turns with a heist step open but no free marker die"},
	{Name: "bag_empty", Doc: "draws that took the last gem from the bag"},
	{Name: "gems_lost", Doc: "gems owed with the bag already empty"},
	{Name: "prep_deck_empty", Doc: "Prep draws from an exhausted deck"},
	{Name: "prep_draws_skipped", Doc: "Prep draws skipped: deck and discard both empty"},
	{Name: "talent_reshuffles", Doc: "Talent discard reshuffled into an exhausted deck"},
	{Name: "failure_reshuffles", Doc: "Failure discard reshuffled into an exhausted deck"},
	{Name: "attempts", Doc: "heist step attempts"},
	{Name: "perfections", Doc: "attempts already above the target before the roll"},
	{Name: "successes", Doc: "attempts won on the roll"},
	{Name: "pushes", Doc: "attempts that tied the target"},
	{Name: "failures", Doc: "attempts below the target"},
	{Name: "consequences", Doc: "Failure consequences suffered"},
	{Name: "interrupts_played", Doc: "Interrupt cards played"},
	{Name: "bonus_gems", Doc: "bonus gems for matching dice"},
	{Name: "markers_deadlock", Doc: "games ended because no player had a free marker die"},
	{Name: "heists_exhausted", Doc: "games ended because no heist could be laid out"},
	{Name: "markers_recalled", Doc: "marker dice taken back from a heist"},
})

var alarmOutOfMarkers = codes.Alarm("OUT_OF_MARKERS", "Players often had a heist step open but no free marker die: markers_per_player is tight for the heists on the table.")

var alarmGemsLost = codes.Alarm("GEMS_EXHAUSTED", "The gem bag often ran dry before the game ended: TAKE numbers or gain_gem effects are high for the gems in the bag.")

var alarmPrepDrawsSkipped = codes.Alarm("PREP_DECK_EXHAUSTED", "Prep draws were skipped because the deck and its discard were both empty: the Prep deck is small for the hands players keep.")

var alarmMarkersDeadlock = codes.Alarm("MARKERS_DEADLOCK", "Games ended because every player's marker dice sat on unfinished heists and no heist could ever be completed.")

var alarmHeistsExhausted = codes.Alarm("HEISTS_EXHAUSTED", "Games ended because the heist deck could not lay out a heist: the heist deck is small.")

// alarms are the counters that should stay rare; lint warns when one runs
// above its rate per game.
var alarms = []engine.Alarm{
	{Counter: "out_of_markers", Code: alarmOutOfMarkers, PerGame: 3},
	{Counter: "gems_lost", Code: alarmGemsLost, PerGame: 0.5},
	{Counter: "prep_draws_skipped", Code: alarmPrepDrawsSkipped, PerGame: 0.5},
	{Counter: "markers_deadlock", Code: alarmMarkersDeadlock, PerGame: 0.01},
	{Counter: "heists_exhausted", Code: alarmHeistsExhausted, PerGame: 0.01},
}

// deckSize counts the physical cards used at a player count.
func (g *Game) deckSize(players int) int {
	n := 0
	for _, c := range g.cards {
		switch c.typ {
		case typeMastermind, typeCash:
		default:
			n += c.copies
		}
	}
	return n + players + players*g.params.Cash(players)
}

// Facts are the numbers derived from parameters, for the reference sheet.
func (g *Game) Facts() map[string]any {
	p := &g.params
	colours := len(g.masterminds)
	f := map[string]any{
		"end_heists":        fmt.Sprintf("players + %d", p.EndHeistsExtra),
		"markers_total":     p.MarkersPerPlayer * colours,
		"dice_total":        (p.MarkersPerPlayer + 1) * colours,
		"dice_per_player":   p.MarkersPerPlayer + 1,
		"gems_per_colour":   g.gemsPerColour(),
		"clear_gems":        g.clearGems,
		"gems_total":        g.gemsPerColour()*colours + g.clearGems,
		"skills":            strings.Join(skillNames[:nSkills], ", "),
		"failure_test_text": map[bool]string{true: "equal to or higher than", false: "higher than"}[g.testAtLeast],
		"retire_text": map[bool]string{
			true:  "choose one Recruit to stay; the rest retire",
			false: "choose one Recruit to retire",
		}[g.keepOne],
		"completion_draw_text": map[bool]string{true: "draw", false: "may draw"}[g.drawAlways],
		"completion_draw_team": p.CompletionDrawMaxTeam,
		"replace_recruit_text": map[bool]string{
			true:  "you may replace one",
			false: "when full, replace one",
		}[g.replaceAny],
		"continue_text": map[bool]string{
			true:  "the next step of the same heist",
			false: "another step of any heist",
		}[g.continueSame],
		"first_recruit_text": map[bool]string{
			true:  "Each player draws one Talent as a first Recruit, with its recruit ability.",
			false: "Nobody starts with a Recruit.",
		}[p.FirstRecruit],
		"pay_gem_text": map[bool]string{
			true:  "return a gem to the bag or flip a Starter Cash card",
			false: "return a gem to the bag",
		}[p.PayGemWithCash],
		"tie_break_text": tieBreakText(p.TieBreak),
	}
	for n := g.data.Manifest.Players.Min; n <= g.data.Manifest.Players.Max; n++ {
		f[fmt.Sprintf("end_heists_%dp", n)] = p.EndHeists(n)
		f[fmt.Sprintf("heists_on_table_%dp", n)] = p.Heists(n)
		f[fmt.Sprintf("starter_cash_%dp", n)] = p.Cash(n)
		f[fmt.Sprintf("gems_in_bag_%dp", n)] = g.gemsPerColour()*n + g.clearGems
	}
	return f
}

// tieBreakText reads the tie_break list as a sentence.
func tieBreakText(order []string) string {
	words := map[string]string{"clear_gems": "most clear gems", "heists": "most heists completed", "shared": "a shared win"}
	var parts []string
	for _, o := range order {
		parts = append(parts, words[o])
	}
	return strings.Join(parts, ", then ")
}

// countGems reads the gems in the box from the manifest's components — one
// `gem-<colour>` per Mastermind colour and `gem-clear` — so the counts live
// once, in game.yaml, and checks the dice against the marker dice.
func (g *Game) countGems(c *compiler) {
	m := g.data.Manifest
	count := map[string]gamedata.Component{}
	for _, comp := range m.Components {
		count[comp.ID] = comp
	}
	g.gemsOf = make([]int, len(g.masterminds))
	for k, i := range g.masterminds {
		cd := g.cards[i]
		comp, ok := count["gem-"+cd.color]
		if cd.color == "" {
			continue // not a real Mastermind card: its type was already reported
		}
		if !ok {
			c.report(gamedata.CodeUndefinedComponent, cd.pos, "Mastermind %s plays %s gems, but game.yaml components has no gem-%s with their count", cd.id, cd.color, cd.color)
			continue
		}
		g.gemsOf[k] = c.gemCount(comp)
	}
	if comp, ok := count["gem-clear"]; ok {
		g.clearGems = c.gemCount(comp)
	} else {
		c.report(gamedata.CodeUndefinedComponent, m.Pos, "game.yaml components has no gem-clear with the clear gems' count")
	}
	if comp, ok := count["dice"]; ok {
		if want := (g.params.MarkersPerPlayer + 1) * len(g.masterminds); comp.Count != want {
			c.report(gamedata.CodeCountMismatch, comp.Pos, "%d dice declared, but %d colours × (%d marker dice + 1 scoring die) need %d",
				comp.Count, len(g.masterminds), g.params.MarkersPerPlayer, want)
		}
	}
}

var codeComponentRange = codes.Error("COMPONENT_RANGE", "A kind of gem in game.yaml components numbers more than 255 (a player may hold them all).")

// gemCount is a gem component's count, reported when a player could hold
// more of one kind than the state counts (0 then: Build fails anyway).
func (c *compiler) gemCount(comp gamedata.Component) int {
	if comp.Count < 0 || comp.Count > maxGems {
		c.report(codeComponentRange, comp.Pos, "component %s counts %d gems; Masterminds plays 0 to %d of a kind", comp.ID, comp.Count, maxGems)
		return 0
	}
	return comp.Count
}

// gemsPerColour is the gems of one colour (the first; the box has the same
// number of each).
func (g *Game) gemsPerColour() int {
	if len(g.gemsOf) == 0 {
		return 0
	}
	return g.gemsOf[0]
}
