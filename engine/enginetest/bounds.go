package enginetest

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"

	"go.yaml.in/yaml/v3"
)

// schemaRange is what a schema states about the values at one path.
type schemaRange struct {
	min, max, step *float64
	items          bool
	// distinct is a list of unique values from a bounded set: it cannot
	// be longer than the set, maxItems or not.
	distinct bool
}

func (r schemaRange) String() string {
	s := func(p *float64) string {
		if p == nil {
			return "none"
		}
		return strconv.FormatFloat(*p, 'f', -1, 64)
	}
	kind := "value"
	if r.items {
		kind = "list"
	}
	return fmt.Sprintf("%s %s..%s step %s", kind, s(r.min), s(r.max), s(r.step))
}

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
	data, err := fs.ReadFile(schemas, file)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	found := map[string][]schemaRange{}
	collectRanges(doc, doc, "", found, nil)
	stated := map[string]schemaRange{}
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
		case r.items != b.Items:
			t.Errorf("%s: %s is a %s in the schema", file, b.Path, map[bool]string{true: "list", false: "value"}[r.items])
		case !same(r.min, b.Min) || !same(r.max, b.Max) || (b.Step > 1 || r.step != nil) && !same(r.step, b.Step):
			t.Errorf("%s: %s is %s in the schema but %d..%d step %d in the engine", file, b.Path, r, b.Min, b.Max, b.Step)
		}
	}
	for path, r := range stated {
		if _, ok := byPath[path]; ok {
			continue
		}
		switch {
		case !r.items:
			t.Errorf("%s: %s is a number (%s) the engine does not bound", file, path, r)
		case r.max == nil && !r.distinct:
			t.Errorf("%s: list %s has no maxItems", file, path)
		}
	}
}

func same(p *float64, v int) bool { return p != nil && *p == float64(v) }

// collectRanges walks a schema, following local $refs and every branch
// (allOf, anyOf, oneOf, if/then/else), and records the range of every
// number and list by path (properties by name, list items as *).
func collectRanges(root, s map[string]any, path string, out map[string][]schemaRange, seen []string) {
	if ref, ok := s["$ref"].(string); ok {
		if name, local := strings.CutPrefix(ref, "#/$defs/"); local && !slices.Contains(seen, ref) {
			if def, ok := root["$defs"].(map[string]any)[name].(map[string]any); ok {
				collectRanges(root, def, path, out, append(seen, ref))
			}
		}
	}
	num := func(key string) *float64 {
		if v, ok := s[key].(float64); ok {
			return &v
		}
		return nil
	}
	if isType(s, "integer") || isType(s, "number") {
		out[path] = append(out[path], schemaRange{min: num("minimum"), max: num("maximum"), step: num("multipleOf")})
	}
	if isType(s, "array") {
		least := num("minItems")
		if least == nil {
			least = new(float64) // a list may be empty unless minItems says otherwise
		}
		item, _ := s["items"].(map[string]any)
		_, enum := item["enum"]
		_, floor := item["minimum"]
		_, ceiling := item["maximum"]
		distinct := s["uniqueItems"] == true && (enum || isType(item, "integer") && floor && ceiling)
		out[path] = append(out[path], schemaRange{min: least, max: num("maxItems"), items: true, distinct: distinct})
	}
	if props, ok := s["properties"].(map[string]any); ok {
		for name, sub := range props {
			if m, ok := sub.(map[string]any); ok {
				collectRanges(root, m, join(path, name), out, seen)
			}
		}
	}
	if items, ok := s["items"].(map[string]any); ok {
		collectRanges(root, items, join(path, "*"), out, seen)
	}
	for _, key := range []string{"allOf", "anyOf", "oneOf"} {
		list, _ := s[key].([]any)
		for _, sub := range list {
			if m, ok := sub.(map[string]any); ok {
				collectRanges(root, m, path, out, seen)
			}
		}
	}
	for _, key := range []string{"then", "else"} {
		if m, ok := s[key].(map[string]any); ok {
			collectRanges(root, m, path, out, seen)
		}
	}
}

func isType(s map[string]any, want string) bool {
	switch t := s["type"].(type) {
	case string:
		return t == want
	case []any:
		return slices.Contains(t, any(want))
	}
	return false
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// Bounds runs the checks of an engine's bounds (kit.Module.Bounds) on d,
// the data of a game it plays, as subtests: MatchSchemas
// (BoundsMatchSchema: the parameters' bounds against params.schema.json,
// the cards' against one card of cards.schema.json) and
// EveryBoundIsCheckedAtItsValue (BoundsEnforced, with kit.CodeParamRange
// and kit.CodeCardRange). It changes d's values one at a time, and puts
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
