// Package source reads cardpress YAML files defensively: whatever the bytes,
// a file either parses into a node tree with positions or yields one clear
// one-line finding, and nothing panics. It also converts node trees to plain
// values for JSON Schema validation while remembering where each value came
// from, so schema errors are reported at file:line:col.
package source

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/fileio"

	"go.yaml.in/yaml/v3"
)

// MaxSize is the largest file read. Card data is a few kilobytes (the
// largest shipped file is 11 KB); anything near this is a mistake (or an
// attack) and is rejected before reading. It bounds what the YAML parser
// builds before any other check can run: about 200 bytes of node tree per
// value, so at worst some 100 MB for a file of one-character values.
const MaxSize = 1 << 20

// MaxKeys is the most keys one mapping may have. Decoding a mapping into a
// struct (yaml.v3's Node.Decode) compares every key with every other, so a
// mapping of 200,000 keys takes minutes; no cardpress mapping needs more
// than a few hundred.
const MaxKeys = 1000

// Finding codes reported by this package: a file that cannot be read as
// YAML text, YAML syntax, and the checks of parsed YAML.
var (
	CodeFileMissing = finding.Declare(finding.Code{ID: "FILE_MISSING", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A file (or a file named in game.yaml) does not exist."})
	CodeFileOutside = finding.Declare(finding.Code{ID: "FILE_OUTSIDE", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A file, or a game folder in a folder of games, is a symbolic link to a place outside its folder; it is not opened."})
	CodeFileRead = finding.Declare(finding.Code{ID: "FILE_READ", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A file or folder cannot be read (permission denied), or is not a regular file (a FIFO, a device)."})
	CodeFileEmpty = finding.Declare(finding.Code{ID: "FILE_EMPTY", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A file is empty or holds only comments."})
	CodeFileTooLarge = finding.Declare(finding.Code{ID: "FILE_TOO_LARGE", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A file is larger than the 1 MiB limit."})
	CodeFileBinary = finding.Declare(finding.Code{ID: "FILE_BINARY", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A file contains NUL bytes: it is binary, not YAML."})
	CodeFileNotUTF8 = finding.Declare(finding.Code{ID: "FILE_NOT_UTF8", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A file is not valid UTF-8 text (reported at the first bad byte)."})
	CodeSyntax = finding.Declare(finding.Code{ID: "YAML_SYNTAX", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "YAML syntax error, control character, or a second document in one file."})
	CodeTabIndent = finding.Declare(finding.Code{ID: "YAML_TAB_INDENT", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A line is indented with a tab; YAML indents with spaces."})
	CodeDuplicateKey = finding.Declare(finding.Code{ID: "YAML_DUPLICATE_KEY", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A mapping repeats a key (reported at the second one)."})
	CodeKey = finding.Declare(finding.Code{ID: "YAML_KEY", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A mapping key is a list or mapping, or a merge key (<<) has no mapping."})
	CodeAliasLimit = finding.Declare(finding.Code{ID: "YAML_ALIAS_LIMIT", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "YAML aliases expand to too many values (an alias bomb)."})
	CodeAliasCycle = finding.Declare(finding.Code{ID: "YAML_ALIAS_CYCLE", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A YAML alias is inside the value it refers to."})
	CodeMappingLimit = finding.Declare(finding.Code{ID: "YAML_MAPPING_LIMIT", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A mapping has more than 1,000 keys (decoding it would take minutes)."})
	CodeGlyph = finding.Declare(finding.Code{ID: "GLYPH_MISSING", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "Text has a character the font that prints it cannot draw, nor the fallback DejaVu Sans (or one above U+FFFF)."})
	CodeModeline = finding.Declare(finding.Code{ID: "MODELINE", Severity: finding.Warning, Scope: finding.Validate,
		Purpose: "The first line is not the yaml-language-server $schema modeline for the file."})
)

// File is one parsed YAML file.
type File struct {
	// Name is the path reported in findings.
	Name string
	// Data is the file's bytes.
	Data []byte
	// Root is the document's top node (never a DocumentNode).
	Root *yaml.Node
	// Values counts the file's nodes (aliases once, not expanded): what its
	// tree costs, for a game's budget.
	Values int
}

// Pos is the position of n in f.
func (f *File) Pos(n *yaml.Node) finding.Pos {
	if n == nil {
		return finding.Pos{File: f.Name, Line: 1, Col: 1}
	}
	return finding.Pos{File: f.Name, Line: n.Line, Col: n.Column}
}

// Read reads and parses the file at path. Only a regular file is read,
// and its size is checked before it is opened, so a huge file costs
// nothing and a FIFO or device never blocks. A nil File comes with the one
// finding saying why.
func Read(path string) (*File, []finding.Finding) {
	data, err := fileio.ReadFile(path, MaxSize)
	if err != nil {
		return nil, []finding.Finding{readFinding(path, err)}
	}
	return Parse(path, data)
}

// ReadIn reads and parses the file at name (slash-separated) inside dir,
// never leaving it: a symbolic link out of the folder is reported, not
// followed. Findings name the file as dir's path joined with name.
func ReadIn(dir *fileio.Dir, name string) (*File, []finding.Finding) {
	path := filepath.Join(dir.Path(), filepath.FromSlash(name))
	data, err := dir.ReadFile(name, MaxSize)
	if err != nil {
		return nil, []finding.Finding{readFinding(path, err)}
	}
	return Parse(path, data)
}

// readFinding words why path could not be read. It never quotes what a
// link points to: the target may be anything the process can read.
func readFinding(path string, err error) finding.Finding {
	whole := finding.Pos{File: path}
	var tooLarge *fileio.TooLargeError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return CodeFileMissing.At(whole, "file not found")
	case errors.Is(err, fileio.ErrOutside):
		return CodeFileOutside.At(whole, "a symbolic link to a place outside the game folder; not opened (copy the file into the folder instead)")
	case errors.As(err, &tooLarge):
		return CodeFileTooLarge.At(whole, "%s", tooLarge.Error())
	}
	return CodeFileRead.At(whole, "cannot read: %s", fileio.Describe(err))
}

// Parse parses data as the YAML file name. Encoding problems, syntax errors
// and alias cycles give a nil File and exactly one finding; duplicate keys
// are reported but the File is still usable.
func Parse(name string, data []byte) (f *File, found []finding.Finding) {
	whole := finding.Pos{File: name}
	if len(data) > MaxSize {
		return nil, one(whole, CodeFileTooLarge, "%s", (&fileio.TooLargeError{Size: int64(len(data)), Limit: MaxSize}).Error())
	}
	if fd := checkEncoding(name, data); fd != nil {
		return nil, []finding.Finding{*fd}
	}
	if len(bytes.TrimSpace(bytes.TrimPrefix(data, utf8BOM))) == 0 {
		return nil, one(whole, CodeFileEmpty, "file is empty")
	}
	root, extra, err := decode(data)
	if err != nil {
		return nil, []finding.Finding{syntaxFinding(name, data, err)}
	}
	if root == nil {
		return nil, one(whole, CodeFileEmpty, "file has no content, only comments")
	}
	f = &File{Name: name, Data: data, Root: root}
	if extra != nil {
		found = append(found, CodeSyntax.At(f.Pos(extra), "a second YAML document (after ---) is not allowed; one file holds one document"))
	}
	if fd := checkCycles(f); fd != nil {
		return nil, []finding.Finding{*fd}
	}
	dups, wide := walkMappings(f)
	if wide != nil {
		return nil, []finding.Finding{CodeMappingLimit.At(f.Pos(wide),
			"a mapping with %d keys; at most %d are allowed (write a list instead)", len(wide.Content)/2, MaxKeys)}
	}
	return f, append(found, dups...)
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// decode parses the first document and reports whether another follows.
// The parser is third-party code fed untrusted bytes, so a panic in it
// becomes an error instead of a crash.
func decode(data []byte) (root, extra *yaml.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("cannot parse YAML: %v", r)
		}
	}()
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil, nil
		}
		return nil, nil, err
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case errors.Is(err, io.EOF):
	case err != nil:
		return nil, nil, err
	default:
		extra = &next
		if len(next.Content) > 0 {
			extra = next.Content[0]
		}
	}
	if len(doc.Content) == 0 {
		return nil, extra, nil
	}
	return doc.Content[0], extra, nil
}

// checkEncoding rejects what is not UTF-8 text, at the first offending byte.
func checkEncoding(name string, data []byte) *finding.Finding {
	if bytes.HasPrefix(data, []byte{0xFF, 0xFE}) || bytes.HasPrefix(data, []byte{0xFE, 0xFF}) {
		fd := CodeFileNotUTF8.At(finding.Pos{File: name, Line: 1, Col: 1}, "file is UTF-16 encoded; save it as UTF-8")
		return &fd
	}
	if i := bytes.IndexByte(data, 0); i >= 0 {
		fd := CodeFileBinary.At(posAt(name, data, i), "file contains NUL bytes: it is binary, not YAML text")
		return &fd
	}
	if !utf8.Valid(data) {
		i := firstInvalid(data)
		fd := CodeFileNotUTF8.At(posAt(name, data, i), "invalid UTF-8 byte 0x%02X; save the file as UTF-8", data[i])
		return &fd
	}
	for i, r := range string(data) {
		if !printable(r) {
			fd := CodeSyntax.At(posAt(name, data, i), "control character U+%04X is not allowed in YAML", r)
			return &fd
		}
	}
	return nil
}

func firstInvalid(data []byte) int {
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return 0
}

// printable is YAML 1.2's c-printable set (plus the BOM, which the parser
// skips), checked here because the parser's own error has no position.
func printable(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r':
		return true
	case r < 0x20 || r == 0x7F:
		return false
	case r >= 0x80 && r <= 0x9F:
		return r == 0x85
	case r >= 0xD800 && r <= 0xDFFF, r == 0xFFFE, r == 0xFFFF:
		return false
	}
	return true
}

// posAt turns a byte offset into a 1-based line and a column counted in
// characters, as the YAML parser counts them.
func posAt(name string, data []byte, off int) finding.Pos {
	line := 1 + bytes.Count(data[:off], []byte{'\n'})
	start := bytes.LastIndexByte(data[:off], '\n') + 1
	return finding.Pos{File: name, Line: line, Col: 1 + utf8.RuneCount(data[start:off])}
}

var (
	lineErr   = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)
	anchorErr = regexp.MustCompile(`^yaml: unknown anchor '(.*)' referenced$`)
)

// syntaxFinding turns a parser error into a finding at its line. The
// parser's messages for tab indentation are cryptic, so a failing file with
// a tab in its indentation gets the plain explanation instead.
func syntaxFinding(name string, data []byte, err error) finding.Finding {
	msg := oneLine(err.Error())
	line := 0
	if m := lineErr.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = m[2]
		line = problemLine(data, msg, line)
	}
	if pos, ok := tabIndent(name, data, line); ok {
		return CodeTabIndent.At(pos, "tab in indentation; YAML indents with spaces only")
	}
	if m := anchorErr.FindStringSubmatch(msg); m != nil {
		pos := finding.Pos{File: name}
		if i := bytes.Index(data, []byte("*"+m[1])); i >= 0 {
			pos = posAt(name, data, i)
		}
		return CodeSyntax.At(pos, "alias *%s names no anchor (&%s) defined before it", m[1], m[1])
	}
	msg = strings.TrimPrefix(msg, "yaml: ")
	if plain, ok := plainSyntax[msg]; ok {
		msg = plain
	}
	if line > 0 {
		return CodeSyntax.At(firstChar(name, data, line), "%s", msg)
	}
	return CodeSyntax.At(finding.Pos{File: name}, "%s", msg)
}

// plainSyntax rewords the parser messages designers meet most.
var plainSyntax = map[string]string{
	"found unexpected end of stream":                 "the file ends inside a quoted text that is never closed",
	"did not find expected ',' or ']'":               "a [list] is not closed with ] (or a comma is missing)",
	"did not find expected ',' or '}'":               "a {mapping} is not closed with } (or a comma is missing)",
	"mapping values are not allowed in this context": "unexpected ': ' (put text that contains ': ' in quotes, or fix the indentation)",
	"did not find expected key":                      "bad indentation: expected a key here",
	"did not find expected '-' indicator":            "bad indentation: expected a list item (- ) here",
	"could not find expected ':'":                    "expected key: value (a ':' is missing)",
}

// syntaxSearchBudget bounds the bytes problemLine re-parses (quadratic in
// the worst case), so a huge broken file costs at most this much.
const syntaxSearchBudget = 32 << 20

// problemLine finds the line that breaks the file. The parser reports the
// line where the enclosing construct started (or the one after a scanner
// error), which can be far above the mistake; the first prefix of the file
// that fails with the same message ends at the line that breaks it.
func problemLine(data []byte, msg string, reported int) int {
	spent := 0
	start := max(reported-1, 1)
	if msg == "found unexpected end of stream" {
		// An unclosed quote: yaml.v3 drops the context line when it is the
		// first one, so the report says the end of the file. Search all.
		start = 1
	}
	off := lineOffset(data, start)
	for line := start; off >= 0; line++ {
		end := bytes.IndexByte(data[off:], '\n')
		if end < 0 {
			end = len(data)
		} else {
			end += off
		}
		spent += end
		if spent > syntaxSearchBudget {
			return reported
		}
		var n yaml.Node
		err := safeUnmarshal(data[:end], &n)
		if err != nil && errText(err) == msg {
			return line
		}
		if end >= len(data) {
			break
		}
		off = end + 1
	}
	return reported
}

// errText is a parser error's message without its "yaml: line N: ".
func errText(err error) string {
	msg := oneLine(err.Error())
	if m := lineErr.FindStringSubmatch(msg); m != nil {
		return m[2]
	}
	return strings.TrimPrefix(msg, "yaml: ")
}

func safeUnmarshal(data []byte, n *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	return yaml.Unmarshal(data, n)
}

// lineOffset is the byte offset where 1-based line starts, or -1.
func lineOffset(data []byte, line int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(data[off:], '\n')
		if i < 0 {
			return -1
		}
		off += i + 1
	}
	return off
}

// firstChar is the position of the first non-blank character of line.
func firstChar(name string, data []byte, line int) finding.Pos {
	off := lineOffset(data, line)
	if off < 0 {
		return finding.Pos{File: name, Line: line, Col: 1}
	}
	text := data[off:]
	if i := bytes.IndexByte(text, '\n'); i >= 0 {
		text = text[:i]
	}
	indent := len(text) - len(bytes.TrimLeft(text, " \t"))
	if indent == len(text) {
		indent = 0
	}
	return finding.Pos{File: name, Line: line, Col: 1 + indent}
}

// tabIndent finds the first line up to line (0: any) whose indentation
// contains a tab.
func tabIndent(name string, data []byte, line int) (finding.Pos, bool) {
	for i, text := range strings.Split(string(data), "\n") {
		if line > 0 && i+1 > line {
			break
		}
		indent := text[:len(text)-len(strings.TrimLeft(text, " \t"))]
		if j := strings.IndexByte(indent, '\t'); j >= 0 && strings.TrimSpace(text) != "" {
			return finding.Pos{File: name, Line: i + 1, Col: j + 1}, true
		}
	}
	return finding.Pos{}, false
}

// walkMappings counts f's values into f.Values and reports every repeated
// mapping key at its second place (and keeps only its last value), or returns the first mapping with more
// than MaxKeys keys (then nothing else matters). Aliases are not followed:
// their targets are checked where they are defined.
func walkMappings(f *File) (dups []finding.Finding, wide *yaml.Node) {
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if wide != nil {
			return
		}
		f.Values++
		if n.Kind == yaml.MappingNode {
			if len(n.Content)/2 > MaxKeys {
				wide = n
				return
			}
			seen := make(map[string]*yaml.Node, len(n.Content)/2)
			last := make(map[string]int, len(n.Content)/2)
			repeated := false
			for i := 0; i+1 < len(n.Content); i += 2 {
				k := n.Content[i]
				if k.Kind != yaml.ScalarNode || k.Value == "<<" && k.ShortTag() == "!!merge" {
					continue
				}
				if first, ok := seen[k.Value]; ok {
					dups = append(dups, CodeDuplicateKey.At(f.Pos(k), "duplicate key %q (first at line %d)", k.Value, first.Line))
					repeated = true
				} else {
					seen[k.Value] = k
				}
				last[k.Value] = i
			}
			if repeated {
				// Reported, the repeated keys are dropped but for the last
				// (the value Convert keeps): yaml.v3 would refuse the
				// mapping when decoding, and a list would lose the item,
				// moving every later item's place.
				kept := n.Content[:0]
				for i := 0; i+1 < len(n.Content); i += 2 {
					k := n.Content[i]
					if j, ok := last[k.Value]; ok && k.Kind == yaml.ScalarNode && j != i {
						continue
					}
					kept = append(kept, k, n.Content[i+1])
				}
				n.Content = kept
			}
		}
		if n.Kind != yaml.AliasNode {
			for _, c := range n.Content {
				walk(c)
			}
		}
	}
	walk(f.Root)
	return dups, wide
}

func one(pos finding.Pos, code *finding.Code, format string, args ...any) []finding.Finding {
	return []finding.Finding{code.At(pos, format, args...)}
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// MapValue is the value of key in mapping node m, aliases followed; nil
// when m is not a mapping or has no such key. Engines read their data's
// nodes with it to keep every value's position.
func MapValue(m *yaml.Node, key string) *yaml.Node {
	m = deref(m)
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return deref(m.Content[i+1])
		}
	}
	return nil
}

// deref follows aliases to the node they name.
func deref(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}
