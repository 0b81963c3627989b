package expr

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// show prints a tree in prefix form with each node's offset, so a test
// sees both the shape and where each part points.
func show(n *Node) string {
	args := func() string {
		var parts []string
		for _, a := range n.Args {
			parts = append(parts, show(a))
		}
		return strings.Join(parts, " ")
	}
	switch n.Kind {
	case Number:
		return fmt.Sprintf("%d@%d", n.Num, n.Off)
	case String:
		return fmt.Sprintf("'%s'@%d", n.Name, n.Off)
	case Ident:
		return fmt.Sprintf("%s@%d", n.Name, n.Off)
	case Call:
		return fmt.Sprintf("(call %s@%d %s)", n.Op, n.Off, args())
	case Binary, Unary:
		return fmt.Sprintf("(%s@%d %s)", n.Op, n.Off, args())
	case Index:
		return fmt.Sprintf("(index@%d %s)", n.Off, args())
	case Field:
		return fmt.Sprintf("(.%s@%d %s)", n.Op, n.Num, args())
	case Tuple:
		return fmt.Sprintf("(tuple@%d %s)", n.Off, args())
	}
	return "?"
}

func TestParse(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"cost >= 3", "(>=@5 cost@0 3@8)"},
		{"bonus != ''", "(!=@6 bonus@0 ''@9)"},
		{"'vault' in keywords", "(in@8 'vault'@0 keywords@11)"},
		{"suit in ('hearts', 'diamonds')", "(in@5 suit@0 (tuple@8 'hearts'@9 'diamonds'@19))"},
		// and binds tighter than or; not tighter than and, looser than ==.
		{"a or b and not c == 1", "(or@2 a@0 (and@7 b@5 (not@11 (==@17 c@15 1@20))))"},
		{"1 + 2 * -x % 4", "(+@2 1@0 (%@11 (*@6 2@4 (-@8 x@9)) 4@13))"},
		{"card.suit == led", "(==@10 (.suit@5 card@0) led@13)"},
		{"hand[turn] where card.rank == 'K'", "(where@11 (index@4 hand@0 turn@5) (==@27 (.rank@22 card@17) 'K'@30))"},
		{"count(hand[p]) > max(1, 2)", "(>@15 (call count@0 (index@10 hand@6 p@11)) (call max@17 1@21 2@24))"},
		{"f()", "(call f@0 )"},
		{"(a or b) and c", "(and@9 (or@3 a@1 b@6) c@13)"},
		// as names what an aggregate binds; it takes the whole argument.
		{"sum(taken[p] where card.x > 0 as c, c.x)", "(call sum@0 (as@30 (where@13 (index@9 taken@4 p@10) (>@26 (.x@24 card@19) 0@28)) c@33) (.x@38 c@36))"},
	} {
		n, err := Parse(c.src)
		if err != nil {
			t.Errorf("Parse(%q): %v", c.src, err)
			continue
		}
		if got := show(n); got != c.want {
			t.Errorf("Parse(%q) = %s, want %s", c.src, got, c.want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		src string
		off int
		msg string
	}{
		{"cost >= ", 8, "the expression ends too soon"},
		{"'vault in keywords", 0, "a quoted name has no closing '"},
		{"cost & 3", 5, `unexpected "&"`},
		{"a b", 2, `unexpected "b" after the expression`},
		{"(a or b", 7, `expected ")", the expression ends`},
		{"f(a; b)", 3, `unexpected ";"`},
		{"x in (1, 2]", 10, `expected ")", found "]"`},
		{"card.3", 5, "expected a card field name after ."},
		{"sum(z as 3, 1)", 9, "expected a name after as"},
		{"z as c", 2, `unexpected "as" after the expression`},
		{"99999999999 > 1", 0, "number 99999999999 is too large"},
	} {
		_, err := Parse(c.src)
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q) = %v, want a syntax error", c.src, err)
			continue
		}
		if se.Off != c.off || se.Msg != c.msg {
			t.Errorf("Parse(%q): error %q at %d, want %q at %d", c.src, se.Msg, se.Off, c.msg, c.off)
		}
	}
}

func TestParseAssign(t *testing.T) {
	target, op, at, value, err := ParseAssign("score[seat] += 2 * n")
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprintf("%s %s@%d %s", show(target), op, at, show(value)); got != "(index@5 score@0 seat@6) +=@12 (*@17 2@15 n@19)" {
		t.Errorf("ParseAssign = %s", got)
	}
	_, _, _, _, err = ParseAssign("score[seat] 2")
	var se *SyntaxError
	if !errors.As(err, &se) || se.Off != 12 || se.Msg != "expected =, += or -= after the value set" {
		t.Errorf("ParseAssign without an operator: %v", err)
	}
}

// FuzzParse: any text parses or fails with a syntax error inside it, never
// a panic; every node points inside the source.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"cost >= 3 and 'vault' in keywords", "not (a == b) or c in (1, 2)", "hand[turn] where card.x", "f(a, -b % 2)", "x += 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 1000 {
			return // a layout's when is at most 1000 characters; rules' expressions are bounded by their file
		}
		n, err := Parse(src)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Off < 0 || se.Off > len(src) {
				t.Fatalf("Parse(%q): %v", src, err)
			}
			return
		}
		var walk func(*Node)
		walk = func(n *Node) {
			if n.Off < 0 || n.Off > len(src) {
				t.Fatalf("Parse(%q): node at %d", src, n.Off)
			}
			for _, a := range n.Args {
				walk(a)
			}
		}
		walk(n)
		ParseAssign(src)
	})
}
