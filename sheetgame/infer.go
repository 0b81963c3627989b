package sheetgame

import (
	"cmp"
	"fmt"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/icon"
	"github.com/cardpress/cardpress/internal/slug"
	"github.com/cardpress/cardpress/spreadsheet"
)

// A new game from a spreadsheet (cardpress new --from-sheet): decks from
// the sheets (or a deck column), fields and their types from the columns'
// values, ids from the names, copies from repeated rows, and a starter
// layout that prints every field.

// synonyms are the headers designers give the fields every card has.
var synonyms = map[string]string{
	"name": "name", "cardname": "name", "title": "name", "cardtitle": "name", "card": "name",
	"id": "id", "cardid": "id",
	"count": "count", "copies": "count", "qty": "count", "quantity": "count", "number": "count", "amount": "count", "x": "count", "#": "count",
	"flavor": "flavor", "flavour": "flavor", "flavortext": "flavor", "flavourtext": "flavor",
	"deck": "deck", "decks": "deck",
	// The generic keywords and players need declared keyword ids and the
	// game's player counts; a sheet's own columns of those names are
	// fields of their own.
	"keywords": "card_keywords", "players": "card_players",
}

// Inference bounds: a column is an enum when its words are few and
// repeat, a list when its cells list a few such words.
const (
	maxEnumValues = 8  // distinct words
	maxEnumWord   = 24 // characters in one
	maxListValues = 16
)

// Field is one inferred card field of a deck.
type Field struct {
	Name     string // as the cards write it
	Header   string // the sheet's own header
	Type     string // gamedata's field types: text, integer, number, boolean, enum, list, image
	Values   []string
	Required bool
	Icons    []string // icon names its text uses
}

// Deck is one inferred deck.
type Deck struct {
	ID, Name string
	Sheet    string // the sheet its rows come from
	Fields   []Field
	table    *spreadsheet.Table // its rows, shaped
	Cards    []spreadsheet.Card
	Flavor   bool // some card has flavour text
}

// Note is a problem at a place of a sheet.
type Note struct {
	Table *spreadsheet.Table
	spreadsheet.Problem
}

// Plan is a game inferred from a spreadsheet.
type Plan struct {
	Decks    []*Deck
	Mapping  spreadsheet.Mapping // the headers that do not name their field by themselves
	Pictures []string            // picture files the cards name, relative to the sheet
	Notes    []Note
}

// Errors counts the notes that are errors.
func (p *Plan) Errors() int {
	n := 0
	for _, x := range p.Notes {
		if !x.Warning {
			n++
		}
	}
	return n
}

var fieldChars = regexp.MustCompile(`[^a-z0-9]+`)

// cardID is card.schema.json's pattern of a card id.
var cardID = regexp.MustCompile(`^[a-z][a-z0-9-]{0,63}$`)

// fieldName is the field a header of the designer's own names.
func fieldName(header string, col int) string {
	if f, ok := synonyms[spreadsheet.HeaderKey(header)]; ok {
		return f
	}
	name := strings.Trim(fieldChars.ReplaceAllString(slug.Make(header, 40), "_"), "_")
	switch {
	case name == "":
		return "column_" + strings.ToLower(spreadsheet.ColumnName(col))
	case name[0] < 'a' || name[0] > 'z':
		return "f_" + name // a field name starts with a letter
	}
	return name
}

// Infer reads the tables (the sheets of a workbook, or one CSV table
// named base) into decks, fields and cards.
func Infer(base string, tables []*spreadsheet.Table) *Plan {
	p := &Plan{Mapping: spreadsheet.Mapping{Columns: map[string]string{}}}
	taken := map[string]bool{}
	for _, raw := range tables {
		fields, all := headerFields(raw, p)
		t, probs := spreadsheet.Shape(raw, all, p.Mapping)
		for _, pr := range probs {
			p.Notes = append(p.Notes, Note{raw, pr})
		}
		name := raw.Name
		if name == "" {
			name = base
		}
		for _, d := range splitDecks(t, name, taken) {
			d.Fields = inferFields(d.table, fields)
			p.Decks = append(p.Decks, d)
		}
	}
	for _, d := range p.Decks {
		deck := sheetDeck(d, len(p.Decks) == 1)
		cards, probs := spreadsheet.Import(deck, d.table)
		d.Cards = cards
		for _, pr := range probs {
			p.Notes = append(p.Notes, Note{d.table, pr})
		}
		p.checkCards(d)
	}
	sheetAt := map[string]int{}
	for i, t := range tables {
		sheetAt[t.Name] = i
	}
	slices.SortStableFunc(p.Notes, func(a, b Note) int {
		return cmp.Or(cmp.Compare(sheetAt[a.Table.Name], sheetAt[b.Table.Name]), cmp.Compare(a.Row, b.Row), cmp.Compare(a.Col, b.Col))
	})
	return p
}

// headerFields names the field of each header of t, adding to the plan's
// mapping the headers that do not match their field by themselves, and
// returns a deck that knows them all (for Shape).
func headerFields(t *spreadsheet.Table, p *Plan) (map[string]string, spreadsheet.Deck) {
	fields := map[string]string{} // field: header
	all := spreadsheet.Deck{Kinds: map[string]spreadsheet.Kind{}}
	for i, h := range t.Header {
		if strings.TrimSpace(h) == "" {
			continue
		}
		f := fieldName(h, i)
		for n := 2; fields[f] != ""; n++ {
			f = fmt.Sprintf("%s_%d", fieldName(h, i), n)
		}
		fields[f] = h
		all.Kinds[f] = spreadsheet.KindText
		if spreadsheet.HeaderKey(h) != spreadsheet.HeaderKey(f) {
			p.Mapping.Columns[strings.TrimSpace(h)] = f
		}
	}
	return fields, all
}

// splitDecks is the decks of a shaped table: one named after the sheet,
// or one for each value of its deck column.
func splitDecks(t *spreadsheet.Table, sheetName string, taken map[string]bool) []*Deck {
	col := slices.Index(t.Header, "deck")
	var decks []*Deck
	byName := map[string]*Deck{}
	for _, r := range t.Rows {
		name := sheetName
		if col >= 0 && strings.TrimSpace(r.Cell(col)) != "" {
			name = strings.TrimSpace(r.Cell(col))
		}
		d := byName[spreadsheet.HeaderKey(name)]
		if d == nil {
			d = &Deck{ID: deckID(name, taken), Name: name, Sheet: t.Name,
				table: &spreadsheet.Table{Name: t.Name, Header: t.Header, Cols: t.Cols, Orig: t.Orig}}
			byName[spreadsheet.HeaderKey(name)] = d
			decks = append(decks, d)
		}
		if col >= 0 {
			r.Cells[col].Text = d.ID
		}
		d.table.Rows = append(d.table.Rows, r)
	}
	return decks
}

func deckID(name string, taken map[string]bool) string {
	id := slug.Make(name, 40)
	if id == "" || id[0] < 'a' || id[0] > 'z' {
		id = strings.TrimSuffix("deck-"+id, "-")
	}
	for n := 2; taken[id]; n++ {
		id = fmt.Sprintf("%s-%d", strings.TrimSuffix(slug.Make(name, 40), "-"), n)
	}
	taken[id] = true
	return id
}

// generic are the fields every card has, which decks do not declare.
var generic = []string{"id", "name", "deck", "count", "players", "keywords", "flavor"}

// inferFields declares the deck's own fields: every column with a value
// in its rows, typed by its values.
func inferFields(t *spreadsheet.Table, headers map[string]string) []Field {
	var out []Field
	for i, f := range t.Header {
		if slices.Contains(generic, f) {
			continue
		}
		var values []string
		for _, r := range t.Rows {
			if i < len(r.Cells) && strings.TrimSpace(r.Cells[i].Text) != "" {
				values = append(values, strings.TrimSpace(r.Cells[i].Text))
			}
		}
		if len(values) == 0 {
			continue // a blank column: nothing to declare
		}
		fd := Field{Name: f, Header: headers[f], Required: len(values) == len(t.Rows)}
		fd.Type, fd.Values = typeOf(values, shownIn(t, i))
		if fd.Type == "text" {
			fd.Icons = iconsIn(values)
		}
		out = append(out, fd)
	}
	return out
}

// shownIn reports whether a cell of column i is a date, time or
// percentage the spreadsheet made: such a column is text as shown.
func shownIn(t *spreadsheet.Table, i int) bool {
	return slices.ContainsFunc(t.Rows, func(r spreadsheet.Row) bool { return i < len(r.Cells) && r.Cells[i].Shown != "" })
}

var picture = regexp.MustCompile(`(?i)^([A-Za-z0-9_-][A-Za-z0-9_. -]*/)*[A-Za-z0-9_-][A-Za-z0-9_. -]*\.(png|jpe?g)$`)
var word = regexp.MustCompile(`^[\pL\pN][\pL\pN '&/+-]*$`)

// typeOf is the type that holds every value: image paths, whole
// numbers, numbers, true/false, a few repeated words (enum), lists of a
// few words, else text.
func typeOf(values []string, shown bool) (string, []string) {
	every := func(ok func(string) bool) bool {
		return !slices.ContainsFunc(values, func(v string) bool { return !ok(v) })
	}
	switch {
	case shown:
		return "text", nil
	case every(picture.MatchString):
		return "image", nil
	case every(func(v string) bool { _, err := strconv.Atoi(v); return err == nil }):
		return "integer", nil
	case every(func(v string) bool {
		_, err := strconv.ParseFloat(v, 64)
		return err == nil && !strings.ContainsAny(v, "xXpP_")
	}):
		return "number", nil
	case every(func(v string) bool { return strings.EqualFold(v, "true") || strings.EqualFold(v, "false") }):
		return "boolean", nil
	}
	if words := distinct(values); len(words) <= maxEnumValues && len(words) < len(values) && every(isWord) {
		return "enum", words
	}
	if strings.Contains(strings.Join(values, "\n"), ",") {
		var items []string
		for _, v := range values {
			for _, it := range strings.Split(v, ",") {
				items = append(items, strings.TrimSpace(it))
			}
		}
		if words := distinct(items); len(words) <= maxListValues && len(words) < len(items) && !slices.ContainsFunc(items, func(v string) bool { return !isWord(v) }) {
			return "list", words
		}
	}
	return "text", nil
}

func isWord(v string) bool {
	return len(v) <= maxEnumWord && word.MatchString(v) && strings.TrimSpace(v) == v
}

func distinct(values []string) []string {
	var out []string
	for _, v := range values {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// iconsIn is the icon names the texts use, in order.
func iconsIn(values []string) []string {
	var out []string
	for _, v := range values {
		for _, tok := range icon.Scan(v) {
			if !slices.Contains(out, tok.Name) {
				out = append(out, tok.Name)
			}
		}
	}
	return out
}

// kinds are the sheet's cell kinds of the declared types.
var kinds = map[string]spreadsheet.Kind{
	"text": spreadsheet.KindText, "enum": spreadsheet.KindText, "image": spreadsheet.KindText,
	"integer": spreadsheet.KindInteger, "number": spreadsheet.KindNumber, "boolean": spreadsheet.KindBoolean, "list": spreadsheet.KindTextList,
}

// sheetDeck is d for reading its rows into cards.
func sheetDeck(d *Deck, only bool) spreadsheet.Deck {
	sd := spreadsheet.Deck{ID: d.ID, Kinds: map[string]spreadsheet.Kind{
		"id": spreadsheet.KindText, "name": spreadsheet.KindText, "deck": spreadsheet.KindText, "count": spreadsheet.KindInteger,
		"players": spreadsheet.KindIntegerList, "keywords": spreadsheet.KindTextList, "flavor": spreadsheet.KindText,
	}, Only: only}
	for _, f := range d.Fields {
		sd.Kinds[f.Name] = kinds[f.Type]
		sd.Declared = append(sd.Declared, f.Name)
	}
	return sd
}

// checkCards tells the rows a game cannot take as they are: a card
// with no name (its id is made from it), and notes the pictures to copy.
func (p *Plan) checkCards(d *Deck) {
	name := slices.Index(d.table.Header, "name")
	if id := slices.Index(d.table.Header, "id"); id >= 0 && d.table.Col(id) != d.table.Col(name) {
		for _, r := range d.table.Rows {
			if v := strings.TrimSpace(r.Cell(id)); v != "" && !cardID.MatchString(v) {
				p.Notes = append(p.Notes, Note{d.table, spreadsheet.Problem{Row: r.Num, Col: d.table.Col(id), Message: fmt.Sprintf("%q is not a card id (lowercase letters, digits and hyphens, starting with a letter); fix it, or delete the id column to have ids made from the names", v)}})
			}
		}
	}
	for _, r := range d.table.Rows {
		if name < 0 || strings.TrimSpace(r.Cell(name)) == "" {
			p.Notes = append(p.Notes, Note{d.table, spreadsheet.Problem{Row: r.Num, Col: d.table.Col(name), Message: "a card needs a name: its id is made from it (or give the sheet an id column)"}})
		}
	}
	if name < 0 && len(d.table.Rows) > 0 {
		p.Notes = p.Notes[:len(p.Notes)-len(d.table.Rows)]
		p.Notes = append(p.Notes, Note{d.table, spreadsheet.Problem{Row: 1, Col: -1, Message: "no column names the cards: call one Name (or Card Name, Title), or map yours with --column 'HEADER=name'"}})
	}
	for _, f := range d.Fields {
		if f.Type != "image" {
			continue
		}
		i := slices.Index(d.table.Header, f.Name)
		for _, r := range d.table.Rows {
			if v := path.Clean(strings.TrimSpace(r.Cell(i))); v != "." && !slices.Contains(p.Pictures, v) {
				p.Pictures = append(p.Pictures, v)
			}
		}
	}
	if i := slices.Index(d.table.Header, "flavor"); i >= 0 {
		d.Flavor = slices.ContainsFunc(d.table.Rows, func(r spreadsheet.Row) bool { return strings.TrimSpace(r.Cell(i)) != "" })
	}
}
