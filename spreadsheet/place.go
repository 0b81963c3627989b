package spreadsheet

import (
	"fmt"
	"strconv"
	"strings"
)

// Place names rows and a column of the sheet read from file:
// `cards.xlsx: sheet "main", row 5, column C (points)`, or `rows 2-4, 9`.
func Place(file string, t *Table, rows []int, col int) string {
	s := file + ": "
	if t.Name != "" {
		s += fmt.Sprintf("sheet %q, ", t.Name)
	}
	s += rowRanges(rows)
	if col >= 0 {
		s += ", column " + ColumnName(col)
		if h := t.HeaderOf(col); h != "" {
			s += " (" + h + ")"
		}
	}
	return s
}

// rowRanges writes row numbers (ascending) as "row 5" or "rows 2-4, 9".
func rowRanges(rows []int) string {
	if len(rows) == 1 {
		return "row " + strconv.Itoa(rows[0])
	}
	var parts []string
	for i := 0; i < len(rows); {
		j := i
		for j+1 < len(rows) && rows[j+1] == rows[j]+1 {
			j++
		}
		part := strconv.Itoa(rows[i])
		if j > i {
			part += "-" + strconv.Itoa(rows[j])
		}
		parts = append(parts, part)
		i = j + 1
	}
	return "rows " + strings.Join(parts, ", ")
}
