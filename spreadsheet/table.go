package spreadsheet

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
)

// Table is one sheet: field names in the header row, then a row per card.
type Table struct {
	Name   string // the XLSX sheet's name; "" for CSV
	Header []string
	Rows   []Row
	// Cols is, for a table Shape made, the sheet column each of its
	// columns came from (-1: made, such as a count of folded rows), and
	// Orig the sheet's own header row; nil for a sheet as read.
	Cols []int
	Orig []string

	cells int // read so far, for MaxCells
}

// Col is the sheet column of column i of t, -1 for one that Shape made.
func (t *Table) Col(i int) int {
	if t.Cols == nil || i < 0 {
		return i
	}
	if i >= len(t.Cols) {
		return -1
	}
	return t.Cols[i]
}

// HeaderOf is the sheet's own header of sheet column i, "" for none.
func (t *Table) HeaderOf(i int) string {
	h := t.Header
	if t.Orig != nil {
		h = t.Orig
	}
	if i >= 0 && i < len(h) {
		return h[i]
	}
	return ""
}

// Row is one row under the header, with its number as a spreadsheet shows
// it (the header is row 1).
type Row struct {
	Num   int
	Cells []Cell
}

// Cell returns the text of column i, "" past the row's end (or for -1,
// no column).
func (r Row) Cell(i int) string {
	if i >= 0 && i < len(r.Cells) {
		return r.Cells[i].Text
	}
	return ""
}

// blank reports whether every cell of the row is empty or spaces.
func (r Row) blank() bool {
	for _, c := range r.Cells {
		if strings.TrimSpace(c.Text) != "" {
			return false
		}
	}
	return true
}

// Limits of what is read, so that a sheet costs what a game may: no more
// rows than a game has cards, no more columns than a YAML mapping may
// have keys (source.MaxKeys), and files of bounded size.
const (
	MaxRows    = 5000 // gamedata.MaxCards
	MaxColumns = 1000
	// MaxCells bounds the cells of a sheet's rows together (each row
	// counted to its last value): far more than a game's cards fill
	// (5,000 cards of 100 fields), far less than rows × columns, whose
	// cells would take gigabytes.
	MaxCells = 500_000
	// MaxCSVBytes bounds a CSV file: the most a whole game's YAML may be.
	MaxCSVBytes = 4 << 20
	// MaxXLSXBytes bounds an XLSX file as stored, maxUnzipped what its
	// parts may unpack to (a zip bomb stops there).
	MaxXLSXBytes = 8 << 20
	maxUnzipped  = 64 << 20
)

// ColumnName is the spreadsheet's letter name of column i (0: A, 26: AA).
func ColumnName(i int) string {
	name := ""
	for i++; i > 0; i = (i - 1) / 26 {
		name = string(rune('A'+(i-1)%26)) + name
	}
	return name
}

// --- CSV -----------------------------------------------------------------

// WriteCSV writes t as RFC 4180 CSV in UTF-8, without a byte order mark,
// with \n line ends.
func WriteCSV(t *Table) ([]byte, error) {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	header := make([]string, len(t.Header))
	for i, h := range t.Header {
		header[i] = defuse(Cell{Text: h})
	}
	if err := w.Write(header); err != nil {
		return nil, err
	}
	for _, r := range t.Rows {
		rec := make([]string, len(t.Header))
		for i := range rec {
			if i < len(r.Cells) {
				rec[i] = defuse(r.Cells[i])
			}
		}
		if err := w.Write(rec); err != nil {
			return nil, err
		}
	}
	w.Flush()
	return b.Bytes(), w.Error()
}

// Formula injection (OWASP's "CSV injection"): a spreadsheet that opens a
// CSV file runs a cell beginning with =, +, -, @, a tab or a carriage
// return as a formula, so card text such as `=HYPERLINK("http://…?"&A1)`
// from a pull request would run on the designer's computer. WriteCSV
// writes such a cell with an apostrophe in front, which every spreadsheet
// takes as "this cell is text"; ReadCSV takes one apostrophe off again.
// A text that itself begins with apostrophes before such a character gets
// one more, so the round trip stays exact. A number cell (-3) is a number
// to every spreadsheet and is left alone. XLSX needs none of this: its
// text cells are stored as strings, never as formulas.
const formulaStarts = "=+-@\t\r"

// defuse is c's text as a CSV cell a spreadsheet cannot run.
func defuse(c Cell) string {
	if c.Type == CellNumber || !startsFormula(c.Text) {
		return c.Text
	}
	return "'" + c.Text
}

// restore is the text of a CSV cell written by defuse.
func restore(s string) string {
	if strings.HasPrefix(s, "'") && startsFormula(s) {
		return s[1:]
	}
	return s
}

// startsFormula reports whether s, after any apostrophes, begins with a
// character that starts a formula.
func startsFormula(s string) bool {
	rest := strings.TrimLeft(s, "'")
	return rest != "" && strings.ContainsRune(formulaStarts, rune(rest[0]))
}

// ReadCSV reads a CSV file: the first record is the header. A byte order
// mark (spreadsheets' "CSV UTF-8") is skipped; records may differ in
// length. Errors say where, as a row of the sheet.
func ReadCSV(data []byte) (*Table, error) {
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	if !utf8.Valid(data) {
		return nil, errors.New("not UTF-8 text: save the sheet as \"CSV UTF-8\"")
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	t := &Table{}
	// Rows are numbered as a spreadsheet shows the file: a record is a row
	// (whatever line breaks its quoted cells hold), and so is a blank line,
	// which the reader skips.
	num, lastLine, read := 0, 0, int64(0)
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			return finish(t)
		}
		if err != nil {
			var perr *csv.ParseError
			if errors.As(err, &perr) {
				return nil, fmt.Errorf("row %d (line %d): %s", num+1+max(0, perr.StartLine-lastLine-1), perr.Line, perr.Err)
			}
			return nil, err
		}
		start, _ := r.FieldPos(0)
		num += 1 + max(0, start-lastLine-1)
		off := r.InputOffset()
		lastLine += bytes.Count(data[read:off], []byte("\n"))
		read = off
		if off == int64(len(data)) && !bytes.HasSuffix(data, []byte("\n")) {
			lastLine++
		}
		cells := make([]Cell, len(rec))
		for i, s := range rec {
			cells[i] = Cell{Text: restore(s)}
		}
		if err := t.add(num, cells); err != nil {
			return nil, err
		}
	}
}

// add takes row num of a sheet being read: the header, then the rows.
func (t *Table) add(num int, cells []Cell) error {
	if len(cells) > MaxColumns {
		return fmt.Errorf("row %d has %d cells, more than the %d columns a sheet may have", num, len(cells), MaxColumns)
	}
	if t.Header == nil {
		t.Header = make([]string, len(cells))
		for i, c := range cells {
			t.Header[i] = strings.TrimSpace(c.Text)
		}
		return nil
	}
	if len(t.Rows) == MaxRows {
		return fmt.Errorf("more than %d rows of cards; a game has at most %d cards", MaxRows, MaxRows)
	}
	if t.cells += len(cells); t.cells > MaxCells {
		return fmt.Errorf("row %d: more than %d cells in the sheet's rows; delete the columns and rows that hold no cards", num, MaxCells)
	}
	t.Rows = append(t.Rows, Row{Num: num, Cells: cells})
	return nil
}

// finish drops blank rows (spreadsheets leave them) and checks the sheet
// has a header.
func finish(t *Table) (*Table, error) {
	if len(t.Header) == 0 || strings.Join(t.Header, "") == "" {
		return nil, errors.New("row 1 is empty: the first row names the fields (id, name, ...)")
	}
	rows := t.Rows[:0]
	for _, r := range t.Rows {
		if !r.blank() {
			rows = append(rows, r)
		}
	}
	t.Rows = rows
	return t, nil
}

// --- XLSX ----------------------------------------------------------------

// SheetName is the XLSX sheet a deck goes to: its id, cut to the 31
// characters a sheet name may have (deck ids use no character a sheet
// name may not).
func SheetName(deck string) string {
	if len(deck) > 31 {
		return deck[:31]
	}
	return deck
}

// WriteXLSX writes the tables as the sheets of one workbook, in order: the
// header row bold and frozen, numbers as numbers, true/false as booleans,
// everything else as text.
func WriteXLSX(tables []*Table) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return nil, err
	}
	for i, t := range tables {
		if i == 0 {
			if err := f.SetSheetName(f.GetSheetName(0), t.Name); err != nil {
				return nil, err
			}
		} else if _, err := f.NewSheet(t.Name); err != nil {
			return nil, err
		}
		if err := writeSheet(f, t, bold); err != nil {
			return nil, fmt.Errorf("sheet %q: %w", t.Name, err)
		}
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func writeSheet(f *excelize.File, t *Table, bold int) error {
	widths := make([]int, len(t.Header))
	for i, h := range t.Header {
		ref := ColumnName(i) + "1"
		if err := f.SetCellStr(t.Name, ref, h); err != nil {
			return err
		}
		widths[i] = utf8.RuneCountInString(h) + 2
	}
	if len(t.Header) > 0 {
		if err := f.SetCellStyle(t.Name, "A1", ColumnName(len(t.Header)-1)+"1", bold); err != nil {
			return err
		}
		if err := f.SetPanes(t.Name, &excelize.Panes{Freeze: true, YSplit: 1, TopLeftCell: "A2", ActivePane: "bottomLeft"}); err != nil {
			return err
		}
	}
	for _, r := range t.Rows {
		for i := range t.Header {
			if i >= len(r.Cells) || r.Cells[i].Text == "" {
				continue
			}
			c := r.Cells[i]
			ref := ColumnName(i) + strconv.Itoa(r.Num)
			var err error
			switch c.Type {
			case CellNumber:
				v, perr := strconv.ParseFloat(c.Text, 64)
				if perr != nil {
					return perr
				}
				err = f.SetCellFloat(t.Name, ref, v, -1, 64)
			case CellBool:
				err = f.SetCellBool(t.Name, ref, strings.EqualFold(c.Text, "true"))
			default:
				err = f.SetCellStr(t.Name, ref, c.Text)
			}
			if err != nil {
				return err
			}
			widths[i] = max(widths[i], min(utf8.RuneCountInString(c.Text)+2, 60))
		}
	}
	for i, w := range widths {
		col := ColumnName(i)
		if err := f.SetColWidth(t.Name, col, col, float64(w)); err != nil {
			return err
		}
	}
	return nil
}

// OpenXLSX opens a workbook for reading; Close it when done. Its parts
// may unpack to at most maxUnzipped bytes, all in memory.
func OpenXLSX(data []byte) (*Workbook, error) {
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{
		RawCellValue:      true,
		UnzipSizeLimit:    maxUnzipped,
		UnzipXMLSizeLimit: maxUnzipped,
	})
	if err != nil {
		return nil, fmt.Errorf("not a readable XLSX workbook: %s", oneLine(err.Error()))
	}
	return &Workbook{f: f, data: data}, nil
}

// Workbook is an XLSX file open for reading.
type Workbook struct {
	f    *excelize.File
	data []byte
}

func (w *Workbook) Close() error { return w.f.Close() }

// Sheets lists the sheet names in order.
func (w *Workbook) Sheets() []string { return w.f.GetSheetList() }

// Sheet reads one sheet. Cells are read as stored, not as formatted: a
// number as its digits, a boolean as true or false, a formula as its last
// computed value. A number the spreadsheet shows as a date, a time or a
// percentage is read as it shows (2-Jan, 25%), never as its serial number
// (45413): the cell then says what it was (Cell.Shown). A formula with no
// stored result is marked (Cell.Formula) for the import to refuse.
// Blank rows cost no row of the MaxRows a sheet may have, so a sheet
// formatted down to Excel's last row still reads. The sheet is read in
// streaming passes side by side (stored values, shown values, marks), so
// time grows with the file, whatever its shape.
func (w *Workbook) Sheet(name string) (t *Table, err error) {
	// The reader is third-party code fed a file from anywhere: a panic in
	// it is an unreadable file, not a crash.
	defer func() {
		if r := recover(); r != nil {
			t, err = nil, fmt.Errorf("sheet %q cannot be read: %v", name, r)
		}
	}()
	cannot := func(err error) error { return fmt.Errorf("sheet %q cannot be read: %s", name, oneLine(err.Error())) }
	raw, err := w.f.Rows(name)
	if err != nil {
		return nil, cannot(err)
	}
	defer raw.Close()
	shown, err := w.f.Rows(name)
	if err != nil {
		return nil, cannot(err)
	}
	defer shown.Close()
	marks, err := newMarkReader(w.data, name)
	if err != nil {
		return nil, cannot(err)
	}
	t = &Table{Name: name}
	for num := 1; raw.Next() && shown.Next(); num++ {
		cols, err := raw.Columns(excelize.Options{RawCellValue: true})
		if err != nil {
			return nil, fmt.Errorf("row %d cannot be read: %s", num, oneLine(err.Error()))
		}
		seen, err := shown.Columns(excelize.Options{RawCellValue: false})
		if err != nil {
			return nil, fmt.Errorf("row %d cannot be read: %s", num, oneLine(err.Error()))
		}
		if len(cols) > MaxColumns {
			return nil, fmt.Errorf("row %d has %d cells, more than the %d columns a sheet may have", num, len(cols), MaxColumns)
		}
		m := marks.marks(num)
		cells := make([]Cell, max(len(cols), maxKey(m.bare)+1))
		for i := range cells {
			cells[i] = readCell(i, cols, seen, m)
		}
		if t.Header != nil && (Row{Cells: cells}).blank() && len(m.bare) == 0 {
			continue
		}
		if err := t.add(num, cells); err != nil {
			return nil, err
		}
	}
	for _, err := range []error{raw.Error(), shown.Error()} {
		if err != nil {
			return nil, cannot(err)
		}
	}
	if t.Header == nil {
		t.Header = []string{}
	}
	return finish(t)
}

func maxKey(m map[int]string) int {
	k := -1
	for i := range m {
		k = max(k, i)
	}
	return min(k, MaxColumns)
}

// readCell is cell i of a row: its stored value, what the spreadsheet
// shows of it, and its marks.
func readCell(i int, stored, seen []string, m cellMarks) Cell {
	if f, ok := m.bare[i]; ok {
		return Cell{Formula: "=" + f}
	}
	s := ""
	if i < len(stored) {
		s = stored[i]
	}
	if m.bools[i] && (s == "0" || s == "1") {
		return Cell{Text: strconv.FormatBool(s == "1"), Type: CellBool}
	}
	if i < len(seen) {
		if what := shownAs(s, seen[i]); what != "" {
			return Cell{Text: strings.TrimSpace(seen[i]), Shown: what, Stored: s}
		}
	}
	return Cell{Text: s}
}

// shownAs says what a number shows as when its shown text is not a
// number: "percentage" (25%), "time" (12:30), "date" (2-Jan, 1/2/24);
// "" when it is the number itself, rounded or with a currency sign
// (read as stored, so no value changes).
func shownAs(stored, shown string) string {
	s := strings.TrimSpace(shown)
	if s == stored || s == "" {
		return ""
	}
	if _, err := strconv.ParseFloat(stored, 64); err != nil {
		return ""
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return ""
	}
	switch {
	case strings.HasSuffix(s, "%"):
		return "percentage"
	case strings.Contains(s, ":") && !strings.ContainsAny(s, "/-"):
		return "time"
	case strings.ContainsAny(s, "/-") || strings.IndexFunc(s, unicode.IsLetter) >= 0:
		return "date"
	}
	return ""
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
