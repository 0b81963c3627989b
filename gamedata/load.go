package gamedata

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"cardpress/engine/finding"
	"cardpress/schema"
	"cardpress/source"
)

// ManifestName is the file that makes a folder a game folder.
const ManifestName = "game.yaml"

// Schemas returns the JSON Schemas of an engine (engine.Module.Schemas()),
// or false when no such engine is registered.
type Schemas func(engineID string) (fs.FS, bool)

// Load loads and validates the game in dir, reporting every problem found
// in one run, sorted. The Game is nil only when game.yaml cannot be read;
// otherwise it holds whatever could be decoded, and callers must not build
// or render it when the findings include errors.
//
// Reference {placeholders} may name engine facts, which are only known once
// the engine has built the game: Load checks their syntax, and the pipeline
// calls Game.CheckPlaceholders with the fact names afterwards.
func Load(dir string, schemas Schemas) (*Game, []finding.Finding) {
	l := &loader{
		g:       &Game{Dir: dir, Params: map[string]Param{}},
		schemas: schemas,
		sc:      schema.NewCompiler(),
	}
	if !l.manifest() {
		return nil, finding.Sort(l.found)
	}
	l.engine()
	l.params()
	l.variants()
	for i, name := range l.g.Manifest.Files.Cards {
		l.cards(i, name)
	}
	l.layout()
	l.reference()
	l.unlisted()
	l.check()
	return l.g, finding.Sort(l.found)
}

// LoadPath loads what a command-line PATH names: a game folder, a folder of
// game folders (like cards/), or one file of a game, in which case the
// whole game is loaded but only that file's findings are kept.
func LoadPath(path string, schemas Schemas) ([]*Game, []finding.Finding) {
	info, err := os.Stat(path)
	if err != nil {
		code := source.CodeFileRead
		msg := "cannot read: " + err.Error()
		if errors.Is(err, fs.ErrNotExist) {
			code, msg = source.CodeFileMissing, "no such file or folder"
		}
		return nil, []finding.Finding{finding.New(finding.Pos{File: path}, code, "%s", msg)}
	}
	if !info.IsDir() {
		return loadFile(path, schemas)
	}
	if exists(filepath.Join(path, ManifestName)) {
		g, found := Load(path, schemas)
		return games(g), found
	}
	entries, _ := os.ReadDir(path)
	var all []*Game
	var found []finding.Finding
	for _, e := range entries {
		sub := filepath.Join(path, e.Name())
		if e.IsDir() && exists(filepath.Join(sub, ManifestName)) {
			g, gfs := Load(sub, schemas)
			all = append(all, games(g)...)
			found = append(found, gfs...)
		}
	}
	if len(all) == 0 && len(found) == 0 {
		return nil, []finding.Finding{finding.New(finding.Pos{File: path}, CodeNoManifest,
			"no %s here or in any subfolder: not a game folder", ManifestName)}
	}
	return all, finding.Sort(found)
}

// loadFile validates one file in the context of its game.
func loadFile(path string, schemas Schemas) ([]*Game, []finding.Finding) {
	dir := filepath.Dir(path)
	if !exists(filepath.Join(dir, ManifestName)) {
		return nil, []finding.Finding{finding.New(finding.Pos{File: path}, CodeNoManifest,
			"no %s next to this file: it is not in a game folder", ManifestName)}
	}
	g, all := Load(dir, schemas)
	want := filepath.Clean(path)
	var found []finding.Finding
	unlisted := false
	for _, f := range all {
		if filepath.Clean(f.File) == want {
			found = append(found, f)
			unlisted = unlisted || f.Code == CodeFileUnlisted
		}
	}
	if unlisted {
		// The game ignores the file, but it was asked about by name: at
		// least say whether it is readable YAML.
		_, rfs := source.Read(path)
		found = finding.Sort(append(found, rfs...))
	}
	return games(g), found
}

func games(g *Game) []*Game {
	if g == nil {
		return nil
	}
	return []*Game{g}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// loader carries one game's load: the documents stay here so checks can
// point at any value, while Game keeps only what callers use.
type loader struct {
	g       *Game
	found   []finding.Finding
	schemas Schemas
	sc      *schema.Compiler

	engineOK    bool
	cardsBroken bool           // a card file has errors or could not be read
	defaults    map[string]any // parameter defaults by name, as params.schema.json sees them
	man         *doc
	cardDocs    []*doc
	cardAt      []cardRef // per Game.Cards entry: where it came from
	lay         *doc
	ref         *doc
}

// cardRef locates a card: its file's doc and its index in that file.
type cardRef struct {
	d *doc
	i string
}

func (l *loader) add(found ...finding.Finding) { l.found = append(l.found, found...) }

func (l *loader) path(name string) string { return filepath.Join(l.g.Dir, name) }

func (l *loader) compile(repoPath string) *schema.Schema {
	s, err := l.sc.Compile(repoPath)
	if err != nil {
		l.add(finding.New(finding.Pos{File: repoPath}, CodeEngineSchema, "schema does not compile: %s", oneLine(err.Error())))
		return nil
	}
	return s
}

// engine resolves the manifest's engine and registers its schemas.
func (l *loader) engine() {
	m := &l.g.Manifest
	if m.Engine == "" {
		m.Engine = m.ID
	}
	if m.Engine == "" || l.schemas == nil {
		return
	}
	fsys, ok := l.schemas(m.Engine)
	if !ok {
		at := l.man.pos("engine")
		if l.man.node("engine") == nil {
			at = l.man.pos("id")
		}
		l.add(finding.New(at, CodeUnknownEngine, "no engine %q is registered; game data cannot be checked against its rules", m.Engine))
		return
	}
	if err := l.sc.AddEngine(m.Engine, fsys); err != nil {
		l.add(finding.New(finding.Pos{File: schema.EnginePath(m.Engine, "")}, CodeEngineSchema, "%s", oneLine(err.Error())))
		return
	}
	l.engineOK = true
}

// unlisted warns about YAML files in the game folder that game.yaml does
// not name: a new card file nobody listed is silently left out otherwise.
func (l *loader) unlisted() {
	entries, err := os.ReadDir(l.g.Dir)
	if err != nil {
		return
	}
	f := l.g.Manifest.Files
	if len(f.Cards) == 0 {
		return // the manifest names no files at all: it is broken, and says so
	}
	listed := append([]string{ManifestName, f.Layout, f.Reference}, f.Cards...)
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !(strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")) || slices.Contains(listed, name) {
			continue
		}
		l.add(finding.Warn(finding.Pos{File: l.path(name)}, CodeFileUnlisted, "not named in %s files, so it is ignored", ManifestName))
	}
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
