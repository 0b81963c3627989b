package params

import (
	"testing"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/pipeline"
)

// Each parameter's range comes from its engine's declaration (through
// the schema the declaration generates) and its default and doc from
// game.yaml, in the order game.yaml lists them.
func TestParamsOfTheShippedGames(t *testing.T) {
	games, _ := pipeline.Load([]string{"../cards/heat", "../cards/mice", "../cards/masterminds"})
	byName := map[string]Param{}
	var heat []string
	for _, p := range List(games) {
		byName[p.Game+"."+p.Name] = p
		if p.Game == "heat" {
			heat = append(heat, p.Name)
		}
	}
	for key, want := range map[string]Param{
		"heat.heists":               {Default: "3", Range: "whole number 1-10", Doc: "Heists in a game."},
		"heat.pass_directions":      {Default: "[left, right, left]", Range: "list of 1-10 of: left or right"},
		"heat.heat_board":           {Range: "list of 1-12 of: {value: whole number -1000-0; slots: whole number 1-20}"},
		"mice.cheese_shortage":      {Default: "none", Range: "none or unlimited"},
		"mice.chips":                {Range: "list of 1-16 of: {colour: text of 1-20 characters; sides: list of 2 of: whole number -9-9; count: whole number 1-16}"},
		"masterminds.tie_break":     {Range: "list of 0-3, none twice of: clear_gems, heists or shared"},
		"masterminds.first_recruit": {Range: "true or false"},
	} {
		got, ok := byName[key]
		if !ok {
			t.Errorf("%s not listed", key)
			continue
		}
		if got.Range != want.Range || (want.Default != "" && got.Default != want.Default) || (want.Doc != "" && got.Doc != want.Doc) {
			t.Errorf("%s = %+v, want %+v", key, got, want)
		}
	}
	if len(heat) != 11 || heat[0] != "starting_money" || heat[8] != "out_of_heat_penalty" {
		t.Errorf("heat's parameters not in game.yaml order: %v", heat)
	}
}

func TestParamsOfAGameWithoutAnEngine(t *testing.T) {
	games, _ := pipeline.Load([]string{"../cmd/testdata/sprint"})
	ps := List(games)
	if len(ps) == 0 {
		t.Fatal("no parameters listed")
	}
	for _, p := range ps {
		if p.Range != "any value (no engine)" {
			t.Errorf("%s: range %q", p.Name, p.Range)
		}
	}
}

func TestParamsOfARulesGame(t *testing.T) {
	// The generic engine takes any value: its rules type them.
	games, _ := pipeline.Load([]string{"../cmd/testdata/sprint"})
	games[0].Data.Manifest.Engine = gamedata.RulesEngine
	for _, p := range List(games) {
		if p.Range != "any value (typed by the rules)" {
			t.Errorf("%s: range %q", p.Name, p.Range)
		}
	}
}
