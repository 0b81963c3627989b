package spreadsheet

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/internal/slug"

	"go.yaml.in/yaml/v3"
)

// Mapping says how a sheet written in the designer's own words names the
// fields: header → field, and the columns to leave out. Headers match
// whatever their case and spaces ("Card Name", "card_name" and
// "CARDNAME" are one).
type Mapping struct {
	Columns map[string]string `yaml:"columns" json:"columns,omitempty"`
	Drop    []string          `yaml:"drop" json:"drop,omitempty"`
}

// ParseMapping reads a mapping file: columns: {Card Name: name} and
// drop: [Notes], nothing else.
func ParseMapping(data []byte) (Mapping, error) {
	var m Mapping
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := safeDecode(dec, &m); err != nil && !errors.Is(err, io.EOF) {
		return m, fmt.Errorf("%s (write columns: {Card Name: name} and drop: [Notes])", oneLine(err.Error()))
	}
	for h, f := range m.Columns {
		if HeaderKey(h) == "" || strings.TrimSpace(f) == "" {
			return m, fmt.Errorf("columns: %q: %q: a header and a field name, neither empty", h, f)
		}
	}
	return m, nil
}

func safeDecode(dec *yaml.Decoder, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("cannot parse YAML: %v", r)
		}
	}()
	return dec.Decode(v)
}

// HeaderKey is a header as mappings match it: lowercase, without spaces,
// underscores and hyphens.
func HeaderKey(h string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '_', '-', '\t', '\u00a0':
			return -1
		}
		return r
	}, strings.ToLower(strings.TrimSpace(h)))
}

// maxID is the longest card id (card.schema.json).
const maxID = 64

// Shape reads a sheet as the designer keeps it into the fields of deck d:
// each header named by the mapping or, whatever its case and spaces, by a
// field the deck knows (Points is points); dropped and empty nameless
// columns left out; a nameless column with values refused. Without an id
// column, ids are made from the names (clashes numbered: hare, hare-2),
// and rows that repeat one card are folded into one with their copies in
// count. The result keeps, for each of its columns, the sheet column it
// came from (Table.Cols), so problems are still told where the designer
// sees them.
func Shape(t *Table, d Deck, m Mapping) (*Table, []Problem) {
	var probs []Problem
	known := map[string]string{}
	for f := range d.Kinds {
		known[HeaderKey(f)] = f
	}
	for h, f := range m.Columns {
		known[HeaderKey(h)] = f
	}
	drop := map[string]bool{}
	for _, h := range m.Drop {
		drop[HeaderKey(h)] = true
	}
	width := len(t.Header)
	for _, r := range t.Rows {
		width = max(width, len(r.Cells))
	}
	out := &Table{Name: t.Name, Orig: t.Header}
	for i := range width {
		h := ""
		if i < len(t.Header) {
			h = strings.TrimSpace(t.Header[i])
		}
		key := HeaderKey(h)
		switch {
		case key == "" && h == "":
			if r, ok := firstValue(t, i); ok {
				probs = append(probs, Problem{Row: r, Col: i, Message: fmt.Sprintf("column %s has values but no name in row 1; name its field in row 1, map it (--column) or delete the column", ColumnName(i))})
			}
			continue
		case drop[key]:
			continue
		case known[key] != "":
			h = known[key]
		}
		out.Header = append(out.Header, h)
		out.Cols = append(out.Cols, i)
	}
	for _, r := range t.Rows {
		cells := make([]Cell, len(out.Cols))
		for j, i := range out.Cols {
			if i < len(r.Cells) {
				cells[j] = r.Cells[i]
			}
		}
		out.Rows = append(out.Rows, Row{Num: r.Num, Cells: cells})
	}
	made := makeIDs(out)
	fold(out)
	if made {
		numberClashes(out)
	}
	return out, probs
}

// firstValue is the first row with a value in column i.
func firstValue(t *Table, i int) (int, bool) {
	for _, r := range t.Rows {
		if strings.TrimSpace(r.Cell(i)) != "" {
			return r.Num, true
		}
	}
	return 0, false
}

// column is the index of field in t's header, or -1.
func (t *Table) column(field string) int { return slices.Index(t.Header, field) }

// makeIDs puts an id column first when the sheet has names but no ids: a
// card's id is its name's slug (a name with no letter gets card-ROW). Its
// cells come from the name column, where problems with them are told.
func makeIDs(t *Table) bool {
	name := t.column("name")
	if t.column("id") >= 0 || name < 0 {
		return false
	}
	t.Header = slices.Insert(t.Header, 0, "id")
	t.Cols = slices.Insert(t.Cols, 0, t.Cols[name])
	for k := range t.Rows {
		r := &t.Rows[k]
		id := slug.Make(r.Cell(name), maxID)
		if id == "" || id[0] < 'a' || id[0] > 'z' {
			id = strings.TrimRight(slug.Make("card "+id, maxID), "-")
		}
		if strings.TrimSpace(r.Cell(name)) == "" {
			id = "" // no name: the card is told to need one
		}
		r.Cells = slices.Insert(r.Cells, 0, Cell{Text: id})
	}
	return true
}

// fold makes rows that repeat a card (every cell but count the same) one
// card whose count is their copies together (a row without a count is one
// copy). The first row stands for them. A count that is not a whole
// number stops its row from folding, so its cell is told as it is.
func fold(t *Table) {
	count := t.column("count")
	first := map[string]int{} // row key: index in rows
	copies := map[int]int{}
	var rows []Row
	for _, r := range t.Rows {
		n := 1
		if c := strings.TrimSpace(r.Cell(count)); count >= 0 && c != "" {
			v, err := strconv.Atoi(c)
			if err != nil || v < 1 {
				rows = append(rows, r)
				continue
			}
			n = v
		}
		key := rowKey(r, count)
		if j, ok := first[key]; ok {
			copies[j] += n
			continue
		}
		first[key] = len(rows)
		copies[len(rows)] = n
		rows = append(rows, r)
	}
	if len(rows) == len(t.Rows) {
		return
	}
	if count < 0 {
		t.Header = append(t.Header, "count")
		t.Cols = append(t.Cols, -1) // made: told at the row
		count = len(t.Header) - 1
	}
	for j := range rows {
		n, ok := copies[j]
		if !ok {
			continue
		}
		cells := slices.Clone(rows[j].Cells)
		for len(cells) <= count {
			cells = append(cells, Cell{})
		}
		if n > 1 || strings.TrimSpace(cells[count].Text) != "" {
			cells[count] = Cell{Text: strconv.Itoa(n), Type: CellNumber}
		}
		rows[j].Cells = cells
	}
	t.Rows = rows
}

// rowKey is what two rows of one card share: every cell but the count.
func rowKey(r Row, count int) string {
	var cells []string
	for i, c := range r.Cells {
		if i != count {
			cells = append(cells, strings.TrimSpace(c.Text))
		}
	}
	for len(cells) > 0 && cells[len(cells)-1] == "" {
		cells = cells[:len(cells)-1] // a row that stops early is the same
	}
	return strings.Join(cells, "\x00")
}

// numberClashes gives the second card with a made id id-2, the third
// id-3: different cards with one name (copies were folded before).
func numberClashes(t *Table) {
	seen := map[string]int{}
	for k := range t.Rows {
		id := t.Rows[k].Cells[0].Text
		if id == "" {
			continue
		}
		seen[id]++
		if n := seen[id]; n > 1 {
			alt := fmt.Sprintf("%s-%d", id, n)
			for seen[alt] > 0 {
				n++
				alt = fmt.Sprintf("%s-%d", id, n)
			}
			seen[alt]++
			t.Rows[k].Cells[0].Text = alt
		}
	}
}
