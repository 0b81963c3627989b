package tune

import (
	"fmt"
	"maps"
	"strconv"

	"github.com/cardpress/cardpress/gamedata"

	"go.yaml.in/yaml/v3"
)

// Apply returns a copy of d whose parameters hold values, by path
// (compensation, heat_board.0.value): both the plain value the rules
// engine reads and the YAML node the Go engines decode, so every engine
// plays the candidate. d is not changed.
func Apply(d *gamedata.Data, values map[string]any) (*gamedata.Data, error) {
	c := *d
	c.Params = maps.Clone(d.Params)
	for path, v := range values {
		segs := splitPath(path)
		p, ok := c.Params[segs[0]]
		if !ok || p.Node == nil {
			return nil, fmt.Errorf("game.yaml declares no parameter %q", segs[0])
		}
		var err error
		if p.Value, err = setValue(p.Value, segs[1:], v); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		node := copyNode(p.Node)
		at, err := nodeAt(node, segs[1:])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		setScalar(at, v)
		p.Node = node
		c.Params[segs[0]] = p
	}
	return &c, nil
}

// setValue is v with the scalar at segs replaced by x, copying what it
// changes.
func setValue(v any, segs []string, x any) (any, error) {
	if len(segs) == 0 {
		return x, nil
	}
	switch c := v.(type) {
	case []any:
		k, err := strconv.Atoi(segs[0])
		if err != nil || k < 0 || k >= len(c) {
			return nil, fmt.Errorf("no item %q", segs[0])
		}
		out := append([]any(nil), c...)
		out[k], err = setValue(c[k], segs[1:], x)
		return out, err
	case map[string]any:
		old, ok := c[segs[0]]
		if !ok {
			return nil, fmt.Errorf("no key %q", segs[0])
		}
		out := maps.Clone(c)
		var err error
		out[segs[0]], err = setValue(old, segs[1:], x)
		return out, err
	}
	return nil, fmt.Errorf("%q is inside a scalar", segs[0])
}

// copyNode copies a node tree (aliases resolved into copies), so the
// candidate's node can change without touching the loaded game's.
func copyNode(n *yaml.Node) *yaml.Node {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		return copyNode(n.Alias)
	}
	c := *n
	c.Content = make([]*yaml.Node, len(n.Content))
	for i, k := range n.Content {
		c.Content[i] = copyNode(k)
	}
	return &c
}

// nodeAt follows list indexes and mapping keys (the last of a repeated
// key, as the values hold it) down a node tree.
func nodeAt(n *yaml.Node, segs []string) (*yaml.Node, error) {
	for _, s := range segs {
		var err error
		if n, err = child(n, s); err != nil {
			return nil, err
		}
	}
	if n.Kind != yaml.ScalarNode {
		return nil, fmt.Errorf("not a scalar")
	}
	return n, nil
}

// child is the item or key s of a list or mapping node.
func child(n *yaml.Node, s string) (*yaml.Node, error) {
	switch n.Kind {
	case yaml.SequenceNode:
		k, err := strconv.Atoi(s)
		if err != nil || k < 0 || k >= len(n.Content) {
			return nil, fmt.Errorf("no item %q", s)
		}
		return n.Content[k], nil
	case yaml.MappingNode:
		var next *yaml.Node
		merged := false
		for i := 0; i+1 < len(n.Content); i += 2 {
			switch k := n.Content[i]; {
			case k.Value == s:
				next = n.Content[i+1]
			case k.Tag == "!!merge":
				merged = true
			}
		}
		switch {
		case next == nil && merged:
			return nil, fmt.Errorf("%q comes into the mapping by a YAML merge key (<<); write it in the mapping to tune it", s)
		case next == nil:
			return nil, fmt.Errorf("no key %q", s)
		}
		return next, nil
	}
	return nil, fmt.Errorf("%q is inside a scalar", s)
}

// setScalar writes x into a scalar node with the tag it decodes as.
func setScalar(n *yaml.Node, x any) {
	n.Style = 0
	switch v := x.(type) {
	case int:
		n.Tag, n.Value = "!!int", strconv.Itoa(v)
	case bool:
		n.Tag, n.Value = "!!bool", strconv.FormatBool(v)
	default:
		n.Tag, n.Value = "!!str", fmt.Sprint(v)
	}
}
