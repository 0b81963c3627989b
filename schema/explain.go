package schema

import (
	"errors"
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Codes of the problems schema validation reports.
const (
	CodeUnknownField = "SCHEMA_UNKNOWN_FIELD"
	CodeType         = "SCHEMA_TYPE"
	CodeEnum         = "SCHEMA_ENUM"
	CodeRequired     = "SCHEMA_REQUIRED"
	CodeOther        = "SCHEMA"
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
	Code    string
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
	x := explainer{s: s, v: v}
	return tidy(x.explain(verr))
}

type explainer struct {
	s *Schema
	v any
}

var printer = message.NewPrinter(language.English)

func (x explainer) explain(e *jsonschema.ValidationError) []Problem {
	loc := e.InstanceLocation
	switch k := e.ErrorKind.(type) {
	case *kind.Schema, *kind.Group, *kind.Reference, *kind.AllOf:
		var ps []Problem
		for _, c := range e.Causes {
			ps = append(ps, x.explain(c)...)
		}
		return ps
	case *kind.AnyOf:
		return x.pick(e)
	case *kind.OneOf:
		if len(k.Subschemas) == 0 {
			return x.pick(e)
		}
		return []Problem{x.oneOfMany(e, k)}
	case *kind.AdditionalProperties:
		var ps []Problem
		js := x.s.at(e.SchemaURL)
		for _, name := range k.Properties {
			path := append(slices.Clone(loc), name)
			if how := namePatterns(js); how != "" {
				// A map keyed by ids: the key is a badly written id, not a
				// misplaced field.
				ps = append(ps, Problem{Path: path, Key: true, Code: CodeOther, Message: fmt.Sprintf("invalid name %s: %s", quote(name), how)})
				continue
			}
			ps = append(ps, unknownField(path, name, x.s.propertyNames(js)))
		}
		return ps
	case *kind.FalseSchema:
		return x.falseSchema(e)
	case *kind.Required:
		ps := make([]Problem, 0, len(k.Missing))
		for _, name := range k.Missing {
			ps = append(ps, Problem{Path: loc, Field: name, Code: CodeRequired, Message: fmt.Sprintf("missing required field %q", name)})
		}
		return ps
	case *kind.PropertyNames:
		// jsonschema/v6 stores this error's instance location without
		// copying it, so only its length can be trusted: find the object at
		// that depth that has the offending key.
		return []Problem{{Path: append(x.objectWith(len(loc), k.Property), k.Property), Key: true, Code: CodeOther,
			Message: fmt.Sprintf("invalid name %s: %s", quote(k.Property), nameReason(e.Causes))}}
	case *kind.Type:
		return []Problem{{Path: loc, Code: CodeType, Message: typeMessage(k.Want, x.valueAt(loc))}}
	case *kind.UniqueItems:
		path := append(slices.Clone(loc), fmt.Sprint(k.Duplicates[1]))
		return []Problem{{Path: path, Code: CodeOther, Message: fmt.Sprintf("%s is listed twice", display(x.valueAt(path)))}}
	}
	return []Problem{x.leaf(e)}
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
func (x explainer) objectWith(depth int, key string) []string {
	var found []string
	var walk func(v any, path []string) bool
	walk = func(v any, path []string) bool {
		if len(path) == depth {
			if m, ok := v.(map[string]any); ok {
				if _, ok := m[key]; ok {
					found = path
					return true
				}
			}
			return false
		}
		switch c := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(c))
			for k := range c {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				if walk(c[k], append(slices.Clone(path), k)) {
					return true
				}
			}
		case []any:
			for i, item := range c {
				if walk(item, append(slices.Clone(path), fmt.Sprint(i))) {
					return true
				}
			}
		}
		return false
	}
	walk(x.v, nil)
	return found
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
	if parent != nil && x.s.declares(parent, name) {
		// The field is declared by a subschema that failed for another
		// reason (reported on its own); a failed subschema evaluates no
		// properties, so this is an echo, not an unknown field.
		return nil
	}
	return []Problem{unknownField(loc, name, x.s.propertyNames(parent))}
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
		Message: fmt.Sprintf("field %q is not allowed here", name)}
	cond, ok := strings.CutSuffix(branch, "/then")
	if !ok {
		return p, true
	}
	if when := describeIf(x.s.at(cond + "/if")); when != "" {
		p.Message = fmt.Sprintf("field %q is not used when %s", name, when)
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
	msg := fmt.Sprintf("unknown field %q", name)
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
		alts[i] = tidy(x.explain(c))
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
		return []Problem{{Path: loc, Code: CodeType, Message: typeMessage(uniq(wantTypes), x.valueAt(loc))}}
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
func (s *Schema) declares(js *jsonschema.Schema, name string) bool {
	found := false
	s.eachApplied(js, func(sub *jsonschema.Schema) {
		if _, ok := sub.Properties[name]; ok {
			found = true
		}
		for re := range sub.PatternProperties {
			if re.MatchString(name) {
				found = true
			}
		}
		if sub.AdditionalProperties != nil && sub.AdditionalProperties != false {
			found = true
		}
	})
	return found
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
// restates another problem at the same place.
func tidy(ps []Problem) []Problem {
	var out []Problem
	for _, p := range ps {
		if slices.ContainsFunc(out, func(q Problem) bool {
			return q.Key == p.Key && q.Code == p.Code && q.Message == p.Message && slices.Equal(q.Path, p.Path)
		}) {
			continue
		}
		out = append(out, p)
	}
	return slices.DeleteFunc(out, func(p Problem) bool {
		return p.restates && slices.ContainsFunc(out, func(q Problem) bool {
			return !q.restates && !q.Key && slices.Equal(q.Path, p.Path)
		})
	})
}

func (x explainer) valueAt(path []string) any {
	v := x.v
	for _, tok := range path {
		switch c := v.(type) {
		case map[string]any:
			v = c[tok]
		case []any:
			var i int
			if _, err := fmt.Sscan(tok, &i); err != nil || i < 0 || i >= len(c) {
				return nil
			}
			v = c[i]
		default:
			return nil
		}
	}
	return v
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

func quote(s string) string {
	if r := []rune(s); len(r) > 40 {
		s = string(r[:37]) + "..."
	}
	return fmt.Sprintf("%q", s)
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
}

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
		if d := distance(s, c); d < bestD && d <= max(1, len(c)/3) {
			best, bestD = c, d
		}
	}
	return best
}

// distance is the edit distance counting a swap of neighbours as one edit
// (optimal string alignment), the commonest typo.
func distance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 99
	}
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// Suggest returns the candidate s is most likely a typo of, or "".
func Suggest(s string, candidates []string) string { return closest(s, candidates) }

// PropertyNames lists the top-level properties the schema declares.
func (s *Schema) PropertyNames() []string { return s.propertyNames(s.Schema) }
