package kit_test

import (
	"slices"
	"testing"

	"cardpress/engine/kit"
	"cardpress/finding"
	"cardpress/gamedata"
	"cardpress/gamedata/gamedatatest"
)

// One call decodes an engine's parameters: a value out of its bounds is
// reported once and left undecoded, one of the wrong type is SCHEMA_TYPE
// at the value, and a missing one is UNDEFINED_PARAMETER naming the game.
func TestDecodeParams(t *testing.T) {
	d := &gamedata.Game{Manifest: gamedata.Manifest{Pos: finding.Pos{File: "game.yaml", Line: 1, Col: 1}}}
	gamedatatest.SetParams(t, d, "hand: 99\nrounds: three\nname: quick\n", nil)
	var p struct {
		Hand, Rounds int
		Name         string
	}
	fields := map[string]any{"hand": &p.Hand, "rounds": &p.Rounds, "name": &p.Name, "seats": new(int)}
	bounds := []kit.Bound{{Path: "hand", Min: 1, Max: 10}}
	found, out := kit.DecodeParams(d, "Toy", []string{"hand", "rounds", "name", "seats"}, bounds, func(n string) any { return fields[n] })
	var codes []string
	for _, f := range found {
		codes = append(codes, f.Code)
	}
	if want := []string{kit.ParamRangeCode, "SCHEMA_TYPE", "UNDEFINED_PARAMETER"}; !slices.Equal(codes, want) {
		t.Fatalf("codes %v, want %v: %v", codes, want, found)
	}
	if !out["hand"] || p.Hand != 0 {
		t.Errorf("hand out of range: reported %v, decoded %d (want left at 0)", out["hand"], p.Hand)
	}
	if p.Name != "quick" {
		t.Errorf("name decoded as %q", p.Name)
	}
	if found[2].Message != `Toy needs rule parameter "seats"` || found[2].Pos != d.Manifest.Pos {
		t.Errorf("missing parameter: %v", found[2])
	}
}
