package rules

import (
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/gamedata"

	"go.yaml.in/yaml/v3"
)

// The printed text of a card whose effects are a card list is made from
// the same entries the rules play (print:), and the reference sheet's
// derived numbers from the same parameters (facts:): a card cannot say
// what the rules do not do.

// printer is how one card list prints.
type printer struct {
	list  *listDecl
	line  *yaml.Node // entries with the same value join one line, tagged with it
	as    string
	parts []printPart
}

type printPart struct {
	cond *yaml.Node // nil: always
	text *yaml.Node
}

// printing compiles the print section: every card's printed rules, worked
// out now from its entries (and checked: a piece may read only the entry
// and the parameters).
func (c *compiler) printing(m *yaml.Node) {
	g := c.g
	g.cardRules = make([][]engine.RulesLine, len(g.cards))
	keys, vals := pairs(m)
	for i, k := range keys {
		l := g.lists[k.Value]
		if l == nil {
			c.report(codeUndefined.At(c.at(k), "print says how a card list prints; %s is not one the rules declare in lists", k.Value))
			continue
		}
		p := &printer{list: l, line: get(vals[i], "line"), as: "entry"}
		if as := get(vals[i], "as"); as != nil {
			p.as = as.Value
		}
		if t := get(vals[i], "text"); t != nil && t.Kind == yaml.SequenceNode {
			for _, piece := range t.Content {
				p.parts = append(p.parts, printPart{cond: get(piece, "if"), text: get(piece, "text")})
			}
		}
		slot := c.newSlot(false)
		for card := range g.cards {
			for e := l.start[card]; e < l.start[card+1]; e++ {
				c.printEntry(p, card, int64(e), slot)
			}
		}
	}
}

// printEntry adds entry e's sentence to its card's rules.
func (c *compiler) printEntry(p *printer, card int, e int64, slot int) {
	g := c.g
	sc := &scope{name: p.as, slot: slot, t: typ{k: kEntry, list: p.list}, known: e + 1}
	var b strings.Builder
	for _, part := range p.parts {
		if part.cond != nil {
			cond, ok := c.known(part.cond, sc, typ{k: kBool}, "a print piece's if")
			if !ok || cond.kv == 0 {
				continue
			}
		}
		c.interpolate(&b, part.text, sc)
	}
	text := b.String()
	if text == "" {
		return
	}
	phase := ""
	if p.line != nil {
		if v, ok := c.known(p.line, sc, typ{k: kBad}, "line"); ok {
			phase = c.render(v)
		}
	}
	lines := g.cardRules[card]
	if n := len(lines); n > 0 && lines[n-1].Phase == phase {
		lines[n-1].Text += " " + text
		return
	}
	g.cardRules[card] = append(lines, engine.RulesLine{Phase: phase, Text: text})
}

// known compiles an expression that must be known before play (it reads
// the entry and the parameters only).
func (c *compiler) known(n *yaml.Node, sc *scope, want typ, what string) (expr, bool) {
	before := len(c.found)
	e := c.expr(n, sc, want, what)
	if len(c.found) > before {
		return e, false
	}
	if !e.konst {
		c.report(codeStructure.At(c.at(n), "%s reads only the card's entry and the parameters (it is printed before play): %q reads the table", what, n.Value))
		return e, false
	}
	return e, true
}

// interpolate writes a piece's text, each {expression} by its value and
// {an expression} with its article ("a Vault", "an Intel"). A number
// followed by an icon stays on its line with it.
func (c *compiler) interpolate(b *strings.Builder, n *yaml.Node, sc *scope) {
	if n == nil {
		return
	}
	text := n.Value
	for {
		open := strings.IndexByte(text, '{')
		if open < 0 {
			b.WriteString(text)
			return
		}
		end := strings.IndexByte(text[open:], '}')
		if end < 0 {
			c.report(codeSyntax.At(c.at(n), "a { in %q has no closing }", n.Value))
			return
		}
		b.WriteString(text[:open])
		src := text[open+1 : open+end]
		article := false
		if rest, ok := strings.CutPrefix(src, "an "); ok {
			src, article = rest, true
		}
		piece := &yaml.Node{Kind: yaml.ScalarNode, Value: src, Line: n.Line, Column: n.Column}
		v, ok := c.known(piece, sc, typ{k: kBad}, "a printed {expression}")
		if !ok {
			return
		}
		word := c.render(v)
		if article {
			word = an(word) + " " + word
		}
		b.WriteString(word)
		text = text[open+end+1:]
		if v.t.k == kInt && strings.HasPrefix(text, " :") {
			b.WriteString(gamedata.NoBreak)
			text = text[1:]
		}
	}
}

// render writes a known value as printed: a number, a keyword's name, an
// enum value, a card's name.
func (c *compiler) render(v expr) string {
	g := c.g
	switch v.t.k {
	case kInt:
		return strconv.FormatInt(v.kv, 10)
	case kBool:
		return strconv.FormatBool(v.kv != 0)
	case kCard:
		if v.kv >= 0 {
			return g.cards[v.kv].name
		}
	case kEnum:
		if v.kv < 0 || int(v.kv) >= len(v.t.enum.values) {
			return ""
		}
		if v.t.enum.root() == g.types["keyword"] && int(v.kv) < len(g.data.Manifest.Keywords) {
			return g.data.Manifest.Keywords[v.kv].Name
		}
		return v.t.enum.values[v.kv]
	}
	return ""
}

// an is the article of a word: "an" before a vowel.
func an(word string) string {
	if word != "" && strings.ContainsRune("AEIOUaeiou", rune(word[0])) {
		return "an"
	}
	return "a"
}

// facts compiles the facts section: numbers and words the reference sheet
// prints as {name}, worked out from the parameters.
func (c *compiler) facts(m *yaml.Node) {
	keys, vals := pairs(m)
	for i, k := range keys {
		v, ok := c.known(vals[i], nil, typ{k: kBad}, "a fact")
		if !ok {
			continue
		}
		if c.g.facts == nil {
			c.g.facts = map[string]any{}
		}
		if v.t.k == kInt {
			c.g.facts[k.Value] = int(v.kv)
		} else {
			c.g.facts[k.Value] = c.render(v)
		}
	}
}

// Facts are the reference sheet's numbers from the rules (engine.FactSheet).
func (g *Game) Facts() map[string]any { return g.facts }
