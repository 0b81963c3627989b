package newgame

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/internal/yamltext"
	"github.com/cardpress/cardpress/source"

	"go.yaml.in/yaml/v3"
)

// fileName is the manifest schema's pattern of a file a game names:
// relative, subfolders allowed, no "..".
var fileName = regexp.MustCompile(`^([A-Za-z0-9_-][A-Za-z0-9_.-]*/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*\.ya?ml$`)

// Copy returns the files of a copy of the game in folder src under a new id
// and title: game.yaml and every file its files section names, each first
// line made the modeline of the copy's own schema folder, and the pictures
// its cards, layout and backs name, as they are. Files are read
// inside src only (a link out of it is refused), regular files within the
// size limits validation applies.
func Copy(src, id, title string) ([]File, error) {
	dir, err := fileio.OpenDir(src)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", src, fileio.Describe(err))
	}
	defer dir.Close()

	var total int64
	read := func(name string) ([]byte, error) {
		data, err := dir.ReadFile(name, source.MaxSize)
		if err != nil {
			return nil, fmt.Errorf("%s: %s", filepath.Join(src, filepath.FromSlash(name)), fileio.Describe(err))
		}
		if total += int64(len(data)); total > gamedata.MaxGameBytes {
			return nil, fmt.Errorf("%s: the game's files add up to more than %s", src, fileio.Size(gamedata.MaxGameBytes))
		}
		return data, nil
	}

	if _, err := dir.Stat(Manifest); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: not a game folder: it has no %s", src, Manifest)
	}
	data, err := read(Manifest)
	if err != nil {
		return nil, err
	}
	path := filepath.Join(src, Manifest)
	manifest, err := parse(path, data)
	if err != nil {
		return nil, err
	}
	named, err := namedFiles(path, manifest)
	if err != nil {
		return nil, err
	}
	data, err = retitle(path, data, manifest, id, title)
	if err != nil {
		return nil, err
	}
	files := []File{{Name: Manifest, Data: setModeline(data, Modeline(Manifest, "manifest.schema.json"))}}
	for _, n := range named {
		data, err := read(n.name)
		if err != nil {
			return nil, err
		}
		files = append(files, File{Name: n.name, Data: setModeline(data, Modeline(n.name, n.schema))})
	}
	// The pictures (and fonts) the game names come along as they are,
	// read the way validation reads them: inside src, within the limits.
	if g, _ := gamedata.Load(src, nil); g != nil {
		for _, name := range slices.Sorted(maps.Keys(g.Assets)) {
			files = append(files, File{Name: name, Data: g.Assets[name]})
		}
	}
	return files, nil
}

// parse parses a YAML file the way validation does (hostile-input guards
// included); its first error becomes the error.
func parse(path string, data []byte) (*source.File, error) {
	f, found := source.Parse(path, data)
	for _, fd := range found {
		if fd.Severity == finding.Error {
			return nil, errors.New(fd.String())
		}
	}
	if f == nil || f.Root.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s: not a game manifest (a YAML mapping)", path)
	}
	return f, nil
}

// named is a file game.yaml names, with the schema file that validates it.
type named struct{ name, schema string }

// namedFiles lists the card files, the layout and the reference sheet the
// manifest names, each once, in that order.
func namedFiles(path string, f *source.File) ([]named, error) {
	val, found := source.Convert(f)
	for _, fd := range found {
		if fd.Severity == finding.Error {
			return nil, errors.New(fd.String())
		}
	}
	m, _ := val.Data.(map[string]any)
	files, ok := m["files"].(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s: has no files section naming the game's files", path)
	}
	var out []named
	seen := map[string]bool{Manifest: true}
	add := func(v any, schema string) error {
		name, ok := v.(string)
		if !ok || !fileName.MatchString(name) {
			return fmt.Errorf("%s: files names %s, which is not a YAML file name inside the game folder", path, finding.Visible(fmt.Sprint(v)))
		}
		if !seen[name] {
			seen[name] = true
			out = append(out, named{name, schema})
		}
		return nil
	}
	cards, _ := files["cards"].([]any)
	if len(cards) == 0 {
		return nil, fmt.Errorf("%s: files names no card files", path)
	}
	for _, c := range cards {
		if err := add(c, "cards.schema.json"); err != nil {
			return nil, err
		}
	}
	if err := add(files["layout"], "layout.schema.json"); err != nil {
		return nil, err
	}
	if ref, ok := files["reference"]; ok {
		if err := add(ref, "reference.schema.json"); err != nil {
			return nil, err
		}
	}
	if rules, ok := files["rules"]; ok {
		if err := add(rules, "rules.schema.json"); err != nil {
			return nil, err
		}
	}
	tests, _ := files["tests"].([]any)
	for _, t := range tests {
		if err := add(t, "tests.schema.json"); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// retitle rewrites the top-level id and title lines of a manifest, keeping
// everything else as written, comments included. The result is parsed
// again and must differ from the original in those two values only, so an
// unusual spelling (a value over several lines, a flow-style manifest)
// is an error rather than a broken copy.
func retitle(path string, data []byte, f *source.File, id, title string) ([]byte, error) {
	lines := strings.SplitAfter(string(data), "\n")
	want := map[string]string{"id": plainOrQuoted(id), "title": yamltext.Quote(title)}
	done := map[string]bool{}
	root := f.Root
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		val, ok := want[k.Value]
		if !ok || k.Style != 0 || k.Column != 1 || k.Line < 1 || k.Line > len(lines) {
			continue
		}
		line := lines[k.Line-1]
		rest, ok := strings.CutPrefix(line, k.Value)
		if rest = strings.TrimLeft(rest, " \t"); !ok || !strings.HasPrefix(rest, ":") {
			continue
		}
		eol := line[len(strings.TrimRight(line, "\r\n")):]
		comment := v.LineComment
		if comment == "" {
			comment = k.LineComment
		}
		if comment != "" {
			comment = " " + comment
		}
		lines[k.Line-1] = k.Value + ": " + val + comment + eol
		done[k.Value] = true
	}
	for _, key := range []string{"id", "title"} {
		if !done[key] {
			return nil, fmt.Errorf("%s: no top-level %q line to rewrite", path, key)
		}
	}
	out := []byte(strings.Join(lines, ""))
	if err := sameBut(path, data, out, id, title); err != nil {
		return nil, err
	}
	return out, nil
}

// sameBut checks that after holds what before does with id and title
// replaced.
func sameBut(path string, before, after []byte, id, title string) error {
	values := func(data []byte) map[string]any {
		f, _ := source.Parse(path, data)
		if f == nil {
			return nil
		}
		v, _ := source.Convert(f)
		m, _ := v.Data.(map[string]any)
		return m
	}
	old, now := values(before), values(after)
	if old == nil || now == nil {
		return fmt.Errorf("%s: cannot rewrite its id and title lines", path)
	}
	old["id"], old["title"] = id, title
	if !reflect.DeepEqual(old, now) {
		return fmt.Errorf("%s: cannot rewrite its id and title: write each on one line of its own (id: x, title: y)", path)
	}
	return nil
}

// yamlWords are plain scalars YAML (1.1 or 1.2) may read as something
// other than a string.
var yamlWords = map[string]bool{"null": true, "true": true, "false": true, "yes": true, "no": true, "on": true, "off": true, "y": true, "n": true}

// plainOrQuoted writes an id as it is unless YAML would read it as a
// boolean or null.
func plainOrQuoted(id string) string {
	if yamlWords[id] {
		return yamltext.Quote(id)
	}
	return id
}
