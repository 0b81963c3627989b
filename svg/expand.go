package svg

import (
	"fmt"
	"strings"
)

// expand replaces every <use> among nodes (and inside them) by a group
// holding a copy of what it names, shifted by its x and y: oksvg finds
// only what is inside <defs>, where editors seldom put it. The copies
// count against MaxElements, so a chain of uses cannot multiply without
// end; depth counts uses within uses.
func (d *Drawing) expand(nodes []*node, depth int) ([]*node, error) {
	out := make([]*node, 0, len(nodes))
	for _, n := range nodes {
		if n.name != "use" {
			var err error
			if n.kids, err = d.expand(n.kids, depth); err != nil {
				return nil, err
			}
			out = append(out, n)
			continue
		}
		if depth >= MaxDepth {
			return nil, fmt.Errorf("line %d: <use> elements use each other more than %d deep (or in a circle)", n.line, MaxDepth)
		}
		target := d.byID[strings.TrimPrefix(n.attrs["href"], "#")]
		if target == nil {
			return nil, fmt.Errorf("line %d: <use> names %q, which the drawing does not define", n.line, n.attrs["href"])
		}
		if !drawn[target.name] {
			return nil, fmt.Errorf("line %d: <use> names a <%s>, which cardpress does not draw by <use>", n.line, target.name)
		}
		g := &node{name: "g", attrs: map[string]string{}, line: n.line}
		for _, k := range n.order {
			switch k {
			case "href", "x", "y", "width", "height", "id":
			default:
				g.attrs[k], g.order = n.attrs[k], append(g.order, k)
			}
		}
		if x, y := n.attrs["x"], n.attrs["y"]; x != "" || y != "" {
			g.set("transform", strings.TrimSpace(g.attrs["transform"]+" translate("+or0(x)+","+or0(y)+")"))
		}
		c, err := d.copyOf(target)
		if err != nil {
			return nil, err
		}
		if g.kids, err = d.expand([]*node{c}, depth+1); err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, nil
}

func or0(s string) string {
	if s == "" {
		return "0"
	}
	return s
}

// set sets attribute k of n.
func (n *node) set(k, v string) {
	if _, ok := n.attrs[k]; !ok {
		n.order = append(n.order, k)
	}
	n.attrs[k] = v
}

// copyOf copies n and what it holds, without its id, counting the copies.
func (d *Drawing) copyOf(n *node) (*node, error) {
	if d.counts++; d.counts > MaxElements {
		return nil, fmt.Errorf("has more than %d elements once its <use> elements are copied out", MaxElements)
	}
	if d.path += len(n.attrs["d"]) + len(n.attrs["points"]); d.path > maxPathBytes {
		return nil, fmt.Errorf("has more than %d MiB of path data once its <use> elements are copied out", maxPathBytes>>20)
	}
	c := *n
	c.attrs = make(map[string]string, len(n.attrs))
	c.order = nil
	for _, k := range n.order {
		if v, ok := n.attrs[k]; ok && k != "id" {
			c.attrs[k], c.order = v, append(c.order, k)
		}
	}
	c.kids = make([]*node, len(n.kids))
	for i, k := range n.kids {
		var err error
		if c.kids[i], err = d.copyOf(k); err != nil {
			return nil, err
		}
	}
	return &c, nil
}

// resolve links each clip-path to its clipPath, checks that every paint
// names a gradient the drawing defines, and marks what holds a clip.
func (d *Drawing) resolve(n *node) error {
	d.evenOdd = d.evenOdd || n.attrs["fill-rule"] == "evenodd" || n.attrs["clip-rule"] == "evenodd"
	for _, k := range []string{"fill", "stroke"} {
		for _, m := range urlRef.FindAllStringSubmatch(n.attrs[k], -1) {
			t := d.byID[m[1][1:]]
			if t == nil || (t.name != "linearGradient" && t.name != "radialGradient") {
				return fmt.Errorf("line %d: %s names %q, which is not a gradient the drawing defines", n.line, k, m[1])
			}
		}
	}
	if v := n.attrs["clip-path"]; v != "" && v != "none" && n != d.root {
		m := urlRef.FindStringSubmatch(v)
		if m == nil || d.byID[m[1][1:]] == nil || d.byID[m[1][1:]].name != "clipPath" {
			return fmt.Errorf("line %d: clip-path %q names no clipPath the drawing defines", n.line, v)
		}
		n.clip = d.byID[m[1][1:]]
		n.apart = true
	}
	for _, k := range n.kids {
		if err := d.resolve(k); err != nil {
			return err
		}
		n.apart = n.apart || k.apart
	}
	return nil
}

// collectDefs takes gradients and styles out of the tree into d.defs,
// written into every piece the drawing is drawn in; a gradient that
// borrows another's stops and attributes by href gets its own copies
// (oksvg does not follow the href). clipPaths leave the tree: they are
// drawn only as masks.
func (d *Drawing) collectDefs(n *node) {
	kept := n.kids[:0]
	for _, k := range n.kids {
		switch k.name {
		case "linearGradient", "radialGradient":
			d.inherit(k, 0)
			d.defs = append(d.defs, k)
		case "style", "clipPath", "stop":
		default:
			d.collectDefs(k)
			kept = append(kept, k)
		}
	}
	n.kids = kept
}

// inherit fills in what a gradient leaves to the one it names by href.
func (d *Drawing) inherit(g *node, depth int) {
	t := d.byID[strings.TrimPrefix(g.attrs["href"], "#")]
	if t == nil || t == g || depth >= MaxDepth || (t.name != "linearGradient" && t.name != "radialGradient") {
		return
	}
	d.inherit(t, depth+1)
	for _, k := range t.order {
		if _, ok := g.attrs[k]; !ok && k != "id" && k != "href" {
			g.set(k, t.attrs[k])
		}
	}
	if len(g.kids) == 0 {
		g.kids = t.kids
	}
	delete(g.attrs, "href")
}
