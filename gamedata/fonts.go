package gamedata

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/fonts"
	"github.com/cardpress/cardpress/schema"
	"github.com/cardpress/cardpress/source"

	"go.yaml.in/yaml/v3"
)

var (
	_ = registerCheck(Check{
		ID:  "font-files",
		Doc: "Checks as game.yaml's fonts are read that their ids are unique and their files are TrueType fonts cardpress can embed, within the limits of an asset.",
		Codes: []*finding.Code{CodeDuplicateID, CodeFontFile, CodeFontDamaged, CodeAssetTooLarge,
			source.CodeFileMissing, source.CodeFileOutside, source.CodeFileRead},
		Reading: true,
	})
	_ = registerCheck(Check{
		ID:    "layout-fonts",
		Doc:   "Checks that every layout face and element names a font game.yaml declares, and gives each face the font it inherits.",
		Codes: []*finding.Code{CodeUndefinedFont},
		run:   (*loader).resolveFonts,
	})
	_ = registerCheck(Check{
		ID:    "font-glyphs",
		Doc:   "Checks that the fonts each printed text is set in have a glyph for each of its characters.",
		Codes: []*finding.Code{source.CodeGlyph},
		After: []string{"layout-fonts"}, // the fonts each face is set in
		run:   (*loader).checkFontGlyphs,
	})
)

// A game's own fonts: game.yaml declares them, each a family of TrueType
// files in the game folder (regular, and optionally bold, italic and bold
// italic); a layout face or element names one by id. Validation reads and
// checks every file, resolves which font each element is set in, and
// checks each printed text against the font that prints it.

// FontDecl is one entry of game.yaml's fonts.
type FontDecl struct {
	ID         string `yaml:"id"`
	Regular    string `yaml:"regular"`
	Bold       string `yaml:"bold"`
	Italic     string `yaml:"italic"`
	BoldItalic string `yaml:"bold_italic"`
	Pos        finding.Pos
}

// GoFont is the font id of the built-in Go fonts, for an element that
// keeps them on a face set in a game font.
const GoFont = "go"

// loadFonts reads and checks every font file game.yaml names, then the
// manifest's own text, whose glyph check had to wait for them.
func (l *loader) loadFonts() {
	m := &l.g.Manifest
	seen := map[string]bool{}
	for i := range m.Fonts {
		fd := &m.Fonts[i]
		idx := strconv.Itoa(i)
		fd.Pos = l.man.pos("fonts", idx)
		switch {
		case fd.ID == GoFont:
			l.add(CodeDuplicateID.At(l.man.pos("fonts", idx, "id"), "font id %q names the built-in Go fonts; give the game's font another id", fd.ID))
			continue
		case seen[fd.ID]:
			l.add(CodeDuplicateID.At(l.man.pos("fonts", idx, "id"), "font id %q is declared twice", fd.ID))
			continue
		}
		seen[fd.ID] = true
		tf := &fonts.Typeface{ID: fd.ID}
		for _, st := range []struct {
			key  string
			path string
			to   **fonts.Font
		}{{"regular", fd.Regular, &tf.Regular}, {"bold", fd.Bold, &tf.Bold}, {"italic", fd.Italic, &tf.Italic}, {"bold_italic", fd.BoldItalic, &tf.BoldItalic}} {
			if st.path == "" {
				continue
			}
			at := l.man.pos("fonts", idx, st.key)
			data, ok := l.asset(st.path, at, "font")
			if !ok {
				continue
			}
			f, err := fonts.Parse(data)
			if err != nil {
				code := CodeFontFile
				if errors.Is(err, fonts.ErrDamaged) {
					code = CodeFontDamaged
				}
				l.add(code.At(at, "font %s: %s", finding.Visible(l.path(st.path)), err))
				continue
			}
			*st.to = f
		}
		if tf.Regular == nil {
			continue // reported: a missing regular by the schema, a bad file above
		}
		if l.g.Fonts == nil {
			l.g.Fonts = map[string]*fonts.Typeface{}
		}
		l.g.Fonts[fd.ID] = tf
	}
	l.fontsLoaded = true
	for _, f := range l.glyphsLater {
		l.add(l.checkGlyphs(f)...)
	}
	l.glyphsLater = nil
}

// checkGlyphs reports the characters of a file's text that no font of the
// game can draw: not the Go fonts, not the fallback, not a font of the
// game's own. Which font each text is actually set in is checked once the
// layout is known (checkFontGlyphs). The manifest is read before the fonts
// it declares, so its check waits for them.
func (l *loader) checkGlyphs(f *source.File) []finding.Finding {
	if !l.fontsLoaded {
		l.glyphsLater = append(l.glyphsLater, f)
		return nil
	}
	return source.CheckGlyphsIn(f, l.g.anyFontCovers, l.g.fontNames())
}

// anyFontCovers reports whether some font the game can print with has r.
func (g *Data) anyFontCovers(r rune) bool {
	if fonts.Covers(r) {
		return true
	}
	for _, tf := range g.Fonts {
		for _, f := range []*fonts.Font{tf.Regular, tf.Bold, tf.Italic, tf.BoldItalic} {
			if f != nil && f.Covers(r) {
				return true
			}
		}
	}
	return false
}

// fontNames words the game's fonts for a message: "the Go fonts, the
// fallback DejaVu Sans, body (Lato)".
func (g *Data) fontNames() string {
	s := source.DefaultFonts
	for _, id := range keys(g.Fonts) {
		s += fmt.Sprintf(", %q (%s)", id, g.Fonts[id].Regular.Name)
	}
	return s
}

// resolveFonts sets each layout element's Font to the font it is set in:
// its own, else its face's, else (for a back face) its deck's front's,
// else the top-level front's; "" and "go" are the Go fonts. A name that
// is no declared font is reported where it is written.
func (l *loader) resolveFonts() {
	if l.lay == nil {
		return
	}
	lay := &l.g.Layout
	top := l.faceFont(&lay.Front, "", "front")
	for _, id := range keys(lay.Decks) {
		dl := lay.Decks[id]
		front := top
		if dl.Front != nil {
			front = l.faceFont(dl.Front, top, "decks", id, "front")
		}
		if dl.BackFace != nil {
			l.faceFont(dl.BackFace, front, "decks", id, "back_face")
		}
	}
	for _, name := range keys(lay.Groups) {
		g := lay.Groups[name]
		l.faceFont(&g, top, "groups", name)
		lay.Groups[name] = g
	}
}

// faceFont resolves one face at path in layout.yaml whose font, unless it
// names its own, is inherited; it returns the face's font.
func (l *loader) faceFont(f *Front, inherited string, path ...string) string {
	f.FontPos = l.lay.pos(append(slices.Clone(path), "font")...)
	font := inherited
	if f.Font != "" && l.fontKnown(f.Font, f.FontPos) {
		font = f.Font
	}
	for i := range f.Elements {
		el := &f.Elements[i]
		el.FontPos = l.lay.pos(append(slices.Clone(path), "elements", strconv.Itoa(i), "font")...)
		if el.Font == "" || !l.fontKnown(el.Font, el.FontPos) {
			el.Font = font
		}
	}
	f.Font = font
	return font
}

// fontKnown reports whether id is a font of the game, reporting at at
// when it is not. A declared font whose files did not load is known: its
// files were reported.
func (l *loader) fontKnown(id string, at finding.Pos) bool {
	if id == GoFont || l.g.Fonts[id] != nil {
		return true
	}
	var ids []string
	for _, fd := range l.g.Manifest.Fonts {
		if fd.ID == id {
			return false
		}
		ids = append(ids, fd.ID)
	}
	msg := fmt.Sprintf("no font %q in game.yaml fonts", id)
	if s := schema.Suggest(id, append(ids, GoFont)); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	if len(ids) == 0 {
		msg += "; declare it there (fonts: [{id: " + id + ", regular: fonts/MyFont.ttf}]) or leave font out for the Go fonts"
	}
	l.add(CodeUndefinedFont.At(at, "%s", msg))
	return false
}

// FontStyle is the PDF writer's style letters ("", B, I, BI) of a layout
// style word; render draws with the same letters the glyph check used.
func FontStyle(s string) string {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "bold", "b":
		return "B"
	case "italic", "i":
		return "I"
	case "bolditalic", "bold-italic", "bold italic", "bi", "ib":
		return "BI"
	}
	return ""
}

// printFont is a font text is set in, for the glyph check: a game's
// typeface (nil: the Go fonts) in one style.
type printFont struct {
	tf    *fonts.Typeface
	style string
}

func (p printFont) covers(r rune) bool {
	if p.tf == nil {
		return fonts.GoCovers(r)
	}
	return p.tf.Style(p.style).Covers(r)
}

func (p printFont) name() string {
	if p.tf == nil {
		return fonts.DefaultName
	}
	f := p.tf.Style(p.style)
	return fmt.Sprintf("%q (%s)", p.tf.ID, f.Name)
}

// checkFontGlyphs checks each printed text against the font that prints
// it: each card field against the font of each element showing it, the
// keyword names against the keywords elements', and the reference sheet,
// the card backs, the token sheets and boards and the box page's names
// against the game's own font (the top-level front's). A character that font lacks is drawn from the
// fallback if the fallback has it; one no font of the game has was
// reported by the first check, so only the rest are reported here.
func (l *loader) checkFontGlyphs() {
	g := l.g
	if len(g.Fonts) == 0 {
		return // every text is set in the Go fonts, which the first check covered
	}
	deflt := printFont{tf: g.Fonts[g.Layout.Front.Font]}
	seen := map[glyphKey]bool{}
	check := func(d *doc, n *yaml.Node, pf printFont) {
		if d == nil || n == nil {
			return
		}
		walkStrings(n, func(s *yaml.Node) {
			k := glyphKey{s, pf}
			if seen[k] {
				return
			}
			seen[k] = true
			if msg := l.missingGlyph(s.Value, pf); msg != "" {
				l.add(source.CodeGlyph.At(d.file.Pos(s), "%s", msg))
			}
		})
	}
	for _, f := range g.faces() {
		for i, el := range f.front.Elements {
			if el.KindOr() != KindText {
				continue
			}
			pf := printFont{g.Fonts[el.Font], FontStyle(el.Style)}
			if el.Field == "keywords" {
				for i := range g.Manifest.Keywords {
					check(l.man, l.man.node("keywords", strconv.Itoa(i), "name"), pf)
				}
			}
			fields := []string{el.Field}
			if el.Text != "" { // a template: its words, and the fields it prints
				check(l.lay, l.lay.node(append(slices.Clone(f.path), "elements", strconv.Itoa(i), "text")...), pf)
				fields = nil
				for _, p := range el.Placeholders() {
					fields = append(fields, p.Name)
				}
			}
			for k, c := range g.Cards {
				if k >= len(l.cardAt) || !slices.Contains(f.decks, c.Deck) {
					continue
				}
				ref := l.cardAt[k]
				for _, field := range fields {
					check(ref.d, ref.d.node("cards", ref.i, field), pf)
				}
			}
		}
	}
	if l.ref != nil {
		check(l.ref, l.ref.file.Root, deflt)
	}
	if l.lay != nil {
		for i := range g.Layout.Components {
			check(l.lay, l.lay.node("components", strconv.Itoa(i)), deflt)
		}
	}
	check(l.man, l.man.node("title"), deflt)
	check(l.man, l.man.node("phases"), deflt)
	check(l.man, l.man.node("print", "backs"), deflt)
	for i := range g.Manifest.Components {
		check(l.man, l.man.node("components", strconv.Itoa(i), "name"), deflt) // the box page
	}
}

type glyphKey struct {
	n  *yaml.Node
	pf printFont
}

// missingGlyph words the first character of s that pf and the fallback
// both lack but some other font of the game has (those no font has were
// reported already), or "".
func (l *loader) missingGlyph(s string, pf printFont) string {
	var bad []rune
	for _, r := range s {
		if r < 0x20 || pf.covers(r) || fonts.Fallback().Covers(r) || !l.g.anyFontCovers(r) || slices.Contains(bad, r) {
			continue
		}
		bad = append(bad, r)
	}
	if len(bad) == 0 {
		return ""
	}
	msg := fmt.Sprintf("font %s, which prints this text, has no glyph for U+%04X %s, nor has the fallback %s", pf.name(), bad[0], source.ShowRune(bad[0]), fonts.FallbackName)
	if len(bad) > 1 {
		msg += fmt.Sprintf(" (and %d more)", len(bad)-1)
	}
	return msg
}

// walkStrings calls fn with every string scalar under n, mapping values
// only (keys are not printed); aliases are checked where they are defined.
func walkStrings(n *yaml.Node, fn func(*yaml.Node)) {
	switch n.Kind {
	case yaml.AliasNode:
		return
	case yaml.ScalarNode:
		if n.ShortTag() == "!!str" {
			fn(n)
		}
	case yaml.MappingNode:
		for i := 1; i < len(n.Content); i += 2 {
			walkStrings(n.Content[i], fn)
		}
	default:
		for _, c := range n.Content {
			walkStrings(c, fn)
		}
	}
}
