package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// node is one parsed expression; off is its byte offset in the source
// string, so a problem points at its column.
type node struct {
	kind nodeKind
	op   string // operator, function or field name
	name string // identifier or string literal
	num  int64
	args []*node
	off  int
}

type nodeKind uint8

const (
	nNum    nodeKind = iota
	nStr             // 'text'
	nIdent           // a name
	nCall            // op(args...)
	nBinary          // args[0] op args[1]
	nUnary           // op args[0]
	nIndex           // args[0][args[1]]
	nField           // args[0].op
	nTuple           // ('a', 'b'): the right of in
)

// syntaxError is a parse failure at a byte offset of the source.
type syntaxError struct {
	off int
	msg string
}

func (e *syntaxError) Error() string { return e.msg }

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
				return nil, &syntaxError{i, "a quoted name has no closing '"}
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
				return nil, &syntaxError{i, fmt.Sprintf("unexpected %q", src[i:i+1])}
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

// parseExpr parses a whole expression.
func parseExpr(src string) (*node, error) {
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
		return nil, &syntaxError{t.off, fmt.Sprintf("unexpected %q after the expression", t.text)}
	}
	return n, nil
}

// parseAssign parses "target = expr", "target += expr" or "target -= expr";
// at is the operator's offset.
func parseAssign(src string) (target *node, op string, at int, value *node, err error) {
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
		return nil, "", 0, nil, &syntaxError{t.off, "expected =, += or -= after the value set"}
	}
	if value, err = p.where(); err != nil {
		return nil, "", 0, nil, err
	}
	if t := p.peek(); t.kind != 0 {
		return nil, "", 0, nil, &syntaxError{t.off, fmt.Sprintf("unexpected %q after the expression", t.text)}
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
			return &syntaxError{t.off, fmt.Sprintf("expected %q, the expression ends", op)}
		}
		return &syntaxError{t.off, fmt.Sprintf("expected %q, found %q", op, t.text)}
	}
	return nil
}

// The grammar, loosest first: where, or, and, not, comparison and in,
// + -, * / %, unary -, postfix ([i], .field, calls).
func (p *parser) where() (*node, error) {
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
		n = &node{kind: nBinary, op: "where", args: []*node{n, r}, off: t.off}
	}
	return n, nil
}

func (p *parser) binary(words []string, ops []string, sub func() (*node, error)) (*node, error) {
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
		n = &node{kind: nBinary, op: t.text, args: []*node{n, r}, off: t.off}
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

func (p *parser) or() (*node, error)  { return p.binary([]string{"or"}, nil, p.and) }
func (p *parser) and() (*node, error) { return p.binary([]string{"and"}, nil, p.not) }

func (p *parser) not() (*node, error) {
	if p.isWord("not") {
		t := p.next()
		n, err := p.not()
		if err != nil {
			return nil, err
		}
		return &node{kind: nUnary, op: "not", args: []*node{n}, off: t.off}, nil
	}
	return p.compare()
}

func (p *parser) compare() (*node, error) {
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
		return &node{kind: nBinary, op: t.text, args: []*node{n, r}, off: t.off}, nil
	}
	if p.isWord("in") {
		t := p.next()
		var r *node
		if p.isOp("(") {
			r, err = p.tuple()
		} else {
			r, err = p.sum()
		}
		if err != nil {
			return nil, err
		}
		return &node{kind: nBinary, op: "in", args: []*node{n, r}, off: t.off}, nil
	}
	return n, nil
}

// tuple is ('a', 'b', ...) after in.
func (p *parser) tuple() (*node, error) {
	t := p.next() // (
	n := &node{kind: nTuple, off: t.off}
	for {
		e, err := p.sum()
		if err != nil {
			return nil, err
		}
		n.args = append(n.args, e)
		if p.isOp(",") {
			p.next()
			continue
		}
		return n, p.expect(")")
	}
}

func (p *parser) sum() (*node, error) { return p.binary(nil, []string{"+", "-"}, p.product) }
func (p *parser) product() (*node, error) {
	return p.binary(nil, []string{"*", "/", "%"}, p.unary)
}

func (p *parser) unary() (*node, error) {
	if p.isOp("-") {
		t := p.next()
		n, err := p.unary()
		if err != nil {
			return nil, err
		}
		return &node{kind: nUnary, op: "-", args: []*node{n}, off: t.off}, nil
	}
	return p.postfix()
}

func (p *parser) postfix() (*node, error) {
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
			n = &node{kind: nIndex, args: []*node{n, i}, off: t.off}
		case p.isOp("."):
			p.next()
			t := p.next()
			if t.kind != 'i' {
				return nil, &syntaxError{t.off, "expected a card field name after ."}
			}
			n = &node{kind: nField, op: t.text, args: []*node{n}, off: n.off, num: int64(t.off)} // num: where the field name is
		default:
			return n, nil
		}
	}
}

func (p *parser) primary() (*node, error) {
	t := p.next()
	switch t.kind {
	case 'n':
		v, err := strconv.ParseInt(t.text, 10, 32)
		if err != nil {
			return nil, &syntaxError{t.off, fmt.Sprintf("number %s is too large", t.text)}
		}
		return &node{kind: nNum, num: v, off: t.off}, nil
	case 's':
		return &node{kind: nStr, name: t.text, off: t.off}, nil
	case 'i':
		if p.isOp("(") {
			p.next()
			n := &node{kind: nCall, op: t.text, off: t.off}
			if p.isOp(")") {
				p.next()
				return n, nil
			}
			for {
				a, err := p.where()
				if err != nil {
					return nil, err
				}
				n.args = append(n.args, a)
				if p.isOp(",") {
					p.next()
					continue
				}
				return n, p.expect(")")
			}
		}
		return &node{kind: nIdent, name: t.text, off: t.off}, nil
	case 'o':
		if t.text == "(" {
			n, err := p.where()
			if err != nil {
				return nil, err
			}
			return n, p.expect(")")
		}
		return nil, &syntaxError{t.off, fmt.Sprintf("unexpected %q", t.text)}
	}
	return nil, &syntaxError{t.off, "the expression ends too soon"}
}
