package spreadsheet

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// node parses one YAML value.
func node(t *testing.T, src string) *yaml.Node {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte("v: "+src), &doc); err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return doc.Content[0].Content[1]
}

// TestCellFormsRoundTrip writes values of every column kind to a cell and
// reads them back: the value must be the same data, and writing it again
// the same cell.
func TestCellFormsRoundTrip(t *testing.T) {
	texts := []string{
		`plain words`, `"a, b and c"`, `"  surrounded by spaces  "`, `""`, `"\"quoted\" at the start"`,
		`"5"`, `"true"`, `"null"`, `"~"`, `"[not a list]"`, `"{not a map}"`, `"two\nlines"`, `"Note: a colon"`,
		`"# not a comment"`, `ünïcödé — dash ★`, `"tab\tinside"`, `"- dash first"`, `"&anchor"`, `"*alias"`,
		`"!tag"`, `"%percent"`, `"@at"`, "\"`backtick\"", `"a \\ backslash"`, `"'single'"`, `"yes"`, `"0x1F"`,
	}
	cases := map[Kind][]string{
		KindText:        texts,
		KindYAML:        append(slices.Clone(texts), `5`, `1.50`, `-0`, `0x1F`, `1e3`, `true`, `True`, `false`, `null`, `~`, `[a, "b, c"]`, `{a: 1, b: [x, y]}`, `[{phase: B, gain: 9, if: {not: vault}}, {draw: 1}]`, `[]`, `{}`, `[[stealth], [muscle, charm]]`, `{"key: with colon": "#x", "5": "[y]"}`, `["", " ", "a # b"]`),
		KindTextList:    {`[a, b]`, `["a, b", c]`, `["", x]`, `[" x"]`, `["[x"]`, `["\"q"]`, `["5", "true"]`, `[]`, `[one]`, `["two\nlines"]`},
		KindIntegerList: {`[3, 4, 5]`, `[]`, `[7]`, `[-1, 0x10]`},
		KindInteger:     {`5`, `-3`, `0`, `0x10`, `+7`},
		KindNumber:      {`1.5`, `1e3`, `2`, `-0.25`, `1.50`},
		KindBoolean:     {`true`, `false`, `True`, `FALSE`},
	}
	for kind, values := range cases {
		for _, src := range values {
			n := node(t, src)
			c, err := cellOf(kind, n)
			if err != nil {
				t.Errorf("kind %d %s: %v", kind, src, err)
				continue
			}
			if c.Text == "" {
				t.Errorf("kind %d %s: empty cell, which reads as no value", kind, src)
				continue
			}
			back, msg := valueOf(kind, c.Text)
			if msg != "" {
				t.Errorf("kind %d %s: cell %q does not read back: %s", kind, src, c.Text, msg)
				continue
			}
			if !equalValue(n, back) {
				t.Errorf("kind %d %s: cell %q reads back as %s", kind, src, c.Text, show(back))
			}
			if again, _ := cellOf(kind, back); again != c {
				t.Errorf("kind %d %s: cell %q, then %q", kind, src, c.Text, again.Text)
			}
		}
	}
}

func show(n *yaml.Node) string {
	b, _ := yaml.Marshal(n)
	return strings.TrimSpace(string(b))
}

// TestCellForms pins the documented forms (docs/spreadsheets.md).
func TestCellForms(t *testing.T) {
	for _, tc := range []struct {
		kind Kind
		src  string
		cell string
		typ  CellType
	}{
		{KindTextList, `[heist, vault]`, `heist, vault`, CellText},
		{KindIntegerList, `[3, 4, 5]`, `3, 4, 5`, CellText},
		{KindTextList, `["salt, pepper", tea]`, `"salt, pepper", tea`, CellText},
		{KindTextList, `[]`, `[]`, CellText},
		{KindText, `Ten minutes, four bags, no heroes.`, `Ten minutes, four bags, no heroes.`, CellText},
		{KindText, `"1984"`, `1984`, CellText},
		{KindYAML, `"1984"`, `"1984"`, CellText},
		{KindYAML, `A`, `A`, CellText},
		{KindText, `""`, `""`, CellText},
		{KindInteger, `4`, `4`, CellNumber},
		{KindNumber, `1.50`, `1.50`, CellText}, // as written; a spreadsheet number would lose the 0
		{KindBoolean, `true`, `true`, CellBool},
		{KindYAML, `[{phase: B, gain: 9, if: {not_revealed_by_other: vault}}, {phase: B, take_heat: 2}]`,
			`[{phase: B, gain: 9, if: {not_revealed_by_other: vault}}, {phase: B, take_heat: 2}]`, CellText},
		{KindYAML, "{stealth: 5, tech: 2}", `{stealth: 5, tech: 2}`, CellText},
		{KindYAML, "{title: \"The Gilded Opera\", take: 3}", `{title: The Gilded Opera, take: 3}`, CellText},
		{KindYAML, "[\"a: b\", \"c, d\"]", `["a: b", "c, d"]`, CellText},
		{KindYAML, "\n  - {flip: 1}\n  - {add: 1}", `[{flip: 1}, {add: 1}]`, CellText},
	} {
		c, err := cellOf(tc.kind, node(t, tc.src))
		if err != nil || c.Text != tc.cell || c.Type != tc.typ {
			t.Errorf("%s as kind %d: got %q (type %d, %v), want %q (type %d)", tc.src, tc.kind, c.Text, c.Type, err, tc.cell, tc.typ)
		}
	}
}

// TestCellProblems: what a cell cannot hold is said, naming the value.
func TestCellProblems(t *testing.T) {
	for _, tc := range []struct {
		kind Kind
		cell string
		want string
	}{
		{KindInteger, "two", `expected a whole number, found "two"`},
		{KindInteger, "2.5", `expected a whole number, found "2.5"`},
		{KindNumber, "many", `expected a number, found "many"`},
		{KindNumber, ".inf", `expected a number, found ".inf"`},
		{KindBoolean, "yes", `expected true or false, found "yes"`},
		{KindIntegerList, "3, four", `expected whole numbers separated by commas, found "3, four"`},
		{KindTextList, "a,,b", `an empty value in the list "a,,b"`},
		{KindTextList, "a, b,", `an empty value in the list "a, b,"`},
		{KindTextList, `"a, b`, `a quoted value is not closed`},
		{KindTextList, `"a" b`, `expected a comma after the quoted value "a"`},
		{KindTextList, `[a, [b]]`, `expected values separated by commas`},
		{KindYAML, `[a, b`, `read as a YAML flow value`},
		{KindYAML, `{a: &x 1, b: *x}`, `anchors and aliases`},
		{KindYAML, `[!!binary aGk=]`, `tags (!!binary) are not allowed`},
		{KindYAML, `{a: 1} # note`, `comments (#) are not allowed`},
		{KindText, strings.Repeat("x", maxCell+1), "more than the"},
	} {
		_, msg := valueOf(tc.kind, tc.cell)
		if !strings.Contains(msg, tc.want) {
			t.Errorf("kind %d %q: got %q, want %q", tc.kind, tc.cell, msg, tc.want)
		}
	}
	// Leniency: a list may be written in flow form, a boolean in any case
	// YAML knows, and a text cell is trimmed.
	for _, tc := range []struct {
		kind       Kind
		cell, want string
	}{
		{KindTextList, "[a, b]", "[a, b]"},
		{KindBoolean, "TRUE", "TRUE"},
		{KindText, "  Hare  ", "Hare"},
		{KindText, `"Quote," she said.`, `'"Quote," she said.'`}, // not one quoted text: as it is
		{KindYAML, "Note: x", "'Note: x'"},
	} {
		n, msg := valueOf(tc.kind, tc.cell)
		if msg != "" || show(n) != tc.want {
			t.Errorf("kind %d %q: got %s (%s), want %s", tc.kind, tc.cell, show(n), msg, tc.want)
		}
	}
}

// TestColumnOrder: each card's field order is kept, and the order the
// sheet's own rows give back is the sheet's.
func TestColumnOrder(t *testing.T) {
	got := columnOrder([][]string{
		{"id", "name", "keywords", "players", "flavor", "effects"},
		{"id", "name", "count", "keywords", "players", "flavor", "effects"},
	})
	want := []string{"id", "name", "count", "keywords", "players", "flavor", "effects"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	r := rand.New(rand.NewPCG(1, 2))
	fields := []string{"a", "b", "c", "d", "e", "f", "g", "h"}
	for range 2000 {
		// Cards whose fields follow one hidden order, each holding some.
		order := slices.Clone(fields)
		r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		var cards [][]string
		for range 1 + r.IntN(5) {
			var keys []string
			for _, f := range order {
				if r.IntN(2) == 0 {
					keys = append(keys, f)
				}
			}
			cards = append(cards, keys)
		}
		cols := columnOrder(cards)
		// Import writes each card's fields in column order.
		sorted := make([][]string, len(cards))
		for i, keys := range cards {
			sorted[i] = slices.Clone(keys)
			slices.SortFunc(sorted[i], func(a, b string) int { return slices.Index(cols, a) - slices.Index(cols, b) })
			if !slices.Equal(sorted[i], keys) {
				t.Fatalf("columns %v do not keep card %v", cols, keys)
			}
		}
		if again := columnOrder(sorted); !slices.Equal(again, cols) {
			t.Fatalf("cards %v: columns %v, then %v", cards, cols, again)
		}
	}
}

func TestColumnName(t *testing.T) {
	for i, want := range map[int]string{0: "A", 2: "C", 25: "Z", 26: "AA", 27: "AB", 701: "ZZ", 702: "AAA"} {
		if got := ColumnName(i); got != want {
			t.Errorf("ColumnName(%d) = %s, want %s", i, got, want)
		}
	}
}

func ExampleColumnName() {
	fmt.Println(ColumnName(0), ColumnName(2), ColumnName(26))
	// Output: A C AA
}
