package gamedata

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/schema"
)

var (
	_ = registerCheck(Check{
		ID:    "layout-boxes",
		Doc:   "Checks that every layout box stays on the card of each deck printed with it, within print.safe_margin of the trim.",
		Codes: []*finding.Code{CodeLayoutBox},
		run:   onLayout((*loader).checkBoxes),
	})
	_ = registerCheck(Check{
		ID:    "layout-fields",
		Doc:   "Checks that a layout element of a game whose decks declare their fields names a field its cards have.",
		Codes: []*finding.Code{CodeLayoutField},
		// Elements whose text or when is already reported are not checked again.
		After: []string{"printed-text"},
		run: onLayout(func(l *loader) {
			if l.g.Manifest.DeclaresFields() {
				l.add(l.g.CheckLayoutFields(nil)...)
			}
		}),
	})
)

// onLayout runs a check of layout.yaml only for a game that has one.
func onLayout(run func(*loader)) func(*loader) {
	return func(l *loader) {
		if l.lay != nil {
			run(l)
		}
	}
}

// Layout checks against the cards: every element names a field the cards
// of its decks have, and every box stays on the card, its text inside the
// safe margin. Without them a typo prints every card without that field,
// and a smaller card spills text onto its neighbours, both silently.

// layoutFields are what every card can print, whatever its game.
var layoutFields = []string{"name", "keywords", "flavor", "count", "players"}

// face is one card face layout and the decks printed with it.
type face struct {
	front Front
	decks []string
	path  []string // in layout.yaml
}

// checkDecks are the decks whose fields the face's elements are checked
// against: its own, or every deck for a face no deck prints, so that a typo
// there never passes.
func (f face) checkDecks(g *Data) []string {
	if len(f.decks) > 0 {
		return f.decks
	}
	var all []string
	for _, d := range g.Manifest.Decks {
		all = append(all, d.ID)
	}
	return all
}

// faces lists the layout's faces with their decks: the top-level front
// serves every deck without its own. A group no face inserts comes last,
// as a face of its elements that no deck prints.
func (g *Data) faces() []face {
	lay := &g.Layout
	top := face{front: lay.Front, path: []string{"front"}}
	var out []face
	for _, d := range g.Manifest.Decks {
		dl, own := lay.Decks[d.ID]
		if !own || dl.Front == nil {
			top.decks = append(top.decks, d.ID)
		}
	}
	out = append(out, top)
	for _, id := range keys(lay.Decks) {
		dl := lay.Decks[id]
		if dl.Front != nil {
			out = append(out, face{front: *dl.Front, decks: []string{id}, path: []string{"decks", id, "front"}})
		}
		if dl.BackFace != nil {
			out = append(out, face{front: *dl.BackFace, decks: []string{id}, path: []string{"decks", id, "back_face"}})
		}
	}
	for _, name := range keys(lay.Groups) {
		if !lay.Reuse.Inserted[name] {
			out = append(out, face{front: lay.Groups[name], path: []string{"groups", name}})
		}
	}
	return out
}

// CheckLayoutFields reports layout elements that name a field no card of
// the game has: not a generic card field, not declared by a deck and, for
// a game with an engine, not printed by it (provided, by deck; "rules"
// always). A field some decks lack is fine — a shared front prints what
// each card has — but one no deck has is a typo that silently prints
// nothing. The pipeline calls it once the engine is built; Load calls it
// itself for a game without an engine.
func (g *Data) CheckLayoutFields(provided map[string][]string) []finding.Finding {
	var known []string
	for _, d := range g.Manifest.Decks {
		known = append(known, g.cardFields(d.ID, provided)...)
	}
	slices.Sort(known)
	known = slices.Compact(known)
	var out []finding.Finding
	seen := map[finding.Pos]bool{} // a front shared by alias is reported once
	for _, f := range g.faces() {
		// The fields a face names: what each element prints, what picks
		// an element's colour, what picks the accent's.
		type use struct {
			field string
			pos   finding.Pos
		}
		var uses []use
		for _, el := range f.front.Elements {
			uses = append(uses, use{el.Field, el.FieldPos})
			for _, r := range el.namedFields() {
				uses = append(uses, use{r.name, r.pos})
			}
		}
		// A colour (color_by's too) may be picked by a card's id or deck.
		for _, k := range f.front.colorKeys() {
			if !slices.Contains(valueFields, k.v.By) {
				uses = append(uses, use{k.v.By, k.v.ByPos})
			}
		}
		if f.front.Accent.By == "field" {
			uses = append(uses, use{f.front.Accent.Field, f.front.Accent.FieldPos})
		}
		for _, u := range uses {
			if u.field == "" || slices.Contains(known, u.field) || seen[u.pos] {
				continue
			}
			seen[u.pos] = true
			msg := fmt.Sprintf("field %q is not a field of %s", u.field, deckList(f.decks))
			if s := schema.Suggest(u.field, known); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
			out = append(out, CodeLayoutField.At(u.pos, "%s", msg))
		}
	}
	return out
}

// cardFields is every field a deck's cards can print.
func (g *Data) cardFields(deck string, provided map[string][]string) []string {
	fields := slices.Clone(layoutFields)
	fields = append(fields, declaredNames(g.Manifest.FieldsOf(deck))...)
	if g.Manifest.HasEngine() {
		// The engine prints each card's rules (the rules engine from the
		// card lists its rules file prints).
		fields = append(fields, "rules")
	}
	if !g.Manifest.DeclaresFields() {
		fields = append(fields, provided[deck]...)
	}
	return fields
}

// deckList names decks for a message; no decks is "any deck" (a face no
// deck prints is checked against them all).
func deckList(decks []string) string {
	switch len(decks) {
	case 0:
		return "any deck"
	case 1:
		return fmt.Sprintf("deck %q", decks[0])
	}
	q := make([]string, len(decks))
	for i, d := range decks {
		q[i] = strconv.Quote(d)
	}
	return "decks " + strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// checkBoxes reports boxes that leave the card of any deck printed with
// them, and element boxes that reach into the safe margin.
func (l *loader) checkBoxes() {
	g := l.g
	margin := DefaultSafeMargin
	if m := g.Manifest.Print.SafeMargin; m != nil {
		margin = *m
	}
	for _, f := range g.faces() {
		sizes := map[Size][]string{}
		broken := map[Size]bool{} // a size that failed its schema is reported there
		for _, d := range f.decks {
			s := g.CardSize(d)
			sizes[s] = append(sizes[s], d)
			broken[s] = broken[s] || l.sizeFailed(d)
		}
		if len(sizes) == 0 {
			sizes[g.Manifest.Print.Card] = nil
			broken[g.Manifest.Print.Card] = l.sizeFailed("")
		}
		for _, size := range sortedSizes(sizes) {
			decks := sizes[size]
			if broken[size] || size.Width <= 0 || size.Height <= 0 {
				continue
			}
			card := "the card (" + sizeText(size) + ")"
			if len(decks) > 0 {
				card = "the card of " + deckList(decks) + " (" + sizeText(size) + ")"
			}
			if a := f.front.Accent.Box; len(a) == 4 {
				at := l.lay.pos(append(slices.Clone(f.path), "accent", "box")...)
				if side, gap := leaves(a, size, 0); side != "" && !l.failed(at) {
					l.add(CodeLayoutBox.At(at, "accent box %s leaves %s on the %s by %s mm", boxText(a), card, side, mm(-gap)))
				}
			}
			for _, el := range f.front.Elements {
				if len(el.Box) != 4 || l.failed(el.BoxPos) {
					continue
				}
				if side, gap := leaves(el.Box, size, 0); side != "" {
					l.add(CodeLayoutBox.At(el.BoxPos, "box %s leaves %s on the %s by %s mm", boxText(el.Box), card, side, mm(-gap)))
				} else if side, gap := leaves(el.Box, size, margin); side != "" && el.KindOr() != KindImage && !el.IsShape() {
					// A picture or a shape may reach the trim like a band:
					// a cut a little off takes a sliver of art, never a word.
					l.add(CodeLayoutBox.At(el.BoxPos, "box %s is %s mm from the %s edge of %s: keep text %s mm inside the trim (print.safe_margin), or cutting may take it off",
						boxText(el.Box), mm(gap+margin), side, card, mm(margin)))
				}
			}
		}
	}
}

// sizeFailed reports whether the card size of deck ("" for the game's)
// failed its schema.
func (l *loader) sizeFailed(deck string) bool {
	at := []string{"print", "card"}
	for i, d := range l.g.Manifest.Decks {
		if d.ID == deck && d.Card != nil {
			at = []string{"decks", strconv.Itoa(i), "card"}
		}
	}
	for _, sub := range []string{"", "width", "height", "size", "orientation"} {
		p := at
		if sub != "" {
			p = append(slices.Clone(at), sub)
		}
		if l.failed(l.man.pos(p...)) {
			return true
		}
	}
	return false
}

// leaves names the first side on which box [x, y, w, h] comes closer than
// margin to the card's edge, with its distance past that line (negative);
// "" when it stays inside.
func leaves(b []float64, s Size, margin float64) (side string, gap float64) {
	x, y, w, h := b[0], b[1], b[2], b[3]
	for _, c := range []struct {
		side string
		gap  float64
	}{{"left", x}, {"top", y}, {"right", s.Width - (x + w)}, {"bottom", s.Height - (y + h)}} {
		if c.gap < margin {
			return c.side, round(c.gap - margin)
		}
	}
	return "", 0
}

// round keeps a tenth of a micrometre, so 63 - 60.1 prints as 2.9.
func round(v float64) float64 { return math.Round(v*1e4) / 1e4 }

func sortedSizes(m map[Size][]string) []Size {
	out := make([]Size, 0, len(m))
	for s := range m {
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b Size) int {
		if a.Width != b.Width {
			return cmp.Compare(a.Width, b.Width)
		}
		return cmp.Compare(a.Height, b.Height)
	})
	return out
}

func mm(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

func boxText(b []float64) string {
	parts := make([]string, len(b))
	for i, v := range b {
		parts[i] = mm(v)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func sizeText(s Size) string { return mm(s.Width) + " × " + mm(s.Height) + " mm" }
