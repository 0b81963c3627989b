package gamedata

import (
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Inline emphasis in printed text, in the markup designers already know
// from chat and wikis: **bold**, *italic*, and \* for an asterisk that
// prints. It applies to every text a layout element prints, a template's
// fixed words and the field values it inserts alike, since card data
// carries emphasis too.

// Emphasis is the bold and italic in force at a point of a text.
type Emphasis uint8

const (
	Bold Emphasis = 1 << iota
	Italic
)

// Emphasize calls emit with each stretch of s between its markers and the
// emphasis in force there, starting from *state and leaving in it what is
// in force at the end, so a template's markers reach over the values it
// inserts. A stretch may be empty only when s is.
func Emphasize(s string, state *Emphasis, emit func(text string, e Emphasis)) {
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			emit(b.String(), *state)
			b.Reset()
		}
	}
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == '*':
			b.WriteByte('*')
			i++
		case s[i] == '*':
			flush()
			if i+1 < len(s) && s[i+1] == '*' {
				*state ^= Bold
				i++
			} else {
				*state ^= Italic
			}
		default:
			b.WriteByte(s[i])
		}
	}
	flush()
}

// HasMarkup reports whether s has anything Emphasize would change: most
// text has no asterisk at all, and is printed as it is.
func HasMarkup(s string) bool { return strings.IndexByte(s, '*') >= 0 }

// UnclosedEmphasis finds the first marker of s that nothing closes: its
// byte offset and the marker ("**" or "*"), or -1 when every one closes.
func UnclosedEmphasis(s string) (int, string) {
	open := [2]int{-1, -1} // where bold and italic were last opened
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && s[i+1] == '*':
			i++
		case s[i] == '*':
			k := 1
			if i+1 < len(s) && s[i+1] == '*' {
				k = 0
			}
			if open[k] < 0 {
				open[k] = i
			} else {
				open[k] = -1
			}
			i += 1 - k
		}
	}
	switch {
	case open[0] >= 0 && (open[1] < 0 || open[0] < open[1]):
		return open[0], "**"
	case open[1] >= 0:
		return open[1], "*"
	}
	return -1, ""
}

// checkEmphasis reports an emphasis marker nothing closes in the text t,
// at its column when the source writes t out verbatim.
func (l *loader) checkEmphasis(t template) {
	off, marker := UnclosedEmphasis(t.text)
	if off < 0 {
		return
	}
	what := "bold"
	if marker == "*" {
		what = "italic"
	}
	l.add(CodeEmphasis.At(t.at(off), "%q opens %s that nothing closes in %q: close it with another %q, or write \\* for an asterisk that prints",
		marker, what, shortText(t.text), marker))
}

// shortText is a text cut short for a message.
func shortText(s string) string {
	const most = 60
	if r := []rune(s); len(r) > most {
		return string(r[:most]) + "…"
	}
	return s
}

// checkCardEmphasis reports unclosed emphasis in the cards' printed text:
// name, flavor and, in a game whose decks declare them, text fields.
func (l *loader) checkCardEmphasis() {
	g := l.g
	for k, c := range g.Cards {
		if k >= len(l.cardAt) {
			break
		}
		ref := l.cardAt[k]
		fields := []string{"name", "flavor"}
		if g.Manifest.DeclaresFields() {
			for _, f := range g.Manifest.FieldsOf(c.Deck) {
				if f.Type == FieldText {
					fields = append(fields, f.Name)
				}
			}
		}
		for _, name := range fields {
			if n := ref.d.node("cards", ref.i, name); n != nil && n.Kind == yaml.ScalarNode && HasMarkup(n.Value) {
				l.checkEmphasis(ref.d.template(n))
			}
		}
	}
	for i := range g.Manifest.Keywords {
		if n := l.man.node("keywords", strconv.Itoa(i), "name"); n != nil && HasMarkup(n.Value) {
			l.checkEmphasis(l.man.template(n))
		}
	}
}
