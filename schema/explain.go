package schema

import (
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"maps"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"github.com/cardpress/cardpress/finding"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Codes of the problems schema validation reports.
var (
	CodeUnknownField = finding.Declare(finding.Code{ID: "SCHEMA_UNKNOWN_FIELD", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A field the schema does not know (often a typo)."})
	CodeType = finding.Declare(finding.Code{ID: "SCHEMA_TYPE", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A value has the wrong type (text, number, list, mapping)."})
	CodeEnum = finding.Declare(finding.Code{ID: "SCHEMA_ENUM", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A value is not one of the allowed choices."})
	CodeRequired = finding.Declare(finding.Code{ID: "SCHEMA_REQUIRED", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A required field is missing."})
	CodeOther = finding.Declare(finding.Code{ID: "SCHEMA", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "Any other schema violation: range, pattern, length, uniqueness."})
)

// Problem is one schema violation, in words a designer understands, at a
// place in the instance.
type Problem struct {
	// Path is the instance location as JSON Pointer tokens (unescaped).
	Path []string
	// Key is set when the problem is the last key of Path itself (an unknown
	// or badly named field) rather than its value.
	Key bool
	// Field names the missing or unknown field for SCHEMA_REQUIRED and
	// SCHEMA_UNKNOWN_FIELD, so callers can reword (e.g. "unknown parameter").
	Field   string
	Code    *finding.Code
	Message string

	// restates marks a problem that only repeats, less precisely, another
	// one at the same place ("needs at least 2 fields" next to "needs one
	// of: gain, pay").
	restates bool
}

// Validate checks v (plain JSON-like values: map[string]any, []any, string,
// bool, nil, int, float64, json.Number) and explains every violation. A
// oneOf/anyOf failure yields the most useful single explanation rather than
// one per alternative.
func (s *Schema) Validate(v any) []Problem {
	err := s.Schema.Validate(v)
	if err == nil {
		return nil
	}
	var verr *jsonschema.ValidationError
	if !errors.As(err, &verr) {
		return []Problem{{Code: CodeOther, Message: err.Error()}}
	}
	x := explainer{s: s, v: v, memo: &memo{}}
	return x.tidy(x.explain(make([]Problem, 0, problemCount(verr)), verr))
}

// problemCount is about how many problems explaining e gives (alternatives
// count one), so the list is allocated once rather than grown.
func problemCount(e *jsonschema.ValidationError) int {
	switch k := e.ErrorKind.(type) {
	case *kind.Schema, *kind.Group, *kind.Reference, *kind.AllOf:
		n := 0
		for _, c := range e.Causes {
			n += problemCount(c)
		}
		return n
	case *kind.AdditionalProperties:
		return len(k.Properties)
	case *kind.Required:
		return len(k.Missing)
	}
	return 1
}

type explainer struct {
	s    *Schema
	v    any
	memo *memo
}

// memo keeps, for one Validate, what explaining each problem would
// otherwise work out again: a file can have hundreds of thousands of
// problems, so nothing per problem may cost more than the problem itself.
type memo struct {
	applied map[*jsonschema.Schema][]*jsonschema.Schema // eachApplied's schemas
	names   map[*jsonschema.Schema][]string             // propertyNames
	keysAt  map[int]map[string][]string                 // objectWith's answers, by depth
	tokens  map[tokenRef]string                         // a long path token's canonical copy, by identity
	texts   map[string]string                           // the same, by text
}

var printer = message.NewPrinter(language.English)

// explain appends the problems e stands for to dst. Appending to one list
// rather than returning one per error keeps nested errors from copying
// every problem below them once per level.
func (x explainer) explain(dst []Problem, e *jsonschema.ValidationError) []Problem {
	loc := e.InstanceLocation
	switch k := e.ErrorKind.(type) {
	case *kind.Schema, *kind.Group, *kind.Reference, *kind.AllOf:
		for _, c := range e.Causes {
			dst = x.explain(dst, c)
		}
		return dst
	case *kind.AnyOf:
		return append(dst, x.pick(e)...)
	case *kind.OneOf:
		if len(k.Subschemas) == 0 {
			return append(dst, x.pick(e)...)
		}
		return append(dst, x.oneOfMany(e, k))
	case *kind.AdditionalProperties:
		js := x.s.at(e.SchemaURL)
		// A map keyed by ids: a key is a badly written id, not a misplaced
		// field.
		how := namePatterns(js)
		var known []string
		if how == "" {
			known = x.propertyNames(js)
		}
		for _, name := range k.Properties {
			path := append(slices.Clone(loc), name)
			if how != "" {
				dst = append(dst, Problem{Path: path, Key: true, Code: CodeOther, Message: fmt.Sprintf("invalid name %s: %s", quote(name), how)})
				continue
			}
			dst = append(dst, unknownField(path, name, known))
		}
		return dst
	case *kind.FalseSchema:
		return append(dst, x.falseSchema(e)...)
	case *kind.Required:
		for _, name := range k.Missing {
			dst = append(dst, Problem{Path: loc, Field: name, Code: CodeRequired, Message: fmt.Sprintf("missing required field %q", name)})
		}
		return dst
	case *kind.PropertyNames:
		// jsonschema/v6 stores this error's instance location without
		// copying it, so only its length can be trusted: find the object at
		// that depth that has the offending key.
		return append(dst, Problem{Path: append(x.objectWith(len(loc), k.Property), k.Property), Key: true, Code: CodeOther,
			Message: fmt.Sprintf("invalid name %s: %s", quote(k.Property), nameReason(e.Causes))})
	case *kind.Type:
		return append(dst, Problem{Path: loc, Code: CodeType, Message: typeMessage(k.Want, ValueAt(x.v, loc...))})
	case *kind.UniqueItems:
		path := append(slices.Clone(loc), strconv.Itoa(k.Duplicates[1]))
		return append(dst, Problem{Path: path, Code: CodeOther, Message: fmt.Sprintf("%s is listed twice", display(ValueAt(x.v, path...)))})
	}
	return append(dst, x.leaf(e))
}

// namePatterns words the patternProperties of a schema with no fixed
// properties, or returns "".
func namePatterns(js *jsonschema.Schema) string {
	if js == nil || len(js.Properties) > 0 || len(js.PatternProperties) == 0 {
		return ""
	}
	var how []string
	for re := range js.PatternProperties {
		if h, ok := patterns[re.String()]; ok {
			how = append(how, h)
		} else {
			how = append(how, "must match "+re.String())
		}
	}
	slices.Sort(how)
	return strings.Join(how, " or ")
}

// objectWith finds the first object (in key order) at depth holding key.
// All objects at a depth are indexed by one walk, the first time a
// problem needs that depth.
func (x explainer) objectWith(depth int, key string) []string {
	if x.memo.keysAt == nil {
		x.memo.keysAt = map[int]map[string][]string{}
	}
	index, ok := x.memo.keysAt[depth]
	if !ok {
		index = map[string][]string{}
		x.memo.keysAt[depth] = index
		var walk func(v any, path []string)
		walk = func(v any, path []string) {
			if len(path) == depth {
				if m, ok := v.(map[string]any); ok {
					path = slices.Clip(path) // callers append to it
					for k := range m {
						if _, seen := index[k]; !seen {
							index[k] = path
						}
					}
				}
				return
			}
			switch c := v.(type) {
			case map[string]any:
				for _, k := range slices.Sorted(maps.Keys(c)) {
					walk(c[k], append(slices.Clone(path), k))
				}
			case []any:
				for i, item := range c {
					walk(item, append(slices.Clone(path), strconv.Itoa(i)))
				}
			}
		}
		walk(x.v, nil)
	}
	return index[key]
}

// nameReason says why a property name failed its propertyNames schema.
func nameReason(causes []*jsonschema.ValidationError) string {
	if r := findReason(causes); r != "" {
		return r
	}
	return "not allowed"
}

func findReason(causes []*jsonschema.ValidationError) string {
	for _, c := range causes {
		switch k := c.ErrorKind.(type) {
		case *kind.Pattern:
			if how, ok := patterns[k.Want]; ok {
				return how
			}
			return "must match " + k.Want
		case *kind.MaxLength:
			return fmt.Sprintf("at most %s", plural(k.Want, "character"))
		}
		if r := findReason(c.Causes); r != "" {
			return r
		}
	}
	return ""
}

// leaf words the single-value keyword failures.
func (x explainer) leaf(e *jsonschema.ValidationError) Problem {
	p := Problem{Path: e.InstanceLocation, Code: CodeOther}
	switch k := e.ErrorKind.(type) {
	case *kind.Enum:
		p.Code = CodeEnum
		p.Message = enumMessage(k.Got, k.Want)
	case *kind.Const:
		p.Code = CodeEnum
		p.Message = fmt.Sprintf("%s is not allowed here; it must be %s", display(k.Got), display(k.Want))
	case *kind.Pattern:
		p.Message = patternMessage(k.Got, k.Want)
	case *kind.Minimum:
		p.Message = fmt.Sprintf("%s is too small: at least %s", rat(k.Got), rat(k.Want))
	case *kind.Maximum:
		p.Message = fmt.Sprintf("%s is too large: at most %s", rat(k.Got), rat(k.Want))
	case *kind.ExclusiveMinimum:
		p.Message = fmt.Sprintf("%s is too small: must be more than %s", rat(k.Got), rat(k.Want))
	case *kind.ExclusiveMaximum:
		p.Message = fmt.Sprintf("%s is too large: must be less than %s", rat(k.Got), rat(k.Want))
	case *kind.MultipleOf:
		p.Message = fmt.Sprintf("%s must be a multiple of %s", rat(k.Got), rat(k.Want))
	case *kind.MinItems:
		p.Message = fmt.Sprintf("needs at least %s, has %d", plural(k.Want, "item"), k.Got)
	case *kind.MaxItems:
		p.Message = fmt.Sprintf("allows at most %s, has %d", plural(k.Want, "item"), k.Got)
	case *kind.MinLength:
		if k.Want == 1 {
			p.Message = "must not be empty"
		} else {
			p.Message = fmt.Sprintf("too short: at least %s", plural(k.Want, "character"))
		}
	case *kind.MaxLength:
		p.Message = fmt.Sprintf("too long: %d characters, at most %d", k.Got, k.Want)
	case *kind.MinProperties:
		p.Message = fmt.Sprintf("needs at least %s, has %d", plural(k.Want, "field"), k.Got)
		p.restates = true
	case *kind.MaxProperties:
		p.Message = fmt.Sprintf("allows at most %s, has %d", plural(k.Want, "field"), k.Got)
	case *kind.InvalidJsonValue:
		p.Message = "not a finite number (.inf and .nan are not allowed)"
	default:
		p.Message = e.ErrorKind.LocalizedString(printer)
	}
	return p
}

// falseSchema explains a `false` subschema; in cardpress schemas that is
// unevaluatedProperties: false, i.e. an unknown card field.
func (x explainer) falseSchema(e *jsonschema.ValidationError) []Problem {
	loc := e.InstanceLocation
	parentURL, ok := strings.CutSuffix(e.SchemaURL, "/unevaluatedProperties")
	if !ok {
		parentURL, ok = strings.CutSuffix(e.SchemaURL, "/additionalProperties")
	}
	if !ok && len(loc) > 0 {
		if p, ok := x.forbiddenField(e.SchemaURL, loc); ok {
			return []Problem{p}
		}
	}
	if !ok || len(loc) == 0 {
		return []Problem{{Path: loc, Code: CodeOther, Message: "no value is allowed here"}}
	}
	name := loc[len(loc)-1]
	parent := x.s.at(parentURL)
	if parent != nil && x.declares(parent, name) {
		// The field is declared by a subschema that failed for another
		// reason (reported on its own); a failed subschema evaluates no
		// properties, so this is an echo, not an unknown field.
		return nil
	}
	return []Problem{unknownField(loc, name, x.propertyNames(parent))}
}

// forbiddenField explains `properties: {name: false}`: a field the schema
// knows but rules out here, usually in the then-branch of an if on another
// field ("if type is prep, then no skills"). It names that condition when
// the if is a plain const or enum on sibling fields.
func (x explainer) forbiddenField(schemaURL string, loc []string) (Problem, bool) {
	name := loc[len(loc)-1]
	branch, ok := strings.CutSuffix(schemaURL, "/properties/"+jsonPointerEscape(name))
	if !ok {
		return Problem{}, false
	}
	p := Problem{Path: loc, Key: true, Field: name, Code: CodeUnknownField,
		Message: fmt.Sprintf("field %s is not allowed here", quote(name))}
	cond, ok := strings.CutSuffix(branch, "/then")
	if !ok {
		return p, true
	}
	if when := describeIf(x.s.at(cond + "/if")); when != "" {
		p.Message = fmt.Sprintf("field %s is not used when %s", quote(name), when)
	}
	return p, true
}

// describeIf words an if schema of const/enum properties ("type is
// \"prep\""); "" when it is anything else.
func describeIf(js *jsonschema.Schema) string {
	if js == nil || len(js.Properties) == 0 {
		return ""
	}
	var parts []string
	for _, name := range slices.Sorted(maps.Keys(js.Properties)) {
		sub := js.Properties[name]
		switch {
		case sub != nil && sub.Const != nil:
			parts = append(parts, fmt.Sprintf("%s is %s", name, display(*sub.Const)))
		case sub != nil && sub.Enum != nil:
			var vals []string
			for _, v := range sub.Enum.Values {
				vals = append(vals, display(v))
			}
			parts = append(parts, fmt.Sprintf("%s is %s", name, strings.Join(vals, " or ")))
		default:
			return ""
		}
	}
	return strings.Join(parts, " and ")
}

func jsonPointerEscape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func unknownField(path []string, name string, known []string) Problem {
	msg := fmt.Sprintf("unknown field %s", quote(name))
	if s := closest(name, known); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	return Problem{Path: path, Key: true, Field: name, Code: CodeUnknownField, Message: msg}
}

// pick explains a failed oneOf/anyOf (none matched). Listing every
// alternative's failure buries the real mistake, so it merges the
// "needs one of" case and otherwise keeps the alternative that got furthest.
func (x explainer) pick(e *jsonschema.ValidationError) []Problem {
	loc := e.InstanceLocation
	alts := make([][]Problem, len(e.Causes))
	for i, c := range e.Causes {
		alts[i] = x.tidy(x.explain(nil, c))
	}
	if len(alts) == 0 {
		return []Problem{x.leaf(e)}
	}
	// Every alternative only misses a field here: say which ones would do.
	var need []string
	onlyRequired := true
	for _, ps := range alts {
		for _, p := range ps {
			if p.Code != CodeRequired || !slices.Equal(p.Path, loc) {
				onlyRequired = false
			}
			need = append(need, p.Field)
		}
	}
	if onlyRequired && len(need) > 0 {
		need = uniq(need)
		if len(need) == 1 {
			return []Problem{{Path: loc, Field: need[0], Code: CodeRequired, Message: fmt.Sprintf("missing required field %q", need[0])}}
		}
		return []Problem{{Path: loc, Code: CodeRequired, Message: "needs one of: " + strings.Join(need, ", ")}}
	}
	// Alternatives rejected for the value's type at this very place are
	// about another shape of value; prefer those that looked inside.
	var wantTypes []string
	var kept [][]Problem
	for i, ps := range alts {
		if shape := typeAt(e.Causes[i], loc); shape != nil {
			wantTypes = append(wantTypes, shape...)
			continue
		}
		if len(ps) > 0 { // an alternative whose every problem was an echo says nothing
			kept = append(kept, ps)
		}
	}
	if len(kept) == 0 && len(wantTypes) == 0 {
		return []Problem{{Path: loc, Code: CodeOther, Message: "matches none of the allowed forms"}}
	}
	if len(kept) == 0 {
		return []Problem{{Path: loc, Code: CodeType, Message: typeMessage(uniq(wantTypes), ValueAt(x.v, loc...))}}
	}
	best := kept[0]
	for _, ps := range kept[1:] {
		if depth(ps) > depth(best) || (depth(ps) == depth(best) && len(ps) < len(best)) {
			best = ps
		}
	}
	return best
}

// typeAt returns the wanted types when e failed only because the value at
// loc has the wrong type.
func typeAt(e *jsonschema.ValidationError, loc []string) []string {
	if k, ok := e.ErrorKind.(*kind.Type); ok && slices.Equal(e.InstanceLocation, loc) {
		return k.Want
	}
	switch e.ErrorKind.(type) {
	case *kind.Schema, *kind.Group, *kind.Reference, *kind.AllOf:
		var want []string
		for _, c := range e.Causes {
			w := typeAt(c, loc)
			if w == nil {
				return nil
			}
			want = append(want, w...)
		}
		return want
	}
	return nil
}

func depth(ps []Problem) int {
	d := 0
	for _, p := range ps {
		d = max(d, len(p.Path))
	}
	return d
}

// oneOfMany explains a value that matches several oneOf alternatives.
func (x explainer) oneOfMany(e *jsonschema.ValidationError, k *kind.OneOf) Problem {
	p := Problem{Path: e.InstanceLocation, Code: CodeOther}
	var names []string
	if js := x.s.at(e.SchemaURL); js != nil {
		for _, i := range k.Subschemas {
			if i < len(js.OneOf) && len(js.OneOf[i].Required) > 0 {
				names = append(names, strings.Join(js.OneOf[i].Required, "+"))
			}
		}
	}
	if len(names) == len(k.Subschemas) {
		p.Message = fmt.Sprintf("has both %s; use only one", strings.Join(names, " and "))
	} else {
		p.Message = fmt.Sprintf("matches alternatives %d and %d; it must match exactly one", k.Subschemas[0]+1, k.Subschemas[1]+1)
	}
	return p
}

// declares reports whether js, or any subschema it applies to the same
// value, evaluates property name.
func (x explainer) declares(js *jsonschema.Schema, name string) bool {
	for _, sub := range x.applied(js) {
		if _, ok := sub.Properties[name]; ok {
			return true
		}
		if sub.AdditionalProperties != nil && sub.AdditionalProperties != false {
			return true
		}
		for re := range sub.PatternProperties {
			if re.MatchString(name) {
				return true
			}
		}
	}
	return false
}

// applied is eachApplied's list of schemas, worked out once per schema.
func (x explainer) applied(js *jsonschema.Schema) []*jsonschema.Schema {
	if list, ok := x.memo.applied[js]; ok {
		return list
	}
	var list []*jsonschema.Schema
	x.s.eachApplied(js, func(sub *jsonschema.Schema) { list = append(list, sub) })
	if x.memo.applied == nil {
		x.memo.applied = map[*jsonschema.Schema][]*jsonschema.Schema{}
	}
	x.memo.applied[js] = list
	return list
}

// propertyNames is Schema.propertyNames, worked out once per schema.
func (x explainer) propertyNames(js *jsonschema.Schema) []string {
	if names, ok := x.memo.names[js]; ok {
		return names
	}
	names := x.s.propertyNames(js)
	if x.memo.names == nil {
		x.memo.names = map[*jsonschema.Schema][]string{}
	}
	x.memo.names[js] = names
	return names
}

// propertyNames lists the properties js and its in-place subschemas declare.
func (s *Schema) propertyNames(js *jsonschema.Schema) []string {
	var names []string
	s.eachApplied(js, func(sub *jsonschema.Schema) {
		for name := range sub.Properties {
			names = append(names, name)
		}
	})
	slices.Sort(names)
	return slices.Compact(names)
}

// eachApplied calls f for js and every subschema applied to the same
// instance ($ref, allOf, anyOf, oneOf, if/then/else, dependentSchemas).
func (s *Schema) eachApplied(js *jsonschema.Schema, f func(*jsonschema.Schema)) {
	seen := map[*jsonschema.Schema]bool{}
	var walk func(*jsonschema.Schema)
	walk = func(js *jsonschema.Schema) {
		if js == nil || seen[js] {
			return
		}
		seen[js] = true
		f(js)
		for _, sub := range []*jsonschema.Schema{js.Ref, js.If, js.Then, js.Else} {
			walk(sub)
		}
		for _, list := range [][]*jsonschema.Schema{js.AllOf, js.AnyOf, js.OneOf} {
			for _, sub := range list {
				walk(sub)
			}
		}
		for _, sub := range js.DependentSchemas {
			walk(sub)
		}
	}
	walk(js)
}

// tidy drops duplicates and the "needs at least N fields" that only
// restates another problem at the same place. Problems are compared by
// key, not each with each: a file can have hundreds of thousands.
func (x explainer) tidy(ps []Problem) []Problem {
	out := ps[:0] // filtered in place: each problem is read before its slot is reused
	// By hash, probing on to the next value when two different problems
	// share one; a map of the problems' texts would cost several times more.
	kept := make(map[uint64]int, len(ps))
	restating := false
	for _, p := range ps {
		h := x.hash(p)
		dup := false
		for ; ; h++ {
			i, ok := kept[h]
			if !ok {
				kept[h] = len(out)
				break
			}
			if q := out[i]; q.Key == p.Key && q.Code == p.Code && q.Message == p.Message && slices.Equal(q.Path, p.Path) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, p)
			restating = restating || p.restates
		}
	}
	if !restating {
		return out
	}
	stated := map[string]bool{}
	for _, p := range out {
		if !p.restates && !p.Key {
			stated[x.pathKey(p.Path)] = true
		}
	}
	return slices.DeleteFunc(out, func(p Problem) bool {
		return p.restates && stated[x.pathKey(p.Path)]
	})
}

var problemSeed = maphash.MakeSeed()

// hash is equal for equal problems.
func (x explainer) hash(p Problem) uint64 {
	var h maphash.Hash
	h.SetSeed(problemSeed)
	h.WriteString(p.Code.ID)
	h.WriteByte(0)
	h.WriteString(p.Message)
	if p.Key {
		h.WriteByte(1)
	}
	h.WriteByte(0)
	for _, tok := range p.Path {
		x.writeToken(&h, tok)
	}
	return h.Sum64()
}

// tokenRef identifies a string by where its bytes are.
type tokenRef struct {
	data *byte
	len  int
}

// longToken is the length above which a path token enters a key by
// identity rather than by its text.
const longToken = 32

// pathKey is a map key equal for equal paths.
func (x explainer) pathKey(path []string) string {
	var b strings.Builder
	for _, tok := range path {
		x.writeToken(&b, tok)
	}
	return b.String()
}

// writeToken writes a path token's part of a key or hash. A token can be
// a key of megabytes under which thousands of problems sit: such a token
// is written as the address of its first-seen copy, so its text is read
// once per copy rather than once per problem. Only unsafe gives a
// string's address; writing the text instead made 40,000 problems under
// a 64 KiB key three times as slow (BenchmarkValidate/long-key), and
// TestLongKeyReadOnce and TestTidy hold the keys to the texts.
func (x explainer) writeToken(w interface {
	io.ByteWriter
	io.StringWriter
}, tok string) {
	if len(tok) <= longToken {
		w.WriteByte(byte(len(tok)))
		w.WriteString(tok)
		return
	}
	ref := tokenRef{unsafe.StringData(tok), len(tok)}
	canon, ok := x.memo.tokens[ref]
	if !ok {
		if x.memo.tokens == nil {
			x.memo.tokens, x.memo.texts = map[tokenRef]string{}, map[string]string{}
		}
		if canon, ok = x.memo.texts[tok]; !ok {
			canon = tok
			x.memo.texts[tok] = tok
		}
		x.memo.tokens[ref] = canon
	}
	w.WriteByte(0xFF)
	w.WriteString(strconv.FormatUint(uint64(uintptr(unsafe.Pointer(unsafe.StringData(canon)))), 36))
}

var typeWords = map[string]string{
	"object":  "a mapping",
	"array":   "a list",
	"string":  "text",
	"integer": "a whole number",
	"number":  "a number",
	"boolean": "true or false",
	"null":    "nothing",
}

func typeMessage(want []string, got any) string {
	words := make([]string, len(want))
	for i, w := range want {
		words[i] = typeWords[w]
	}
	msg := fmt.Sprintf("expected %s, found %s", strings.Join(words, " or "), describe(got))
	if slices.Contains(want, "string") {
		switch got.(type) {
		case bool, int, float64:
			msg += " (put it in quotes to make it text)"
		}
	}
	return msg
}

// describe names a value's type and, for scalars, the value itself.
func describe(v any) string {
	switch v := v.(type) {
	case nil:
		return "an empty value"
	case map[string]any:
		return "a mapping"
	case []any:
		return "a list"
	case string:
		return "text " + display(v)
	case bool:
		return fmt.Sprint(v)
	default:
		return "the number " + fmt.Sprint(v)
	}
}

func display(v any) string {
	switch v := v.(type) {
	case string:
		return quote(v)
	case nil:
		return "null"
	case map[string]any:
		return "a mapping"
	case []any:
		return "a list"
	}
	return fmt.Sprint(v)
}

// quote quotes s, shortened to 37 characters and "..." when longer than
// 40; only that much of s is read, as it may be a key of megabytes.
func quote(s string) string {
	runes, cut := 0, 0
	for i := range s {
		if runes == 37 {
			cut = i
		}
		if runes == 40 {
			s = s[:cut] + "..."
			break
		}
		runes++
	}
	return strconv.Quote(s)
}

func enumMessage(got any, want []any) string {
	opts := make([]string, len(want))
	var names []string
	for i, w := range want {
		opts[i] = display(w)
		if s, ok := w.(string); ok {
			names = append(names, s)
		}
	}
	msg := fmt.Sprintf("%s is not allowed; use one of: %s", display(got), strings.Join(opts, ", "))
	if s, ok := got.(string); ok {
		if c := closest(s, names); c != "" {
			msg = fmt.Sprintf("%s is not allowed (did you mean %q?); use one of: %s", display(got), c, strings.Join(opts, ", "))
		}
	}
	return msg
}

// patterns words the regular expressions cardpress schemas use.
var patterns = map[string]string{
	"^[a-z][a-z0-9-]*$":        "use lowercase letters, digits and hyphens, starting with a letter",
	"^[a-z][a-z0-9_]*$":        "use lowercase letters, digits and underscores, starting with a letter",
	"^[A-Za-z][A-Za-z0-9_-]*$": "use letters, digits, _ and -, starting with a letter",
	"^[A-Z]$":                  "use one capital letter",
	"^#[0-9a-fA-F]{6}$":        "write colours as #rrggbb, e.g. #1f2a36",
	"^([A-Za-z0-9_-][A-Za-z0-9_.-]*/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*\\.ya?ml$": "name a .yaml file inside the game folder",
	"^([A-Za-z0-9_-][A-Za-z0-9_.-]*/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*$":         "name a file inside the game folder: a relative path with / between folders, no .. and no leading /",
	"^([A-Za-z0-9_{}-][A-Za-z0-9_.{}-]*/)*[A-Za-z0-9_{}-][A-Za-z0-9_.{}-]*$": "name a file inside the game folder, or a template of one with {field}s: a relative path with / between folders, no .., no spaces and no leading /",
	seedPattern: "write a seed in decimal, from 0 to 18446744073709551615, without leading zeros",
}

// seedPattern is the $defs/seed string of the sim results and lint report
// schemas: a uint64 in decimal, spelt out digit by digit up to its maximum
// so that the schema refuses what finding.Seed cannot read.
const seedPattern = "^(0|[1-9][0-9]{0,18}|1[0-7][0-9]{18}|18[0-3][0-9]{17}|184[0-3][0-9]{16}|1844[0-5][0-9]{15}|18446[0-6][0-9]{14}|184467[0-3][0-9]{13}|1844674[0-3][0-9]{12}|184467440[0-6][0-9]{10}|1844674407[0-2][0-9]{9}|18446744073[0-6][0-9]{8}|1844674407370[0-8][0-9]{6}|18446744073709[0-4][0-9]{5}|184467440737095[0-4][0-9]{4}|18446744073709550[0-9]{3}|18446744073709551[0-5][0-9]{2}|1844674407370955160[0-9]|1844674407370955161[0-4]|18446744073709551615)$"

func patternMessage(got, want string) string {
	if how, ok := patterns[want]; ok {
		return fmt.Sprintf("%s is not valid: %s", quote(got), how)
	}
	return fmt.Sprintf("%s does not match %s", quote(got), want)
}

func rat(r *big.Rat) string {
	if r == nil {
		return "?"
	}
	return r.RatString()
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func uniq(s []string) []string {
	var out []string
	for _, v := range s {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// closest returns the candidate within a small edit distance of s, so a
// typo gets a "did you mean".
func closest(s string, candidates []string) string {
	best, bestD := "", 3
	for _, c := range candidates {
		if d, ok := distanceWithin(s, c, min(bestD-1, max(1, len(c)/3))); ok {
			best, bestD = c, d
		}
	}
	return best
}

// distanceWithin is the edit distance of a and b counting a swap of
// neighbours as one edit (optimal string alignment, the commonest typo),
// when it is at most limit. Only the band of cells within limit of the
// diagonal can hold such a distance, so each row costs 2×limit+1 cells
// and the search stops at the first row past the limit: each unknown field
// of thousands is compared with every known name.
func distanceWithin(a, b string, limit int) (int, bool) {
	if len(a) > 64 || len(b) > 64 || len(a)-len(b) > limit || len(b)-len(a) > limit {
		return 0, false
	}
	const far = 1 << 20
	var rows [3][65]int // rows i, i-1 and i-2, by i mod 3
	at := func(i, j int) int {
		if i < 0 || j < 0 || j > len(b) || j < i-limit || j > i+limit {
			return far
		}
		return rows[i%3][j]
	}
	for j := 0; j <= min(len(b), limit); j++ {
		rows[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		row := &rows[i%3]
		least := far
		for j := max(0, i-limit); j <= min(len(b), i+limit); j++ {
			d := i
			if j > 0 {
				cost := 1
				if a[i-1] == b[j-1] {
					cost = 0
				}
				d = min(at(i-1, j)+1, at(i, j-1)+1, at(i-1, j-1)+cost)
				if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
					d = min(d, at(i-2, j-2)+1)
				}
			}
			row[j] = d
			least = min(least, d)
		}
		if least > limit {
			return 0, false
		}
	}
	d := at(len(a), len(b))
	return d, d <= limit
}

// Suggest returns the candidate s is most likely a typo of, or "".
func Suggest(s string, candidates []string) string { return closest(s, candidates) }

// PropertyNames lists the top-level properties the schema declares.
func (s *Schema) PropertyNames() []string { return s.propertyNames(s.Schema) }
