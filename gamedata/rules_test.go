package gamedata

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/cardpress/cardpress/finding"

	"go.yaml.in/yaml/v3"
)

// ownRules is the own game played by the generic engine: its rules and
// rule tests as data, and parameters no engine schema types.
func ownRules(t *testing.T, edits ...string) map[string]string {
	t.Helper()
	files := ownWith(t, "game.yaml", "id: own\n", "id: own\nengine: rules\n",
		"game.yaml", "  layout: layout.yaml\n", "  layout: layout.yaml\n  rules: rules.yaml\n  tests: [tests.yaml]\n",
		"game.yaml", "print:\n", "parameters:\n  hand_size: {default: 5}\n  moods: {default: [calm, 'wild']}\nprint:\n")
	files["cards/own/rules.yaml"] = rulesYAML
	files["cards/own/tests.yaml"] = testsYAML
	return gameWith(t, unprefixed(files, "cards/own/"), "cards/own/", edits...)
}

// unprefixed strips dir from the names of files.
func unprefixed(files map[string]string, dir string) map[string]string {
	out := map[string]string{}
	for name, data := range files {
		out[strings.TrimPrefix(name, dir)] = data
	}
	return out
}

const rulesYAML = `# yaml-language-server: $schema=schema/rules.schema.json
turn_cap: 500
zones:
  stock: {owner: table, visibility: hidden, start: true}
  discard: {owner: table, visibility: public, ordered: true}
  hand: {owner: player, visibility: owner}
values:
  turn: {type: seat, start: "seat(1)"}
  score: {type: int, owner: player, min: 0, max: 99}
  named: {type: speed}
define:
  playable: "card.speed == named"
play:
  - deal: {from: stock, to: hand, count: hand_size, first: "seat(1)"}
  - move: {from: stock, to: discard}
  - while: "all(seats, count(hand[seat]) > 0)"
    do:
      - choose:
          id: play
          player: turn
          options:
            - card: "hand[turn]"
              if: playable
              to: discard
            - value: speed
              then: [{set: "named = value"}]
            - action: draw
              if: "count(stock) > 0"
              then:
                - move: {from: stock, to: "hand[turn]", count: 1}
      - set: "turn = next(turn)"
      - if: "count(stock) == 0"
        then:
          - end: blocked
            winners: none
        else:
          - log: the stock holds cards
  - each_seat: "next(turn)"
    as: p
    do:
      - set: "score[p] += count(hand[p])"
  - repeat: 2
    do: [{collect: stock}]
winners:
  - lowest: "score[seat]"
  - highest: "count(hand[seat])"
`

const testsYAML = `# yaml-language-server: $schema=schema/tests.schema.json
tests:
  - name: a card of the named speed is playable
    players: 2
    seed: 1
    at: play
    position:
      "hand[0]": [hare, tortoise]
      named: fast
      turn: 0
    legal: [hare, slow, fast, draw]
    not_legal: [tortoise]
    moves: [hare]
    draws: [finish]
    expect:
      "count(hand[0])": 1
      discard: [hare]
      broken: false
`

// withRulesEngine adds a stand-in for the generic engine to schemas:
// loading needs only to know it is registered.
func withRulesEngine(schemas Schemas) Schemas {
	return func(id string) (fs.FS, bool) {
		if id == RulesEngine {
			return fstest.MapFS{}, true
		}
		return schemas(id)
	}
}

// loadRules loads cards/own from files (with the schema/ folder
// `cardpress schema` writes for them) with the generic engine registered.
func loadRules(t *testing.T, files map[string]string) (*Data, []finding.Finding) {
	t.Helper()
	schemas := withRulesEngine(workspace(t, files))
	if g, _ := Load("cards/own", schemas); g != nil {
		written, err := EditorSchemas(g, schemas)
		if err != nil {
			t.Fatal(err)
		}
		for name, data := range written {
			files["cards/own/schema/"+name] = string(data)
		}
	}
	return Load("cards/own", withRulesEngine(workspace(t, files)))
}

func TestRulesGameLoads(t *testing.T) {
	g, fs := loadRules(t, ownRules(t))
	if len(fs) > 0 {
		t.Fatalf("findings on a clean game:\n%s", lines(fs))
	}
	if g.Manifest.Engine != RulesEngine || !g.Manifest.HasEngine() || !g.Manifest.DeclaresFields() {
		t.Errorf("engine %q: want the generic engine, which declares fields", g.Manifest.Engine)
	}
	if g.Rules == nil || g.Rules.Path != "cards/own/rules.yaml" || g.Rules.Root == nil || g.Rules.Root.Kind != yaml.MappingNode {
		t.Fatalf("rules %+v: want cards/own/rules.yaml with its top mapping", g.Rules)
	}
	if g.Rules.Root.Content[0].Value != "turn_cap" {
		t.Errorf("rules root starts with %q, want turn_cap", g.Rules.Root.Content[0].Value)
	}
	if len(g.Tests) != 1 || g.Tests[0].Path != "cards/own/tests.yaml" || g.Tests[0].Root.Kind != yaml.MappingNode {
		t.Errorf("tests %+v: want cards/own/tests.yaml", g.Tests)
	}
	// Cards carry the declared fields, as without an engine.
	if got := g.Cards[0].Values["speed"]; got != "fast" {
		t.Errorf("hare's speed is %v, want fast", got)
	}
	// Parameters take any value: no engine schema types them.
	if got := g.Params["moods"].Value; !slices.Equal(got.([]any), []any{"calm", "wild"}) {
		t.Errorf("moods is %v", got)
	}
}

func TestRulesFindings(t *testing.T) {
	cases := []struct {
		name  string
		edits []string
		want  []string
		msg   string
	}{
		{name: "engine rules without a rules file", edits: []string{"game.yaml", "  rules: rules.yaml\n", ""},
			// rules.yaml is now a YAML file the game does not name.
			want: []string{"cards/own/game.yaml:3:9 SCHEMA_REQUIRED", "cards/own/rules.yaml:1:1 FILE_UNLISTED"},
			msg:  "engine rules plays the rules in files.rules; name the file"},
		{name: "missing rules file", edits: []string{"game.yaml", "rules: rules.yaml", "rules: rulez.yaml"},
			want: []string{"cards/own/game.yaml:9:10 FILE_MISSING", "cards/own/rules.yaml:1:1 FILE_UNLISTED"}},
		{name: "missing tests file", edits: []string{"game.yaml", "tests: [tests.yaml]", "tests: [tests.yaml, more.yaml]"},
			want: []string{"cards/own/game.yaml:10:23 FILE_MISSING"}},
		{name: "a rules file outside the folder", edits: []string{"game.yaml", "rules: rules.yaml", "rules: ../rules.yaml"},
			want: []string{"cards/own/game.yaml:9:10 SCHEMA", "cards/own/rules.yaml:1:1 FILE_UNLISTED"}, msg: "name a .yaml file inside the game folder"},
		{name: "wrong modeline", edits: []string{"rules.yaml", "schema/rules.schema.json", "schema/tests.schema.json"},
			want: []string{"cards/own/rules.yaml:1:33 MODELINE"}, msg: `validated against "schema/rules.schema.json"`},
		{name: "a typo at its key", edits: []string{"rules.yaml", "count(stock) == 0\"\n        then:\n", "count(stock) == 0\"\n        thn:\n"},
			want: []string{"cards/own/rules.yaml:32:9 SCHEMA_REQUIRED", "cards/own/rules.yaml:33:9 SCHEMA_UNKNOWN_FIELD"}, msg: `unknown field "thn" (did you mean "then"?)`},
		{name: "every problem at once", edits: []string{"rules.yaml", "visibility: hidden,", "visibility: secret,",
			"rules.yaml", "{from: stock, to: discard}", "{from: stock, too: discard}"},
			want: []string{"cards/own/rules.yaml:4:37 SCHEMA_ENUM", "cards/own/rules.yaml:15:11 SCHEMA_REQUIRED", "cards/own/rules.yaml:15:25 SCHEMA_UNKNOWN_FIELD"}},
		{name: "two statements in one", edits: []string{"rules.yaml", `      - set: "turn = next(turn)"`, `      - set: "turn = next(turn)"` + "\n        log: next"},
			want: []string{"cards/own/rules.yaml:31:9 SCHEMA"}, msg: "has both set and log; use only one"},
		{name: "no statement", edits: []string{"rules.yaml", `      - set: "turn = next(turn)"`, `      - {}`},
			want: []string{"cards/own/rules.yaml:31:9 SCHEMA_REQUIRED"}, msg: "needs one of: set, if, while"},
		{name: "a companion of another statement", edits: []string{"rules.yaml", "    as: p\n", "    as: p\n    else: []\n"},
			want: []string{"cards/own/rules.yaml:40:5 SCHEMA_UNKNOWN_FIELD"}, msg: `field "else" is not allowed here`},
		{name: "to on a value option", edits: []string{"rules.yaml", "            - value: speed\n", "            - value: speed\n              to: discard\n"},
			want: []string{"cards/own/rules.yaml:26:15 SCHEMA_UNKNOWN_FIELD"}, msg: `field "to" is not allowed here`},
		{name: "a bad name", edits: []string{"rules.yaml", "  named: {type: speed}", "  Named: {type: speed}"},
			want: []string{"cards/own/rules.yaml:10:3 SCHEMA"}, msg: "use lowercase letters, digits and underscores"},
		{name: "duplicate key", edits: []string{"rules.yaml", "turn_cap: 500\n", "turn_cap: 500\nturn_cap: 600\n"},
			want: []string{"cards/own/rules.yaml:3:1 YAML_DUPLICATE_KEY"}},
		{name: "a tests problem", edits: []string{"tests.yaml", "legal: [hare, slow, fast, draw]", "legal: hare"},
			want: []string{"cards/own/tests.yaml:11:12 SCHEMA_TYPE"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g, fs := loadRules(t, ownRules(t, tc.edits...))
			if got := briefs(fs); !slices.Equal(got, tc.want) {
				t.Errorf("got  %q\nwant %q\n%s", got, tc.want, lines(fs))
			}
			if tc.msg != "" && !slices.ContainsFunc(fs, func(f finding.Finding) bool { return strings.Contains(f.Message, tc.msg) }) {
				t.Errorf("no message contains %q:\n%s", tc.msg, lines(fs))
			}
			if g != nil && g.Rules != nil && slices.ContainsFunc(fs, func(f finding.Finding) bool {
				return f.File == g.Rules.Path && f.Severity == finding.Error
			}) {
				t.Errorf("rules kept despite their errors")
			}
		})
	}
}

func TestRulesEngineUnregistered(t *testing.T) {
	// Until the generic engine is linked in, engine: rules is an unknown
	// engine; the data still loads as declared.
	files := ownRules(t)
	_, fs := Load("cards/own", workspace(t, files))
	var codes []string
	for _, f := range fs {
		codes = append(codes, f.Code)
	}
	if !slices.Contains(codes, "UNKNOWN_ENGINE") || slices.Contains(codes, "SCHEMA_UNKNOWN_FIELD") {
		t.Errorf("got %q, want UNKNOWN_ENGINE and cards checked against the declared fields\n%s", codes, lines(fs))
	}
}

func TestRulesSchemaFolder(t *testing.T) {
	// A game that names rules and tests files gets their schemas in its
	// schema/ folder, and a folder written before it named them is stale.
	files := ownRules(t)
	g, fs := loadRules(t, files)
	if len(fs) > 0 {
		t.Fatalf("findings:\n%s", lines(fs))
	}
	written, err := EditorSchemas(g, withRulesEngine(engines(nil)))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"rules.schema.json", "tests.schema.json"} {
		if _, ok := written[name]; !ok {
			t.Errorf("schema folder lacks %s", name)
		}
		delete(files, "cards/own/schema/"+name)
	}
	_, fs = Load("cards/own", withRulesEngine(workspace(t, files)))
	if got, want := briefs(fs), []string{"cards/own/schema/rules.schema.json:1:1 SCHEMA_STALE", "cards/own/schema/tests.schema.json:1:1 SCHEMA_STALE"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q\n%s", got, want, lines(fs))
	}
}

func TestEngineGameWithRulesFile(t *testing.T) {
	// A game with its own engine may have rules too (played by
	// --engine rules): loaded and checked, at the repository modeline.
	files := miniWith(t, "game.yaml", "  reference: reference.yaml\n", "  reference: reference.yaml\n  rules: rules.yaml\n")
	files["cards/mini/rules.yaml"] = strings.Replace(rulesYAML, "$schema=schema/", "$schema=../../schema/", 1)
	g, fs := Load("cards/mini", workspace(t, files))
	if len(fs) > 0 {
		t.Fatalf("findings:\n%s", lines(fs))
	}
	if g.Rules == nil || g.Rules.Path != "cards/mini/rules.yaml" {
		t.Errorf("rules %+v, want cards/mini/rules.yaml", g.Rules)
	}
	// The engine's own schemas still apply to its cards and parameters.
	files["cards/mini/cards.yaml"] = strings.Replace(files["cards/mini/cards.yaml"], "power: 2", "power: -2", 1)
	_, fs = Load("cards/mini", workspace(t, files))
	if got, want := briefs(fs), []string{"cards/mini/cards.yaml:11:12 SCHEMA"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q\n%s", got, want, lines(fs))
	}
}

// A game with a tuning plan (tune.yaml beside game.yaml) gets the plan's
// schema in its schema/ folder, so an editor checks the plan wherever the
// folder lives; a folder written before the plan is stale; a game without
// a plan gets none.
func TestTuneSchemaInTheSchemaFolder(t *testing.T) {
	files := ownRules(t)
	g, _ := loadRules(t, files)
	written, err := EditorSchemas(g, withRulesEngine(engines(nil)))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := written["tune.schema.json"]; ok {
		t.Error("a game without tune.yaml got tune.schema.json")
	}
	files["cards/own/tune.yaml"] = "# yaml-language-server: $schema=schema/tune.schema.json\nparameters: {}\n"
	g, fs := Load("cards/own", withRulesEngine(workspace(t, files)))
	if got, want := briefs(fs), []string{"cards/own/schema/tune.schema.json:1:1 SCHEMA_STALE"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q\n%s", got, want, lines(fs))
	}
	written, err = EditorSchemas(g, withRulesEngine(engines(nil)))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := written["tune.schema.json"]; !ok {
		t.Error("a game with tune.yaml got no tune.schema.json")
	}
}

// PlayDigest follows the files play reads: a card, a parameter or a rule
// changed changes it; the layout, line ends or a load again do not.
func TestPlayDigestFollowsWhatIsPlayed(t *testing.T) {
	digest := func(files map[string]string) string {
		t.Helper()
		g, _ := loadRules(t, files)
		if g == nil || len(g.PlayDigest) != 32 {
			t.Fatalf("no digest: %+v", g)
		}
		return g.PlayDigest
	}
	base := digest(ownRules(t))
	if again := digest(ownRules(t)); again != base {
		t.Errorf("the same files loaded twice: %s, then %s", base, again)
	}
	crlf := ownRules(t)
	for name, data := range crlf {
		crlf[name] = strings.ReplaceAll(data, "\n", "\r\n")
	}
	if got := digest(crlf); got != base {
		t.Errorf("CRLF line ends: %s, want %s as with LF", got, base)
	}
	for _, name := range []string{"game.yaml", "rules.yaml", "layout.yaml"} {
		files := ownRules(t)
		files["cards/own/"+name] += "\n# an edit\n"
		if changed := digest(files) != base; changed != (name != "layout.yaml") {
			t.Errorf("%s edited: digest changed %v", name, changed)
		}
	}
	files := ownRules(t)
	g, _ := loadRules(t, ownRules(t))
	for _, name := range g.Manifest.Files.Cards {
		files["cards/own/"+name] += "\n# a card file edited\n"
	}
	if len(g.Manifest.Files.Cards) == 0 || digest(files) == base {
		t.Error("a card file edited: the digest did not change")
	}
}
