package render

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/schema"
)

// TestElementKindsAgree: the kinds the layout schema allows, the kinds
// gamedata checks and the kinds render draws are the same list.
func TestElementKindsAgree(t *testing.T) {
	var s struct {
		Defs struct {
			Element struct {
				Properties struct {
					Kind struct {
						Enum []string `json:"enum"`
					} `json:"kind"`
				} `json:"properties"`
			} `json:"element"`
		} `json:"$defs"`
	}
	data, err := schema.Generic("schema/layout.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	want := slices.Sorted(slices.Values(gamedata.ElementKinds))
	if got := slices.Sorted(slices.Values(s.Defs.Element.Properties.Kind.Enum)); !slices.Equal(got, want) {
		t.Errorf("layout.schema.json allows kinds %v, gamedata.ElementKinds %v", got, want)
	}
	if got := slices.Sorted(maps.Keys(elementKinds)); !slices.Equal(got, want) {
		t.Errorf("render draws kinds %v, gamedata.ElementKinds %v", got, want)
	}
}
