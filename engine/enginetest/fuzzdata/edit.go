package fuzzdata

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Kind is what an Edit does to the node it targets.
type Kind byte

const (
	// SetScalar gives a scalar a new value of its type: a number moved a
	// little or a lot (within ±NumberLimit), a flipped bool, a string
	// halved, doubled or swapped for another one found at the same place
	// in the shipped data (a keyword, a phase, a colour, an enum value).
	SetScalar Kind = iota
	// DropItem removes a list item: a card, an effect, a player mark.
	DropItem
	// DupItem inserts a copy of a list item after it; a mapping with an
	// id gets a fresh one, so a copied card is a new card.
	DupItem
	// MoveItem moves a list item to another position (card order is card
	// numbering to the engine).
	MoveItem
	// DropKey removes a mapping entry: an optional field, a condition.
	DropKey
	// GraftKey copies into a mapping an entry it lacks from another
	// mapping at the same place in the shipped data (an effect gains the
	// condition another effect has).
	GraftKey
	// Replace swaps a value for a copy of another value at the same place
	// in the shipped data (a card's effects for another card's).
	Replace
	numKinds
)

var kindNames = [numKinds]string{"set", "drop", "dup", "move", "unset", "graft", "replace"}

func (k Kind) String() string {
	if k < numKinds {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", byte(k))
}

// Edit is one structured change. Target picks the node among the
// candidates of its kind (modulo their number), Arg the new value or
// position.
type Edit struct {
	Kind   Kind
	Target uint16
	Arg    byte
}

// Input is what a fuzz input's bytes mean: the seed byte of the games
// and render options, then edits of editSize bytes each (kind, target
// high and low byte, arg); a trailing partial edit is ignored, and edits
// past MaxEdits too, so inputs stay small changes of the shipped data.
type Input struct {
	Seed  byte
	Edits []Edit
}

const (
	editSize = 4
	// MaxEdits caps the edits of one input.
	MaxEdits = 12
	// NumberLimit bounds the numbers SetScalar writes: far past every
	// schema's useful range, yet small enough that a game stays quick to
	// play and print.
	NumberLimit = 999
	// TextLimit bounds, in runes, the strings SetScalar writes.
	TextLimit = 400
)

// Decode reads an input; every byte string is a valid input.
func Decode(data []byte) Input {
	var in Input
	if len(data) == 0 {
		return in
	}
	in.Seed = data[0]
	for rest := data[1:]; len(rest) >= editSize && len(in.Edits) < MaxEdits; rest = rest[editSize:] {
		in.Edits = append(in.Edits, Edit{
			Kind:   Kind(rest[0] % byte(numKinds)),
			Target: uint16(rest[1])<<8 | uint16(rest[2]),
			Arg:    rest[3],
		})
	}
	return in
}

// Encode writes an input so that Decode gives it back.
func (in Input) Encode() []byte {
	out := []byte{in.Seed}
	for _, e := range in.Edits {
		out = append(out, byte(e.Kind), byte(e.Target>>8), byte(e.Target), e.Arg)
	}
	return out
}

// file is one YAML file of a game folder.
type file struct {
	name string
	// role is "cards" for every card file, else the file name: values at
	// the same key path of files of one role can stand in for each other.
	role  string
	orig  []byte
	doc   *yaml.Node
	dirty bool
}

// Data is a game folder's YAML files as node trees, ready for edits.
type Data struct {
	files []*file
	// dict holds, by pattern, the values of the shipped data: what
	// SetScalar, GraftKey and Replace draw from. Shared by clones and
	// never edited.
	dict map[string][]*yaml.Node
	// keys lists, by pattern, the keys of the shipped mappings there.
	keys map[string][]string
}

// Read loads every YAML file of a game folder; game.yaml names which ones
// are card files.
func Read(dir string) (*Data, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	d := &Data{dict: map[string][]*yaml.Node{}, keys: map[string][]string{}}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !(strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		var doc yaml.Node
		if err := yaml.Unmarshal(data, &doc); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 {
			return nil, fmt.Errorf("%s: not one YAML document", name)
		}
		d.files = append(d.files, &file{name: name, role: name, orig: data, doc: &doc})
	}
	man := d.file("game.yaml")
	if man == nil {
		return nil, fmt.Errorf("%s: no game.yaml", dir)
	}
	// game.yaml first: edits number their targets from it.
	slices.SortStableFunc(d.files, func(a, b *file) int {
		return boolOrder(a != man, b != man)
	})
	for _, n := range seqItems(lookup(man.root(), "files", "cards")) {
		if f := d.file(n.Value); f != nil {
			f.role = "cards"
		}
	}
	for _, s := range d.sites() {
		d.dict[s.pattern] = append(d.dict[s.pattern], s.node)
		for i := 0; s.node.Kind == yaml.MappingNode && i < len(s.node.Content); i += 2 {
			if k := s.node.Content[i].Value; !slices.Contains(d.keys[s.pattern], k) {
				d.keys[s.pattern] = append(d.keys[s.pattern], k)
			}
		}
	}
	return d, nil
}

func boolOrder(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

// Clone gives a copy whose edits leave d as it is.
func (d *Data) Clone() *Data {
	c := &Data{dict: d.dict, keys: d.keys}
	for _, f := range d.files {
		cf := *f
		cf.doc = deepCopy(f.doc)
		c.files = append(c.files, &cf)
	}
	return c
}

func (d *Data) file(name string) *file {
	for _, f := range d.files {
		if f.name == name {
			return f
		}
	}
	return nil
}

func (f *file) root() *yaml.Node { return f.doc.Content[0] }

// Write writes the files into dir: unedited ones byte for byte as shipped.
func (d *Data) Write(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, f := range d.files {
		data := f.orig
		if f.dirty {
			var buf bytes.Buffer
			enc := yaml.NewEncoder(&buf)
			enc.SetIndent(2)
			if err := enc.Encode(f.doc); err != nil {
				return fmt.Errorf("%s: %w", f.name, err)
			}
			if err := enc.Close(); err != nil {
				return err
			}
			data = buf.Bytes()
		}
		if err := os.WriteFile(filepath.Join(dir, f.name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// site is a value in a file: a mapping value, a list item or a root.
type site struct {
	f      *file
	node   *yaml.Node
	parent *yaml.Node // the mapping or list holding node; nil for a root
	index  int        // node's index in parent.Content
	// pattern is the file's role and the key path with list indices left
	// out ("cards:cards[].effects[].gain"); path is the file and the key
	// path with indices, or ids where items have them, for messages.
	pattern, path string
}

// sites lists every value of every file in document order.
func (d *Data) sites() []site {
	var out []site
	for _, f := range d.files {
		var walk func(n, parent *yaml.Node, index int, pattern, path string)
		walk = func(n, parent *yaml.Node, index int, pattern, path string) {
			out = append(out, site{f: f, node: n, parent: parent, index: index, pattern: pattern, path: path})
			switch n.Kind {
			case yaml.MappingNode:
				for i := 0; i+1 < len(n.Content); i += 2 {
					key := n.Content[i].Value
					walk(n.Content[i+1], n, i+1, join(pattern, key), join(path, key))
				}
			case yaml.SequenceNode:
				for i, item := range n.Content {
					walk(item, n, i, pattern+"[]", path+"["+itemName(item, i)+"]")
				}
			}
		}
		walk(f.root(), nil, 0, f.role+":", f.name+":")
	}
	return out
}

func join(path, key string) string {
	if strings.HasSuffix(path, ":") {
		return path + key
	}
	return path + "." + key
}

// itemName names a list item by its id when it has one.
func itemName(n *yaml.Node, i int) string {
	if id := lookup(n, "id"); id != nil && id.Kind == yaml.ScalarNode {
		return id.Value
	}
	return strconv.Itoa(i)
}

// lookup follows mapping keys from n; nil when one is missing.
func lookup(n *yaml.Node, keys ...string) *yaml.Node {
	for _, k := range keys {
		if n == nil || n.Kind != yaml.MappingNode {
			return nil
		}
		var next *yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == k {
				next = n.Content[i+1]
				break
			}
		}
		n = next
	}
	return n
}

func seqItems(n *yaml.Node) []*yaml.Node {
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	return n.Content
}

// candidates are the sites an edit of kind k can target.
func (d *Data) candidates(all []site, k Kind) []site {
	var out []site
	for _, s := range all {
		var ok bool
		switch k {
		case SetScalar:
			ok = s.node.Kind == yaml.ScalarNode && s.parent != nil
		case DropItem, DupItem:
			ok = s.parent != nil && s.parent.Kind == yaml.SequenceNode
		case MoveItem:
			ok = s.parent != nil && s.parent.Kind == yaml.SequenceNode && len(s.parent.Content) > 1
		case DropKey:
			ok = s.parent != nil && s.parent.Kind == yaml.MappingNode
		case Replace:
			ok = s.parent != nil
		case GraftKey:
			ok = s.node.Kind == yaml.MappingNode && s.parent != nil && len(d.missingKeys(s)) > 0
		}
		if ok {
			out = append(out, s)
		}
	}
	return out
}

// Apply makes the edits in order, each on the data the ones before left,
// then sets every cards component's count to the copies its cards add up
// to (a designer adding a card updates the box's count too; a mismatch is
// validation's business, not the engines'). It returns what it did, one
// line per edit.
func (d *Data) Apply(edits []Edit) []string {
	var log []string
	for _, e := range edits {
		cands := d.candidates(d.sites(), e.Kind)
		if len(cands) == 0 {
			log = append(log, e.Kind.String()+": nothing to edit")
			continue
		}
		s := cands[int(e.Target)%len(cands)]
		msg := d.apply(e, s)
		if msg == "" {
			log = append(log, fmt.Sprintf("%s %s: no change", e.Kind, s.path))
			continue
		}
		s.f.dirty = true
		log = append(log, fmt.Sprintf("%s %s: %s", e.Kind, s.path, msg))
	}
	return append(log, d.repairCounts()...)
}

// apply makes one edit at s and says what changed ("" for nothing).
func (d *Data) apply(e Edit, s site) string {
	arg := int(e.Arg)
	items := func() []*yaml.Node { return s.parent.Content }
	switch e.Kind {
	case SetScalar:
		return d.setScalar(s, arg)
	case DropItem:
		s.parent.Content = slices.Delete(items(), s.index, s.index+1)
		return "dropped"
	case DupItem:
		c := deepCopy(s.node)
		what := "copied"
		if id := lookup(c, "id"); id != nil && id.Kind == yaml.ScalarNode {
			id.SetString(freshID(s.parent, id.Value))
			what = "copied as " + id.Value
		}
		s.parent.Content = slices.Insert(items(), s.index+1, c)
		return what
	case MoveItem:
		// Any position but its own.
		to := (s.index + 1 + arg%(len(items())-1)) % len(items())
		n := s.node
		s.parent.Content = slices.Insert(slices.Delete(items(), s.index, s.index+1), to, n)
		return fmt.Sprintf("moved to position %d", to)
	case DropKey:
		key := s.parent.Content[s.index-1].Value
		s.parent.Content = slices.Delete(items(), s.index-1, s.index+1)
		return "removed key " + key
	case GraftKey:
		missing := d.missingKeys(s)
		if len(missing) == 0 {
			return ""
		}
		key := missing[arg%len(missing)]
		var values []*yaml.Node
		for _, donor := range kindOf(d.dict[s.pattern], yaml.MappingNode) {
			if v := lookup(donor, key); v != nil {
				values = append(values, v)
			}
		}
		v := values[arg/len(missing)%len(values)]
		s.node.Content = append(s.node.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}, deepCopy(v))
		return "added " + key + ": " + brief(v)
	case Replace:
		var donors []*yaml.Node
		for _, n := range d.dict[s.pattern] {
			if !equal(n, s.node) {
				donors = append(donors, n)
			}
		}
		if len(donors) == 0 {
			return ""
		}
		donor := donors[arg%len(donors)]
		s.parent.Content[s.index] = deepCopy(donor)
		return brief(s.node) + " -> " + brief(donor)
	}
	return ""
}

// missingKeys are the keys that some shipped mapping at s's place has and
// the mapping at s lacks.
func (d *Data) missingKeys(s site) []string {
	var out []string
	for _, k := range d.keys[s.pattern] {
		if lookup(s.node, k) == nil {
			out = append(out, k)
		}
	}
	return out
}

// kindOf keeps the nodes of one kind.
func kindOf(nodes []*yaml.Node, k yaml.Kind) []*yaml.Node {
	var out []*yaml.Node
	for _, n := range nodes {
		if n.Kind == k {
			out = append(out, n)
		}
	}
	return out
}

// freshID is id with the first suffix -2, -3, … no item of list has.
func freshID(list *yaml.Node, id string) string {
	taken := map[string]bool{}
	for _, it := range list.Content {
		if n := lookup(it, "id"); n != nil {
			taken[n.Value] = true
		}
	}
	for k := 2; ; k++ {
		if c := id + "-" + strconv.Itoa(k); !taken[c] {
			return c
		}
	}
}

// setScalar gives the scalar at s a new value of its type.
func (d *Data) setScalar(s site, arg int) string {
	n := s.node
	old := n.Value
	op, k := arg%8, arg/8
	same := d.sameTag(s)
	switch n.ShortTag() {
	case "!!int":
		parse := func(text string) (int64, error) { return strconv.ParseInt(text, 0, 64) }
		x, err := parse(n.Value)
		if err != nil {
			return ""
		}
		v := nudge(x, op, k, 1, int64(k), same, parse)
		setNumber(n, "!!int", strconv.FormatInt(max(-NumberLimit, min(v, NumberLimit)), 10))
	case "!!float":
		parse := func(text string) (float64, error) { return strconv.ParseFloat(text, 64) }
		x, err := parse(n.Value)
		if err != nil {
			return ""
		}
		v := nudge(x, op, k, 0.5, float64(k)/4, same, parse)
		setNumber(n, "!!float", strconv.FormatFloat(max(-NumberLimit, min(v, NumberLimit)), 'g', -1, 64))
	case "!!bool":
		b, err := strconv.ParseBool(n.Value)
		if err != nil {
			return ""
		}
		setNumber(n, "!!bool", strconv.FormatBool(!b))
	case "!!str":
		r := []rune(n.Value)
		switch {
		case op%4 == 0 || (op%4 > 1 && len(same) < 2):
			n.SetString(string(r[:len(r)/2]))
		case op%4 == 1:
			n.SetString(string([]rune(n.Value + " " + n.Value)[:min(2*len(r)+1, TextLimit)]))
		default:
			n.SetString(same[(arg/4)%len(same)].Value)
		}
	default:
		return ""
	}
	if n.Value == old {
		return ""
	}
	return brief(&yaml.Node{Kind: yaml.ScalarNode, Value: old}) + " -> " + brief(n)
}

// nudge is number x after setScalar's op: a step up or down; two steps
// and k more up or down; zero; doubled; halved; else (op 7) a value shipped
// at the same place (same, read with parse), or other if there is none.
func nudge[T int64 | float64](x T, op, k int, step, other T, same []*yaml.Node, parse func(string) (T, error)) T {
	switch op {
	case 0:
		return x + step
	case 1:
		return x - step
	case 2:
		return x + 2*step + T(k)
	case 3:
		return x - 2*step - T(k)
	case 4:
		return 0
	case 5:
		return 2 * x
	case 6:
		return x / 2
	}
	if len(same) > 0 {
		v, _ := parse(same[k%len(same)].Value)
		return v
	}
	return other
}

// sameTag lists the shipped scalars at s's place with s's type.
func (d *Data) sameTag(s site) []*yaml.Node {
	var out []*yaml.Node
	for _, n := range kindOf(d.dict[s.pattern], yaml.ScalarNode) {
		if n.ShortTag() == s.node.ShortTag() {
			out = append(out, n)
		}
	}
	return out
}

// setNumber writes a plain scalar of a resolved type.
func setNumber(n *yaml.Node, tag, value string) {
	n.Tag, n.Value, n.Style = tag, value, 0
}

// brief is a value shortened for a log line.
func brief(n *yaml.Node) string {
	var s string
	switch n.Kind {
	case yaml.ScalarNode:
		s = strconv.Quote(n.Value)
	case yaml.MappingNode:
		s = fmt.Sprintf("{%d keys}", len(n.Content)/2)
	case yaml.SequenceNode:
		s = fmt.Sprintf("[%d items]", len(n.Content))
	default:
		s = "?"
	}
	if r := []rune(s); len(r) > 60 {
		s = string(r[:57]) + "..."
	}
	return s
}

// repairCounts sets the count of every cards component of game.yaml to
// the copies of its deck's cards (of every card when it names no deck),
// counting them as gamedata does: count defaults to 1, deck to the only
// deck. It leaves counts it cannot work out (a count that is not a whole
// number) as they are.
func (d *Data) repairCounts() []string {
	man := d.file("game.yaml")
	var decks []string
	for _, dk := range seqItems(lookup(man.root(), "decks")) {
		if id := lookup(dk, "id"); id != nil {
			decks = append(decks, id.Value)
		}
	}
	copies := map[string]int64{}
	var total int64
	for _, f := range d.files {
		if f.role != "cards" {
			continue
		}
		for _, c := range seqItems(lookup(f.root(), "cards")) {
			n := int64(1)
			if cn := lookup(c, "count"); cn != nil {
				v, err := strconv.ParseInt(cn.Value, 0, 64)
				if err != nil || cn.ShortTag() != "!!int" {
					return nil
				}
				if v != 0 {
					n = v
				}
			}
			deck := ""
			if dn := lookup(c, "deck"); dn != nil {
				deck = dn.Value
			} else if len(decks) == 1 {
				deck = decks[0]
			}
			copies[deck] += n
			total += n
		}
	}
	var log []string
	for _, comp := range seqItems(lookup(man.root(), "components")) {
		kind, count, deck := lookup(comp, "kind"), lookup(comp, "count"), lookup(comp, "deck")
		if kind == nil || kind.Value != "cards" || count == nil || count.ShortTag() != "!!int" {
			continue
		}
		want := total
		if deck != nil {
			want = copies[deck.Value]
		}
		if v := strconv.FormatInt(want, 10); v != count.Value {
			log = append(log, fmt.Sprintf("count game.yaml:components[%s].count: %s -> %s", itemName(comp, 0), count.Value, v))
			setNumber(count, "!!int", v)
			man.dirty = true
		}
	}
	return log
}

// equal reports whether two values are the same data, however written.
func equal(a, b *yaml.Node) bool {
	if a.Kind != b.Kind || len(a.Content) != len(b.Content) {
		return false
	}
	if a.Kind == yaml.ScalarNode && (a.Value != b.Value || a.ShortTag() != b.ShortTag()) {
		return false
	}
	for i := range a.Content {
		if !equal(a.Content[i], b.Content[i]) {
			return false
		}
	}
	return true
}

func deepCopy(n *yaml.Node) *yaml.Node {
	if n == nil {
		return nil
	}
	c := *n
	c.Alias = deepCopy(n.Alias)
	c.Content = make([]*yaml.Node, len(n.Content))
	for i, sub := range n.Content {
		c.Content[i] = deepCopy(sub)
	}
	return &c
}
