package tune

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/source"

	"go.yaml.in/yaml/v3"
)

// diffContext is the lines of context around each change, as diff -u.
const diffContext = 3

// Diff is game.yaml with the plan's parameters changed from the values
// from to the values to, as a unified diff (git apply, patch -p1 in the
// working folder, or in the game folder when DiffIn says so). Each value is rewritten where it is
// written: the default, or the override of the variant played. A value
// shared through a YAML anchor is not rewritten (sharedAnchor). No change
// is "".
func Diff(d *gamedata.Data, p *Plan, from, to []any) (string, error) {
	text, _, err := diff(d, p, from, to)
	return text, err
}

// diff is Diff and the folder to apply it in when it is not the working
// folder (diffName).
func diff(d *gamedata.Data, p *Plan, from, to []any) (text, in string, err error) {
	var file string
	edits := map[int][]edit{} // by 0-based line
	for i, dim := range p.Dims {
		if from[i] == to[i] {
			continue
		}
		segs := splitPath(dim.Path)
		prm := d.Params[segs[0]]
		if a := sharedAnchor(prm.Node, segs[1:]); a != "" {
			return "", "", fmt.Errorf("%s: the value is shared through the YAML anchor &%s; change it by hand (a rewrite would change every use of &%s)", dim.Path, a, a)
		}
		n, err := nodeAt(prm.Node, segs[1:])
		if err != nil {
			return "", "", fmt.Errorf("%s: %v", dim.Path, err)
		}
		if file == "" {
			file = prm.Pos.File
		} else if prm.Pos.File != file {
			return "", "", fmt.Errorf("%s is written in %s, not %s", dim.Path, prm.Pos.File, file)
		}
		edits[n.Line-1] = append(edits[n.Line-1], edit{node: n, text: scalarText(n, to[i]), path: dim.Path})
	}
	if len(edits) == 0 {
		return "", "", nil
	}
	data, err := fileio.ReadFile(file, source.MaxSize)
	if err != nil {
		return "", "", fmt.Errorf("%s: %s", file, fileio.Describe(err))
	}
	old := strings.SplitAfter(string(data), "\n")
	if old[len(old)-1] == "" {
		old = old[:len(old)-1]
	}
	changed := append([]string(nil), old...)
	for line, es := range edits {
		if line >= len(old) {
			return "", "", fmt.Errorf("%s: line %d is past the end of the file", file, line+1)
		}
		if changed[line], err = rewrite(old[line], es); err != nil {
			return "", "", fmt.Errorf("%s:%d: %v", file, line+1, err)
		}
	}
	name, in := diffName(d.Dir, file)
	return unified(filepath.ToSlash(name), old, changed), in, nil
}

// diffName is the name a diff gives file, in the game folder dir: its path
// from the working folder, where the diff then applies, or, when that path
// is absolute or climbs out (patch and git apply refuse both), its path in
// the game folder, with in the folder to apply it in.
func diffName(dir, file string) (name, in string) {
	if strings.ContainsFunc(file, unicode.IsControl) {
		// No diff name holds one that patch and git both read back.
		return filepath.Base(file), dir
	}
	if !filepath.IsAbs(file) && filepath.IsLocal(file) {
		return file, ""
	}
	if wd, err := os.Getwd(); err == nil {
		if abs, err := filepath.Abs(file); err == nil {
			if rel, err := filepath.Rel(wd, abs); err == nil && filepath.IsLocal(rel) {
				return rel, ""
			}
		}
	}
	if rel, err := filepath.Rel(dir, file); err == nil && filepath.IsLocal(rel) {
		return rel, dir
	}
	return filepath.Base(file), dir
}

// sharedAnchor is the YAML anchor the value at segs under n is shared
// through (an alias, or an anchor on the value or a node above it), or
// "". The candidate played changed that one value (Apply copies aliases);
// rewriting the anchor would change every use of it too, and rewriting an
// anchored value would drop the anchor its aliases need.
func sharedAnchor(n *yaml.Node, segs []string) string {
	for i := 0; n != nil; i++ {
		switch {
		case n.Kind == yaml.AliasNode:
			return n.Value
		case n.Anchor != "":
			return n.Anchor
		case i == len(segs):
			return ""
		}
		n, _ = child(n, segs[i])
	}
	return ""
}

type edit struct {
	node *yaml.Node
	text string
	path string
}

// rewrite replaces each edit's scalar on one line, rightmost first so the
// columns of the others hold.
func rewrite(line string, es []edit) (string, error) {
	runes := []rune(line)
	sort.Slice(es, func(i, j int) bool { return es[i].node.Column < es[j].node.Column })
	for k := len(es) - 1; k >= 0; k-- {
		e := es[k]
		at := e.node.Column - 1
		end, err := tokenEnd(runes, at, e.node)
		if err != nil {
			return "", fmt.Errorf("%s: %v", e.path, err)
		}
		runes = append(runes[:at:at], append([]rune(e.text), runes[end:]...)...)
	}
	return string(runes), nil
}

// tokenEnd is where the scalar written at column at ends, checked by
// reading it back as YAML.
func tokenEnd(line []rune, at int, n *yaml.Node) (int, error) {
	if at < 0 || at >= len(line) {
		return 0, fmt.Errorf("no value at column %d", at+1)
	}
	end := at
	style := n.Style
	if style&yaml.TaggedStyle != 0 {
		// Column is the tag's (!!int 3): a plain value is read from there
		// and rewritten without it, the type the parameter has; a quoted
		// one would need the tag kept.
		if style != yaml.TaggedStyle {
			return 0, fmt.Errorf("a value written with a YAML tag and quotes is not rewritten")
		}
		style = 0
	}
	switch style {
	case yaml.DoubleQuotedStyle, yaml.SingleQuotedStyle:
		q := line[at]
		for end = at + 1; end < len(line); end++ {
			if q == '"' && line[end] == '\\' {
				end++
				continue
			}
			if line[end] == q {
				if q == '\'' && end+1 < len(line) && line[end+1] == '\'' {
					end++
					continue
				}
				end++
				break
			}
		}
	case 0, yaml.FlowStyle:
		for end < len(line) && !strings.ContainsRune(",]}#\r\n", line[end]) {
			end++
		}
		for end > at && line[end-1] == ' ' {
			end--
		}
	default:
		return 0, fmt.Errorf("a block scalar cannot be rewritten on one line")
	}
	var back yaml.Node
	if err := yaml.Unmarshal([]byte(string(line[at:end])), &back); err != nil || len(back.Content) != 1 || back.Content[0].Value != n.Value {
		return 0, fmt.Errorf("the value at column %d is not written on one line", at+1)
	}
	return end, nil
}

// plainWord is a word YAML reads as the same text unquoted.
var plainWord = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_-]*$`)

// scalarText writes v as n was written: quoted if it was.
func scalarText(n *yaml.Node, v any) string {
	s, ok := v.(string)
	if !ok {
		return fmt.Sprint(v)
	}
	switch {
	case n.Style == yaml.SingleQuotedStyle:
		return "'" + strings.ReplaceAll(s, "'", "''") + "'"
	case n.Style == yaml.DoubleQuotedStyle || !plainWord.MatchString(s) || readsAsOther(s):
		return strconv.Quote(s)
	}
	return s
}

// readsAsOther: an unquoted word YAML would read as true/false or null.
func readsAsOther(s string) bool {
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(s), &n); err != nil || len(n.Content) != 1 {
		return true
	}
	return n.Content[0].Tag != "!!str"
}

// unified is the unified diff of two versions of a file with the same
// number of lines.
func unified(name string, old, changed []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "--- %s\n+++ %s\n", diffPath("a/"+name), diffPath("b/"+name))
	var diffs []int
	for i := range old {
		if old[i] != changed[i] {
			diffs = append(diffs, i)
		}
	}
	for k := 0; k < len(diffs); {
		lo := max(0, diffs[k]-diffContext)
		hi := min(len(old), diffs[k]+diffContext+1)
		j := k + 1
		for j < len(diffs) && diffs[j]-diffContext <= hi {
			hi = min(len(old), diffs[j]+diffContext+1)
			j++
		}
		fmt.Fprintf(&b, "@@ -%d,%d +%d,%d @@\n", lo+1, hi-lo, lo+1, hi-lo)
		for i := lo; i < hi; {
			if old[i] == changed[i] {
				b.WriteString(" " + noNewline(old[i]))
				i++
				continue
			}
			// A run of changed lines: the old ones, then the new.
			end := i
			for end < hi && old[end] != changed[end] {
				end++
			}
			for _, l := range old[i:end] {
				b.WriteString("-" + noNewline(l))
			}
			for _, l := range changed[i:end] {
				b.WriteString("+" + noNewline(l))
			}
			i = end
		}
		k = j
	}
	return b.String()
}

// diffPath writes a file name on a diff's ---/+++ line: in C-style
// quotes, which patch and git apply both read, when it has a space (where
// patch would stop reading it), a quote or a backslash.
func diffPath(name string) string {
	if !strings.ContainsAny(name, " \"\\") {
		return name
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(name) + `"`
}

// noNewline ends a diff line, marking a last line without a newline as
// diff does.
func noNewline(s string) string {
	if strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n\\ No newline at end of file\n"
}
