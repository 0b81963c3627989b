package spreadsheet

import (
	"slices"
	"testing"

	"github.com/cardpress/cardpress/gamedata"
)

// A game played by the generic engine has the fields its decks declare,
// as one without an engine does; another engine's are its schema's.
func TestDeclaredFieldsByEngine(t *testing.T) {
	for engine, declared := range map[string]bool{"": true, gamedata.NoEngine: true, gamedata.RulesEngine: true, "heat": false} {
		g := &gamedata.Data{Manifest: gamedata.Manifest{Engine: engine, Decks: []gamedata.Deck{
			{ID: "main", Fields: []gamedata.Field{{Name: "points", Type: gamedata.FieldInteger}}},
		}}}
		d, err := DeckOf(g, "main")
		if err != nil {
			t.Fatal(err)
		}
		if got := slices.Equal(d.Declared, []string{"points"}) && d.Kinds["points"] == KindInteger; got != declared {
			t.Errorf("engine %q: declared %v, kinds %v; want declared fields %v", engine, d.Declared, d.Kinds, declared)
		}
		want := "# yaml-language-server: $schema=../../engine/heat/cards.schema.json"
		if declared {
			want = "# yaml-language-server: $schema=schema/cards.schema.json"
		}
		if got := Modeline(g, "more.yaml", false); got != want {
			t.Errorf("engine %q: modeline %q, want %q", engine, got, want)
		}
	}
}
