package render

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// What a text element prints on a card: a field's value or its text
// template filled in, each with its **bold** and *italic* runs set in the
// font's bold and italic styles (gamedata.Emphasize); and whether an
// element applies to a card at all (its when).

// CodeWhenNever is a when that holds on no card: its element never prints.
var CodeWhenNever = finding.Declare(finding.Code{ID: "LAYOUT_WHEN_NEVER", Severity: finding.Warning, Scope: finding.Validate,
	Purpose: "A layout element's when holds on no card its face is printed on, so the element is never drawn (a value misspelt, or the wrong field)."})

// emphasised is text in style as runs, its emphasis markers applied.
// Text without markers is one run, as it always was.
func emphasised(text, style string) []run {
	if !gamedata.HasMarkup(text) {
		return []run{{style, text}}
	}
	var state gamedata.Emphasis
	return appendEmphasised(nil, text, style, &state, 0)
}

// appendEmphasised adds text's runs, its markers toggling state, with the
// emphasis outer (a template's around an inserted value) on top.
func appendEmphasised(out []run, text, style string, state *gamedata.Emphasis, outer gamedata.Emphasis) []run {
	gamedata.Emphasize(text, state, func(s string, e gamedata.Emphasis) {
		st := withEmphasis(style, e|outer)
		if n := len(out); n > 0 && out[n-1].style == st {
			out[n-1].text += s
			return
		}
		out = append(out, run{st, s})
	})
	return out
}

// withEmphasis adds emphasis to an fpdf style ("", "B", "I", "BI").
func withEmphasis(style string, e gamedata.Emphasis) string {
	b := strings.Contains(style, "B") || e&gamedata.Bold != 0
	i := strings.Contains(style, "I") || e&gamedata.Italic != 0
	switch {
	case b && i:
		return "BI"
	case b:
		return "B"
	case i:
		return "I"
	}
	return ""
}

// markedParas is a field's text as paragraphs, one per line.
func markedParas(text, style string) []para {
	if !gamedata.HasMarkup(text) {
		return plain(text, style)
	}
	return parasOf(emphasised(clean(text), style))
}

// parasOf breaks runs into a paragraph per line.
func parasOf(runs []run) []para {
	ps := []para{{}}
	for _, r := range runs {
		for i, line := range strings.Split(clean(r.text), "\n") {
			if i > 0 {
				ps = append(ps, para{})
			}
			if line != "" {
				p := &ps[len(ps)-1]
				p.runs = append(p.runs, run{r.style, line})
			}
		}
	}
	return ps
}

// templateParas is an element's text template filled in for card c, or
// nothing when the template names fields and all are empty on c (a label,
// naming none, always prints).
func templateParas(c *CardFace, el gamedata.Element, style string) []para {
	ps, err := gamedata.ParseTemplate(el.Text)
	if err != nil {
		return nil // validation reported it
	}
	printed := len(ps) == 0
	var runs []run
	var state gamedata.Emphasis
	last := 0
	for _, p := range ps {
		runs = appendEmphasised(runs, el.Text[last:p.Start], style, &state, 0)
		v := c.templateValue(p.Name)
		printed = printed || strings.TrimSpace(v) != ""
		var own gamedata.Emphasis // a value's markers close within it
		runs = appendEmphasised(runs, v, style, &own, state)
		last = p.End
	}
	runs = appendEmphasised(runs, el.Text[last:], style, &state, 0)
	if !printed {
		return nil
	}
	return parasOf(runs)
}

// templateValue is what {name} prints on c: what field: name prints.
func (c *CardFace) templateValue(name string) string {
	if name != "rules" || len(c.Rules) == 0 {
		return c.Fields[name]
	}
	lines := make([]string, len(c.Rules))
	for i, rl := range c.Rules {
		lines[i] = rl.Text
		if rl.Phase != "" {
			lines[i] = rl.Phase + ": " + rl.Text
		}
	}
	return strings.Join(lines, "\n")
}

// FieldValue is card c's value of a field, for a when
// (gamedata.CardValues): its generic fields, its declared fields' values,
// or the text an engine prints.
func (c *CardFace) FieldValue(name string) (any, bool) {
	switch name {
	case "id":
		return c.ID, true
	case "deck":
		return c.Deck, true
	case "keywords":
		return c.Keywords, true
	case "players":
		return c.Players, true
	case "count":
		return c.Copies, true
	case "rules":
		if len(c.Rules) > 0 {
			return c.templateValue(name), true
		}
	}
	if v, ok := c.Values[name]; ok {
		return v, true
	}
	s, ok := c.Fields[name]
	return s, ok
}

// applies reports whether element el is drawn on c: its when holds.
func (c *CardFace) applies(el gamedata.Element) bool { return el.Cond.Holds(c) }

// elementWhat names an element in messages: its field or its template.
func elementWhat(el gamedata.Element) string {
	if el.Text != "" {
		return "text " + strconv.Quote(el.Text)
	}
	return "field " + strconv.Quote(el.Field)
}

// CheckWhen reports each layout element whose when holds on none of the
// cards its face is printed on, at the when.
func CheckWhen(doc *Document) []finding.Finding {
	type tally struct {
		src          string
		cards, holds int
		decks        []string
	}
	by := map[finding.Pos]*tally{}
	var order []finding.Pos
	count := func(c *CardFace, lay gamedata.Front) {
		for _, el := range lay.Elements {
			if el.Cond == nil {
				continue
			}
			t := by[el.WhenPos]
			if t == nil {
				t = &tally{src: el.When}
				by[el.WhenPos] = t
				order = append(order, el.WhenPos)
			}
			t.cards++
			if !slices.Contains(t.decks, c.Deck) {
				t.decks = append(t.decks, c.Deck)
			}
			if c.applies(el) {
				t.holds++
			}
		}
	}
	for i := range doc.Cards {
		c := &doc.Cards[i]
		count(c, doc.Layout.FrontOf(c.Deck))
		if c.TwoSided() {
			count(c.backSide(), doc.Layout.BackFaceOf(c.Deck))
		}
	}
	var fs []finding.Finding
	for _, at := range order {
		if t := by[at]; t.holds == 0 {
			fs = append(fs, CodeWhenNever.At(at, "when %q holds on no card of %s (%s), so the element is never drawn",
				t.src, deckNames(t.decks), cardCount(t.cards)))
		}
	}
	return fs
}

func cardCount(n int) string {
	if n == 1 {
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}
