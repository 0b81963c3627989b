package masterminds

import (
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/gamedata"
)

// The gems in the bag are game.yaml's component counts, not numbers in the
// engine; the dice must match the marker dice.
func TestBoxCountsComeFromTheManifest(t *testing.T) {
	d := fixtureData(t, testCards, nil)
	for i := range d.Manifest.Components {
		switch d.Manifest.Components[i].ID {
		case "gem-blue", "gem-green", "gem-red", "gem-purple", "gem-yellow":
			d.Manifest.Components[i].Count = 7
		case "gem-clear":
			d.Manifest.Components[i].Count = 3
		}
	}
	g, fs := Build(d)
	if g == nil {
		t.Fatalf("does not build: %v", fs)
	}
	s := g.NewState(2, engine.StateOptions{}).(*state)
	r := engine.NewRand(1)
	for s.CurrentPlayer() == engine.Chance && s.bagTotal == 0 {
		engine.Apply(s, s.SampleChance(r))
	}
	if s.bagTotal != 2*7+3 {
		t.Errorf("bag holds %d gems, want 2 colours × 7 + 3 clear", s.bagTotal)
	}

	d = fixtureData(t, testCards, nil)
	d.Manifest.Components = append(d.Manifest.Components, gamedata.Component{ID: "dice", Kind: "die", Count: 29})
	if _, fs := Build(d); len(fs) == 0 || fs[0].Code != "COUNT_MISMATCH" {
		t.Errorf("29 dice for 5 colours × 6: %v, want COUNT_MISMATCH", fs)
	}
}
