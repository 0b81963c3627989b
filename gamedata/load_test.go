package gamedata

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
)

const bomb = `a: &a [x, x, x, x, x, x, x, x, x, x]
b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]
c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]
d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]
e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]
`

// TestLoadFindings breaks the mini game one way per case and pins every
// finding: file:line:col and code, plus a message fragment.
func TestLoadFindings(t *testing.T) {
	cases := []struct {
		name  string
		edits []string // file, old, new, ...
		want  []string
		msg   string // in the first finding's message
	}{
		{name: "clean"},
		{name: "wrong type", edits: []string{"cards.yaml", "count: 2", "count: two"},
			want: []string{"cards/mini/cards.yaml:5:12 SCHEMA_TYPE"}, msg: `expected a whole number, found text "two"`},
		{name: "unknown card field", edits: []string{"cards.yaml", "    power: 2\n", "    power: 2\n    colour: red\n"},
			want: []string{"cards/mini/cards.yaml:12:5 SCHEMA_UNKNOWN_FIELD"}, msg: `unknown field "colour"`},
		{name: "misspelt field", edits: []string{"cards.yaml", "    power: 2\n", "    powr: 2\n"},
			want: []string{"cards/mini/cards.yaml:9:5 SCHEMA_REQUIRED", "cards/mini/cards.yaml:11:5 SCHEMA_UNKNOWN_FIELD"}, msg: `missing required field "power"`},
		{name: "missing required field", edits: []string{"cards.yaml", "    name: Beta\n", ""},
			want: []string{"cards/mini/cards.yaml:9:5 SCHEMA_REQUIRED"}, msg: `"name"`},
		{name: "enum", edits: []string{"layout.yaml", "by: keyword", "by: keywrd"},
			want: []string{"cards/mini/layout.yaml:5:9 SCHEMA_ENUM"}, msg: `(did you mean "keyword"?); use one of: "keyword", "deck"`},
		{name: "version as a number", edits: []string{"game.yaml", "title: Mini\n", "title: Mini\nversion: 1.0\n"},
			want: []string{"cards/mini/game.yaml:5:10 SCHEMA_TYPE"}, msg: "put it in quotes"},
		{name: "bad file name", edits: []string{"game.yaml", "layout: layout.yaml", "layout: ../layout.yaml"},
			want: []string{"cards/mini/game.yaml:8:11 SCHEMA", "cards/mini/layout.yaml:1:1 FILE_UNLISTED"}, msg: "inside the game folder"},
		{name: "parameter of the wrong type", edits: []string{"game.yaml", "default: 3", "default: three"},
			want: []string{"cards/mini/game.yaml:22:14 SCHEMA_TYPE"}, msg: `found text "three"`},
		{name: "parameter row field", edits: []string{"game.yaml", "{value: -1, slots: 2}", "{value: -1, slots: 0}"},
			want: []string{"cards/mini/game.yaml:25:34 SCHEMA"}, msg: "0 is too small: at least 1"},
		{name: "unknown parameter", edits: []string{"game.yaml", "  rows:\n", "  hands:\n    default: 1\n  rows:\n"},
			want: []string{"cards/mini/game.yaml:24:3 SCHEMA_UNKNOWN_FIELD"}, msg: `engine mini has no parameter "hands" (did you mean "hand"?)`},
		{name: "missing parameter", edits: []string{"game.yaml", "  hand:\n    default: 3\n    doc: Cards in hand.\n", ""},
			want: []string{"cards/mini/game.yaml:21:3 SCHEMA_REQUIRED"}, msg: `missing parameter "hand", which engine mini needs`},
		{name: "parameter without default", edits: []string{"game.yaml", "    default: 3\n", ""},
			want: []string{"cards/mini/game.yaml:22:5 SCHEMA_REQUIRED"}, msg: `missing required field "default"`},
		{name: "duplicate card id", edits: []string{"cards.yaml", "  - id: b\n", "  - id: a\n"},
			want: []string{"cards/mini/cards.yaml:9:9 DUPLICATE_ID"}, msg: "first at cards/mini/cards.yaml:3:9"},
		{name: "duplicate keyword id", edits: []string{"game.yaml", "{id: slow, name: Slow}", "{id: fast, name: Slow}"},
			want: []string{"cards/mini/game.yaml:17:10 DUPLICATE_ID", "cards/mini/layout.yaml:6:31 UNDEFINED_KEYWORD"}, msg: "first at line 16"},
		{name: "undefined card deck", edits: []string{"cards.yaml", "    power: 2\n", "    deck: side\n    power: 2\n"},
			want: []string{"cards/mini/cards.yaml:11:11 UNDEFINED_DECK", "cards/mini/game.yaml:11:48 COUNT_MISMATCH"}, msg: `deck "side" is not declared in game.yaml decks`},
		{name: "several decks, card without one", edits: []string{"game.yaml", "  - {id: main, name: Main, back: plain}\n", "  - {id: main, name: Main, back: plain}\n  - {id: side, name: Side}\n"},
			want: []string{"cards/mini/cards.yaml:3:5 UNDEFINED_DECK", "cards/mini/cards.yaml:9:5 UNDEFINED_DECK", "cards/mini/game.yaml:11:48 COUNT_MISMATCH"}, msg: "several (main, side)"},
		{name: "undefined component deck", edits: []string{"game.yaml", "deck: main}", "deck: mian}"},
			want: []string{"cards/mini/game.yaml:11:57 UNDEFINED_DECK"}, msg: `(did you mean "main"?)`},
		{name: "undefined back", edits: []string{"game.yaml", "back: plain}", "back: plan}"},
			want: []string{"cards/mini/game.yaml:14:34 UNDEFINED_BACK"}, msg: `card back "plan" is not declared in game.yaml print.backs (did you mean "plain"?)`},
		{name: "undefined keyword", edits: []string{"cards.yaml", "keywords: [fast]", "keywords: [fast, quick]"},
			want: []string{"cards/mini/cards.yaml:6:22 UNDEFINED_KEYWORD"}, msg: `keyword "quick" is not declared in game.yaml keywords`},
		{name: "accent colour for an undefined keyword", edits: []string{"layout.yaml", `slow: "#0000ff"`, `slo: "#0000ff"`},
			want: []string{"cards/mini/layout.yaml:6:31 UNDEFINED_KEYWORD"}, msg: `(did you mean "slow"?)`},
		{name: "accent colour for an undefined deck", edits: []string{"layout.yaml", "by: keyword", "by: deck"},
			want: []string{"cards/mini/layout.yaml:6:14 UNDEFINED_DECK", "cards/mini/layout.yaml:6:31 UNDEFINED_DECK"}, msg: `deck "fast"`},
		{name: "undefined component", edits: []string{"layout.yaml", "component: coin", "component: gem"},
			want: []string{"cards/mini/layout.yaml:11:31 UNDEFINED_COMPONENT"}, msg: `component "gem"`},
		{name: "undefined rows parameter", edits: []string{"layout.yaml", "rows_param: rows", "rows_param: track"},
			want: []string{"cards/mini/layout.yaml:10:31 UNDEFINED_PARAMETER"}, msg: `parameter "track"`},
		{name: "undefined track parameter", edits: []string{"layout.yaml", "component: coin}\n", "component: coin}\n  - {kind: track, spaces_param: hands}\n"},
			want: []string{"cards/mini/layout.yaml:12:33 UNDEFINED_PARAMETER"}, msg: `parameter "hands" is not declared in game.yaml parameters (did you mean "hand"?)`},
		{name: "track without spaces", edits: []string{"layout.yaml", "component: coin}\n", "component: coin}\n  - {kind: track, label: Loot}\n"},
			want: []string{"cards/mini/layout.yaml:12:5 SCHEMA_REQUIRED"}, msg: "spaces"},
		{name: "more track values than spaces", edits: []string{"layout.yaml", "component: coin}\n", "component: coin}\n  - {kind: track, spaces: 2, values: [a, 1, c]}\n"},
			want: []string{"cards/mini/layout.yaml:12:38 COUNT_MISMATCH"}, msg: "3 values for a track of 2 spaces"},
		{name: "track values from a list parameter", edits: []string{"layout.yaml", "component: coin}\n", "component: coin}\n  - {kind: track, spaces_param: rows, values: [a, b]}\n"},
			want: []string{"cards/mini/layout.yaml:12:47 COUNT_MISMATCH"}, msg: "2 values for a track of 1 space"},
		{name: "undefined token face component", edits: []string{"layout.yaml", "{kind: tokens, component: coin}", "{kind: tokens, faces: [{label: A, back: B, component: gem}]}"},
			want: []string{"cards/mini/layout.yaml:11:59 UNDEFINED_COMPONENT"}, msg: `component "gem"`},
		{name: "token faces do not add up", edits: []string{"layout.yaml", "{kind: tokens, component: coin}", "{kind: tokens, component: coin, faces: [{label: A, back: B, count: 3}, {label: C, component: coin}]}"},
			want: []string{"cards/mini/layout.yaml:11:31 COUNT_MISMATCH"}, msg: `component "coin" counts 10 but the faces of this token sheet print 13 tokens`},
		{name: "one token face takes the sheet's count", edits: []string{"layout.yaml", "{kind: tokens, component: coin}", "{kind: tokens, component: coin, faces: [{label: A, back: B}]}"}},
		{name: "tokens without component or faces", edits: []string{"layout.yaml", "{kind: tokens, component: coin}", "{kind: tokens, label: X}"},
			want: []string{"cards/mini/layout.yaml:11:5 SCHEMA_REQUIRED"}},
		{name: "board label names no row field", edits: []string{"layout.yaml", `label: "{value:money}"`, `label: "{rows:money}"`},
			want: []string{"cards/mini/layout.yaml:10:45 TEMPLATE"}, msg: "{rows} is not a row field"},
		{name: "undefined section board", edits: []string{"reference.yaml", "board: rows", "board: row"},
			want: []string{"cards/mini/reference.yaml:8:12 UNDEFINED_PARAMETER"}, msg: `(did you mean "rows"?)`},
		{name: "unclosed placeholder", edits: []string{"reference.yaml", "{hand} cards", "{hand cards"},
			want: []string{"cards/mini/reference.yaml:7:15 TEMPLATE"}, msg: "not closed"},
		{name: "unknown format", edits: []string{"reference.yaml", "{hand}", "{hand:euro}"},
			want: []string{"cards/mini/reference.yaml:7:15 TEMPLATE"}, msg: `unknown format "euro"`},
		{name: "count mismatch", edits: []string{"game.yaml", "count: 3", "count: 4"},
			want: []string{"cards/mini/game.yaml:11:48 COUNT_MISMATCH"}, msg: `component "deck" counts 4 but deck "main" has 3 card copies`},
		{name: "player count outside the game", edits: []string{"cards.yaml", "players: [2, 3]", "players: [2, 5]"},
			want: []string{"cards/mini/cards.yaml:7:18 PLAYERS_RANGE"}, msg: "outside the game's 2-4 players"},
		{name: "players min above max", edits: []string{"game.yaml", "players: {min: 2, max: 4}", "players: {min: 4, max: 2}"},
			want: []string{"cards/mini/game.yaml:5:24 PLAYERS_RANGE"}, msg: "max 2 is below min 4"},
		{name: "unknown engine", edits: []string{"game.yaml", "engine: mini\n", "engine: nope\n"},
			want: []string{"cards/mini/game.yaml:3:9 UNKNOWN_ENGINE"}, msg: `no engine "nope"`},
		{name: "unknown engine says how to have none", edits: []string{"game.yaml", "engine: mini\n", "engine: mine\n"},
			want: []string{"cards/mini/game.yaml:3:9 UNKNOWN_ENGINE"}, msg: `write "engine: none"`},
		{name: "missing card file", edits: []string{"game.yaml", "cards: [cards.yaml]", "cards: [cards.yaml, more.yaml]"},
			want: []string{"cards/mini/game.yaml:7:23 FILE_MISSING"}, msg: "cards/mini/more.yaml not found"},
		{name: "wrong modeline", edits: []string{"layout.yaml", "$schema=../../schema/layout", "$schema=../schema/layout"},
			want: []string{"cards/mini/layout.yaml:1:33 MODELINE"}, msg: `this file is validated against "../../schema/layout.schema.json"`},
		{name: "missing modeline", edits: []string{"cards.yaml", "# yaml-language-server: $schema=../../engine/mini/cards.schema.json\n", ""},
			want: []string{"cards/mini/cards.yaml:1:1 MODELINE"}, msg: "$schema=../../engine/mini/cards.schema.json"},
		{name: "unprintable character", edits: []string{"cards.yaml", "name: Beta", "name: Beta 😀"},
			want: []string{"cards/mini/cards.yaml:10:11 GLYPH_MISSING"}, msg: "U+1F600"},
		{name: "tab indentation", edits: []string{"cards.yaml", "    name: Beta\n", "\tname: Beta\n"},
			want: []string{"cards/mini/cards.yaml:10:1 YAML_TAB_INDENT"}},
		{name: "duplicate key", edits: []string{"cards.yaml", "    power: 2\n", "    power: 2\n    power: 3\n"},
			want: []string{"cards/mini/cards.yaml:12:5 YAML_DUPLICATE_KEY"}, msg: "first at line 11"},
		{name: "alias bomb", edits: []string{"cards.yaml", "cards:\n", bomb + "cards:\n"},
			want: []string{"cards/mini/cards.yaml:6:36 YAML_ALIAS_LIMIT"}},
		{name: "binary card file", edits: []string{"cards.yaml", "Beta", "Be\x00ta"},
			want: []string{"cards/mini/cards.yaml:10:13 FILE_BINARY"}},
		{name: "syntax error in the manifest", edits: []string{"game.yaml", "title: Mini\n", "title: Mini: The Game\n"},
			want: []string{"cards/mini/game.yaml:4:1 YAML_SYNTAX"}, msg: "put text that contains ': ' in quotes"},
		{name: "every problem in one run", edits: []string{
			"cards.yaml", "count: 2", "count: two",
			"game.yaml", "default: 3", "default: three",
			"layout.yaml", "component: coin", "component: gem",
			"reference.yaml", "board: rows", "board: row",
		}, want: []string{
			"cards/mini/cards.yaml:5:12 SCHEMA_TYPE",
			"cards/mini/game.yaml:22:14 SCHEMA_TYPE",
			"cards/mini/layout.yaml:11:31 UNDEFINED_COMPONENT",
			"cards/mini/reference.yaml:8:12 UNDEFINED_PARAMETER",
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			files := miniWith(t, tc.edits...)
			if tc.name == "unlisted file" {
				files["cards/mini/extra.yaml"] = "a: 1\n"
			}
			schemas := workspace(t, files)
			g, fs := Load("cards/mini", schemas)
			if got := briefs(fs); !slices.Equal(got, tc.want) {
				t.Errorf("got  %q\nwant %q\n%s", got, tc.want, lines(fs))
			}
			if tc.msg != "" && len(fs) > 0 && !strings.Contains(fs[0].Message, tc.msg) {
				t.Errorf("message %q does not contain %q", fs[0].Message, tc.msg)
			}
			if g == nil && tc.name != "syntax error in the manifest" {
				t.Error("nil game")
			}
		})
	}
}

func lines(fs []finding.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintln(&b, " ", f)
	}
	return b.String()
}

func TestUnlistedFile(t *testing.T) {
	files := miniWith(t)
	files["cards/mini/extra.yaml"] = "a: 1\n"
	_, fs := Load("cards/mini", workspace(t, files))
	if got := briefs(fs); !slices.Equal(got, []string{"cards/mini/extra.yaml:1:1 FILE_UNLISTED"}) || fs[0].Severity != finding.Warning {
		t.Errorf("got %v", fs)
	}
}

func TestNoManifest(t *testing.T) {
	schemas := workspace(t, map[string]string{"cards/empty/notes.txt": "hi", "loose/x.yaml": "a: 1\n"})
	for path, want := range map[string]string{
		"cards/empty":   "cards/empty:1:1 NO_MANIFEST",
		"cards":         "cards:1:1 NO_MANIFEST",
		"loose/x.yaml":  "loose/x.yaml:1:1 NO_MANIFEST",
		"cards/missing": "cards/missing:1:1 FILE_MISSING",
	} {
		games, fs := LoadPath(path, schemas)
		if got := briefs(fs); len(games) != 0 || !slices.Equal(got, []string{want}) {
			t.Errorf("LoadPath(%s) = %d games, %q; want %q", path, len(games), got, want)
		}
	}
	if g, fs := Load("cards/empty", schemas); g != nil || len(fs) != 1 || !CodeNoManifest.Is(fs[0]) {
		t.Errorf("Load of a folder without game.yaml: %v %v", g, fs)
	}
}

func TestLoadPath(t *testing.T) {
	files := miniWith(t, "cards.yaml", "count: 2", "count: two", "game.yaml", "default: 3", "default: three")
	files["cards/mini/notes.yaml"] = "a: 1\n  b: 2\n"
	for name, data := range heatFiles(t) {
		files[name] = data
	}
	schemas := workspace(t, files)
	cases := []struct {
		path  string
		games []string
		want  []string
	}{
		{"cards", []string{"heat", "mini"}, []string{"cards/mini/cards.yaml:5:12 SCHEMA_TYPE", "cards/mini/game.yaml:22:14 SCHEMA_TYPE", "cards/mini/notes.yaml:1:1 FILE_UNLISTED"}},
		{"cards/heat", []string{"heat"}, nil},
		{"./cards/mini/", []string{"mini"}, []string{"cards/mini/cards.yaml:5:12 SCHEMA_TYPE", "cards/mini/game.yaml:22:14 SCHEMA_TYPE", "cards/mini/notes.yaml:1:1 FILE_UNLISTED"}},
		// One file: the whole game is loaded, only that file's findings kept.
		{"cards/mini/cards.yaml", []string{"mini"}, []string{"cards/mini/cards.yaml:5:12 SCHEMA_TYPE"}},
		{"cards/mini/game.yaml", []string{"mini"}, []string{"cards/mini/game.yaml:22:14 SCHEMA_TYPE"}},
		{"cards/mini/layout.yaml", []string{"mini"}, nil},
		// A file the game does not list is still checked as YAML.
		{"cards/mini/notes.yaml", []string{"mini"}, []string{"cards/mini/notes.yaml:1:1 FILE_UNLISTED", "cards/mini/notes.yaml:2:3 YAML_SYNTAX"}},
	}
	for _, tc := range cases {
		games, fs := LoadPath(tc.path, schemas)
		var ids []string
		for _, g := range games {
			ids = append(ids, g.Manifest.ID)
		}
		if !slices.Equal(ids, tc.games) || !slices.Equal(briefs(fs), tc.want) {
			t.Errorf("LoadPath(%s) = %v %q, want %v %q", tc.path, ids, briefs(fs), tc.games, tc.want)
		}
	}
}

func TestCheckPlaceholders(t *testing.T) {
	files := miniWith(t, "reference.yaml", "title: Mini", "title: Mini for {players_max} and {hnd}")
	g, fs := Load("cards/mini", workspace(t, files))
	if len(fs) != 0 {
		t.Fatal(fs)
	}
	got := g.CheckPlaceholders(nil)
	want := []string{"cards/mini/reference.yaml:2:35 UNDEFINED_PARAMETER", "cards/mini/reference.yaml:7:42 UNDEFINED_PARAMETER"}
	if !slices.Equal(briefs(got), want) {
		t.Fatalf("got %q, want %q", briefs(got), want)
	}
	if !strings.Contains(got[0].Message, "{hnd} is neither a parameter nor an engine fact (did you mean {hand}?)") {
		t.Errorf("message %q", got[0].Message)
	}
	if got := g.CheckPlaceholders([]string{"hand_limit"}); len(got) != 1 {
		t.Errorf("with the fact, got %v", got)
	}
}

func TestParseTemplate(t *testing.T) {
	cases := []struct {
		in   string
		want []Placeholder
		err  string
	}{
		{in: "plain text"},
		{in: "{a} and {b_2:money}", want: []Placeholder{{Name: "a", Start: 0, End: 3}, {Name: "b_2", Format: "money", Start: 8, End: 19}}},
		{in: "a } b", err: "without a matching"},
		{in: "{a", err: "not closed"},
		{in: "{a {b}}", err: "not closed"},
		{in: "{}", err: "not a placeholder"},
		{in: "{Hand}", err: "not a placeholder"},
		{in: "{a:euro}", err: `unknown format "euro"`},
	}
	for _, tc := range cases {
		got, err := ParseTemplate(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("%q: got %v %v, want %v", tc.in, got, err, tc.want)
		}
	}
}
