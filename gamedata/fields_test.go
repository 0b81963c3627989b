package gamedata

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/schema"
)

// own is a designer's game with no engine: two decks declare their fields.
var own = map[string]string{
	"game.yaml": `# yaml-language-server: $schema=schema/manifest.schema.json
id: own
title: Own
players: {min: 2, max: 4}
files:
  cards: [cards.yaml]
  layout: layout.yaml
components:
  - {id: runners, name: Runners, kind: cards, count: 3, deck: runners}
  - {id: goals, name: Goals, kind: cards, count: 1, deck: goals}
decks:
  - id: runners
    name: Runners
    fields:
      - {name: points, type: integer, min: 0, max: 9, required: true, doc: Points when banked.}
      - {name: speed, type: enum, values: [slow, fast]}
      - {name: tags, type: list, values: [wet, dry]}
      - {name: weight, type: number, min: 0.5}
      - {name: rare, type: boolean, label: Rare!}
      - {name: rules, type: text, max_length: 40}
  - id: goals
    name: Goals
    card: {size: mini-european, orientation: landscape}
    fields:
      - {name: target, type: integer, required: true}
print:
  card: poker
`,
	"cards.yaml": `# yaml-language-server: $schema=schema/cards.schema.json
cards:
  - id: hare
    name: Hare
    deck: runners
    count: 2
    points: 1
    speed: fast
    tags: [wet, dry]
    weight: 1.5
    rare: true
    rules: Draw a card.
  - id: tortoise
    name: Tortoise
    deck: runners
    points: 3
  - id: finish
    name: Finish line
    deck: goals
    target: 10
`,
	"layout.yaml": `# yaml-language-server: $schema=schema/layout.schema.json
front:
  elements:
    - {field: name, box: [5, 5, 53, 10], size: 12}
    - {field: points, box: [5, 20, 53, 10], size: 12}
    - {field: rules, box: [5, 40, 53, 30], size: 9}
decks:
  goals:
    front:
      elements:
        - {field: name, box: [4, 4, 60, 10], size: 12}
        - {field: target, box: [4, 20, 60, 10], size: 12}
`,
}

// ownWith is the own game under cards/own with edits (file, old, new).
func ownWith(t *testing.T, edits ...string) map[string]string {
	t.Helper()
	return gameWith(t, own, "cards/own/", edits...)
}

// withSchemas adds the schema/ folder `cardpress schema` would write.
func withSchemas(t *testing.T, files map[string]string) map[string]string {
	t.Helper()
	schemas := workspace(t, files)
	loaded, _ := Load("cards/own", schemas)
	written, err := EditorSchemas(loaded, schemas)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range written {
		files["cards/own/schema/"+name] = string(data)
	}
	return files
}

func TestOwnGameLoadsClean(t *testing.T) {
	files := withSchemas(t, ownWith(t))
	g, fs := Load("cards/own", workspace(t, files))
	if len(fs) > 0 {
		t.Fatalf("findings on a clean game:\n%s", lines(fs))
	}
	if g.Manifest.HasEngine() || g.Manifest.Engine != NoEngine {
		t.Errorf("engine %q, want none", g.Manifest.Engine)
	}
	if got, want := g.CardSize("runners"), (Size{63, 88}); got != want {
		t.Errorf("runners are %v, want poker %v", got, want)
	}
	if got, want := g.CardSize("goals"), (Size{68, 44}); got != want {
		t.Errorf("goals are %v, want landscape mini European %v", got, want)
	}
	texts := g.FieldTexts(g.Cards[0])
	want := map[string]string{"points": "1", "speed": "fast", "tags": "wet" + ListSep + "dry", "weight": "1.5", "rare": "Rare!", "rules": "Draw a card."}
	for k, v := range want {
		if texts[k] != v {
			t.Errorf("hare %s prints %q, want %q", k, texts[k], v)
		}
	}
	if got := g.FieldTexts(g.Cards[2])["target"]; got != "10" {
		t.Errorf("finish target prints %q", got)
	}
}

func TestOwnGameFindings(t *testing.T) {
	cases := []struct {
		name  string
		edits []string
		want  []string
		msg   string
		stale bool // the schema folder is written before the edit
	}{
		{name: "undeclared field", edits: []string{"cards.yaml", "    points: 3\n", "    pionts: 3\n"},
			want: []string{"cards/own/cards.yaml:13:5 SCHEMA_REQUIRED", "cards/own/cards.yaml:16:5 SCHEMA_UNKNOWN_FIELD"},
			msg:  "missing required field \"points\""},
		{name: "undeclared field suggests", edits: []string{"cards.yaml", "    speed: fast\n", "    sped: fast\n"},
			want: []string{"cards/own/cards.yaml:8:5 SCHEMA_UNKNOWN_FIELD"}, msg: `unknown field "sped" (did you mean "speed"?)`},
		{name: "field of another deck", edits: []string{"cards.yaml", "    target: 10\n", "    target: 10\n    points: 2\n"},
			want: []string{"cards/own/cards.yaml:21:5 SCHEMA_UNKNOWN_FIELD"}, msg: `field "points" is not used when deck is "goals"`},
		{name: "wrong type", edits: []string{"cards.yaml", "points: 1", "points: one"},
			want: []string{"cards/own/cards.yaml:7:13 SCHEMA_TYPE"}, msg: "expected a whole number"},
		{name: "out of bounds", edits: []string{"cards.yaml", "points: 1", "points: 10"},
			want: []string{"cards/own/cards.yaml:7:13 SCHEMA"}, msg: "at most 9"},
		{name: "not an enum value", edits: []string{"cards.yaml", "speed: fast", "speed: quick"},
			want: []string{"cards/own/cards.yaml:8:12 SCHEMA_ENUM"}},
		{name: "list value", edits: []string{"cards.yaml", "tags: [wet, dry]", "tags: [wet, damp]"},
			want: []string{"cards/own/cards.yaml:9:17 SCHEMA_ENUM"}},
		{name: "text too long", edits: []string{"cards.yaml", "rules: Draw a card.", "rules: Draw a card, then draw another card, then another."},
			want: []string{"cards/own/cards.yaml:12:12 SCHEMA"}},
		{name: "layout field typo", edits: []string{"layout.yaml", "field: points", "field: pionts"},
			want: []string{"cards/own/layout.yaml:5:15 LAYOUT_FIELD"}, msg: `field "pionts" is not a field of deck "runners" (did you mean "points"?)`},
		{name: "colour by a field no card has", edits: []string{"layout.yaml", "{field: points, box: [5, 20, 53, 10], size: 12}",
			"{field: points, box: [5, 20, 53, 10], size: 12, color_by: sped, colors: {fast: \"#c00000\"}}"},
			want: []string{"cards/own/layout.yaml:5:65 LAYOUT_FIELD"}, msg: `field "sped" is not a field of deck "runners" (did you mean "speed"?)`},
		{name: "accent by a field no card has", edits: []string{"layout.yaml", "front:\n  elements:", "front:\n  accent: {box: [3, 3, 57, 6], by: field, field: spede, colors: {fast: \"#c00000\"}}\n  elements:"},
			want: []string{"cards/own/layout.yaml:3:50 LAYOUT_FIELD"}, msg: `field "spede" is not a field of deck "runners" (did you mean "speed"?)`},
		{name: "accent by field needs the field", edits: []string{"layout.yaml", "front:\n  elements:", "front:\n  accent: {box: [3, 3, 57, 6], by: field, colors: {fast: \"#c00000\"}}\n  elements:"},
			want: []string{"cards/own/layout.yaml:3:11 SCHEMA_REQUIRED"}},
		{name: "layout box outside the card", edits: []string{"layout.yaml", "[5, 40, 53, 30]", "[5, 70, 53, 30]"},
			want: []string{"cards/own/layout.yaml:6:27 LAYOUT_BOX"}, msg: `leaves the card of deck "runners" (63 × 88 mm) on the bottom by 12 mm`},
		{name: "layout box in the safe margin", edits: []string{"layout.yaml", "[5, 5, 53, 10]", "[1, 5, 53, 10]"},
			want: []string{"cards/own/layout.yaml:4:26 LAYOUT_BOX"}, msg: "is 1 mm from the left edge"},
		{name: "a deck's own size", edits: []string{"layout.yaml", "[4, 20, 60, 10]", "[4, 20, 60, 30]"},
			want: []string{"cards/own/layout.yaml:12:32 LAYOUT_BOX"}, msg: `deck "goals" (68 × 44 mm)`},
		{name: "unknown preset", edits: []string{"game.yaml", "card: poker", "card: pokr"},
			want: []string{"cards/own/game.yaml:27:9 SCHEMA_ENUM"}},
		{name: "bounds the wrong way", edits: []string{"game.yaml", "min: 0, max: 9", "min: 9, max: 0"},
			want: []string{"cards/own/game.yaml:15:52 FIELD_DECLARATION"}},
		{name: "field declared twice", edits: []string{"game.yaml", "{name: speed,", "{name: points,"},
			want: []string{"cards/own/cards.yaml:8:5 SCHEMA_UNKNOWN_FIELD", "cards/own/game.yaml:16:16 DUPLICATE_ID"}},
		{name: "generic field declared", edits: []string{"game.yaml", "{name: speed,", "{name: count,"},
			want: []string{"cards/own/cards.yaml:8:5 SCHEMA_UNKNOWN_FIELD", "cards/own/game.yaml:16:16 FIELD_DECLARATION"}, msg: "every card has already"},
		{name: "stale schema", stale: true, edits: []string{"game.yaml", "{name: target, type: integer,", "{name: target, type: number,"},
			want: []string{"cards/own/schema/cards.schema.json:1:1 SCHEMA_STALE"}, msg: "out of date"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			files := withSchemas(t, ownWith(t, tc.edits...))
			if tc.stale {
				files = withSchemas(t, ownWith(t))
				for name, data := range ownWith(t, tc.edits...) {
					files[name] = data // edited after the schemas were written
				}
			}
			_, fs := Load("cards/own", workspace(t, files))
			if got := briefs(fs); !slices.Equal(got, tc.want) {
				t.Errorf("got  %q\nwant %q\n%s", got, tc.want, lines(fs))
			}
			if tc.msg != "" && !slices.ContainsFunc(fs, func(f finding.Finding) bool { return strings.Contains(f.Message, tc.msg) }) {
				t.Errorf("no message contains %q:\n%s", tc.msg, lines(fs))
			}
		})
	}
}

func TestOwnGameWithoutSchemaFolder(t *testing.T) {
	// Modelines may name the local folder before it is written: one
	// warning says to write it.
	_, fs := Load("cards/own", workspace(t, ownWith(t)))
	if got, want := briefs(fs), []string{"cards/own/schema/cards.schema.json:1:1 SCHEMA_STALE"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q\n%s", got, want, lines(fs))
	}
	if len(fs) == 1 && !strings.Contains(fs[0].Message, "cardpress schema cards/own") {
		t.Errorf("message %q does not say what to run", fs[0].Message)
	}
}

func TestEngineGameMayNotDeclareFields(t *testing.T) {
	_, fs := Load("cards/mini", workspace(t, miniWith(t, "game.yaml", "{id: main, name: Main, back: plain}",
		"{id: main, name: Main, back: plain, fields: [{name: power, type: integer}]}")))
	if got, want := briefs(fs), []string{"cards/mini/game.yaml:14:49 FIELD_DECLARATION"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q\n%s", got, want, lines(fs))
	}
}

func TestGeneratedSchemaIsSelfContained(t *testing.T) {
	schemas := workspace(t, ownWith(t))
	g, _ := Load("cards/own", schemas)
	data, err := CardsSchema(&g.Manifest)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), `"$ref": "../`) || strings.Contains(string(data), `"$ref":"../`) {
		t.Errorf("the generated schema refers outside itself:\n%s", data)
	}
	// It compiles on its own, as an editor loads it.
	c := schema.NewCompiler()
	if err := c.AddGenerated("elsewhere/cards.schema.json", data); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Compile("elsewhere/cards.schema.json"); err != nil {
		t.Fatal(err)
	}
	again, _ := CardsSchema(&g.Manifest)
	if string(again) != string(data) {
		t.Error("the generated schema differs from one run to the next")
	}
}

func TestPresetsAreTheSchemaEnum(t *testing.T) {
	data, err := schema.Generic(schema.Manifest)
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var enum []string
	for _, v := range schema.ValueAt(doc, "$defs", "cardSize", "oneOf", "0", "enum").([]any) {
		enum = append(enum, v.(string))
	}
	var names []string
	for name, s := range Presets {
		names = append(names, name)
		if s.Width > s.Height {
			t.Errorf("preset %s is %v: presets are portrait", name, s)
		}
	}
	slices.Sort(names)
	slices.Sort(enum)
	if !slices.Equal(names, enum) {
		t.Errorf("Presets %v, schema enum %v", names, enum)
	}
}

func TestSchemaFolderWrittenIsClean(t *testing.T) {
	// What EditorSchemas writes is what the stale check expects, byte for
	// byte, for a game with an engine too.
	files := miniWith(t)
	schemas := workspace(t, files)
	g, _ := Load("cards/mini", schemas)
	written, err := EditorSchemas(g, schemas)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range written {
		if err := os.MkdirAll(filepath.Join("cards/mini", SchemaDir), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("cards/mini", SchemaDir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if !strings.Contains(string(written[schema.EngineCards]), `"$ref": "card.schema.json"`) {
		t.Errorf("the engine's cards schema does not refer to the local card schema:\n%s", written[schema.EngineCards])
	}
	// The modelines now must point at the local folder.
	_, fs := Load("cards/mini", schemas)
	var codes []string
	for _, f := range fs {
		codes = append(codes, brief(f))
	}
	if len(fs) != 0 {
		t.Errorf("a game with its schema folder and repository modelines: %q (repository modelines stay accepted)", codes)
	}
}

func TestBadSizeIsOneFinding(t *testing.T) {
	// An unreadable size is reported where it is written, and costs the
	// deck or print settings around it nothing.
	for _, tc := range []struct{ old, new, want string }{
		{"card: {size: mini-european, orientation: landscape}", "card: huge", "cards/own/game.yaml:23:11 SCHEMA_ENUM"},
		{"card: {size: mini-european, orientation: landscape}", "card: {width: wide, height: 40}", "cards/own/game.yaml:23:19 SCHEMA_TYPE"},
		{"card: poker", "card: huge", "cards/own/game.yaml:27:9 SCHEMA_ENUM"},
	} {
		files := withSchemas(t, ownWith(t, "game.yaml", tc.old, tc.new))
		_, fs := Load("cards/own", workspace(t, files))
		if got := briefs(fs); !slices.Equal(got, []string{tc.want}) {
			t.Errorf("%s: got %q, want %q\n%s", tc.new, got, tc.want, lines(fs))
		}
	}
}
