// Package sheetgame reads spreadsheets as designers keep them into games:
// the sheets of a workbook (or a deck column) into decks, for import, and
// a whole new game inferred from a sheet, for `cardpress new --from-sheet`
// (docs/spreadsheets.md).
package sheetgame

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/spreadsheet"
)

// Part is the rows of one deck from one sheet, read into cards.
type Part struct {
	Deck  spreadsheet.Deck
	Table *spreadsheet.Table // as shaped: its columns know their sheet columns
	Cards []spreadsheet.Card
	Probs []spreadsheet.Problem
	// File: the card file these cards go back to, when the deck's cards
	// are spread over several ("": the deck's one file).
	File string
}

// Skipped is a sheet that holds no deck's cards, with why.
type Skipped struct {
	Sheet, Why string
}

// Assign reads tables into the decks of g: all rows into deck when it is
// given; else each sheet into the deck it is named after (by id or name,
// whatever the case and spaces), or, when it has a deck column, each row
// into the deck that column names. A CSV file (one table with no name)
// is the game's only deck's, or the deck its file name ends with
// (export's GAME-DECK.csv). Sheets that fit no deck are skipped, and said
// so.
func Assign(g *gamedata.Data, file string, tables []*spreadsheet.Table, deck string, m spreadsheet.Mapping) ([]*Part, []Skipped, error) {
	all, err := allKinds(g)
	if err != nil {
		return nil, nil, err
	}
	var parts []*Part
	var skipped []Skipped
	byDeck := map[string]*Part{}
	for _, raw := range tables {
		t, probs := spreadsheet.Shape(raw, all, m)
		target := deck
		if target == "" && slices.Index(t.Header, "deck") < 0 {
			target = deckNamed(g, raw.Name)
			if raw.Name == "" {
				target = csvDeck(g, file)
			}
			if target == "" {
				why := fmt.Sprintf("it is named after no deck (%s) and has no deck column", strings.Join(deckIDs(g), ", "))
				if raw.Name == "" {
					return nil, nil, fmt.Errorf("the file has no deck column and the game has several decks (%s): name the deck with --deck, or add a deck column", strings.Join(deckIDs(g), ", "))
				}
				skipped = append(skipped, Skipped{raw.Name, why})
				continue
			}
		}
		groups, more := split(g, t, target)
		probs = append(probs, more...)
		// The sheet's own problems (its header) go with its first part.
		for _, id := range groups.order {
			p := byDeck[id+"\x00"+t.Name]
			if p == nil {
				d, _ := spreadsheet.DeckOf(g, id)
				p = &Part{Deck: d, Table: &spreadsheet.Table{Name: t.Name, Header: t.Header, Cols: t.Cols, Orig: t.Orig}}
				byDeck[id+"\x00"+t.Name] = p
				parts = append(parts, p)
			}
			p.Table.Rows = append(p.Table.Rows, groups.rows[id]...)
			p.Probs = append(p.Probs, probs...)
			probs = nil
		}
		if len(probs) > 0 { // a sheet with no card rows at all
			d, _ := spreadsheet.DeckOf(g, cmpOr(target, deckIDs(g)[0]))
			parts = append(parts, &Part{Deck: d, Table: t, Probs: probs})
		}
	}
	for _, p := range parts {
		cards, probs := spreadsheet.Import(p.Deck, p.Table)
		p.Cards, p.Probs = cards, append(p.Probs, probs...)
	}
	return parts, skipped, nil
}

// csvDeck is the deck of a CSV file with no deck column: the game's only
// one, or the one whose id ends the file's name.
func csvDeck(g *gamedata.Data, file string) string {
	ids := deckIDs(g)
	if len(ids) == 1 {
		return ids[0]
	}
	base := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	best := ""
	for _, id := range ids {
		if (base == id || strings.HasSuffix(base, "-"+id)) && len(id) > len(best) {
			best = id
		}
	}
	return best
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

type groups struct {
	order []string
	rows  map[string][]spreadsheet.Row
}

// split sorts the rows of t by deck: all into deck when given, else by
// the deck column (a cell naming no deck is a problem at that cell).
func split(g *gamedata.Data, t *spreadsheet.Table, deck string) (groups, []spreadsheet.Problem) {
	gs := groups{rows: map[string][]spreadsheet.Row{}}
	add := func(id string, r spreadsheet.Row) {
		if _, ok := gs.rows[id]; !ok {
			gs.order = append(gs.order, id)
		}
		gs.rows[id] = append(gs.rows[id], r)
	}
	col := slices.Index(t.Header, "deck")
	var probs []spreadsheet.Problem
	for _, r := range t.Rows {
		v := strings.TrimSpace(r.Cell(col))
		switch {
		case deck != "" && (col < 0 || v == "" || deckNamed(g, v) == deck):
			if col >= 0 && v != "" {
				r.Cells[col].Text = deck // as the game names it
			}
			add(deck, r)
		case deck != "":
			add(deck, r) // Import says this row is another deck's
		case v == "":
			probs = append(probs, spreadsheet.Problem{Row: r.Num, Col: t.Col(col), Message: fmt.Sprintf("no deck: name the card's deck (%s)", strings.Join(deckIDs(g), ", "))})
		case deckNamed(g, v) == "":
			probs = append(probs, spreadsheet.Problem{Row: r.Num, Col: t.Col(col), Message: fmt.Sprintf("%q is no deck of the game (its decks: %s)", v, strings.Join(deckIDs(g), ", "))})
		default:
			r.Cells[col].Text = deckNamed(g, v)
			add(deckNamed(g, v), r)
		}
	}
	return gs, probs
}

// deckNamed is the deck whose id or name s is, whatever its case and
// spaces; "" for none.
func deckNamed(g *gamedata.Data, s string) string {
	key := spreadsheet.HeaderKey(s)
	if key == "" {
		return ""
	}
	for _, d := range g.Manifest.Decks {
		if spreadsheet.HeaderKey(d.ID) == key || spreadsheet.HeaderKey(d.Name) == key {
			return d.ID
		}
	}
	return ""
}

func deckIDs(g *gamedata.Data) []string {
	var ids []string
	for _, d := range g.Manifest.Decks {
		ids = append(ids, d.ID)
	}
	return ids
}

// allKinds is a deck that knows every field of every deck of g: the
// headers a sheet may use, whichever deck its rows are.
func allKinds(g *gamedata.Data) (spreadsheet.Deck, error) {
	all := spreadsheet.Deck{Kinds: map[string]spreadsheet.Kind{}}
	for _, id := range deckIDs(g) {
		d, err := spreadsheet.DeckOf(g, id)
		if err != nil {
			return all, err
		}
		for f, k := range d.Kinds {
			all.Kinds[f] = k
		}
	}
	return all, nil
}
