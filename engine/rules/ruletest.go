package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/schema"

	"go.yaml.in/yaml/v3"
)

// Rule tests (files.tests, cardpress test): each test plays the rules to
// the first decision of a choice, may rewrite the position there, checks
// which actions are legal, plays given moves and checks what follows. A
// problem in the tests file and a failed check are both findings at the
// file, line and column they concern.

// CodeTest is a rule test that fails, or cannot run as written.
var CodeTest = codes.Error("RULES_TEST",
	"A rule test (files.tests) fails, or cannot run as written: an unknown card id, choice id or action, an expression that does not compile, a choice the game never reaches, an expectation that does not hold.")

// TestCount is how many tests a tests file holds.
func TestCount(f *gamedata.RulesFile) int {
	if f == nil {
		return 0
	}
	if n := get(f.Root, "tests"); n != nil && n.Kind == yaml.SequenceNode {
		return len(n.Content)
	}
	return 0
}

// RunTests runs every test of a tests file against g. report, when not
// nil, hears each test's name and whether it passed. found holds every
// failure and every problem of the file, each at its position.
func (g *Game) RunTests(f *gamedata.RulesFile, report func(name string, ok bool)) (passed, failed int, found []finding.Finding) {
	if f == nil || f.Root == nil {
		return 0, 0, nil
	}
	file := f.Path
	list := get(f.Root, "tests")
	if list == nil || list.Kind != yaml.SequenceNode {
		at := finding.Pos{File: file, Line: 1, Col: 1}
		if list != nil {
			at = finding.Pos{File: file, Line: list.Line, Col: list.Column}
		}
		return 0, 0, []finding.Finding{CodeTest.At(at, "a tests file holds tests: a list of tests")}
	}
	for _, tn := range list.Content {
		t := &ruleTest{g: g, file: file, node: tn, name: scalar(get(tn, "name"))}
		t.run()
		if len(t.found) == 0 {
			passed++
		} else {
			failed++
		}
		found = append(found, t.found...)
		if report != nil {
			report(t.name, len(t.found) == 0)
		}
	}
	return passed, failed, found
}

// CheckTests checks the tests of tests files before any runs, as validate
// does: every name a test gives (a card id, a choice, a zone, a value, an
// action) and every expression it reads, each problem at the line that
// names it. A file whose structure is wrong is its schema's to report.
func (g *Game) CheckTests(files []*gamedata.RulesFile) []finding.Finding {
	var out []finding.Finding
	for _, f := range files {
		if f == nil || f.Root == nil {
			continue
		}
		list := get(f.Root, "tests")
		if list == nil || list.Kind != yaml.SequenceNode {
			continue
		}
		for _, tn := range list.Content {
			t := &ruleTest{g: g, file: f.Path, node: tn, name: scalar(get(tn, "name")), static: true}
			t.checkOnly()
			out = append(out, t.found...)
		}
	}
	return out
}

// checkOnly is run without the running: what prepare checks, and the
// actions the test names.
func (t *ruleTest) checkOnly() {
	defer func() {
		if r := recover(); r != nil {
			t.fail(nil, "the test stopped the engine: %v", r)
		}
	}()
	if p, ok := t.prepare(); ok {
		t.checkWords(p.ch)
	}
}

// checkWords checks the actions a test names before it runs: those of
// legal and not_legal are actions of its choice, those of moves of some
// choice of the rules (which one decides when is known only in play).
func (t *ruleTest) checkWords(at *choice) {
	for _, key := range []string{"legal", "not_legal"} {
		for _, w := range items(get(t.node, key)) {
			if !t.known(at, w.Value) {
				t.unknownWord(w, fmt.Sprintf("choice %s (%s)", at.id, t.optionWords(at)), []*choice{at})
			}
		}
	}
	for _, w := range items(get(t.node, "moves")) {
		if !slices.ContainsFunc(t.g.choices, func(ch *choice) bool { return t.known(ch, w.Value) }) {
			t.unknownWord(w, "any choice of the rules", t.g.choices)
		}
	}
}

// unknownWord reports an action no choice of chs has: a card id when
// one of them offers cards and a card's id is close to it (a renamed
// card, most likely).
func (t *ruleTest) unknownWord(w *yaml.Node, actions string, chs []*choice) {
	for _, ch := range chs {
		if slices.ContainsFunc(ch.opts, func(o *option) bool { return o.kind == optCard }) && t.closeCard(w.Value) != "" {
			t.unknownCard(w, ", nor another action of "+actions)
			return
		}
	}
	t.refer(codeUndefined, w, "%s is no action of %s", w.Value, actions)
}

// closeCard is the card id closest to id, if one is close.
func (t *ruleTest) closeCard(id string) string {
	ids := make([]string, len(t.g.cards))
	for i, c := range t.g.cards {
		ids[i] = c.id
	}
	return schema.Suggest(id, ids)
}

// items are a sequence's items (none for anything else).
func items(n *yaml.Node) []*yaml.Node {
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	return n.Content
}

// ruleTest is one test being run.
type ruleTest struct {
	g     *Game
	c     *compiler
	file  string
	node  *yaml.Node
	name  string
	n     int // players
	seat  int // the seat that gets the moves at a choice of every seat
	s     *state
	rng   *engine.Rand
	draws []*yaml.Node
	rolls []*yaml.Node // the sides the dice show after at, in order
	found []finding.Finding
	// static: the test is only checked, not run (CheckTests).
	static bool
}

func (t *ruleTest) pos(n *yaml.Node) finding.Pos {
	if n == nil {
		n = t.node
	}
	return finding.Pos{File: t.file, Line: n.Line, Col: n.Column}
}

// fail reports a problem of this test at n.
func (t *ruleTest) fail(n *yaml.Node, format string, args ...any) {
	t.refer(CodeTest, n, format, args...)
}

// refer reports a name that is not the rules' or the game's at n: with
// code when the tests are checked before they run (CheckTests), else as
// a test that cannot run.
func (t *ruleTest) refer(code *finding.Code, n *yaml.Node, format string, args ...any) {
	if !t.static {
		code = CodeTest
	}
	t.found = append(t.found, code.At(t.pos(n), "test %q: %s", t.name, fmt.Sprintf(format, args...)))
}

// unknownCard reports n, which names no card of the game (nor what more
// says).
func (t *ruleTest) unknownCard(n *yaml.Node, more ...string) {
	guess := strings.Join(more, "")
	if s := t.closeCard(n.Value); s != "" {
		guess += fmt.Sprintf(" (did you mean %s?)", s)
	}
	t.refer(gamedata.CodeUndefinedCard, n, "%s is not a card id of this game%s", n.Value, guess)
}

// testKeys are the keys a test may have.
var testKeys = []string{"name", "players", "seed", "at", "visit", "seat", "position", "legal", "not_legal", "moves", "draws", "rolls", "expect"}

// setting is a position entry or an expectation, compiled.
type setting struct {
	key, val *yaml.Node
	special  string // expect: "over" or "winners"
	zone     *zoneRef
	value    *valueDecl
	seat     eval // a per-seat value's seat
	e        expr
}

// prepared is what a test reads, checked and compiled before it runs.
type prepared struct {
	ch               *choice
	at               *yaml.Node
	visit            int // the decision at ch the test starts at, from 1
	seed             uint64
	position, expect []setting
}

func (t *ruleTest) run() {
	defer func() {
		if r := recover(); r != nil {
			t.fail(nil, "the test stopped the engine: %v", r)
		}
	}()
	p, ok := t.prepare()
	if !ok {
		return
	}
	ch, an, tn := p.ch, p.at, t.node
	t.rng = engine.NewRand(p.seed)
	t.s = t.newState()
	if !t.reach(ch, an, p.visit) {
		return
	}
	if pos := get(tn, "position"); pos != nil {
		if !t.apply(p.position) {
			return
		}
		// The position may change who decides (a turn value) and what is
		// legal: decide the choice again.
		t.s.choose(t.s.ch)
		if t.s.mode == mRun {
			t.s.run()
		}
		if t.s.fault != "" {
			t.fail(pos, "the rules fail on this position: %s", t.s.fault)
			return
		}
	}
	t.checkLegal(get(tn, "legal"), get(tn, "not_legal"))
	if !t.moves(get(tn, "moves")) {
		return
	}
	t.check(p.expect)
}

// prepare checks what the test names and compiles what it reads, before
// a state exists (compiling may add slots, which a state is sized for when
// it is made): false when a problem stops it.
func (t *ruleTest) prepare() (prepared, bool) {
	var p prepared
	g, tn := t.g, t.node
	if tn.Kind != yaml.MappingNode {
		t.fail(tn, "a test is a mapping: name, players, at, ...")
		return p, false
	}
	keys, _ := pairs(tn)
	for _, k := range keys {
		if !slices.Contains(testKeys, k.Value) {
			t.fail(k, "%s is not a key of a test (%s)", k.Value, strings.Join(testKeys, ", "))
		}
	}
	if t.name == "" {
		t.fail(tn, "a test needs a name")
	}
	// players
	pn := get(tn, "players")
	if pn == nil || pn.Decode(&t.n) != nil {
		t.fail(pn, "players is the number of seats")
		return p, false
	}
	if _, ok := g.inPlay[t.n]; !ok {
		t.fail(pn, "the game plays with %s players, not %d", t.playerRange(), t.n)
		return p, false
	}
	t.seat = 0
	if sn := get(tn, "seat"); sn != nil {
		var k int
		if err := sn.Decode(&k); err != nil || k < 1 || k > t.n {
			t.fail(sn, "seat is a seat number, 1 to %d", t.n)
			return p, false
		}
		t.seat = k - 1
	}
	if sn := get(tn, "seed"); sn != nil {
		if err := sn.Decode(&p.seed); err != nil {
			t.fail(sn, "seed is a whole number, 0 or more")
			return p, false
		}
	}
	p.at = get(tn, "at")
	p.ch = g.names.choiceIDs[scalar(p.at)]
	if p.ch == nil {
		t.refer(codeUndefined, p.at, "at names no choice of the rules (%s)", t.choiceList())
		return p, false
	}
	p.visit = 1
	if vn := get(tn, "visit"); vn != nil {
		if err := vn.Decode(&p.visit); err != nil || p.visit < 1 || p.visit > maxVisit {
			t.fail(vn, "visit is which time the game stops at choice %s, 1 to %d", p.ch.id, maxVisit)
			return p, false
		}
	}
	if dn := get(tn, "draws"); dn != nil {
		if dn.Kind != yaml.SequenceNode {
			t.fail(dn, "draws is a list of card ids")
			return p, false
		}
		t.draws = dn.Content
		for _, d := range t.draws {
			if _, ok := t.card(d.Value); !ok {
				t.unknownCard(d)
			}
		}
	}
	if rn := get(tn, "rolls"); rn != nil {
		if rn.Kind != yaml.SequenceNode {
			t.fail(rn, "rolls is a list of the sides dice show, whole numbers from 1")
			return p, false
		}
		t.rolls = rn.Content
		for _, r := range t.rolls {
			if v, err := strconv.Atoi(r.Value); err != nil || v < 1 || r.Kind != yaml.ScalarNode {
				t.fail(r, "%s is no side of a die: a roll is a whole number from 1", r.Value)
				return p, false
			}
		}
	}
	t.c = g.compilerFor(t.file)
	p.position = t.settings(get(tn, "position"), "position")
	p.expect = t.settings(get(tn, "expect"), "expect")
	for _, f := range t.c.findings() {
		if !t.static {
			f = CodeTest.At(f.Pos, "%s", f.Message)
		}
		f.Message = fmt.Sprintf("test %q: %s", t.name, f.Message)
		t.found = append(t.found, f)
	}
	return p, len(t.found) == 0
}

func (t *ruleTest) newState() *state {
	switch s := t.g.NewState(t.n, engine.StateOptions{}).(type) {
	case *state:
		return s
	case *simState:
		return &s.state
	}
	panic("rules: unknown state type")
}

func (t *ruleTest) playerRange() string {
	var ns []int
	for n := range t.g.inPlay {
		ns = append(ns, n)
	}
	slices.Sort(ns)
	if len(ns) == 0 {
		return "no"
	}
	return fmt.Sprintf("%d to %d", ns[0], ns[len(ns)-1])
}

func (t *ruleTest) choiceList() string {
	var ids []string
	for _, ch := range t.g.choices {
		if ch.id != "" {
			ids = append(ids, ch.id)
		}
	}
	if len(ids) == 0 {
		return "no choose has an id: give one id: NAME"
	}
	return "its choice ids: " + strings.Join(ids, ", ")
}

// card is the card with this id.
func (t *ruleTest) card(id string) (uint8, bool) {
	for i, c := range t.g.cards {
		if c.id == id {
			return uint8(i), true
		}
	}
	return 0, false
}

// settings compiles a position or an expect mapping.
func (t *ruleTest) settings(m *yaml.Node, what string) []setting {
	if m == nil {
		return nil
	}
	if m.Kind != yaml.MappingNode {
		t.fail(m, "%s is a mapping of zones and values to what they hold", what)
		return nil
	}
	var out []setting
	keys, vals := pairs(m)
	for i, k := range keys {
		st := setting{key: k, val: vals[i]}
		if what == "expect" && (k.Value == "over" || k.Value == "winners") {
			st.special = k.Value
			out = append(out, st)
			continue
		}
		tree, err := parseExpr(k.Value)
		if err != nil {
			t.c.syntax(k, err)
			continue
		}
		if !t.c.withinLimits(k, tree) {
			continue
		}
		if !seatSugar(t.c, tree, t.n) {
			t.fail(k, "%s names a seat that is not at the table (seats 1 to %d)", k.Value, t.n)
			continue
		}
		x := &exprCtx{g: t.g, c: t.c, src: k, file: t.file}
		t.c.where = fmt.Sprintf("%s:%d", finding.Visible(t.file), k.Line)
		if what == "position" {
			if v, seatNode := t.valueKey(tree); v != nil {
				st.value = v
				if seatNode != nil {
					st.seat = x.want(x.compile(seatNode, nil), typ{k: kSeat}, "a value's seat").ev
				}
			} else {
				e := x.compile(tree, nil)
				switch {
				case e.t.k == kBad:
				case e.t.k != kZone:
					x.wrong(0, "a position sets a zone (its cards) or a value, not %s", e.t)
				case e.zone.filter != nil:
					x.wrong(0, "a position sets a whole zone, not a filtered one")
				default:
					st.zone = e.zone
				}
			}
		} else {
			e := x.compile(tree, nil)
			switch e.t.k {
			case kZone:
				st.zone = e.zone
			case kSeats, kList:
				x.wrong(0, "expect checks a zone or a value, not %s", e.t)
			}
			st.e = e
		}
		for _, err := range x.errs {
			t.c.exprFinding(k, k.Value, err, "")
		}
		if len(x.errs) == 0 && t.wellFormed(st) {
			out = append(out, st)
		}
	}
	return out
}

// wellFormed checks what a setting lists before the test runs: a zone's
// card ids, a value's word.
func (t *ruleTest) wellFormed(st setting) bool {
	if st.zone != nil {
		if st.val.Kind != yaml.SequenceNode {
			t.fail(st.val, "a zone's cards are a list of card ids, bottom first")
			return false
		}
		ok := true
		for _, cn := range st.val.Content {
			if _, known := t.card(cn.Value); !known {
				t.unknownCard(cn)
				ok = false
			}
		}
		return ok
	}
	ty := st.e.t
	if st.value != nil {
		ty = st.value.t
	}
	if ty.k == kLit {
		return true
	}
	_, ok := t.parse(ty, st.val)
	return ok
}

// seatSugar lets a test name a seat by its number where the rules write a
// seat: hand[2] is hand[seat(2)], the second seat's hand. False when a
// number is no seat of the test's players.
func seatSugar(c *compiler, n *node, players int) bool {
	if n == nil {
		return true
	}
	ok := true
	if n.Kind == nIndex && len(n.Args) == 2 && n.Args[0].Kind == nIdent && n.Args[1].Kind == nNum {
		name := n.Args[0].Name
		z, v := c.zoneByName[name], c.valueByName[name]
		if z != nil && z.perPlayer || v != nil && v.perPlayer {
			num := n.Args[1]
			ok = num.Num >= 1 && num.Num <= int64(players)
			n.Args[1] = &node{Kind: nCall, Op: "seat", Args: []*node{num}, Off: num.Off}
		}
	}
	for _, a := range n.Args {
		ok = seatSugar(c, a, players) && ok
	}
	return ok
}

// valueKey is the value a position key names (and its seat's expression,
// for a per-seat value), or nil.
func (t *ruleTest) valueKey(n *node) (*valueDecl, *node) {
	switch {
	case n.Kind == nIdent:
		if v := t.c.valueByName[n.Name]; v != nil && !v.perPlayer {
			return v, nil
		}
	case n.Kind == nIndex && n.Args[0].Kind == nIdent:
		if v := t.c.valueByName[n.Args[0].Name]; v != nil && v.perPlayer {
			return v, n.Args[1]
		}
	}
	return nil, nil
}

// decision reports whether the state waits for a seat's (or every seat's)
// choice.
func (s *state) decision() bool { return s.mode == mSeat || s.mode == mAll }

// maxVisit is the most decisions at one choice a test may pass before it
// starts: a game of turn_cap moves at most, within the same bound.
const maxVisit = 1_000_000

// reach plays to the visit-th decision at ch (from 1): every seat
// deciding on the way, at ch too, takes its first legal action; chance
// follows the seed.
func (t *ruleTest) reach(ch *choice, at *yaml.Node, visit int) bool {
	s := t.s
	for seen := 0; ; {
		if s.decision() && s.ch == ch {
			if seen++; seen == visit {
				return true
			}
		}
		switch {
		case s.fault != "":
			t.fail(at, "the rules fail before choice %s%s: %s", ch.id, visitWord(visit), s.fault)
			return false
		case s.mode == mOver:
			t.fail(at, "the game ends (%s) before it reaches choice %s%s", s.Cause, ch.id, visitWord(visit))
			return false
		case s.Move >= t.g.turnCap:
			t.fail(at, "choice %s%s is not reached in %d moves (turn_cap), each seat playing its first legal action", ch.id, visitWord(visit), t.g.turnCap)
			return false
		case s.mode == mChance || s.mode == mRoll:
			// A card drawn or a die rolled before at: the seed decides.
			engine.Apply(s, s.SampleChance(t.rng))
		case s.mode == mSeat:
			var buf [8]engine.Action
			engine.Apply(s, s.legal(s.ch, s.seat, buf[:0])[0])
		case s.mode == mAll:
			s.applyJoint(t.joint(-1, 0))
		default:
			// Every mode that waits is above: anything else would loop
			// here for ever.
			t.fail(at, "the rules stop at a %s node before choice %s", s.CurrentPlayer(), ch.id)
			return false
		}
	}
}

// visitWord is " (the 3rd of its visits)" for a visit past the first.
func visitWord(visit int) string {
	if visit == 1 {
		return ""
	}
	return " (" + ordinal(visit, "its visits") + ")"
}

// joint is every seat's action at a choice of every seat: seat p's is a,
// the others' their first legal action (none when they have none).
func (t *ruleTest) joint(p int, a engine.Action) []engine.Action {
	s := t.s
	acts := make([]engine.Action, s.N)
	var buf [8]engine.Action
	for q := range s.N {
		if q == p {
			acts[q] = a
			continue
		}
		acts[q] = engine.NoAction
		if l := s.legal(s.ch, q, buf[:0]); len(l) > 0 {
			acts[q] = l[0]
		}
	}
	return acts
}

// apply sets up the position. Every zone it names is emptied first; then
// each zone gets its listed cards, taken from wherever they are (the
// emptied zones' cards first). The emptied zones' cards no zone took go to
// the start zone, or, when the position sets the start zone too, leave
// play until the rules collect the cards again.
func (t *ruleTest) apply(sets []setting) bool {
	s := t.s
	target := map[int]bool{}
	insts := make([]int, len(sets))
	var limbo []uint8
	for i, st := range sets {
		if st.zone == nil {
			continue
		}
		inst, ok := t.inst(st.zone, st.key)
		if !ok {
			return false
		}
		insts[i] = inst
		if target[inst] {
			t.fail(st.key, "the position sets %s twice", s.instName(inst))
			return false
		}
		target[inst] = true
		limbo = append(limbo, s.zone(inst)...)
		s.zlen[inst] = 0
	}
	for i, st := range sets {
		if st.zone == nil {
			if !t.setValue(st) {
				return false
			}
			continue
		}
		if st.val.Kind != yaml.SequenceNode {
			t.fail(st.val, "a zone's cards are a list of card ids, bottom first")
			return false
		}
		for _, cn := range st.val.Content {
			c, ok := t.card(cn.Value)
			if !ok {
				t.fail(cn, "%s is not a card id of this game", cn.Value)
				return false
			}
			if k := slices.Index(limbo, c); k >= 0 {
				limbo = slices.Delete(limbo, k, k+1)
			} else if !t.takeAnywhere(c, target) {
				t.fail(cn, "no copy of %s is left to put in %s (every copy in play is placed already)", cn.Value, s.instName(insts[i]))
				return false
			}
			if int(s.zlen[insts[i]]) >= t.g.capacity {
				t.fail(cn, "%s cannot hold more cards", s.instName(insts[i]))
				return false
			}
			s.add(insts[i], c)
		}
	}
	for _, c := range limbo {
		if start := t.g.startOf(t.n, c); !target[start] {
			s.add(start, c)
		}
	}
	return true
}

// inst is the zone instance ref names, checking its seat is at the table.
func (t *ruleTest) inst(ref *zoneRef, at *yaml.Node) (int, bool) {
	if ref.owner == nil {
		return ref.z.base, true
	}
	p := ref.owner(t.s)
	if p < 0 || int(p) >= t.n {
		t.fail(at, "%s names a seat that is not at the table (seats 1 to %d)", at.Value, t.n)
		return 0, false
	}
	return ref.z.base + int(p), true
}

// takeAnywhere takes a copy of c from a zone the position does not set.
func (t *ruleTest) takeAnywhere(c uint8, skip map[int]bool) bool {
	s := t.s
	found := false
	s.instances(func(i int) {
		if !found && !skip[i] && slices.Contains(s.zone(i), c) {
			found = s.take(i, c)
		}
	})
	return found
}

func (t *ruleTest) setValue(st setting) bool {
	s, v := t.s, st.value
	i := v.base
	if st.seat != nil {
		p := st.seat(s)
		if p < 0 || int(p) >= t.n {
			t.fail(st.key, "%s names a seat that is not at the table (seats 1 to %d)", st.key.Value, t.n)
			return false
		}
		i += int(p)
	}
	x, ok := t.parse(v.t, st.val)
	if !ok {
		return false
	}
	s.vars[i] = x
	return true
}

// parse reads a scalar of a test as a value of type ty: a number, true or
// false, a seat number (1 first) or none, a card id or none, an enum
// value's name.
func (t *ruleTest) parse(ty typ, n *yaml.Node) (int64, bool) {
	if n.Kind != yaml.ScalarNode {
		t.fail(n, "expected %s, not a list or mapping", ty)
		return 0, false
	}
	w := n.Value
	switch ty.k {
	case kInt:
		v, err := strconv.ParseInt(w, 10, 64)
		if err == nil && !inRange(v) {
			t.fail(n, "%s is not one of the rules' numbers: %s", w, numbersText)
			return 0, false
		}
		if err == nil {
			return v, true
		}
	case kBool:
		switch w {
		case "true":
			return 1, true
		case "false":
			return 0, true
		}
	case kSeat:
		if w == "none" {
			return -1, true
		}
		if v, err := strconv.Atoi(w); err == nil && v >= 1 && v <= t.n {
			return int64(v - 1), true
		}
		t.fail(n, "expected a seat number, 1 to %d, or none, not %s", t.n, w)
		return 0, false
	case kCard:
		if w == "none" {
			return -1, true
		}
		if c, ok := t.card(w); ok {
			return int64(c), true
		}
		t.unknownCard(n)
		return 0, false
	case kEnum:
		if k := slices.Index(ty.enum.values, w); k >= 0 {
			return int64(k), true
		}
		t.refer(codeUndefined, n, "%s is not a value of %s (its values: %s)", w, ty.enum.name, strings.Join(ty.enum.values, ", "))
		return 0, false
	case kStr:
		return t.g.sym(w), true
	}
	t.fail(n, "expected %s, not %s", ty, w)
	return 0, false
}

// show writes a value as a test writes it.
func (t *ruleTest) show(ty typ, v int64) string {
	switch ty.k {
	case kSeat:
		if v < 0 {
			return "none"
		}
		return strconv.FormatInt(v+1, 10)
	case kCard:
		if v < 0 || int(v) >= len(t.g.cards) {
			return "none"
		}
		return t.g.cards[v].id
	case kStr:
		for s, k := range t.g.syms {
			if k == v {
				return s
			}
		}
	}
	return t.s.show(ty, v)
}

// decider is the seat whose actions the test checks and plays now.
func (t *ruleTest) decider() int {
	if t.s.mode == mAll {
		return t.seat
	}
	return t.s.seat
}

func (t *ruleTest) legalWords() []string {
	s := t.s
	var words []string
	if !s.decision() {
		return nil
	}
	for _, a := range s.legal(s.ch, t.decider(), nil) {
		words = append(words, s.actionWord(s.ch, t.decider(), a))
	}
	return words
}

// known reports whether w is a word of some option of ch.
func (t *ruleTest) known(ch *choice, w string) bool {
	for _, o := range ch.opts {
		switch o.kind {
		case optCard:
			if _, ok := t.card(w); ok {
				return true
			}
		case optValue:
			if o.num != nil {
				if _, err := strconv.Atoi(w); err == nil {
					return true
				}
			} else if o.enum == nil {
				if k, err := strconv.Atoi(w); err == nil && k >= 1 && k <= t.n {
					return true
				}
			} else if slices.Contains(o.enum.values, w) {
				return true
			}
		case optAction:
			if o.name == w {
				return true
			}
		}
	}
	return false
}

func (t *ruleTest) words(n *yaml.Node, what string) ([]*yaml.Node, bool) {
	if n == nil {
		return nil, true
	}
	if n.Kind != yaml.SequenceNode {
		t.fail(n, "%s is a list of actions (card ids, value names, action names)", what)
		return nil, false
	}
	ok := true
	for _, w := range n.Content {
		if !t.known(t.s.ch, w.Value) {
			t.fail(w, "%s is no action of choice %s (%s)", w.Value, t.s.ch.id, t.optionWords(t.s.ch))
			ok = false
		}
	}
	return n.Content, ok
}

// optionWords says what a choice's actions are called.
func (t *ruleTest) optionWords(ch *choice) string {
	var ws []string
	for _, o := range ch.opts {
		switch {
		case o.kind == optCard:
			ws = append(ws, "card ids")
		case o.num != nil:
			ws = append(ws, "numbers")
		case o.kind == optValue && o.enum == nil:
			ws = append(ws, "seat numbers")
		case o.kind == optValue:
			ws = append(ws, strings.Join(o.enum.values, ", "))
		default:
			ws = append(ws, o.name)
		}
	}
	return "its actions: " + strings.Join(slices.Compact(ws), "; ")
}

func (t *ruleTest) checkLegal(legal, notLegal *yaml.Node) {
	if legal == nil && notLegal == nil {
		return
	}
	s := t.s
	if !s.decision() {
		t.fail(legal, "nobody decides after the position (the game is over: %s)", s.Cause)
		return
	}
	got := t.legalWords()
	if ws, ok := t.words(legal, "legal"); ok && legal != nil {
		var want []string
		for _, w := range ws {
			want = append(want, w.Value)
		}
		a, b := slices.Sorted(slices.Values(want)), slices.Sorted(slices.Values(got))
		if !slices.Equal(slices.Compact(a), slices.Compact(b)) {
			t.fail(legal, "expected legal %s, got %s (seat %d at choice %s)", list(want), list(got), t.decider()+1, s.ch.id)
		}
	}
	if ws, ok := t.words(notLegal, "not_legal"); ok {
		for _, w := range ws {
			if slices.Contains(got, w.Value) {
				t.fail(w, "expected %s not legal, and it is (seat %d at choice %s; legal %s)", w.Value, t.decider()+1, s.ch.id, list(got))
			}
		}
	}
}

func list(ws []string) string { return "[" + strings.Join(ws, ", ") + "]" }

// settle plays chance moves until a decision or the end: the draws listed
// first, then the seed's.
func (t *ruleTest) settle() bool {
	s := t.s
	for s.mode == mChance || s.mode == mRoll {
		if s.Move >= t.g.turnCap {
			t.fail(get(t.node, "moves"), "the game goes on past %d moves (turn_cap) without a decision", t.g.turnCap)
			return false
		}
		if s.mode == mRoll {
			if !t.roll() {
				return false
			}
			continue
		}
		if len(t.draws) == 0 {
			engine.Apply(s, s.SampleChance(t.rng))
			continue
		}
		d := t.draws[0]
		t.draws = t.draws[1:]
		c, _ := t.card(d.Value)
		if !slices.Contains(s.zone(s.from), c) {
			t.fail(d, "%s is drawn from %s, which does not hold it", d.Value, s.instName(s.from))
			return false
		}
		s.sampled = -1
		engine.Apply(s, engine.Action(c))
	}
	return true
}

// roll rolls the die waiting: the next of the test's rolls, else the
// seed's.
func (t *ruleTest) roll() bool {
	s := t.s
	if len(t.rolls) == 0 {
		engine.Apply(s, s.SampleChance(t.rng))
		return true
	}
	r := t.rolls[0]
	t.rolls = t.rolls[1:]
	v, _ := strconv.Atoi(r.Value) // checked by prepare
	if v > s.sides {
		t.fail(r, "%d is no side of the %d-sided die rolled here", v, s.sides)
		return false
	}
	engine.Apply(s, engine.Action(v))
	return true
}

// moves plays the test's moves, each by the seat deciding when it comes.
func (t *ruleTest) moves(mn *yaml.Node) bool {
	s := t.s
	if mn != nil && mn.Kind != yaml.SequenceNode {
		t.fail(mn, "moves is a list of actions (card ids, value names, action names)")
		return false
	}
	var ms []*yaml.Node
	if mn != nil {
		ms = mn.Content
	}
	for _, w := range ms {
		if !t.settle() {
			return false
		}
		if !s.decision() {
			t.fail(w, "the game is over (%s) before move %s", s.Cause, w.Value)
			return false
		}
		p := t.decider()
		var a engine.Action = -1
		for _, l := range s.legal(s.ch, p, nil) {
			if s.actionWord(s.ch, p, l) == w.Value {
				a = l
				break
			}
		}
		if a < 0 {
			if !t.known(s.ch, w.Value) {
				t.fail(w, "%s is no action of choice %s (%s)", w.Value, s.ch.id, t.optionWords(s.ch))
			} else {
				t.fail(w, "move %s is not legal for seat %d at choice %s (legal %s)", w.Value, p+1, s.ch.id, list(t.legalWords()))
			}
			return false
		}
		if s.mode == mAll {
			s.applyJoint(t.joint(p, a))
		} else {
			engine.Apply(s, a)
		}
		if s.fault != "" {
			t.fail(w, "the rules fail after move %s: %s", w.Value, s.fault)
			return false
		}
	}
	if !t.settle() {
		return false
	}
	if s.fault != "" {
		t.fail(mn, "the rules fail: %s", s.fault)
		return false
	}
	if len(t.draws) > 0 {
		t.fail(t.draws[0], "%s and the draws after it are never drawn", t.draws[0].Value)
		return false
	}
	if len(t.rolls) > 0 {
		t.fail(t.rolls[0], "%s and the rolls after it are never rolled", t.rolls[0].Value)
		return false
	}
	return true
}

// check tests every expectation.
func (t *ruleTest) check(sets []setting) {
	s := t.s
	for _, st := range sets {
		switch {
		case st.special == "over":
			want, ok := t.parse(typ{k: kBool}, st.val)
			if ok && (want != 0) != s.IsTerminal() {
				t.fail(st.key, "expected over %t, got %t", want != 0, s.IsTerminal())
			}
		case st.special == "winners":
			t.checkWinners(st)
		case st.zone != nil:
			t.checkZone(st)
		default:
			t.checkValue(st)
		}
	}
}

func (t *ruleTest) checkWinners(st setting) {
	s := t.s
	if st.val.Kind != yaml.SequenceNode {
		t.fail(st.val, "winners is a list of seat numbers")
		return
	}
	var want []string
	for _, n := range st.val.Content {
		v, ok := t.parse(typ{k: kSeat}, n)
		if !ok || v < 0 {
			if ok {
				t.fail(n, "a winner is a seat number, 1 to %d", t.n)
			}
			return
		}
		want = append(want, strconv.FormatInt(v+1, 10))
	}
	if !s.IsTerminal() {
		t.fail(st.key, "expected winners %s, got a game that is not over", list(want))
		return
	}
	var got []string
	for p, r := range s.Returns(nil) {
		if r > 0 {
			got = append(got, strconv.Itoa(p+1))
		}
	}
	if !slices.Equal(slices.Sorted(slices.Values(want)), got) {
		t.fail(st.key, "expected winners %s, got %s", list(want), list(got))
	}
}

func (t *ruleTest) checkZone(st setting) {
	s := t.s
	if st.val.Kind != yaml.SequenceNode {
		t.fail(st.val, "a zone's cards are a list of card ids, bottom first")
		return
	}
	inst, ok := t.inst(st.zone, st.key)
	if !ok {
		return
	}
	var want, got []string
	for _, cn := range st.val.Content {
		if _, ok := t.card(cn.Value); !ok {
			t.fail(cn, "%s is not a card id of this game", cn.Value)
			return
		}
		want = append(want, cn.Value)
	}
	for _, c := range s.zone(inst) {
		if f := st.zone.filter; f != nil {
			s.slots[st.zone.slot] = int64(c)
			if f(s) == 0 {
				continue
			}
		}
		got = append(got, t.g.cards[c].id)
	}
	same := slices.Equal(want, got)
	if !st.zone.z.ordered {
		same = slices.Equal(slices.Sorted(slices.Values(want)), slices.Sorted(slices.Values(got)))
	}
	if !same {
		t.fail(st.key, "expected %s, got %s", list(want), list(got))
	}
}

func (t *ruleTest) checkValue(st setting) {
	s, e := t.s, st.e
	if e.t.k == kLit {
		// A constant name (a string parameter, a 'quoted' word).
		if w := scalar(st.val); w != e.lit {
			t.fail(st.key, "expected %s, got %s", w, e.lit)
		}
		return
	}
	want, ok := t.parse(e.t, st.val)
	if !ok {
		return
	}
	if got := e.ev(s); got != want || s.fault != "" {
		if s.fault != "" {
			t.fail(st.key, "the rules fail reading it: %s", s.fault)
			return
		}
		t.fail(st.key, "expected %s, got %s", t.show(e.t, want), t.show(e.t, got))
	}
}
