// Package params lists the rule parameters of loaded games for `cardpress
// rules --params`: each one's default and doc from game.yaml and the range
// its engine plays, from the engine's declaration of its parameters.
package params

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/schema"

	"go.yaml.in/yaml/v3"
)

// Param is one rule parameter of a loaded game, for `cardpress rules
// --params`: what the game's data says of it (default, doc, source) and
// what its engine plays (Range, from the engine's declaration of its
// parameters, by way of the schema it generates).
type Param struct {
	Game    string `json:"game"`
	Name    string `json:"name"`
	Default string `json:"default"`
	Range   string `json:"range"`
	Doc     string `json:"doc,omitempty"`
	Source  string `json:"source,omitempty"`
}

// List lists the parameters of the games, each game's in the order
// game.yaml declares them. A game without an engine plays none of them:
// its range is "any value (no engine)"; the generic engine takes any value
// and its rules give it a type where they use it.
func List(games []*pipeline.LoadedGame) []Param {
	var out []Param
	for _, g := range games {
		d := g.Data
		ranges := engineRanges(d.Manifest.Engine)
		for _, name := range d.ParamOrder {
			p := d.Params[name]
			r, ok := ranges[name]
			switch {
			case !d.Manifest.HasEngine():
				r = "any value (no engine)"
			case d.Manifest.DeclaresFields():
				r = "any value (typed by the rules)"
			case !ok:
				r = "not a parameter of engine " + d.Manifest.Engine
			}
			out = append(out, Param{Game: d.Manifest.ID, Name: name, Default: flow(p.Node, p.Value), Range: r, Doc: p.Doc, Source: p.Source})
		}
	}
	return out
}

// engineRanges describes, by parameter, what the engine's parameters
// schema allows; none for an unknown engine or one without parameters.
func engineRanges(id string) map[string]string {
	m, ok := kit.Lookup(id)
	if !ok || m.Schemas() == nil {
		return nil
	}
	data, err := fs.ReadFile(m.Schemas(), schema.EngineParams)
	if err != nil {
		return nil
	}
	var s struct {
		Properties map[string]map[string]any `json:"properties"`
	}
	if json.Unmarshal(data, &s) != nil {
		return nil
	}
	out := map[string]string{}
	for name, prop := range s.Properties {
		out[name] = describe(prop)
	}
	return out
}

// describe puts a JSON Schema of the shapes kit.DeclareParams generates in
// words: "whole number 1-10", "list of 1-3 of: left or right".
func describe(s map[string]any) string {
	if enum, ok := s["enum"].([]any); ok {
		words := make([]string, len(enum))
		for i, v := range enum {
			words[i] = fmt.Sprint(v)
		}
		if len(words) == 1 {
			return words[0]
		}
		return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
	}
	switch s["type"] {
	case "boolean":
		return "true or false"
	case "integer":
		return "whole number " + span(s["minimum"], s["maximum"])
	case "string":
		if _, ok := s["maxLength"]; ok {
			return "text of " + span(s["minLength"], s["maxLength"]) + " characters"
		}
		return "text"
	case "array":
		items, _ := s["items"].(map[string]any)
		unique := ""
		if s["uniqueItems"] == true {
			unique = ", none twice"
		}
		return "list of " + span(s["minItems"], s["maxItems"]) + unique + " of: " + describe(items)
	case "object":
		props, _ := s["properties"].(map[string]any)
		// The declaration's order, which required keeps; then any other.
		var names []string
		required, _ := s["required"].([]any)
		for _, name := range required {
			names = append(names, fmt.Sprint(name))
		}
		for _, name := range slices.Sorted(maps.Keys(props)) {
			if !slices.Contains(names, name) {
				names = append(names, name)
			}
		}
		var parts []string
		for _, name := range names {
			sub, _ := props[name].(map[string]any)
			parts = append(parts, name+": "+describe(sub))
		}
		return "{" + strings.Join(parts, "; ") + "}"
	}
	return "any value"
}

// span is "lo-hi", "lo" when equal; a missing lo is 0.
func span(lo, hi any) string {
	l, h := fmt.Sprint(orZero(lo)), fmt.Sprint(hi)
	if hi == nil {
		return "at least " + l
	}
	if l == h {
		return l
	}
	return l + "-" + h
}

func orZero(v any) any {
	if v == nil {
		return 0
	}
	return v
}

// flow writes a default as YAML flow, on one line, as written (from its
// node, keys in the designer's order) when there is one.
func flow(node *yaml.Node, v any) string {
	var n yaml.Node
	if node != nil {
		n = *deepCopy(node)
	} else if err := n.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	setFlow(&n)
	out, err := yaml.Marshal(&n)
	if err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimSpace(string(out))
}

// deepCopy copies a node tree without its comments, which flow style
// would print inline.
func deepCopy(n *yaml.Node) *yaml.Node {
	c := *n
	c.HeadComment, c.LineComment, c.FootComment = "", "", ""
	c.Content = make([]*yaml.Node, len(n.Content))
	for i, k := range n.Content {
		c.Content[i] = deepCopy(k)
	}
	return &c
}

func setFlow(n *yaml.Node) {
	if n.Kind == yaml.SequenceNode || n.Kind == yaml.MappingNode {
		n.Style = yaml.FlowStyle
	}
	for _, c := range n.Content {
		setFlow(c)
	}
}
