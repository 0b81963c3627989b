package gamedata

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/schema"
	"github.com/cardpress/cardpress/source"
)

var _ = registerCheck(Check{
	ID:    "unlisted-files",
	Doc:   "Checks that every YAML file in the game folder is named in game.yaml files (or is its tune.yaml).",
	Codes: []*finding.Code{CodeFileUnlisted},
	run:   (*loader).unlisted,
})

// ManifestName is the file that makes a folder a game folder.
const ManifestName = "game.yaml"

// TuneName is a game's tuning plan, read by cardpress tune (package
// tune), not by the loader: a file of the folder that game.yaml does not
// list.
const TuneName = "tune.yaml"

// Schemas returns the JSON Schemas of an engine (kit.Module.Schemas()),
// or false when no such engine is registered.
type Schemas func(engineID string) (fs.FS, bool)

// Load loads and validates the game in dir, reporting every problem found
// in one run, sorted. The Data is nil only when game.yaml cannot be read;
// otherwise it holds whatever could be decoded, and callers must not build
// or render it when the findings include errors.
//
// Reference {placeholders} may name engine facts, which are only known once
// the engine has built the game: Load checks their syntax, and the pipeline
// calls Data.CheckPlaceholders with the fact names afterwards.
func Load(dir string, schemas Schemas) (*Data, []finding.Finding) {
	return LoadEdited(dir, schemas, nil)
}

// LoadEdited is Load with edited files' content, by path relative to dir,
// read in place of what is on disk: an editor's unsaved buffers, checked
// by the same loader as the files (cardpress lsp).
func LoadEdited(dir string, schemas Schemas, edited map[string][]byte) (*Data, []finding.Finding) {
	folder, err := fileio.OpenDir(dir)
	if err != nil {
		return nil, []finding.Finding{folderFinding(dir, err)}
	}
	defer folder.Close()
	folder.Edited(edited)
	l := &loader{
		g:       &Data{Dir: dir, Params: map[string]Param{}},
		dir:     folder,
		schemas: schemas,
		sc:      schema.NewCompiler(),
		played:  sha256.New(),
	}
	if info, err := l.dir.Stat(SchemaDir + "/" + path.Base(schema.Manifest)); err == nil && info.Mode().IsRegular() {
		l.local = true
	}
	if !l.manifest() {
		return nil, finding.Sort(l.found)
	}
	l.loadFonts()
	l.loadIcons()
	l.engine()
	l.params()
	l.variants()
	// The rules first: the card lists they declare are card fields too.
	l.rules()
	for i, name := range l.g.Manifest.Files.Cards {
		l.cards(i, name)
	}
	l.layout()
	l.reference()
	l.g.PlayDigest = hex.EncodeToString(l.played.Sum(nil)[:16])
	// Every file is read: the checks of the table, in their order.
	l.check()
	return l.g, finding.Sort(l.found)
}

// LoadPath loads what a command-line PATH names: a game folder, a folder of
// game folders (like cards/), or one file of a game, in which case the
// whole game is loaded but only that file's findings are kept.
//
// PATH itself is trusted (the user named it), links included. Inside it
// nothing is read through a link that leads out: a game folder in a folder
// of games that links elsewhere is reported, not loaded, and each game's
// files are read confined to its folder (see Load).
func LoadPath(path string, schemas Schemas) ([]*Data, []finding.Finding) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, []finding.Finding{folderFinding(path, err)}
	}
	if !info.IsDir() {
		return loadFile(path, schemas)
	}
	switch has, err := hasManifest(path); {
	case err != nil:
		return nil, []finding.Finding{folderFinding(path, err)}
	case has:
		g, found := Load(path, schemas)
		return games(g), found
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return nil, []finding.Finding{folderFinding(path, err)}
	}
	var all []*Data
	var found []finding.Finding
	for _, e := range entries {
		sub := filepath.Join(path, e.Name())
		if e.Type()&fs.ModeSymlink != 0 {
			if fd, out := linkedGame(path, sub); out {
				found = append(found, fd)
				continue
			}
		} else if !e.IsDir() {
			continue
		}
		switch has, err := hasManifest(sub); {
		case err != nil:
			found = append(found, folderFinding(sub, err))
		case has:
			g, gfs := Load(sub, schemas)
			all = append(all, games(g)...)
			found = append(found, gfs...)
		}
	}
	if len(all) == 0 && len(found) == 0 {
		return nil, []finding.Finding{CodeNoManifest.At(finding.Pos{File: path},
			"no %s here or in any subfolder: not a game folder", ManifestName)}
	}
	return all, finding.Sort(found)
}

// linkedGame decides on a link found in a folder of games: a link to a
// game folder outside the folder is an error naming the link (its target
// is neither loaded nor named); out is false for anything else, which is
// then treated like any entry (a link that stays inside is loaded).
func linkedGame(parent, link string) (fd finding.Finding, out bool) {
	info, err := os.Stat(link)
	if err != nil || !info.IsDir() || fileio.Inside(parent, link) {
		return finding.Finding{}, false
	}
	if has, _ := hasManifest(link); !has {
		return finding.Finding{}, false
	}
	return source.CodeFileOutside.At(finding.Pos{File: link},
		"a symbolic link to a game folder outside %s; not followed (name the game folder itself to check it)", finding.Visible(parent)), true
}

// folderFinding words why a folder or path named on the command line could
// not be read.
func folderFinding(path string, err error) finding.Finding {
	at := finding.Pos{File: path}
	if errors.Is(err, fs.ErrNotExist) {
		return source.CodeFileMissing.At(at, "no such file or folder")
	}
	return source.CodeFileRead.At(at, "cannot read: %s", fileio.Describe(err))
}

// hasManifest reports whether dir holds a game.yaml; an error is a folder
// that cannot be looked into (permission denied), which must not pass for
// "no game here".
func hasManifest(dir string) (bool, error) {
	_, err := os.Stat(filepath.Join(dir, ManifestName))
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	}
	return false, err
}

// loadFile validates one file in the context of its game.
func loadFile(path string, schemas Schemas) ([]*Data, []finding.Finding) {
	dir := filepath.Dir(path)
	switch has, err := hasManifest(dir); {
	case err != nil:
		return nil, []finding.Finding{folderFinding(dir, err)}
	case !has:
		return nil, []finding.Finding{CodeNoManifest.At(finding.Pos{File: path},
			"no %s next to this file: it is not in a game folder", ManifestName)}
	}
	g, all := Load(dir, schemas)
	want := filepath.Clean(path)
	var found []finding.Finding
	unlisted := false
	for _, f := range all {
		if filepath.Clean(f.File) == want {
			found = append(found, f)
			unlisted = unlisted || CodeFileUnlisted.Is(f)
		}
	}
	if unlisted {
		// The game ignores the file, but it was asked about by name: at
		// least say whether it is readable YAML, without leaving the folder.
		if folder, err := fileio.OpenDir(dir); err == nil {
			_, rfs := source.ReadIn(folder, filepath.Base(path))
			folder.Close()
			found = finding.Sort(append(found, rfs...))
		}
	}
	return games(g), found
}

func games(g *Data) []*Data {
	if g == nil {
		return nil
	}
	return []*Data{g}
}

// loader carries one game's load: the documents stay here so checks can
// point at any value, while Data keeps only what callers use.
type loader struct {
	g      *Data
	dir    *fileio.Dir // the game folder; every file is read through it
	played hash.Hash   // the files play reads (PlayDigest), as they were read
	bytes  int64       // the size of the files read so far, for MaxGameBytes
	values int         // their YAML values, for MaxGameValues

	errorAt map[finding.Pos]bool // positions of the errors in found[:indexed], for failed
	indexed int
	found   []finding.Finding
	schemas Schemas
	sc      *schema.Compiler

	engineOK    bool
	local       bool           // the game folder has its own schema/ folder
	generated   *schema.Schema // the cards schema generated from declared fields, once compiled
	cardsBroken bool           // a card file has errors or could not be read
	defaults    map[string]any // parameter defaults by name, as params.schema.json sees them
	man         *doc
	cardDocs    []*doc
	cardAt      []cardRef // per Data.Cards entry: where it came from
	lay         *doc
	ref         *doc

	assets     map[string]assetRead // every asset asked for, by path (assets.go)
	assetBytes int64                // the size of the assets read, for MaxAssetsBytes

	decoded     map[string]*imageRead // every image read, by path (images.go)
	imageOrder  []string              // their paths, in the order first named
	imageMemory int64                 // what decoding them takes, for MaxGameImageMemory

	fontsLoaded bool           // the game's fonts are read: text can be checked against them (fonts.go)
	glyphsLater []*source.File // files read before that, to check then
}

// cardRef locates a card: its file's doc and its index in that file.
type cardRef struct {
	d *doc
	i string
}

func (l *loader) add(found ...finding.Finding) { l.found = append(l.found, found...) }

func (l *loader) path(name string) string { return filepath.Join(l.g.Dir, name) }

// Limits of one game, so that what validation costs is bounded whatever
// the folder holds: each file is at most source.MaxSize, the files a game
// names add up to at most MaxGameBytes and MaxGameValues YAML values, and
// it has at most MaxCards card entries. Checked as the files are read, not
// after. The shipped games are far below (the largest: Masterminds, 63 KB, about 5,700
// values, 162 cards); the budget they buy is measured by
// BenchmarkLoadBudget.
const (
	MaxGameBytes  = 4 << 20
	MaxGameValues = 250_000
	MaxCards      = 5000
)

// spend counts the file at name against MaxGameBytes before it is read and
// says why it may not be read, or "". A file that cannot be looked at
// costs nothing: reading it reports the problem.
func (l *loader) spend(name string) string {
	info, err := l.dir.Stat(name)
	if err != nil || !info.Mode().IsRegular() || info.Size() > source.MaxSize {
		return ""
	}
	if l.bytes+info.Size() > MaxGameBytes {
		return fmt.Sprintf("the game's files would add up to %s, over the limit of %s", fileio.Size(l.bytes+info.Size()), fileio.Size(MaxGameBytes))
	}
	l.bytes += info.Size()
	return ""
}

func (l *loader) compile(repoPath string) *schema.Schema {
	s, err := l.sc.Compile(repoPath)
	if err != nil {
		l.add(CodeEngineSchema.At(finding.Pos{File: repoPath}, "schema does not compile: %s", oneLine(err.Error())))
		return nil
	}
	return s
}

// engine resolves the manifest's engine and registers its schemas. A game
// without one, or with the generic one, is complete as data: its cards
// follow its decks' fields.
func (l *loader) engine() {
	m := &l.g.Manifest
	if !m.HasEngine() {
		m.Engine = NoEngine
		return
	}
	if l.schemas == nil {
		return
	}
	fsys, ok := l.schemas(m.Engine)
	if !ok {
		l.add(CodeUnknownEngine.At(l.man.pos("engine"), "no engine %q is registered; for a game without a rules engine write \"engine: none\" (or leave engine out): it is validated, linted and printed, but not played", m.Engine))
		return
	}
	if m.DeclaresFields() {
		// The generic engine's cards carry the fields their decks declare
		// and its parameters take any value: no engine schema applies.
		return
	}
	if err := l.sc.AddEngine(m.Engine, fsys); err != nil {
		l.add(CodeEngineSchema.At(finding.Pos{File: schema.EnginePath(m.Engine, "")}, "%s", oneLine(err.Error())))
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
	listed := slices.Concat([]string{ManifestName, TuneName, f.Layout, f.Reference, f.Rules}, f.Cards, f.Tests)
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !(strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")) || slices.Contains(listed, name) {
			continue
		}
		l.add(CodeFileUnlisted.At(finding.Pos{File: l.path(name)}, "not named in %s files, so it is ignored", ManifestName))
	}
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
