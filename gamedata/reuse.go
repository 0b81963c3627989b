package gamedata

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/schema"
	"github.com/cardpress/cardpress/source"

	"go.yaml.in/yaml/v3"
)

var _ = registerCheck(Check{
	ID:      "layout-reuse",
	Doc:     "Checks as layout.yaml is read that faces extend faces there are and elements insert groups there are, without circles, and that element names are unique in a face.",
	Codes:   []*finding.Code{CodeLayoutExtends, CodeLayoutGroup, CodeLayoutName},
	Reading: true,
})

var _ = registerCheck(Check{
	ID:    "layout-unused",
	Doc:   "Checks that every layout face and group is printed: a top-level front some deck prints, a group some face inserts.",
	Codes: []*finding.Code{CodeLayoutUnused},
	run:   (*loader).checkUnused,
})

// Reuse in layout.yaml: a face may extend another face (extends: front, or
// a deck id), an element of the extending face changes the base's element
// of its name, and {group: NAME} inserts a group of elements in place.
//
// All of it is resolved once, on the YAML nodes, before the layout is
// decoded: decoding, every check and the renderer see plain faces, and an
// element key added to the schema needs nothing here. A resolved face is
// made of the nodes the designer wrote, so every position still points at
// the line that gave the value: an override's for the keys it gives, its
// base's for the others, and the override's for the element as a whole.

// MaxFaceElements is the most elements a face may have once its base's and
// its groups' are added, as the schema allows a face as written: a chain
// of extends, or groups inserting groups, cannot multiply them.
const MaxFaceElements = 100

// Reuse records what the layout's faces reuse, for the unused-face check.
type Reuse struct {
	Extended map[string]bool // faces some face extends, by path ("front", "decks.goods.front")
	Inserted map[string]bool // groups some face inserts
}

// resolver resolves one layout file's extends and groups.
type resolver struct {
	l      *loader
	file   *source.File
	faces  []*faceRef // in file order: front, then each deck's front and back_face
	byPath map[string]*faceRef
	groups map[string]*groupRef
	decks  []string // the deck ids extends may name: the manifest's and the layout's
	stack  []string // the faces or groups being resolved, for cycles
	reuse  Reuse
	// changed: some face or group differs from what the file says, so the
	// layout is decoded from a resolved tree.
	changed bool
	whole   *schema.Schema // the schema's elementWhole: what an element needs to be drawn
}

// faceRef is one face of the layout: where it is, as written and resolved.
type faceRef struct {
	path  []string
	node  *yaml.Node // the face's mapping as written, aliases followed
	out   *yaml.Node // resolved
	items []faceItem // its elements, resolved
	state resolveState
	// broken: its base or a group it inserts could not be had (reported),
	// so what its elements would change is unknown.
	broken bool
}

// groupRef is one group of elements.
type groupRef struct {
	name   string
	list   *yaml.Node // the list as written, aliases followed
	items  []faceItem // expanded
	state  resolveState
	broken bool // it inserts a group it cannot have
}

type resolveState int

const (
	unvisited resolveState = iota
	visiting
	visited
)

// faceItem is one element of a resolved face.
type faceItem struct {
	n      *yaml.Node // the element as the face holds it (an alias stays one), or a merge
	at     *yaml.Node // the entry that put it there: n itself, or the {group: ...} that inserted it
	merged bool       // n is a base's element changed by an override
}

// mapEntry is a mapping entry.
type mapEntry struct{ k, v *yaml.Node }

func (f *faceRef) name() string { return strings.Join(f.path, ".") }

// resolveLayout resolves the layout file d's extends and groups, returning
// the doc the layout is decoded and checked from (d itself when nothing is
// reused, else a doc of the resolved tree over the same file) and what
// was reused.
func (l *loader) resolveLayout(d *doc) (*doc, Reuse) {
	root := derefNode(d.file.Root)
	if root == nil || root.Kind != yaml.MappingNode {
		return d, Reuse{}
	}
	r := &resolver{l: l, file: d.file, byPath: map[string]*faceRef{}, groups: map[string]*groupRef{},
		reuse: Reuse{Extended: map[string]bool{}, Inserted: map[string]bool{}}}
	r.whole = l.compile(schema.Layout + "#/$defs/elementWhole")
	r.collect(root)
	for _, f := range r.faces {
		r.face(f)
	}
	for _, name := range keys(r.groups) {
		r.group(r.groups[name], nil)
	}
	if !r.changed && len(r.groups) == 0 {
		return d, r.reuse // no face extends another: nothing was merged
	}
	file := *d.file
	file.Root = r.rebuild(root)
	out := &doc{file: &file, lines: d.lines}
	val, found := source.Convert(out.file)
	if val == nil {
		// Faces that share aliased elements expand them once each: a file
		// near the alias budget may pass it resolved. Decoded anyway, its
		// positions fall back to the file as written.
		l.add(found...)
		out.val = d.val
		return out, r.reuse
	}
	out.val = val
	r.checkWhole(out)
	return out, r.reuse
}

// collect finds the faces and groups of the layout's root mapping.
func (r *resolver) collect(root *yaml.Node) {
	add := func(n *yaml.Node, path ...string) {
		if n = derefNode(n); n != nil && n.Kind == yaml.MappingNode {
			f := &faceRef{path: path, node: n}
			r.faces = append(r.faces, f)
			r.byPath[f.name()] = f
		}
	}
	add(mapValue(root, "front"), "front")
	for _, dk := range r.l.g.Manifest.Decks {
		r.decks = append(r.decks, dk.ID)
	}
	for _, p := range mapEntries(mapValue(root, "decks")) {
		id := p.k.Value
		if !slices.Contains(r.decks, id) {
			r.decks = append(r.decks, id)
		}
		add(mapValue(p.v, "front"), "decks", id, "front")
		add(mapValue(p.v, "back_face"), "decks", id, "back_face")
	}
	for _, p := range mapEntries(mapValue(root, "groups")) {
		if list := derefNode(p.v); list != nil && list.Kind == yaml.SequenceNode {
			r.groups[p.k.Value] = &groupRef{name: p.k.Value, list: list}
		}
	}
}

// face resolves f: its base first, then its own elements (groups expanded)
// change the base's of their names or are added after them.
func (r *resolver) face(f *faceRef) {
	if f.state == visited {
		return
	}
	f.state = visiting
	r.stack = append(r.stack, f.name())
	defer func() { f.state, r.stack = visited, r.stack[:len(r.stack)-1] }()

	list := mapValue(f.node, "elements")
	own := r.expand(list)
	base := r.base(f)
	f.broken = f.broken || own.broken
	items := r.override(f, base, r.uniqueNames(own.items))
	f.items = items
	f.out = f.node
	if base != nil || own.changed || len(items) != len(seqOf(list)) {
		f.out = r.faceNode(f, base, items)
		r.changed = true
	}
}

// base resolves the face f extends, or nil. When it names one that cannot
// be had (unknown, or in a circle: reported here), or one that is itself
// broken, f is broken: what its elements would have changed is unknown.
func (r *resolver) base(f *faceRef) *faceRef {
	v := mapValue(f.node, "extends")
	if v == nil || v.Kind != yaml.ScalarNode || v.Value == "" {
		f.broken = v != nil
		return nil
	}
	ref := v.Value
	at := r.file.Pos(v)
	path := "front"
	if ref != "front" {
		if !slices.Contains(r.decks, ref) {
			msg := fmt.Sprintf("extends %q: no such face; a face extends front (the top-level front) or a deck id (that deck's front)", ref)
			if s := schema.Suggest(ref, append([]string{"front"}, r.decks...)); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			r.l.add(CodeLayoutExtends.At(at, "%s", msg))
			f.broken = true
			return nil
		}
		if _, own := r.byPath["decks."+ref+".front"]; own {
			path = "decks." + ref + ".front"
		}
	}
	b := r.byPath[path]
	if b == nil {
		f.broken = true // no top-level front: the schema says so
		return nil
	}
	if b.state == visiting {
		r.l.add(CodeLayoutExtends.At(at, "%s", circleText("faces extend", "a face cannot extend itself", r.stack, path)))
		f.broken = true
		return nil
	}
	r.reuse.Extended[path] = true
	r.face(b)
	f.broken = b.broken
	return b
}

// circleText words a cycle: the names from the first of again on the stack,
// then again; alone when the stack's last is again itself.
func circleText(what, self string, stack []string, again string) string {
	i := slices.Index(stack, again)
	if i == len(stack)-1 {
		return self + " (" + again + ")"
	}
	return fmt.Sprintf("%s each other in a circle: %s → %s", what, strings.Join(stack[i:], " → "), again)
}

// override puts f's own elements onto its base's (base may be nil): one
// named like a base element changes the keys it gives; a whole one is
// added; a named one that is not whole would change an element, but
// matches no name, and is reported (unless f is broken, when the name
// may be in the base that could not be had).
func (r *resolver) override(f *faceRef, base *faceRef, own []faceItem) []faceItem {
	var items []faceItem
	at := map[string]int{}
	if base != nil {
		items = slices.Clone(base.items)
		for i, it := range items {
			if name := nameOf(it.n); name != "" {
				at[name] = i
			}
		}
	}
	for _, it := range own {
		name := nameOf(it.n)
		if i, ok := at[name]; ok && name != "" {
			items[i] = faceItem{n: mergeElement(items[i].n, it.n), at: it.at, merged: true}
			continue
		}
		if name != "" {
			if lacks := r.lacks(it.n); lacks != "" {
				if !f.broken {
					r.l.add(CodeLayoutName.At(r.namePos(it), "%s", noBase(base, name, lacks, keys(at))))
				}
				continue
			}
		}
		if len(items) == MaxFaceElements {
			r.l.add(CodeLayoutExtends.At(r.file.Pos(mapValue(f.node, "extends")),
				"with the elements of the face it extends, this face has more than %d; the rest are left out", MaxFaceElements))
			break
		}
		items = append(items, it)
	}
	return items
}

// noBase words a named element that is not whole and changes nothing.
func noBase(base *faceRef, name, lacks string, names []string) string {
	if base == nil {
		return fmt.Sprintf("element %q is not whole (%s): a named element may leave keys out only to change the element of its name in the face this face extends, and this face extends none", name, lacks)
	}
	msg := fmt.Sprintf("element %q is not whole (%s), so it changes an element of %s, but that face has no element named %q", name, lacks, base.name(), name)
	if s := schema.Suggest(name, names); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	return msg
}

// lacks says why element n is not whole (the schema's elementWhole), or
// "" when it is.
func (r *resolver) lacks(n *yaml.Node) string {
	if r.whole == nil {
		return ""
	}
	v, _ := source.Convert(&source.File{Name: r.file.Name, Root: n})
	if v == nil {
		return ""
	}
	var why []string
	for _, p := range r.whole.Validate(v.Data) {
		why = append(why, p.Message)
	}
	return strings.Join(why, "; ")
}

// uniqueNames reports, and leaves out, an element whose name another of
// the face's own elements has already: once for a group entry however
// many names it repeats.
func (r *resolver) uniqueNames(items []faceItem) []faceItem {
	first := map[string]*yaml.Node{}
	reported := map[*yaml.Node]bool{}
	return slices.DeleteFunc(slices.Clone(items), func(it faceItem) bool {
		name := nameOf(it.n)
		if name == "" {
			return false
		}
		prev, dup := first[name]
		if !dup {
			first[name] = it.n
			return false
		}
		line := r.file.Pos(derefNode(prev)).Line
		switch {
		case it.at == it.n:
			r.l.add(CodeLayoutName.At(r.namePos(it), "two elements of this face are named %q (the first is at line %d); a name says which element a face that extends this one changes", name, line))
		case !reported[it.at]:
			reported[it.at] = true
			r.l.add(CodeLayoutName.At(r.namePos(it), "this group brings a second element named %q into the face (the first is at line %d)", name, line))
		}
		return true
	})
}

// namePos is where to report about an item's name: its name, or the group
// entry that inserted it.
func (r *resolver) namePos(it faceItem) finding.Pos {
	if it.at != it.n {
		return r.file.Pos(mapValue(it.at, "group"))
	}
	return r.file.Pos(mapValue(it.n, "name"))
}

// expandedList is a list of elements with its groups inserted.
type expandedList struct {
	items   []faceItem
	changed bool // a group was inserted (or dropped)
	broken  bool // a group could not be had: unknown, or in a circle
}

// expand inserts the groups that list's {group: NAME} entries name.
func (r *resolver) expand(list *yaml.Node) expandedList {
	var out expandedList
	for _, n := range seqOf(list) {
		g := mapValue(n, "group")
		if g == nil {
			out.items = append(out.items, faceItem{n: n, at: n})
			continue
		}
		out.changed = true
		ins, ok := r.insert(g)
		out.broken = out.broken || !ok
		if len(out.items)+len(ins) > MaxFaceElements {
			r.l.add(CodeLayoutGroup.At(r.file.Pos(g), "group %q takes the list past %d elements; the rest are left out", g.Value, MaxFaceElements))
			ins = ins[:MaxFaceElements-len(out.items)]
		}
		for _, it := range ins {
			it.at = derefNode(n) // the face's own entry, however deep the group nests
			out.items = append(out.items, it)
		}
	}
	return out
}

// insert is the group named by value g; false when there is none
// (reported) or it is broken.
func (r *resolver) insert(g *yaml.Node) ([]faceItem, bool) {
	grp := r.groups[g.Value]
	if grp == nil {
		msg := fmt.Sprintf("no group %q in layout.yaml groups", g.Value)
		if s := schema.Suggest(g.Value, keys(r.groups)); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
		r.l.add(CodeLayoutGroup.At(r.file.Pos(g), "%s", msg))
		return nil, false
	}
	r.reuse.Inserted[grp.name] = true
	return r.group(grp, g)
}

// group expands grp's own inserts once; from is the group: value that
// inserts it (nil: for the group itself), reported when it closes a
// circle. False when grp is broken.
func (r *resolver) group(grp *groupRef, from *yaml.Node) ([]faceItem, bool) {
	switch grp.state {
	case visited:
		return grp.items, !grp.broken
	case visiting:
		r.l.add(CodeLayoutGroup.At(r.file.Pos(from), "%s", circleText("groups insert", "a group cannot insert itself", r.stack, "groups."+grp.name)))
		grp.broken = true
		return nil, false
	}
	grp.state = visiting
	r.stack = append(r.stack, "groups."+grp.name)
	ex := r.expand(grp.list)
	grp.items, grp.broken = ex.items, grp.broken || ex.broken
	grp.state, r.stack = visited, r.stack[:len(r.stack)-1]
	return grp.items, !grp.broken
}

// faceNode is f resolved: its base's keys, its own in their place, and the
// elements items.
func (r *resolver) faceNode(f *faceRef, base *faceRef, items []faceItem) *yaml.Node {
	var kv []mapEntry
	if base != nil {
		kv = mapEntries(base.out)
	}
	for _, p := range mapEntries(f.node) {
		kv = setPair(kv, p)
	}
	kv = slices.DeleteFunc(kv, func(p mapEntry) bool { return p.k.Value == "elements" })
	elemKey := keyNode("elements", f.node)
	list := seqNode(f.node)
	if k, v := keyValue(f.node, "elements"); k != nil {
		elemKey, list = k, seqNode(derefNode(v))
	}
	for _, it := range items {
		list.Content = append(list.Content, it.n)
	}
	return mapNode(f.node, append(kv, mapEntry{elemKey, list}))
}

// mergeElement is the element base with the keys over gives replacing its own,
// placed where over is.
func mergeElement(base, over *yaml.Node) *yaml.Node {
	kv := mapEntries(base)
	for _, p := range mapEntries(over) {
		kv = setPair(kv, p)
	}
	return mapNode(derefNode(over), kv)
}

// rebuild is the layout's root with every face and group resolved; groups
// become faces of their elements ({elements: [...]}) so they are decoded
// and checked like faces.
func (r *resolver) rebuild(root *yaml.Node) *yaml.Node {
	var kv []mapEntry
	for _, p := range mapEntries(root) {
		switch p.k.Value {
		case "front":
			if f := r.byPath["front"]; f != nil {
				p.v = f.out
			}
		case "decks":
			p.v = r.rebuildDecks(p.v)
		case "groups":
			var gs []mapEntry
			for _, name := range keys(r.groups) {
				g := r.groups[name]
				list := seqNode(g.list)
				for _, it := range g.items {
					list.Content = append(list.Content, it.n)
				}
				k, _ := keyValue(derefNode(p.v), name)
				gs = append(gs, mapEntry{k, mapNode(g.list, []mapEntry{{keyNode("elements", g.list), list}})})
			}
			p.v = mapNode(derefNode(p.v), gs)
		}
		kv = append(kv, p)
	}
	return mapNode(root, kv)
}

func (r *resolver) rebuildDecks(decks *yaml.Node) *yaml.Node {
	var kv []mapEntry
	for _, p := range mapEntries(decks) {
		var sides []mapEntry
		for _, s := range mapEntries(p.v) {
			if f := r.byPath["decks."+p.k.Value+"."+s.k.Value]; f != nil {
				s.v = f.out
			}
			sides = append(sides, s)
		}
		if dl := derefNode(p.v); dl != nil && dl.Kind == yaml.MappingNode {
			p.v = mapNode(dl, sides)
		}
		kv = append(kv, p)
	}
	return mapNode(derefNode(decks), kv)
}

// checkWhole checks each element a resolved face merged from a base's and
// an override against the schema's elementWhole, at the keys that broke it
// (a kind changed to text where the base gives src). A named element is
// otherwise checked whole as written (lacks): the schema itself skips them.
func (r *resolver) checkWhole(d *doc) {
	if r.whole == nil || d.val == nil {
		return
	}
	for _, f := range r.faces {
		if f.broken {
			continue
		}
		for i, it := range f.items {
			if !it.merged {
				continue
			}
			at := append(slices.Clone(f.path), "elements", strconv.Itoa(i))
			v, ok := schema.Lookup(d.val.Data, at...)
			if !ok {
				continue
			}
			r.l.add(d.problems(r.whole.Validate(v), func(p schema.Problem) (schema.Problem, bool) {
				p.Path = append(slices.Clone(at), p.Path...)
				return p, true
			})...)
		}
	}
}

// checkUnused warns about a face or group nothing prints, whose elements
// are checked all the same (faces): the top-level front when every deck
// has its own front, no face extends it and there is no player aid (which
// takes its frame), unless it draws nothing (its font alone is the
// game's); a group no face inserts.
func (l *loader) checkUnused() {
	if l.lay == nil {
		return
	}
	lay := &l.g.Layout
	aid := l.g.Ref.PlayerAid.Title != "" || len(l.g.Ref.PlayerAid.Items) > 0
	top := l.g.faces()[0]
	if front := l.lay.node("front"); len(top.decks) == 0 && !lay.Reuse.Extended["front"] && !aid && drawsSomething(front) {
		remove := "empty it (front: {elements: []}: layout.yaml needs a front)"
		if mapValue(front, "font") != nil {
			remove = "keep only its font (the game's)"
		}
		l.add(CodeLayoutUnused.At(l.lay.keyPos("front"),
			"the top-level front is printed by no deck (each has a front of its own under decks), extended by no face, and there is no player aid; %s, or extend it (extends: front). Its elements are still checked against the decks' fields", remove))
	}
	for _, name := range keys(lay.Groups) {
		if !lay.Reuse.Inserted[name] {
			l.add(CodeLayoutUnused.At(l.lay.keyPos("groups", name),
				"group %q is inserted by no face; remove it, or insert it with {group: %s}. Its elements are still checked against the decks' fields", name, name))
		}
	}
}

// drawsSomething reports whether a face gives more than a font: any other
// key, elements only when there are some.
func drawsSomething(face *yaml.Node) bool {
	return slices.ContainsFunc(mapEntries(face), func(p mapEntry) bool {
		switch p.k.Value {
		case "font", "extends":
			return false
		case "elements":
			return len(seqOf(p.v)) > 0
		}
		return true
	})
}

// mapEntries are a mapping's entries as decoding sees them: merge keys (<<)
// expanded, the mapping's own keys winning, each key once, in order.
func mapEntries(n *yaml.Node) []mapEntry {
	n = derefNode(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	var kv []mapEntry
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.Value == "<<" && k.ShortTag() == "!!merge" {
			srcs := []*yaml.Node{v}
			if d := derefNode(v); d != nil && d.Kind == yaml.SequenceNode {
				srcs = d.Content
			}
			for _, src := range srcs {
				for _, p := range mapEntries(src) {
					if !slices.ContainsFunc(kv, func(q mapEntry) bool { return q.k.Value == p.k.Value }) {
						kv = append(kv, p)
					}
				}
			}
		}
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.Value == "<<" && k.ShortTag() == "!!merge" {
			continue
		}
		kv = setPair(kv, mapEntry{k, v})
	}
	return kv
}

// setPair replaces the entry of p's key, or adds p.
func setPair(kv []mapEntry, p mapEntry) []mapEntry {
	if i := slices.IndexFunc(kv, func(q mapEntry) bool { return q.k.Value == p.k.Value }); i >= 0 {
		kv = slices.Clone(kv)
		kv[i] = p
		return kv
	}
	return append(kv, p)
}

// mapValue is the value of key in mapping n as decoding sees it (merge
// keys included), aliases followed; nil when there is none.
func mapValue(n *yaml.Node, key string) *yaml.Node {
	_, v := keyValue(n, key)
	return derefNode(v)
}

// keyValue is the entry of key in mapping n, merges included.
func keyValue(n *yaml.Node, key string) (k, v *yaml.Node) {
	for _, p := range mapEntries(n) {
		if p.k.Value == key {
			return p.k, p.v
		}
	}
	return nil, nil
}

// nameOf is an element's name, or "".
func nameOf(n *yaml.Node) string {
	if v := mapValue(n, "name"); v != nil && v.Kind == yaml.ScalarNode {
		return v.Value
	}
	return ""
}

// seqOf is a list's items, aliases followed to the list.
func seqOf(n *yaml.Node) []*yaml.Node {
	if n = derefNode(n); n != nil && n.Kind == yaml.SequenceNode {
		return n.Content
	}
	return nil
}

// mapNode, seqNode and keyNode make the nodes of resolved faces, placed where
// at is, so what is reported at them points at the line that gave them.
func mapNode(at *yaml.Node, kv []mapEntry) *yaml.Node {
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: nodeLine(at), Column: nodeColumn(at)}
	for _, p := range kv {
		n.Content = append(n.Content, p.k, p.v)
	}
	return n
}

func seqNode(at *yaml.Node) *yaml.Node {
	return &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: nodeLine(at), Column: nodeColumn(at)}
}

func keyNode(name string, at *yaml.Node) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: name, Line: nodeLine(at), Column: nodeColumn(at)}
}

func nodeLine(n *yaml.Node) int {
	if n == nil {
		return 1
	}
	return n.Line
}

func nodeColumn(n *yaml.Node) int {
	if n == nil {
		return 1
	}
	return n.Column
}

// derefNode follows aliases to the node they name.
func derefNode(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}
