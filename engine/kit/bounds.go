package kit

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/sat"

	"go.yaml.in/yaml/v3"
)

// MaxCopies is the most copies of one card a deck may hold: a Hand counts
// each card in a byte.
const MaxCopies = math.MaxUint8

// Bound is a range an engine can play. Path names the value: keys from a
// parameter's name (or from a card's mapping) down, separated by dots,
// with * for every entry of a list ("heat_board.*.value"). The value there
// must be a whole number from Min to Max, a multiple of Step when Step is
// set; with Items, the value is a list of Min to Max entries.
//
// The bounds of a card are declared in the engine's cards.schema.json and
// read from it (CardBounds); a parameter's on its declaration (Params).
// Commands build engines only from data that passed validation; Build
// still checks the bounds, before it allocates or computes anything from
// a number, as a guard for data from tests, fuzzers and the Go API that
// never saw a schema.
type Bound struct {
	Path     string
	Min, Max int
	Step     int
	Items    bool
}

// Violation is a value outside its bound: where it is, the path with list
// indexes filled in ("heat_board[2].value") and what is wrong, in words
// that end a sentence naming the value ("is 1000, more than 99").
type Violation struct {
	Pos     finding.Pos
	Path    string
	Problem string
	Param   string // the parameter the value belongs to (ParamViolations)
}

// ParamViolations checks d's parameters against bounds whose paths start
// with a parameter name. A parameter that is not declared is left to the
// engine's own check for missing parameters.
func ParamViolations(d *gamedata.Data, bounds []Bound) []Violation {
	var out []Violation
	for _, b := range bounds {
		name, rest, _ := strings.Cut(b.Path, ".")
		p, ok := d.Params[name]
		if !ok || p.Node == nil {
			continue
		}
		var segs []string
		if rest != "" {
			segs = strings.Split(rest, ".")
		}
		from := len(out)
		out = walkBound(out, p.Pos.File, p.Node, name, segs, b)
		for i := from; i < len(out); i++ {
			out[i].Param = name
		}
	}
	return out
}

// CardViolations checks one card's fields against bounds whose paths start
// at the card's mapping. Fields the card does not have are not checked:
// whether a field is required is the schema's and the engine's concern.
func CardViolations(c gamedata.Card, bounds []Bound) []Violation {
	var out []Violation
	if c.Node == nil {
		return nil
	}
	for _, b := range bounds {
		out = walkBound(out, c.Pos.File, c.Node, "", strings.Split(b.Path, "."), b)
	}
	return out
}

// ParamRangeFindings reports d's parameters outside bounds, one error a
// value at that value, and returns the names of the parameters it
// reported: an engine does not decode those, as one finding per bad value
// is enough.
func ParamRangeFindings(d *gamedata.Data, bounds []Bound) ([]finding.Finding, map[string]bool) {
	var fs []finding.Finding
	bad := map[string]bool{}
	for _, v := range ParamViolations(d, bounds) {
		fs = append(fs, CodeParamRange.At(v.Pos, "parameter %s %s", v.Path, v.Problem))
		bad[v.Param] = true
	}
	return fs, bad
}

// CardRangeFindings reports the fields of card c outside bounds, one error
// a value at that value.
func CardRangeFindings(c gamedata.Card, bounds []Bound) []finding.Finding {
	var fs []finding.Finding
	for _, v := range CardViolations(c, bounds) {
		fs = append(fs, CodeCardRange.At(v.Pos, "card %s: %s %s", c.ID, v.Path, v.Problem))
	}
	return fs
}

func walkBound(out []Violation, file string, n *yaml.Node, path string, segs []string, b Bound) []Violation {
	n = resolve(n)
	if n == nil {
		return out
	}
	if len(segs) == 0 {
		if problem, bad := b.check(n); bad {
			out = append(out, Violation{Pos: finding.Pos{File: file, Line: n.Line, Col: n.Column}, Path: path, Problem: problem})
		}
		return out
	}
	seg := segs[0]
	if seg == "*" {
		if n.Kind != yaml.SequenceNode {
			return out
		}
		for i, item := range n.Content {
			out = walkBound(out, file, item, path+"["+strconv.Itoa(i)+"]", segs[1:], b)
		}
		return out
	}
	if n.Kind != yaml.MappingNode {
		return out
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == seg {
			next := seg
			if path != "" {
				next = path + "." + seg
			}
			out = walkBound(out, file, n.Content[i+1], next, segs[1:], b)
		}
	}
	return out
}

// resolve follows an alias to the node it names.
func resolve(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

// check reports why n is outside b, if it is.
func (b Bound) check(n *yaml.Node) (string, bool) {
	if b.Items {
		if n.Kind != yaml.SequenceNode {
			return "is " + describe(n) + ", not a list", true
		}
		switch k := len(n.Content); {
		case k < b.Min:
			return fmt.Sprintf("has %d entries, fewer than %d", k, b.Min), true
		case k > b.Max:
			return fmt.Sprintf("has %d entries, more than %d", k, b.Max), true
		}
		return "", false
	}
	v, ok := WholeNumber(n)
	switch {
	case !ok:
		return fmt.Sprintf("is %s, not a whole number from %d to %d", describe(n), b.Min, b.Max), true
	case v < int64(b.Min):
		return fmt.Sprintf("is %d, less than %d", v, b.Min), true
	case v > int64(b.Max):
		return fmt.Sprintf("is %d, more than %d", v, b.Max), true
	case b.Step > 1 && v%int64(b.Step) != 0:
		return fmt.Sprintf("is %d, not a multiple of %d", v, b.Step), true
	}
	return "", false
}

// WholeNumber reads a scalar node as a whole number. YAML reads 1e9 as a
// float and yaml.v3 would decode 1.5 into an int as 1, so the value is
// taken as written and only exact whole numbers that fit an int64 pass.
func WholeNumber(n *yaml.Node) (int64, bool) {
	n = resolve(n)
	if n == nil || n.Kind != yaml.ScalarNode {
		return 0, false
	}
	var v any
	if err := n.Decode(&v); err != nil {
		return 0, false
	}
	switch x := v.(type) {
	case int:
		return int64(x), true
	case int64:
		return x, true
	case float64:
		// Beyond 2^62 a float64 is no longer a safe stand-in for an int64.
		if x == math.Trunc(x) && math.Abs(x) < 1<<62 {
			return int64(x), true
		}
	}
	return 0, false
}

// describe names a node's value for a message, briefly and on one line.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	}
	var v any
	if n.Decode(&v) == nil {
		switch x := v.(type) {
		case int, int64, uint64, float64, bool:
			return fmt.Sprint(x)
		case nil:
			return "empty"
		}
	}
	text := n.Value
	if r := []rune(text); len(r) > 20 {
		text = string(r[:20]) + "…"
	}
	return "text " + strconv.QuoteToGraphic(text)
}

// Copies is how many copies of c a game plays: its count, at least one
// (the loader makes a missing count 1; data built by hand may leave it 0).
func Copies(c gamedata.Card) int { return max(c.Count, 1) }

// CopiesPos is where c's copies are set: its count value, else the card.
func CopiesPos(c gamedata.Card) finding.Pos {
	n := resolve(c.Node)
	if n != nil && n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == "count" {
				v := n.Content[i+1]
				return finding.Pos{File: c.Pos.File, Line: v.Line, Col: v.Column}
			}
		}
	}
	return c.Pos
}

// Overflow is a pile of cards too big for its engine: the card (an index
// into the data's cards) with the most copies in it, where cutting copies
// helps most, and the pile's copies in all (at most math.MaxInt, never
// wrapped).
type Overflow struct {
	Card  int
	Total int
}

// OverfullPile adds up the copies of the cards in pile (indexes into
// cards) and reports whether they come to more than limit, or one card
// alone to more than MaxCopies. Counts are added without overflowing, so a
// count of 2^63-1 is an overflow, not a negative total; nothing is
// allocated per copy.
func OverfullPile(cards []gamedata.Card, pile []int, limit int) (o Overflow, over bool) {
	o.Card = -1
	most := 0
	for _, i := range pile {
		n := Copies(cards[i])
		o.Total = sat.Add(o.Total, n)
		if n > most {
			o.Card, most = i, n
		}
	}
	return o, o.Total > limit || most > MaxCopies
}

// PlayerCounts is the range of player counts a game's loops may visit: the
// manifest's range clipped to 1..maxSeats, so a broken range cannot make
// an engine loop 2^63 times (lo > hi when nothing is left).
func PlayerCounts(r gamedata.Range, maxSeats int) (lo, hi int) {
	return max(r.Min, 1), min(r.Max, maxSeats)
}

// PlayersFindings checks a manifest's player range for the engine of game
// (named in messages), which plays at most maxSeats: PLAYERS_RANGE for a
// range that makes no sense, TOO_MANY_PLAYERS for one past maxSeats.
func PlayersFindings(d *gamedata.Data, game string, maxSeats int) []finding.Finding {
	r, pos := d.Manifest.Players, d.Manifest.PlayersPos
	var out []finding.Finding
	switch {
	case r.Min < 1:
		out = append(out, gamedata.CodePlayers.At(pos, "players min is %d; a game needs at least 1 player", r.Min))
	case r.Min > r.Max:
		out = append(out, gamedata.CodePlayers.At(pos, "players max %d is below min %d", r.Max, r.Min))
	}
	if r.Max > maxSeats {
		out = append(out, CodeTooManyPlayers.At(pos, "%s plays at most %d players, not %d", game, maxSeats, r.Max))
	}
	return out
}
