package enginetest

import (
	"io/fs"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/schema"

	"go.yaml.in/yaml/v3"
)

// BoundsMatchSchema fails t unless an engine's bounds and one of its JSON
// Schemas say the same: every whole number the schema allows has a Bound
// with the same minimum, maximum and multipleOf; every list the schema
// allows has a maxItems (or holds unique values of a bounded set), and
// every Items bound the same minItems and maxItems as the schema; and every Bound names a path the schema has.
// Paths start at root: "" for params.schema.json (the object of
// parameters), "cards.*" for a cards.schema.json (one card). Fields of the
// shared card schema (a $ref outside the file, such as count) are left
// out: the engine checks copies with kit.OverfullPile.
func BoundsMatchSchema(t testing.TB, schemas fs.FS, file, root string, bounds []kit.Bound) {
	t.Helper()
	found, err := kit.SchemaRanges(schemas, file)
	if err != nil {
		t.Fatal(err)
	}
	stated := map[string]kit.SchemaRange{}
	for path, rs := range found {
		rel, ok := strings.CutPrefix(path, root)
		if !ok || (root != "" && rel == "") {
			continue
		}
		rel = strings.TrimPrefix(rel, ".")
		for _, r := range rs[1:] {
			if r.String() != rs[0].String() {
				t.Errorf("%s: %s has two ranges, %s and %s", file, rel, rs[0], r)
			}
		}
		stated[rel] = rs[0]
	}
	byPath := map[string]kit.Bound{}
	for _, b := range bounds {
		byPath[b.Path] = b
		r, ok := stated[b.Path]
		switch {
		case !ok:
			t.Errorf("%s: the engine bounds %s, which the schema does not have", file, b.Path)
		case r.Items != b.Items:
			t.Errorf("%s: %s is a %s in the schema", file, b.Path, map[bool]string{true: "list", false: "value"}[r.Items])
		case r.Items && r.Max == nil && !r.Distinct:
			t.Errorf("%s: list %s has no maxItems", file, b.Path)
		case !same(r.Min, b.Min, math.MinInt) || !same(r.Max, b.Max, math.MaxInt) || (b.Step > 1 || r.Step != nil) && !same(r.Step, b.Step, 0):
			t.Errorf("%s: %s is %s in the schema but %d..%d step %d in the engine", file, b.Path, r, b.Min, b.Max, b.Step)
		}
	}
	for path, r := range stated {
		if _, ok := byPath[path]; ok {
			continue
		}
		switch {
		case !r.Items:
			t.Errorf("%s: %s is a number (%s) the engine does not bound", file, path, r)
		case r.Max == nil && !r.Distinct:
			t.Errorf("%s: list %s has no maxItems", file, path)
		}
	}
}

// same reports whether a schema's bound p is v; none is what a bound the
// schema leaves out is to the engine.
func same(p *float64, v, none int) bool {
	if p == nil {
		return v == none
	}
	return *p == float64(v)
}

// Bounds runs the checks of an engine's bounds (kit.Module.Bounds) on d,
// the data of a game it plays, as subtests: MatchSchemas
// (BoundsMatchSchema: the parameters' bounds against params.schema.json,
// the cards' against one card of cards.schema.json, which also holds
// every number and list there bounded), EveryBoundIsCheckedAtItsValue
// (BoundsEnforced, with kit.CodeParamRange and kit.CodeCardRange) and
// UnvalidatedCardsDoNotCrash (UnvalidatedCards): Build's guard for data
// that skipped validation. It changes d's values one at a time, and puts
// each back.
func Bounds(t *testing.T, m kit.Module, d *gamedata.Data) {
	params, cards := m.Bounds()
	t.Run("MatchSchemas", func(t *testing.T) {
		if m.Schemas() == nil {
			t.Skip("the engine has no schemas of its own (the rules engine: bounds are in the rules)")
		}
		BoundsMatchSchema(t, m.Schemas(), "params.schema.json", "", params)
		BoundsMatchSchema(t, m.Schemas(), "cards.schema.json", "cards.*", cards)
	})
	t.Run("EveryBoundIsCheckedAtItsValue", func(t *testing.T) {
		findings := func(d *gamedata.Data) []finding.Finding { _, fs := m.Build(d); return fs }
		BoundsEnforced(t, d, findings, params, cards, kit.CodeParamRange.ID, kit.CodeCardRange.ID)
	})
	t.Run("UnvalidatedCardsDoNotCrash", func(t *testing.T) { UnvalidatedCards(t, m, d) })
}

// UnvalidatedCards builds d with m after giving a field of one card of
// each deck, in turn, a value of the wrong kind (a mapping, a word, a
// negative number), as data that skipped validation may hold: Build must
// neither crash nor report a schema's finding (SCHEMA_*: those are
// validation's, and commands build only from validated data). d's nodes
// are restored afterwards.
func UnvalidatedCards(t *testing.T, m kit.Module, d *gamedata.Data) {
	t.Helper()
	wrong := []yaml.Node{
		{Kind: yaml.MappingNode, Tag: "!!map", Content: []*yaml.Node{{Kind: yaml.ScalarNode, Tag: "!!str", Value: "x"}, {Kind: yaml.ScalarNode, Tag: "!!int", Value: "1"}}},
		{Kind: yaml.ScalarNode, Tag: "!!str", Value: "no-such-word"},
		{Kind: yaml.ScalarNode, Tag: "!!int", Value: "-1"},
	}
	decks := map[string]bool{}
	for _, c := range d.Cards {
		n := c.Node
		if decks[c.Deck] || n == nil || n.Kind != yaml.MappingNode {
			continue
		}
		decks[c.Deck] = true
		for i := 1; i < len(n.Content); i += 2 {
			if key := n.Content[i-1].Value; key == "id" || key == "name" || key == "count" {
				continue
			}
			for _, w := range wrong {
				old := n.Content[i]
				n.Content[i] = &w
				fs, crash := buildSafely(m, d)
				n.Content[i] = old
				if crash != nil {
					t.Fatalf("card %s, %s = %s: Build crashed: %v", c.ID, n.Content[i-1].Value, describeNode(&w), crash)
				}
				for _, f := range fs {
					if slices.ContainsFunc(schemaCodes, func(c *finding.Code) bool { return c.Is(f) }) {
						t.Errorf("card %s, %s = %s: Build reports a schema finding: %v", c.ID, n.Content[i-1].Value, describeNode(&w), f)
					}
				}
			}
		}
	}
}

// schemaCodes are validation's findings about a value against its schema.
var schemaCodes = []*finding.Code{schema.CodeUnknownField, schema.CodeType, schema.CodeEnum, schema.CodeRequired, schema.CodeOther}

func buildSafely(m kit.Module, d *gamedata.Data) (fs []finding.Finding, crash any) {
	defer func() { crash = recover() }()
	_, fs = m.Build(d)
	return fs, nil
}

func describeNode(n *yaml.Node) string {
	if n.Kind == yaml.MappingNode {
		return "a mapping"
	}
	return n.Value
}

// BoundsEnforced checks that build reports every value just outside a
// bound, at that value, with code: for each whole-number bound it sets the
// first value at the bound's path in d (a parameter for paramCode, a card
// field for cardCode) to Max+1 and to Min-1 and builds. Bounds whose path
// d has no value at are skipped. d's nodes are restored afterwards.
func BoundsEnforced(t *testing.T, d *gamedata.Data, build func(*gamedata.Data) []finding.Finding, params, cards []kit.Bound, paramCode, cardCode string) {
	t.Helper()
	try := func(b kit.Bound, file string, n *yaml.Node, code string) {
		t.Helper()
		old := *n
		defer func() { *n = old }()
		for _, v := range []int{b.Max + 1, b.Min - 1, math.MaxInt64} {
			n.Kind, n.Tag, n.Style, n.Value = yaml.ScalarNode, "!!int", 0, strconv.Itoa(v)
			want := finding.Pos{File: file, Line: n.Line, Col: n.Column}
			fs := build(d)
			if !slices.ContainsFunc(fs, func(f finding.Finding) bool { return f.Code == code && f.Pos == want }) {
				t.Errorf("%s = %d: no %s at %s in %v", b.Path, v, code, want, fs)
			}
		}
	}
	for _, b := range params {
		if b.Items {
			continue
		}
		name, rest, _ := strings.Cut(b.Path, ".")
		p, ok := d.Params[name]
		if !ok || p.Node == nil {
			continue
		}
		if n := firstAt(p.Node, rest); n != nil {
			try(b, p.Pos.File, n, paramCode)
		}
	}
	for _, b := range cards {
		if b.Items {
			continue
		}
		for _, c := range d.Cards {
			if n := firstAt(c.Node, b.Path); n != nil {
				try(b, c.Pos.File, n, cardCode)
				break
			}
		}
	}
}

// firstAt is the first scalar at a bound's path under n ("" is n itself).
func firstAt(n *yaml.Node, path string) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n == nil {
		return nil
	}
	if path == "" {
		if n.Kind == yaml.ScalarNode {
			return n
		}
		return nil
	}
	seg, rest, _ := strings.Cut(path, ".")
	switch {
	case seg == "*" && n.Kind == yaml.SequenceNode:
		for _, item := range n.Content {
			if found := firstAt(item, rest); found != nil {
				return found
			}
		}
	case n.Kind == yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == seg {
				return firstAt(n.Content[i+1], rest)
			}
		}
	}
	return nil
}
