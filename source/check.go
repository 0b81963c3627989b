package source

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/fonts"

	"go.yaml.in/yaml/v3"
)

// checkCycles rejects an alias inside the value it refers to (&a [*a]):
// yaml.v3 accepts it, and any code expanding it would never finish.
func checkCycles(f *File) *finding.Finding {
	open := map[*yaml.Node]bool{}
	var bad *yaml.Node
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if bad != nil {
			return
		}
		if n.Kind == yaml.AliasNode {
			if open[n.Alias] {
				bad = n
			}
			return
		}
		open[n] = true
		for _, c := range n.Content {
			walk(c)
		}
		delete(open, n)
	}
	walk(f.Root)
	if bad == nil {
		return nil
	}
	fd := CodeAliasCycle.At(f.Pos(bad), "alias *%s is inside the value it refers to", bad.Value)
	return &fd
}

// CheckGlyphs reports each text value holding a character the embedded
// fonts (the Go fonts and the symbol fallback) cannot draw, so it is
// caught before a PDF shows a blank box. Keys are not printed and are left
// to the schemas.
func CheckGlyphs(f *File) []finding.Finding {
	return CheckGlyphsIn(f, fonts.Covers, DefaultFonts)
}

// DefaultFonts names the fonts every game can print with, for messages.
var DefaultFonts = "the " + fonts.DefaultName + " fonts, the fallback " + fonts.FallbackName

// CheckGlyphsIn is CheckGlyphs for a game with fonts of its own: covers
// says whether any of them can draw a character, names lists them for the
// message.
func CheckGlyphsIn(f *File, covers func(rune) bool, names string) []finding.Finding {
	var found []finding.Finding
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		switch n.Kind {
		case yaml.AliasNode:
			return // checked where the anchor is defined
		case yaml.ScalarNode:
			if n.ShortTag() == "!!str" {
				if msg := glyphProblem(n.Value, covers, names); msg != "" {
					found = append(found, CodeGlyph.At(f.Pos(n), "%s", msg))
				}
			}
			return
		case yaml.MappingNode:
			for i := 1; i < len(n.Content); i += 2 {
				walk(n.Content[i])
			}
			return
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(f.Root)
	return found
}

// glyphProblem names the first character of s the fonts lack, and how many
// other distinct ones there are.
func glyphProblem(s string, covers func(rune) bool, names string) string {
	var bad []rune
	for _, r := range s {
		if !covers(r) && !strings.ContainsRune(string(bad), r) {
			bad = append(bad, r)
		}
	}
	if len(bad) == 0 {
		return ""
	}
	r := bad[0]
	msg := fmt.Sprintf("no font has a glyph for U+%04X %s (%s)", r, show(r), names)
	if r > 0xFFFF {
		msg = fmt.Sprintf("U+%04X %s cannot be printed: characters above U+FFFF (emoji and the like) are not supported", r, show(r))
	}
	if len(bad) > 1 {
		msg += fmt.Sprintf(" (and %d more)", len(bad)-1)
	}
	return msg
}

// show quotes a character unless it is invisible or would garble the line.
func show(r rune) string {
	if r < 0x20 || r == 0x7F || (r >= 0x80 && r < 0xA0) || r == 0x2028 || r == 0x2029 {
		return "(a control character)"
	}
	if r >= 0xE000 && r <= 0xF8FF {
		return "(a private-use character)"
	}
	return "(" + string(r) + ")"
}

// ShowRune is how glyph messages quote a character: "(中)", or what it is
// when it cannot be shown.
func ShowRune(r rune) string { return show(r) }

// ModelinePrefix starts the first line of every cardpress YAML file; the
// YAML language server reads it to find the file's schema.
const ModelinePrefix = "# yaml-language-server: $schema="

// CheckModeline checks that the first line is the modeline naming want,
// the schema's path relative to the file, or one of also (the same schema
// at another place). A wrong or missing modeline does not change
// validation, only what editors show, hence a warning.
func CheckModeline(f *File, want string, also ...string) []finding.Finding {
	first, _, _ := strings.Cut(strings.TrimPrefix(string(f.Data), "\uFEFF"), "\n")
	first = strings.TrimRight(first, " \t\r")
	line := finding.Pos{File: f.Name, Line: 1, Col: 1}
	got, ok := strings.CutPrefix(first, ModelinePrefix)
	switch {
	case !ok:
		return []finding.Finding{CodeModeline.At(line, "first line should be %q so editors validate the file", ModelinePrefix+want)}
	case got != want && !slices.Contains(also, got):
		line.Col = 1 + len(ModelinePrefix)
		if r := []rune(got); len(r) > 80 {
			got = string(r[:77]) + "..."
		}
		return []finding.Finding{CodeModeline.At(line, "modeline names schema %q; this file is validated against %q", got, want)}
	}
	return nil
}
