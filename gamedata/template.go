package gamedata

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/schema"

	"go.yaml.in/yaml/v3"
)

// Placeholder is one {name} or {name:format} in a template text.
type Placeholder struct {
	Name   string
	Format string // "" or one of Formats
	// Start and End are the byte offsets of the braces: s[Start:End] is
	// the whole placeholder.
	Start, End int
}

// Formats are the known {name:format} formats: money prints $N.
var Formats = []string{"money"}

// Always are the placeholders every game has besides its parameters;
// {variant} is the printed name of the rule variant ("" without variants).
var Always = []string{"players_min", "players_max", "variant"}

var placeholderName = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// ParseTemplate finds the placeholders of a template. Braces are only ever
// placeholders, so a lone or unclosed brace is an error rather than text.
func ParseTemplate(s string) ([]Placeholder, error) {
	var ps []Placeholder
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '}':
			return ps, errors.New("'}' without a matching '{'")
		case '{':
			j := strings.IndexAny(s[i+1:], "{}")
			if j < 0 || s[i+1+j] == '{' {
				return ps, errors.New("'{' is not closed by '}'")
			}
			end := i + 1 + j + 1
			name, format, hasFormat := strings.Cut(s[i+1:end-1], ":")
			if !placeholderName.MatchString(name) {
				return ps, fmt.Errorf("{%s} is not a placeholder: names are lowercase letters, digits and _", s[i+1:end-1])
			}
			if hasFormat && !slices.Contains(Formats, format) {
				return ps, fmt.Errorf("unknown format %q in {%s}; formats: %s", format, s[i+1:end-1], strings.Join(Formats, ", "))
			}
			ps = append(ps, Placeholder{Name: name, Format: format, Start: i, End: end})
			i = end - 1
		}
	}
	return ps, nil
}

// FillTemplate replaces each placeholder of s by what value gives for it;
// one value has no answer for is left as written, and so is all of s when
// it does not parse (validation reports that).
func FillTemplate(s string, value func(Placeholder) (string, bool)) string {
	ps, err := ParseTemplate(s)
	if err != nil || len(ps) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, p := range ps {
		b.WriteString(s[last:p.Start])
		if v, ok := value(p); ok {
			b.WriteString(v)
		} else {
			b.WriteString(s[p.Start:p.End])
		}
		last = p.End
	}
	b.WriteString(s[last:])
	return b.String()
}

// template is a text whose placeholders name parameters or facts.
type template struct {
	text string
	pos  finding.Pos // the text's node
	// col is the column of text's first character when the source spells
	// the text out verbatim on one line (0 otherwise), so a placeholder
	// can be pointed at exactly.
	col int
}

// at is the position of byte offset i of the text.
func (t template) at(i int) finding.Pos {
	if t.col == 0 {
		return t.pos
	}
	return finding.Pos{File: t.pos.File, Line: t.pos.Line, Col: t.col + utf8.RuneCountInString(t.text[:i])}
}

// addTemplate records the text at path in d and reports its syntax errors
// now; names are checked by CheckPlaceholders.
func (l *loader) addTemplate(d *doc, path ...string) template {
	n := d.node(path...)
	if n == nil || n.Kind != yaml.ScalarNode {
		return template{}
	}
	t := d.template(n)
	ps, err := ParseTemplate(t.text)
	if err != nil {
		l.add(CodeTemplate.At(t.at(errAt(t.text, ps)), "%s", err.Error()))
		return template{}
	}
	l.g.templates = append(l.g.templates, t)
	return t
}

// template is the text of scalar n with its position.
func (d *doc) template(n *yaml.Node) template {
	return template{text: n.Value, pos: d.file.Pos(n), col: verbatimCol(d.line(n.Line), n)}
}

// errAt guesses where parsing stopped: just after the last good placeholder.
func errAt(text string, ok []Placeholder) int {
	from := 0
	if len(ok) > 0 {
		from = ok[len(ok)-1].End
	}
	if i := strings.IndexAny(text[from:], "{}"); i >= 0 {
		return from + i
	}
	return from
}

// verbatimCol is the column of n's first character when its text appears
// unchanged on its line (plain or quoted without escapes), else 0.
func verbatimCol(text string, n *yaml.Node) int {
	if strings.Contains(n.Value, "\n") || n.Column < 1 {
		return 0
	}
	line := []rune(text)
	start := n.Column - 1
	switch n.Style {
	case yaml.DoubleQuotedStyle, yaml.SingleQuotedStyle:
		start++
	case 0, yaml.TaggedStyle:
	default:
		return 0
	}
	if start > len(line) || !strings.HasPrefix(string(line[start:]), n.Value) {
		return 0
	}
	return start + 1
}

// CheckPlaceholders reports each reference-sheet {placeholder} that names
// neither a parameter, nor one of Always, nor one of the engine's
// facts (engine.Game.Facts keys). Call it after the engine built the game.
func (g *Data) CheckPlaceholders(facts []string) []finding.Finding {
	known := slices.Concat(g.ParamOrder, Always, facts)
	var found []finding.Finding
	for _, t := range g.templates {
		ps, _ := ParseTemplate(t.text)
		for _, p := range ps {
			if slices.Contains(known, p.Name) {
				continue
			}
			msg := fmt.Sprintf("{%s} is neither a parameter nor an engine fact", p.Name)
			if s := schema.Suggest(p.Name, known); s != "" {
				msg += fmt.Sprintf(" (did you mean {%s}?)", s)
			}
			found = append(found, CodeUndefinedParameter.At(t.at(p.Start), "%s", msg))
		}
	}
	return finding.Sort(found)
}
