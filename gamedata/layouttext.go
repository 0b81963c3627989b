package gamedata

import (
	"slices"

	"github.com/cardpress/cardpress/finding"
)

var _ = registerCheck(Check{
	ID:    "printed-text",
	Doc:   "Checks the printed text of cards and layout elements: emphasis markers closed, templates that parse, and each element's when.",
	Codes: []*finding.Code{CodeEmphasis, CodeTemplate, CodeLayoutWhen},
	// A text whose glyphs or icons are already reported is not checked again.
	After: []string{"font-glyphs", "printed-icons"},
	run:   (*loader).checkPrintedText,
})

// A layout element's text template and its when: the template mixes fixed
// words, {field} values (ParseTemplate), :icon:s and emphasis; the when
// is compiled against the fields of the decks its face prints (when.go).
// Both are checked at their line and column, and a {field} or a name in a
// when that no card has is the layout field check's LAYOUT_FIELD, like an
// element's field.

// textPos keeps where the element's text and when are written: their
// nodes, or the element's line for a value not decoded from its node (a
// layout that did not decode whole), so every offset stays in its text.
func (el *Element) textPos(d *doc, at []string) {
	written := func(key, value string) template {
		if n := d.node(append(slices.Clone(at), key)...); n != nil && n.Value == value {
			return d.template(n)
		}
		return template{text: value, pos: el.Pos}
	}
	el.text = written("text", el.Text)
	el.when = written("when", el.When)
	el.WhenPos = el.when.pos
}

// fieldUse is a card field a layout element names, where it names it.
type fieldUse struct {
	name string
	pos  finding.Pos
}

// namedFields are the fields the element's template and when name.
func (el Element) namedFields() []fieldUse {
	var out []fieldUse
	ps, _ := ParseTemplate(el.Text)
	for _, p := range ps {
		out = append(out, fieldUse{p.Name, el.text.at(p.Start)})
	}
	if el.Cond != nil {
		for _, r := range el.Cond.Fields {
			if !slices.Contains(whenGeneric, r.Name) {
				out = append(out, fieldUse{r.Name, el.when.at(r.Off)})
			}
		}
	}
	return out
}

// Placeholders are the field names a text template prints.
func (el Element) Placeholders() []Placeholder {
	ps, _ := ParseTemplate(el.Text)
	return ps
}

// checkPrintedText checks the layout's templates and compiles each when,
// before the layout field check reads what they name; and the emphasis
// in the cards' text.
func (l *loader) checkPrintedText() {
	l.checkCardEmphasis()
	// An element written once may be in several faces: a face shared by
	// alias, or copied into one that extends it. Each copy gets its when
	// compiled (each face is drawn with its own), but is reported once.
	seen := map[finding.Pos]bool{}
	for _, f := range l.g.faces() {
		scope := l.whenScope(f.decks)
		for i := range f.front.Elements {
			el := &f.front.Elements[i]
			first := !seen[el.Pos]
			seen[el.Pos] = true
			if first && el.Text != "" && !l.failed(el.text.pos) {
				l.checkTemplate(el.text)
			}
			if el.When != "" && !l.failed(el.WhenPos) {
				cond, problems := CompileWhen(el.When, scope)
				for _, p := range problems {
					if first {
						l.add(CodeLayoutWhen.At(el.when.at(p.Off), "%s in when %q", p.Msg, el.When))
					}
				}
				el.Cond = cond
			}
		}
	}
}

// checkTemplate reports a card template's syntax: its braces, a format
// (for the reference sheet's numbers only) and its emphasis.
func (l *loader) checkTemplate(t template) {
	ps, err := ParseTemplate(t.text)
	if err != nil {
		l.add(CodeTemplate.At(t.at(errAt(t.text, ps)), "%s", err.Error()))
		return
	}
	for _, p := range ps {
		if p.Format != "" {
			l.add(CodeTemplate.At(t.at(p.Start), "%s has a format: a card prints a field as its field: element does, and formats are for the reference sheet", t.text[p.Start:p.End]))
		}
	}
	l.checkEmphasis(t)
}

// whenScope is what a when on a face printed with decks may name (all
// the game's decks for a face no deck uses).
func (l *loader) whenScope(decks []string) WhenScope {
	m := &l.g.Manifest
	s := WhenScope{Decks: deckIDs(m.Decks)}
	if len(decks) == 0 {
		decks = s.Decks
	}
	for _, d := range decks {
		s.Fields = append(s.Fields, m.FieldsOf(d)...)
	}
	for _, k := range m.Keywords {
		s.Keywords = append(s.Keywords, k.ID)
	}
	return s
}
