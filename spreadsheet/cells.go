// Package spreadsheet turns a deck's cards into a spreadsheet (a header row of
// field names, one row per card) and a spreadsheet back into card YAML,
// in CSV and XLSX. The cell forms are chosen so that export → import →
// export gives the same sheet: every value has one written form, and the
// forms of different values never collide (docs/spreadsheets.md).
package spreadsheet

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/internal/yamltext"
	"github.com/cardpress/cardpress/source"

	"go.yaml.in/yaml/v3"
)

// Kind is how a column's cells are written and read.
type Kind int

const (
	// KindYAML is a field cardpress knows no type for (an engine's own
	// field): a cell is text, or a number, true/false or null as YAML
	// reads it, or a structure in YAML flow form ([a, b], {k: v}).
	KindYAML Kind = iota
	KindText
	KindInteger
	KindNumber
	KindBoolean
	KindTextList    // values separated by ", "
	KindIntegerList // whole numbers separated by ", "
)

// CellType is how an XLSX cell stores its value; CSV has text only.
type CellType int

const (
	CellText CellType = iota
	CellNumber
	CellBool
)

// Cell is one cell: its text and, for XLSX, its type.
type Cell struct {
	Text string
	Type CellType
	// Shown: the XLSX cell holds a number the spreadsheet shows as a
	// "date", "time" or "percentage"; Text is what it shows, Stored the
	// number (45413).
	Shown, Stored string
	// Formula: the XLSX cell is a formula with no stored result (Text is
	// empty): nothing to read.
	Formula string
}

// listSep separates the values of a list in a cell. A value that holds a
// comma (declared list values may) is written in double quotes, so the
// separator never needs to be chosen per game.
const listSep = ", "

// --- export: a YAML value to a cell ---------------------------------------

// cellOf is the cell that holds n in a column of kind k. n may be an alias
// (followed); a merge key or a custom tag has no cell form.
func cellOf(k Kind, n *yaml.Node) (Cell, error) {
	n = deref(n)
	switch k {
	case KindText:
		if isString(n) {
			return Cell{Text: textCell(n.Value)}, nil
		}
	case KindInteger, KindNumber, KindBoolean:
		if n.Kind == yaml.ScalarNode && !isString(n) {
			return typedCell(n), nil
		}
	case KindTextList, KindIntegerList:
		if c, ok := listCell(n); ok {
			return c, nil
		}
	}
	// A value of another shape than its column's (data the schema would
	// reject, or an engine field): the general form keeps it exact.
	text, err := flowCell(n)
	if err != nil {
		return Cell{}, err
	}
	c := Cell{Text: text}
	if n.Kind == yaml.ScalarNode && !isString(n) {
		c = typedCell(n)
	}
	return c, nil
}

// typedCell is a number, boolean or null as written in the YAML. XLSX
// stores a number as a number only when the spreadsheet would show the
// same digits back, and true/false as a boolean.
func typedCell(n *yaml.Node) Cell {
	c := Cell{Text: n.Value}
	switch n.ShortTag() {
	case "!!bool":
		c.Type = CellBool
	case "!!int", "!!float":
		if f, err := strconv.ParseFloat(n.Value, 64); err == nil && math.Abs(f) < 1e15 && strconv.FormatFloat(f, 'f', -1, 64) == n.Value {
			c.Type = CellNumber
		}
	}
	return c
}

// textCell writes a text field: as it is, unless reading it back would
// change it (surrounding spaces are trimmed, an empty cell is no value, a
// leading double quote starts the quoted form); then double-quoted with
// JSON escapes, which YAML reads the same way.
func textCell(s string) string {
	if s == "" || strings.TrimSpace(s) != s || strings.HasPrefix(s, `"`) {
		return yamltext.Quote(s)
	}
	return s
}

// listCell writes a list of plain values as "a, b, c", a value that would
// not read back alone (a comma, a leading quote or bracket, surrounding
// spaces, empty) double-quoted; the empty list is "[]". ok is false when
// n is not such a list.
func listCell(n *yaml.Node) (Cell, bool) {
	if n.Kind != yaml.SequenceNode {
		return Cell{}, false
	}
	if len(n.Content) == 0 {
		return Cell{Text: "[]"}, true
	}
	parts := make([]string, 0, len(n.Content))
	for _, item := range n.Content {
		item = deref(item)
		if item.Kind != yaml.ScalarNode || item.ShortTag() == "!!null" {
			return Cell{}, false
		}
		v := item.Value
		if isString(item) && (v == "" || strings.TrimSpace(v) != v || strings.ContainsAny(v, ",\n\r") || strings.HasPrefix(v, `"`) || strings.HasPrefix(v, "[")) {
			v = yamltext.Quote(v)
		}
		parts = append(parts, v)
	}
	return Cell{Text: strings.Join(parts, listSep)}, true
}

// flowCell writes any value in the general form: a string as it is when
// the cell would read back as that string, else double-quoted; a number,
// boolean or null as written; a list or mapping in YAML flow form, on one
// line, whatever its style in the file.
func flowCell(n *yaml.Node) (string, error) {
	if isString(n) {
		if v := n.Value; v != "" && strings.TrimSpace(v) == v && !strings.ContainsAny(v[:1], `"[{`) {
			if _, typed := plainScalar(v); !typed {
				return v, nil
			}
		}
		return yamltext.Quote(n.Value), nil
	}
	var b strings.Builder
	if err := writeFlow(&b, n); err != nil {
		return "", err
	}
	return b.String(), nil
}

// writeFlow writes n in YAML flow form. Strings are plain when YAML reads
// them back as the same string inside a flow collection, else quoted.
func writeFlow(b *strings.Builder, n *yaml.Node) error {
	n = deref(n)
	switch n.Kind {
	case yaml.ScalarNode:
		if err := standardTag(n); err != nil {
			return err
		}
		if isString(n) {
			b.WriteString(flowString(n.Value))
		} else {
			b.WriteString(n.Value)
		}
	case yaml.SequenceNode:
		b.WriteByte('[')
		for i, item := range n.Content {
			if i > 0 {
				b.WriteString(", ")
			}
			if err := writeFlow(b, item); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case yaml.MappingNode:
		b.WriteByte('{')
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := deref(n.Content[i])
			if k.Kind == yaml.ScalarNode && k.Value == "<<" && k.ShortTag() == "!!merge" {
				return fmt.Errorf("a merge key (<<) has no cell form; write its fields out")
			}
			if i > 0 {
				b.WriteString(", ")
			}
			if err := writeFlow(b, k); err != nil {
				return err
			}
			b.WriteString(": ")
			if err := writeFlow(b, n.Content[i+1]); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	default:
		return fmt.Errorf("a YAML %s has no cell form", kindName(n))
	}
	return nil
}

// flowString is s plain when it is safe inside a flow collection: no flow
// or comment syntax, no leading indicator, nothing YAML would read as
// another type; otherwise quoted.
func flowString(s string) string {
	if s == "" || strings.TrimSpace(s) != s || strings.ContainsAny(s, ",[]{}#\"'\n\r\t\\") ||
		strings.ContainsAny(s[:1], "-?:&*!|>%@`") || strings.Contains(s, ": ") || strings.HasSuffix(s, ":") {
		return yamltext.Quote(s)
	}
	if _, typed := plainScalar(s); typed {
		return yamltext.Quote(s)
	}
	return s
}

func isString(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str"
}

func deref(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

// standardTag refuses a scalar with a tag of its own (!!binary, !thing):
// its cell would read back as something else.
func standardTag(n *yaml.Node) error {
	switch n.ShortTag() {
	case "!!str", "!!int", "!!float", "!!bool", "!!null":
		return nil
	}
	return fmt.Errorf("the tag %s has no cell form", n.Tag)
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.DocumentNode:
		return "document"
	case yaml.AliasNode:
		return "alias"
	}
	return "node"
}

// plainScalar resolves s as YAML reads an unquoted value. typed is true
// when s alone is one plain scalar that is not a string: a number,
// true/false (any YAML spelling) or null, written exactly as s.
func plainScalar(s string) (tag string, typed bool) {
	n, ok := parseScalar(s)
	if !ok || n.Style != 0 || n.ShortTag() == "!!str" || n.Value != s {
		return "", false
	}
	return n.ShortTag(), true
}

// parseScalar parses s as a YAML document holding one scalar and nothing
// else (no comment, anchor or tag). The parser is fed cell text, so a
// panic in it is a failure, not a crash.
func parseScalar(s string) (n *yaml.Node, ok bool) {
	if len(s) > maxCell || strings.ContainsAny(s, "\n\r") {
		return nil, false
	}
	defer func() {
		if recover() != nil {
			n, ok = nil, false
		}
	}()
	var doc yaml.Node
	if yaml.Unmarshal([]byte(s), &doc) != nil || len(doc.Content) != 1 {
		return nil, false
	}
	n = doc.Content[0]
	if n.Kind != yaml.ScalarNode || n.Anchor != "" || n.Style&yaml.TaggedStyle != 0 ||
		n.HeadComment != "" || n.LineComment != "" || n.FootComment != "" || doc.HeadComment != "" || doc.FootComment != "" {
		return nil, false
	}
	return n, true
}

// maxCell is the longest cell read: longer than any text field may be
// (the schemas bound texts at 2000 characters), far below what could cost.
const maxCell = 32 << 10

// --- import: a cell to a YAML value ---------------------------------------

// valueOf reads a non-empty cell of a column of kind k into a YAML value
// node, or says what is wrong with it, as a message for the cell.
func valueOf(k Kind, text string) (*yaml.Node, string) {
	if len(text) > maxCell {
		return nil, fmt.Sprintf("the cell holds %d characters, more than the %d a cell may", len(text), maxCell)
	}
	switch k {
	case KindText:
		return strNode(unquoteText(strings.TrimSpace(text))), ""
	case KindInteger:
		return typedValue(strings.TrimSpace(text), "a whole number", "!!int")
	case KindNumber:
		return typedValue(strings.TrimSpace(text), "a number", "!!int", "!!float")
	case KindBoolean:
		return typedValue(strings.TrimSpace(text), "true or false", "!!bool")
	case KindTextList, KindIntegerList:
		return listValue(k, strings.TrimSpace(text))
	}
	return flowValue(strings.TrimSpace(text))
}

// unquoteText reads the quoted form of a text ("…" with JSON escapes);
// any other cell is the text itself.
func unquoteText(s string) string {
	if strings.HasPrefix(s, `"`) && closingQuote(s) == len(s)-1 {
		if n, ok := parseScalar(s); ok && n.Style == yaml.DoubleQuotedStyle {
			return n.Value
		}
	}
	return s
}

// typedValue reads a number or boolean as written; want names what the
// column takes, for the message.
func typedValue(s, want string, tags ...string) (*yaml.Node, string) {
	if tag, typed := plainScalar(s); typed {
		for _, t := range tags {
			if tag == t && finite(s, tag) {
				return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: s}, ""
			}
		}
	}
	return nil, fmt.Sprintf("expected %s, found %q", want, s)
}

// finite refuses .inf and .nan (YAML's spellings), which JSON Schema
// cannot hold.
func finite(s, tag string) bool {
	l := strings.ToLower(s)
	return tag != "!!float" || !strings.Contains(l, "inf") && !strings.Contains(l, "nan")
}

// listValue reads "a, b, c" (a value may be double-quoted) or, for a cell
// that starts with "[", a YAML flow list. "[]" is the empty list.
func listValue(k Kind, s string) (*yaml.Node, string) {
	seq := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle}
	if strings.HasPrefix(s, "[") {
		n, msg := flowValue(s)
		if msg != "" {
			return nil, msg
		}
		if n.Kind != yaml.SequenceNode {
			return nil, fmt.Sprintf("expected a list, found %q", s)
		}
		seq.Content = n.Content
	} else {
		items, msg := splitList(s)
		if msg != "" {
			return nil, msg
		}
		for _, it := range items {
			if it.quoted {
				seq.Content = append(seq.Content, strNode(it.text))
				continue
			}
			if tag, typed := plainScalar(it.text); typed {
				seq.Content = append(seq.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: it.text})
			} else {
				seq.Content = append(seq.Content, strNode(it.text))
			}
		}
	}
	for _, item := range seq.Content {
		switch {
		case k == KindIntegerList && item.ShortTag() != "!!int":
			return nil, fmt.Sprintf("expected whole numbers separated by commas, found %q", s)
		case k == KindTextList && item.Kind != yaml.ScalarNode:
			return nil, fmt.Sprintf("expected values separated by commas, found %q", s)
		case k == KindTextList:
			// A list of texts: 5 or true in it is the text "5" or "true".
			item.Tag, item.Style = "!!str", 0
		}
	}
	return seq, ""
}

type listItem struct {
	text   string
	quoted bool
}

// splitList splits "a, b, "c, d"" at the commas outside double quotes.
func splitList(s string) ([]listItem, string) {
	var items []listItem
	for rest := s; ; {
		rest = strings.TrimLeft(rest, " \t")
		var it listItem
		if strings.HasPrefix(rest, `"`) {
			end := closingQuote(rest)
			if end < 0 {
				return nil, fmt.Sprintf("a quoted value is not closed in %q", s)
			}
			n, ok := parseScalar(rest[:end+1])
			if !ok {
				return nil, fmt.Sprintf("the quoted value %s is not a valid quoted text", rest[:end+1])
			}
			it = listItem{n.Value, true}
			rest = strings.TrimLeft(rest[end+1:], " \t")
			if rest != "" && !strings.HasPrefix(rest, ",") {
				return nil, fmt.Sprintf("expected a comma after the quoted value %s in %q", yamltext.Quote(it.text), s)
			}
		} else {
			v, after, _ := strings.Cut(rest, ",")
			it = listItem{text: strings.TrimSpace(v)}
			if after != "" || strings.Contains(rest, ",") {
				rest = "," + after
			} else {
				rest = ""
			}
			if it.text == "" {
				return nil, fmt.Sprintf("an empty value in the list %q", s)
			}
		}
		items = append(items, it)
		if rest == "" {
			return items, ""
		}
		rest = rest[1:] // the comma
		if strings.TrimSpace(rest) == "" {
			return nil, fmt.Sprintf("an empty value in the list %q", s)
		}
	}
}

// closingQuote is the index of the quote that ends the double-quoted text
// s starts with, or -1.
func closingQuote(s string) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}

// flowValue reads a cell of the general form: a structure in YAML flow
// form when it starts with [ or {, a quoted text when it is one, a number,
// true/false or null when YAML reads it as one, and text otherwise.
func flowValue(s string) (*yaml.Node, string) {
	switch {
	case strings.HasPrefix(s, "[") || strings.HasPrefix(s, "{"):
		f, found := source.Parse("cell", []byte(s))
		if f == nil || len(found) > 0 {
			msg := "not valid YAML"
			if len(found) > 0 {
				msg = found[0].Message
			}
			return nil, fmt.Sprintf("a cell starting with %q is read as a YAML flow value: %s", s[:1], msg)
		}
		if f.Root.Kind != yaml.SequenceNode && f.Root.Kind != yaml.MappingNode || f.Root.Style&yaml.FlowStyle == 0 {
			return nil, fmt.Sprintf("a cell starting with %q is read as a YAML flow value, and %q is not one", s[:1], s)
		}
		if msg := plainTree(f.Root); msg != "" {
			return nil, msg
		}
		clearPositions(f.Root)
		return f.Root, ""
	case strings.HasPrefix(s, `"`):
		return strNode(unquoteText(s)), ""
	}
	if tag, typed := plainScalar(s); typed && finite(s, tag) {
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: s}, ""
	}
	return strNode(s), ""
}

// plainTree refuses what a cell may not hold though YAML allows it:
// anchors, aliases, tags and comments, which the card file would carry
// somewhere else than the cell.
func plainTree(n *yaml.Node) string {
	switch {
	case n.Kind == yaml.AliasNode || n.Anchor != "":
		return "anchors and aliases (&, *) are not allowed in a cell"
	case n.Style&yaml.TaggedStyle != 0:
		return fmt.Sprintf("tags (%s) are not allowed in a cell", n.Tag)
	case n.HeadComment != "" || n.LineComment != "" || n.FootComment != "":
		return "comments (#) are not allowed in a cell; quote a text that holds \" #\""
	}
	for _, c := range n.Content {
		if msg := plainTree(c); msg != "" {
			return msg
		}
	}
	return ""
}

// clearPositions drops the cell's own line and column numbers, which mean
// nothing in the card file.
func clearPositions(n *yaml.Node) {
	n.Line, n.Column = 0, 0
	for _, c := range n.Content {
		clearPositions(c)
	}
}

func strNode(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s}
}
