package gamedata

import (
	"fmt"
	"slices"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/schema"

	"go.yaml.in/yaml/v3"
)

// Pictures by value: an image element's src, and a face's
// background_image src, may name one file, a template of one that each
// card fills with its values (art/{id}.png, icons/{stage}.png), or a value
// map {by: FIELD, files: {VALUE: FILE}, default: FILE}. Every file one can
// name on a card of its face is read and checked when the game is loaded,
// like any picture (images.go), so a missing one is reported at the card
// whose value names it, and never met while printing.

// ImageSource is where a picture comes from.
type ImageSource struct {
	Path    string            // a file, or a template of one
	By      string            // a value map: the card field whose value picks the file
	Files   map[string]string // the file of each value
	Default string            // the file of a value Files lacks
}

// UnmarshalYAML takes either form: a path (or template), or a value map.
func (s *ImageSource) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.MappingNode {
		*s = ImageSource{}
		return n.Decode(&s.Path)
	}
	var m struct {
		By      string            `yaml:"by"`
		Files   map[string]string `yaml:"files"`
		Default string            `yaml:"default"`
	}
	if err := n.Decode(&m); err != nil {
		return err
	}
	*s = ImageSource{By: m.By, Files: m.Files, Default: m.Default}
	return nil
}

// Set reports whether a source was given.
func (s ImageSource) Set() bool { return s.Path != "" || s.By != "" }

// Fixed reports whether it names the same file on every card.
func (s ImageSource) Fixed() bool { return s.By == "" && !strings.ContainsAny(s.Path, "{}") }

// PathFor is the file on the card whose values value gives, "" for none:
// a map without the card's value and without a default, or a template one
// of whose fields the card has no value for.
func (s ImageSource) PathFor(value func(field string) (string, bool)) string {
	if s.By != "" {
		v, _ := value(s.By)
		if p, ok := s.Files[v]; ok {
			return p
		}
		return s.Default
	}
	if s.Fixed() {
		return s.Path
	}
	whole := true
	p := FillTemplate(s.Path, func(ph Placeholder) (string, bool) {
		v, ok := value(ph.Name)
		whole = whole && ok && v != ""
		return v, ok
	})
	if !whole {
		return ""
	}
	return p
}

// picture is one use of an image source: where it is in layout.yaml and
// the box it prints in, by card size.
type picture struct {
	f   face
	src ImageSource
	at  []string // the src's path in layout.yaml
	// box is the size it prints at on a card of size s, with where
	// naming that box in messages; a background runs bleed mm past it on
	// every side, which its largest print counts.
	box   func(s Size) (w, h float64, where string)
	fit   string
	bleed float64
	// cond is the element's when: a card it leaves out names no picture.
	cond *Condition
}

// checkSource reads and checks every file a picture by value can name: a
// value map's, each at its line; a template's, filled with the values of
// each card of the face, at the card's value that makes the file.
func (l *loader) checkSource(p picture) {
	if p.src.By != "" {
		l.checkFileMap(p)
		return
	}
	d := l.lay
	n := d.node(p.at...)
	if n == nil || l.failed(d.file.Pos(n)) {
		return // its schema said what is wrong with it
	}
	t := template{text: n.Value, pos: d.file.Pos(n), col: verbatimCol(d.line(n.Line), n)}
	ps, err := ParseTemplate(t.text)
	if err != nil {
		l.add(CodeTemplate.At(t.at(errAt(t.text, ps)), "%s", err.Error()))
		return
	}
	ok := true // the schema's pattern leaves no room for a {name:format}
	for _, ph := range ps {
		ok = l.valueField(p.f, ph.Name, t.at(ph.Start)) && ok
	}
	if !ok {
		return
	}
	// With an engine, a when may read what the engine prints, unknown
	// here: every card is checked then.
	data := !l.g.Manifest.HasEngine()
	for k, c := range l.g.Cards {
		if k < len(l.cardAt) && slices.Contains(p.f.decks, c.Deck) && (!data || p.cond.Holds(c)) {
			l.cardPicture(p, ps, k)
		}
	}
}

// cardPicture checks the file the template names on card k, at the card's
// value of the template's first field the card spells out.
func (l *loader) cardPicture(p picture, ps []Placeholder, k int) {
	c, ref := l.g.Cards[k], l.cardAt[k]
	values := l.g.ValueTexts(c)
	path := p.src.PathFor(func(f string) (string, bool) { v, ok := values[f]; return v, ok })
	if path == "" {
		return // a value the card lacks: no picture on it, as with an empty image field
	}
	pos := ref.d.pos("cards", ref.i)
	for _, ph := range ps {
		if at := []string{"cards", ref.i, ph.Name}; ref.d.has(at) {
			pos = ref.d.pos(at...)
			break
		}
	}
	if !assetName.MatchString(path) || len(path) > maxAssetPath {
		l.add(CodeImagePath.At(pos, "picture %q, made from this card's values by %q, is not a file name in the game folder: letters, digits, _, - and ., / between folders, no .. and no spaces", finding.Visible(path), p.src.Path))
		return
	}
	l.read(p, path, pos, l.g.CardSize(c.Deck))
}

// checkFileMap checks a value map of files: its field has one value a
// card, its values are ones a card can have, and each file it names is
// read at its line.
func (l *loader) checkFileMap(p picture) {
	d := l.lay
	at := func(k ...string) []string { return append(slices.Clone(p.at), k...) }
	if by := d.pos(at("by")...); !l.failed(by) && l.valueField(p.f, p.src.By, by) {
		for _, val := range keys(p.src.Files) {
			if why := l.impossible(p.f, p.src.By, val); why != "" {
				l.add(CodeLayoutValue.At(d.keyPos(at("files", val)...), "%s: %s, so this picture is never used", quoteValue(val), why))
			}
		}
	}
	sizes := []Size{l.g.Manifest.Print.Card} // a face no deck prints still names its files
	if len(p.f.decks) > 0 {
		sizes = nil
	}
	for _, dk := range p.f.decks {
		if s := l.g.CardSize(dk); !slices.Contains(sizes, s) {
			sizes = append(sizes, s)
		}
	}
	for _, val := range keys(p.src.Files) {
		for _, s := range sizes {
			l.read(p, p.src.Files[val], d.pos(at("files", val)...), s)
		}
	}
	if p.src.Default != "" {
		for _, s := range sizes {
			l.read(p, p.src.Default, d.pos(at("default")...), s)
		}
	}
}

// read reads the picture at path, named at pos, printed on a card of
// size s: its header checked, its resolution and largest print noted.
func (l *loader) read(p picture, path string, pos finding.Pos, s Size) {
	img, ok := l.image(path, pos)
	if !ok {
		return
	}
	w, h, where := p.box(s)
	l.lowRes(img, pos, w, h, p.fit, where)
	l.printsAt(img, w+2*p.bleed, h+2*p.bleed, p.fit)
}

// valueField reports at pos, and says false, when field is not one whose
// value a picture's path can take on the face's cards: a generic field
// with one value or a declared field that is not a list. The engine's own
// fields are known only when printing, too late to check the files.
func (l *loader) valueField(f face, field string, pos finding.Pos) bool {
	if len(f.decks) == 0 {
		return true // no card prints it: nothing to check against
	}
	known := slices.Clone(valueFields)
	for _, d := range f.decks {
		known = append(known, declaredNames(l.g.Manifest.FieldsOf(d))...)
	}
	if slices.Contains(known, field) {
		return !l.listField(f, field, pos)
	}
	msg := fmt.Sprintf("field %q is not a field of %s a picture can be chosen by: id, name, deck, flavor and the fields the decks declare (an engine's fields are known only when printing)", field, deckList(f.decks))
	if s := schema.Suggest(field, known); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	l.add(CodeLayoutField.At(pos, "%s", msg))
	return false
}
