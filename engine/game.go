// Package engine is the core every game shares: the game and state
// interfaces (in the style of OpenSpiel), seeded randomness, decks and bags,
// bots, the parallel smoke-game runner and its statistics.
//
// A game is three layers: a Module (engine/kit: the engine id and its
// schemas) builds a Game from one game's data (parameters and cards
// compiled), and the Game creates States that bots play.
package engine

import (
	"github.com/cardpress/cardpress/finding"
)

// Game is one parameterised game, ready to create states.
type Game interface {
	Info() Info
	// NewState deals nothing yet: the first moves of a state are chance
	// moves, so every random thing is in the history.
	NewState(players int, opts StateOptions) State
	// CardRules is the printed rules text of card i (index into data.Cards),
	// generated from the same effects the engine executes.
	CardRules(i int) []RulesLine
}

// FactSheet is optional: a game that derives numbers from its parameters
// for the reference sheet (e.g. hand size), by placeholder name.
type FactSheet interface {
	Facts() map[string]any
}

// Facts are g's derived numbers, none when it is not a FactSheet.
func Facts(g Game) map[string]any {
	if f, ok := g.(FactSheet); ok {
		return f.Facts()
	}
	return nil
}

// RulesLine is one line of a card's printed rules, tagged with its phase (or
// "" when the game has none).
type RulesLine struct {
	Phase string
	Text  string
}

// Info is the fixed facts about a built game.
type Info struct {
	ID         string
	MinPlayers int
	MaxPlayers int
	// MaxMoves is the turn cap: a state still not terminal after this many
	// moves is a game that does not end.
	MaxMoves int
	// Cards is the number of distinct cards, the size of a Tally's card arrays.
	Cards int
	// Counters names the game's own tallies (index = Tally.Counters index).
	Counters []string
	// CounterDocs says what each counter counts, in a few words (same
	// index), for readers of sim and report: "Heat returned for a short
	// Phase B". A counter without one is shown by its name.
	CounterDocs []string
	// EndCauses names every way a game can end (Ender.EndCause; a game
	// stopped by the turn cap has none). Summaries count games by them,
	// and merge refuses a shard that names another.
	EndCauses []string
	// SmokeGames is the most random-bot games per player count lint plays
	// by default (0: lint's own, 1000): it stops sooner, from 200 games on,
	// once every check is decided (docs/lint.md, How many smoke games).
	SmokeGames int
	// DeckSize, when set, reports how many cards are in play at a player count.
	DeckSize func(players int) int
	// Alarms turn counters that run high into lint warnings.
	Alarms []Alarm
	// Dynamics and Information declare the kind of game, as OpenSpiel's
	// GameType does; the zero values are the most common kind, a
	// sequential game with hidden information.
	Dynamics    Dynamics
	Information Information
	// Expected are things the rules say can happen (a choice's option, a
	// card effect's condition); states count them with Tally.Probe, and
	// lint warns about each that never happened in its smoke games.
	Expected []Expectation
	// RulesAsData says the rules are the game's data (the rules engine):
	// a broken invariant or a game that does not end is then a mistake in
	// that data, which lint reports, rather than a bug in the engine.
	RulesAsData bool
}

// Dynamics says how seats move.
type Dynamics int

const (
	// Sequential: one seat (or chance) moves at a time.
	Sequential Dynamics = iota
	// SimultaneousMoves: some nodes have every seat choose in secret; the
	// game's states are JointAppliers.
	SimultaneousMoves
)

// Information says what seats see.
type Information int

const (
	// ImperfectInformation: some things are hidden from some seats (hands,
	// face-down piles); the game's states are Observers and Determinizers,
	// so bots decide from what their seat sees.
	ImperfectInformation Information = iota
	// PerfectInformation: every seat sees the whole state (chance allowed),
	// so bots are fair by construction.
	PerfectInformation
)

// Expectation is something the rules say can happen, at the position of
// the data that says so.
type Expectation struct {
	Pos finding.Pos
	// Card is the card whose data it is (its player marks say at which
	// counts it can happen), or -1.
	Card int
	// Never says in words what never happened: "option draw was never
	// legal", "the condition of effect 1 never held".
	Never string
}

// Alarm is a lint warning a game raises when one of its counters runs high
// in smoke games: a rule that should be rare but keeps happening.
type Alarm struct {
	Counter string // a name in Info.Counters
	// Code is the finding, declared with finding.Alarm scope, warning
	// severity and the engine's id; its purpose says what it means when
	// the alarm fires.
	Code    *finding.Code
	PerGame float64 // warn when the counter's mean per game exceeds this
}

// CardFaces is optional: a game whose cards print fields of their own
// (beyond name, keywords, flavor and rules), or whose cards are two-sided.
type CardFaces interface {
	// CardFields gives card i's game fields by layout field name, for its
	// front and for its own back. back is nil for a card that shows its
	// deck's common back.
	CardFields(i int) (front, back map[string]string)
}

// BackTexts is optional: a game whose two-sided cards print rules on their
// own backs.
type BackTexts interface {
	// BackRules is the printed "rules" field of card i's own back,
	// generated like CardRules; nil when it has none.
	BackRules(i int) []RulesLine
}

// StateOptions wire a state to a run: an optional event log, tally and
// history of the applied moves.
type StateOptions struct {
	Log   func(Event)
	Tally *Tally
	// History, when set, records every move engine.Apply applies to the
	// state (replays and debugging; smoke games keep none).
	History *History
}

// Event is one line of a game's log.
type Event struct {
	Move   int    `json:"move"`
	Kind   string `json:"kind"`
	Player int    `json:"player"` // the seat it concerns (0-based), -1 for the table
	Text   string `json:"text"`   // the event in words, made from the fields below

	// What happened, typed, so a script can check a game against its
	// rulebook without reading the prose; each is set when it applies.
	Card     string `json:"card,omitempty"`     // the card it concerns, by id
	Cause    string `json:"cause,omitempty"`    // the card id or rule that made it happen
	Target   *int   `json:"target,omitempty"`   // the other seat it concerns
	Resource string `json:"resource,omitempty"` // what moved or changed: money, heat, cheese, …
	Amount   *int   `json:"amount,omitempty"`   // how much did (0: the effect came to nothing)
	Printed  *int   `json:"printed,omitempty"`  // how much the card or rule says, when that differs
	Total    *int   `json:"total,omitempty"`    // what the seat (or the supply, for the table) holds after it
	From     string `json:"from,omitempty"`     // the zone a card, token or amount left
	To       string `json:"to,omitempty"`       // the zone it went to
	At       *At    `json:"at,omitempty"`       // where in the game's structure
	Result   string `json:"result,omitempty"`   // how a test, an attempt or the game came out
	// Returns are each seat's share of the win, on the event that ends
	// the log.
	Returns []float64 `json:"returns,omitempty"`
	// Action is the action's number, on a move event (PlayOptions.LogMoves).
	Action *int `json:"action,omitempty"`
	// Header, on the first event only, says what was played.
	Header *Header `json:"header,omitempty"`
}

// At is a place in a game's structure; a game sets the parts it has.
type At struct {
	Round int    `json:"round,omitempty"` // round, heist or game turn cycle, from 1
	Stage int    `json:"stage,omitempty"` // stage within it, from 1
	Phase string `json:"phase,omitempty"` // phase id
	Turn  int    `json:"turn,omitempty"`  // turn, from 1
}

// Header opens a game's log: enough to play the same game again.
type Header struct {
	Game    string         `json:"game"`
	Engine  string         `json:"engine"`
	Variant string         `json:"variant,omitempty"`
	Players int            `json:"players"`
	Seed    finding.Seed   `json:"seed"`
	Bots    []string       `json:"bots"`
	Params  map[string]any `json:"params"` // every rule parameter's value
}

// Int is a pointer to n, for an Event's optional numbers.
func Int(n int) *int { return &n }
