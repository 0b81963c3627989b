package rules

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/finding"

	"go.yaml.in/yaml/v3"
)

// A card list is a list of records on each card (HEAT's effects: each a
// mapping of phase, amounts, conditions), which the rules declare key by
// key with a type, read from the cards and walk with for_each. Nested
// keys are written as paths: if.stage is the stage key of an effect's if.
type listDecl struct {
	name string
	keys map[string]*listKey
	// start[c] .. start[c+1] are card c's entries.
	start []int32
	// at is each entry's position in its card file, card its card.
	at   []finding.Pos
	card []int
	// most is the most entries one card has: a for_each's most rounds.
	most int
}

type listKey struct {
	list string
	path string
	t    typ
	vals []int64 // per entry; a missing key is 0, false or none (-1)
}

// paramRecords is a list parameter of mappings of numbers (HEAT's
// heat_board rows): each key's values, item by item.
type paramRecords struct {
	name string
	n    int
	keys map[string][]int64
	// items stands for the items as entries of a list, so expressions of
	// one item fold like those of one card list entry.
	items *listDecl
}

// lists reads the lists declaration and every card's entries.
func (c *compiler) lists(m *yaml.Node) {
	g := c.g
	keys, vals := pairs(m)
	for i, k := range keys {
		if !c.declare(k) {
			continue
		}
		l := &listDecl{name: k.Value, keys: map[string]*listKey{}}
		knames, kvals := pairs(vals[i])
		for j, kn := range knames {
			t, ok := c.typeOf(get(kvals[j], "type"), get(kvals[j], "also"))
			if !ok {
				continue
			}
			l.keys[kn.Value] = &listKey{list: l.name, path: kn.Value, t: t}
		}
		c.readEntries(l)
		g.lists[l.name] = l
	}
}

// typeOf is the type a declaration names: int, bool, keyword, phase, an
// enum card field, or a list of words (an enum of its own); also adds
// words to an enum type (keyword also [any]).
func (c *compiler) typeOf(n, also *yaml.Node) (typ, bool) {
	if n == nil {
		c.report(codeStructure.At(c.at(n), "a type is needed"))
		return typ{}, false
	}
	var t typ
	switch {
	case n.Kind == yaml.SequenceNode:
		e := &enumType{name: "a word"}
		for _, v := range n.Content {
			e.values = append(e.values, v.Value)
		}
		t = typ{k: kEnum, enum: e}
	case n.Value == "int":
		t = typ{k: kInt}
	case n.Value == "bool":
		t = typ{k: kBool}
	case c.g.types[n.Value] != nil:
		t = typ{k: kEnum, enum: c.g.types[n.Value]}
	case c.listKeyType(n.Value) != nil:
		t = *c.listKeyType(n.Value) // a value of the same type as a list's key: effects.target
	default:
		c.report(codeUndefined.At(c.at(n), "type %s is not int, bool, keyword, phase, a list of words, a list's key (effects.target) or an enum card field%s", n.Value, c.enumList()))
		return typ{}, false
	}
	if also != nil && also.Kind == yaml.SequenceNode {
		if t.k != kEnum {
			c.report(codeType.At(c.at(also), "also adds words to an enum type, not to %s", t))
			return t, true
		}
		e := &enumType{name: t.enum.name, values: slices.Clone(t.enum.values), base: t.enum}
		for _, v := range also.Content {
			e.values = append(e.values, v.Value)
		}
		t.enum = e
	}
	return t, true
}

// readEntries reads every card's entries of list l, checking each value
// against its key's type at its position in the card file.
func (c *compiler) readEntries(l *listDecl) {
	total := int32(0)
	for _, gc := range c.g.data.Cards {
		l.start = append(l.start, total)
		seq := get(gc.Node, l.name)
		if seq == nil || seq.Kind != yaml.SequenceNode {
			continue
		}
		for _, item := range seq.Content {
			for _, k := range l.keys {
				k.vals = append(k.vals, c.entryValue(gc.Pos.File, item, k))
			}
			c.undeclaredKeys(gc.Pos.File, item, "", l)
			l.at = append(l.at, finding.Pos{File: gc.Pos.File, Line: item.Line, Col: item.Column})
			l.card = append(l.card, len(l.start)-1)
			total++
		}
		l.most = max(l.most, int(total-l.start[len(l.start)-1]))
	}
	l.start = append(l.start, total)
}

// entryValue is the value of key k in one entry: 0, false or none when
// the entry does not have it.
func (c *compiler) entryValue(file string, item *yaml.Node, k *listKey) int64 {
	n := item
	for _, part := range strings.Split(k.path, ".") {
		n = get(n, part)
	}
	if n == nil {
		if k.t.k == kEnum {
			return -1
		}
		return 0
	}
	at := finding.Pos{File: file, Line: n.Line, Col: n.Column}
	switch k.t.k {
	case kInt:
		v, err := strconv.ParseInt(n.Value, 10, 32)
		if err != nil {
			c.report(codeType.At(at, "%s is a number (the rules' list %s), not %q", k.path, k.list, n.Value))
			return 0
		}
		return v
	case kBool:
		return b2i(n.Value == "true")
	}
	for i, v := range k.t.enum.values {
		if v == n.Value {
			return int64(i)
		}
	}
	c.report(codeUndefined.At(at, "%s is one of %s (the rules' list %s), not %q", k.path, strings.Join(k.t.enum.values, ", "), k.list, n.Value))
	return -1
}

// keyNames lists a list's keys, for messages.
func (l *listDecl) keyNames() string {
	var names []string
	for k := range l.keys {
		names = append(names, k)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// listKeyType is the type of key path of list name, written name.path,
// or nil.
func (c *compiler) listKeyType(ref string) *typ {
	name, path, ok := strings.Cut(ref, ".")
	if !ok {
		return nil
	}
	if l := c.g.lists[name]; l != nil {
		if k := l.keys[path]; k != nil {
			return &k.t
		}
	}
	return nil
}

// undeclaredKeys reports the keys of an entry (at any depth) that the
// list does not declare: a misspelt key would otherwise read as absent.
func (c *compiler) undeclaredKeys(file string, m *yaml.Node, prefix string, l *listDecl) {
	keys, vals := pairs(m)
	for i, k := range keys {
		path := prefix + k.Value
		if _, ok := l.keys[path]; ok {
			continue
		}
		if vals[i].Kind == yaml.MappingNode && l.hasPrefix(path+".") {
			c.undeclaredKeys(file, vals[i], path+".", l)
			continue
		}
		c.report(codeUndefined.At(finding.Pos{File: file, Line: k.Line, Col: k.Column},
			"%s is not a key the rules declare for %s (its keys: %s)", path, l.name, l.keyNames()))
	}
}

func (l *listDecl) hasPrefix(p string) bool {
	for k := range l.keys {
		if strings.HasPrefix(k, p) {
			return true
		}
	}
	return false
}
