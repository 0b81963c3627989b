package schema

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/testutil"
)

func heatSchemas(t *testing.T) fs.FS { return testutil.HeatSchemas(t) }

func heat(t *testing.T) *Compiler {
	t.Helper()
	c := NewCompiler()
	if err := c.AddEngine("heat", heatSchemas(t)); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestEverySchemaCompiles(t *testing.T) {
	c := heat(t)
	for _, p := range []string{Manifest, Layout, Reference, Card, Rules, Tests, EnginePath("heat", EngineCards), EnginePath("heat", EngineParams)} {
		if _, err := c.Compile(p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}

func TestGenericSchemasForbidUnknownFields(t *testing.T) {
	// Editors and validation rely on additionalProperties: false on every
	// object, except the base card, which game schemas close with
	// unevaluatedProperties: false.
	for _, name := range []string{"manifest", "layout", "reference", "rules", "tests"} {
		data, err := generic.ReadFile(name + ".schema.json")
		if err != nil {
			t.Fatal(err)
		}
		testutil.SchemaObjects(t, data, func(path string, obj map[string]any) {
			if conditional(path) {
				return // an if/then/else branch adds to an object that is closed itself
			}
			if _, closed := obj["additionalProperties"]; !closed {
				t.Errorf("%s%s: object without additionalProperties", name, path)
			}
			if _, ok := obj["description"]; !ok && path != "" && !strings.HasPrefix(path, "/$defs") {
				t.Errorf("%s%s: no description", name, path)
			}
		})
	}
}

func conditional(path string) bool {
	for _, branch := range []string{"/if", "/then", "/else"} {
		if strings.HasSuffix(path, branch) {
			return true
		}
	}
	return false
}

func TestRefsStayInside(t *testing.T) {
	c := NewCompiler()
	err := c.AddEngine("evil", fstest.MapFS{
		"cards.schema.json": {Data: []byte(`{"$ref": "../../../../etc/passwd.json"}`)},
	})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Compile(EnginePath("evil", EngineCards))
	if err == nil || !strings.Contains(err.Error(), "not a cardpress schema") {
		t.Errorf("got %v, want a refusal to load outside schemas", err)
	}
}

func TestFiles(t *testing.T) {
	files, err := Files(map[string]fs.FS{"heat": heatSchemas(t)})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for p := range files {
		got = append(got, p)
	}
	slices.Sort(got)
	want := []string{
		"engine/heat/cards.schema.json", "engine/heat/params.schema.json",
		"schema/card.schema.json", "schema/ladder-results.schema.json", "schema/layout.schema.json", "schema/lint-report.schema.json", "schema/log.schema.json",
		"schema/manifest.schema.json", "schema/reference.schema.json", "schema/rules.schema.json", "schema/sim-results.schema.json",
		"schema/tests.schema.json", "schema/tune-results.schema.json", "schema/tune.schema.json",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// problem is the part of a Problem the explain tests pin.
type problem struct {
	path string // JSON Pointer
	key  bool
	code *finding.Code
	msg  string // exact message
}

func TestExplain(t *testing.T) {
	c := heat(t)
	if err := c.AddEngine("names", fstest.MapFS{"cards.schema.json": {Data: []byte(`{
		"$schema": "https://json-schema.org/draft/2020-12/schema",
		"additionalProperties": {"additionalProperties": {"propertyNames": {"pattern": "^[a-z][a-z0-9-]*$"}}}}`)}}); err != nil {
		t.Fatal(err)
	}
	// Fields kept to one type of card, the way Masterminds' schema does.
	if err := c.AddEngine("typed", fstest.MapFS{"cards.schema.json": {Data: []byte(`{
		"$schema": "https://json-schema.org/draft/2020-12/schema",
		"properties": {"type": {"enum": ["talent", "prep"]}, "skills": {"type": "object"}, "effect": {"type": "object"}},
		"allOf": [
			{"if": {"required": ["type"], "properties": {"type": {"const": "prep"}}}, "then": {"properties": {"skills": false}}},
			{"if": {"required": ["type"], "properties": {"type": {"enum": ["talent"]}}}, "then": {"properties": {"effect": false}}},
			{"properties": {"legacy": false}}
		]}`)}}); err != nil {
		t.Fatal(err)
	}
	// Alternatives behind $refs: pick looks into each after explaining it.
	if err := c.AddEngine("alts", fstest.MapFS{"cards.schema.json": {Data: []byte(`{
		"$schema": "https://json-schema.org/draft/2020-12/schema",
		"properties": {"cost": {"anyOf": [{"$ref": "#/$defs/amount"}, {"$ref": "#/$defs/range"}]}},
		"$defs": {"amount": {"type": "integer", "minimum": 0},
			"range": {"type": "object", "additionalProperties": false, "required": ["min"], "properties": {"min": {"$ref": "#/$defs/amount"}}}}}`)}}); err != nil {
		t.Fatal(err)
	}
	card := func(extra string) string {
		return `{"cards": [{"id": "a", "name": "A", "players": [3], "effects": [{"phase": "B", "gain": 1}]` + extra + `}]}`
	}
	cases := []struct {
		name, schema, doc string
		want              []problem
	}{
		{"valid card", EnginePath("heat", EngineCards), card(""), nil},
		{"unknown card field with a guess", EnginePath("heat", EngineCards), card(`, "flavour": "x"`),
			[]problem{{"/cards/0/flavour", true, CodeUnknownField, `unknown field "flavour" (did you mean "flavor"?)`}}},
		{"base field with the wrong type is not also unknown", EnginePath("heat", EngineCards), card(`, "count": "two"`),
			[]problem{{"/cards/0/count", false, CodeType, `expected a whole number, found text "two"`}}},
		{"below minimum", EnginePath("heat", EngineCards), card(`, "count": -3`),
			[]problem{{"/cards/0/count", false, CodeOther, `-3 is too small: at least 1`}}},
		{"bad id", EnginePath("heat", EngineCards), strings.Replace(card(""), `"id": "a"`, `"id": "Big Job"`, 1),
			[]problem{{"/cards/0/id", false, CodeOther, `"Big Job" is not valid: use lowercase letters, digits and hyphens, starting with a letter`}}},
		{"duplicate player count", EnginePath("heat", EngineCards), strings.Replace(card(""), `[3]`, `[3, 4, 3]`, 1),
			[]problem{{"/cards/0/players/2", false, CodeOther, `3 is listed twice`}}},
		{"effect without an action", EnginePath("heat", EngineCards), strings.Replace(card(""), `, "gain": 1`, ``, 1),
			[]problem{{"/cards/0/effects/0", false, CodeRequired, `needs one of: gain, pay, take_heat, return_heat, draw, steal, give_heat`}}},
		{"effect with two actions", EnginePath("heat", EngineCards), strings.Replace(card(""), `"gain": 1`, `"gain": 1, "pay": 2`, 1),
			[]problem{{"/cards/0/effects/0", false, CodeOther, `has both gain and pay; use only one`}}},
		{"enum with a guess", EnginePath("heat", EngineCards), strings.Replace(card(""), `"gain": 1`, `"gain": 1, "target": "otters"`, 1),
			[]problem{{"/cards/0/effects/0/target", false, CodeEnum, `"otters" is not allowed (did you mean "others"?); use one of: "self", "others", "left", "right"`}}},
		{"missing required", EnginePath("heat", EngineCards), `{"cards": [{"id": "a", "players": [3], "effects": [{"phase": "B", "gain": 1}]}]}`,
			[]problem{{"/cards/0", false, CodeRequired, `missing required field "name"`}}},
		{"version as a number", Manifest, `{"id": "g", "title": "G", "version": 1.5, "players": {"min": 1, "max": 2}, "files": {"cards": ["c.yaml"], "layout": "l.yaml"}, "decks": [{"id": "d", "name": "D"}], "print": {"card": {"width": 63, "height": 88}}}`,
			[]problem{{"/version", false, CodeType, `expected text, found the number 1.5 (put it in quotes to make it text)`}}},
		{"bad parameter name", Manifest, `{"id": "g", "title": "G", "players": {"min": 1, "max": 2}, "files": {"cards": ["c.yaml"], "layout": "l.yaml"}, "decks": [{"id": "d", "name": "D"}], "print": {"card": {"width": 63, "height": 88}}, "parameters": {"Hand-Size": {"default": 1}}}`,
			[]problem{{"/parameters/Hand-Size", true, CodeOther, `invalid name "Hand-Size": use lowercase letters, digits and underscores, starting with a letter`}}},
		{"property names of an engine schema", "engine/names/cards.schema.json", `{"b": 1, "a": {"x": {"Bad": 1}}}`,
			[]problem{{"/a/x/Bad", true, CodeOther, `invalid name "Bad": use lowercase letters, digits and hyphens, starting with a letter`}}},
		{"money needs a value", Manifest, `{"id": "g", "title": "G", "players": {"min": 1, "max": 2}, "files": {"cards": ["c.yaml"], "layout": "l.yaml"}, "decks": [{"id": "d", "name": "D"}], "print": {"card": {"width": 63, "height": 88}}, "components": [{"id": "m", "name": "M", "kind": "money", "count": 3}]}`,
			[]problem{{"/components/0", false, CodeRequired, `missing required field "value"`}}},
		{"field of another card type", "engine/typed/cards.schema.json", `{"type": "prep", "skills": {}}`,
			[]problem{{"/skills", true, CodeUnknownField, `field "skills" is not used when type is "prep"`}}},
		{"field of another card type, enum condition", "engine/typed/cards.schema.json", `{"type": "talent", "effect": {}}`,
			[]problem{{"/effect", true, CodeUnknownField, `field "effect" is not used when type is "talent"`}}},
		{"field ruled out without a condition", "engine/typed/cards.schema.json", `{"legacy": 1}`,
			[]problem{{"/legacy", true, CodeUnknownField, `field "legacy" is not allowed here`}}},
		{"file outside the folder", Manifest, `{"id": "g", "title": "G", "players": {"min": 1, "max": 2}, "files": {"cards": ["../x.yaml"], "layout": "l.yaml"}, "decks": [{"id": "d", "name": "D"}], "print": {"card": {"width": 63, "height": 88}}}`,
			[]problem{{"/files/cards/0", false, CodeOther, `"../x.yaml" is not valid: name a .yaml file inside the game folder`}}},
		{"no alternative has the type", "engine/alts/cards.schema.json", `{"cost": "x"}`,
			[]problem{{"/cost", false, CodeType, `expected a whole number or a mapping, found text "x"`}}},
		{"the alternative of the right type explains", "engine/alts/cards.schema.json", `{"cost": {"min": -1}}`,
			[]problem{{"/cost/min", false, CodeOther, `-1 is too small: at least 0`}}},
		{"a long unknown field is shortened", "engine/typed/cards.schema.json", `{"legacy` + strings.Repeat("y", 100) + `": 1, "legacy": 1}`,
			[]problem{{"/legacy", true, CodeUnknownField, `field "legacy" is not allowed here`}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := c.Compile(tc.schema)
			if err != nil {
				t.Fatal(err)
			}
			var v any
			if err := json.Unmarshal([]byte(tc.doc), &v); err != nil {
				t.Fatal(err)
			}
			var got []problem
			for _, p := range s.Validate(v) {
				got = append(got, problem{pointer(p.Path), p.Key, p.Code, p.Message})
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got\n  %+v\nwant\n  %+v", got, tc.want)
			}
		})
	}
}

func pointer(path []string) string {
	if len(path) == 0 {
		return ""
	}
	return "/" + strings.Join(path, "/")
}

func TestExplainNotFinite(t *testing.T) {
	s, err := heat(t).Compile(EnginePath("heat", EngineParams))
	if err != nil {
		t.Fatal(err)
	}
	v := map[string]any{"starting_money": 0, "heists": math.Inf(1), "stages": 4, "draft_deal": 2, "draft_rounds": 3,
		"pass_directions": []any{"left"}, "heat_board": []any{map[string]any{"value": -1, "slots": 3}},
		"empty_board_value": 0, "out_of_heat_penalty": 3, "phase_resolution": "simultaneous", "shortfall": "debt"}
	ps := s.Validate(v)
	if len(ps) != 1 || pointer(ps[0].Path) != "/heists" || !strings.Contains(ps[0].Message, "not a finite number") {
		t.Errorf("got %+v", ps)
	}
}

// fullDistance is the optimal string alignment distance computed in full,
// the reference distanceWithin's banded search must agree with.
func fullDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

func TestDistanceWithinAgreesWithFullDistance(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		b := make([]byte, rng.IntN(9))
		for i := range b {
			b[i] = "abc"[rng.IntN(3)] // few letters, so distances are small
		}
		return string(b)
	}
	for range 20_000 {
		a, b, limit := word(), word(), rng.IntN(4)
		want := fullDistance(a, b)
		d, ok := distanceWithin(a, b, limit)
		if ok != (want <= limit) || ok && d != want {
			t.Fatalf("distanceWithin(%q, %q, %d) = %d, %v; the distance is %d", a, b, limit, d, ok, want)
		}
	}
	if got := Suggest("plyaers", []string{"name", "players", "flavor"}); got != "players" {
		t.Errorf("Suggest: %q, want players", got)
	}
}

func TestTidy(t *testing.T) {
	long := strings.Repeat("k", 100)
	copyOf := func(s string) string { return string([]byte(s)) } // same text, other bytes
	p := func(tok, msg string, restates bool) Problem {
		return Problem{Path: []string{"a", tok}, Code: CodeOther, Message: msg, restates: restates}
	}
	ps := []Problem{
		p(long, "m", false),
		p(copyOf(long), "m", false),     // a duplicate, though its key is another copy
		p(long+"x", "m", false),         // another key
		p(long, "n", false),             // another message
		p("0", "needs 2 fields", true),  // restates nothing at a/0: kept
		p(long, "needs 2 fields", true), // restates "m" at the same place: dropped
	}
	x := explainer{memo: &memo{}}
	var got []string
	for _, q := range x.tidy(ps) {
		got = append(got, fmt.Sprintf("%d %s", len(q.Path[1]), q.Message))
	}
	want := []string{"100 m", "101 m", "100 n", "1 needs 2 fields"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
