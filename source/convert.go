package source

import (
	"strconv"
	"strings"

	"cardpress/engine/finding"

	"go.yaml.in/yaml/v3"
)

// AliasBudget caps how many values alias expansion may produce in one file.
// yaml.v3's node tree keeps aliases unexpanded, but converting to plain
// values copies them, and nested aliases grow exponentially ("billion
// laughs"). Honest files use a handful.
const AliasBudget = 100_000

// Loc is where a value came from: its key node (nil for list items and the
// root) and its value node.
type Loc struct {
	Key, Value *yaml.Node
}

// Value is a file's content as plain values for JSON Schema validation:
// map[string]any, []any, string, bool, nil, int, float64. Unquoted dates
// and timestamps stay strings.
type Value struct {
	Data  any
	nodes map[string]Loc
}

// Lookup returns the nodes of the value at path (JSON Pointer tokens,
// unescaped), or of its nearest ancestor that exists.
func (v *Value) Lookup(path []string) Loc {
	for n := len(path); n >= 0; n-- {
		if loc, ok := v.nodes[pointer(path[:n])]; ok {
			return loc
		}
	}
	return Loc{}
}

// pointer joins tokens into a JSON Pointer.
func pointer(path []string) string {
	var b strings.Builder
	for _, tok := range path {
		b.WriteString(child("", tok))
	}
	return b.String()
}

var escaper = strings.NewReplacer("~", "~0", "/", "~1")

// child is the JSON Pointer ptr plus one token.
func child(ptr, tok string) string {
	if strings.ContainsAny(tok, "~/") {
		tok = escaper.Replace(tok)
	}
	return ptr + "/" + tok
}

// Convert turns f's node tree into plain values. Findings report keys that
// are not plain text and bad merge keys (those entries are skipped); a nil
// Value comes with the single finding of an alias expansion over budget.
func Convert(f *File) (*Value, []finding.Finding) {
	c := converter{f: f, v: &Value{nodes: map[string]Loc{}}, budget: AliasBudget}
	data, ok := c.node(f.Root, "", nil, false)
	if !ok {
		return nil, []finding.Finding{finding.New(f.Pos(c.bomb), CodeAliasLimit,
			"too many alias expansions (over %d values); write the values out instead", AliasBudget)}
	}
	c.v.Data = data
	return c.v, c.found
}

type converter struct {
	f      *File
	v      *Value
	found  []finding.Finding
	budget int
	bomb   *yaml.Node // the outermost alias whose expansion ran out of budget
}

// node converts n found at path under key. Values produced while expanding
// an alias count against the budget.
func (c *converter) node(n *yaml.Node, ptr string, key *yaml.Node, inAlias bool) (any, bool) {
	if inAlias {
		if c.budget--; c.budget < 0 {
			return nil, false
		}
	}
	c.v.nodes[ptr] = Loc{Key: key, Value: n}
	switch n.Kind {
	case yaml.AliasNode:
		if n.Alias == nil {
			return nil, true
		}
		// Positions inside the expansion point at the anchored original,
		// where an edit would go; the value itself is reported at the alias.
		v, ok := c.node(n.Alias, ptr, key, true)
		c.v.nodes[ptr] = Loc{Key: key, Value: n}
		if !ok {
			c.bomb = n
		}
		return v, ok
	case yaml.SequenceNode:
		list := make([]any, 0, len(n.Content))
		for i, item := range n.Content {
			v, ok := c.node(item, child(ptr, strconv.Itoa(i)), nil, inAlias)
			if !ok {
				return nil, false
			}
			list = append(list, v)
		}
		return list, true
	case yaml.MappingNode:
		return c.mapping(n, ptr, key, inAlias)
	case yaml.ScalarNode:
		return scalar(n), true
	}
	return nil, true
}

func (c *converter) mapping(n *yaml.Node, ptr string, key *yaml.Node, inAlias bool) (any, bool) {
	m := make(map[string]any, len(n.Content)/2)
	// Merge keys (<<: *base) first, so the mapping's own keys then override
	// both the merged values and their recorded positions.
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i]; isMerge(k) {
			if !c.merge(m, n.Content[i+1], ptr, inAlias) {
				return nil, false
			}
		}
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		if isMerge(k) {
			continue
		}
		name, ok := keyText(k)
		if !ok {
			c.found = append(c.found, finding.New(c.f.Pos(k), CodeKey, "a key must be plain text, not a list or mapping"))
			continue
		}
		v, ok := c.node(val, child(ptr, name), k, inAlias)
		if !ok {
			return nil, false
		}
		m[name] = v
	}
	c.v.nodes[ptr] = Loc{Key: key, Value: n}
	return m, true
}

// merge adds the entries of a merge key's mapping(s) that m lacks; with a
// list of mappings the earlier ones win, as YAML specifies.
func (c *converter) merge(m map[string]any, val *yaml.Node, ptr string, inAlias bool) bool {
	srcs := []*yaml.Node{val}
	if val.Kind == yaml.SequenceNode {
		srcs = val.Content
	}
	for _, src := range srcs {
		target := src
		if target.Kind == yaml.AliasNode {
			target = target.Alias
		}
		if target == nil || target.Kind != yaml.MappingNode {
			c.found = append(c.found, finding.New(c.f.Pos(src), CodeKey, "a merge key (<<) needs a mapping or a list of mappings"))
			continue
		}
		merged, ok := c.node(src, ptr, nil, inAlias)
		if !ok {
			return false
		}
		for k, v := range merged.(map[string]any) {
			if _, set := m[k]; !set {
				m[k] = v
			}
		}
	}
	return true
}

func isMerge(k *yaml.Node) bool {
	return k.Kind == yaml.ScalarNode && k.Value == "<<" && k.ShortTag() == "!!merge"
}

// keyText is a mapping key as the text JSON objects need.
func keyText(k *yaml.Node) (string, bool) {
	if k.Kind == yaml.AliasNode && k.Alias != nil {
		k = k.Alias
	}
	if k.Kind != yaml.ScalarNode {
		return "", false
	}
	return k.Value, true
}

// scalar converts by the resolved tag rather than letting yaml guess Go
// types: timestamps stay the text the designer wrote, and unknown tags are
// text.
func scalar(n *yaml.Node) any {
	switch n.ShortTag() {
	case "!!null":
		return nil
	case "!!bool":
		var b bool
		if n.Decode(&b) == nil {
			return b
		}
	case "!!int":
		var v any
		if n.Decode(&v) == nil {
			switch v := v.(type) {
			case int:
				return v
			case int64:
				return float64(v)
			case uint64:
				return float64(v)
			case float64:
				return v
			}
		}
		// Beyond 64 bits: a float keeps the magnitude for min/max checks.
		if f, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64); err == nil {
			return f
		}
	case "!!float":
		var f float64
		if n.Decode(&f) == nil {
			return f
		}
	}
	return n.Value
}
