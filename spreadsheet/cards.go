package spreadsheet

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/cardpress/cardpress/internal/yamltext"

	"go.yaml.in/yaml/v3"
)

// Deck is what the sheet needs to know of a deck.
type Deck struct {
	ID string
	// Kinds are the columns cardpress knows a type for: the fields every
	// card has and, in a game without an engine, the deck's declared
	// fields. Any other column is KindYAML.
	Kinds map[string]Kind
	// Declared is the deck's declared fields in order: the columns of an
	// empty deck's sheet, after id and name.
	Declared []string
	// Only: the game has this one deck, so its cards may leave deck out.
	Only bool
}

func (d Deck) kind(field string) Kind { return d.Kinds[field] }

// --- export ----------------------------------------------------------------

// Export is the deck's sheet: a column per field its cards hold, in the
// order the cards write them, and a row per card in file order. cards are
// the cards' mapping nodes.
func Export(d Deck, cards []*yaml.Node) (*Table, error) {
	t := &Table{Name: SheetName(d.ID)}
	orders := make([][]string, 0, len(cards))
	for _, c := range cards {
		c = deref(c)
		if c.Kind != yaml.MappingNode {
			return nil, fmt.Errorf("a card at line %d is not a mapping", c.Line)
		}
		var keys []string
		for i := 0; i+1 < len(c.Content); i += 2 {
			k := deref(c.Content[i])
			if k.Kind != yaml.ScalarNode || k.ShortTag() == "!!merge" {
				return nil, fmt.Errorf("card %s: a merge key (<<) or a key that is not text has no column; write its fields out", cardID(c))
			}
			keys = append(keys, k.Value)
		}
		orders = append(orders, keys)
	}
	t.Header = columnOrder(orders)
	if len(cards) == 0 {
		t.Header = append([]string{"id", "name"}, d.Declared...)
		if !d.Only {
			t.Header = slices.Insert(t.Header, 2, "deck")
		}
	}
	col := make(map[string]int, len(t.Header))
	for i, h := range t.Header {
		col[h] = i
	}
	for i, c := range cards {
		c = deref(c)
		r := Row{Num: i + 2, Cells: make([]Cell, len(t.Header))}
		for j := 0; j+1 < len(c.Content); j += 2 {
			name := deref(c.Content[j]).Value
			cell, err := cellOf(d.kind(name), c.Content[j+1])
			if err != nil {
				return nil, fmt.Errorf("card %s, field %s: %w", cardID(c), name, err)
			}
			r.Cells[col[name]] = cell
		}
		t.Rows = append(t.Rows, r)
	}
	return t, nil
}

func cardID(c *yaml.Node) string {
	for i := 0; i+1 < len(c.Content); i += 2 {
		if c.Content[i].Value == "id" {
			return yamltext.Quote(deref(c.Content[i+1]).Value)
		}
	}
	return fmt.Sprintf("at line %d", c.Line)
}

// columnOrder merges the cards' field orders into one column order that
// keeps each card's: a topological order of "field a comes right before
// field b in some card", the field seen first going first among those
// ready. Reading the sheet back writes each card's fields in column order,
// so exporting again gives the same columns. Cards that disagree (one
// writes a before b, another b before a) cannot all be kept; the first
// field seen breaks the tie.
func columnOrder(orders [][]string) []string {
	first := map[string]int{} // by first appearance
	var names []string
	after := map[string][]string{}
	before := map[string]int{}
	for _, keys := range orders {
		for i, k := range keys {
			if _, ok := first[k]; !ok {
				first[k] = len(names)
				names = append(names, k)
			}
			if i > 0 && !slices.Contains(after[keys[i-1]], k) {
				after[keys[i-1]] = append(after[keys[i-1]], k)
				before[k]++
			}
		}
	}
	done := map[string]bool{}
	out := make([]string, 0, len(names))
	for len(out) < len(names) {
		pick := ""
		for _, n := range names { // in order of first appearance
			if !done[n] && before[n] == 0 {
				pick = n
				break
			}
		}
		if pick == "" { // a cycle: take the first field left
			for _, n := range names {
				if !done[n] {
					pick = n
					break
				}
			}
		}
		done[pick] = true
		out = append(out, pick)
		for _, n := range after[pick] {
			before[n]--
		}
	}
	return out
}

// --- import ----------------------------------------------------------------

// Problem is something wrong in the sheet, at a row and a column (Col -1:
// the row as a whole; Row 1 is the header).
type Problem struct {
	Row, Col int
	Message  string
	Warning  bool // told, but the cards are still written
}

// Card is one card read from the sheet: its mapping node, the sheet row
// it came from and the column of each of its fields, in the node's order
// (-1 for a field the sheet does not hold: the deck, when implied).
type Card struct {
	Row  int
	Node *yaml.Node
	Cols []int
}

// Import reads the deck's cards from t: one per row that is not blank,
// its fields in column order, empty cells left out. Every problem is
// reported, sorted by row and column; a cell that cannot be read is kept
// as text so the card is still checked as a whole.
func Import(d Deck, t *Table) ([]Card, []Problem) {
	var probs []Problem
	use := make([]bool, len(t.Header))
	seen := map[string]int{}
	deckCol := -1
	for i, h := range t.Header {
		switch j, dup := seen[h]; {
		case h == "":
			for _, r := range t.Rows {
				if strings.TrimSpace(r.Cell(i)) != "" {
					probs = append(probs, Problem{Row: 1, Col: t.Col(i), Message: "this column has values but no field name in row 1; name the field or delete the column"})
					break
				}
			}
		case dup:
			probs = append(probs, Problem{Row: 1, Col: t.Col(i), Message: fmt.Sprintf("field %s has a column already (column %s)", h, ColumnName(t.Col(j)))})
		default:
			seen[h] = i
			use[i] = true
			if h == "deck" {
				deckCol = i
			}
		}
	}
	var cards []Card
	for _, r := range t.Rows {
		for i := len(t.Header); i < len(r.Cells); i++ {
			if strings.TrimSpace(r.Cells[i].Text) != "" {
				probs = append(probs, Problem{Row: r.Num, Col: t.Col(i), Message: "a value beyond the last named column; give the column a field name in row 1"})
				break
			}
		}
		c := Card{Row: r.Num, Node: &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}}
		implied := -1 // where the deck goes when the sheet does not give it
		for i, h := range t.Header {
			if !use[i] {
				continue
			}
			text := r.Cell(i)
			if p, ok := cellNote(r, i, d.kind(h)); ok {
				p.Col = t.Col(i)
				probs = append(probs, p)
				if !p.Warning {
					// Kept as text, so the card is still checked as a whole.
					c.Node.Content = append(c.Node.Content, strNode(h), strNode(cmp.Or(text, r.Cells[i].Formula)))
					c.Cols = append(c.Cols, t.Col(i))
					continue
				}
			}
			if i == deckCol {
				if strings.TrimSpace(text) == "" {
					implied = len(c.Cols)
					continue
				}
				if v := strings.TrimSpace(text); v != d.ID {
					probs = append(probs, Problem{Row: r.Num, Col: t.Col(i), Message: fmt.Sprintf("the sheet is read as deck %s, but this card is in deck %q; import each deck's rows on their own (--deck)", d.ID, v)})
				}
			}
			if strings.TrimSpace(text) == "" {
				continue
			}
			v, msg := valueOf(d.kind(h), text)
			if msg != "" {
				probs = append(probs, Problem{Row: r.Num, Col: t.Col(i), Message: msg})
				v = strNode(strings.TrimSpace(text))
			}
			c.Node.Content = append(c.Node.Content, strNode(h), style(v))
			c.Cols = append(c.Cols, t.Col(i))
			if h == "name" && deckCol < 0 {
				implied = len(c.Cols)
			}
		}
		if !d.Only && fieldValue(c.Node, "deck") == "" {
			// Cards of a game with several decks name theirs.
			if implied < 0 {
				implied = min(len(c.Cols), 2)
			}
			c.Node.Content = slices.Insert(c.Node.Content, 2*implied, strNode("deck"), strNode(d.ID))
			c.Cols = slices.Insert(c.Cols, implied, -1)
		}
		cards = append(cards, c)
	}
	slices.SortStableFunc(probs, func(a, b Problem) int {
		return cmp.Or(cmp.Compare(a.Row, b.Row), cmp.Compare(a.Col, b.Col))
	})
	return cards, probs
}

// cellNote is what a cell that is not what it looks like calls for: a
// formula with no result is refused; a number shown as a date, time or
// percentage is read as it shows in a text column, with a warning (Excel
// turns 1/2 into a date by itself), and refused in a column of numbers.
func cellNote(r Row, i int, k Kind) (Problem, bool) {
	if i >= len(r.Cells) {
		return Problem{}, false
	}
	c := r.Cells[i]
	switch {
	case c.Formula != "":
		return Problem{Row: r.Num, Col: i, Message: fmt.Sprintf("the formula %s has no stored result (the file was not saved by a spreadsheet app); open it in one and save it, or type the value", c.Formula)}, true
	case c.Shown == "":
		return Problem{}, false
	case k == KindText || k == KindYAML || k == KindTextList:
		return Problem{Row: r.Num, Col: i, Warning: true, Message: fmt.Sprintf("the spreadsheet shows this %s as %q (it stores %s), read as shown; if you typed something else, format the column as Text and type it again", c.Shown, c.Text, c.Stored)}, true
	}
	return Problem{Row: r.Num, Col: i, Message: fmt.Sprintf("the spreadsheet holds a %s here (%q, stored as %s), not %s; format the column as Number or Text and type the value again", c.Shown, c.Text, c.Stored, kindWant[k])}, true
}

// kindWant names what a column of numbers takes, for messages.
var kindWant = map[Kind]string{KindInteger: "a whole number", KindNumber: "a number", KindBoolean: "true or false", KindIntegerList: "whole numbers"}

// style lays a value out as the shipped card files do: a list of
// mappings (effects) one entry a line, and otherwise a list or mapping
// of plain values, or of such lists and mappings, on one line in flow
// style; deeper ones in block style, their parts by the same rule.
func style(n *yaml.Node) *yaml.Node {
	if n.Kind != yaml.SequenceNode && n.Kind != yaml.MappingNode {
		return n
	}
	entries := n.Kind == yaml.SequenceNode && slices.ContainsFunc(n.Content, func(c *yaml.Node) bool { return c.Kind == yaml.MappingNode })
	if !entries && depth(n) <= 2 {
		setStyle(n, yaml.FlowStyle)
		return n
	}
	n.Style = 0
	for _, c := range n.Content {
		style(c)
	}
	return n
}

func setStyle(n *yaml.Node, s yaml.Style) {
	if n.Kind == yaml.SequenceNode || n.Kind == yaml.MappingNode {
		n.Style = s
	}
	for _, c := range n.Content {
		setStyle(c, s)
	}
}

func depth(n *yaml.Node) int {
	d := 0
	for _, c := range n.Content {
		d = max(d, depth(c))
	}
	if n.Kind == yaml.SequenceNode || n.Kind == yaml.MappingNode {
		return d + 1
	}
	return 0
}

// --- card files --------------------------------------------------------------

// NewFile is a card file holding cards: the modeline, a comment line, and
// the cards in block style, a blank line between two.
func NewFile(modeline, comment string, cards []Card) ([]byte, error) {
	key := strNode("cards")
	key.HeadComment = modeline
	if comment != "" {
		key.HeadComment += "\n# " + comment
	}
	seq := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	for _, c := range cards {
		seq.Content = append(seq.Content, c.Node)
	}
	root := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Content: []*yaml.Node{key, seq}}
	return encode(&yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{root}}, true)
}

// Replace rewrites a card file with the deck's cards replaced by cards,
// where the first of them was (at the end when the file has none), and
// every other card kept as it is, with its comments and layout. A comment
// above a replaced card stays above the new card of the same id. at is
// the index of the first new card in the file's list.
func Replace(data []byte, d Deck, cards []Card) (out []byte, at int, err error) {
	var doc yaml.Node
	if err := safeUnmarshal(data, &doc); err != nil {
		return nil, 0, err
	}
	if len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, 0, fmt.Errorf("not a card file: no cards list")
	}
	root := doc.Content[0]
	var seq *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "cards" && root.Content[i+1].Kind == yaml.SequenceNode && root.Content[i+1].Style&yaml.FlowStyle == 0 {
			seq = root.Content[i+1]
		}
	}
	if seq == nil {
		return nil, 0, fmt.Errorf("not a card file with a block list of cards (cards: then - id: ... lines)")
	}
	olds := map[string]*yaml.Node{}
	var kept []*yaml.Node
	at = -1
	for _, item := range seq.Content {
		if item.Kind == yaml.AliasNode || item.Anchor != "" {
			return nil, 0, fmt.Errorf("the file's cards use YAML anchors or aliases (line %d), which a rewrite could break; move the deck's cards to a file of their own", item.Line)
		}
		if deckOf(item, d) != d.ID {
			kept = append(kept, item)
			continue
		}
		if at < 0 {
			at = len(kept)
		}
		if id := fieldValue(item, "id"); olds[id] == nil {
			olds[id] = item
		}
	}
	if at < 0 {
		at = len(kept)
	}
	fresh := make([]*yaml.Node, len(cards))
	for i, c := range cards {
		if old := olds[fieldValue(c.Node, "id")]; old != nil {
			keepLayout(c.Node, old)
		}
		fresh[i] = c.Node
	}
	spaced := blankBetween(data, seq.Content)
	seq.Content = slices.Concat(kept[:at], fresh, kept[at:])
	out, err = encode(&doc, spaced)
	return out, at, err
}

// deckOf is the deck a card of the file is in: its deck field, or the
// game's only deck.
func deckOf(item *yaml.Node, d Deck) string {
	if v := fieldValue(item, "deck"); v != "" || !d.Only {
		return v
	}
	return d.ID
}

func fieldValue(m *yaml.Node, key string) string {
	if m.Kind != yaml.MappingNode {
		return ""
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key && m.Content[i+1].Kind == yaml.ScalarNode {
			return m.Content[i+1].Value
		}
	}
	return ""
}

// keepLayout gives a card read from the sheet the layout the same card
// had in the file, as far as its fields are unchanged: the comment above
// it, the key and value nodes of each field whose value is the same (so
// their quoting, flow or block style and comments stay), and its own
// flow or block style when it has the same fields in the same order. An
// unchanged card is written back as it was.
func keepLayout(c, old *yaml.Node) {
	c.HeadComment = headComment(old)
	same := len(c.Content) == len(old.Content)
	for i := 0; i+1 < len(c.Content); i += 2 {
		name := c.Content[i].Value
		j := keyIndex(old, name)
		if j < 0 {
			same = false
			continue
		}
		same = same && i == j
		if equalValue(c.Content[i+1], old.Content[j+1]) {
			c.Content[i], c.Content[i+1] = old.Content[j], old.Content[j+1]
		} else {
			same = false
		}
	}
	if same {
		c.Style = old.Style
		c.LineComment, c.FootComment = old.LineComment, old.FootComment
	}
	if c.Style&yaml.FlowStyle == 0 && len(c.Content) > 0 && len(old.Content) > 0 && c.Content[0] == old.Content[0] && headComment(old) == old.Content[0].HeadComment {
		// yaml.v3 hung the card's comment on its first key, which is kept.
		c.HeadComment = ""
	}
}

// keyIndex is the index in m.Content of the key name, or -1.
func keyIndex(m *yaml.Node, name string) int {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if k := m.Content[i]; k.Kind == yaml.ScalarNode && k.Value == name {
			return i
		}
	}
	return -1
}

// equalValue reports whether two values are the same data, whatever
// their layout: same kinds, same resolved tags and texts, same entries in
// the same order.
func equalValue(a, b *yaml.Node) bool {
	a, b = deref(a), deref(b)
	if a == nil || b == nil || a.Kind != b.Kind || len(a.Content) != len(b.Content) {
		return false
	}
	if a.Kind == yaml.ScalarNode {
		return a.ShortTag() == b.ShortTag() && a.Value == b.Value
	}
	for i := range a.Content {
		if !equalValue(a.Content[i], b.Content[i]) {
			return false
		}
	}
	return true
}

// headComment is the comment written above a card: yaml.v3 hangs it on
// the item or on its first key.
func headComment(item *yaml.Node) string {
	if item.HeadComment != "" {
		return item.HeadComment
	}
	if item.Kind == yaml.MappingNode && len(item.Content) > 0 {
		return item.Content[0].HeadComment
	}
	return ""
}

func safeUnmarshal(data []byte, n *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("cannot parse YAML: %v", r)
		}
	}()
	return yaml.Unmarshal(data, n)
}

// encode writes doc with two-space indents and, when spaced, a blank line
// between two cards when either takes more than one line.
func encode(doc *yaml.Node, spaced bool) ([]byte, error) {
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	if !spaced {
		return b.Bytes(), nil
	}
	return spaceCards(b.Bytes())
}

// blankBetween reports whether a card file separates its cards by blank
// lines (the rewrite then does too): whether a blank line comes before
// some card after the first, above its comment.
func blankBetween(data []byte, items []*yaml.Node) bool {
	lines := strings.Split(string(data), "\n")
	for i := 1; i < len(items); i++ {
		l := items[i].Line - 1
		for l > 0 && l <= len(lines) && strings.HasPrefix(strings.TrimSpace(lines[l-1]), "#") {
			l--
		}
		if l > 0 && l <= len(lines) && strings.TrimSpace(lines[l-1]) == "" {
			return true
		}
	}
	return false
}

func spaceCards(data []byte) ([]byte, error) {
	items, err := cardItems(data)
	if err != nil {
		return nil, err
	}
	lines := strings.SplitAfter(string(data), "\n")
	var blank []int // line indexes (0-based) to put a blank line before
	for i := 1; i < len(items); i++ {
		if items[i-1].Style&yaml.FlowStyle != 0 && items[i].Style&yaml.FlowStyle != 0 {
			continue
		}
		l := items[i].Line - 1
		for l > 0 && strings.HasPrefix(strings.TrimSpace(lines[l-1]), "#") {
			l-- // the card's comment goes with it
		}
		if l > 0 && strings.TrimSpace(lines[l-1]) != "" {
			blank = append(blank, l)
		}
	}
	var b strings.Builder
	for i, line := range lines {
		if len(blank) > 0 && blank[0] == i {
			b.WriteString("\n")
			blank = blank[1:]
		}
		b.WriteString(line)
	}
	return []byte(b.String()), nil
}

// cardItems is the item nodes of a card file's cards list.
func cardItems(data []byte) ([]*yaml.Node, error) {
	var doc yaml.Node
	if err := safeUnmarshal(data, &doc); err != nil {
		return nil, err
	}
	if len(doc.Content) == 1 {
		root := doc.Content[0]
		for i := 0; i+1 < len(root.Content); i += 2 {
			if root.Content[i].Value == "cards" && root.Content[i+1].Kind == yaml.SequenceNode {
				return root.Content[i+1].Content, nil
			}
		}
	}
	return nil, fmt.Errorf("the written file has no cards list")
}

// Locator maps a place in a card file written by NewFile or Replace back
// to the sheet: the row of the card there, and the column of its field.
type Locator struct {
	starts [][2]int // line, column where each new card's item starts
	next   [2]int   // where the item after the last new card starts (0: none)
	keys   [][][2]int
	cards  []Card
}

// NewLocator reads back data, whose cards list holds cards from index at.
func NewLocator(data []byte, at int, cards []Card) (*Locator, error) {
	items, err := cardItems(data)
	if err != nil {
		return nil, err
	}
	if at+len(cards) > len(items) {
		return nil, fmt.Errorf("the written file lost cards")
	}
	l := &Locator{cards: cards}
	for i := range cards {
		m := items[at+i]
		l.starts = append(l.starts, [2]int{m.Line, m.Column})
		var keys [][2]int
		for j := 0; j+1 < len(m.Content); j += 2 {
			keys = append(keys, [2]int{m.Content[j].Line, m.Content[j].Column})
		}
		l.keys = append(l.keys, keys)
	}
	if at+len(cards) < len(items) {
		n := items[at+len(cards)]
		l.next = [2]int{n.Line, n.Column}
	}
	return l, nil
}

// CardID is the id a card read from the sheet has ("" for none).
func CardID(c Card) string { return fieldValue(c.Node, "id") }

// LocateDeck is NewLocator for the cards of deck d in data, wherever
// they are in its list (a file that receives several decks).
func LocateDeck(data []byte, d Deck, cards []Card) (*Locator, error) {
	if len(cards) == 0 {
		return &Locator{}, nil
	}
	items, err := cardItems(data)
	if err != nil {
		return nil, err
	}
	id := fieldValue(cards[0].Node, "id")
	for i, item := range items {
		if fieldValue(item, "id") == id && deckOf(item, d) == d.ID {
			return NewLocator(data, i, cards)
		}
	}
	return nil, fmt.Errorf("the written file lost the cards of deck %s", d.ID)
}

// Find is the row and column (-1: the row as a whole) of the place at
// line, col; ok is false when it is not in a new card.
func (l *Locator) Find(line, col int) (row, column int, ok bool) {
	p := [2]int{line, col}
	less := func(a, b [2]int) bool { return a[0] < b[0] || a[0] == b[0] && a[1] < b[1] }
	if len(l.starts) == 0 || less(p, l.starts[0]) || l.next != [2]int{} && !less(p, l.next) {
		return 0, 0, false
	}
	i := len(l.starts) - 1
	for i > 0 && less(p, l.starts[i]) {
		i--
	}
	c := l.cards[i]
	if p == l.starts[i] {
		// The card's own place (the first key's too): a problem with the
		// card as a whole, such as a missing field.
		return c.Row, -1, true
	}
	k := len(l.keys[i]) - 1
	for k > 0 && less(p, l.keys[i][k]) {
		k--
	}
	return c.Row, c.Cols[k], true
}
