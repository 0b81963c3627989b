package gamedata

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/schema"
)

var _ = registerCheck(Check{
	ID:    "editor-schemas",
	Doc:   "Checks that the schemas in the game's schema/ folder are what `cardpress schema` writes now.",
	Codes: []*finding.Code{CodeSchemaStale},
	run:   (*loader).checkEditorSchemas,
})

// SchemaDir is the folder inside a game folder that holds the schemas its
// YAML modelines point at when the game brings its own (`cardpress
// schema PATH` writes it): editors then check every file wherever the
// folder lives, and a game without an engine gets its declared fields.
const SchemaDir = "schema"

// editorGeneric are the generic schemas a game's schema/ folder holds.
var editorGeneric = []string{schema.Manifest, schema.Layout, schema.Reference, schema.Card}

// EditorSchemas returns the files of a game's schema/ folder by name: the
// generic schemas (those of rules and tests when the game names such
// files, of the tuning plan when it has one), and its cards schema — generated from the declared fields for a
// game without an engine or with the generic one, or the engine's own with
// its reference to the generic card schema made local.
func EditorSchemas(g *Data, schemas Schemas) (map[string][]byte, error) {
	out := map[string][]byte{}
	generic := editorGeneric
	if g.Manifest.Files.Rules != "" {
		generic = append(slices.Clip(generic), schema.Rules)
	}
	if len(g.Manifest.Files.Tests) > 0 {
		generic = append(slices.Clip(generic), schema.Tests)
	}
	if info, err := os.Lstat(filepath.Join(g.Dir, TuneName)); err == nil && info.Mode().IsRegular() {
		generic = append(slices.Clip(generic), schema.Tune)
	}
	for _, p := range generic {
		data, err := schema.Generic(p)
		if err != nil {
			return nil, err
		}
		out[path.Base(p)] = data
	}
	if g.Manifest.DeclaresFields() {
		data, err := CardsSchema(&g.Manifest, g.CardLists()...)
		if err != nil {
			return nil, err
		}
		out[schema.EngineCards] = data
		return out, nil
	}
	var fsys fs.FS
	ok := false
	if schemas != nil {
		fsys, ok = schemas(g.Manifest.Engine)
	}
	if !ok {
		return nil, fmt.Errorf("no engine %q is registered", g.Manifest.Engine)
	}
	data, err := fs.ReadFile(fsys, schema.EngineCards)
	if err != nil {
		return nil, fmt.Errorf("engine %s: %w", g.Manifest.Engine, err)
	}
	// Engine schemas refer to the generic card schema by its repository
	// path; in the game's folder it sits next to them.
	out[schema.EngineCards] = bytes.ReplaceAll(data, []byte(`"../../`+schema.Card+`"`), []byte(`"`+path.Base(schema.Card)+`"`))
	return out, nil
}

// checkEditorSchemas warns about a schema/ folder that no longer matches
// the data (declared fields changed since `cardpress schema` ran) or
// cardpress (a newer version), and about a game with declared fields (no
// engine, or the generic one) whose card modelines point at a cards
// schema that was never written.
func (l *loader) checkEditorSchemas() {
	if !l.local && !l.g.Manifest.DeclaresFields() {
		return
	}
	want, err := EditorSchemas(l.g, l.schemas)
	if err != nil {
		return // an unknown engine is reported by itself
	}
	redo := fmt.Sprintf("run `cardpress schema %s` so editors check the files against it", finding.Visible(l.g.Dir))
	for _, name := range keys(want) {
		if !l.local && name != schema.EngineCards {
			continue
		}
		rel := SchemaDir + "/" + name
		at := finding.Pos{File: l.path(rel)}
		got, err := l.dir.ReadFile(rel, int64(len(want[name]))+1)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			l.add(CodeSchemaStale.At(at, "missing: %s", redo))
		case err != nil:
			var tooLarge *fileio.TooLargeError
			if !errors.As(err, &tooLarge) {
				l.add(CodeSchemaStale.At(at, "cannot read: %s", fileio.Describe(err)))
				continue
			}
			fallthrough
		case !bytes.Equal(got, want[name]):
			what := "cardpress's schema"
			if name == schema.EngineCards && l.g.Manifest.DeclaresFields() {
				what = "the fields the decks declare in game.yaml"
			}
			l.add(CodeSchemaStale.At(at, "out of date: it differs from %s; %s", what, redo))
		}
	}
}
