package spreadsheet

import (
	"fmt"
	"maps"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/schema"
	"github.com/cardpress/cardpress/source"

	"go.yaml.in/yaml/v3"
)

// genericKinds are the columns of the fields every card has
// (schema/card.schema.json).
var genericKinds = map[string]Kind{
	"id":       KindText,
	"name":     KindText,
	"deck":     KindText,
	"count":    KindInteger,
	"players":  KindIntegerList,
	"keywords": KindTextList,
	"flavor":   KindText,
}

// declaredKinds maps a declared field type to its column kind.
var declaredKinds = map[string]Kind{
	gamedata.FieldText:    KindText,
	gamedata.FieldEnum:    KindText,
	gamedata.FieldImage:   KindText,
	gamedata.FieldInteger: KindInteger,
	gamedata.FieldNumber:  KindNumber,
	gamedata.FieldBoolean: KindBoolean,
	gamedata.FieldList:    KindTextList,
}

// DeckOf describes deck id of game g for the sheet, or says it has no
// such deck.
func DeckOf(g *gamedata.Data, id string) (Deck, error) {
	m := &g.Manifest
	var ids []string
	for _, d := range m.Decks {
		ids = append(ids, d.ID)
	}
	if !slices.Contains(ids, id) {
		return Deck{}, fmt.Errorf("game %s has no deck %q (its decks: %s)", m.ID, id, strings.Join(ids, ", "))
	}
	d := Deck{ID: id, Kinds: map[string]Kind{}, Only: len(m.Decks) == 1}
	for k, v := range genericKinds {
		d.Kinds[k] = v
	}
	if m.DeclaresFields() {
		// An engine's fields are its own schema's; declared ones are only
		// for a game without one or with the generic one (gamedata reports
		// them otherwise).
		for _, f := range m.FieldsOf(id) {
			if _, generic := genericKinds[f.Name]; generic || slices.Contains(d.Declared, f.Name) {
				continue
			}
			d.Kinds[f.Name] = declaredKinds[f.Type]
			d.Declared = append(d.Declared, f.Name)
		}
	}
	return d, nil
}

// DeckCards is the mapping nodes of the deck's cards, in game order.
func DeckCards(g *gamedata.Data, deck string) []*yaml.Node {
	var out []*yaml.Node
	for _, c := range g.Cards {
		if c.Deck == deck && c.Node != nil {
			out = append(out, c.Node)
		}
	}
	return out
}

// fileName is the manifest schema's pattern of a file a game names.
var fileName = regexp.MustCompile(`^([A-Za-z0-9_-][A-Za-z0-9_.-]*/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*\.ya?ml$`)

// ValidName reports whether name (slash-separated, relative to the game
// folder) is a card file name game.yaml may list.
func ValidName(name string) bool {
	return fileName.MatchString(name) && !strings.HasPrefix(name, gamedata.SchemaDir+"/")
}

// Modeline is the first line of a new card file at name in game g: the
// game's own schema folder when it has one (or needs one: a game whose
// decks declare its fields), else its engine's schema in the repository.
func Modeline(g *gamedata.Data, name string, local bool) string {
	up := strings.Repeat("../", strings.Count(name, "/"))
	if local || g.Manifest.DeclaresFields() {
		return source.ModelinePrefix + up + gamedata.SchemaDir + "/" + schema.EngineCards
	}
	return source.ModelinePrefix + "../../" + up + schema.EnginePath(g.Manifest.Engine, schema.EngineCards)
}

// HasSchemaFolder reports whether the game folder holds its own schema/
// folder (written by cardpress schema), as validation decides it.
func HasSchemaFolder(dir *fileio.Dir) bool {
	info, err := dir.Stat(gamedata.SchemaDir + "/" + path.Base(schema.Manifest))
	return err == nil && info.Mode().IsRegular()
}

// CheckFiles validates game g as it would be with the card files
// written (name: data) in it, the way `cardpress validate` does (engine
// built, references checked): the game is loaded in place with those files
// as edits over its folder (and listed in game.yaml if they are not yet),
// so every picture a new card names, by a value or through a layout
// template, is there as it is on disk. The findings name the game's own
// paths and lines.
func CheckFiles(g *gamedata.Data, written map[string][]byte) ([]finding.Finding, error) {
	dir, err := fileio.OpenDir(g.Dir)
	if err != nil {
		return nil, err
	}
	manifestData, err := dir.ReadFile(gamedata.ManifestName, source.MaxSize)
	dir.Close()
	if err != nil {
		return nil, fmt.Errorf("%s: %s", filepath.Join(g.Dir, gamedata.ManifestName), fileio.Describe(err))
	}
	edited := map[string][]byte{}
	shift := func(line int) int { return line }
	for _, name := range slices.Sorted(maps.Keys(written)) {
		edited[name] = written[name]
		if slices.Contains(g.Manifest.Files.Cards, name) {
			continue
		}
		var more func(int) int
		manifestData, more, err = listCardFile(manifestData, name)
		if err != nil {
			return nil, err
		}
		before := shift
		shift = func(line int) int { return before(more(line)) }
	}
	edited[gamedata.ManifestName] = manifestData
	_, found := pipeline.LoadEdited(g.Dir, edited)
	manifest := filepath.Join(g.Dir, gamedata.ManifestName)
	for i := range found {
		if found[i].File == manifest {
			found[i].Line = shift(found[i].Line)
		}
	}
	return finding.Sort(found), nil
}

// listCardFile adds name to the card files game.yaml lists, changing as
// little of the text as it can: into a flow list [a, b] on its line, or
// as a line of its own after a block list's last entry (shift then maps
// a later line back).
func listCardFile(manifest []byte, name string) ([]byte, func(int) int, error) {
	same := func(l int) int { return l }
	f, _ := source.Parse(gamedata.ManifestName, manifest)
	if f == nil {
		return manifest, same, nil // the game does not load; validation says why
	}
	files := mapValue(f.Root, "files")
	list := mapValue(files, "cards")
	if list == nil || list.Kind != yaml.SequenceNode || len(list.Content) == 0 {
		return manifest, same, nil
	}
	lines := strings.SplitAfter(string(manifest), "\n")
	last := list.Content[len(list.Content)-1]
	if last.Line < 1 || last.Line > len(lines) {
		return nil, nil, fmt.Errorf("game.yaml: cannot add %s to its card files", name)
	}
	line := lines[last.Line-1]
	if list.Style&yaml.FlowStyle != 0 {
		// The entries are file names (no brackets in them): the list's
		// closing bracket is the first one after the last entry.
		start := min(len(line), max(0, last.Column-1))
		end := strings.IndexByte(line[start:], ']')
		if end < 0 {
			return nil, nil, fmt.Errorf("game.yaml: write files.cards on one line ([a.yaml, b.yaml]) or one entry a line for import to add %s", name)
		}
		at := start + end
		lines[last.Line-1] = line[:at] + ", " + name + line[at:]
		return []byte(strings.Join(lines, "")), same, nil
	}
	dash := strings.LastIndex(line[:min(len(line), max(0, last.Column-1))], "-")
	if dash < 0 {
		return nil, nil, fmt.Errorf("game.yaml: cannot add %s to its card files", name)
	}
	eol := "\n"
	if !strings.HasSuffix(line, "\n") {
		lines[last.Line-1] += "\n"
	}
	added := last.Line + 1
	lines = slices.Insert(lines, last.Line, line[:dash]+"- "+name+eol)
	return []byte(strings.Join(lines, "")), func(l int) int {
		if l >= added {
			return l - 1
		}
		return l
	}, nil
}

var mapValue = source.MapValue

// SameFinding reports whether a and b say the same thing about the same
// file, wherever in it: a problem the game had before an import, in a
// file whose lines the import moved.
func SameFinding(a, b finding.Finding) bool {
	return a.File == b.File && a.Code == b.Code && a.Message == b.Message && a.Severity == b.Severity
}
