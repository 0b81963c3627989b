package rules

import (
	"fmt"
	"sync"

	"github.com/cardpress/cardpress/engine"
	ast "github.com/cardpress/cardpress/expr"

	"go.yaml.in/yaml/v3"
)

// RefGame is a rules file played by the reference interpreter: the same
// game as the fast engine's Game, defined plainly (see ref_value.go).
type RefGame struct {
	fast        *Game
	zoneByName  map[string]*zoneDecl
	valueByName map[string]*valueDecl
	defines     map[string]*node
	play        *yaml.Node
	winners     []refRank

	// trees caches each expression's parse and options each choice's
	// options, read from the file as play reaches them; states may play
	// in parallel.
	mu      sync.Mutex
	trees   map[*yaml.Node]*node
	assigns map[*yaml.Node]*refAssign
	options map[*yaml.Node][]refOption
}

// refRank is one line of winners.
type refRank struct {
	highest bool
	expr    *yaml.Node
}

// refAssign is a set statement: target op value.
type refAssign struct {
	target *node
	op     string
	value  *node
}

// refOption is one option of a choice: its kind, its actions (base to
// base+size-1, the options' ranges in order), and its YAML.
type refOption struct {
	kind       optKind
	name       string
	base, size int
	at         int       // its place among the choice's options
	enum       *enumType // a value option's type; nil: seats or numbers
	numbers    bool      // a number option, value: {from, to} (ref_numbers.go)
	node       *yaml.Node
}

// Reference builds the reference interpreter for a built game.
func Reference(g *Game) *RefGame {
	r := &RefGame{fast: g, zoneByName: map[string]*zoneDecl{}, valueByName: map[string]*valueDecl{}, defines: map[string]*node{},
		trees: map[*yaml.Node]*node{}, assigns: map[*yaml.Node]*refAssign{}, options: map[*yaml.Node][]refOption{}}
	for _, z := range g.zones {
		r.zoneByName[z.name] = z
	}
	for _, v := range g.values {
		r.valueByName[v.name] = v
	}
	root := g.data.Rules.Root
	keys, vals := pairs(get(root, "define"))
	for i, k := range keys {
		r.defines[k.Value] = r.tree(vals[i])
	}
	r.play = get(root, "play")
	for _, w := range seqItems(get(root, "winners")) {
		if h := get(w, "highest"); h != nil {
			r.winners = append(r.winners, refRank{highest: true, expr: h})
		} else if l := get(w, "lowest"); l != nil {
			r.winners = append(r.winners, refRank{expr: l})
		}
	}
	return r
}

func seqItems(n *yaml.Node) []*yaml.Node {
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	return n.Content
}

// tree is the parse of an expression (the file built, so it parses).
func (r *RefGame) tree(n *yaml.Node) *node {
	r.mu.Lock()
	defer r.mu.Unlock()
	if t, ok := r.trees[n]; ok {
		return t
	}
	t, err := parseExpr(n.Value)
	if err != nil {
		panic(fmt.Sprintf("rules reference: %q does not parse: %v", n.Value, err))
	}
	r.trees[n] = t
	return t
}

func (r *RefGame) assign(n *yaml.Node) *refAssign {
	r.mu.Lock()
	defer r.mu.Unlock()
	if a, ok := r.assigns[n]; ok {
		return a
	}
	target, op, _, value, err := ast.ParseAssign(n.Value)
	if err != nil {
		panic(fmt.Sprintf("rules reference: %q does not parse: %v", n.Value, err))
	}
	a := &refAssign{target: target, op: op, value: value}
	r.assigns[n] = a
	return a
}

// choiceOptions are a choose's options with their actions: a card option
// has one action per card of the game (the card's index), a value option
// one per value of its type (or per seat, engine.MaxPlayers; or, for a
// number option, maxNumberChoice from its low end), an action option
// one.
func (r *RefGame) choiceOptions(ch *yaml.Node) []refOption {
	r.mu.Lock()
	defer r.mu.Unlock()
	if o, ok := r.options[ch]; ok {
		return o
	}
	var opts []refOption
	base := 0
	for _, on := range seqItems(get(ch, "options")) {
		o := refOption{base: base, node: on, at: len(opts)}
		switch {
		case get(on, "card") != nil:
			o.kind, o.name, o.size = optCard, "play", len(r.fast.cards)
		case get(on, "value") != nil && get(on, "value").Kind == yaml.MappingNode:
			o.kind, o.name, o.size, o.numbers = optValue, "name", maxNumberChoice, true
		case get(on, "value") != nil:
			o.kind, o.name, o.size = optValue, "name", engine.MaxPlayers
			if e, ok := r.fast.types[get(on, "value").Value]; ok {
				o.enum, o.size = e, len(e.values)
			}
		case get(on, "action") != nil:
			o.kind, o.name, o.size = optAction, get(on, "action").Value, 1
		default:
			panic(fmt.Sprintf("rules reference: no definition of the option at line %d: add it to choiceOptions", on.Line))
		}
		if n := get(on, "name"); n != nil {
			o.name = n.Value
		}
		base += o.size
		opts = append(opts, o)
	}
	r.options[ch] = opts
	return opts
}

func (r *RefGame) Info() engine.Info                  { return r.fast.Info() }
func (r *RefGame) CardRules(i int) []engine.RulesLine { return r.fast.CardRules(i) }

// NewState starts a game: the program runs to its first decision.
func (r *RefGame) NewState(players int, opts engine.StateOptions) engine.State {
	if r.fast.simultaneous {
		s := &refSimState{refState{g: r}}
		s.Reset(players, opts)
		return s
	}
	s := &refState{g: r}
	s.Reset(players, opts)
	return s
}
