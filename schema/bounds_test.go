package schema

import (
	"encoding/json"
	"slices"
	"testing"
)

// Every count, size and length in the generic schemas has a maximum, so
// nothing downstream of validation (engines, lint, render) meets a value
// it cannot afford: numbers have both ends, lists and maps a most entries
// (a list of unique values from a bounded set is bounded by it), and text
// a most characters (unless it is one of fixed choices).
func TestGenericSchemasBoundEverything(t *testing.T) {
	for _, name := range []string{"manifest", "layout", "reference", "card", "rules", "tests"} {
		data, err := generic.ReadFile(name + ".schema.json")
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		eachSchema(doc, "", func(path string, s map[string]any) {
			for _, problem := range unbounded(s) {
				t.Errorf("%s.schema.json%s: %s", name, path, problem)
			}
		})
	}
}

// eachSchema calls visit for every subschema that describes a value:
// properties, list items, definitions and branches, but not the
// conditions of if or not (they test values, they do not shape them).
func eachSchema(s map[string]any, path string, visit func(string, map[string]any)) {
	visit(path, s)
	for _, key := range []string{"properties", "patternProperties", "$defs"} {
		m, _ := s[key].(map[string]any)
		for name, sub := range m {
			if sm, ok := sub.(map[string]any); ok {
				eachSchema(sm, path+"/"+key+"/"+name, visit)
			}
		}
	}
	for _, key := range []string{"items", "then", "else", "additionalProperties"} {
		if sm, ok := s[key].(map[string]any); ok {
			eachSchema(sm, path+"/"+key, visit)
		}
	}
	for _, key := range []string{"prefixItems", "allOf", "anyOf", "oneOf"} {
		list, _ := s[key].([]any)
		for _, sub := range list {
			if sm, ok := sub.(map[string]any); ok {
				eachSchema(sm, path+"/"+key+"/[]", visit)
			}
		}
	}
}

func unbounded(s map[string]any) []string {
	var out []string
	has := func(keys ...string) bool {
		return slices.ContainsFunc(keys, func(k string) bool { _, ok := s[k]; return ok })
	}
	types := typesOf(s)
	if slices.Contains(types, "number") || slices.Contains(types, "integer") {
		if !has("minimum", "exclusiveMinimum") || !has("maximum", "exclusiveMaximum") {
			out = append(out, "a number without a minimum and a maximum")
		}
	}
	if slices.Contains(types, "string") && !has("maxLength", "enum", "const") {
		out = append(out, "text without maxLength")
	}
	if slices.Contains(types, "array") && !has("maxItems") && !distinctOfBoundedSet(s) {
		out = append(out, "a list without maxItems")
	}
	if slices.Contains(types, "object") && !has("maxProperties") {
		_, open := s["additionalProperties"].(map[string]any)
		if has("patternProperties") || open || s["additionalProperties"] == true {
			out = append(out, "a map without maxProperties")
		}
	}
	return out
}

func typesOf(s map[string]any) []string {
	switch t := s["type"].(type) {
	case string:
		return []string{t}
	case []any:
		var out []string
		for _, v := range t {
			if name, ok := v.(string); ok {
				out = append(out, name)
			}
		}
		return out
	}
	return nil
}

// distinctOfBoundedSet reports whether a list holds unique values from an
// enum or a bounded range of whole numbers.
func distinctOfBoundedSet(s map[string]any) bool {
	item, _ := s["items"].(map[string]any)
	if s["uniqueItems"] != true || item == nil {
		return false
	}
	_, enum := item["enum"]
	_, lo := item["minimum"]
	_, hi := item["maximum"]
	return enum || slices.Contains(typesOf(item), "integer") && lo && hi
}

// The card size bounds keep a card printable on both papers render knows
// (A4 and US Letter, portrait) inside the 5 mm margin render keeps round
// its grid (render/grid.go), with the largest bleed render --bleed takes
// (10 mm) on every side: at least one card a page, always.
func TestCardSizeFitsEveryPaper(t *testing.T) {
	data, err := generic.ReadFile("manifest.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	// A card size is a preset or millimetres (the third form of cardSize).
	var doc struct {
		Defs struct {
			CardSize struct {
				OneOf []struct {
					Properties map[string]struct {
						Minimum, Maximum float64
					}
				}
			}
		} `json:"$defs"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	forms := doc.Defs.CardSize.OneOf
	if len(forms) != 3 {
		t.Fatalf("cardSize has %d forms, want 3 (preset, preset with orientation, millimetres)", len(forms))
	}
	size := forms[2].Properties
	const margin, bleed = 5, 10
	for _, paper := range []struct {
		name string
		w, h float64
	}{{"A4", 210, 297}, {"US Letter", 215.9, 279.4}} {
		if w := size["width"].Maximum; w == 0 || w > paper.w-2*margin-2*bleed {
			t.Errorf("a card %g mm wide does not fit %s", w, paper.name)
		}
		if h := size["height"].Maximum; h == 0 || h > paper.h-2*margin-2*bleed {
			t.Errorf("a card %g mm high does not fit %s", h, paper.name)
		}
	}
	for dim, r := range size {
		if r.Minimum < 10 {
			t.Errorf("card %s may be %g mm: a card is at least 10 mm", dim, r.Minimum)
		}
	}
}

// An asset path is one rule wherever a schema names a file of the game
// folder: gamedata reads it from the layout schema's imageFile, so the
// manifest's picture and font files must say the same.
func TestAssetPathsAreOneRule(t *testing.T) {
	rule := func(file string, def string) [2]any {
		data, err := generic.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var doc any
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatal(err)
		}
		return [2]any{ValueAt(doc, "$defs", def, "pattern"), ValueAt(doc, "$defs", def, "maxLength")}
	}
	want := rule("layout.schema.json", "imageFile")
	if want[0] == nil || want[1] == nil {
		t.Fatalf("layout.schema.json imageFile states no pattern and maxLength: %v", want)
	}
	for _, def := range []string{"imageFile", "fontFile"} {
		if got := rule("manifest.schema.json", def); got != want {
			t.Errorf("manifest.schema.json %s is %v, the layout's imageFile %v", def, got, want)
		}
	}
}
