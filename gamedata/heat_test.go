package gamedata

import (
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
)

// heatFacts are the facts the HEAT reference sheet uses besides parameters.
var heatFacts = []string{"hand_size", "heat_tokens", "arrest_limit", "resolution_rule", "shortfall_rule", "out_of_heat_loss"}

func TestShippedHeatLoadsClean(t *testing.T) {
	g, fs := Load("cards/heat", workspace(t, heatFiles(t)))
	if len(fs) != 0 {
		t.Fatalf("findings on the shipped game:\n%s", lines(fs))
	}
	if fs := g.CheckPlaceholders(heatFacts); len(fs) != 0 {
		t.Errorf("placeholders:\n%s", lines(fs))
	}
	m := g.Manifest
	if m.ID != "heat" || m.Engine != "heat" || m.Players != (Range{3, 5}) || len(m.Decks) != 1 || len(m.Phases) != 3 {
		t.Errorf("manifest %+v", m)
	}
	pos := func(file string, line, col int) finding.Pos {
		return finding.Pos{File: "cards/heat/" + file, Line: line, Col: col}
	}
	if m.Pos != pos("game.yaml", 1, 1) || m.IDPos != pos("game.yaml", 3, 5) || m.PlayersPos != pos("game.yaml", 7, 10) {
		t.Errorf("manifest positions %v %v %v", m.Pos, m.IDPos, m.PlayersPos)
	}
	if m.Components[0].Pos != pos("game.yaml", 17, 5) || m.Decks[0].Pos != pos("game.yaml", 26, 5) {
		t.Errorf("component/deck positions %v %v", m.Components[0].Pos, m.Decks[0].Pos)
	}

	copies := 0
	for _, c := range g.Cards {
		copies += c.Count
		if c.Deck != "main" || c.Node == nil || c.Node.Line != c.Pos.Line {
			t.Errorf("card %s: deck %q node %v pos %v", c.ID, c.Deck, c.Node, c.Pos)
		}
	}
	if len(g.Cards) != 27 || copies != 34 {
		t.Errorf("%d cards, %d copies; want 27 and 34", len(g.Cards), copies)
	}
	first := g.Cards[0]
	if first.ID != "first-national" || first.Count != 1 || first.Pos != pos("cards.yaml", 11, 5) || first.PlayersPos != pos("cards.yaml", 14, 14) {
		t.Errorf("first card %+v", first)
	}

	wantOrder := []string{"starting_money", "heists", "stages", "draft_deal", "draft_rounds", "pass_directions", "heat_board", "empty_board_value", "out_of_heat_penalty", "phase_resolution", "shortfall"}
	if !slices.Equal(g.ParamOrder, wantOrder) {
		t.Errorf("param order %v", g.ParamOrder)
	}
	heists := g.Params["heists"]
	if heists.Value != 3 || heists.Pos != pos("game.yaml", 48, 14) || heists.Node == nil || heists.Node.Value != "3" || heists.Doc != "Heists in a game." {
		t.Errorf("heists %+v", heists)
	}
	board, ok := g.Params["heat_board"].Value.([]any)
	if !ok || len(board) != 5 || !slices.Equal(g.Params["pass_directions"].Value.([]any), []any{"left", "right", "left"}) {
		t.Errorf("list parameters %v %v", g.Params["heat_board"].Value, g.Params["pass_directions"].Value)
	}
	if row, _ := board[0].(map[string]any); row["value"] != -1 || row["slots"] != 3 {
		t.Errorf("board row %v", board[0])
	}

	lay := g.Layout
	if lay.Pos != pos("layout.yaml", 1, 1) || len(lay.Front.Elements) != 6 || lay.Front.Elements[0].Pos != pos("layout.yaml", 19, 7) ||
		len(lay.Components) != 5 || lay.Components[1].Component != "heat-token" || lay.Components[0].Pos != pos("layout.yaml", 33, 5) {
		t.Errorf("layout %+v", lay)
	}
	ref := g.Ref
	if len(ref.Sections) != 7 || ref.Sections[0].Pos != pos("reference.yaml", 9, 5) || ref.Sections[0].ItemPos[1] != pos("reference.yaml", 12, 9) ||
		!ref.Sections[3].Phases || ref.Sections[4].Board != "heat_board" || len(ref.PlayerAid.ItemPos) != 7 || ref.PlayerAid.ItemPos[0] != pos("reference.yaml", 47, 7) {
		t.Errorf("reference %+v", ref)
	}
}

func TestHeatEngineSchemas(t *testing.T) {
	cases := []struct {
		name, file, old, new string
		want                 []string
		msg                  string
	}{
		{"count below one", "cards.yaml", "    count: 3\n", "    count: -3\n",
			[]string{"cards/heat/cards.yaml:102:12 SCHEMA"}, "-3 is too small: at least 1"},
		{"effect without an action", "cards.yaml", "{phase: C, give_heat: 1, target: left}", "{phase: C, target: left}",
			[]string{"cards/heat/cards.yaml:252:9 SCHEMA_REQUIRED"}, "needs one of: gain, pay, take_heat, return_heat, draw, steal, give_heat"},
		{"effect with a misspelt action", "cards.yaml", "{phase: C, give_heat: 1, target: left}", "{phase: C, give_hate: 1, target: left}",
			[]string{"cards/heat/cards.yaml:252:9 SCHEMA_REQUIRED", "cards/heat/cards.yaml:252:20 SCHEMA_UNKNOWN_FIELD"}, "needs one of"},
		{"phase not a letter", "cards.yaml", "{phase: C, give_heat: 1, target: left}", "{phase: clean, give_heat: 1, target: left}",
			[]string{"cards/heat/cards.yaml:252:17 SCHEMA"}, `"clean" is not valid: use one capital letter`},
		{"parameter out of range", "game.yaml", "    default: 3\n    doc: Heists in a game.", "    default: 0\n    doc: Heists in a game.",
			[]string{"cards/heat/game.yaml:48:14 SCHEMA"}, "0 is too small: at least 1"},
		{"parameter list item", "game.yaml", "default: [left, right, left]", "default: [left, rihgt, left]",
			[]string{"cards/heat/game.yaml:64:21 SCHEMA_ENUM"}, `"rihgt" is not allowed (did you mean "right"?)`},
		{"board row unknown field", "game.yaml", "- {value: -3, slots: 3}", "- {value: -3, slots: 3, size: 2}",
			[]string{"cards/heat/game.yaml:74:31 SCHEMA_UNKNOWN_FIELD"}, `unknown field "size"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			files := heatFiles(t)
			name := "cards/heat/" + tc.file
			if strings.Count(files[name], tc.old) != 1 {
				t.Fatalf("%q is not once in %s", tc.old, name)
			}
			files[name] = strings.Replace(files[name], tc.old, tc.new, 1)
			_, fs := Load("cards/heat", workspace(t, files))
			if got := briefs(fs); !slices.Equal(got, tc.want) {
				t.Errorf("got  %q\nwant %q\n%s", got, tc.want, lines(fs))
			}
			if len(fs) > 0 && !strings.Contains(fs[0].Message, tc.msg) {
				t.Errorf("message %q does not contain %q", fs[0].Message, tc.msg)
			}
		})
	}
}
