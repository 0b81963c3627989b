package rules

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/source"

	"go.yaml.in/yaml/v3"
)

var codes = kit.CodesOf(gamedata.RulesEngine)

// What Build reports as it compiles the data, for the table of checks.
var _ = kit.RegisterCheck(kit.Check{
	ID:     "rules-build",
	Doc:    "Checks as the rules engine compiles a game's rules file that its expressions parse, name what exists, have the types their places need, make a playable structure within the language's limits, and that its tests name cards the game has.",
	Engine: gamedata.RulesEngine,
	Codes:  []*finding.Code{codeSyntax, codeUndefined, codeType, codeStructure, codeLimit, CodeTest, gamedata.CodeUndefinedCard},
	Build:  true,
})

var (
	codeSyntax = codes.Error("RULES_SYNTAX",
		"An expression in the rules file does not parse.")
	codeUndefined = codes.Error("RULES_UNDEFINED",
		"The rules name a zone, value, define, parameter, card, card field, enum value, choice or function that does not exist, or a name (player, card, value, seat) where it is not bound.")
	codeType = codes.Error("RULES_TYPE",
		"A rules expression has the wrong type where it is used: a seat where a number is needed, a comparison of a card with a suit, a count of something that is not a zone.")
	codeStructure = codes.Error("RULES_STRUCTURE",
		"The rules file cannot be played as written: no zone or more than one holds the cards at the start, a name is declared twice, a choice has no options, a rule tests nothing.")
)

// define is a named expression, compiled where it is used.
type define struct {
	file     string // the rules file, where a problem in it is reported
	src      string
	at       *yaml.Node
	tree     *node
	reported bool // its problems are reported (at its first use)
	// size is its expansion's measure, once measured (limits.go).
	size                measure
	measured, measuring bool
}

// compiler turns the rules file into a Game, collecting every problem.
type compiler struct {
	g           *Game
	file        string
	found       []finding.Finding
	zoneByName  map[string]*zoneDecl
	valueByName map[string]*valueDecl
	defines     map[string]*define
	choiceIDs   map[string]*choice
	// where is the position of the expression being compiled, for a
	// problem in a define it uses.
	where string
	// inAggregate counts the aggregates whose arguments are being
	// compiled (memoAggregate).
	inAggregate int
	// optFirst is the first slot of the option whose if: is being
	// compiled, plus one (0: none), for listMemo.
	optFirst int
	// optChoice is that option's choice; listSites the listMemo site of
	// each aggregate (of a define's text, shared by its uses) per choice.
	optChoice *choice
	listSites map[listSite]int
	// work counts the expression parts compiled, kept or not (unroll),
	// against maxCompiled; spentFinding says they ran out, after spentAt
	// findings.
	work         int64
	spentFinding *finding.Finding
	spentAt      int
	// starts are the zones that start with the cards of a condition.
	starts []startCond
}

type listSite struct {
	ch *choice
	n  *node
}

// Build compiles a game's rules file against its cards and parameters.
func Build(d *gamedata.Data) (*Game, []finding.Finding) {
	if d.Rules == nil {
		// The loader reports a missing or broken rules file.
		return nil, nil
	}
	g := &Game{data: d, fields: map[string]*field{}, types: map[string]*enumType{}, lists: map[string]*listDecl{},
		syms: map[string]int64{}, inPlay: map[int][]uint8{}, turnCap: 20000, startZone: -1,
		endCauses: []string{endOfPlay, endRulesError}}
	c := &compiler{g: g, file: d.Rules.Path, zoneByName: map[string]*zoneDecl{}, valueByName: map[string]*valueDecl{}, defines: map[string]*define{}, choiceIDs: map[string]*choice{}}
	c.found = append(c.found, kit.PlayersFindings(d, "the rules engine", engine.MaxPlayers)...)
	if len(d.Cards) > MaxCards {
		c.report(kit.CodeTooManyCards.At(d.Manifest.Pos, "the rules engine plays at most %d distinct cards, not %d", MaxCards, len(d.Cards)))
		return nil, c.found
	}
	c.cards()
	c.deckField()
	root := d.Rules.Root
	c.turnCap(get(root, "turn_cap"))
	c.lists(get(root, "lists"))
	c.ruleFields(get(root, "fields"))
	keys, docs := pairs(get(root, "counters"))
	for i, k := range keys {
		g.counters = append(g.counters, k.Value)
		g.counterDocs = append(g.counterDocs, docs[i].Value) // the rules file says what each counts
	}
	c.require(get(root, "require"))
	c.zones(get(root, "zones"))
	c.values(get(root, "values"))
	c.defineAll(get(root, "define"))
	c.startConditions()
	c.block(get(root, "play"), nil)
	c.thread()
	c.winners(get(root, "winners"))
	c.evaluate(get(root, "evaluate"))
	c.informationModel()
	c.printing(get(root, "print"))
	c.facts(get(root, "facts"))
	c.placeStarts()
	c.found = dedupe(c.findings())
	if errs, _ := finding.Count(c.found); errs > 0 {
		return nil, c.found
	}
	g.names = c
	g.screens()
	// The rules build: the rule tests' names are checked against them
	// (validate), and a test that names what is not there is an error of
	// the game, but the game still plays.
	return g, append(c.found, g.CheckTests(d.Tests)...)
}

// compilerFor compiles more expressions against g's names (rule tests),
// reporting in file. What it compiles may bind new slots: states made
// after it have room for them.
func (g *Game) compilerFor(file string) *compiler {
	c := *g.names
	c.file, c.found, c.work, c.spentFinding = file, nil, 0, nil
	return &c
}

func (c *compiler) report(f finding.Finding) { c.found = append(c.found, f) }

func (c *compiler) at(n *yaml.Node) finding.Pos {
	if n == nil {
		return finding.Pos{File: c.file, Line: 1, Col: 1}
	}
	return finding.Pos{File: c.file, Line: n.Line, Col: n.Column}
}

// get is the value of key in a mapping node, or nil.
var get = source.MapValue

// pairs lists a mapping's keys and values in file order.
func pairs(m *yaml.Node) (keys, vals []*yaml.Node) {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		keys, vals = append(keys, m.Content[i]), append(vals, m.Content[i+1])
	}
	return keys, vals
}

// cards reads the cards and the fields the decks declare.
func (c *compiler) cards() {
	g, d := c.g, c.g.data
	for _, gc := range d.Cards {
		g.cards = append(g.cards, cardInfo{id: gc.ID, name: gc.Name, copies: kit.Copies(gc), players: gc.Players})
	}
	for _, deck := range d.Manifest.Decks {
		for _, f := range deck.Fields {
			if _, seen := g.fields[f.Name]; seen {
				continue
			}
			fd := &field{name: f.Name, vals: make([]int64, len(d.Cards))}
			switch f.Type {
			case "integer":
				fd.t = typ{k: kInt}
			case "boolean":
				fd.t = typ{k: kBool}
			case "enum":
				e := &enumType{name: f.Name, values: f.Values}
				g.enums = append(g.enums, e)
				fd.t = typ{k: kEnum, enum: e}
			default:
				continue // text, number and list fields are for print only
			}
			for i, gc := range d.Cards {
				fd.vals[i] = fieldValue(fd.t, gc.Values[f.Name])
				if !inRange(fd.vals[i]) {
					c.report(codeLimit.At(c.cardValueAt(gc, f.Name), "card %s's %s is %d: %s", gc.ID, f.Name, fd.vals[i], numbersText))
					fd.vals[i] = 0
				}
			}
			g.fields[f.Name] = fd
		}
	}
	for _, e := range g.enums {
		if e.name == "keyword" || e.name == "phase" {
			c.report(codeStructure.At(d.Manifest.Pos, "a deck declares an enum field %s, the name of a type of the rules (game.yaml's %ss); rename the field", e.name, e.name))
			continue
		}
		g.types[e.name] = e
	}
	kw := &enumType{name: "keyword"}
	kwIndex := map[string]int{}
	for i, k := range d.Manifest.Keywords {
		kw.values = append(kw.values, k.ID)
		kwIndex[k.ID] = i
	}
	ph := &enumType{name: "phase"}
	for _, p := range d.Manifest.Phases {
		ph.values = append(ph.values, p.ID)
	}
	g.types["keyword"], g.types["phase"] = kw, ph
	for _, gc := range d.Cards {
		var mask [4]uint64
		for _, k := range gc.Keywords {
			if i, ok := kwIndex[k]; ok && i < 256 {
				mask[i>>6] |= 1 << (i & 63)
			}
		}
		g.keywords = append(g.keywords, mask)
	}
	lo, hi := kit.PlayerCounts(d.Manifest.Players, engine.MaxPlayers)
	for n := lo; n <= hi; n++ {
		var pile []uint8
		for i, gc := range d.Cards {
			if gc.UsedWith(n) {
				for range g.cards[i].copies {
					pile = append(pile, uint8(i))
				}
			}
		}
		g.inPlay[n] = pile
		g.capacity = max(g.capacity, len(pile))
	}
	if g.capacity > engine.MaxDeck {
		c.report(kit.CodeTooManyCards.At(d.Manifest.Pos, "the rules engine plays at most %d cards at a time, not %d", engine.MaxDeck, g.capacity))
	}
}

// cardValueAt is where card gc gives field name its value.
func (c *compiler) cardValueAt(gc gamedata.Card, name string) finding.Pos {
	if n := get(gc.Node, name); n != nil {
		return finding.Pos{File: gc.Pos.File, Line: n.Line, Col: n.Column}
	}
	return gc.Pos
}

func fieldValue(t typ, v any) int64 {
	switch t.k {
	case kInt:
		n, _ := v.(int)
		return int64(n)
	case kBool:
		b, _ := v.(bool)
		return b2i(b)
	}
	if s, ok := v.(string); ok {
		for i, x := range t.enum.values {
			if x == s {
				return int64(i)
			}
		}
	}
	return -1
}

func (c *compiler) turnCap(n *yaml.Node) {
	if n == nil {
		return
	}
	var v int
	if err := n.Decode(&v); err != nil || v < 1 {
		c.report(codeType.At(c.at(n), "turn_cap is a number of moves, at least 1"))
		return
	}
	c.g.turnCap = v
}

// reserved names cannot be declared: expressions give them a meaning.
// The builtins' names join them from the builtins table (funcs.go).
var reserved = map[string]bool{"player": true, "card": true, "value": true, "seat": true, "seats": true, "players": true,
	"none": true, "item": true, "true": true, "false": true, "and": true, "or": true, "not": true, "in": true, "where": true, "all": true, "as": true}

// bindable reports whether name may be bound by as: without hiding a
// declaration, reporting it otherwise.
func (c *compiler) bindable(n *yaml.Node, loopSeat bool) bool {
	name := n.Value
	_, param := c.g.data.Params[name]
	switch {
	case reserved[name] && !(loopSeat && (name == "player" || name == "seat")):
		c.report(codeStructure.At(c.at(n), "%s is a reserved word; pick another name", name))
	case c.zoneByName[name] != nil, c.valueByName[name] != nil, c.defines[name] != nil, c.g.lists[name] != nil, param:
		c.report(codeStructure.At(c.at(n), "%s is declared already (a zone, value, define or parameter); as: would hide it", name))
	default:
		return true
	}
	return false
}

// declare checks a new name is free.
func (c *compiler) declare(k *yaml.Node) bool {
	name := k.Value
	switch {
	case reserved[name]:
		c.report(codeStructure.At(c.at(k), "%s is a reserved word; pick another name", name))
	case c.zoneByName[name] != nil, c.valueByName[name] != nil, c.defines[name] != nil, c.g.lists[name] != nil:
		c.report(codeStructure.At(c.at(k), "%s is declared twice (lists, zones, values and defines share one set of names)", name))
	default:
		if _, ok := c.g.data.Params[name]; ok {
			c.report(codeStructure.At(c.at(k), "%s is also a parameter in game.yaml; pick another name", name))
			return false
		}
		return true
	}
	return false
}

func (c *compiler) zones(m *yaml.Node) {
	g := c.g
	keys, vals := pairs(m)
	if len(keys) == 0 {
		c.report(codeStructure.At(c.at(m), "the rules declare no zones: cards need somewhere to be"))
	}
	for i, k := range keys {
		if !c.declare(k) {
			continue
		}
		v := vals[i]
		z := &zoneDecl{name: k.Value, base: g.zoneInsts, pos: c.at(k)}
		z.perPlayer = scalar(get(v, "owner")) == "player"
		switch scalar(get(v, "visibility")) {
		case "owner":
			z.vis = visOwner
		case "public":
			z.vis = visPublic
		}
		z.ordered = scalar(get(v, "ordered")) == "true"
		c.zoneSize(z, v)
		n := 1
		if z.perPlayer {
			n = engine.MaxPlayers
		}
		g.zoneInsts += n
		for range n {
			g.instZones = append(g.instZones, z)
		}
		g.zones = append(g.zones, z)
		c.zoneByName[z.name] = z
		if sn := get(v, "start"); sn != nil && scalar(sn) != "true" && scalar(sn) != "false" {
			c.startCondition(z, sn)
		} else if scalar(sn) == "true" {
			switch {
			case z.perPlayer:
				c.report(codeStructure.At(c.at(get(v, "start")), "the cards start in one zone of the table, not in one per seat"))
			case g.startZone >= 0:
				c.report(codeStructure.At(c.at(get(v, "start")), "the cards start in %s already: one zone has start: true", g.zones[g.startZone].name))
			default:
				g.startZone = len(g.zones) - 1
			}
		}
	}
	if g.startZone < 0 && len(keys) > 0 {
		c.report(codeStructure.At(c.at(m), "no zone has start: true: say where the cards are when the game begins"))
	}
}

func scalar(n *yaml.Node) string {
	if n == nil || n.Kind != yaml.ScalarNode {
		return ""
	}
	return n.Value
}

func (c *compiler) values(m *yaml.Node) {
	g := c.g
	keys, vals := pairs(m)
	var starts, pools []*yaml.Node
	for i, k := range keys {
		if !c.declare(k) {
			continue
		}
		v := vals[i]
		d := &valueDecl{name: k.Value, base: g.valueInsts, pos: c.at(k)}
		d.perPlayer = scalar(get(v, "owner")) == "player"
		c.valueVisibility(d, v)
		tn := get(v, "type")
		switch t := scalar(tn); t {
		case "seat":
			d.t = typ{k: kSeat}
		case "card":
			d.t = typ{k: kCard}
		default:
			var ok bool
			if d.t, ok = c.typeOf(tn, nil); !ok {
				d.t = typ{k: kBad}
			}
		}
		for _, b := range []struct {
			key string
			to  **int64
		}{{"min", &d.min}, {"max", &d.max}} {
			if bn := get(v, b.key); bn != nil {
				var x int64
				if err := bn.Decode(&x); err != nil || d.t.k != kInt {
					c.report(codeType.At(c.at(bn), "%s is a number, for a value of type int", b.key))
					continue
				}
				*b.to = &x
			}
		}
		if sn := get(v, "size"); sn != nil {
			d.size = c.valueSize(sn)
		}
		g.valueInsts += d.span(engine.MaxPlayers)
		g.values = append(g.values, d)
		c.valueByName[d.name] = d
		starts = append(starts, get(v, "start"))
		pools = append(pools, get(v, "pool"))
	}
	// A pool: the per-seat values and the table value they name, whose
	// sum never changes (tokens taken from and returned to a supply).
	for i, d := range g.values {
		pn := pools[i]
		if pn == nil {
			continue
		}
		sup := c.valueByName[pn.Value]
		switch {
		case sup == nil:
			c.report(codeUndefined.At(c.at(pn), "pool names the table value the tokens come from; %s is not a value%s", pn.Value, c.suggest(pn.Value)))
		case sup.perPlayer || sup.t.k != kInt || d.t.k != kInt || !d.perPlayer || sup.size > 0 || d.size > 0:
			c.report(codeType.At(c.at(pn), "a pool joins a number per seat (owner: player) to a number of the table; %s and %s are not", d.name, sup.name))
		default:
			k := slices.IndexFunc(g.pools, func(p pool) bool { return p.supply == sup })
			if k < 0 && len(g.pools) == maxPools {
				c.report(codeStructure.At(c.at(pn), "the rules keep at most %d pools (table values tokens are taken from)", maxPools))
				continue
			}
			if k < 0 {
				g.pools = append(g.pools, pool{supply: sup})
				k = len(g.pools) - 1
			}
			g.pools[k].held = append(g.pools[k].held, d)
		}
	}
	// Start values may read parameters and other values' starts.
	for i, d := range g.values {
		if starts[i] == nil || d.t.k == kBad {
			continue
		}
		e := c.expr(starts[i], nil, d.t, "start")
		d.start = e.ev
	}
}

// maxValueSize is the most items a value with a size holds.
const maxValueSize = 256

// valueSize is a value's size: a number known before play (parameters),
// 1 to maxValueSize; 0 when it is wrong (reported).
func (c *compiler) valueSize(n *yaml.Node) int {
	e := c.expr(n, nil, typ{k: kInt}, "size")
	switch {
	case e.ev == nil:
		return 0
	case !e.konst:
		c.report(codeStructure.At(c.at(n), "a value's size is known before play: a number or parameters, not %q", n.Value))
		return 0
	case e.kv < 1 || e.kv > maxValueSize:
		c.report(codeLimit.At(c.at(n), "a value's size is 1 to %d, not %d", maxValueSize, e.kv))
		return 0
	}
	return int(e.kv)
}

func (c *compiler) enumList() string {
	var names []string
	for _, e := range c.g.enums {
		names = append(names, e.name)
	}
	if len(names) == 0 {
		return " (the decks declare no enum field)"
	}
	return " (enum fields: " + strings.Join(names, ", ") + ")"
}

func (c *compiler) defineAll(m *yaml.Node) {
	keys, vals := pairs(m)
	for i, k := range keys {
		if !c.declare(k) {
			continue
		}
		d := &define{file: c.file, src: vals[i].Value, at: vals[i]}
		tree, err := parseExpr(d.src)
		if err != nil {
			c.syntax(vals[i], err)
		}
		d.tree = tree
		c.defines[k.Value] = d
	}
	c.limitDefines(keys)
}

// syntax reports a parse error at its column.
func (c *compiler) syntax(n *yaml.Node, err error) {
	off := 0
	if se, ok := err.(*syntaxError); ok {
		off = se.Off
	}
	c.report(codeSyntax.At(c.offset(n, off), "%s in %q", err.Error(), n.Value))
}

// offset is the position of byte off of a scalar's text.
func (c *compiler) offset(n *yaml.Node, off int) finding.Pos { return offsetIn(c.file, n, off) }

// offsetIn is the position of byte off of a scalar's text in file.
func offsetIn(file string, n *yaml.Node, off int) finding.Pos {
	p := finding.Pos{File: file, Line: n.Line, Col: n.Column}
	if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
		p.Col++
	}
	if n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) == 0 {
		p.Col += off
	}
	return p
}

func (c *compiler) exprFinding(at *yaml.Node, src string, e exprErr, suffix string) {
	c.report(e.code.At(c.offset(at, e.off), "%s in %q%s", e.msg, src, suffix))
}

// expr compiles the expression in scalar n, which must have type want
// (kBad: any type).
func (c *compiler) expr(n *yaml.Node, sc *scope, want typ, what string) expr {
	fallback := expr{t: want, ev: func(*state) int64 { return 0 }}
	if n == nil {
		return fallback
	}
	if n.Kind != yaml.ScalarNode {
		c.report(codeType.At(c.at(n), "%s is an expression (text), not a list or mapping", what))
		return fallback
	}
	tree, err := parseExpr(n.Value)
	if err != nil {
		c.syntax(n, err)
		return fallback
	}
	if !c.withinLimits(n, tree) {
		return fallback
	}
	c.where = fmt.Sprintf("%s:%d", finding.Visible(c.file), n.Line)
	x := &exprCtx{g: c.g, c: c, src: n, file: c.file}
	e := x.compile(tree, sc)
	if want.k != kBad && len(x.errs) == 0 {
		e = x.want(e, want, what)
	}
	for _, err := range x.errs {
		c.exprFinding(n, n.Value, err, "")
	}
	if len(x.errs) > 0 || e.ev == nil && e.t.k != kZone {
		if e.t.k == kZone && e.zone != nil {
			return e
		}
		return fallback
	}
	return e
}

// zoneExpr compiles an expression that must name a zone.
func (c *compiler) zoneExpr(n *yaml.Node, sc *scope, what string) *zoneRef {
	if n == nil {
		return nil
	}
	e := c.expr(n, sc, typ{k: kBad}, what)
	if e.t.k == kBad {
		return nil
	}
	if e.t.k != kZone {
		c.report(codeType.At(c.at(n), "%s is a zone, not %s", what, e.t))
		return nil
	}
	return e.zone
}

func (c *compiler) newSlot(private bool) int {
	c.g.slots++
	c.g.private = append(c.g.private, private)
	return c.g.slots - 1
}

func (c *compiler) winners(m *yaml.Node) {
	if m == nil || m.Kind != yaml.SequenceNode || len(m.Content) == 0 {
		c.report(codeStructure.At(c.at(m), "winners needs at least one rule: highest: or lowest: an expression of seat"))
		return
	}
	for _, r := range m.Content {
		slot := c.newSlot(false)
		sc := &scope{name: "seat", slot: slot, t: typ{k: kSeat}}
		rule := rankRule{slot: slot}
		n := get(r, "highest")
		rule.highest = n != nil
		if n == nil {
			n = get(r, "lowest")
		}
		if n == nil {
			c.report(codeStructure.At(c.at(r), "a winners rule is highest: or lowest: an expression of seat"))
			continue
		}
		rule.ev = c.expr(n, sc, typ{k: kInt}, "a winners rule").ev
		c.g.winners = append(c.g.winners, rule)
	}
}

// suggest names the declared names close to a misspelt one.
func (c *compiler) suggest(name string) string {
	var all []string
	for n := range c.zoneByName {
		all = append(all, n)
	}
	for n := range c.valueByName {
		all = append(all, n)
	}
	for n := range c.defines {
		all = append(all, n)
	}
	for n := range c.g.data.Params {
		all = append(all, n)
	}
	sort.Strings(all)
	for _, n := range all {
		if strings.HasPrefix(n, name) || strings.HasPrefix(name, n) || editDistance1(n, name) {
			return fmt.Sprintf(" (did you mean %s?)", n)
		}
	}
	return ""
}

func editDistance1(a, b string) bool {
	if len(a) == len(b) {
		diff := 0
		for i := range a {
			if a[i] != b[i] {
				diff++
			}
		}
		return diff == 1
	}
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) != 1 {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return a[i:] == b[i+1:]
		}
	}
	return true
}

// dedupe drops repeats: a define used in several places reports its own
// problem once.
func dedupe(found []finding.Finding) []finding.Finding {
	seen := map[string]bool{}
	out := found[:0]
	for _, f := range found {
		if k := f.Pos.String() + f.Code + f.Message; !seen[k] {
			seen[k] = true
			out = append(out, f)
		}
	}
	return out
}

// require checks the conditions on parameters a rules file is written for
// (HEAT's rules in the language play one reading of the book): each must
// hold for the parameters (and variant) being built.
func (c *compiler) require(m *yaml.Node) {
	if m == nil || m.Kind != yaml.SequenceNode {
		return
	}
	for _, n := range m.Content {
		before := len(c.found)
		e := c.expr(n, nil, typ{k: kBool}, "require")
		switch {
		case len(c.found) > before:
		case !e.konst:
			c.report(codeStructure.At(c.at(n), "require reads the parameters only (it is checked before play): %q reads the table", n.Value))
		case e.kv != 1:
			c.report(codeStructure.At(c.at(n), "these rules are written for %s, which the parameters (or the variant) do not meet", n.Value))
		}
	}
}

func keysOf(m *yaml.Node) []*yaml.Node {
	keys, _ := pairs(m)
	return keys
}
