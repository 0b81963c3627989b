package rules

import (
	"fmt"
	"math"
	"slices"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"

	"go.yaml.in/yaml/v3"
)

// The limits of the rules language (docs/rules.md, Limits) that keep a
// hostile rules file's cost bounded: what they bound is measured before it
// is built or run, and reported at the define, expression or statement that
// passes a limit; in play, a loop's rounds count toward the steps allowed
// between two decisions and arithmetic is checked against the numbers'
// range, each a rules error at its place in the rules file.

var codeLimit = codes.Error("RULES_LIMIT",
	"The rules pass one of the language's limits (docs/rules.md, Limits): a define or expression too large or too costly to work out, more expression parts than a rules file may compile, a repeat count or die known before play out of range, a seat known before play that is no seat, a number outside -2,147,483,648 to 2,147,483,647.")

const (
	// maxParts is the most parts (numbers, names, operators, calls) a
	// define or an expression may have once the defines it uses are
	// pasted in: each part is compiled at every use, so defines built on
	// each other double at every level. The largest shipped expression
	// (HEAT's) has 365.
	maxParts = 20_000
	// maxCost is the most parts one evaluation of an expression may work
	// out, counting an aggregate's body once for each card or seat it
	// visits: nested aggregates multiply. The costliest shipped
	// expression (HEAT's) is about 200,000.
	maxCost = 1 << 24
	// maxCompiled is the most expression parts a rules file (or one rule
	// test) compiles in all, kept or not: a define is compiled at every
	// use, a for_each body once per entry. HEAT's rules file compiles
	// about 170,000; Crazy Eights and Hearts about 300.
	maxCompiled = 1_000_000
	// maxUnrolledParts is the most parts compiling a for_each's body once
	// per entry may take (nested ones multiply); past it the body is
	// compiled once, for every entry (as for a list too long to unroll).
	maxUnrolledParts = 250_000
	// maxRepeat is the largest repeat count known before play: more rounds
	// than the longest game has moves (turn_cap is at most 1,000,000)
	// never end well, and without a decision they run out of steps.
	maxRepeat = 1_000_000
)

// The rules' numbers are 32-bit: literals, parameters, card fields and
// list values are checked against the range where they are read, so the
// sum, difference or product of two never overflows an int64, and each
// result is checked once.
const (
	minNumber = math.MinInt32
	maxNumber = math.MaxInt32
)

// inRange reports whether v is one of the rules' numbers.
func inRange(v int64) bool { return v == int64(int32(v)) }

// numbersText names the range in messages.
var numbersText = fmt.Sprintf("the rules' numbers are %d to %d", minNumber, maxNumber)

// stepsText says what a step is, in messages.
const stepsText = "each statement, round of a loop and card or seat an aggregate visits is one"

// site is where an expression's operator is, for the rules error its
// result raises in play.
type site struct {
	pos finding.Pos
	op  string
	src string
}

// overflow ends the game on arithmetic whose result v is not one of the
// rules' numbers, and gives 0. Out of line: the arithmetic around it is
// on every move.
//
//go:noinline
func (s *state) overflow(at *site, v int64) int64 {
	s.failAt(&at.pos, "%s gives %d: %s (in %q)", at.op, v, numbersText, at.src)
	return 0
}

// stepsOut ends the game when a loop runs out of steps without a
// decision, naming the loop.
//
//go:noinline
func (s *state) stepsOut(at *loopSite) {
	s.failAt(&at.pos, "this %s ran %d steps without a decision (%s): a loop must reach a choice, draw or roll sooner", at.kind, maxSteps, stepsText)
}

// loopSite is a loop statement, for its rules error.
type loopSite struct {
	pos  finding.Pos
	kind string // while, repeat, each_seat, ...
	// weight is the steps a round of a while or repeat compiled to Go
	// code counts: one, and its body's at their most (weigh).
	weight int
}

// loopSpan is a loop of the program: the instructions from to to (not
// included) are its own, so a program that runs out of steps there names
// it (the innermost).
type loopSpan struct {
	from, to int
	at       loopSite
}

// loopAt is the innermost loop of the program around pc, or nil.
func (g *Game) loopAt(pc int) *loopSite {
	var best *loopSpan
	for i := range g.loops {
		l := &g.loops[i]
		if l.from <= pc && pc < l.to && (best == nil || l.to-l.from < best.to-best.from) {
			best = l
		}
	}
	if best == nil {
		return nil
	}
	return &best.at
}

// measure is a tree's size with its defines pasted in: its parts, and the
// parts one evaluation may work out (cost). Both saturate at saturated.
type measure struct{ parts, cost int64 }

const saturated = 1 << 40

func (m measure) over() bool { return m.parts > maxParts || m.cost > maxCost }

func (m measure) add(o measure) measure {
	return measure{min(m.parts+o.parts, saturated), min(m.cost+o.cost, saturated)}
}

// measureTree measures n; defines are measured once each (memo).
func (c *compiler) measureTree(n *node) measure {
	if n == nil {
		return measure{}
	}
	m := measure{1, 1}
	switch {
	case n.Kind == nIdent:
		if d := c.defines[n.Name]; d != nil {
			return c.measureDefine(d)
		}
	case n.Kind == nCall && aggregateCall(n) && !twoNumbers(n), n.Kind == nBinary && n.Op == "where":
		// The body (condition) is worked out for every seat or card.
		over, body := c.measureTree(n.Args[0]), c.measureTree(n.Args[1])
		m = m.add(over)
		m.parts = min(m.parts+body.parts, saturated)
		m.cost = min(m.cost+c.visits(n.Args[0])*body.cost, saturated)
		return m
	}
	for _, a := range n.Args {
		m = m.add(c.measureTree(a))
	}
	if n.Kind == nCall && n.Op == "nth" {
		m.cost = min(m.cost+c.nthWalk(n), saturated)
	}
	return m
}

// twoNumbers reports whether n is min or max of two numbers, not an
// aggregate: its first argument is a call, a number or arithmetic, which
// no zone, seats or list is (min(count(a), count(b)) visits nothing).
func twoNumbers(n *node) bool {
	if n.Op != "min" && n.Op != "max" {
		return false
	}
	switch a := n.Args[0]; a.Kind {
	case nCall, nNum, nUnary:
		return true
	case nBinary:
		return a.Op != "where" && a.Op != "as"
	}
	return false
}

// visits is how many items an aggregate over n may visit at most.
func (c *compiler) visits(n *node) int64 {
	n, _ = bindsAs(n)
	if n.Kind == nIdent && n.Name == "seats" {
		return engine.MaxPlayers
	}
	if n.Kind == nIdent {
		if p, ok := c.g.data.Params[n.Name]; ok {
			if items, ok := p.Value.([]any); ok {
				return int64(max(len(items), 1))
			}
		}
	}
	return engine.MaxDeck
}

// measureDefine measures a define's expansion; one that uses itself (an
// error reported where it is used) counts as one part there.
func (c *compiler) measureDefine(d *define) measure {
	if d.measured {
		return d.size
	}
	if d.measuring || d.tree == nil {
		return measure{1, 1}
	}
	d.measuring = true
	d.size = c.measureTree(d.tree)
	d.measuring, d.measured = false, true
	return d.size
}

// limitDefines reports every define too large or too costly whose own
// defines are not (the first over the limit in a chain of defines), and
// takes all of them out: a use of one compiles to nothing more (the file
// has an error).
func (c *compiler) limitDefines(names []*yaml.Node) {
	var over []*define
	for _, k := range names {
		if d := c.defines[k.Value]; d != nil && c.measureDefine(d).over() {
			over = append(over, d)
			if !c.usesOver(d.tree) {
				c.report(codeLimit.At(c.offset(d.at, 0), "define %s %s", k.Value, limitText(d.size)))
			}
		}
	}
	for _, d := range over {
		d.tree, d.reported, d.size = nil, true, measure{1, 1}
	}
}

// usesOver reports whether n uses a define over the limits.
func (c *compiler) usesOver(n *node) bool {
	if n == nil {
		return false
	}
	if d := c.defines[n.Name]; n.Kind == nIdent && d != nil && c.measureDefine(d).over() {
		return true
	}
	for _, a := range n.Args {
		if c.usesOver(a) {
			return true
		}
	}
	return false
}

func limitText(m measure) string {
	if m.parts > maxParts {
		return fmt.Sprintf("expands to %s parts with the defines it uses pasted in, more than the %d allowed", atLeast(m.parts), maxParts)
	}
	return fmt.Sprintf("may work out %s parts in one evaluation (each aggregate's body once per card or seat it visits), more than the %d allowed", atLeast(m.cost), maxCost)
}

// atLeast writes a measure, which saturates.
func atLeast(v int64) string {
	if v >= saturated {
		return fmt.Sprintf("over %d", int64(saturated))
	}
	return fmt.Sprint(v)
}

// withinLimits checks an expression's tree before it is compiled: its
// size and cost with its defines pasted in, and the parts the rules file
// has compiled so far. A problem is reported at n; false then.
func (c *compiler) withinLimits(n *yaml.Node, tree *node) bool {
	if c.spent() {
		return false
	}
	m := c.measureTree(tree)
	if m.over() {
		c.report(codeLimit.At(c.offset(n, 0), "%q %s", n.Value, limitText(m)))
		return false
	}
	if c.work += m.parts; c.work > compileBudget {
		f := codeLimit.At(c.offset(n, 0), "the rules compile more than %d expression parts in all (a define is compiled at every use): this expression is past them", compileBudget)
		c.spentAt, c.spentFinding = len(c.found), &f
		return false
	}
	return true
}

// spent reports whether the rules compiled all the parts they may: then
// nothing more is compiled.
func (c *compiler) spent() bool { return c.work > compileBudget }

// compileBudget is maxCompiled; tests lower it.
var compileBudget int64 = maxCompiled

// findings are the problems found; once the parts are spent, those found
// before and the limit: what is compiled after it is not checked.
func (c *compiler) findings() []finding.Finding {
	if c.spentFinding == nil {
		return c.found
	}
	return append(c.found[:min(c.spentAt, len(c.found)):min(c.spentAt, len(c.found))], *c.spentFinding)
}

// repeatCount compiles a repeat's count: one known before play is at
// most maxRepeat.
func (c *compiler) repeatCount(n *yaml.Node, sc *scope) eval {
	e := c.expr(n, sc, typ{k: kInt}, "repeat")
	if e.konst && e.kv > maxRepeat {
		c.report(codeLimit.At(c.at(n), "repeat %d times is more than %d: no game lasts so many moves (turn_cap), and without a decision the rounds run out of steps; use while for a loop that ends on a condition", e.kv, maxRepeat))
	}
	return e.ev
}

// maxGameSteps is the most steps one game may take in all: a game whose
// every move runs nearly maxSteps would otherwise take hours. The shipped
// games take at most about 180,000 (HEAT's; 16,000 between two
// decisions).
const maxGameSteps = 1 << 24

// outOfGameSteps ends a game that ran maxGameSteps steps, naming the
// loop it waits in, if any.
//
//go:noinline
func (s *state) outOfGameSteps() {
	why := fmt.Sprintf("the game ran %d steps in %d moves, more than the %d a game may take (%s)", s.gameSteps, s.Move, maxGameSteps, stepsText)
	if l := s.g.loopAt(s.pc); l != nil {
		s.failAt(&l.pos, "in this %s, %s", l.kind, why)
		return
	}
	s.fail("%s", why)
}

// outOfSteps ends a program that ran maxSteps steps without a decision,
// naming the innermost loop it is in.
func (s *state) outOfSteps() {
	if l := s.g.loopAt(s.pc); l != nil {
		s.stepsOut(l)
		return
	}
	s.fail("the rules run %d steps without a decision", maxSteps)
}

// loop records the program's instructions from from to here as a loop
// statement's (n, of this kind).
func (c *compiler) loop(from int, n *yaml.Node, kind string) {
	c.g.loops = append(c.g.loops, loopSpan{from: from, to: c.pc(), at: loopSite{c.at(n), kind, 1}})
}

// weigh is the most steps statements compiled to Go code (that never wait
// for a decision) take when they run once: one for each statement, each
// in a loop over the seats, a type's values or a card's entries once per
// round it may run. Those loops cost nothing as they run: the program
// counts an instruction of Go code by its weight, a while or repeat each
// of its rounds (which it counts as they run: one here). A loop that
// would weigh more than the steps a move may take is RULES_LIMIT at it.
func (c *compiler) weigh(list *yaml.Node) int {
	if list == nil || list.Kind != yaml.SequenceNode {
		return 0
	}
	w := 0
	for _, n := range list.Content {
		w = min(w+c.weighStatement(n), maxSteps+1)
	}
	return w
}

func (c *compiler) weighStatement(n *yaml.Node) int {
	kind := ""
	for _, k := range keysOf(n) {
		if kind == "" && slices.Contains(stmtKeys, k.Value) {
			kind = k.Value
		}
	}
	switch kind {
	case "if":
		return 1 + max(c.weigh(get(n, "then")), c.weigh(get(n, "else")))
	case "each_seat", "each_value", "for_each":
		body := c.weigh(get(n, "do"))
		w := 1 + c.mostRounds(n, kind)*(1+body)
		if w > maxSteps && body < maxSteps {
			c.report(codeLimit.At(c.at(n), "this %s may take %d steps before the rules reach a decision (its loops at their most rounds: every seat, every value of a type, every entry of a card), more than the %d a move may take: nest fewer loops", kind, w, maxSteps))
		}
		return min(w, maxSteps+1)
	}
	return 1
}

// mostRounds is the most rounds a loop over the seats, a type's values or
// a card's entries makes.
func (c *compiler) mostRounds(n *yaml.Node, kind string) int {
	switch kind {
	case "each_seat":
		return engine.MaxPlayers
	case "each_value":
		if e := c.g.types[scalar(get(n, kind))]; e != nil {
			return max(len(e.values), 1)
		}
	case "for_each":
		if tree, err := parseExpr(scalar(get(n, "in"))); err == nil && tree.Kind == nField {
			if l := c.g.lists[tree.Op]; l != nil {
				return max(l.most, 1)
			}
		}
	}
	return 1
}

// noSeat reports a seat known before play to be none (seat(9) in a game of
// at most 8 players, or none itself) where a zone or value of a seat is
// named with it (at n): no count the game plays has that seat.
func (x *exprCtx) noSeat(seat expr, n *node) bool {
	if !seat.konst || seat.kv >= 0 {
		return false
	}
	x.limit(n.Off, "%s is no seat at any count the game plays (%d to %d players)", seatText(n), x.c.fewestSeats(), x.c.mostSeats())
	return true
}

// seatText writes a seat known before play as the rules do.
func seatText(n *node) string {
	switch {
	case n.Kind == nCall && n.Op == "seat" && len(n.Args) == 1 && n.Args[0].Kind == nNum:
		return fmt.Sprintf("seat(%d)", n.Args[0].Num)
	case n.Kind == nIdent:
		return n.Name
	}
	return "this seat"
}

// mostSeats and fewestSeats are the player counts the game plays.
func (c *compiler) mostSeats() int {
	_, hi := kit.PlayerCounts(c.g.data.Manifest.Players, engine.MaxPlayers)
	return hi
}

func (c *compiler) fewestSeats() int {
	lo, _ := kit.PlayerCounts(c.g.data.Manifest.Players, engine.MaxPlayers)
	return lo
}
