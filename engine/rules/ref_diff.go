package rules

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/cardpress/cardpress/engine"
)

// The agreement of the fast engine and the reference: one game played on
// both in lockstep, compared at every move, and the first difference
// reported as the move that led to it and the part of the state that
// differs.

// StatePart is one part of a state's canonical dump: "zone hand[2]",
// "value score[1]", "to move", "over".
type StatePart struct{ Name, Value string }

// canonical is the dump of a table: every zone instance at the table in
// declared order (seats from 1), its cards by id, bottom first (an
// unordered zone's sorted in card order, its order meaning nothing), then
// every value (each item of one with a size).
func (g *Game) canonical(n int, zone func(i int) []uint8, vars []int64) []StatePart {
	var parts []StatePart
	for _, z := range g.zones {
		for k := range seatCount(z.perPlayer, n) {
			cards := slices.Clone(zone(z.base + k))
			if !z.ordered {
				slices.Sort(cards)
			}
			ids := make([]string, len(cards))
			for j, c := range cards {
				ids[j] = g.cards[c].id
			}
			parts = append(parts, StatePart{"zone " + z.name + seatIndex(z.perPlayer, k), "[" + strings.Join(ids, " ") + "]"})
		}
	}
	show := (&state{g: g}).show
	for _, v := range g.values {
		for k, name := range valueParts(v, n) {
			parts = append(parts, StatePart{name, show(v.t, vars[v.base+k])})
		}
	}
	return parts
}

// partNames caches valueParts: a dump names every item of every value
// at every move (Mice Heist's rules keep hundreds).
var partNames sync.Map // valuePartsKey -> []string

type valuePartsKey struct {
	v *valueDecl
	n int
}

// valueParts names each place of value v at n seats in a dump: "value
// score of seat 2", "value cheese[3]".
func valueParts(v *valueDecl, n int) []string {
	key := valuePartsKey{v, n}
	if names, ok := partNames.Load(key); ok {
		return names.([]string)
	}
	names := make([]string, v.span(n))
	for k := range names {
		names[k] = "value " + v.label(k)
	}
	partNames.Store(key, names)
	return names
}

func seatCount(perPlayer bool, n int) int {
	if perPlayer {
		return n
	}
	return 1
}

func seatIndex(perPlayer bool, k int) string {
	if !perPlayer {
		return ""
	}
	return fmt.Sprintf("[%d]", k+1)
}

// Dump is a state's canonical dump, for a state of the fast engine or of
// the reference: who is to move, the table, and, once over, how it ended.
func Dump(st engine.State) []StatePart {
	var parts []StatePart
	switch s := st.(type) {
	case *state:
		parts = s.g.canonical(s.N, s.zone, s.vars)
	case *simState:
		parts = s.g.canonical(s.N, s.zone, s.vars)
	case *refState:
		parts = s.table()
	case *refSimState:
		parts = s.table()
	default:
		return nil
	}
	parts = append([]StatePart{{"to move", st.CurrentPlayer().String()}}, parts...)
	if st.IsTerminal() {
		parts = append(parts, StatePart{"end cause", st.(engine.Ender).EndCause()}, StatePart{"returns", fmt.Sprint(st.Returns(nil))})
	}
	return parts
}

// Divergence is the first difference between two plays of one game:
// after which move, in which part, the fast engine's and the reference's
// values.
type Divergence struct {
	Move      int
	Last      string // the move that led there ("seat 2 play Seven of Hearts"), "" at the start
	Part      string
	Fast, Ref string
}

func (d *Divergence) String() string {
	at := "at the start"
	if d.Last != "" {
		at = fmt.Sprintf("move %d (%s)", d.Move, d.Last)
	}
	return fmt.Sprintf("%s: %s: fast %s ref %s", at, d.Part, d.Fast, d.Ref)
}

// recorder keeps a state's log lines since the last move.
type recorder struct{ lines []string }

func (r *recorder) log(e engine.Event) {
	b, _ := json.Marshal(e)
	r.lines = append(r.lines, string(b))
}

// Agree plays one game of g at players seats on the fast engine and on
// the reference, one random stream choosing every action (chance by its
// odds, seats uniformly), for at most maxMoves moves, and returns the
// first difference, or nil when they agree throughout.
func Agree(g *Game, players int, seed uint64, maxMoves int) *Divergence {
	return Lockstep(g, Reference(g), players, seed, maxMoves)
}

// Lockstep is Agree of any game of the fast engine and any reference
// game (of the same cards): a test makes the two differ on purpose.
func Lockstep(g *Game, ref *RefGame, players int, seed uint64, maxMoves int) *Divergence {
	var logA, logB recorder
	tally := engine.NewTally(g.Info())
	a := g.NewState(players, engine.StateOptions{Log: logA.log, Tally: tally})
	b := ref.NewState(players, engine.StateOptions{Log: logB.log})
	// bare is the fast engine as smoke games run it, with no log and no
	// tally (it takes shortcuts then), a clone of itself at every move.
	bare := g.NewState(players, engine.StateOptions{})
	r := engine.NewRand(seed)
	last := ""
	for move := 0; ; move++ {
		d := compareNodes(a, b, &logA, &logB, tally)
		if d == nil {
			if d = compareBare(bare, b); d != nil {
				d.Part = "without a log: " + d.Part
			}
		}
		if d != nil {
			d.Move, d.Last = a.MoveNumber(), last
			return d
		}
		if a.IsTerminal() || move >= maxMoves {
			return nil
		}
		bare = bare.CloneInto(nil)
		last = playOne(r, a, b, bare)
	}
}

// compareBare compares the fast engine without a log with the reference:
// the table and who moves with what.
func compareBare(a, b engine.State) *Divergence {
	if d := compareFaults(a, b); d != nil || faultOf(a) != "" {
		return d
	}
	if d := diffParts(Dump(a), Dump(b)); d != nil || a.IsTerminal() {
		return d
	}
	return compareMoves(a, b)
}

// playOne plays one move, the same on every state (a's choice), and says
// what it was.
func playOne(r *engine.Rand, a engine.State, others ...engine.State) string {
	p := a.CurrentPlayer()
	switch p {
	case engine.Chance:
		act := engine.SampleOutcome(a.ChanceOutcomes(nil), r)
		text := a.ActionString(p, act)
		for _, s := range append(others, a) {
			engine.Apply(s, act)
		}
		return text
	case engine.Simultaneous:
		joint := make([]engine.Action, a.NumPlayers())
		var words []string
		for q := range joint {
			joint[q] = engine.NoAction
			if legal := a.LegalActions(engine.Player(q), nil); len(legal) > 0 {
				joint[q] = legal[r.Intn(len(legal))]
				words = append(words, fmt.Sprintf("%s %s", engine.Player(q), a.ActionString(engine.Player(q), joint[q])))
			}
		}
		for _, s := range append(others, a) {
			engine.ApplyJoint(s, joint)
		}
		return strings.Join(words, ", ")
	}
	legal := a.LegalActions(p, nil)
	act := legal[r.Intn(len(legal))]
	text := fmt.Sprintf("%s %s", p, a.ActionString(p, act))
	for _, s := range append(others, a) {
		engine.Apply(s, act)
	}
	return text
}

// compareNodes compares two states at one node: who moves, the legal
// actions or chance outcomes, the table, the log since the last move,
// the counters, and how a finished game ended.
func compareNodes(a, b engine.State, logA, logB *recorder, tally *engine.Tally) *Divergence {
	defer func() { logA.lines, logB.lines = logA.lines[:0], logB.lines[:0] }()
	// A rules error stops the game at once, nobody winning; what the
	// table holds after it, and what the move logged on the way, are not
	// defined (the fast engine finishes the statement it was in).
	if d := compareFaults(a, b); d != nil || faultOf(a) != "" {
		return d
	}
	if d := diffParts(Dump(a), Dump(b)); d != nil {
		return d
	}
	if d := diffLines("log", logA.lines, logB.lines); d != nil {
		return d
	}
	if d := compareViews(a, b); d != nil {
		return d
	}
	if d := compareEvaluate(a, b); d != nil {
		return d
	}
	ref := refOf(b)
	for k, name := range ref.g.fast.counters {
		if x, y := tally.Counters[k], ref.counters[k]; x != y {
			return &Divergence{Part: "counter " + name, Fast: fmt.Sprint(x), Ref: fmt.Sprint(y)}
		}
	}
	if a.IsTerminal() {
		return nil
	}
	return compareMoves(a, b)
}

// compareMoves compares the chance outcomes, or each seat's legal
// actions, of two states at one node.
func compareMoves(a, b engine.State) *Divergence {
	if p := a.CurrentPlayer(); p == engine.Chance {
		x, y := fmt.Sprint(a.ChanceOutcomes(nil)), fmt.Sprint(b.ChanceOutcomes(nil))
		if x != y {
			return &Divergence{Part: "chance outcomes", Fast: x, Ref: y}
		}
		return nil
	}
	for q := range a.NumPlayers() {
		x, y := a.LegalActions(engine.Player(q), nil), b.LegalActions(engine.Player(q), nil)
		if !slices.Equal(x, y) {
			return &Divergence{Part: fmt.Sprintf("legal actions of seat %d", q+1), Fast: actionWords(a, q, x), Ref: actionWords(b, q, y)}
		}
	}
	return nil
}

func actionWords(s engine.State, q int, acts []engine.Action) string {
	words := make([]string, len(acts))
	for i, act := range acts {
		words[i] = s.ActionString(engine.Player(q), act)
	}
	return "[" + strings.Join(words, ", ") + "]"
}

// diffParts is the first part two dumps differ in.
func diffParts(x, y []StatePart) *Divergence {
	for i := range max(len(x), len(y)) {
		var px, py StatePart
		if i < len(x) {
			px = x[i]
		}
		if i < len(y) {
			py = y[i]
		}
		if px != py {
			name := px.Name
			if name == "" || px.Name != py.Name {
				name = px.Name + " / " + py.Name
			}
			return &Divergence{Part: name, Fast: px.Value, Ref: py.Value}
		}
	}
	return nil
}

// diffLines is the first line two logs differ in.
func diffLines(what string, x, y []string) *Divergence {
	for i := range max(len(x), len(y)) {
		var lx, ly string
		if i < len(x) {
			lx = x[i]
		}
		if i < len(y) {
			ly = y[i]
		}
		if lx != ly {
			return &Divergence{Part: fmt.Sprintf("%s line %d", what, i+1), Fast: orNothing(lx), Ref: orNothing(ly)}
		}
	}
	return nil
}

func orNothing(s string) string {
	if s == "" {
		return "(nothing)"
	}
	return s
}

// faultOf is the rules error that stopped a state's game, or "".
func faultOf(st engine.State) string {
	switch s := st.(type) {
	case *state:
		return s.fault
	case *simState:
		return s.fault
	case *refState:
		return s.fault
	case *refSimState:
		return s.fault
	}
	return ""
}

// table is a reference state's canonical table.
func (s *refState) table() []StatePart {
	return s.g.fast.canonical(s.N, func(i int) []uint8 { return s.zones[i] }, s.vars)
}

// refOf is the reference state st is (or holds).
func refOf(st engine.State) *refState {
	if s, ok := st.(*refSimState); ok {
		return &s.refState
	}
	return st.(*refState)
}

// compareFaults: a rules error in one engine is one in the other, at the
// same move, and it ends the game in both.
func compareFaults(a, b engine.State) *Divergence {
	fa, fb := faultOf(a), faultOf(b)
	switch {
	case (fa == "") != (fb == ""):
		return &Divergence{Part: "rules error", Fast: orNothing(fa), Ref: orNothing(fb)}
	case fa != "" && (!a.IsTerminal() || !b.IsTerminal()):
		return &Divergence{Part: "over after a rules error", Fast: a.CurrentPlayer().String(), Ref: b.CurrentPlayer().String()}
	}
	return nil
}

// compareViews compares what each seat sees (values, zone sizes, cards,
// cards shown): the fast engine's through its own visibility, the
// reference's View.
func compareViews(a, b engine.State) *Divergence {
	for q := range a.NumPlayers() {
		if d := diffLines(fmt.Sprintf("what seat %d sees,", q+1), fastView(a, q), refOf(b).View(q)); d != nil {
			return d
		}
	}
	return nil
}

// compareEvaluate compares evaluate: for each seat, the fast engine's
// worked out on a copy (an estimate must change nothing).
func compareEvaluate(a, b engine.State) *Divergence {
	ref := refOf(b)
	if !ref.HasEvaluator() {
		return nil
	}
	copied := a.CloneInto(nil)
	ev, ok := copied.(engine.Evaluator)
	if !ok {
		return &Divergence{Part: "evaluate", Fast: "none", Ref: "given"}
	}
	for q := range a.NumPlayers() {
		x, y := ev.Evaluate(engine.Player(q)), ref.Evaluate(engine.Player(q))
		if faultOf(copied) != "" {
			return nil // a rules error in an estimate: not compared
		}
		if x != y {
			return &Divergence{Part: fmt.Sprintf("evaluate of seat %d", q+1), Fast: fmt.Sprint(x), Ref: fmt.Sprint(y)}
		}
	}
	return nil
}
