package gamedata

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/icon"
	"github.com/cardpress/cardpress/schema"
	"github.com/cardpress/cardpress/source"

	"go.yaml.in/yaml/v3"
)

var _ = registerCheck(Check{
	ID:  "icon-declarations",
	Doc: "Checks as game.yaml's icons are read that their ids are unique, their built-ins exist and their pictures load.",
	Codes: []*finding.Code{CodeDuplicateID, CodeIconUnknown, CodeImageFormat, CodeAssetTooLarge,
		source.CodeFileMissing, source.CodeFileOutside, source.CodeFileRead},
	Reading: true,
})

var _ = registerCheck(Check{
	ID:    "printed-icons",
	Doc:   "Checks that every :name: in printed text is a built-in icon or one game.yaml declares.",
	Codes: []*finding.Code{CodeIconUnknown},
	run:   (*loader).checkIcons,
})

// Inline icons: `:name:` in any printed text draws an icon a square em
// wide in place of the word. The name is a built-in (package icon) or one
// of the game's own, declared in game.yaml: a built-in in a colour of its
// own, or an image file.

// IconDecl is one entry of game.yaml's icons.
type IconDecl struct {
	ID      string `yaml:"id"`
	Builtin string `yaml:"builtin"`
	Color   string `yaml:"color"`
	Src     string `yaml:"src"`
	Pos     finding.Pos
}

// loadIcons reads the game's icon declarations: each built-in it names
// must exist, each image must load.
func (l *loader) loadIcons() {
	m := &l.g.Manifest
	for i := range m.Icons {
		d := &m.Icons[i]
		idx := strconv.Itoa(i)
		d.Pos = l.man.pos("icons", idx)
		if _, dup := l.g.Icons[d.ID]; dup {
			l.add(CodeDuplicateID.At(l.man.pos("icons", idx, "id"), "icon id %q is declared twice", d.ID))
			continue
		}
		def := icon.Def{ID: d.ID, Builtin: d.Builtin, Color: d.Color, Src: d.Src}
		switch {
		case d.Builtin != "":
			if _, ok := icon.Builtin(d.Builtin); !ok {
				l.add(CodeIconUnknown.At(l.man.pos("icons", idx, "builtin"), "%s", unknownIconMessage(d.Builtin, nil)))
				continue
			}
		case d.Src != "":
			img, ok := l.image(d.Src, l.man.pos("icons", idx, "src"))
			if !ok {
				continue
			}
			// An icon is drawn within one em of the text around it.
			em := MaxFontSize() * 25.4 / 72
			l.printsAt(img, em, em, FitContain)
		default:
			continue // the schema asks for one of the two
		}
		if l.g.Icons == nil {
			l.g.Icons = map[string]icon.Def{}
		}
		l.g.Icons[d.ID] = def
	}
}

// IconKnown reports whether `:name:` draws an icon in this game: one of
// its own or a built-in.
func (g *Data) IconKnown(name string) bool {
	if _, ok := g.Icons[name]; ok {
		return true
	}
	if slices.ContainsFunc(g.Manifest.Icons, func(d IconDecl) bool { return d.ID == name }) {
		return true // declared, but its file did not load: reported there
	}
	_, ok := icon.Builtin(name)
	return ok
}

// IconReported reports whether validation found `:name:`, unknown, in the
// game's YAML: text an engine generates from it is not reported again.
func (g *Data) IconReported(name string) bool { return g.iconsReported[name] }

// unknownIconMessage words an unknown icon name, suggesting the closest
// of the built-ins and the game's own ids: in text (":name:") or, with own
// nil, as a built-in's bare name.
func unknownIconMessage(name string, own []string) string {
	quote := func(s string) string { return strconv.Quote(":" + s + ":") }
	msg := "unknown icon " + quote(name)
	if own == nil {
		quote = strconv.Quote
		msg = "no built-in icon " + quote(name)
	}
	if s := schema.Suggest(name, append(icon.Known(), own...)); s != "" {
		msg += fmt.Sprintf(" (did you mean %s?)", quote(s))
	}
	return msg + "; the built-in icons are listed in docs/own-game.md (Icons), and a game declares its own in game.yaml icons"
}

// checkIcons reports every `:name:` in printed text that names no icon,
// at its line and column: card text (every string of a card but its id,
// deck and keyword ids), the reference sheet, the layout's token, board
// and track texts and its elements' text templates, and game.yaml's
// title, keyword and phase names, card backs and component names.
func (l *loader) checkIcons() {
	g := l.g
	var own []string
	for _, d := range g.Manifest.Icons {
		own = append(own, d.ID)
	}
	check := func(d *doc, n *yaml.Node) {
		if d == nil || n == nil {
			return
		}
		walkStrings(n, func(s *yaml.Node) {
			if !icon.Has(s.Value) {
				return
			}
			count := map[string]int{}
			for _, tk := range icon.Scan(s.Value) {
				count[tk.Name]++
				if g.IconKnown(tk.Name) {
					continue
				}
				if g.iconsReported == nil {
					g.iconsReported = map[string]bool{}
				}
				g.iconsReported[tk.Name] = true
				l.add(CodeIconUnknown.At(d.tokenPos(s, ":"+tk.Name+":", count[tk.Name]), "%s",
					unknownIconMessage(tk.Name, append([]string{}, own...))))
			}
		})
	}
	for k := range g.Cards {
		if k >= len(l.cardAt) {
			break
		}
		ref := l.cardAt[k]
		n := ref.d.node("cards", ref.i)
		if n == nil || n.Kind != yaml.MappingNode {
			continue
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			switch n.Content[i].Value {
			case "id", "deck", "keywords", "players":
				continue
			}
			check(ref.d, n.Content[i+1])
		}
	}
	if l.ref != nil && l.ref.val != nil {
		for i := range g.Ref.Sections {
			for _, key := range []string{"heading", "items"} {
				check(l.ref, l.ref.node("sections", strconv.Itoa(i), key))
			}
		}
		for _, key := range []string{"title", "subtitle"} {
			check(l.ref, l.ref.node(key))
		}
		check(l.ref, l.ref.node("player_aid"))
	}
	if l.lay != nil {
		for _, f := range g.faces() { // the layout's text templates
			for i := range f.front.Elements {
				check(l.lay, l.lay.node(append(slices.Clone(f.path), "elements", strconv.Itoa(i), "text")...))
			}
		}
		for i, c := range g.Layout.Components {
			at := strconv.Itoa(i)
			for _, key := range []string{"title", "label", "note", "values", "labels"} {
				check(l.lay, l.lay.node("components", at, key))
			}
			for j := range c.Faces {
				for _, key := range []string{"label", "back"} {
					check(l.lay, l.lay.node("components", at, "faces", strconv.Itoa(j), key))
				}
			}
		}
	}
	m := &g.Manifest
	check(l.man, l.man.node("title"))
	for i := range m.Keywords {
		check(l.man, l.man.node("keywords", strconv.Itoa(i), "name"))
	}
	for i := range m.Phases {
		check(l.man, l.man.node("phases", strconv.Itoa(i), "name"))
		check(l.man, l.man.node("phases", strconv.Itoa(i), "doc"))
	}
	for _, id := range keys(m.Print.Backs) {
		check(l.man, l.man.node("print", "backs", id, "title"))
		check(l.man, l.man.node("print", "backs", id, "subtitle"))
	}
	for i := range m.Components {
		check(l.man, l.man.node("components", strconv.Itoa(i), "name"))
	}
}

// tokenPos is the line and column of the nth occurrence of tok in the
// text of scalar n, found in the file as written; the scalar's own
// position when escapes or folding hide it.
func (d *doc) tokenPos(n *yaml.Node, tok string, nth int) finding.Pos {
	at := d.file.Pos(n)
	data := d.file.Data
	off := d.offset(n.Line, n.Column)
	if off < 0 {
		return at
	}
	for i := off; i < len(data); {
		j := bytes.Index(data[i:], []byte(tok))
		if j < 0 {
			break
		}
		i += j
		if nth--; nth == 0 {
			line := 1 + bytes.Count(data[:i], []byte{'\n'})
			start := bytes.LastIndexByte(data[:i], '\n') + 1
			return finding.Pos{File: d.file.Name, Line: line, Col: 1 + utf8.RuneCount(data[start:i])}
		}
		i += len(tok)
	}
	return at
}

// offset is the byte offset of 1-based line and column (in characters),
// or -1.
func (d *doc) offset(line, col int) int {
	d.line(1) // builds d.lines
	if line < 1 || line > len(d.lines) {
		return -1
	}
	i := d.lines[line-1]
	for c := 1; c < col && i < len(d.file.Data); c++ {
		_, n := utf8.DecodeRune(d.file.Data[i:])
		i += n
	}
	return i
}
