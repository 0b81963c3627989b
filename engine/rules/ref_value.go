package rules

import (
	"fmt"
	"strconv"
)

// The reference interpreter (ref_*.go) is the executable definition of
// the rules language: a plain tree-walking interpreter over the rules
// file's statements (YAML nodes) and expressions (package expr's trees),
// written to be read, not to be fast. The fast engine (compile.go,
// expr.go, stmt.go, native.go, state.go) must play every game the same
// move for move; the agreement tests and FuzzReferenceAgrees hold it to
// that (docs/rules.md, The reference interpreter).
//
// The compiler still checks a rules file (names, types, limits): the
// reference plays only files that build, and reads the compiler's
// declarations (zones, values, cards, fields, card lists), which are data,
// not behaviour. Everything that happens in play is decided here.

// refVal is a value at run time, with its type: the reference checks
// nothing statically, so each value says what it is. A card's list
// (kEntries) is its card in n and its list in t.list; an entry (kEntry)
// its index in n, its list in t.list and the key path begun in t.path.
type refVal struct {
	t typ
	// n is a number, a bool (0/1), a seat or card (-1: none), an enum
	// value's index (-1: none), an entry's index, an item's index.
	n int64
	// lit is a quoted name, a text parameter or none ("\x00none"), typed
	// by its use (kLit).
	lit string
	// zone is a zone's instance and filters (kZone).
	zone *refZone
	// items are a list parameter's items (kList, kRecs, and the list of
	// a kRec): numbers, words or mappings.
	items []any
}

// refZone is a zone instance and the where conditions its cards must
// meet, each with the bindings it was written in.
type refZone struct {
	inst    int
	filters []refFilter
}

type refFilter struct {
	cond *node
	env  *refEnv
}

const refNone = "\x00none"

func refInt(n int64) refVal  { return refVal{t: typ{k: kInt}, n: n} }
func refBool(b bool) refVal  { return refVal{t: typ{k: kBool}, n: b2i(b)} }
func refSeat(p int64) refVal { return refVal{t: typ{k: kSeat}, n: p} }
func refCard(c int64) refVal { return refVal{t: typ{k: kCard}, n: c} }
func refLit(s string) refVal { return refVal{t: typ{k: kLit}, lit: s} }

// refEnv binds the names statements and aggregates bind (player, card,
// value, seat, item, an as: or for_each name) to values: an immutable
// list, innermost first, so an inner binding hides an outer one and a
// state's clone shares it.
type refEnv struct {
	up   *refEnv
	name string
	v    refVal
}

func (e *refEnv) bind(name string, v refVal) *refEnv { return &refEnv{up: e, name: name, v: v} }

func (e *refEnv) lookup(name string) (refVal, bool) {
	for b := e; b != nil; b = b.up {
		if b.name == name {
			return b.v, true
		}
	}
	return refVal{}, false
}

// refFault is a rules error: the game stops, nobody wins. The
// interpreter panics with it and the statement loop recovers it.
type refFault struct{ msg string }

func (s *refState) faultf(format string, args ...any) {
	panic(refFault{fmt.Sprintf(format, args...)})
}

// coerce gives a quoted name (or none) the type t its use wants: an enum
// value's index, a card's index by id, a text as itself. Any other value
// already has its type (the compiler checked it).
func (s *refState) coerce(v refVal, t typ) refVal {
	if v.t.k != kLit {
		return v
	}
	if v.lit == refNone {
		return refVal{t: t, n: -1}
	}
	switch t.k {
	case kEnum:
		for i, w := range t.enum.values {
			if w == v.lit {
				return refVal{t: t, n: int64(i)}
			}
		}
	case kCard:
		for i, c := range s.g.fast.cards {
			if c.id == v.lit {
				return refCard(int64(i))
			}
		}
	case kLit, kStr:
		return v
	}
	s.faultf("'%s' is not %s", v.lit, t)
	return v
}

// equal is == of two values of one type, a quoted name taking the type of
// the other side; two names compare as text.
func (s *refState) equal(a, b refVal) bool {
	switch {
	case a.t.k == kLit && b.t.k == kLit:
		return a.lit == b.lit
	case a.t.k == kLit:
		a = s.coerce(a, b.t)
	case b.t.k == kLit:
		b = s.coerce(b, a.t)
	}
	return a.n == b.n
}

// refItem is an item of a list parameter as a value: a number, or a
// word typed by its use.
func refItem(it any) refVal {
	switch v := it.(type) {
	case int:
		return refInt(int64(v))
	case string:
		return refLit(v)
	}
	return refLit(fmt.Sprint(it))
}

// show writes v in words, as the log does.
func (s *refState) show(t typ, n int64) string {
	switch t.k {
	case kBool:
		return strconv.FormatBool(n != 0)
	case kSeat:
		return seatWord(n)
	case kCard:
		return s.cardName(n)
	case kEnum:
		if n < 0 || int(n) >= len(t.enum.values) {
			return "none"
		}
		return t.enum.values[n]
	}
	return strconv.FormatInt(n, 10)
}

func (s *refState) cardName(c int64) string {
	if c < 0 || int(c) >= len(s.g.fast.cards) {
		return "no card"
	}
	return s.g.fast.cards[c].name
}
