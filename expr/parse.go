// Package expr is the expression syntax designers write in quotes: the
// rules language's conditions and values (engine/rules) and a layout
// element's when (gamedata). It lexes and parses into a tree whose every
// node keeps its byte offset, so a problem points at its column; what the
// names and operators mean is each user's to decide.
package expr

import (
	"fmt"
	"strconv"
	"strings"
)

// Node is one parsed expression; Off is its byte offset in the source
// string, so a problem points at its column.
type Node struct {
	Kind Kind
	Op   string // operator, function or field name
	Name string // identifier or string literal
	// Num is a number's value; for a Field node, the offset of the
	// field's name.
	Num  int64
	Args []*Node
	Off  int
}

// Kind is what a Node is.
type Kind uint8

const (
	Number Kind = iota
	String      // 'text'
	Ident       // a name
	Call        // Op(Args...)
	Binary      // Args[0] Op Args[1]
	Unary       // Op Args[0]
	Index       // Args[0][Args[1]]
	Field       // Args[0].Op
	Tuple       // ('a', 'b'): the right of in
)

// SyntaxError is a parse failure at byte offset Off of the source.
type SyntaxError struct {
	Off int
	Msg string
}

func (e *SyntaxError) Error() string { return e.Msg }

type token struct {
	kind byte // 'n' number, 'i' identifier, 's' string, 'o' operator, 0 end
	text string
	off  int
}

func lex(src string) ([]token, error) {
	var out []token
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			i++
		case c >= '0' && c <= '9':
			j := i
			for j < len(src) && src[j] >= '0' && src[j] <= '9' {
				j++
			}
			out = append(out, token{'n', src[i:j], i})
			i = j
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(src) && (src[j] == '_' || src[j] >= 'a' && src[j] <= 'z' || src[j] >= 'A' && src[j] <= 'Z' || src[j] >= '0' && src[j] <= '9') {
				j++
			}
			out = append(out, token{'i', src[i:j], i})
			i = j
		case c == '\'':
			j := strings.IndexByte(src[i+1:], '\'')
			if j < 0 {
				return nil, &SyntaxError{i, "a quoted name has no closing '"}
			}
			out = append(out, token{'s', src[i+1 : i+1+j], i})
			i += j + 2
		default:
			two := ""
			if i+1 < len(src) {
				two = src[i : i+2]
			}
			switch two {
			case "==", "!=", "<=", ">=", "+=", "-=":
				out = append(out, token{'o', two, i})
				i += 2
				continue
			}
			if !strings.ContainsRune("+-*/%<>()[],.=", rune(c)) {
				return nil, &SyntaxError{i, fmt.Sprintf("unexpected %q", src[i:i+1])}
			}
			out = append(out, token{'o', string(c), i})
			i++
		}
	}
	return append(out, token{0, "", len(src)}), nil
}

type parser struct {
	toks []token
	i    int
}

// Parse parses a whole expression.
func Parse(src string) (*Node, error) {
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks}
	n, err := p.where()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != 0 {
		return nil, &SyntaxError{t.off, fmt.Sprintf("unexpected %q after the expression", t.text)}
	}
	return n, nil
}

// ParseAssign parses "target = expr", "target += expr" or "target -= expr";
// at is the operator's offset.
func ParseAssign(src string) (target *Node, op string, at int, value *Node, err error) {
	toks, err := lex(src)
	if err != nil {
		return nil, "", 0, nil, err
	}
	p := &parser{toks: toks}
	if target, err = p.postfix(); err != nil {
		return nil, "", 0, nil, err
	}
	t := p.next()
	if t.text != "=" && t.text != "+=" && t.text != "-=" {
		return nil, "", 0, nil, &SyntaxError{t.off, "expected =, += or -= after the value set"}
	}
	if value, err = p.where(); err != nil {
		return nil, "", 0, nil, err
	}
	if t := p.peek(); t.kind != 0 {
		return nil, "", 0, nil, &SyntaxError{t.off, fmt.Sprintf("unexpected %q after the expression", t.text)}
	}
	return target, t.text, t.off, value, nil
}

func (p *parser) peek() token { return p.toks[p.i] }
func (p *parser) next() token { t := p.toks[p.i]; p.i++; return t }

func (p *parser) isWord(w string) bool {
	t := p.peek()
	return t.kind == 'i' && t.text == w
}

func (p *parser) isOp(ops ...string) bool {
	t := p.peek()
	if t.kind != 'o' {
		return false
	}
	for _, o := range ops {
		if t.text == o {
			return true
		}
	}
	return false
}

func (p *parser) expect(op string) error {
	if t := p.next(); t.kind != 'o' || t.text != op {
		if t.kind == 0 {
			return &SyntaxError{t.off, fmt.Sprintf("expected %q, the expression ends", op)}
		}
		return &SyntaxError{t.off, fmt.Sprintf("expected %q, found %q", op, t.text)}
	}
	return nil
}

// The grammar, loosest first: where, or, and, not, comparison and in,
// + -, * / %, unary -, postfix ([i], .field, calls).
func (p *parser) where() (*Node, error) {
	n, err := p.or()
	if err != nil {
		return nil, err
	}
	for p.isWord("where") {
		t := p.next()
		r, err := p.or()
		if err != nil {
			return nil, err
		}
		n = &Node{Kind: Binary, Op: "where", Args: []*Node{n, r}, Off: t.off}
	}
	return n, nil
}

func (p *parser) binary(words []string, ops []string, sub func() (*Node, error)) (*Node, error) {
	n, err := sub()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		match := t.kind == 'o' && contains(ops, t.text) || t.kind == 'i' && contains(words, t.text)
		if !match {
			return n, nil
		}
		p.next()
		r, err := sub()
		if err != nil {
			return nil, err
		}
		n = &Node{Kind: Binary, Op: t.text, Args: []*Node{n, r}, Off: t.off}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (p *parser) or() (*Node, error)  { return p.binary([]string{"or"}, nil, p.and) }
func (p *parser) and() (*Node, error) { return p.binary([]string{"and"}, nil, p.not) }

func (p *parser) not() (*Node, error) {
	if p.isWord("not") {
		t := p.next()
		n, err := p.not()
		if err != nil {
			return nil, err
		}
		return &Node{Kind: Unary, Op: "not", Args: []*Node{n}, Off: t.off}, nil
	}
	return p.compare()
}

func (p *parser) compare() (*Node, error) {
	n, err := p.sum()
	if err != nil {
		return nil, err
	}
	if p.isOp("==", "!=", "<", "<=", ">", ">=") {
		t := p.next()
		r, err := p.sum()
		if err != nil {
			return nil, err
		}
		return &Node{Kind: Binary, Op: t.text, Args: []*Node{n, r}, Off: t.off}, nil
	}
	if p.isWord("in") {
		t := p.next()
		var r *Node
		if p.isOp("(") {
			r, err = p.tuple()
		} else {
			r, err = p.sum()
		}
		if err != nil {
			return nil, err
		}
		return &Node{Kind: Binary, Op: "in", Args: []*Node{n, r}, Off: t.off}, nil
	}
	return n, nil
}

// tuple is ('a', 'b', ...) after in.
func (p *parser) tuple() (*Node, error) {
	t := p.next() // (
	n := &Node{Kind: Tuple, Off: t.off}
	for {
		e, err := p.sum()
		if err != nil {
			return nil, err
		}
		n.Args = append(n.Args, e)
		if p.isOp(",") {
			p.next()
			continue
		}
		return n, p.expect(")")
	}
}

func (p *parser) sum() (*Node, error) { return p.binary(nil, []string{"+", "-"}, p.product) }
func (p *parser) product() (*Node, error) {
	return p.binary(nil, []string{"*", "/", "%"}, p.unary)
}

func (p *parser) unary() (*Node, error) {
	if p.isOp("-") {
		t := p.next()
		n, err := p.unary()
		if err != nil {
			return nil, err
		}
		return &Node{Kind: Unary, Op: "-", Args: []*Node{n}, Off: t.off}, nil
	}
	return p.postfix()
}

func (p *parser) postfix() (*Node, error) {
	n, err := p.primary()
	if err != nil {
		return nil, err
	}
	for {
		switch {
		case p.isOp("["):
			t := p.next()
			i, err := p.where()
			if err != nil {
				return nil, err
			}
			if err := p.expect("]"); err != nil {
				return nil, err
			}
			n = &Node{Kind: Index, Args: []*Node{n, i}, Off: t.off}
		case p.isOp("."):
			p.next()
			t := p.next()
			if t.kind != 'i' {
				return nil, &SyntaxError{t.off, "expected a card field name after ."}
			}
			n = &Node{Kind: Field, Op: t.text, Args: []*Node{n}, Off: n.Off, Num: int64(t.off)} // Num: where the field name is
		default:
			return n, nil
		}
	}
}

// arg is a call's argument: an expression, or one naming what an
// aggregate binds (taken[seat] as c), an "as" node whose right is the name.
func (p *parser) arg() (*Node, error) {
	a, err := p.where()
	if err != nil || !p.isWord("as") {
		return a, err
	}
	t := p.next()
	name := p.next()
	if name.kind != 'i' {
		return nil, &SyntaxError{name.off, "expected a name after as"}
	}
	return &Node{Kind: Binary, Op: "as", Args: []*Node{a, {Kind: Ident, Name: name.text, Off: name.off}}, Off: t.off}, nil
}

func (p *parser) primary() (*Node, error) {
	t := p.next()
	switch t.kind {
	case 'n':
		v, err := strconv.ParseInt(t.text, 10, 32)
		if err != nil {
			return nil, &SyntaxError{t.off, fmt.Sprintf("number %s is too large", t.text)}
		}
		return &Node{Kind: Number, Num: v, Off: t.off}, nil
	case 's':
		return &Node{Kind: String, Name: t.text, Off: t.off}, nil
	case 'i':
		if p.isOp("(") {
			p.next()
			n := &Node{Kind: Call, Op: t.text, Off: t.off}
			if p.isOp(")") {
				p.next()
				return n, nil
			}
			for {
				a, err := p.arg()
				if err != nil {
					return nil, err
				}
				n.Args = append(n.Args, a)
				if p.isOp(",") {
					p.next()
					continue
				}
				return n, p.expect(")")
			}
		}
		return &Node{Kind: Ident, Name: t.text, Off: t.off}, nil
	case 'o':
		if t.text == "(" {
			n, err := p.where()
			if err != nil {
				return nil, err
			}
			return n, p.expect(")")
		}
		return nil, &SyntaxError{t.off, fmt.Sprintf("unexpected %q", t.text)}
	}
	return nil, &SyntaxError{t.off, "the expression ends too soon"}
}
