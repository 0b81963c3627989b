package source

import (
	"math"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/finding"

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
	Data any
	pos  posNode
}

// posNode mirrors one value of Data with its position. A tree rather than
// a map from each value's JSON Pointer: a pointer repeats every key above
// the value, so deep nesting of long keys cost depth × key length per value.
type posNode struct {
	Loc
	kids *posKids // nil for scalars
}

// posKids holds a container's children, by value so a child costs a slot,
// not an allocation: a list's items; a small mapping's keys in names with
// their values in items (the last of a repeated key wins); a wide
// mapping's fields.
type posKids struct {
	items  []posNode
	names  []string
	fields map[string]posNode
}

// smallMapping is the most entries kept in names and items; a map costs
// far more for one or two entries, and scanning far more for many.
const smallMapping = 8

// Lookup returns the nodes of the value at path (JSON Pointer tokens,
// unescaped), or of its nearest ancestor that exists.
func (v *Value) Lookup(path []string) Loc {
	at := &v.pos
	for _, tok := range path {
		next := at.child(tok)
		if next == nil {
			break
		}
		at = next
	}
	return at.Loc
}

func (p *posNode) child(tok string) *posNode {
	k := p.kids
	switch {
	case k == nil:
		return nil
	case k.fields != nil:
		if c, ok := k.fields[tok]; ok {
			return &c
		}
		return nil
	case k.names != nil:
		for i := len(k.names) - 1; i >= 0; i-- {
			if k.names[i] == tok {
				return &k.items[i]
			}
		}
		return nil
	}
	if i, ok := index(tok); ok && i < len(k.items) {
		return &k.items[i]
	}
	return nil
}

// index parses a list index as JSON Pointer writes it: digits, no sign,
// no leading zero.
func index(tok string) (int, bool) {
	if tok == "" || len(tok) > 1 && tok[0] == '0' {
		return 0, false
	}
	i := 0
	for _, c := range []byte(tok) {
		if c < '0' || c > '9' || i > (math.MaxInt-9)/10 {
			return 0, false
		}
		i = i*10 + int(c-'0')
	}
	return i, true
}

// Convert turns f's node tree into plain values. Findings report keys that
// are not plain text and bad merge keys (those entries are skipped); a nil
// Value comes with the single finding of an alias expansion over budget.
func Convert(f *File) (*Value, []finding.Finding) {
	c := converter{f: f, budget: AliasBudget}
	data, pos, ok := c.node(f.Root, nil, false)
	if !ok {
		return nil, []finding.Finding{CodeAliasLimit.At(f.Pos(c.bomb),
			"too many alias expansions (over %d values); write the values out instead", AliasBudget)}
	}
	return &Value{Data: data, pos: pos}, c.found
}

type converter struct {
	f      *File
	found  []finding.Finding
	budget int
	bomb   *yaml.Node // the outermost alias whose expansion ran out of budget
}

// node converts n found under key, returning its value and positions.
// Values produced while expanding an alias count against the budget.
func (c *converter) node(n *yaml.Node, key *yaml.Node, inAlias bool) (any, posNode, bool) {
	if inAlias {
		if c.budget--; c.budget < 0 {
			return nil, posNode{}, false
		}
	}
	here := Loc{Key: key, Value: n}
	switch n.Kind {
	case yaml.AliasNode:
		if n.Alias == nil {
			return nil, posNode{Loc: here}, true
		}
		// Positions inside the expansion point at the anchored original,
		// where an edit would go; the value itself is reported at the alias.
		v, pos, ok := c.node(n.Alias, key, true)
		if !ok {
			c.bomb = n
		}
		pos.Loc = here
		return v, pos, ok
	case yaml.SequenceNode:
		list := make([]any, len(n.Content))
		items := make([]posNode, len(n.Content))
		for i, item := range n.Content {
			v, pos, ok := c.node(item, nil, inAlias)
			if !ok {
				return nil, posNode{}, false
			}
			list[i], items[i] = v, pos
		}
		return list, posNode{Loc: here, kids: &posKids{items: items}}, true
	case yaml.MappingNode:
		m, kids, ok := c.mapping(n, inAlias)
		return m, posNode{Loc: here, kids: kids}, ok
	case yaml.ScalarNode:
		return scalar(n), posNode{Loc: here}, true
	}
	return nil, posNode{Loc: here}, true
}

func (c *converter) mapping(n *yaml.Node, inAlias bool) (map[string]any, *posKids, bool) {
	m := make(map[string]any, len(n.Content)/2)
	kids := &posKids{names: []string{}} // not nil: a mapping, not a list
	if len(n.Content)/2 > smallMapping {
		kids = &posKids{fields: make(map[string]posNode, len(n.Content)/2)}
	}
	// Merge keys (<<: *base) first, so the mapping's own keys then override
	// both the merged values and their positions.
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i]; isMerge(k) {
			if !c.merge(m, kids, n.Content[i+1], inAlias) {
				return nil, nil, false
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
			c.found = append(c.found, CodeKey.At(c.f.Pos(k), "a key must be plain text, not a list or mapping"))
			continue
		}
		v, pos, ok := c.node(val, k, inAlias)
		if !ok {
			return nil, nil, false
		}
		m[name] = v
		kids.add(name, pos)
	}
	return m, kids, true
}

// add records a mapping entry's position, replacing an earlier one of the
// same name.
func (k *posKids) add(name string, pos posNode) {
	if k.fields != nil {
		k.fields[name] = pos
		return
	}
	k.names = append(k.names, name)
	k.items = append(k.items, pos)
	if len(k.names) > smallMapping {
		k.fields = make(map[string]posNode, 2*smallMapping)
		for i, name := range k.names {
			k.fields[name] = k.items[i]
		}
		k.names, k.items = nil, nil
	}
}

// merge adds the entries of a merge key's mapping(s) that m lacks, with
// their positions; with a list of mappings the earlier ones win, as YAML
// specifies.
func (c *converter) merge(m map[string]any, kids *posKids, val *yaml.Node, inAlias bool) bool {
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
			c.found = append(c.found, CodeKey.At(c.f.Pos(src), "a merge key (<<) needs a mapping or a list of mappings"))
			continue
		}
		merged, pos, ok := c.node(src, nil, inAlias)
		if !ok {
			return false
		}
		for k, v := range merged.(map[string]any) {
			if _, set := m[k]; !set {
				m[k] = v
				kids.add(k, *pos.child(k))
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

// Scalar converts one scalar node as Convert does (0x10 and 010 are the
// whole numbers YAML reads), for a reader that walks the nodes itself.
func Scalar(n *yaml.Node) any { return scalar(n) }

// scalar converts by the resolved tag rather than letting yaml guess Go
// types: timestamps stay the text the designer wrote, and unknown tags are
// text.
func scalar(n *yaml.Node) any {
	switch n.ShortTag() {
	case "!!null":
		return nil
	case "!!bool":
		// The spellings YAML 1.2 resolves without Decode, which costs a
		// decoder per call: a long list of plain values must stay cheap.
		switch n.Value {
		case "true", "True", "TRUE":
			return true
		case "false", "False", "FALSE":
			return false
		}
		var b bool
		if n.Decode(&b) == nil {
			return b
		}
	case "!!int":
		if plainDecimal(n.Value) {
			if i, err := strconv.Atoi(n.Value); err == nil {
				return i
			}
		}
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
		if strings.Trim(n.Value, "0123456789.eE+-") == "" {
			if f, err := strconv.ParseFloat(n.Value, 64); err == nil {
				return f
			}
		}
		var f float64
		if n.Decode(&f) == nil {
			return f
		}
	}
	return n.Value
}

// plainDecimal reports whether s is an integer written -?(0|[1-9][0-9]*),
// which YAML and strconv.Atoi read alike (YAML reads 012 as octal).
func plainDecimal(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" || len(s) > 1 && s[0] == '0' {
		return false
	}
	return strings.Trim(s, "0123456789") == ""
}
