package spreadsheet

import (
	"bytes"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"

	"github.com/xuri/excelize/v2"
)

// hostileBook is a workbook shaped to cost: rows card rows whose only
// value sits in column cols, and a stray value in Excel's last row.
func hostileBook(tb testing.TB, rows, cols int) []byte {
	tb.Helper()
	f := excelize.NewFile()
	defer f.Close()
	sw, _ := f.NewStreamWriter("Sheet1")
	sw.SetRow("A1", []any{"id", "name"})
	for r := 2; r <= rows+1; r++ {
		cell, _ := excelize.CoordinatesToCellName(cols, r)
		sw.SetRow(cell, []any{1})
	}
	sw.SetRow("A1048576", []any{"stray"})
	sw.Flush()
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		tb.Fatal(err)
	}
	return b.Bytes()
}

// TestXLSXFarRowsAndMergedCells: blank rows cost no card row (a value in
// Excel's last row reads, as row 1048576); a merged header leaves the
// columns it covers nameless, which import names.
func TestXLSXFarRowsAndMergedCells(t *testing.T) {
	wb, err := OpenXLSX(hostileBook(t, 3, 2))
	if err != nil {
		t.Fatal(err)
	}
	tab, err := wb.Sheet("Sheet1")
	wb.Close()
	if err != nil {
		t.Fatal(err)
	}
	var nums []int
	for _, r := range tab.Rows {
		nums = append(nums, r.Num)
	}
	if len(nums) != 4 || nums[3] != 1048576 || tab.Rows[3].Cell(0) != "stray" {
		t.Errorf("rows %v", nums)
	}

	f := excelize.NewFile()
	f.SetSheetRow("Sheet1", "A1", &[]any{"name", "Stats"})
	f.MergeCell("Sheet1", "B1", "C1")
	f.SetSheetRow("Sheet1", "A2", &[]any{"Owl", 1, 2})
	var b bytes.Buffer
	f.Write(&b)
	wb, _ = OpenXLSX(b.Bytes())
	tab, err = wb.Sheet("Sheet1")
	wb.Close()
	if err != nil {
		t.Fatal(err)
	}
	d := Deck{ID: "main", Kinds: map[string]Kind{"name": KindText}, Only: true}
	if _, probs := Shape(tab, d, Mapping{}); len(probs) != 1 || probs[0].Col != 2 || !strings.HasPrefix(probs[0].Message, "column C has values but no name in row 1") {
		t.Errorf("a merged header: %v", probs)
	}
}

// TestXLSXTooManyRows: more card rows than a game may have cards stops
// the read, however far apart they are.
func TestXLSXTooManyRows(t *testing.T) {
	wb, err := OpenXLSX(hostileBook(t, MaxRows, 1))
	if err != nil {
		t.Fatal(err)
	}
	defer wb.Close()
	if _, err := wb.Sheet("Sheet1"); err == nil || !strings.Contains(err.Error(), "more than 5000 rows of cards") {
		t.Errorf("got %v", err)
	}
}

// TestXLSXTooManyCells: rows whose one value sits far right count every
// cell up to it, and stop the read at MaxCells.
func TestXLSXTooManyCells(t *testing.T) {
	wb, err := OpenXLSX(hostileBook(t, 1000, MaxColumns))
	if err != nil {
		t.Fatal(err)
	}
	defer wb.Close()
	if _, err := wb.Sheet("Sheet1"); err == nil || !strings.Contains(err.Error(), "more than 500000 cells") {
		t.Errorf("got %v", err)
	}
}

// BenchmarkReadHostileSheet reads the costliest sheet the limits let
// through: 4,999 rows whose one value is in column 100 (the most cells a
// sheet may hold), and a stray value in Excel's last row (a million rows
// down); and one that hits MaxCells with values in column 1,000. It
// reports the peak heap.
func BenchmarkReadHostileSheet(b *testing.B) {
	for _, bc := range []struct {
		name string
		cols int
		ok   bool
	}{{"wide-refused", MaxColumns, false}, {"most-cells", MaxCells / MaxRows, true}} {
		b.Run(bc.name, func(b *testing.B) {
			data := hostileBook(b, MaxRows-1, bc.cols)
			for b.Loop() {
				heap := testutil.WatchHeap()
				wb, err := OpenXLSX(data)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := wb.Sheet("Sheet1"); (err == nil) != bc.ok {
					b.Fatal(err)
				}
				wb.Close()
				b.ReportMetric(float64(heap.End())/(1<<20), "peak-MiB")
			}
		})
	}
}
