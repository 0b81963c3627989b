package gamedata

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/schema"
	"github.com/cardpress/cardpress/source"

	"go.yaml.in/yaml/v3"
)

// What reading a file reports (open): the file and its YAML (package
// source), the characters no font has, and its schema (package schema).
var (
	_ = registerCheck(Check{
		ID:  "yaml",
		Doc: "Checks that each file the game names can be read as one YAML document: present, inside the game folder, not too large, UTF-8 text, valid YAML without duplicate keys or runaway aliases, and the modeline editors check it by.",
		Codes: []*finding.Code{source.CodeFileMissing, source.CodeFileOutside, source.CodeFileRead, source.CodeFileEmpty, source.CodeFileTooLarge,
			source.CodeFileBinary, source.CodeFileNotUTF8, source.CodeSyntax, source.CodeTabIndent, source.CodeDuplicateKey, source.CodeKey,
			source.CodeAliasLimit, source.CodeAliasCycle, source.CodeMappingLimit, source.CodeModeline},
		Reading: true,
	})
	_ = registerCheck(Check{
		ID:      "file-glyphs",
		Doc:     "Checks as each file is read that every character of its text is in some font the game prints with.",
		Codes:   []*finding.Code{source.CodeGlyph},
		Reading: true,
	})
	_ = registerCheck(Check{
		ID:      "schema",
		Doc:     "Checks each file against its JSON Schema (cardpress's, the engine's, or the one its decks' declared fields make): known keys, types, values, required fields and bounds.",
		Codes:   []*finding.Code{schema.CodeUnknownField, schema.CodeType, schema.CodeEnum, schema.CodeRequired, schema.CodeOther},
		Reading: true,
	})
)

// doc is one loaded YAML file: its nodes and, when aliases allowed it, its
// plain values with the positions of each.
type doc struct {
	file  *source.File
	val   *source.Value // nil when conversion failed
	lines []int         // byte offset of each line's start, built on demand
}

// line returns the text of 1-based line n, or "".
func (d *doc) line(n int) string {
	data := d.file.Data
	if d.lines == nil {
		d.lines = []int{0}
		for i, b := range data {
			if b == '\n' {
				d.lines = append(d.lines, i+1)
			}
		}
	}
	if n < 1 || n > len(d.lines) {
		return ""
	}
	end := len(data)
	if n < len(d.lines) {
		end = d.lines[n] - 1
	}
	return strings.TrimSuffix(string(data[d.lines[n-1]:end]), "\r")
}

// open reads, converts and checks the file at name in the game folder:
// encoding, syntax, modeline, glyphs and, when sch is set, its schema. It
// returns nil when the file cannot be read at all, or would take the game
// past MaxGameValues; the findings say why.
func (l *loader) open(name string, sch *schema.Schema, modeline []string) (*doc, []finding.Finding) {
	f, found := source.ReadIn(l.dir, name)
	if f == nil {
		return nil, found
	}
	if l.values+f.Values > MaxGameValues {
		return nil, []finding.Finding{CodeGameTooLarge.At(f.Pos(nil),
			"not read: the file holds %d YAML values, which would take the game to %d, over the limit of %d", f.Values, l.values+f.Values, MaxGameValues)}
	}
	l.values += f.Values
	if l.playsFrom(name) {
		// Line ends as LF: a checkout on Windows plays the same game.
		data := bytes.ReplaceAll(f.Data, []byte("\r\n"), []byte("\n"))
		fmt.Fprintf(l.played, "%s\x00%d\x00", name, len(data))
		l.played.Write(data)
	}
	d := &doc{file: f}
	if len(modeline) > 0 {
		found = append(found, source.CheckModeline(f, modeline[0], modeline[1:]...)...)
	}
	found = append(found, l.checkGlyphs(f)...)
	val, cfs := source.Convert(f)
	found = append(found, cfs...)
	d.val = val
	if val != nil && sch != nil {
		found = append(found, d.problems(sch.Validate(val.Data), nil)...)
	}
	return d, found
}

// playsFrom says whether the game's play reads the file named name:
// game.yaml (parameters, variants), the cards and the rules, not the
// layout, reference sheet or rules tests.
func (l *loader) playsFrom(name string) bool {
	f := l.g.Manifest.Files
	return name == ManifestName || name == f.Rules || slices.Contains(f.Cards, name)
}

// modeline is the $schema a file named name (relative to its game folder)
// should carry, then the other one it may carry. A game folder with its
// own schema/ folder (written by `cardpress schema`) points there, wherever
// it lives; otherwise the game is taken to live in cards/<game>/, two
// levels below the repository root where schema/ and engine/ are, though
// the local path is accepted too (validate then says the folder is
// missing, if the game needs it).
func (l *loader) modeline(name, repoPath string) []string {
	repo := strings.Repeat("../", 2+strings.Count(name, "/")) + repoPath
	local := localModeline(name, path.Base(repoPath))
	if l.local {
		return []string{local, repo}
	}
	return []string{repo, local}
}

// localModeline is the $schema of file name for schema/<schemaName> in its
// own game folder.
func localModeline(name, schemaName string) string {
	return strings.Repeat("../", strings.Count(name, "/")) + SchemaDir + "/" + schemaName
}

// problems turns schema problems into findings at the offending key or
// value. rewrite, when set, maps a problem's path into this file (for the
// parameter defaults, validated as an object built from the manifest).
func (d *doc) problems(ps []schema.Problem, rewrite func(schema.Problem) (schema.Problem, bool)) []finding.Finding {
	found := make([]finding.Finding, 0, len(ps))
	for _, p := range ps {
		if rewrite != nil {
			var ok bool
			if p, ok = rewrite(p); !ok {
				continue
			}
		}
		loc := d.val.Lookup(p.Path)
		n := loc.Value
		if p.Key && loc.Key != nil {
			n = loc.Key
		}
		found = append(found, p.Code.At(d.file.Pos(n), "%s", p.Message))
	}
	return found
}

// node returns the value node at path, or nil.
func (d *doc) node(path ...string) *yaml.Node {
	if d == nil || d.val == nil {
		return nil
	}
	if !d.has(path) {
		return nil
	}
	return d.val.Lookup(path).Value
}

// has reports whether the value at path exists (Lookup falls back to
// ancestors, which is right for errors but not for "is it there").
func (d *doc) has(path []string) bool {
	_, ok := schema.Lookup(d.val.Data, path...)
	return ok
}

// pos is the position of the value at path, falling back to the nearest
// ancestor that exists (and to the file's first line).
func (d *doc) pos(path ...string) finding.Pos {
	if d == nil {
		return finding.Pos{}
	}
	if d.val == nil {
		return d.file.Pos(d.file.Root)
	}
	return d.file.Pos(d.val.Lookup(path).Value)
}

// keyPos is the position of the key of the entry at path.
func (d *doc) keyPos(path ...string) finding.Pos {
	if d == nil || d.val == nil {
		return d.pos(path...)
	}
	loc := d.val.Lookup(path)
	if loc.Key != nil {
		return d.file.Pos(loc.Key)
	}
	return d.file.Pos(loc.Value)
}

// filePos is the position of the file as a whole (its first line).
func (d *doc) filePos() finding.Pos {
	return finding.Pos{File: d.file.Name, Line: 1, Col: 1}
}

// decode fills out from n. yaml.v3 is fed untrusted trees here, so a panic
// is turned into an error rather than a crash.
func decode(n *yaml.Node, out any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("cannot decode: %v", r)
		}
	}()
	if n == nil {
		return nil
	}
	return n.Decode(out)
}
