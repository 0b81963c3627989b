package kit

import (
	"encoding/json"
	"io/fs"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"

	"go.yaml.in/yaml/v3"
)

type testRow struct {
	Value int `yaml:"value" min:"-maxValue" max:"0"`
	Slots int `yaml:"slots" min:"1" max:"5"`
}

type testParams struct {
	Rounds int       `yaml:"rounds" min:"1" max:"maxRounds"`
	Ways   []string  `yaml:"ways" items:"1,3" enum:"left,right" unique:""`
	Board  []testRow `yaml:"board" items:",maxRounds"`
	Sides  [2]int    `yaml:"sides" min:"-9" max:"9"`
	Name   string    `yaml:"name" len:"1,20"`
	Extra  bool      `yaml:"extra" optional:""`
}

var testDecl = DeclareParams[testParams]("Test Game", Consts{"maxRounds": 6, "maxValue": 100})

func TestParamsDeclareNamesBoundsAndSchema(t *testing.T) {
	if got, want := testDecl.Names(), []string{"rounds", "ways", "board", "sides", "name", "extra"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Names = %v, want %v", got, want)
	}
	want := []Bound{
		{Path: "rounds", Min: 1, Max: 6},
		{Path: "ways", Min: 1, Max: 3, Items: true},
		{Path: "board", Min: 0, Max: 6, Items: true},
		{Path: "board.*.value", Min: -100, Max: 0},
		{Path: "board.*.slots", Min: 1, Max: 5},
		{Path: "sides", Min: 2, Max: 2, Items: true},
		{Path: "sides.*", Min: -9, Max: 9},
	}
	if got := testDecl.Bounds(); !reflect.DeepEqual(got, want) {
		t.Errorf("Bounds =\n%v\nwant\n%v", got, want)
	}
	var s map[string]any
	if err := json.Unmarshal(testDecl.Schema(), &s); err != nil {
		t.Fatal(err)
	}
	props := s["properties"].(map[string]any)
	if got := s["required"]; !reflect.DeepEqual(got, []any{"rounds", "ways", "board", "sides", "name"}) {
		t.Errorf("required = %v (extra is optional)", got)
	}
	ways := props["ways"].(map[string]any)
	if ways["uniqueItems"] != true || !reflect.DeepEqual(ways["items"], map[string]any{"enum": []any{"left", "right"}}) {
		t.Errorf("ways = %v", ways)
	}
	value := props["board"].(map[string]any)["items"].(map[string]any)["properties"].(map[string]any)["value"]
	if !reflect.DeepEqual(value, map[string]any{"type": "integer", "minimum": -100.0, "maximum": 0.0}) {
		t.Errorf("board value = %v", value)
	}
	if name := props["name"].(map[string]any); name["minLength"] != 1.0 || name["maxLength"] != 20.0 {
		t.Errorf("name = %v", name)
	}
}

func TestParamsSchemasServeTheGeneratedSchemaBesideTheEngines(t *testing.T) {
	fsys := testDecl.Schemas(fstest.MapFS{"cards.schema.json": {Data: []byte("{}")}})
	if data, err := fs.ReadFile(fsys, "params.schema.json"); err != nil || string(data) != string(testDecl.Schema()) {
		t.Errorf("params.schema.json: %v", err)
	}
	if data, err := fs.ReadFile(fsys, "cards.schema.json"); err != nil || string(data) != "{}" {
		t.Errorf("cards.schema.json: %q, %v", data, err)
	}
}

// gameWith is a loaded game whose parameters are the YAML mapping src.
func gameWith(t *testing.T, src string) *gamedata.Data {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	d := &gamedata.Data{Params: map[string]gamedata.Param{}}
	d.Manifest.Pos = finding.Pos{File: "game.yaml", Line: 1}
	m := doc.Content[0]
	for i := 0; i+1 < len(m.Content); i += 2 {
		v := m.Content[i+1]
		d.Params[m.Content[i].Value] = gamedata.Param{Name: m.Content[i].Value, Node: v, Pos: finding.Pos{File: "game.yaml", Line: v.Line, Col: v.Column}}
	}
	return d
}

func TestParamsDecode(t *testing.T) {
	p, found, _ := testDecl.Decode(gameWith(t, `
rounds: 3
ways: [left, right]
board: [{value: -2, slots: 3}]
sides: [-1, 2]
name: Red
`))
	if len(found) != 0 {
		t.Fatalf("findings: %v", found)
	}
	want := testParams{Rounds: 3, Ways: []string{"left", "right"}, Board: []testRow{{Value: -2, Slots: 3}}, Sides: [2]int{-1, 2}, Name: "Red"}
	if !reflect.DeepEqual(p, want) {
		t.Errorf("decoded %+v, want %+v", p, want)
	}

	_, found, outOfRange := testDecl.Decode(gameWith(t, `
rounds: 9
ways: [left, up]
board: [{value: 1, slots: 1}]
sides: [0, 0]
name: [not, text]
`))
	var got []string
	for _, f := range found {
		got = append(got, f.String())
	}
	text := strings.Join(got, "\n")
	for _, want := range []string{
		"game.yaml:2:9: error PARAMETER_RANGE: parameter rounds is 9, more than 6",
		"game.yaml:4:17: error PARAMETER_RANGE: parameter board[0].value is 1, more than 0",
		"game.yaml:6:7: error PARAMETER_RANGE: parameter name:",
		`game.yaml:3:7: error PARAMETER_RANGE: parameter ways: "up" is not one of left, right`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("findings lack %q:\n%s", want, text)
		}
	}
	if len(found) != 4 || !outOfRange["rounds"] || !outOfRange["board"] || !outOfRange["ways"] || outOfRange["sides"] {
		t.Errorf("want four findings, rounds, board and ways out of range; got %v\n%s", outOfRange, text)
	}

	_, found, _ = testDecl.Decode(gameWith(t, "rounds: 2\n"))
	missing := 0
	for _, f := range found {
		if f.Code == "UNDEFINED_PARAMETER" {
			missing++
			if !strings.HasPrefix(f.Message, "Test Game needs rule parameter ") || strings.Contains(f.Message, `"extra"`) {
				t.Errorf("missing: %s", f)
			}
		}
	}
	if missing != 4 {
		t.Errorf("want ways, board, sides and name missing (extra is optional), got %v", found)
	}
}

func TestDeclareParamsRefusesBadTags(t *testing.T) {
	for name, declare := range map[string]func(){
		"no bound": func() {
			DeclareParams[struct {
				A int `yaml:"a" min:"1"`
			}]("g", nil)
		},
		"unknown const": func() {
			DeclareParams[struct {
				A int `yaml:"a" min:"1" max:"nope"`
			}]("g", nil)
		},
		"no yaml name": func() { DeclareParams[struct{ A bool }]("g", nil) },
		"list no items": func() {
			DeclareParams[struct {
				A []bool `yaml:"a"`
			}]("g", nil)
		},
		"unsupported": func() {
			DeclareParams[struct {
				A float64 `yaml:"a"`
			}]("g", nil)
		},
		"not a struct": func() { DeclareParams[int]("g", nil) },
		"nested no name": func() {
			DeclareParams[struct {
				A []struct{ B bool } `yaml:"a" items:"0,1"`
			}]("g", nil)
		},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: DeclareParams did not panic", name)
				}
			}()
			declare()
		}()
	}
}

func TestOpenStopsAtTooManyCardsOrKeywordsAndElseCompilesEveryCard(t *testing.T) {
	d := gameWith(t, "rounds: 2\nways: [left]\nboard: []\nsides: [1, 2]\nname: A\n")
	d.Manifest.Players = gamedata.Range{Min: 2, Max: 9}
	for i := range 3 {
		d.Cards = append(d.Cards, gamedata.Card{ID: string(rune('a' + i))})
	}
	compiled := 0
	compile := func(gc gamedata.Card) string { compiled++; return gc.ID }
	o, ok := Open(d, testDecl, Limits{Seats: 8}, nil, compile)
	if !ok || compiled != 3 || len(o.Cards) != 3 || o.Params.Rounds != 2 {
		t.Fatalf("Open = %+v, %v after %d compiles", o, ok, compiled)
	}
	if len(o.Findings) != 1 || !CodeTooManyPlayers.Is(o.Findings[0]) {
		t.Errorf("want TOO_MANY_PLAYERS for 9 players, got %v", o.Findings)
	}
	d.Manifest.Keywords = make([]gamedata.Keyword, 3)
	compiled = 0
	if o, ok := Open(d, testDecl, Limits{Seats: 9, Keywords: 2}, nil, compile); ok || compiled != 0 || len(o.Findings) != 1 || !CodeTooManyKeywords.Is(o.Findings[0]) {
		t.Errorf("3 keywords, limit 2: %+v, %v, %d compiled", o, ok, compiled)
	}
}
