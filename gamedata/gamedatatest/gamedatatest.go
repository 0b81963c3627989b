// Package gamedatatest builds game data by hand from YAML snippets, so an
// engine's rule tests need neither files on disk nor the loader.
package gamedatatest

import (
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"

	"go.yaml.in/yaml/v3"
)

// Fixture is an engine's small test game: the parts of game.yaml its Build
// reads. Each engine declares its own once and makes every fixture's data
// with Data, so all engines make hand-made data the same way.
type Fixture struct {
	ID      string
	Players gamedata.Range
	// Keywords and Phases are ids; each is named after its id, capitalised.
	Keywords, Phases []string
	// Components is the box; Data copies it, so a test may change its
	// fixture's counts.
	Components []gamedata.Component
	// Params is a YAML mapping of every parameter's default value.
	Params string
}

// Data is f's game data with cards, a YAML list of card mappings (see
// AddCards), and parameters overriding the defaults by name (see
// SetParams). The manifest sits at game.yaml:1, where the loader puts it.
func (f Fixture) Data(t testing.TB, cards string, overrides map[string]string) *gamedata.Data {
	t.Helper()
	d := &gamedata.Data{}
	m := &d.Manifest
	m.ID, m.Players, m.Pos = f.ID, f.Players, finding.Pos{File: "game.yaml", Line: 1}
	m.Components = slices.Clone(f.Components)
	for _, id := range f.Keywords {
		m.Keywords = append(m.Keywords, gamedata.Keyword{ID: id, Name: capitalised(id)})
	}
	for _, id := range f.Phases {
		m.Phases = append(m.Phases, gamedata.Phase{ID: id, Name: capitalised(id)})
	}
	SetParams(t, d, f.Params, overrides)
	AddCards(t, d, cards)
	return d
}

func capitalised(id string) string {
	if id == "" {
		return ""
	}
	return strings.ToUpper(id[:1]) + id[1:]
}

// SetParams fills d.Params from a YAML mapping of default values; overrides
// replace a default by name (or add a parameter the mapping lacks), each
// value written as YAML.
func SetParams(t testing.TB, d *gamedata.Data, defaults string, overrides map[string]string) {
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

func add(d *gamedata.Data, name string, val *yaml.Node, pos finding.Pos) {
	d.Params[name] = gamedata.Param{Name: name, Node: val, Pos: pos}
	d.ParamOrder = append(d.ParamOrder, name)
}

// AddCards decodes a YAML list of card mappings into d.Cards, positioned in
// cards.yaml at the snippet's lines.
func AddCards(t testing.TB, d *gamedata.Data, list string) {
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
func SetCount(t testing.TB, d *gamedata.Data, id string, n int) gamedata.Card {
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
