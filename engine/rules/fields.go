package rules

import (
	"slices"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/finding"

	"go.yaml.in/yaml/v3"
)

// ruleFields reads fields: the card fields the rules read from a game
// whose cards an engine of its own describes (Mice Heist's target,
// payout, job, icons), which game.yaml's decks do not declare. Each is
// read from every card's own YAML and checked there; a card without it
// reads 0, false or none. A field of type keywords lists game.yaml's
// keywords, which has(card, k) then reads with the card's own.
func (c *compiler) ruleFields(m *yaml.Node) {
	if m == nil {
		return
	}
	if c.g.data.Manifest.DeclaresFields() {
		c.report(codeStructure.At(c.at(m), "fields is for a game with an engine of its own; this game declares its cards' fields in game.yaml's decks"))
		return
	}
	keys, vals := pairs(m)
	for i, k := range keys {
		name := k.Value
		if c.g.fields[name] != nil || c.g.lists[name] != nil {
			c.report(codeStructure.At(c.at(k), "field %s is declared twice (fields and lists share the card's keys)", name))
			continue
		}
		tn := get(vals[i], "type")
		if scalar(tn) == "keywords" {
			c.keywordField(name)
			continue
		}
		t, ok := c.typeOf(tn, nil)
		if !ok {
			continue
		}
		if t.k == kEnum && tn.Kind == yaml.SequenceNode {
			t.enum.name = name
			c.g.enums = append(c.g.enums, t.enum)
			if c.g.types[name] == nil {
				c.g.types[name] = t.enum
			}
		}
		fd := &field{name: name, t: t, vals: make([]int64, len(c.g.data.Cards))}
		for j, gc := range c.g.data.Cards {
			fd.vals[j] = c.cardField(gc.Pos.File, gc.Node, gc.ID, name, t)
		}
		c.g.fields[name] = fd
	}
}

// cardField is a card's value of field name, of type t (checked at its
// place in the card file).
func (c *compiler) cardField(file string, card *yaml.Node, id, name string, t typ) int64 {
	v := get(card, name)
	none := int64(0)
	if t.k == kEnum {
		none = -1
	}
	if v == nil {
		return none
	}
	at := cardPos(file, v)
	switch t.k {
	case kInt:
		n, err := strconv.ParseInt(v.Value, 10, 64)
		if v.Kind != yaml.ScalarNode || err != nil {
			c.report(codeType.At(at, "card %s's %s is a number (the rules' fields), not %q", id, name, v.Value))
			return 0
		}
		if !inRange(n) {
			c.report(codeLimit.At(at, "card %s's %s is %d: %s", id, name, n, numbersText))
			return 0
		}
		return n
	case kBool:
		b, err := strconv.ParseBool(v.Value)
		if v.Kind != yaml.ScalarNode || err != nil {
			c.report(codeType.At(at, "card %s's %s is true or false (the rules' fields), not %q", id, name, v.Value))
		}
		return b2i(b)
	case kEnum:
		if k := slices.Index(t.enum.values, v.Value); k >= 0 && v.Kind == yaml.ScalarNode {
			return int64(k)
		}
		c.report(codeUndefined.At(at, "card %s's %s is one of %s (the rules' fields), not %q", id, name, strings.Join(t.enum.values, ", "), v.Value))
	}
	return none
}

// keywordField adds the keywords each card lists under name to the
// card's keywords, for has().
func (c *compiler) keywordField(name string) {
	index := map[string]int{}
	for i, k := range c.g.data.Manifest.Keywords {
		index[k.ID] = i
	}
	for j, gc := range c.g.data.Cards {
		seq := get(gc.Node, name)
		if seq == nil {
			continue
		}
		if seq.Kind != yaml.SequenceNode {
			c.report(codeType.At(cardPos(gc.Pos.File, seq), "card %s's %s is a list of keywords (the rules' fields)", gc.ID, name))
			continue
		}
		for _, kn := range seq.Content {
			i, ok := index[kn.Value]
			if !ok || i >= 256 {
				c.report(codeUndefined.At(cardPos(gc.Pos.File, kn), "card %s's %s lists %q, not one of game.yaml's keywords", gc.ID, name, kn.Value))
				continue
			}
			c.g.keywords[j][i>>6] |= 1 << (i & 63)
		}
	}
}

// cardPos is where n lies in a card file.
func cardPos(file string, n *yaml.Node) finding.Pos {
	return finding.Pos{File: file, Line: n.Line, Col: n.Column}
}
