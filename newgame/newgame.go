// Package newgame makes the files of a new game folder: the blank template
// (a small game with declared card fields and no rules engine) or a copy of
// an existing game under a new id and title. It never overwrites a file:
// the target must be a new or empty folder, and what it wrote is removed
// again if a later step fails.
package newgame

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"text/template"
	"unicode"
	"unicode/utf8"

	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/internal/slug"
	"github.com/cardpress/cardpress/internal/yamltext"
	"github.com/cardpress/cardpress/source"
)

//go:embed templates
var templates embed.FS

// File is one file of a game folder: its slash-separated name relative to
// the folder, and its bytes.
type File struct {
	Name string
	Data []byte
}

// Manifest is the name of a game's manifest; the files it names are the game.
const Manifest = "game.yaml"

// Limits of the id and title, the manifest schema's.
const (
	maxID    = 64
	maxTitle = 100
)

var idPattern = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)

// CheckID says why id cannot be a game's id, or nil.
func CheckID(id string) error {
	switch {
	case id == "":
		return errors.New("the id is empty")
	case len(id) > maxID:
		return fmt.Errorf("the id %q is longer than %d characters", id, maxID)
	case !idPattern.MatchString(id):
		return fmt.Errorf("the id %q must be lowercase letters, digits and hyphens, starting with a letter", id)
	}
	return nil
}

// IDFrom makes an id from a folder name: lowercased, accents dropped
// ("Café" gives "cafe"), every run of other characters than a-z, 0-9 and
// '-' made one hyphen, hyphens trimmed at the ends. A name that gives no
// letter to start with is an error: the caller asks for --id then.
func IDFrom(name string) (string, error) {
	id := slug.Make(name, maxID)
	if err := CheckID(id); err != nil {
		return "", fmt.Errorf("cannot make a game id from the folder name %q (ids start with a lowercase letter); give one with --id", name)
	}
	return id, nil
}

// TitleFrom makes a title from a folder name or an id: its words (runs of
// letters and digits) with their first letters capitalised.
func TitleFrom(name string) string {
	words := strings.FieldsFunc(name, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	for i, w := range words {
		r, n := utf8.DecodeRuneInString(w)
		words[i] = string(unicode.ToUpper(r)) + w[n:]
	}
	return strings.Join(words, " ")
}

// CheckTitle says why title cannot be printed as a game's title, or nil.
// Braces are refused because the reference sheet's texts are templates in
// which braces mark placeholders, and the title is written into them.
func CheckTitle(title string) error {
	if strings.TrimSpace(title) == "" {
		return errors.New("the title is empty")
	}
	if n := utf8.RuneCountInString(title); n > maxTitle {
		return fmt.Errorf("the title is %d characters long; at most %d", n, maxTitle)
	}
	for _, r := range title {
		switch {
		case r == utf8.RuneError:
			return errors.New("the title is not valid UTF-8")
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029':
			return errors.New("the title holds a control character")
		case r > 0xFFFF:
			return fmt.Errorf("the title holds %q, which the PDF fonts cannot print", r)
		case r == '{' || r == '}':
			return errors.New("the title may not hold { or }: they mark placeholders in the reference sheet")
		}
	}
	return nil
}

// Blank is the blank template's files for a game with this id and title,
// game.yaml first.
func Blank(id, title string) ([]File, error) {
	const dir = "templates/blank"
	entries, err := fs.ReadDir(templates, dir)
	if err != nil {
		return nil, err
	}
	funcs := template.FuncMap{"yaml": yamltext.Quote, "id": plainOrQuoted}
	vars := struct{ ID, Title string }{id, title}
	var files []File
	for _, e := range entries {
		src, err := fs.ReadFile(templates, path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		t, err := template.New(e.Name()).Funcs(funcs).Option("missingkey=error").Parse(string(src))
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		if err := t.Execute(&b, vars); err != nil {
			return nil, err
		}
		files = append(files, File{Name: e.Name(), Data: b.Bytes()})
	}
	return ordered(files)
}

// ordered puts the blank template's files in the order its manifest names
// them, game.yaml first, and makes sure it names every one: a template
// file left out of files would be written and then ignored.
func ordered(files []File) ([]File, error) {
	byName := map[string]File{}
	for _, f := range files {
		byName[f.Name] = f
	}
	m, ok := byName[Manifest]
	if !ok {
		return nil, errors.New("the template has no " + Manifest)
	}
	parsed, err := parse(Manifest, m.Data)
	if err != nil {
		return nil, err
	}
	names, err := namedFiles(Manifest, parsed)
	if err != nil {
		return nil, err
	}
	out := []File{m}
	for _, n := range names {
		f, ok := byName[n.name]
		if !ok {
			return nil, fmt.Errorf("the template's %s names %s, which it lacks", Manifest, n.name)
		}
		out = append(out, f)
	}
	if len(out) != len(files) {
		return nil, fmt.Errorf("the template holds files its %s does not name", Manifest)
	}
	return out, nil
}

// Modeline is the first line a file at name (relative to its game folder)
// needs for an editor to validate it against the game's own schema file
// schemaFile in <game>/schema/.
func Modeline(name, schemaFile string) string {
	return source.ModelinePrefix + strings.Repeat("../", strings.Count(name, "/")) + "schema/" + schemaFile
}

// setModeline makes data's first line the modeline: it replaces a
// yaml-language-server comment there, or goes in front of the file.
func setModeline(data []byte, modeline string) []byte {
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	first, rest, found := bytes.Cut(data, []byte("\n"))
	eol := "\n"
	if bytes.HasSuffix(first, []byte("\r")) {
		eol = "\r\n"
	}
	if bytes.HasPrefix(first, []byte("# yaml-language-server:")) {
		if !found {
			rest = nil
		}
		return append([]byte(modeline+eol), rest...)
	}
	return append([]byte(modeline+eol), data...)
}

// RefusedError is a path new will not write to: a target folder that
// exists and is not an empty folder, or a file that appeared in it.
type RefusedError struct {
	Path, Why string
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("%s %s; cardpress new writes only into a new or empty folder and never overwrites a file", e.Path, e.Why)
}

// Target is the folder a new game is written into. It records what it
// made, so that a failed step can take it back.
type Target struct {
	dir  string
	made []string        // folders on the way to dir created, outermost first
	out  *fileio.OutRoot // dir, once made: every file is written through it
}

// Prepare checks that dir is missing or an empty folder; a *RefusedError
// says it is not. Nothing is created yet.
func Prepare(dir string) (*Target, error) {
	info, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &Target{dir: dir}, nil
	case err != nil:
		return nil, err
	case info.Mode()&fs.ModeSymlink != 0:
		// Writing through a link would write where the link points.
		return nil, &RefusedError{Path: dir, Why: "is a symbolic link"}
	case !info.IsDir():
		return nil, &RefusedError{Path: dir, Why: "exists and is not a folder"}
	}
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	names, err := f.Readdirnames(1)
	if len(names) > 0 {
		return nil, &RefusedError{Path: dir, Why: "exists and is not empty"}
	}
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return &Target{dir: dir}, nil
}

// Out is the new game's folder as an output folder, for the steps that
// write into it after Write (its schemas): what they write is taken back
// by Undo too. It is nil before Write.
func (t *Target) Out() *fileio.OutRoot { return t.out }

// Written lists the paths of the files written so far.
func (t *Target) Written() []string {
	if t.out == nil {
		return nil
	}
	var paths []string
	for _, name := range t.out.Written() {
		paths = append(paths, t.out.Join(name))
	}
	return paths
}

// Write writes files into the folder, creating it (and missing parents)
// first, through the folder (fileio.OutRoot), so no link inside it is
// followed. Names must stay inside it; a file that exists by the time it
// is written (someone else is writing there too) stops the writing.
func (t *Target) Write(files []File) error {
	if err := t.open(); err != nil {
		return err
	}
	for _, f := range files {
		if !filepath.IsLocal(filepath.FromSlash(f.Name)) {
			return fmt.Errorf("%s: not a file name inside the game folder", f.Name)
		}
		if _, err := t.out.Lstat(f.Name); !errors.Is(err, fs.ErrNotExist) {
			return &RefusedError{Path: t.out.Join(f.Name), Why: "appeared while the game was being written"}
		}
		if err := t.out.WriteFile(f.Name, f.Data); err != nil {
			return err
		}
	}
	return nil
}

// open makes the folder and the parents it lacks, noting each for Undo,
// and opens it for writing. The folder was named by the user, so the
// path to it is theirs.
func (t *Target) open() error {
	if t.out != nil {
		return nil
	}
	var missing []string
	for d := t.dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil || !errors.Is(err, fs.ErrNotExist) {
			break
		}
		missing = append(missing, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	slices.Reverse(missing)
	for _, d := range missing {
		if err := os.Mkdir(d, 0o755); err != nil {
			return err
		}
		t.made = append(t.made, d)
	}
	out, err := fileio.OpenOut(t.dir)
	if err != nil {
		return err
	}
	t.out = out
	return nil
}

// Undo removes what the target wrote (through Write or Out) and the
// folders it made, inside the folder and on the way to it. Folders that
// are not empty by then hold someone else's files and stay. Failures are
// ignored: undoing is best effort after an error that is reported anyway.
func (t *Target) Undo() {
	if t.out != nil {
		t.out.RemoveWritten()
		t.out.Close()
		t.out = nil
	}
	for _, d := range slices.Backward(t.made) {
		if info, err := os.Lstat(d); err == nil && info.IsDir() {
			os.Remove(d) // an empty folder only
		}
	}
	t.made = nil
}

// Close releases the folder once the game is written.
func (t *Target) Close() error {
	if t.out == nil {
		return nil
	}
	return t.out.Close()
}
