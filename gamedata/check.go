package gamedata

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/sat"
	"github.com/cardpress/cardpress/schema"
	"github.com/cardpress/cardpress/source"

	"go.yaml.in/yaml/v3"
)

// The cross-reference checks: ids are unique and every id a file names is
// declared in game.yaml. Game-specific meaning (effects, phases inside
// effects) is the engine's to check.
var (
	_ = registerCheck(Check{
		ID:    "manifest-lists",
		Doc:   "Checks game.yaml's own lists: ranges whose min is not above their max, unique ids, a spreadsheet that exists, and decks and components that name declared backs and decks.",
		Codes: []*finding.Code{CodePlayers, CodeDuplicateID, source.CodeFileMissing, CodeUndefinedBack, CodeUndefinedDeck},
		run:   (*loader).checkManifest,
	})
	_ = registerCheck(Check{
		ID:    "card-references",
		Doc:   "Checks the cards: unique ids, declared decks and keywords, player counts within the game's, and the copies that components count (a cards component without a count takes them).",
		Codes: []*finding.Code{CodeDuplicateID, CodeUndefinedDeck, CodeUndefinedKeyword, CodePlayers, CodeCountMismatch},
		run:   (*loader).checkCards,
	})
	_ = registerCheck(Check{
		ID:    "layout-references",
		Doc:   "Checks that layout.yaml names declared decks, keywords, components and parameters, that token sheets print their components' counts and that tracks have the spaces their values need.",
		Codes: []*finding.Code{CodeUndefinedDeck, CodeUndefinedKeyword, CodeUndefinedComponent, CodeUndefinedParameter, CodeTemplate, CodeCountMismatch, schema.CodeType, schema.CodeOther},
		// Component counts are the cards' copies once card-references filled them in.
		After: []string{"card-references"},
		run:   (*loader).checkLayout,
	})
	_ = registerCheck(Check{
		ID:    "reference-text",
		Doc:   "Checks reference.yaml's texts: their templates, and the parameters their boards name.",
		Codes: []*finding.Code{CodeTemplate, CodeUndefinedParameter},
		run:   (*loader).checkReference,
	})
	_ = registerCheck(Check{
		ID:    "lint-ignore-cards",
		Doc:   "Checks that a lint.ignore entry names a card the game has.",
		Codes: []*finding.Code{CodeUndefinedCard},
		run:   (*loader).checkIgnores,
	})
)

// checkIgnores reports a lint.ignore entry that names a card no card of
// the game has, at its card: a renamed card is caught where its old id is
// still named. With a card file that did not load whole, the ids are not
// all known, so nothing is said.
func (l *loader) checkIgnores() {
	if l.cardsBroken {
		return
	}
	ids := make([]string, 0, len(l.g.Cards))
	for _, c := range l.g.Cards {
		ids = append(ids, c.ID)
	}
	known := idSet(ids)
	for i, ig := range l.g.Manifest.Lint.Ignore {
		if ig.Card == "" || known[ig.Card] {
			continue
		}
		msg := fmt.Sprintf("lint.ignore names card %q, which no card of the game has", ig.Card)
		if len(ids) <= maxSuggestFrom {
			if s := schema.Suggest(ig.Card, ids); s != "" {
				msg += fmt.Sprintf(" (did you mean %q?)", s)
			}
		}
		l.add(CodeUndefinedCard.At(l.man.pos("lint", "ignore", strconv.Itoa(i), "card"), "%s", msg))
	}
}

func (l *loader) checkManifest() {
	m, d := &l.g.Manifest, l.man
	for _, r := range []struct {
		field string
		v     Range
	}{{"players", m.Players}, {"play_time", m.PlayTime}} {
		if r.v.Min > 0 && r.v.Max > 0 && r.v.Min > r.v.Max {
			l.add(CodePlayers.At(d.pos(r.field, "max"), "%s max %d is below min %d", r.field, r.v.Max, r.v.Min))
		}
	}
	for _, list := range []string{"components", "decks", "keywords", "phases"} {
		l.uniqueIDs(d, list)
	}
	if src := m.Sheet; src != nil && !l.failed(d.pos("sheet", "file")) {
		// The sheet watch and serve follow: a name that finds nothing
		// would follow nothing, silently.
		if _, err := l.dir.Stat(src.File); errors.Is(err, fs.ErrNotExist) {
			l.add(source.CodeFileMissing.At(d.pos("sheet", "file"), "spreadsheet %s not found", finding.Visible(l.path(src.File))))
		}
	}
	for i, dk := range m.Decks {
		if _, ok := m.Print.Backs[dk.Back]; dk.Back != "" && !ok {
			l.add(CodeUndefinedBack.At(d.pos("decks", strconv.Itoa(i), "back"),
				"%s", undeclared("card back", dk.Back, "print.backs", keys(m.Print.Backs))))
		}
	}
	decks := l.deckIDs()
	deckSet := idSet(decks)
	for i, c := range m.Components {
		if c.Deck != "" && !deckSet[c.Deck] {
			l.add(CodeUndefinedDeck.At(d.pos("components", strconv.Itoa(i), "deck"), "%s", undeclared("deck", c.Deck, "decks", decks)))
		}
	}
}

// uniqueIDs reports the second and later uses of an id in a manifest list.
func (l *loader) uniqueIDs(d *doc, list ...string) {
	first := map[string]int{}
	items, _ := schema.ValueAt(d.val.Data, list...).([]any)
	at := func(i int) finding.Pos { return d.pos(append(slices.Clone(list), strconv.Itoa(i), "id")...) }
	for i, item := range items {
		entry, _ := item.(map[string]any)
		id, ok := entry["id"].(string)
		if !ok {
			continue
		}
		if j, dup := first[id]; dup {
			l.add(CodeDuplicateID.At(at(i), "duplicate id %q in %s (first at line %d)", id, strings.Join(list, "."), at(j).Line))
			continue
		}
		first[id] = i
	}
}

func (l *loader) deckIDs() []string {
	var ids []string
	for _, dk := range l.g.Manifest.Decks {
		ids = append(ids, dk.ID)
	}
	return ids
}

func (l *loader) keywordIDs() []string {
	var ids []string
	for _, k := range l.g.Manifest.Keywords {
		ids = append(ids, k.ID)
	}
	return ids
}

func (l *loader) checkCards() {
	m := &l.g.Manifest
	decks, keywords := l.deckIDs(), l.keywordIDs()
	deckSet, keywordSet := idSet(decks), idSet(keywords)
	firstAt := map[string]finding.Pos{}
	copies := map[string]int{}
	total := 0
	for k, c := range l.g.Cards {
		ref := l.cardAt[k]
		d, at := ref.d, func(path ...string) finding.Pos { return ref.d.pos(append([]string{"cards", ref.i}, path...)...) }
		if c.ID != "" {
			if first, dup := firstAt[c.ID]; dup {
				l.add(CodeDuplicateID.At(at("id"), "duplicate card id %q (first at %s)", c.ID, first))
			} else {
				firstAt[c.ID] = at("id")
			}
		}
		switch {
		case d.node("cards", ref.i, "deck") != nil:
			if !deckSet[c.Deck] && !l.failed(at("deck")) { // a generated schema lists the decks
				l.add(CodeUndefinedDeck.At(at("deck"), "%s", undeclared("deck", c.Deck, "decks", decks)))
			}
		case len(decks) > 1:
			l.add(CodeUndefinedDeck.At(c.Pos, "card %q needs a deck: this game has several (%s)", c.ID, strings.Join(decks, ", ")))
		}
		copies[c.Deck] = sat.Add(copies[c.Deck], c.Count)
		total = sat.Add(total, c.Count)
		for j, kw := range c.Keywords {
			if !keywordSet[kw] {
				l.add(CodeUndefinedKeyword.At(at("keywords", strconv.Itoa(j)), "%s", undeclared("keyword", kw, "keywords", keywords)))
			}
		}
		if lo, hi := m.Players.Min, m.Players.Max; lo > 0 && lo <= hi {
			for j, p := range c.Players {
				if p < lo || p > hi {
					l.add(CodePlayers.At(at("players", strconv.Itoa(j)), "player count %d is outside the game's %d-%d players", p, lo, hi))
				}
			}
		}
	}
	for i := range m.Components {
		comp := &m.Components[i]
		at := l.man.pos("components", strconv.Itoa(i), "count")
		if comp.Kind == "cards" && comp.Count == 0 && !l.failed(l.man.pos("components", strconv.Itoa(i))) {
			// Counts said once: a cards component without a count has its
			// deck's copies (every card's, without a deck), so adding a
			// card takes no second edit.
			comp.Count = total
			if comp.Deck != "" {
				comp.Count = copies[comp.Deck]
			}
			continue
		}
		switch {
		case l.cardsBroken, l.failed(at):
			// A count that failed its schema is already reported there;
			// comparing it would only say so again, misleadingly.
		case comp.Deck == "" && comp.Kind == "cards" && total != comp.Count:
			// A cards component without a deck is the box's whole card count.
			l.add(CodeCountMismatch.At(at, "component %q counts %d but the cards have %d copies in all", comp.ID, comp.Count, total))
		case comp.Deck != "" && deckSet[comp.Deck] && copies[comp.Deck] != comp.Count:
			l.add(CodeCountMismatch.At(at,
				"component %q counts %d but deck %q has %d card copies", comp.ID, comp.Count, comp.Deck, copies[comp.Deck]))
		}
	}
}

func (l *loader) checkLayout() {
	d := l.lay
	if d == nil {
		return
	}
	lay := &l.g.Layout
	l.checkAccent(d, lay.Front, "front")
	decks := l.deckIDs()
	deckSet := idSet(decks)
	for _, id := range keys(lay.Decks) {
		if !deckSet[id] {
			l.add(CodeUndefinedDeck.At(d.keyPos("decks", id), "%s", undeclared("deck", id, "decks", decks)))
		}
		if f := lay.Decks[id].Front; f != nil {
			l.checkAccent(d, *f, "decks", id, "front")
		}
		if f := lay.Decks[id].BackFace; f != nil {
			l.checkAccent(d, *f, "decks", id, "back_face")
		}
	}
	var comps []string
	for _, c := range l.g.Manifest.Components {
		comps = append(comps, c.ID)
	}
	compSet := idSet(comps)
	countFailed := map[string]bool{} // components whose count failed its schema
	for i, mc := range l.g.Manifest.Components {
		if l.failed(l.man.pos("components", strconv.Itoa(i), "count")) {
			countFailed[mc.ID] = true
		}
	}
	for i, c := range lay.Components {
		idx := strconv.Itoa(i)
		if c.Component != "" && !compSet[c.Component] {
			l.add(CodeUndefinedComponent.At(d.pos("components", idx, "component"), "%s", undeclared("component", c.Component, "components", comps)))
		}
		if c.RowsParam != "" {
			l.checkParam(d, c.RowsParam, "components", idx, "rows_param")
		}
		if c.Kind == "board" && c.Label != "" {
			l.checkRowLabel(d, "components", idx, "label")
		}
		for j, f := range c.Faces {
			if f.Component != "" && !compSet[f.Component] {
				l.add(CodeUndefinedComponent.At(d.pos("components", idx, "faces", strconv.Itoa(j), "component"), "%s", undeclared("component", f.Component, "components", comps)))
			}
		}
		if want, ok := l.g.ComponentCount(c.Component); ok && len(c.Faces) > 0 && !l.faceCountFailed(d, c, idx, countFailed) {
			total := 0
			for _, n := range l.g.FaceCounts(c) {
				total = sat.Add(total, n)
			}
			if total != want {
				l.add(CodeCountMismatch.At(d.pos("components", idx, "component"),
					"component %q counts %d but the faces of this token sheet print %d tokens", c.Component, want, total))
			}
		}
		if c.Kind == "track" {
			l.checkTrack(d, c, idx)
		}
	}
}

// faceCountFailed reports whether a count a token sheet's faces add up
// (a face's own, or a component's it takes) failed its schema: the sum
// would then compare a reported value again.
func (l *loader) faceCountFailed(d *doc, c LayoutComponent, idx string, countFailed map[string]bool) bool {
	if countFailed[c.Component] {
		return true
	}
	for j, f := range c.Faces {
		if countFailed[f.Component] || l.failed(d.pos("components", idx, "faces", strconv.Itoa(j), "count")) {
			return true
		}
	}
	return false
}

// failed reports whether an error was already found at pos. The findings
// are indexed as they come, so asking is cheap however many there are.
func (l *loader) failed(pos finding.Pos) bool {
	if l.errorAt == nil {
		l.errorAt = map[finding.Pos]bool{}
	}
	for ; l.indexed < len(l.found); l.indexed++ {
		if f := l.found[l.indexed]; f.Severity == finding.Error {
			l.errorAt[f.Pos] = true
		}
	}
	return l.errorAt[pos]
}

// idSet is ids as a set: membership tests stay cheap however long a
// (broken) list is.
func idSet(ids []string) map[string]bool {
	set := make(map[string]bool, len(ids))
	for _, id := range ids {
		set[id] = true
	}
	return set
}

// trackSpaces is where layout.schema.json bounds a track's spaces; a
// spaces_param must stay within the same maximum, read from there.
const trackSpaces = schema.Layout + "#/$defs/component/properties/spaces"

// maxTrackSpaces is the schema's maximum for a track's spaces, or false
// when the schema states none.
func (l *loader) maxTrackSpaces() (int, bool) {
	s := l.compile(trackSpaces)
	if s == nil || s.Maximum == nil || !s.Maximum.IsInt() || !s.Maximum.Num().IsInt64() {
		return 0, false
	}
	return int(s.Maximum.Num().Int64()), true
}

// checkTrack checks a track's spaces parameter and that it has no more
// values than spaces.
func (l *loader) checkTrack(d *doc, c LayoutComponent, idx string) {
	if c.SpacesParam != "" {
		p, declared := l.g.Params[c.SpacesParam]
		if !declared {
			l.checkParam(d, c.SpacesParam, "components", idx, "spaces_param")
			return
		}
		n, _, ok := l.g.TrackSpaces(c)
		if !ok {
			l.add(schema.CodeType.At(d.pos("components", idx, "spaces_param"),
				"parameter %q is %v: a track needs a whole number of spaces (at least 1) or a list with a value per space", c.SpacesParam, p.Value))
			return
		}
		if most, ok := l.maxTrackSpaces(); ok && n > most {
			l.add(schema.CodeOther.At(d.pos("components", idx, "spaces_param"),
				"parameter %q gives %d spaces: a track has at most %d", c.SpacesParam, n, most))
			return
		}
	}
	if n, values, ok := l.g.TrackSpaces(c); ok && len(values) > n {
		spaces := "spaces"
		if n == 1 {
			spaces = "space"
		}
		l.add(CodeCountMismatch.At(d.pos("components", idx, "values"),
			"%d values for a track of %d %s", len(values), n, spaces))
	}
}

// checkAccent reports accent colours keyed by undeclared keywords or decks
// in the face at path (by a field's value, any text is a key).
func (l *loader) checkAccent(d *doc, f Front, path ...string) {
	colors := d.node(append(path, "accent", "colors")...)
	if colors == nil || colors.Kind != yaml.MappingNode || f.Accent.By == "field" {
		return
	}
	ids, what, code := l.keywordIDs(), "keyword", CodeUndefinedKeyword
	if f.Accent.By == "deck" {
		ids, what, code = l.deckIDs(), "deck", CodeUndefinedDeck
	}
	known := idSet(ids)
	for i := 0; i+1 < len(colors.Content); i += 2 {
		if key := colors.Content[i].Value; !known[key] {
			l.add(code.At(d.file.Pos(colors.Content[i]), "%s", undeclared(what, key, what+"s", ids)))
		}
	}
}

// checkRowLabel checks a board row label: its placeholders name the fields
// of a row ({value}, {slots}), not parameters.
func (l *loader) checkRowLabel(d *doc, path ...string) {
	n := d.node(path...)
	if n == nil {
		return
	}
	t := template{text: n.Value, pos: d.file.Pos(n), col: verbatimCol(d.line(n.Line), n)}
	ps, err := ParseTemplate(t.text)
	if err != nil {
		l.add(CodeTemplate.At(t.at(errAt(t.text, ps)), "%s", err.Error()))
		return
	}
	for _, p := range ps {
		if p.Name != "value" && p.Name != "slots" {
			l.add(CodeTemplate.At(t.at(p.Start), "{%s} is not a row field; board labels can use {value} and {slots}", p.Name))
		}
	}
}

// checkParam reports a parameter name at path that game.yaml does not
// declare.
func (l *loader) checkParam(d *doc, name string, path ...string) {
	if _, ok := l.g.Params[name]; !ok {
		l.add(CodeUndefinedParameter.At(d.pos(path...), "%s", undeclared("parameter", name, "parameters", l.g.ParamOrder)))
	}
}

func (l *loader) checkReference() {
	d := l.ref
	if d == nil {
		return
	}
	ref := &l.g.Ref
	l.addTemplate(d, "title")
	l.addTemplate(d, "subtitle")
	for i, s := range ref.Sections {
		idx := strconv.Itoa(i)
		l.addTemplate(d, "sections", idx, "heading")
		for j := range s.Items {
			l.addTemplate(d, "sections", idx, "items", strconv.Itoa(j))
		}
		if s.Board != "" {
			l.checkParam(d, s.Board, "sections", idx, "board")
		}
	}
	l.addTemplate(d, "player_aid", "title")
	for j := range ref.PlayerAid.Items {
		l.addTemplate(d, "player_aid", "items", strconv.Itoa(j))
	}
}

// undeclared words "x is not declared in game.yaml list", with a guess.
func undeclared(what, id, list string, known []string) string {
	msg := fmt.Sprintf("%s %q is not declared in game.yaml %s", what, id, list)
	// A guess among more ids than any schema allows would cost a search per
	// finding over a list that is itself reported; it is left out.
	if len(known) > maxSuggestFrom {
		return msg
	}
	if s := schema.Suggest(id, known); s != "" {
		msg += fmt.Sprintf(" (did you mean %q?)", s)
	}
	return msg
}

// maxSuggestFrom is the longest list of ids a "did you mean" searches: more
// than any list the schemas allow (keywords, 64).
const maxSuggestFrom = 100

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
