package spreadsheet

import (
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// items parses a card file and returns its cards' nodes.
func items(t *testing.T, data string) []*yaml.Node {
	t.Helper()
	n, err := cardItems([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

var twoDecks = Deck{ID: "goods", Kinds: map[string]Kind{"id": KindText, "name": KindText, "deck": KindText, "count": KindInteger, "cost": KindInteger, "perishable": KindBoolean, "wants": KindTextList}, Declared: []string{"cost", "perishable"}}

const mixedFile = `# yaml-language-server: $schema=schema/cards.schema.json
# Goods and orders in one file.
cards:
  - {id: rush, name: Rush Order, deck: orders, wants: [tea]}
  # --- spices
  - id: saffron
    name: Saffron
    deck: goods
    cost: 4 # dear
  - id: pepper
    name: "Pepper"
    deck: goods
    count: 2
    cost: 1
  - {id: feast, name: Feast, deck: orders, wants: [tea, silk]}
`

// TestImportReplace: reading the deck back from its own sheet changes
// nothing in the file, comments and quoting included; a changed sheet
// changes only its cards, in place, and keeps the other deck's.
func TestImportReplace(t *testing.T) {
	cards := items(t, mixedFile)
	tab, err := Export(twoDecks, []*yaml.Node{cards[1], cards[2]})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tab.Header, []string{"id", "name", "deck", "count", "cost"}) {
		t.Errorf("header %v", tab.Header)
	}
	read, probs := Import(twoDecks, tab)
	if len(probs) > 0 {
		t.Fatalf("problems: %v", probs)
	}
	out, at, err := Replace([]byte(mixedFile), twoDecks, read)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != mixedFile || at != 1 {
		t.Errorf("an unchanged sheet rewrote the file (at %d):\n%s", at, out)
	}

	// Pepper costs 2 now, saffron is gone, a new card comes last.
	tab.Rows[1].Cells[4].Text = "2"
	tab.Rows = append(tab.Rows[1:], Row{Num: 4, Cells: []Cell{{Text: "clove"}, {Text: "Clove"}, {}, {}, {Text: "3"}}})
	read, probs = Import(twoDecks, tab)
	if len(probs) > 0 {
		t.Fatalf("problems: %v", probs)
	}
	out, at, err = Replace([]byte(mixedFile), twoDecks, read)
	if err != nil {
		t.Fatal(err)
	}
	want := `# yaml-language-server: $schema=schema/cards.schema.json
# Goods and orders in one file.
cards:
  - {id: rush, name: Rush Order, deck: orders, wants: [tea]}
  - id: pepper
    name: "Pepper"
    deck: goods
    count: 2
    cost: 2
  - id: clove
    name: Clove
    deck: goods
    cost: 3
  - {id: feast, name: Feast, deck: orders, wants: [tea, silk]}
`
	if string(out) != want || at != 1 {
		t.Errorf("at %d, got\n%s\nwant\n%s", at, out, want)
	}

	// The deck column may be left out: a game of several decks then gets
	// it written after the name.
	tab = &Table{Header: []string{"id", "name", "cost"}, Rows: []Row{{Num: 2, Cells: []Cell{{Text: "x"}, {Text: "X"}, {Text: "1"}}}}}
	read, _ = Import(twoDecks, tab)
	if got := show(read[0].Node); got != "{id: x, name: X, deck: goods, cost: 1}" && got != "id: x\nname: X\ndeck: goods\ncost: 1" {
		t.Errorf("deck left out: %s", got)
	}
	if !slices.Equal(read[0].Cols, []int{0, 1, -1, 2}) {
		t.Errorf("columns %v", read[0].Cols)
	}
}

// TestImportProblems: a sheet's own problems name their row and column.
func TestImportProblems(t *testing.T) {
	tab := &Table{Header: []string{"id", "name", "", "cost", "name", "deck"}, Rows: []Row{
		{Num: 2, Cells: []Cell{{Text: "a"}, {Text: "A"}, {Text: "stray"}, {Text: "two"}, {}, {Text: "orders"}}},
		{Num: 4, Cells: []Cell{{Text: "b"}, {Text: "B"}, {}, {Text: "1"}, {}, {}, {Text: "beyond"}}},
	}}
	_, probs := Import(twoDecks, tab)
	want := []Problem{
		{Row: 1, Col: 2, Message: "this column has values but no field name in row 1; name the field or delete the column"},
		{Row: 1, Col: 4, Message: "field name has a column already (column B)"},
		{Row: 2, Col: 3, Message: `expected a whole number, found "two"`},
		{Row: 2, Col: 5, Message: `the sheet is read as deck goods, but this card is in deck "orders"; import each deck's rows on their own (--deck)`},
		{Row: 4, Col: 6, Message: "a value beyond the last named column; give the column a field name in row 1"},
	}
	if !slices.Equal(probs, want) {
		t.Errorf("got\n%v\nwant\n%v", probs, want)
	}
}

// TestNewFileAndLocator: a new file holds the cards in block style, a
// blank line between two, and every place in a card maps back to its row
// and column.
func TestNewFileAndLocator(t *testing.T) {
	d := Deck{ID: "main", Only: true, Kinds: map[string]Kind{"id": KindText, "name": KindText, "keywords": KindTextList}}
	tab := &Table{Header: []string{"id", "name", "keywords", "effects"}, Rows: []Row{
		{Num: 2, Cells: []Cell{{Text: "a"}, {Text: "Alpha"}, {Text: "x, y"}, {Text: "[{gain: 1}, {draw: 2, if: {x: y}}]"}}},
		{Num: 3, Cells: []Cell{{Text: "b"}, {Text: "Beta"}}},
	}}
	cards, probs := Import(d, tab)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	out, err := NewFile("# yaml-language-server: $schema=x.json", "Deck main.", cards)
	if err != nil {
		t.Fatal(err)
	}
	want := `# yaml-language-server: $schema=x.json
# Deck main.
cards:
  - id: a
    name: Alpha
    keywords: [x, y]
    effects:
      - {gain: 1}
      - {draw: 2, if: {x: y}}

  - id: b
    name: Beta
`
	if string(out) != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
	loc, err := NewLocator(out, 0, cards)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ line, col, row, column int }{
		{4, 5, 2, -1}, // the card itself
		{4, 9, 2, 0},  // its id's value
		{6, 15, 2, 2}, // a keyword
		{9, 9, 2, 3},  // inside the effects
		{11, 9, 3, 0},
		{12, 11, 3, 1},
	} {
		row, col, ok := loc.Find(tc.line, tc.col)
		if !ok || row != tc.row || col != tc.column {
			t.Errorf("%d:%d: row %d column %d (%v), want row %d column %d", tc.line, tc.col, row, col, ok, tc.row, tc.column)
		}
	}
	if _, _, ok := loc.Find(3, 1); ok {
		t.Error("the cards: key is in no card")
	}
}

func TestListCardFile(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"id: g\nfiles:\n  cards: [a.yaml, \"b.yaml\"] # two\n  layout: l.yaml\n", "id: g\nfiles:\n  cards: [a.yaml, \"b.yaml\", new.yaml] # two\n  layout: l.yaml\n"},
		{"id: g\nfiles:\n  cards:\n    - a.yaml\n    - b.yaml\n  layout: l.yaml\n", "id: g\nfiles:\n  cards:\n    - a.yaml\n    - b.yaml\n    - new.yaml\n  layout: l.yaml\n"},
	} {
		out, shift, err := listCardFile([]byte(tc.in), "new.yaml")
		if err != nil || string(out) != tc.want {
			t.Errorf("got %q (%v), want %q", out, err, tc.want)
			continue
		}
		if strings.Contains(tc.in, "- b.yaml") && (shift(7) != 6 || shift(5) != 5) {
			t.Errorf("block list: line 7 maps to %d, 5 to %d", shift(7), shift(5))
		}
	}
}
