package gamedata

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/testutil"
)

// mini is a small valid game on a small engine, so each test case can break
// one thing and expect exactly the findings that thing causes.
var mini = map[string]string{
	"game.yaml": `# yaml-language-server: $schema=../../schema/manifest.schema.json
id: mini
engine: mini
title: Mini
players: {min: 2, max: 4}
files:
  cards: [cards.yaml]
  layout: layout.yaml
  reference: reference.yaml
components:
  - {id: deck, name: Deck, kind: cards, count: 3, deck: main}
  - {id: coin, name: Coin, kind: money, count: 10, value: 1}
decks:
  - {id: main, name: Main, back: plain}
keywords:
  - {id: fast, name: Fast}
  - {id: slow, name: Slow}
phases:
  - {id: A, name: Act}
parameters:
  hand:
    default: 3
    doc: Cards in hand.
  rows:
    default: [{value: -1, slots: 2}]
print:
  card: {width: 63, height: 88}
  backs:
    plain: {title: MINI}
`,
	"cards.yaml": `# yaml-language-server: $schema=../../engine/mini/cards.schema.json
cards:
  - id: a
    name: Alpha
    count: 2
    keywords: [fast]
    players: [2, 3]
    power: 1
  - id: b
    name: Beta
    power: 2
`,
	"layout.yaml": `# yaml-language-server: $schema=../../schema/layout.schema.json
front:
  accent:
    box: [0, 0, 63, 10]
    by: keyword
    colors: {fast: "#ff0000", slow: "#0000ff"}
  elements:
    - {field: name, box: [5, 5, 50, 10], size: 12}
components:
  - {kind: board, rows_param: rows, label: "{value:money}"}
  - {kind: tokens, component: coin}
`,
	"reference.yaml": `# yaml-language-server: $schema=../../schema/reference.schema.json
title: Mini
subtitle: "{players_min}-{players_max} players"
sections:
  - heading: Setup
    items:
      - "Deal {hand} cards; hands end at {hand_limit:money}."
    board: rows
`,
}

// miniEngine has the two schemas an engine module provides.
var miniEngine = fstest.MapFS{
	"cards.schema.json": {Data: []byte(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "additionalProperties": false,
  "required": ["cards"],
  "properties": {
    "cards": {"type": "array", "items": {
      "$ref": "../../schema/card.schema.json",
      "required": ["power"],
      "properties": {"power": {"type": "integer", "minimum": 0}},
      "unevaluatedProperties": false
    }}
  }
}`)},
	"params.schema.json": {Data: []byte(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "additionalProperties": false,
  "required": ["hand", "rows"],
  "properties": {
    "hand": {"type": "integer", "minimum": 1},
    "rows": {"type": "array", "items": {"type": "object", "additionalProperties": false,
      "required": ["value", "slots"],
      "properties": {"value": {"type": "integer"}, "slots": {"type": "integer", "minimum": 1}}}}
  }
}`)},
}

// engines knows mini and heat, whose schemas come from disk (its engine
// package imports this one).
func engines(heat fs.FS) Schemas {
	return func(id string) (fs.FS, bool) {
		switch id {
		case "mini":
			return miniEngine, true
		case "heat":
			return heat, true
		}
		return nil, false
	}
}

// workspace writes files (path relative to the workspace → content) into a
// temporary folder and makes it the working directory, so findings carry
// the short relative names a user would see.
func workspace(t *testing.T, files map[string]string) Schemas {
	t.Helper()
	heat := testutil.HeatSchemas(t)
	ws := t.TempDir()
	for name, data := range files {
		path := filepath.Join(ws, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(ws)
	return engines(heat)
}

// miniWith is the mini game under cards/mini with edits applied: each edit
// is file, old, new, and old must occur exactly once.
func miniWith(t *testing.T, edits ...string) map[string]string {
	t.Helper()
	return gameWith(t, mini, "cards/mini/", edits...)
}

// gameWith is a game's files under dir with edits (file, old, new) applied.
func gameWith(t *testing.T, game map[string]string, dir string, edits ...string) map[string]string {
	t.Helper()
	files := map[string]string{}
	for name, data := range game {
		files[dir+name] = data
	}
	for i := 0; i+2 < len(edits); i += 3 {
		name := dir + edits[i]
		if n := strings.Count(files[name], edits[i+1]); n != 1 {
			t.Fatalf("%q occurs %d times in %s", edits[i+1], n, name)
		}
		files[name] = strings.Replace(files[name], edits[i+1], edits[i+2], 1)
	}
	return files
}

// heatFiles is the shipped HEAT game under cards/heat.
func heatFiles(t *testing.T) map[string]string {
	t.Helper()
	files := map[string]string{}
	for _, name := range []string{"game.yaml", "cards.yaml", "layout.yaml", "reference.yaml", "rules.yaml", "tests.yaml"} {
		data, err := os.ReadFile(filepath.Join("../cards/heat", name))
		if err != nil {
			t.Fatal(err)
		}
		files["cards/heat/"+name] = string(data)
	}
	return files
}

// brief is "file:line:col CODE", the part of a finding tests pin exactly.
func brief(f finding.Finding) string { return f.Pos.String() + " " + f.Code }

func briefs(fs []finding.Finding) []string {
	var s []string
	for _, f := range fs {
		s = append(s, brief(f))
	}
	return s
}
