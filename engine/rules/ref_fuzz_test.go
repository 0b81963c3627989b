package rules_test

import (
	"fmt"
	"maps"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/cardpress/cardpress/engine/rules"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"

	"go.yaml.in/yaml/v3"
)

// FuzzReferenceAgrees is differential fuzzing of the rules engine: from
// the fuzzer's bytes it writes a random rules program that is valid by
// construction (zones of every kind, values of every type, moves, deals,
// draws, rolls, bounded while and repeat, each_seat, each_value,
// for_each over the cards' effects, choices of cards, values and actions,
// one seat's or every seat's, tallies, ends), builds it over Bank Run's
// cards (at 2 to 5 seats), and plays games of it on the fast engine and
// the reference interpreter in lockstep: the first difference fails with its report.
// Programs are small (depth 3, a few statements a list) and games capped
// at refFuzzMoves moves.
func FuzzReferenceAgrees(f *testing.F) {
	for _, seed := range [][]byte{
		nil,
		[]byte("reference"),
		[]byte{3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3, 8, 4, 6, 2, 6, 4, 3, 3, 8, 3, 2, 7, 9, 5},
		[]byte{200, 17, 90, 4, 250, 33, 61, 7, 128, 64, 32, 16, 8, 4, 2, 1, 0, 255, 254, 9, 99, 42, 13},
	} {
		f.Add(seed, uint64(1), uint8(0))
	}
	f.Fuzz(func(t *testing.T, prog []byte, seed uint64, players uint8) {
		src := genProgram(prog)
		g := buildGenerated(t, src)
		n := 2 + int(players)%(refFuzzSeats-1)
		if d := rules.Agree(g, n, seed, refFuzzMoves); d != nil {
			t.Fatalf("%d players, seed %d: %s\nthe program:\n%s", n, seed, d, src)
		}
	})
}

// refFuzzMoves caps a fuzzed game (the generated turn_cap too);
// refFuzzSeats is the most seats it is played at.
const (
	refFuzzMoves = 300
	refFuzzSeats = 5
)

var (
	bankOnce sync.Once
	bankGame *gamedata.Data
)

// buildGenerated builds a generated program over Bank Run's cards and
// parameters; it must build, being valid by construction.
func buildGenerated(t testing.TB, src string) *rules.Game {
	t.Helper()
	bankOnce.Do(func() {
		bankGame = loadData(t, filepath.Join("testdata", "bank"))
		// Parameters of every kind the rules read, beside Bank Run's goal.
		params := maps.Clone(bankGame.Params)
		for name, v := range map[string]any{
			"mode": "quick",
			"dirs": []any{"left", "right", "left"},
			"nums": []any{2, 0, 5},
			"board": []any{map[string]any{"value": -1, "slots": 2, "colour": "blue", "sides": []any{4, 2}},
				map[string]any{"value": 3, "slots": 1, "open": true, "colour": "red", "sides": []any{5}}}, // shorter: its sides[1] reads 0
		} {
			params[name] = gamedata.Param{Name: name, Value: v}
		}
		bankGame.Params = params
		// Up to 5 seats (Bank Run plays 2 or 3): every seat function
		// wraps round more tables.
		bankGame.Manifest.Players.Max = refFuzzSeats
	})
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatalf("the generated program is not YAML: %v\n%s", err, src)
	}
	d := *bankGame
	d.Rules = &gamedata.RulesFile{Path: "generated.yaml", Root: doc.Content[0]}
	d.Tests = nil
	g, found := rules.Build(&d)
	if g == nil && onlyLimits(found) {
		// The compiler's cost model refuses it before play (RULES_LIMIT):
		// valid, but not a game to play.
		t.Skip("over a limit")
	}
	if g == nil {
		t.Fatalf("the generated program does not build: %v\n%s", found, src)
	}
	return g
}

// onlyLimits reports whether every finding is a passed limit.
func onlyLimits(found []finding.Finding) bool {
	for _, f := range found {
		if f.Code != "RULES_LIMIT" {
			return false
		}
	}
	return len(found) > 0
}

// gen writes a program from the fuzzer's bytes: each choice takes a byte,
// and when they run out every choice is the first (the simplest).
type gen struct {
	data  []byte
	at    int
	depth int
	// bound are the names bound where the program is being written, by
	// type: "seat", "card", "entry", "color".
	bound map[string][]string
	out   strings.Builder
	fresh int
}

func (g *gen) pick(n int) int {
	if g.at >= len(g.data) || n <= 1 {
		return 0
	}
	b := g.data[g.at]
	g.at++
	return int(b) % n
}

func (g *gen) chance(pct int) bool { return g.pick(100) < pct }

func (g *gen) line(indent int, format string, args ...any) {
	fmt.Fprintf(&g.out, "%s%s\n", strings.Repeat("  ", indent), fmt.Sprintf(format, args...))
}

// bind runs f with name bound as a value of type t, hiding the name's
// outer binding of any type.
func (g *gen) bind(t, name string, f func()) {
	saved := g.bound
	g.bound = map[string][]string{}
	for k, names := range saved {
		for _, n := range names {
			if n != name {
				g.bound[k] = append(g.bound[k], n)
			}
		}
	}
	g.bound[t] = append(g.bound[t], name)
	f()
	g.bound = saved
}

func (g *gen) name(prefix string) string {
	g.fresh++
	return fmt.Sprintf("%s%d", prefix, g.fresh)
}

// genProgram is the whole rules file.
func genProgram(data []byte) string {
	g := &gen{data: data, bound: map[string][]string{}}
	g.out.WriteString(g.header())
	if g.chance(40) {
		g.line(0, "evaluate: %q", g.withSeat(func() string { return g.intExpr(2) }))
	}
	g.line(0, "play:")
	g.line(1, "- deal: {from: deck, to: hand, count: %d}", 1+g.pick(3))
	g.line(1, "- repeat: %d", 2+g.pick(8))
	g.line(2, "do:")
	g.block(3, 3+g.pick(5))
	g.line(0, "winners:")
	g.line(1, "- highest: \"coins[seat]\"")
	if g.chance(50) {
		g.line(1, "- lowest: %q", g.withSeat(func() string { return g.intExpr(1) }))
	}
	return g.out.String()
}

// refFuzzHeader declares what generated programs use: a shuffled pile,
// an ordered public pile, an unordered public zone (whose order a move
// of count cards reveals), hands and ordered per-seat piles, and values
// of every type.
const refFuzzHeader = `turn_cap: 300
lists:
  effects:
    gain: {type: int}
    lose: {type: int}
    target: {type: [self, others]}
    if.alone: {type: bool}
counters:
  k: a counter
zones:
  deck: {owner: table, visibility: hidden, start: true}
  pile: {owner: table, visibility: public, ordered: true}
  side: {owner: table, visibility: public}
  hand: {owner: player, visibility: owner}
  kept: {owner: player, visibility: public, ordered: true}
values:
  n: {type: int, start: "players + 1"}
  coins: {type: int, owner: player}
  w1: {type: int}
  w2: {type: int}
  w3: {type: int}
  w4: {type: int}
  die: {type: int, owner: player}
  s: {type: seat, start: "seat(1)"}
  c: {type: card}
  col: {type: color}
  b: {type: bool}
  tg: {type: effects.target}
define:
  reds: "count(pile, card.color == 'red')"
`

// header is refFuzzHeader with what only generated programs declare:
// two zones that start with the cards of a condition (the first whose
// condition holds takes a card), a zone whose size only its seat sees,
// values with a size (the table's and each seat's), a secret value, and
// a value named as the cards' field color (bare color is the value,
// card.color the field, type: color the field's type).
func (g *gen) header() string {
	conds := []string{"card.deck == 'main' and card.color == 'blue'", "has(card, 'loud')", "card.color == 'red' and players > 2",
		"card in ('job', 'tax')", "card.deck != 'main'", "index(card.color) == 1 or mode == 'quick'", "goal > 100"}
	zones := fmt.Sprintf("  goals: {owner: table, visibility: hidden, start: %q}\n  spare: {owner: table, visibility: public, ordered: true, start: %q}\n"+
		"  pocket: {owner: player, visibility: owner, size: owner}\n", conds[g.pick(len(conds))], conds[g.pick(len(conds))])
	values := "  row: {type: int, size: \"len(nums)\"}\n  pos: {type: int, owner: player, size: 2, start: \"players\"}\n" +
		"  marks: {type: card, size: 2}\n  chips: {type: int, owner: player, visibility: owner, start: 3}\n" +
		"  color: {type: color, start: \"'blue'\"}\n" // a value named as a card field (and its type)
	h := strings.Replace(refFuzzHeader, "zones:\n", "zones:\n"+zones, 1)
	return strings.Replace(h, "values:\n", "values:\n"+values, 1)
}

// item is the number of an item of a value of size items: mostly one
// inside it, now and then any number (outside it, a rules error).
func (g *gen) item(size int) string {
	if g.chance(10) {
		return g.intExpr(1)
	}
	return fmt.Sprintf("%s %% %d", g.intExpr(0), size)
}

// block writes k statements at indent.
func (g *gen) block(indent, k int) {
	g.depth++
	defer func() { g.depth-- }()
	for range max(1, k) {
		g.stmt(indent)
	}
}

// stmt writes one statement; deeper lists get simpler statements.
func (g *gen) stmt(in int) {
	kinds := 9
	if g.depth < 3 {
		kinds = 23 // 19 to 22: a choice, the most common statement
	}
	switch k := g.pick(kinds); k {
	case 15, 16:
		g.sized(in)
	case 17:
		g.show(in)
	case 18:
		g.line(in, "- set: %q", fmt.Sprintf("chips[%s] %s %s", g.seatIndex(), []string{"+=", "-=", "="}[g.pick(3)], g.intExpr(1)))
	case 0:
		g.set(in)
	case 1:
		g.move(in)
	case 2:
		g.line(in, "- move: {from: deck, to: %q, count: %q}", g.zoneTo(), g.intExpr(1))
	case 3:
		g.line(in, "- tally: k")
		g.line(in, "  by: %q", g.intExpr(1))
	case 4:
		g.line(in, "- roll: %q", "die["+g.seatIndex()+"]")
		g.line(in, "  sides: %q", g.intExpr(1)+" % 6 + 1")
	case 5:
		g.line(in, "- log: a line")
	case 6:
		g.line(in, "- deal: {from: %s, to: %s, count: %q, first: %q}", []string{"deck", "pile", "side"}[g.pick(3)], []string{"hand", "kept"}[g.pick(2)], "if(player == s, 2, 1)", g.seatExpr(1))
	case 7:
		g.set(in)
	case 8:
		if g.chance(10) {
			g.line(in, "- end: %s", []string{"done", "stop"}[g.pick(2)])
			if g.chance(50) {
				g.line(in, "  winners: none")
			}
			return
		}
		g.line(in, "- collect: deck")
	case 9:
		g.line(in, "- if: %q", g.boolExpr(2))
		g.line(in, "  then:")
		g.block(in+2, 1+g.pick(3))
		if g.chance(50) {
			g.line(in, "  else:")
			g.block(in+2, 1+g.pick(2))
		}
	case 10:
		w := fmt.Sprintf("w%d", g.depth)
		g.line(in, "- set: \"%s = 0\"", w)
		g.line(in, "- while: %q", fmt.Sprintf("%s < %d and (%s)", w, 1+g.pick(3), g.boolExpr(1)))
		g.line(in, "  do:")
		g.line(in+2, "- set: \"%s += 1\"", w)
		g.block(in+2, 1+g.pick(3))
	case 11:
		g.line(in, "- repeat: %q", g.intExpr(1)+" % 3")
		g.line(in, "  do:")
		g.block(in+2, 1+g.pick(3))
	case 12:
		g.eachSeat(in)
	case 13:
		v := g.name("v")
		g.line(in, "- each_value: color")
		g.line(in, "  as: %s", v)
		g.line(in, "  do:")
		g.bind("color", v, func() { g.block(in+2, 1+g.pick(2)) })
	case 14:
		g.forEach(in)
	default:
		g.choose(in)
	}
}

// sized writes a set of, or a roll into, an item of a value with a size.
func (g *gen) sized(in int) {
	switch g.pick(4) {
	case 0:
		g.line(in, "- set: %q", fmt.Sprintf("row[%s] %s %s", g.item(3), []string{"+=", "-=", "="}[g.pick(3)], g.intExpr(1)))
	case 1:
		g.line(in, "- set: %q", fmt.Sprintf("pos[%s][%s] %s %s", g.seatIndex(), g.item(2), []string{"+=", "="}[g.pick(2)], g.intExpr(1)))
	case 2:
		g.line(in, "- set: %q", fmt.Sprintf("marks[%s] = %s", g.item(2), g.cardExpr(1)))
	default:
		g.line(in, "- roll: %q", fmt.Sprintf("pos[%s][%s]", g.seatIndex(), g.item(2)))
	}
}

// show writes a show of a zone's cards (maybe filtered) or of one card
// to a seat (now and then none: a rules error).
func (g *gen) show(in int) {
	if g.chance(50) {
		g.line(in, "- show: %q", g.zone(1))
	} else {
		g.line(in, "- show: %q", g.cardExpr(1))
	}
	to := g.seatIndex()
	if g.chance(5) {
		to = g.seatExpr(1)
	}
	g.line(in, "  to: %q", to)
}

// set writes a set of a value of some type.
func (g *gen) set(in int) {
	switch g.pick(7) {
	case 0:
		g.line(in, "- set: %q", "n = "+g.intExpr(2))
	case 1:
		g.line(in, "- set: %q", fmt.Sprintf("coins[%s] %s %s", g.seatIndex(), []string{"+=", "-=", "="}[g.pick(3)], g.intExpr(2)))
	case 2:
		g.line(in, "- set: %q", "s = "+g.seatExpr(2))
	case 3:
		g.line(in, "- set: %q", "c = "+g.cardExpr(2))
	case 4:
		g.line(in, "- set: %q", []string{"col", "color"}[g.pick(2)]+" = "+g.colorExpr(2))
	case 5:
		g.line(in, "- set: %q", "b = "+g.boolExpr(2))
	default:
		g.line(in, "- set: %q", "tg = "+[]string{"'self'", "'others'", "none", "if(b, 'self', 'others')"}[g.pick(4)])
	}
}

// move writes a move between the table's zones and the seats'.
func (g *gen) move(in int) {
	from, to := g.zoneFrom(), g.zoneTo()
	switch g.pick(4) {
	case 0:
		g.line(in, "- move: {from: %q, to: %q, count: all}", from+" where "+g.cardBool(1), to)
	case 1:
		g.line(in, "- if: %q", "count("+from+") > 0 and c != none and any("+from+", card == c)")
		g.line(in, "  then: [{move: {from: %q, to: %q, card: \"c\"}}]", from, to)
	case 2:
		g.line(in, "- move: {from: %q, to: %q, count: all}", from, to)
	default:
		g.line(in, "- move: {from: %q, to: %q, count: %q}", from, to, g.intExpr(1))
	}
}

func (g *gen) eachSeat(in int) {
	p := g.name("p")
	g.line(in, "- each_seat: %q", g.seatExpr(1))
	if g.chance(40) {
		g.line(in, "  count: %q", g.intExpr(1))
	}
	g.line(in, "  as: %s", p)
	g.line(in, "  do:")
	g.bind("seat", p, func() { g.block(in+2, 1+g.pick(3)) })
}

func (g *gen) forEach(in int) {
	e := g.name("e")
	g.line(in, "- for_each: %s", e)
	g.line(in, "  in: %q", g.cardExpr(1)+".effects")
	g.bind("entry", e, func() {
		if g.chance(40) {
			g.line(in, "  where: %q", g.boolExpr(1))
		}
		g.line(in, "  do:")
		g.block(in+2, 1+g.pick(2))
	})
}

// choose writes a choice of one seat (always with a way out) or of every
// seat in secret.
func (g *gen) choose(in int) {
	all := g.chance(30)
	g.line(in, "- choose:")
	if all {
		g.line(in+2, "player: all")
	} else {
		g.line(in+2, "player: %q", g.seatIndex())
	}
	g.line(in+2, "options:")
	g.bind("seat", "player", func() {
		for k := range 1 + g.pick(3) {
			g.option(in+3, k)
		}
		if !all {
			g.line(in+3, "- action: pass")
		}
	})
}

func (g *gen) option(in, k int) {
	switch g.pick(4) {
	case 3:
		from := g.intExpr(1)
		to := fmt.Sprintf("%s + %d", from, g.pick(5)-1)
		if g.chance(30) {
			to = g.intExpr(1)
		}
		g.line(in, "- value: {from: %q, to: %q}", from, to)
		g.line(in, "  name: o%d", k)
		g.bind("int", "value", func() { g.optionRest(in) })
	case 0:
		g.line(in, "- card: %q", []string{"hand[player]", "kept[player]", "side", "pile", "pocket[player]"}[g.pick(5)])
		g.line(in, "  name: o%d", k)
		if g.chance(50) {
			g.line(in, "  to: %q", g.zoneTo())
		}
		g.bind("card", "card", func() { g.optionRest(in) })
	case 1:
		kind := []string{"seat", "color"}[g.pick(2)]
		g.line(in, "- value: %s", kind)
		g.line(in, "  name: o%d", k)
		g.bind(kind, "value", func() { g.optionRest(in) })
	default:
		g.line(in, "- action: a%d", k)
		g.optionRest(in)
	}
}

func (g *gen) optionRest(in int) {
	if g.chance(60) {
		g.line(in, "  if: %q", g.boolExpr(2))
	}
	if g.depth < 3 && g.chance(70) {
		g.line(in, "  then:")
		g.block(in+2, 1+g.pick(2))
	}
}

// zoneFrom is any zone moved out of; zoneTo any zone moved to.
func (g *gen) zoneFrom() string {
	return []string{"deck", "pile", "side", "hand[" + g.seatIndex() + "]", "kept[" + g.seatIndex() + "]", "goals", "spare", "pocket[" + g.seatIndex() + "]"}[g.pick(8)]
}

func (g *gen) zoneTo() string {
	return []string{"pile", "side", "deck", "hand[" + g.seatIndex() + "]", "kept[" + g.seatIndex() + "]", "goals", "spare", "pocket[" + g.seatIndex() + "]"}[g.pick(8)]
}

// zone is a zone to count or look into, maybe filtered.
func (g *gen) zone(d int) string {
	z := g.zoneFrom()
	if d > 0 && g.chance(25) {
		z = "(" + z + " where " + g.cardBool(d-1) + ")"
	}
	return z
}

// seatIndex is a seat that may index a zone or value: never none
// before play (the compiler refuses it).
func (g *gen) seatIndex() string {
	opts := append([]string{"s", "seat(1)", "seat(2)", "next(s)", "argmax(seats, coins[seat])"}, g.bound["seat"]...)
	return opts[g.pick(len(opts))]
}

func (g *gen) intExpr(d int) string {
	if d <= 0 {
		opts := []string{"0", "1", "2", "3", "players", "n", "w1", "goal", "reds", "count(pile)", "coins[" + g.seatIndex() + "]", "die[" + g.seatIndex() + "]",
			"len(dirs)", "nums[n % len(nums)]", "sum(board, item.slots)", "board[w1 % len(board)].value", "count(board, item.open > 0)",
			"row[n % 3]", "pos[" + g.seatIndex() + "][w1 % 2]", "chips[" + g.seatIndex() + "]", "board[w1 % 2].sides[1]", "index(marks[1].color)"}
		for _, e := range g.bound["entry"] {
			opts = append(opts, e+".gain", e+".lose")
		}
		opts = append(opts, g.bound["int"]...)
		return opts[g.pick(len(opts))]
	}
	switch g.pick(14) {
	case 0:
		return fmt.Sprintf("(%s %s %s)", g.intExpr(d-1), []string{"+", "-", "*", "/", "%"}[g.pick(5)], g.intExpr(d-1))
	case 1:
		return fmt.Sprintf("count(%s)", g.zone(d))
	case 2:
		return fmt.Sprintf("count(%s, %s)", g.zone(d-1), g.cardBool(d-1))
	case 3:
		return fmt.Sprintf("sum(seats, %s)", g.withSeat(func() string { return g.intExpr(d - 1) }))
	case 4:
		return fmt.Sprintf("%s(%s, %s)", []string{"min", "max"}[g.pick(2)], g.intExpr(d-1), g.intExpr(d-1))
	case 5:
		return fmt.Sprintf("%s(%s, %s)", []string{"min", "max", "sum"}[g.pick(3)], g.zone(d-1), g.withCard(func() string { return g.cardInt(d - 1) }))
	case 6:
		return fmt.Sprintf("if(%s, %s, %s)", g.boolExpr(d-1), g.intExpr(d-1), g.intExpr(d-1))
	case 7:
		return fmt.Sprintf("index(%s)", g.typedColor(d-1))
	case 8:
		return fmt.Sprintf("abs(%s - %s)", g.intExpr(d-1), g.intExpr(d-1))
	case 9:
		return fmt.Sprintf("-%s", g.intExpr(0))
	case 10:
		return fmt.Sprintf("max(seats, %s)", g.withSeat(func() string { return g.intExpr(d - 1) }))
	case 11:
		return g.namedAggregate(d)
	case 12:
		return g.nth(d)
	}
	return g.intExpr(0)
}

// nth finds an item of a value with a size: the table's numbers or
// cards, or a seat's numbers.
func (g *gen) nth(d int) string {
	k := g.intExpr(d - 1)
	switch g.pick(3) {
	case 0:
		return fmt.Sprintf("nth(row, %s, %s)", g.intExpr(d-1), k)
	case 1:
		return fmt.Sprintf("nth(pos[%s], %s, %s)", g.seatIndex(), g.intExpr(d-1), k)
	}
	return fmt.Sprintf("nth(marks, %s, %s)", g.cardExpr(d-1), k)
}

// namedAggregate is an aggregate that names what it binds (Z as c,
// seats as s), so its body reads both that and the card or seat bound
// around it.
func (g *gen) namedAggregate(d int) string {
	name := g.name("a")
	var body string
	if g.chance(50) {
		z, fn := g.zone(d-1), []string{"count", "sum", "min", "max"}[g.pick(4)]
		g.bind("card", name, func() {
			body = []string{name + ".color == col", "any(" + z + ", card.color == " + name + ".color)", "has(" + name + ", 'loud')"}[g.pick(3)]
			if fn != "count" {
				body = fmt.Sprintf("if(%s, %s, %d)", body, g.cardIntOf(name, d-1), g.pick(3))
			}
		})
		return fmt.Sprintf("%s(%s as %s, %s)", fn, z, name, body)
	}
	g.bind("seat", name, func() {
		body = fmt.Sprintf("if(%s == %s, %s, count(hand[%s]))", name, g.seatExpr(0), g.intExpr(d-1), name)
	})
	return fmt.Sprintf("%s(seats as %s, %s)", []string{"sum", "max", "min"}[g.pick(3)], name, body)
}

// cardIntOf is a number of card c.
func (g *gen) cardIntOf(c string, d int) string {
	return []string{"index(" + c + ".color)", "if(has(" + c + ", 'loud'), 2, 1)", g.intExpr(d)}[g.pick(3)]
}

// cardInt is a number of the bound card.
func (g *gen) cardInt(d int) string {
	return []string{"index(card.color)", "if(has(card, 'loud'), 2, 1)", "1", g.intExpr(d)}[g.pick(4)]
}

// withSeat and withCard write an aggregate's body with seat or card bound.
func (g *gen) withSeat(f func() string) (s string) {
	g.bind("seat", "seat", func() { s = f() })
	return s
}

func (g *gen) withCard(f func() string) (s string) {
	g.bind("card", "card", func() { s = f() })
	return s
}

// cardBool is a condition on the bound card.
func (g *gen) cardBool(d int) string {
	return g.withCard(func() string {
		switch g.pick(4) {
		case 0:
			return "card.color == " + g.colorExpr(d)
		case 1:
			return "has(card, 'loud')"
		case 2:
			return "card in ('job', 'tax')"
		}
		return g.boolExpr(d)
	})
}

func (g *gen) boolExpr(d int) string {
	if d <= 0 {
		opts := []string{"true", "false", "b", "s == none", "c == none", "tg == 'self'", "mode == 'quick'", "n in nums",
			"dirs[n % len(dirs)] == 'right'", "any(board, item.value > n)", "col in ('red', 'blue')"}
		for _, e := range g.bound["entry"] {
			opts = append(opts, e+".if.alone", e+".target == 'others'", e+".target == tg")
		}
		for _, c := range g.bound["card"] {
			opts = append(opts, c+".color == 'red'", c+" == c", c+".deck == 'main'")
		}
		return opts[g.pick(len(opts))]
	}
	switch g.pick(10) {
	case 0:
		return fmt.Sprintf("%s %s %s", g.intExpr(d-1), []string{"<", "<=", ">", ">=", "==", "!="}[g.pick(6)], g.intExpr(d-1))
	case 1:
		return fmt.Sprintf("%s == %s", g.typedSeat(d-1), g.seatExpr(d-1))
	case 2:
		return fmt.Sprintf("%s != %s", g.typedCard(d-1), g.cardExpr(d-1))
	case 3:
		return fmt.Sprintf("%s == %s", g.typedColor(d-1), g.colorExpr(d-1))
	case 4:
		return fmt.Sprintf("not (%s)", g.boolExpr(d-1))
	case 5:
		return fmt.Sprintf("(%s %s %s)", g.boolExpr(d-1), []string{"and", "or"}[g.pick(2)], g.boolExpr(d-1))
	case 6:
		return fmt.Sprintf("%s(seats, %s)", []string{"any", "all"}[g.pick(2)], g.withSeat(func() string { return g.boolExpr(d - 1) }))
	case 7:
		return fmt.Sprintf("%s(%s, %s)", []string{"any", "all"}[g.pick(2)], g.zone(d-1), g.cardBool(d-1))
	case 8:
		return fmt.Sprintf("has(%s, 'loud')", g.cardExpr(d-1))
	}
	return g.boolExpr(0)
}

func (g *gen) seatExpr(d int) string {
	opts := append([]string{"s", "none", "seat(1)", "seat(3)", "seat(players)"}, g.bound["seat"]...)
	if d <= 0 {
		return opts[g.pick(len(opts))]
	}
	switch g.pick(6) {
	case 0:
		return fmt.Sprintf("next(%s)", g.seatExpr(d-1))
	case 1:
		return fmt.Sprintf("prev(%s, %s)", g.seatExpr(d-1), g.intExpr(d-1))
	case 2:
		return fmt.Sprintf("across(%s)", g.seatExpr(d-1))
	case 3:
		return fmt.Sprintf("%s(seats, %s)", []string{"argmin", "argmax"}[g.pick(2)], g.withSeat(func() string { return g.intExpr(d - 1) }))
	case 4:
		return fmt.Sprintf("if(%s, %s, %s)", g.boolExpr(d-1), g.seatExpr(d-1), g.seatExpr(d-1))
	}
	return opts[g.pick(len(opts))]
}

func (g *gen) cardExpr(d int) string {
	opts := append([]string{"c", "none", "'heist'", "top(pile)", "bottom(pile)", "top(kept[" + g.seatIndex() + "])"}, g.bound["card"]...)
	if d > 0 && g.chance(20) {
		return fmt.Sprintf("if(%s, %s, %s)", g.boolExpr(d-1), g.cardExpr(d-1), g.cardExpr(d-1))
	}
	return opts[g.pick(len(opts))]
}

func (g *gen) colorExpr(d int) string {
	opts := append([]string{"col", "color", "'red'", "'blue'", "none", g.cardExpr(0) + ".color"}, g.bound["color"]...)
	if d > 0 && g.chance(20) {
		return fmt.Sprintf("if(%s, %s, %s)", g.boolExpr(d-1), g.colorExpr(d-1), g.colorExpr(d-1))
	}
	return opts[g.pick(len(opts))]
}

// typedSeat, typedCard and typedColor are never a quoted name or none,
// so the other side of a comparison takes their type.
func (g *gen) typedSeat(d int) string {
	opts := append([]string{"s", "next(s)", "seat(players)"}, g.bound["seat"]...)
	return opts[g.pick(len(opts))]
}

func (g *gen) typedCard(d int) string {
	opts := append([]string{"c", "top(pile)", "bottom(pile)"}, g.bound["card"]...)
	return opts[g.pick(len(opts))]
}

func (g *gen) typedColor(d int) string {
	opts := append([]string{"col", "color", g.typedCard(d) + ".color"}, g.bound["color"]...)
	return opts[g.pick(len(opts))]
}
