package kit

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing/fstest"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/schema"
)

// Params are an engine's rule parameters, declared once: as the fields of
// the struct T the engine plays with, each field one parameter, its name
// in the yaml tag and its range in the tags beside it:
//
//	type Params struct {
//		Heists    int        `yaml:"heists" min:"1" max:"maxHeists"`
//		Passes    []string   `yaml:"pass_directions" items:"1,maxHeists" enum:"left,right"`
//		HeatBoard []BoardRow `yaml:"heat_board" items:"1,12"`
//		Recall    bool       `yaml:"recall_markers" optional:""`
//	}
//	type BoardRow struct {
//		Value int `yaml:"value" min:"-1000" max:"0"`
//	}
//
// min and max bound a whole number (or each whole number of a list);
// items bounds a list's length; enum lists a text's values (or each
// entry's); len bounds a text's length; unique forbids repeated entries;
// optional lets game.yaml leave the parameter out (the engine then plays
// its zero value). A bound is a number or the name of a constant given to
// DeclareParams, so the engine's own limits are stated once in Go.
//
// From that one declaration come the decoder (Decode), the bounds Build
// checks before it allocates (Bounds), the JSON Schema the loader
// validates the defaults and every variant with (Schema, served as
// params.schema.json by Schemas), and the names in order (Names).
type Params[T any] struct {
	game   string
	params []param
	bounds []Bound
	schema []byte
}

type param struct {
	name     string
	field    int
	optional bool
	enum     []string // the words a text (or each entry of a list of texts) may be
}

// Consts names the constants a declaration's bounds may use.
type Consts map[string]int

// DeclareParams reads T's declaration. game names the game in messages
// ("HEAT needs rule parameter …"). A malformed tag is a programming error
// and panics when the engine package starts, so every test fails on it.
func DeclareParams[T any](game string, consts Consts) *Params[T] {
	t := reflect.TypeFor[T]()
	if t.Kind() != reflect.Struct {
		panic(fmt.Sprintf("kit: parameters of %s must be a struct, not %s", game, t))
	}
	p := &Params[T]{game: game}
	for _, f := range yamlFields(t, t.Name()) {
		_, optional := f.Tag.Lookup("optional")
		prm := param{name: f.name, field: f.Index[0], optional: optional}
		if enum, ok := f.Tag.Lookup("enum"); ok {
			prm.enum = strings.Split(enum, ",")
		}
		p.params = append(p.params, prm)
	}
	doc := declarer{consts: consts, where: t.Name()}.schemaOf(t, "", "", &p.bounds)
	doc["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	doc["title"] = game + " rule parameters"
	doc["description"] = "The values of " + game + "'s rule parameters, by name: the defaults in game.yaml and each variant's. Generated from the engine's declaration of its parameters."
	var err error
	if p.schema, err = json.MarshalIndent(doc, "", "  "); err != nil {
		panic(err)
	}
	p.schema = append(p.schema, '\n')
	return p
}

// Names lists the parameters in declaration order.
func (p *Params[T]) Names() []string {
	out := make([]string, len(p.params))
	for i, prm := range p.params {
		out[i] = prm.name
	}
	return out
}

// Bounds are the ranges the declaration states, for ParamRangeFindings and
// the tests that hold Build to them.
func (p *Params[T]) Bounds() []Bound { return p.bounds }

// Schema is the JSON Schema of the parameters object.
func (p *Params[T]) Schema() []byte { return p.schema }

// Schemas is an engine's schema folder: the files of own (its cards
// schema) and the generated params.schema.json.
func (p *Params[T]) Schemas(own fs.FS) fs.FS {
	out := fstest.MapFS{schema.EngineParams: {Data: p.schema}}
	err := fs.WalkDir(own, ".", func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		data, err := fs.ReadFile(own, path)
		out[path] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		panic(fmt.Sprintf("kit: schemas of %s: %v", p.game, err))
	}
	return out
}

// Decode decodes d's parameters into a T. Every parameter is first held to
// its bounds: one out of range is reported once, at its value, and not
// decoded. A required parameter the game does not declare is
// UNDEFINED_PARAMETER at the manifest; a value that does not decode (data
// that skipped validation: params.schema.json rules it out) is
// PARAMETER_RANGE at the value. It returns the findings and the names out of
// range, for the engine's own checks.
func (p *Params[T]) Decode(d *gamedata.Data) (T, []finding.Finding, map[string]bool) {
	var out T
	found, outOfRange := ParamRangeFindings(d, p.bounds)
	v := reflect.ValueOf(&out).Elem()
	for _, prm := range p.params {
		given, ok := d.Params[prm.name]
		if !ok || given.Node == nil {
			if !prm.optional {
				found = append(found, gamedata.CodeUndefinedParameter.At(d.Manifest.Pos, "%s needs rule parameter %q", p.game, prm.name))
			}
			continue
		}
		if outOfRange[prm.name] {
			continue
		}
		field := v.Field(prm.field)
		if err := given.Node.Decode(field.Addr().Interface()); err != nil {
			found = append(found, CodeParamRange.At(given.Pos, "parameter %s: %s", prm.name, strings.Join(strings.Fields(err.Error()), " ")))
			continue
		}
		if word, bad := outsideEnum(field, prm.enum); bad {
			found = append(found, CodeParamRange.At(given.Pos, "parameter %s: %q is not one of %s", prm.name, word, strings.Join(prm.enum, ", ")))
			outOfRange[prm.name] = true
			field.SetZero()
		}
	}
	return out, found, outOfRange
}

// outsideEnum finds a word of a text, or list of texts, not among enum
// (the schema holds data that went through validation to the same rule).
func outsideEnum(v reflect.Value, enum []string) (string, bool) {
	if enum == nil {
		return "", false
	}
	if v.Kind() == reflect.String {
		return v.String(), !slices.Contains(enum, v.String())
	}
	for i := range v.Len() {
		if w := v.Index(i).String(); !slices.Contains(enum, w) {
			return w, true
		}
	}
	return "", false
}

// declarer turns one field's tags into its schema and bounds.
type declarer struct {
	consts Consts
	where  string
}

func (d declarer) schemaOf(t reflect.Type, tag reflect.StructTag, path string, bounds *[]Bound) map[string]any {
	switch t.Kind() {
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		lo, hi := d.bound(tag, "min"), d.bound(tag, "max")
		*bounds = append(*bounds, Bound{Path: path, Min: lo, Max: hi})
		return map[string]any{"type": "integer", "minimum": lo, "maximum": hi}
	case reflect.String:
		if enum, ok := tag.Lookup("enum"); ok {
			return map[string]any{"enum": strings.Split(enum, ",")}
		}
		s := map[string]any{"type": "string"}
		if _, ok := tag.Lookup("len"); ok {
			s["minLength"], s["maxLength"] = d.pair(tag, "len")
		}
		return s
	case reflect.Slice, reflect.Array:
		var lo, hi int
		if t.Kind() == reflect.Array {
			lo, hi = t.Len(), t.Len()
		} else {
			lo, hi = d.pair(tag, "items")
		}
		*bounds = append(*bounds, Bound{Path: path, Min: lo, Max: hi, Items: true})
		s := map[string]any{"type": "array", "maxItems": hi, "items": d.schemaOf(t.Elem(), tag, path+".*", bounds)}
		if lo > 0 {
			s["minItems"] = lo
		}
		if _, ok := tag.Lookup("unique"); ok {
			s["uniqueItems"] = true
		}
		return s
	case reflect.Struct:
		props := map[string]any{}
		required := []string{}
		for _, f := range yamlFields(t, d.where) {
			if _, optional := f.Tag.Lookup("optional"); !optional {
				required = append(required, f.name)
			}
			field := declarer{consts: d.consts, where: d.where + "." + f.Name}
			props[f.name] = field.schemaOf(f.Type, f.Tag, strings.TrimPrefix(path+"."+f.name, "."), bounds)
		}
		return map[string]any{"type": "object", "additionalProperties": false, "required": required, "properties": props}
	}
	panic(fmt.Sprintf("kit: %s: parameters of type %s are not supported", d.where, t))
}

// pair reads a "lo,hi" tag; an empty lo is 0.
func (d declarer) pair(tag reflect.StructTag, key string) (int, int) {
	v, ok := tag.Lookup(key)
	lo, hi, two := strings.Cut(v, ",")
	if !ok || !two {
		panic(fmt.Sprintf("kit: %s needs a %s:\"min,max\" tag", d.where, key))
	}
	if lo == "" {
		lo = "0"
	}
	return d.number(lo, key), d.number(hi, key)
}

func (d declarer) bound(tag reflect.StructTag, key string) int {
	v, ok := tag.Lookup(key)
	if !ok {
		panic(fmt.Sprintf("kit: %s needs a %s tag", d.where, key))
	}
	return d.number(v, key)
}

// number is a bound written as a number, a constant's name, or either
// with a leading minus.
func (d declarer) number(s, key string) int {
	neg := strings.HasPrefix(s, "-")
	name := strings.TrimPrefix(s, "-")
	n, err := strconv.Atoi(name)
	if err != nil {
		c, ok := d.consts[name]
		if !ok {
			panic(fmt.Sprintf("kit: %s: %s %q is neither a number nor a constant given to DeclareParams", d.where, key, s))
		}
		n = c
	}
	if neg {
		n = -n
	}
	return n
}

// yamlField is a struct field with the name game.yaml gives it.
type yamlField struct {
	reflect.StructField
	name string
}

// yamlFields are t's fields with their yaml names; a field without one is
// a programming error (game.yaml could not name it).
func yamlFields(t reflect.Type, where string) []yamlField {
	out := make([]yamlField, t.NumField())
	for i := range out {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if name == "" {
			panic(fmt.Sprintf("kit: %s: field %s.%s has no yaml name", where, t.Name(), f.Name))
		}
		out[i] = yamlField{f, name}
	}
	return out
}

// Opening is what the checks that open every Build found and made: the
// decoded parameters, the names of those out of range, the compiled cards
// and the findings.
type Opening[T, C any] struct {
	Params     T
	OutOfRange map[string]bool
	Cards      []C
	Findings   []finding.Finding
}

// Limits are the most an engine plays: seats, and keywords when it keeps
// them in a bit mask (0: no limit).
type Limits struct {
	Seats, Keywords int
}

// Open runs the checks every engine's Build starts with, before anything
// is sized by the data, and compiles the cards: at most engine.MaxDeck-1
// distinct cards (a card index fits a byte) and lim.Keywords keywords
// (TOO_MANY_CARDS, TOO_MANY_KEYWORDS: ok is false then, and nothing else
// is checked); the player range (PlayersFindings); the parameters
// (params.Decode); every card's numbers (CardRangeFindings against
// cardBounds), and each card through compile, in order. Messages name the
// engine by the game name its parameters were declared with.
func Open[T, C any](d *gamedata.Data, params *Params[T], lim Limits, cardBounds []Bound, compile func(gamedata.Card) C) (o Opening[T, C], ok bool) {
	if len(d.Cards) > engine.MaxDeck-1 {
		o.Findings = append(o.Findings, CodeTooManyCards.At(d.Manifest.Pos, "%s supports at most %d distinct cards", params.game, engine.MaxDeck-1))
	}
	if lim.Keywords > 0 && len(d.Manifest.Keywords) > lim.Keywords {
		o.Findings = append(o.Findings, CodeTooManyKeywords.At(d.Manifest.Pos, "%s supports at most %d keywords", params.game, lim.Keywords))
	}
	if len(o.Findings) > 0 {
		return o, false
	}
	o.Findings = PlayersFindings(d, params.game, lim.Seats)
	var found []finding.Finding
	o.Params, found, o.OutOfRange = params.Decode(d)
	o.Findings = append(o.Findings, found...)
	for _, gc := range d.Cards {
		o.Findings = append(o.Findings, CardRangeFindings(gc, cardBounds)...)
		o.Cards = append(o.Cards, compile(gc))
	}
	return o, true
}
