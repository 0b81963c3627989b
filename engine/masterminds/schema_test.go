package masterminds

import (
	"encoding/json"
	"io/fs"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/schema"
)

func compiled(t *testing.T, name string) *schema.Schema {
	t.Helper()
	c := schema.NewCompiler()
	if err := c.AddEngine("masterminds", schemas); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(schema.EnginePath("masterminds", name))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The cards schema is what an editor shows on hover; the parameters
// schema is generated from Params and only validates (each parameter's
// doc is in game.yaml).
func TestEveryPropertyHasADescription(t *testing.T) {
	for _, name := range []string{schema.EngineCards} {
		data, err := fs.ReadFile(schemas, name)
		if err != nil {
			t.Fatal(err)
		}
		testutil.SchemaObjects(t, data, func(path string, obj map[string]any) {
			props, _ := obj["properties"].(map[string]any)
			for k, p := range props {
				if m, ok := p.(map[string]any); ok {
					if _, ok := m["description"]; !ok {
						t.Errorf("%s%s/properties/%s: no description", name, path, k)
					}
				}
			}
		})
	}
}

func TestCardSchemaByType(t *testing.T) {
	s := compiled(t, schema.EngineCards)
	cases := []struct {
		card string
		ok   bool
	}{
		{`{"id": "g", "name": "G", "deck": "talent", "type": "talent", "skills": {"stealth": 5, "tech": 2, "muscle": 0, "charm": 1, "driving": 1}, "ability": {"when": "active", "skill_bonus": {"skill": "any", "amount": 1}}}`, true},
		{`{"id": "g", "name": "G", "deck": "talent", "type": "talent", "skills": {"stealth": 6, "tech": 2, "muscle": 0, "charm": 1, "driving": 1}}`, false},
		{`{"id": "g", "name": "G", "deck": "talent", "type": "talent", "skills": {"stealth": 5, "tech": 2, "muscle": 0, "charm": 1, "driving": 1}, "ability": {"when": "recruit", "skill_bonus": {"skill": "tech", "amount": 1}}}`, false},
		{`{"id": "m", "name": "M", "deck": "mastermind", "type": "mastermind", "color": "blue"}`, true},
		{`{"id": "m", "name": "M", "deck": "mastermind", "type": "mastermind", "color": "blue", "skills": {}}`, false},
		{`{"id": "c", "name": "C", "deck": "cash", "type": "cash", "count": 10}`, true},
		{`{"id": "p", "name": "P", "deck": "prep", "type": "prep", "kind": "gear", "gear": {"skill": "tech", "amount": 2}, "one_use": true}`, true},
		{`{"id": "p", "name": "P", "deck": "prep", "type": "prep", "kind": "gear", "gear": {"skill": "tech", "amount": 2}, "effect": {"draw_prep": 1}}`, false},
		{`{"id": "p", "name": "P", "deck": "prep", "type": "prep", "kind": "action", "effect": {"draw_prep": 2}, "gem": {"mode": "or", "effect": {"gain_gem": 2}}, "immediate": true}`, true},
		{`{"id": "p", "name": "P", "deck": "prep", "type": "prep", "kind": "action", "effect": {"draw_prep": 2, "gain_gem": 1}}`, false},
		{`{"id": "p", "name": "P", "deck": "prep", "type": "prep", "kind": "action", "effect": {"roll_bonus": 2}}`, false},
		{`{"id": "p", "name": "P", "deck": "prep", "type": "prep", "kind": "interrupt", "effect": {"roll_bonus": -2, "target": "other"}}`, true},
		{`{"id": "p", "name": "P", "deck": "prep", "type": "prep", "kind": "interrupt", "effect": {"reroll": 1}, "immediate": true}`, false},
		{`{"id": "h", "name": "H", "deck": "heist", "type": "heist", "side_a": {"title": "H", "step": {"skills": ["stealth"], "target": 8}, "take": 3}, "side_b": {"steps": [{"skills": ["tech"], "target": 9}, {"skills": ["muscle", "driving"], "target": 10}, {"skills": ["charm"], "target": 11}]}}`, true},
		{`{"id": "h", "name": "H", "deck": "heist", "type": "heist", "side_a": {"step": {"skills": ["stealth"], "target": 8}, "take": 3}, "side_b": {"steps": [{"skills": ["tech"], "target": 9}]}}`, false},
		{`{"id": "f", "name": "F", "deck": "failure", "type": "failure", "triggers": [["stealth", "tech"], ["driving"]], "test": {"skill": "driving", "target": 8}, "consequence": "retire"}`, true},
		{`{"id": "f", "name": "F", "deck": "failure", "type": "failure", "triggers": [["stealth"]], "test": {"skill": "driving", "target": 8}, "consequence": "explode"}`, false},
		{`{"id": "x", "name": "X", "deck": "x", "type": "widget"}`, false},
	}
	for _, tc := range cases {
		var card any
		if err := json.Unmarshal([]byte(tc.card), &card); err != nil {
			t.Fatal(err)
		}
		problems := s.Validate(map[string]any{"cards": []any{card}})
		if (len(problems) == 0) != tc.ok {
			t.Errorf("%s: valid %v, want %v (%v)", tc.card, len(problems) == 0, tc.ok, problems)
		}
	}
}

func TestParamsSchemaTakesBothVariants(t *testing.T) {
	s := compiled(t, schema.EngineParams)
	for _, over := range []map[string]string{nil, draft, {"recall_markers": "true"}} {
		d := fixtureData(t, testCards, over)
		values := map[string]any{}
		for name, p := range d.Params {
			var v any
			if err := p.Node.Decode(&v); err != nil {
				t.Fatal(err)
			}
			data, _ := json.Marshal(v)
			var jv any
			json.Unmarshal(data, &jv)
			values[name] = jv
		}
		if problems := s.Validate(values); len(problems) > 0 {
			t.Errorf("%v: %v", over, problems)
		}
	}
}
