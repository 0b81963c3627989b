// Package rules is the generic engine: it plays a game whose rules are
// written as data in the game folder (files.rules, engine: rules), in the
// language docs/rules.md describes. Build compiles the rules file into
// typed expressions and a small program; states run that program and stop
// at each decision (a seat's choice, every seat's secret choice, or a
// chance draw), so bots, lint, sim and replay play it like any engine.
package rules

import (
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

func init() {
	kit.Register(kit.ModuleOf(gamedata.RulesEngine, nil, Build, nil, nil))
}

// Game is one rules file compiled against its game's cards and parameters.
type Game struct {
	data  *gamedata.Data
	memos int // memoAggregate's sites
	// listMemos are listMemo's sites; listBound the names they bind, in
	// all.
	listMemos []listMemoSite
	listBound int
	listedAny int // any answered from an option's listing (listedAs)
	guarded   int // options whose if: the listing answers (listGuard)
	cards     []cardInfo
	// fields are the card fields the rules can read, by name; enums the
	// types their enum fields make.
	fields map[string]*field
	enums  []*enumType
	// types are the enum types by name: each enum card field's, keyword
	// (game.yaml's keywords) and phase (its phases).
	types map[string]*enumType
	// keywords is each card's keywords, one bit per keyword.
	keywords [][4]uint64
	// lists are the card lists the rules declare, by name.
	lists map[string]*listDecl
	// pools are the conserved counters: a table value and the per-seat
	// values whose sum with it never changes.
	pools  []pool
	zones  []*zoneDecl
	values []*valueDecl
	// code is the program (play) and choices its decision points.
	code    []instr
	choices []*choice
	// slots is how many bound names and loop counters a state keeps;
	// private marks those that may hold what a seat chose in secret.
	slots   int
	private []bool
	// joints is how many picks the secret choices keep (MaxPlayers each).
	joints  int
	winners []rankRule
	turnCap int
	// zoneInsts and valueInsts size a state: table zones and values take
	// one place, per-player ones engine.MaxPlayers.
	zoneInsts, valueInsts int
	// instZones is the zone of each zone instance.
	instZones []*zoneDecl
	startZone int
	// startAt is each card's start zone instance per player count, when
	// some zone starts with the cards of a condition (starts.go).
	startAt              map[int][]int
	simultaneous, hidden bool
	// inPlay lists, per player count, the cards in play (copies repeated,
	// card order): what collect puts back.
	inPlay map[int][]uint8
	// screen is CheckInvariants' screen per player count (state.go).
	screen [engine.MaxPlayers + 1]invScreen
	// capacity is the most cards any zone can hold.
	capacity int
	syms     map[string]int64
	// indexes are the card fields indexed by value, idIndex the cards by
	// id, for set-at-a-time conditions (cardset.go).
	indexes map[*field]*valueIndex
	idIndex *valueIndex
	// cardRules are each card's printed rules (print:); facts the
	// reference sheet's numbers (facts:).
	cardRules [][]engine.RulesLine
	facts     map[string]any
	// expected are the options and effect conditions lint expects to see
	// happen (engine.Info.Expected), counted with Tally.Probe.
	expected []engine.Expectation
	// counters are the statistics the rules tally, by name (Info.Counters).
	counters    []string
	counterDocs []string
	// endCauses are the ways a game ends (Info.EndCauses): the end of the
	// program, a rules error and each end statement's cause.
	endCauses []string
	// names is the compiler that built the game, for compiling rule
	// tests' expressions against the same declarations.
	names *compiler
	// loops are the program's loops, to name the one that runs out of
	// steps (last: play never reads them but then).
	loops []loopSpan
	// vis is who sees what beyond the zones' visibility, and the
	// estimate bots play by (visibility.go).
	vis visModel
}

type cardInfo struct {
	id, name string
	copies   int
	players  []int
}

// field is a declared card field the rules read.
type field struct {
	name string
	t    typ
	vals []int64 // per card: the value, enum index (-1 when absent), 0/1
}

// enumType is the type of an enum card field: its values in declared order.
type enumType struct {
	name   string
	values []string
	// base is the type it adds words to (keyword also [any]), or nil.
	base *enumType
}

// root is the type t adds to, or t.
func (t *enumType) root() *enumType {
	for t.base != nil {
		t = t.base
	}
	return t
}

type visibility uint8

const (
	visHidden visibility = iota
	visOwner
	visPublic
)

type zoneDecl struct {
	name      string
	perPlayer bool
	vis       visibility
	ordered   bool
	sizeOwner bool // size: owner: only its seat sees how many cards it holds
	base      int  // first instance
	pos       finding.Pos
}

// chance reports whether moving out of the zone without naming a card
// draws at random: an unordered pile nobody sees.
func (z *zoneDecl) chance() bool { return z.vis == visHidden && !z.ordered }

type pool struct {
	supply *valueDecl
	held   []*valueDecl
}

type valueDecl struct {
	name      string
	t         typ
	perPlayer bool
	start     eval
	min, max  *int64
	secret    bool // visibility: owner: only its seat sees it
	base      int
	pos       finding.Pos

	// size is how many values it holds, read x[i] (x[seat][i] for a
	// per-seat one), from 0; 0 for a plain value.
	size int
}

// rankRule is one line of winners: the seats with the highest (or lowest)
// value go on.
type rankRule struct {
	highest bool
	ev      eval
	slot    int // the seat bound
}

// MaxCards is the most distinct cards a rules game has: actions and zone
// contents keep a card in a byte.
const MaxCards = 255

func (g *Game) Info() engine.Info {
	info := kit.Info(g.data)
	info.MaxMoves = g.turnCap
	info.Cards = len(g.cards)
	if g.simultaneous {
		info.Dynamics = engine.SimultaneousMoves
	}
	if !g.hidden {
		info.Information = engine.PerfectInformation
	}
	info.RulesAsData = true
	info.Expected = g.expected
	info.Counters, info.CounterDocs = g.counters, g.counterDocs
	info.EndCauses = g.endCauses
	info.DeckSize = func(players int) int { return len(g.inPlay[players]) }
	return info
}

// CardRules is card i's printed rules, made from its entries of the card
// lists the rules print (print:); none for a card whose game prints only
// its declared fields.
func (g *Game) CardRules(i int) []engine.RulesLine {
	if i < len(g.cardRules) {
		return g.cardRules[i]
	}
	return nil
}

// NewState starts a game: the program runs to its first decision.
func (g *Game) NewState(players int, opts engine.StateOptions) engine.State {
	if g.simultaneous {
		return engine.Started(&simState{state{g: g}}, players, opts)
	}
	return engine.Started(&state{g: g}, players, opts)
}

// Value reads value name of a state of g (of seat, for a per-seat value):
// for tests and tools that compare a game with another engine's.
func (g *Game) Value(s engine.State, name string, seat int) (int64, bool) {
	return g.place(s, name, seat, -1)
}

// Element reads item i of a value with a size (values: size:), of seat
// for a per-seat one: for tests that compare a game with another engine's.
func (g *Game) Element(s engine.State, name string, seat, i int) (int64, bool) {
	if i < 0 {
		return 0, false
	}
	return g.place(s, name, seat, i)
}

// place reads value name of seat in s: item i of a value with a size, or
// (i < 0) a value without one.
func (g *Game) place(s engine.State, name string, seat, i int) (int64, bool) {
	var st *state
	switch s := s.(type) {
	case *state:
		st = s
	case *simState:
		st = &s.state
	default:
		return 0, false
	}
	for _, v := range g.values {
		if v.name != name || (i < 0) != (v.size == 0) || i >= v.size && i >= 0 {
			continue
		}
		at := v.base + max(i, 0)
		if v.perPlayer {
			if seat < 0 || seat >= st.N {
				return 0, false
			}
			at += seat * max(v.size, 1)
		}
		return st.vars[at], true
	}
	return 0, false
}

// span is how many places of a state's values v takes at n seats.
func (v *valueDecl) span(n int) int {
	k := max(v.size, 1)
	if v.perPlayer {
		k *= n
	}
	return k
}

// valueAt is the value a place in a state's values belongs to.
func (g *Game) valueAt(i int) *valueDecl {
	for k := len(g.values) - 1; k >= 0; k-- {
		if g.values[k].base <= i {
			return g.values[k]
		}
	}
	return nil
}
