package gamedata

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/schema"

	"go.yaml.in/yaml/v3"
)

var _ = registerCheck(Check{
	ID:    "layout-values",
	Doc:   "Checks colour value maps: a value no card of its face can have is never used, and a colour is given one way.",
	Codes: []*finding.Code{CodeLayoutValue, CodeLayoutField, schema.CodeOther},
	run:   onLayout((*loader).checkColorValues),
})

// Colour values: a colour key of a card face (an element's color, fill and
// stroke, the face's background) is a colour, or a value map that picks
// one by a card's value: {by: FIELD, colors: {VALUE: COLOUR}, default:
// COLOUR}. One type, one decoder and one resolver (Pick) serve every
// drawer; an element's older color_by and colors keys and an accent's by:
// field or by: deck are spellings of the same (InkColor, Accent.Value).

// ColorSpec is one colour key: a plain colour, or a value map.
type ColorSpec struct {
	Color   string            // a plain colour; "" in a value map
	By      string            // the card field whose value picks the colour
	Colors  map[string]string // the colour of each value
	Default string            // the colour of a value Colors lacks
	ByPos   finding.Pos       // the by: value (layout.go sets it)
}

// PlainColor is the colour value of one colour.
func PlainColor(c string) ColorSpec { return ColorSpec{Color: c} }

// UnmarshalYAML takes either form: a colour, or a value map.
func (v *ColorSpec) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.MappingNode {
		*v = ColorSpec{}
		return n.Decode(&v.Color)
	}
	var m struct {
		By      string            `yaml:"by"`
		Colors  map[string]string `yaml:"colors"`
		Default string            `yaml:"default"`
	}
	if err := n.Decode(&m); err != nil {
		return err
	}
	*v = ColorSpec{By: m.By, Colors: m.Colors, Default: m.Default}
	return nil
}

// Set reports whether the key was given.
func (v ColorSpec) Set() bool { return v.Color != "" || v.By != "" }

// Pick is the colour on the card whose field values value gives: the plain
// colour, or the map's colour of the card's value, else its default; ""
// when there is none (the key is then as if left out).
func (v ColorSpec) Pick(value func(field string) (string, bool)) string {
	if v.By == "" {
		return v.Color
	}
	if val, ok := value(v.By); ok {
		if c, ok := v.Colors[val]; ok {
			return c
		}
	}
	return v.Default
}

// Fallback is the colour where no card is at hand (the player aid): the
// plain colour, or a map's default.
func (v ColorSpec) Fallback() string {
	if v.By == "" {
		return v.Color
	}
	return v.Default
}

// InkColor is the colour of an element's text or pips: its color, or the
// value map its color_by and colors spell, color then its default.
func (e Element) InkColor() ColorSpec {
	if e.ColorBy == "" || e.Color.By != "" {
		return e.Color
	}
	return ColorSpec{By: e.ColorBy, Colors: e.Colors, Default: e.Color.Color, ByPos: e.ColorByPos}
}

// Value is the accent band's colour as a value map, when a card's value
// picks it (by: field, by: deck); its "default" entry is the map's
// default. false for by: keyword, where the first of the card's keywords
// that has a colour does.
func (a Accent) Value() (ColorSpec, bool) {
	v := ColorSpec{Colors: a.Colors, Default: a.Colors["default"], ByPos: a.FieldPos}
	switch a.By {
	case "field":
		v.By = a.Field
	case "deck":
		v.By = "deck"
	default:
		return ColorSpec{}, false
	}
	return v, true
}

// colorPos sets where each colour value map of the face at path names its
// field.
func (f *Front) colorPos(d *doc, path ...string) {
	f.Background.ByPos = d.pos(append(slices.Clone(path), "background", "by")...)
	for i := range f.Elements {
		el := &f.Elements[i]
		at := append(slices.Clone(path), "elements", strconv.Itoa(i))
		for key, v := range map[string]*ColorSpec{"color": &el.Color, "fill": &el.Fill, "stroke": &el.Stroke} {
			v.ByPos = d.pos(append(slices.Clone(at), key, "by")...)
		}
	}
}

// colorKey is one colour key of a face, with its path in the face.
type colorKey struct {
	v    ColorSpec
	path []string
}

// colorKeys lists the colour keys of a face that are value maps.
func (f Front) colorKeys() []colorKey {
	var out []colorKey
	add := func(v ColorSpec, path ...string) {
		if v.By != "" {
			out = append(out, colorKey{v, path})
		}
	}
	add(f.Background, "background")
	for i, el := range f.Elements {
		idx := strconv.Itoa(i)
		if el.Color.By != "" {
			add(el.Color, "elements", idx, "color")
		} else {
			add(el.InkColor(), "elements", idx) // color_by: its colors are the element's own key
		}
		add(el.Fill, "elements", idx, "fill")
		add(el.Stroke, "elements", idx, "stroke")
	}
	return out
}

// valueFields are the generic card fields a value map or a picture's path
// may take a value from, besides the declared ones: each has one value a
// card (ValueTexts).
var valueFields = []string{"id", "name", "deck", "flavor"}

// listFields are the generic card fields that hold several values.
var listFields = []string{"keywords", "players"}

// ValueTexts are card c's values that value maps and picture templates
// match, by field: its id, name, deck and flavor, and each declared field
// it has, as ValueText writes it.
func (g *Data) ValueTexts(c Card) map[string]string {
	out := map[string]string{"id": c.ID, "name": c.Name, "deck": c.Deck, "flavor": c.Flavor}
	for name, v := range c.Values {
		out[name] = ValueText(v)
	}
	return out
}

// ValueText is a declared field's value (Card.Values) as a value map's key
// or in a picture's path: as it prints (a number in its shortest form, a
// list's values joined), but a boolean true or false rather than its
// label or nothing.
func ValueText(v any) string {
	if b, ok := v.(bool); ok {
		return strconv.FormatBool(b)
	}
	return fieldText(Field{}, v)
}

// checkColorValues reports what the schema cannot about each colour value
// map of each face (an accent's by a field's value too): color_by beside
// a color that is a value map, a field with several values to pick by,
// and a value no card of the face's decks can have (LAYOUT_VALUE, a
// warning: its colour is never used). Whether the field exists at all is
// CheckLayoutFields's, which also knows the engine's fields.
func (l *loader) checkColorValues() {
	seen := map[finding.Pos]bool{} // a face shared by alias is checked once
	for _, f := range l.g.faces() {
		for i, el := range f.front.Elements {
			if el.ColorBy != "" && el.Color.By != "" && !seen[el.ColorByPos] {
				seen[el.ColorByPos] = true
				l.add(schema.CodeOther.At(l.lay.keyPos(append(slices.Clone(f.path), "elements", strconv.Itoa(i), "color_by")...),
					"color_by and colors are the older spelling of color: {by: ..., colors: ...}; give the colour one way"))
			}
		}
		for _, k := range f.front.colorKeys() {
			at := append(slices.Clone(f.path), k.path...)
			if seen[k.v.ByPos] {
				continue
			}
			seen[k.v.ByPos] = true
			if l.listField(f, k.v.By, k.v.ByPos) {
				continue
			}
			l.impossibleColors(f, k.v, at)
		}
		// An accent by a field's value is a value map whose default is
		// its "default" entry.
		if v, ok := f.front.Accent.Value(); ok && f.front.Accent.By == "field" && !seen[v.ByPos] {
			seen[v.ByPos] = true
			v.Colors = maps.Clone(v.Colors) // the layout's stays whole
			delete(v.Colors, "default")
			l.impossibleColors(f, v, append(slices.Clone(f.path), "accent"))
		}
	}
}

// impossibleColors warns of each value of the map v at path (in
// layout.yaml) that no card printed with face f can have.
func (l *loader) impossibleColors(f face, v ColorSpec, path []string) {
	for _, val := range keys(v.Colors) {
		if why := l.impossible(f, v.By, val); why != "" {
			l.add(CodeLayoutValue.At(l.lay.keyPos(append(slices.Clone(path), "colors", val)...), "%s: %s, so this colour is never used", quoteValue(val), why))
		}
	}
}

// listField reports at pos, and says true, when field holds several values
// on the face's cards: a value map picks by one.
func (l *loader) listField(f face, field string, pos finding.Pos) bool {
	list := slices.Contains(listFields, field)
	for _, d := range f.decks {
		for _, fd := range l.g.Manifest.FieldsOf(d) {
			list = list || fd.Name == field && fd.Type == FieldList
		}
	}
	if list {
		l.add(CodeLayoutField.At(pos, "field %q holds a list, and a value map picks by one value: pick by a field with one value", field))
	}
	return list
}

// impossible says why no card printed with face f can have value val in
// field, or "" when one can: a deck the face does not print, a value an
// enum does not list, a boolean other than true or false, a number out of
// its field's bounds. Text can be anything.
func (l *loader) impossible(f face, field, val string) string {
	if field == "deck" {
		if len(f.decks) == 0 || slices.Contains(f.decks, val) {
			return ""
		}
		return "this face prints " + deckList(f.decks)
	}
	var why []string
	for _, d := range f.decks {
		fd, ok := declared(l.g.Manifest.FieldsOf(d), field)
		if !ok {
			continue
		}
		w := fieldRules(fd, val)
		if w == "" {
			return ""
		}
		if !slices.Contains(why, w) {
			why = append(why, w)
		}
	}
	return strings.Join(why, "; ")
}

// fieldRules says why val is not a value of field fd, or "".
func fieldRules(fd Field, val string) string {
	switch fd.Type {
	case FieldEnum:
		if slices.Contains(fd.Values, val) {
			return ""
		}
		return fmt.Sprintf("field %q is one of %s", fd.Name, strings.Join(fd.Values, ", "))
	case FieldBoolean:
		if val == "true" || val == "false" {
			return ""
		}
		return fmt.Sprintf("field %q is true or false", fd.Name)
	case FieldInteger, FieldNumber:
		n, err := strconv.ParseFloat(val, 64)
		switch {
		case err != nil || math.IsInf(n, 0) || math.IsNaN(n):
			return fmt.Sprintf("field %q is a number", fd.Name)
		case fd.Type == FieldInteger && n != math.Trunc(n):
			return fmt.Sprintf("field %q is a whole number", fd.Name)
		case fd.Min != nil && n < *fd.Min || fd.Max != nil && n > *fd.Max:
			return fmt.Sprintf("field %q is from %s to %s", fd.Name, bound(fd.Min, "-∞"), bound(fd.Max, "∞"))
		}
	}
	return ""
}

func bound(v *float64, none string) string {
	if v == nil {
		return none
	}
	return mm(*v)
}

// declared is the field of that name among fields.
func declared(fields []Field, name string) (Field, bool) {
	for _, f := range fields {
		if f.Name == name {
			return f, true
		}
	}
	return Field{}, false
}

func quoteValue(v string) string { return "value " + strconv.Quote(v) }
