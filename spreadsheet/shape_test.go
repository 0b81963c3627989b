package spreadsheet

import (
	"slices"
	"strings"
	"testing"
)

func textRow(num int, cells ...string) Row {
	r := Row{Num: num}
	for _, c := range cells {
		r.Cells = append(r.Cells, Cell{Text: c})
	}
	return r
}

// TestShapeIDsAndCopies: ids are made from names, two cards of one name
// are numbered, repeated rows become one card with its copies, and each
// column still knows its sheet column.
func TestShapeIDsAndCopies(t *testing.T) {
	d := Deck{ID: "main", Kinds: map[string]Kind{"name": KindText, "count": KindInteger, "points": KindInteger}, Only: true}
	tab := &Table{Header: []string{"Card Name", "", "POINTS", "Notes"}, Rows: []Row{
		textRow(2, "Hare", "", "1"),
		textRow(3, "Hare", "", "1", "a copy"),
		textRow(4, "Hare", "", "2"),
		textRow(5, "Élan Vital!", "", "3"),
		textRow(6, "42", "", "3"),
	}}
	got, probs := Shape(tab, d, Mapping{Columns: map[string]string{"cardname": "name"}, Drop: []string{"notes"}})
	if len(probs) != 0 {
		t.Fatalf("problems: %v", probs)
	}
	if want := []string{"id", "name", "points", "count"}; !slices.Equal(got.Header, want) {
		t.Errorf("header %v, want %v", got.Header, want)
	}
	if want := []int{0, 0, 2, -1}; !slices.Equal(got.Cols, want) {
		t.Errorf("sheet columns %v, want %v", got.Cols, want)
	}
	var rows []string
	for _, r := range got.Rows {
		var cells []string
		for _, c := range r.Cells {
			cells = append(cells, c.Text)
		}
		rows = append(rows, strings.Join(cells, "|"))
	}
	want := []string{"hare|Hare|1|2", "hare-2|Hare|2|", "elan-vital|Élan Vital!|3|", "card-42|42|3|"}
	if !slices.Equal(rows, want) {
		t.Errorf("rows\n%v\nwant\n%v", rows, want)
	}
}

// TestShapeNamelessColumn: a column with values and no header is told at
// its first value; an empty one is left out.
func TestShapeNamelessColumn(t *testing.T) {
	d := Deck{ID: "main", Kinds: map[string]Kind{"id": KindText, "name": KindText}, Only: true}
	tab := &Table{Header: []string{"id", "", "name"}, Rows: []Row{textRow(2, "a", "", "A"), textRow(3, "b", "x", "B", "", "beyond")}}
	_, probs := Shape(tab, d, Mapping{})
	want := []Problem{
		{Row: 3, Col: 1, Message: "column B has values but no name in row 1; name its field in row 1, map it (--column) or delete the column"},
		{Row: 3, Col: 4, Message: "column E has values but no name in row 1; name its field in row 1, map it (--column) or delete the column"},
	}
	if !slices.Equal(probs, want) {
		t.Errorf("got %v\nwant %v", probs, want)
	}
}
