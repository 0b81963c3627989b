// Package gamedatatest builds game data by hand from YAML snippets, so an
// engine's rule tests need neither files on disk nor the loader.
package gamedatatest

import (
	"testing"

	"cardpress/finding"
	"cardpress/gamedata"

	"go.yaml.in/yaml/v3"
)

// SetParams fills d.Params from a YAML mapping of default values; overrides
// replace a default by name (or add a parameter the mapping lacks), each
// value written as YAML.
func SetParams(t testing.TB, d *gamedata.Game, defaults string, overrides map[string]string) {
	t.Helper()
	if d.Params == nil {
		d.Params = map[string]gamedata.Param{}
	}
	m := node(t, defaults)
	for i := 0; i+1 < len(m.Content); i += 2 {
		name, val := m.Content[i].Value, m.Content[i+1]
		// An override keeps the position of the default it replaces.
		pos := finding.Pos{File: "game.yaml", Line: val.Line, Col: val.Column}
		if o, ok := overrides[name]; ok {
			val = node(t, o)
		}
		add(d, name, val, pos)
	}
	for name, o := range overrides {
		if _, ok := d.Params[name]; !ok {
			add(d, name, node(t, o), finding.Pos{File: "game.yaml"})
		}
	}
}

func add(d *gamedata.Game, name string, val *yaml.Node, pos finding.Pos) {
	d.Params[name] = gamedata.Param{Name: name, Node: val, Pos: pos}
	d.ParamOrder = append(d.ParamOrder, name)
}

// AddCards decodes a YAML list of card mappings into d.Cards, positioned in
// cards.yaml at the snippet's lines.
func AddCards(t testing.TB, d *gamedata.Game, list string) {
	t.Helper()
	for _, cn := range node(t, list).Content {
		var c gamedata.Card
		if err := cn.Decode(&c); err != nil {
			t.Fatal(err)
		}
		c.Node = cn
		c.Pos = finding.Pos{File: "cards.yaml", Line: cn.Line, Col: cn.Column}
		c.PlayersPos = c.Pos
		d.Cards = append(d.Cards, c)
	}
}

// SetCount sets the count of the card with id in d, as the loader would,
// and returns the card.
func SetCount(t testing.TB, d *gamedata.Game, id string, n int) gamedata.Card {
	t.Helper()
	for i := range d.Cards {
		if d.Cards[i].ID == id {
			d.Cards[i].Count = n
			return d.Cards[i]
		}
	}
	t.Fatalf("no card %s", id)
	return gamedata.Card{}
}

func node(t testing.TB, src string) *yaml.Node {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Content) == 0 {
		t.Fatalf("empty YAML snippet %q", src)
	}
	return doc.Content[0]
}
