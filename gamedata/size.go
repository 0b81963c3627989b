package gamedata

import "go.yaml.in/yaml/v3"

// Presets are the usual card sizes in mm, portrait, by the names
// manifest.schema.json allows (its cardSize enum lists the same names; a
// test keeps the two equal).
var Presets = map[string]Size{
	"poker":         {63, 88},
	"bridge":        {57, 89},
	"tarot":         {70, 120},
	"mini-american": {41, 63},
	"mini-european": {44, 68},
	"square":        {70, 70},
	"business":      {51, 89},
	"jumbo":         {89, 127},
	"euro":          {59, 92},
}

// UnmarshalYAML reads a card size in any of its three forms: a preset
// name, {size: preset, orientation: landscape}, or {width, height} in mm.
// A size it cannot read is left zero, not an error: the schema reports it
// at its line, and an error here would drop the deck or print settings
// around it, making up problems elsewhere.
func (s *Size) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	if n.Kind == yaml.ScalarNode {
		*s = Presets[n.Value]
		return nil
	}
	var raw struct {
		Size        string  `yaml:"size"`
		Orientation string  `yaml:"orientation"`
		Width       float64 `yaml:"width"`
		Height      float64 `yaml:"height"`
	}
	if err := n.Decode(&raw); err != nil {
		*s = Size{}
		return nil
	}
	if raw.Size == "" {
		*s = Size{raw.Width, raw.Height}
		return nil
	}
	p := Presets[raw.Size]
	if raw.Orientation == "landscape" {
		p.Width, p.Height = p.Height, p.Width
	}
	*s = p
	return nil
}

// CardSize is the trim size of a deck's cards: its own, or the game's.
func (g *Data) CardSize(deck string) Size {
	for _, d := range g.Manifest.Decks {
		if d.ID == deck && d.Card != nil {
			return *d.Card
		}
	}
	return g.Manifest.Print.Card
}
