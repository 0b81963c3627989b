package gamedata

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/expr"
	"github.com/cardpress/cardpress/schema"
)

// A layout element's when is a condition over the card's fields, written
// in the rules language's expression syntax (package expr), so designers
// learn one: `cost >= 3 and 'vault' in keywords`. It is compiled when the
// game is loaded, against the types the decks declare, so a typo or a
// comparison of a number with a word is reported at its column; the
// renderer evaluates it on each card.
//
// What a field reads on a card without a value: a text or enum '' (so
// `bonus != ''` is "has a bonus"), a number 0, a boolean false, a list no
// items. Compared with '' any field asks whether it prints nothing on the
// card: `cost == ''` holds on a card with no cost, not on one whose cost
// is 0.

// Condition is a compiled when.
type Condition struct {
	// Fields are the card fields it names, for the layout field check.
	Fields []FieldRef
	eval   func(CardValues) bool // nil when it did not compile: it holds
}

// FieldRef is a field a condition names, at its byte offset in the text.
type FieldRef struct {
	Name string
	Off  int
}

// CardValues is a card as a condition reads it.
type CardValues interface {
	// FieldValue is the card's value of a field: a string, a number
	// (int, int64, float64), a bool, or a list ([]string, []int, []any);
	// false when the card has none.
	FieldValue(name string) (any, bool)
}

// Holds reports whether the condition holds for a card; a nil condition
// (no when) always does.
func (c *Condition) Holds(v CardValues) bool { return c == nil || c.eval == nil || c.eval(v) }

// WhenScope is what a when may name besides the generic card fields: the
// fields the decks of its face declare (the first declaration of a name
// gives its type; enum and list values are merged), and the game's deck
// and keyword ids, which deck and keywords are compared with. Any other
// name is read as text an engine prints (the layout field check reports
// one no card has).
type WhenScope struct {
	Fields   []Field
	Decks    []string
	Keywords []string
}

// WhenProblem is a when that does not compile, at a byte offset.
type WhenProblem struct {
	Off int
	Msg string
}

// whenGeneric are the generic fields a when reads besides the printed ones.
var whenGeneric = []string{"id", "deck"}

// CompileWhen compiles a when against scope.
func CompileWhen(src string, scope WhenScope) (*Condition, []WhenProblem) {
	tree, err := expr.Parse(src)
	if err != nil {
		off := 0
		if se, ok := err.(*expr.SyntaxError); ok {
			off = se.Off
		}
		return nil, []WhenProblem{{off, err.Error()}}
	}
	c := &whenCompiler{scope: scope}
	e := c.compile(tree)
	if e.k != wBool && !anyBad(e) {
		c.fail(tree.Off, "%s is %s, not a condition%s", e.what, e.k, e.hint())
	}
	cond := &Condition{Fields: c.refs}
	if len(c.errs) == 0 {
		eval := e.eval
		cond.eval = func(v CardValues) bool { return eval(v).b }
	}
	return cond, c.errs
}

// wkind is the type of a part of a when.
type wkind uint8

const (
	wText    wkind = iota // a text or enum field, deck, id
	wNumber               // an integer or number field, count, a number
	wBool                 // a boolean field, true, false, a condition
	wList                 // a list field, keywords
	wNumList              // players
	wAny                  // text an engine prints: compared as text, or as a number with a number
	wLit                  // a quoted text: takes its meaning from what it meets
	wBad                  // a part that did not compile, reported once
)

func (k wkind) String() string {
	return [...]string{"text", "a number", "true or false", "a list", "a list of numbers", "text", "quoted text", "wrong"}[k]
}

// wval is a value on one card; empty says the field prints nothing.
type wval struct {
	s     string
	n     float64
	b     bool
	list  []string
	empty bool
}

// wexpr is a compiled part of a when.
type wexpr struct {
	k      wkind
	what   string   // how messages name it: "cost", "'hearts'"
	values []string // the values a text or list field may have (enum, deck, keywords); nil: any
	lit    string   // a quoted text's text
	off    int      // where it is written
	field  bool     // a card field (not a value or a condition)
	eval   func(CardValues) wval
}

// hint says how a field is made a condition.
func (e wexpr) hint() string {
	if !e.field {
		return ""
	}
	switch e.k {
	case wText, wAny, wNumber:
		return fmt.Sprintf(": write %s != '' for cards that have one", e.what)
	case wList, wNumList:
		return fmt.Sprintf(": write 'x' in %s", e.what)
	}
	return ""
}

type whenCompiler struct {
	scope WhenScope
	errs  []WhenProblem
	refs  []FieldRef
}

func (c *whenCompiler) fail(off int, format string, args ...any) {
	c.errs = append(c.errs, WhenProblem{off, fmt.Sprintf(format, args...)})
}

// bad stands for a part that did not compile: what it is part of is not
// reported again, so one mistake is told once.
var bad = wexpr{k: wBad, eval: func(CardValues) wval { return wval{} }}

// anyBad reports whether a part did not compile.
func anyBad(es ...wexpr) bool {
	for _, e := range es {
		if e.k == wBad {
			return true
		}
	}
	return false
}

func (c *whenCompiler) compile(n *expr.Node) wexpr {
	e := c.part(n)
	if e.off == 0 {
		e.off = n.Off
	}
	return e
}

func (c *whenCompiler) part(n *expr.Node) wexpr {
	switch n.Kind {
	case expr.Number:
		v := float64(n.Num)
		return wexpr{k: wNumber, what: strconv.FormatInt(n.Num, 10), eval: func(CardValues) wval { return wval{n: v} }}
	case expr.String:
		s := n.Name
		return wexpr{k: wLit, what: "'" + s + "'", lit: s, eval: func(CardValues) wval { return wval{s: s, empty: s == ""} }}
	case expr.Ident:
		if n.Name == "true" || n.Name == "false" {
			b := n.Name == "true"
			return wexpr{k: wBool, what: n.Name, eval: func(CardValues) wval { return wval{b: b} }}
		}
		return c.field(n.Name, n.Off)
	case expr.Field:
		if x := n.Args[0]; x.Kind == expr.Ident && x.Name == "card" {
			return c.field(n.Op, int(n.Num)) // card.cost, as the rules write it
		}
	case expr.Unary:
		return c.unary(n)
	case expr.Binary:
		switch n.Op {
		case "and", "or":
			return c.logic(n)
		case "==", "!=", "<", "<=", ">", ">=":
			return c.compare(n.Op, n.Off, c.compile(n.Args[0]), c.compile(n.Args[1]))
		case "in":
			return c.in(n)
		}
		c.fail(n.Off, "%s is not available in when, which compares the card's fields with values", n.Op)
		return bad
	case expr.Tuple:
		c.fail(n.Off, "a list in parentheses only goes after in")
		return bad
	}
	c.fail(n.Off, "a when compares the card's fields with values: calls, [ ] and . are not available")
	return bad
}

// field reads a card field.
func (c *whenCompiler) field(name string, off int) wexpr {
	c.refs = append(c.refs, FieldRef{name, off})
	e := wexpr{k: wAny, what: name, off: off, field: true}
	switch name {
	case "deck":
		e.k, e.values = wText, append([]string{}, c.scope.Decks...)
	case "id", "name", "flavor":
		e.k = wText
	case "keywords":
		e.k, e.values = wList, append([]string{}, c.scope.Keywords...) // none declared: no value is one
	case "count":
		e.k = wNumber
	case "players":
		e.k = wNumList
	default:
		if i := slices.IndexFunc(c.scope.Fields, func(f Field) bool { return f.Name == name }); i >= 0 {
			f := c.scope.Fields[i]
			e.k = fieldKind(f.Type)
			if f.Type == FieldEnum || f.Type == FieldList {
				e.values = c.fieldValues(name)
			}
		}
	}
	k := e.k
	e.eval = func(v CardValues) wval {
		x, ok := v.FieldValue(name)
		if !ok {
			return wval{empty: true}
		}
		return valueOf(x, k)
	}
	return e
}

func fieldKind(typ string) wkind {
	switch typ {
	case FieldInteger, FieldNumber:
		return wNumber
	case FieldBoolean:
		return wBool
	case FieldList:
		return wList
	}
	return wText // text, enum, image
}

// fieldValues merges the values every deck of the scope gives a field.
func (c *whenCompiler) fieldValues(name string) []string {
	var out []string
	for _, f := range c.scope.Fields {
		if f.Name == name {
			for _, v := range f.Values {
				if !slices.Contains(out, v) {
					out = append(out, v)
				}
			}
		}
	}
	return out
}

// valueOf reads a card's value as kind k.
func valueOf(x any, k wkind) wval {
	switch k {
	case wNumber:
		n, ok := number(x)
		return wval{n: n, empty: !ok}
	case wBool:
		b, _ := x.(bool)
		return wval{b: b, empty: !b}
	case wList, wNumList:
		l := listOf(x)
		return wval{list: l, empty: len(l) == 0}
	}
	s, ok := x.(string)
	if !ok {
		s = fmt.Sprint(x)
	}
	return wval{s: s, empty: s == ""}
}

func number(x any) (float64, bool) {
	switch n := x.(type) {
	case int:
		return float64(n), true
	case int64:
		return float64(n), true
	case uint64:
		return float64(n), true
	case float64:
		return n, true
	case string:
		f, err := strconv.ParseFloat(strings.TrimSpace(n), 64)
		return f, err == nil
	}
	return 0, false
}

func listOf(x any) []string {
	switch l := x.(type) {
	case []string:
		return l
	case []int:
		out := make([]string, len(l))
		for i, n := range l {
			out[i] = strconv.Itoa(n)
		}
		return out
	case []any:
		out := make([]string, len(l))
		for i, e := range l {
			out[i] = fmt.Sprint(e)
		}
		return out
	}
	return nil
}

func (c *whenCompiler) unary(n *expr.Node) wexpr {
	a := c.compile(n.Args[0])
	if anyBad(a) {
		return bad
	}
	if n.Op == "not" {
		if a.k != wBool {
			c.fail(n.Args[0].Off, "not needs a condition, and %s is %s%s", a.what, a.k, a.hint())
			return bad
		}
		return wexpr{k: wBool, what: "not " + a.what, eval: func(v CardValues) wval { return wval{b: !a.eval(v).b} }}
	}
	if a.k != wNumber {
		c.fail(n.Off, "- needs a number, and %s is %s", a.what, a.k)
		return bad
	}
	return wexpr{k: wNumber, what: "-" + a.what, eval: func(v CardValues) wval { x := a.eval(v); x.n = -x.n; return x }}
}

func (c *whenCompiler) logic(n *expr.Node) wexpr {
	a, b := c.compile(n.Args[0]), c.compile(n.Args[1])
	if anyBad(a, b) {
		return bad
	}
	for i, e := range []wexpr{a, b} {
		if e.k != wBool {
			c.fail(n.Args[i].Off, "%s needs conditions on both sides, and %s is %s%s", n.Op, e.what, e.k, e.hint())
			return bad
		}
	}
	what := a.what + " " + n.Op + " " + b.what
	if n.Op == "and" {
		return wexpr{k: wBool, what: what, eval: func(v CardValues) wval { return wval{b: a.eval(v).b && b.eval(v).b} }}
	}
	return wexpr{k: wBool, what: what, eval: func(v CardValues) wval { return wval{b: a.eval(v).b || b.eval(v).b} }}
}

// compare compiles a op b; a quoted text is compared with what it meets.
func (c *whenCompiler) compare(op string, off int, a, b wexpr) wexpr {
	if anyBad(a, b) {
		return bad
	}
	if a.k == wLit && b.k != wLit {
		a, b = b, a
	}
	eq := op == "==" || op == "!="
	var test func(x, y wval) bool
	switch {
	case eq && b.k == wLit && b.lit == "" && a.k != wLit:
		test = func(x, _ wval) bool { return x.empty } // prints nothing
	case eq && isText(a.k) && (isText(b.k) || b.k == wLit):
		if !c.known(b, a) {
			return bad
		}
		test = func(x, y wval) bool { return x.s == y.s }
	case eq && a.k == wBool && b.k == wBool:
		test = func(x, y wval) bool { return x.b == y.b }
	case isNumeric(a.k) && isNumeric(b.k) && (a.k == wNumber || b.k == wNumber):
		test = numericTest(op, a.k == wAny, b.k == wAny)
		return wexpr{k: wBool, what: a.what + " " + op + " " + b.what, eval: func(v CardValues) wval {
			return wval{b: test(a.eval(v), b.eval(v))}
		}}
	default:
		c.mismatch(op, off, a, b)
		return bad
	}
	neg := op == "!="
	return wexpr{k: wBool, what: a.what + " " + op + " " + b.what, eval: func(v CardValues) wval {
		return wval{b: test(a.eval(v), b.eval(v)) != neg}
	}}
}

func isText(k wkind) bool    { return k == wText || k == wAny }
func isNumeric(k wkind) bool { return k == wNumber || k == wAny }

// numericTest compares two numbers; a side an engine prints as text
// (anyA, anyB) is read as a number, and a text that is none compares false.
func numericTest(op string, anyA, anyB bool) func(x, y wval) bool {
	cmp := map[string]func(a, b float64) bool{
		"==": func(a, b float64) bool { return a == b },
		"!=": func(a, b float64) bool { return a != b },
		"<":  func(a, b float64) bool { return a < b },
		"<=": func(a, b float64) bool { return a <= b },
		">":  func(a, b float64) bool { return a > b },
		">=": func(a, b float64) bool { return a >= b },
	}[op]
	read := func(v wval, text bool) (float64, bool) {
		if !text {
			return v.n, true
		}
		return number(v.s)
	}
	return func(x, y wval) bool {
		a, okA := read(x, anyA)
		b, okB := read(y, anyB)
		if !okA || !okB {
			return op == "!="
		}
		return cmp(a, b)
	}
}

// known reports whether a quoted text lit names a value field e may have,
// reporting one it cannot.
func (c *whenCompiler) known(lit, e wexpr) bool {
	if lit.k != wLit || e.values == nil || slices.Contains(e.values, lit.lit) {
		return true
	}
	msg := fmt.Sprintf("%s is not a value of %s", lit.what, e.what)
	if s := schema.Suggest(lit.lit, e.values); s != "" {
		msg += fmt.Sprintf(" (did you mean '%s'?)", s)
	}
	if len(e.values) == 0 {
		c.fail(lit.off, "%s: it has none", msg)
		return false
	}
	c.fail(lit.off, "%s; its values: %s", msg, strings.Join(e.values, ", "))
	return false
}

// in compiles x in (a, b, ...) and x in a list field.
func (c *whenCompiler) in(n *expr.Node) wexpr {
	a, r := c.compile(n.Args[0]), n.Args[1]
	if anyBad(a) {
		return bad
	}
	if r.Kind == expr.Tuple {
		errs := len(c.errs)
		var tests []wexpr
		for _, item := range r.Args {
			tests = append(tests, c.compare("==", item.Off, a, c.compile(item)))
		}
		if len(c.errs) > errs {
			return bad
		}
		return wexpr{k: wBool, what: a.what + " in (…)", eval: func(v CardValues) wval {
			for _, t := range tests {
				if t.eval(v).b {
					return wval{b: true}
				}
			}
			return wval{}
		}}
	}
	l := c.compile(r)
	if anyBad(a, l) {
		return bad
	}
	switch {
	case l.k == wList && (a.k == wLit || isText(a.k)):
		if !c.known(a, l) {
			return bad
		}
	case l.k == wNumList && isNumeric(a.k):
	case l.k == wList || l.k == wNumList:
		c.fail(n.Off, "%s is %s, and %s holds %s", a.what, a.k, l.what, map[bool]string{true: "numbers", false: "words"}[l.k == wNumList])
		return bad
	default:
		c.fail(r.Off, "in needs a list after it, ('a', 'b') or a list field such as keywords, and %s is %s", l.what, l.k)
		return bad
	}
	number := a.k == wNumber
	return wexpr{k: wBool, what: a.what + " in " + l.what, eval: func(v CardValues) wval {
		x := a.eval(v)
		key := x.s
		if number {
			key = strconv.FormatFloat(x.n, 'f', -1, 64)
		}
		return wval{b: slices.Contains(l.eval(v).list, key)}
	}}
}

func (c *whenCompiler) mismatch(op string, off int, a, b wexpr) {
	switch {
	case a.k == wList || a.k == wNumList:
		c.fail(off, "%s is a list: write 'x' in %s", a.what, a.what)
	case b.k == wLit && a.k == wNumber:
		c.fail(off, "%s is a number and %s is text: compare it with a number (%s %s 3), or with '' for cards without one", a.what, b.what, a.what, op)
	case !eq(op):
		c.fail(off, "%s compares numbers, and %s is %s", op, pick(a, b).what, pick(a, b).k)
	default:
		c.fail(off, "%s is %s and %s is %s: they cannot be compared", a.what, a.k, b.what, b.k)
	}
}

func eq(op string) bool { return op == "==" || op == "!=" }

// pick is the side of an ordering that is not a number.
func pick(a, b wexpr) wexpr {
	if !isNumeric(a.k) {
		return a
	}
	return b
}
