package spreadsheet

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"
)

// What excelize's row reader does not tell, read from the worksheet's XML
// in one streaming pass beside it: which cells are booleans and which are
// formulas with no stored result. Asking excelize cell by cell costs a
// scan of the row each time, which a hostile sheet (a thousand columns,
// five thousand rows) turns into minutes.

// cellMarks are the marked cells of one row, by column index.
type cellMarks struct {
	bools map[int]bool
	bare  map[int]string // a formula with no stored result: its text
}

// markReader walks a worksheet's rows in order.
type markReader struct {
	dec   *xml.Decoder
	next  int // the row number of the row read ahead, 0: none
	ahead cellMarks
	done  bool
}

// newMarkReader opens the worksheet part of the sheet named in the XLSX
// file data; its parts may unpack to at most maxUnzipped bytes.
func newMarkReader(data []byte, sheetName string) (*markReader, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	part, err := sheetPart(zr, sheetName)
	if err != nil {
		return nil, err
	}
	f, err := zr.Open(part)
	if err != nil {
		return nil, err
	}
	return &markReader{dec: xml.NewDecoder(io.LimitReader(f, maxUnzipped))}, nil
}

// sheetPart is the zip path of the worksheet named name: the workbook
// names its sheets with relationship ids, which its relationships part
// maps to files.
func sheetPart(zr *zip.Reader, name string) (string, error) {
	var wb struct {
		Sheets []struct {
			Name string `xml:"name,attr"`
			RID  string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
		} `xml:"sheets>sheet"`
	}
	var rels struct {
		Rels []struct {
			ID     string `xml:"Id,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	if err := readPart(zr, "xl/workbook.xml", &wb); err != nil {
		return "", err
	}
	if err := readPart(zr, "xl/_rels/workbook.xml.rels", &rels); err != nil {
		return "", err
	}
	for _, s := range wb.Sheets {
		if s.Name != name {
			continue
		}
		for _, r := range rels.Rels {
			if r.ID == s.RID {
				if strings.HasPrefix(r.Target, "/") {
					return strings.TrimPrefix(r.Target, "/"), nil
				}
				return path.Join("xl", r.Target), nil
			}
		}
	}
	return "", fmt.Errorf("no worksheet part for sheet %q", name)
}

func readPart(zr *zip.Reader, name string, v any) error {
	f, err := zr.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	return xml.NewDecoder(io.LimitReader(f, maxUnzipped)).Decode(v)
}

// marks is the marked cells of row num (rows are asked in order).
func (m *markReader) marks(num int) cellMarks {
	for !m.done && (m.next == 0 || m.next < num) {
		m.readRow()
	}
	if m.next == num {
		return m.ahead
	}
	return cellMarks{}
}

// readRow reads the next <row> element ahead.
func (m *markReader) readRow() {
	m.next, m.ahead = 0, cellMarks{}
	var col, rowNum int
	var isBool, hasF, hasV bool
	var formula strings.Builder
	var in string
	for {
		tok, err := m.dec.Token()
		if err != nil {
			m.done = true
			return
		}
		switch el := tok.(type) {
		case xml.StartElement:
			switch el.Name.Local {
			case "row":
				rowNum++
				if r, err := strconv.Atoi(attr(el, "r")); err == nil {
					rowNum = r
				} else if m.next > 0 {
					rowNum = m.next + 1
				}
				m.next = rowNum
				col = -1
			case "c":
				col++
				if c, _, err := cellCoords(attr(el, "r")); err == nil {
					col = c
				}
				isBool, hasF, hasV = attr(el, "t") == "b", false, false
				formula.Reset()
			case "f":
				hasF = true
			case "v", "is":
				hasV = true
			}
			in = el.Name.Local
		case xml.CharData:
			if in == "f" && formula.Len() < maxCell {
				formula.Write(el)
			}
		case xml.EndElement:
			in = ""
			switch el.Name.Local {
			case "c":
				m.mark(col, isBool && hasV, hasF && !hasV, formula.String())
			case "row":
				return
			case "sheetData":
				m.done = true
				return
			}
		}
	}
}

func (m *markReader) mark(col int, isBool, bare bool, formula string) {
	switch {
	case isBool:
		if m.ahead.bools == nil {
			m.ahead.bools = map[int]bool{}
		}
		m.ahead.bools[col] = true
	case bare:
		if m.ahead.bare == nil {
			m.ahead.bare = map[int]string{}
		}
		m.ahead.bare[col] = formula
	}
}

func attr(el xml.StartElement, name string) string {
	for _, a := range el.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

// cellCoords reads "AB12" as column index 27 (0-based) and row 12.
func cellCoords(ref string) (col, row int, err error) {
	i := 0
	for i < len(ref) && ref[i] >= 'A' && ref[i] <= 'Z' {
		col = col*26 + int(ref[i]-'A') + 1
		if col > 1<<20 {
			return 0, 0, errors.New("column out of range")
		}
		i++
	}
	if i == 0 {
		return 0, 0, errors.New("no column")
	}
	row, err = strconv.Atoi(ref[i:])
	return col - 1, row, err
}
