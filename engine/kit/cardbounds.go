package kit

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"sort"
	"strings"
)

// SchemaRange is what a JSON Schema states about the values at one path
// (keys separated by dots, * for a list's entries): a whole number's
// minimum, maximum and multipleOf, or a list's minItems and maxItems. A
// bound the schema leaves out is nil.
type SchemaRange struct {
	Min, Max, Step *float64
	Items          bool
	// Distinct is a list of unique values from a bounded set: it cannot
	// be longer than the set, maxItems or not.
	Distinct bool
}

func (r SchemaRange) String() string {
	s := func(p *float64) string {
		if p == nil {
			return "none"
		}
		return fmt.Sprint(*p)
	}
	kind := "value"
	if r.Items {
		kind = "list"
	}
	return fmt.Sprintf("%s %s..%s step %s", kind, s(r.Min), s(r.Max), s(r.Step))
}

// SchemaRanges reads file of schemas and gives the ranges it states, by
// path, every branch (allOf, anyOf, oneOf, if/then/else) and local $ref
// followed; a path stated in several branches has several. References
// outside the file (the shared card schema's count) are not followed.
func SchemaRanges(schemas fs.FS, file string) (map[string][]SchemaRange, error) {
	data, err := fs.ReadFile(schemas, file)
	if err != nil {
		return nil, err
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	out := map[string][]SchemaRange{}
	collectRanges(doc, doc, "", out, nil)
	return out, nil
}

// CardBounds are the bounds of one card that the cards schema of an
// engine (cards.schema.json in schemas) states: the one declaration of
// them, which Open checks data that skipped validation against. A path
// stated twice (by two types of card) gets the loosest of its ranges.
// A schema that cannot be read is a programming error and panics when the
// engine package starts.
func CardBounds(schemas fs.FS) []Bound {
	ranges, err := SchemaRanges(schemas, "cards.schema.json")
	if err != nil {
		panic(fmt.Sprintf("kit: %v", err))
	}
	var out []Bound
	for path, rs := range ranges {
		rel, ok := strings.CutPrefix(path, "cards.*.")
		if !ok {
			continue
		}
		b := Bound{Path: rel, Min: math.MaxInt, Max: math.MinInt, Items: rs[0].Items}
		for _, r := range rs {
			lo, hi := limit(r.Min, math.MinInt), limit(r.Max, math.MaxInt)
			if r.Items && r.Max == nil && r.Distinct {
				hi = math.MaxInt // bounded by its set of values
			}
			b.Min, b.Max = min(b.Min, lo), max(b.Max, hi)
			if r.Step != nil {
				b.Step = int(*r.Step)
			}
		}
		if b.Min == math.MinInt && b.Max == math.MaxInt && b.Step == 0 {
			continue
		}
		out = append(out, b)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

func limit(p *float64, none int) int {
	if p == nil {
		return none
	}
	return int(*p)
}

// SchemaBound is the bound the cards schema of schemas states at path
// (one card's keys, as CardBounds names them): for what an engine sizes
// by it. It panics on a path the schema does not bound.
func SchemaBound(schemas fs.FS, path string) Bound {
	for _, b := range CardBounds(schemas) {
		if b.Path == path {
			return b
		}
	}
	panic(fmt.Sprintf("kit: the cards schema bounds no %s", path))
}

// collectRanges walks a schema, following local $refs and every branch,
// and records the range of every number and list by path.
func collectRanges(root, s map[string]any, path string, out map[string][]SchemaRange, seen []string) {
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
		out[path] = append(out[path], SchemaRange{Min: num("minimum"), Max: num("maximum"), Step: num("multipleOf")})
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
		out[path] = append(out[path], SchemaRange{Min: least, Max: num("maxItems"), Items: true, Distinct: distinct})
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
