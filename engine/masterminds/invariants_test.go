package masterminds

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
	"unsafe"

	"github.com/cardpress/cardpress/engine"
)

// TestInvariantScreen: CheckInvariants' quick screen must fail on every
// state the full check fails on (or it would hide a broken invariant).
// Random games are played; after every move the state, and copies of it
// broken in each way the full check looks at, go through both.
func TestInvariantScreen(t *testing.T) {
	breaks := []struct {
		name string
		f    func(s *state, q, h int)
	}{
		{"gem", func(s *state, q, h int) { s.seats[q].gems[h]++ }},
		{"gem lost", func(s *state, q, h int) { s.seats[q].gems[kindClear]-- }},
		{"bag", func(s *state, q, h int) { s.bag.Put(h, 1) }},
		{"hand", func(s *state, q, h int) { s.seats[q].hand.Add(s.g.preps[h%len(s.g.preps)]) }},
		{"prep deck", func(s *state, q, h int) { s.prepDeck.Add(s.g.preps[0]) }},
		{"prep discard", func(s *state, q, h int) { s.prepDiscard.Add(s.g.preps[0]) }},
		{"resolving", func(s *state, q, h int) { s.resolving-- }},
		{"gear", func(s *state, q, h int) {
			st := &s.seats[q]
			for r := 0; r < int(st.teamN); r++ {
				if st.gear[r] < 0 {
					st.gear[r] = int16(s.g.preps[0])
				} else {
					st.gear[r] = -1
				}
			}
		}},
		// The screen reads all of seat.gear's slots a word at a time: a
		// Gear moved past the team (a slot the full check does not count)
		// must not pass for one still held.
		{"gear past team", func(s *state, q, h int) {
			st := &s.seats[q]
			for r := 0; r < int(st.teamN); r++ {
				if st.gear[r] >= 0 {
					k := int(st.teamN) + h%(len(st.gear)-int(st.teamN))
					st.gear[r], st.gear[k] = -1, st.gear[r]
					return
				}
			}
		}},
		{"team", func(s *state, q, h int) { s.seats[q].teamN++ }},
		{"team over", func(s *state, q, h int) { s.seats[q].teamN = int8(s.g.params.TeamMax + 1) }},
		{"team negative", func(s *state, q, h int) { s.seats[q].teamN = -1 }},
		{"pool", func(s *state, q, h int) { s.poolN++ }},
		{"burn card", func(s *state, q, h int) {
			if s.burnCard < 0 {
				s.burnCard = int16(s.g.talents[0])
			} else {
				s.burnCard = -1
			}
		}},
		{"talent deck", func(s *state, q, h int) { s.talentDeck.Add(s.g.talents[0]) }},
		{"talent discard", func(s *state, q, h int) { s.talentDiscard.Add(s.g.talents[0]) }},
		{"heists kept", func(s *state, q, h int) { s.seats[q].heists++ }},
		{"heist deck", func(s *state, q, h int) { s.heistDeck.Add(s.g.heists[0]) }},
		{"heist queue", func(s *state, q, h int) { s.qLen++ }},
		{"heist A card", func(s *state, q, h int) { s.table[h%s.tableN].a = -1 }},
		{"heist B card", func(s *state, q, h int) { s.table[h%s.tableN].b = -1 - s.table[h%s.tableN].b }},
		{"failure deck", func(s *state, q, h int) { s.failDeck.Add(s.g.failures[0]) }},
		{"failure discard", func(s *state, q, h int) { s.failDiscard.Add(s.g.failures[0]) }},
		{"colour", func(s *state, q, h int) { s.seats[q].card = -1 - s.seats[q].card }},
		{"colour deck", func(s *state, q, h int) { s.colourDeck.Add(s.g.masterminds[0]) }},
		{"cash", func(s *state, q, h int) { s.seats[q].cash++ }},
		{"flipped", func(s *state, q, h int) { s.seats[q].flipped-- }},
		{"cash supply", func(s *state, q, h int) { s.cashSupply++ }},
		// The screen adds the seats' counters a byte each: values a byte
		// sum could carry or wrap must not pass for the right totals.
		{"cash large", func(s *state, q, h int) { s.seats[q].cash += 40; s.seats[(q+1)%s.N].flipped -= 39 }},
		{"cash negative", func(s *state, q, h int) { s.seats[q].cash -= 10; s.cashSupply += 9 }},
		{"heists wrap", func(s *state, q, h int) { s.seats[q].heists -= 100; s.seats[(q+1)%s.N].heists += 99 }},
		// The gems too, a byte a kind: 255 more of a kind someone holds
		// make that kind's byte sum carry into the next one's (so it shows
		// 255 fewer, the very total wanted).
		{"gems carry", func(s *state, q, h int) {
			for k := range nKinds {
				for o := 0; o < s.N && k%8 != 7; o++ {
					if s.seats[o].gems[k] > 0 {
						s.seats[q].gems[k] += 128
						s.seats[(q+1)%s.N].gems[k] += 127
						return
					}
				}
			}
		}},
		{"team large", func(s *state, q, h int) { s.seats[q].teamN = 40 }},
		{"markers large", func(s *state, q, h int) { s.seats[q].markers = 40 }},
		{"markers", func(s *state, q, h int) { s.seats[q].markers++ }},
		{"markers negative", func(s *state, q, h int) { s.seats[q].markers = -1 }},
		{"markers over", func(s *state, q, h int) { s.seats[q].markers = int8(s.g.params.MarkersPerPlayer + 1) }},
		{"marker placed", func(s *state, q, h int) { s.table[h%s.tableN].prog[q]++ }},
		{"marker moved", func(s *state, q, h int) {
			for k := 0; k < s.tableN; k++ {
				if s.table[k].prog[q] > 0 {
					s.table[k].prog[q]--
					s.table[(k+1)%s.tableN].prog[q]++
					return
				}
			}
		}},
		{"marker and die", func(s *state, q, h int) { s.table[h%s.tableN].prog[q]++; s.seats[q].markers++ }},
		{"full heist", func(s *state, q, h int) {
			sl := &s.table[h%s.tableN]
			s.seats[q].markers += int8(stepsPerHeist) - int8(sl.prog[q])
			sl.prog[q] = stepsPerHeist
		}},
		{"too many", func(s *state, q, h int) {
			sl := &s.table[h%s.tableN]
			s.seats[q].markers += int8(stepsPerHeist+1) - int8(sl.prog[q])
			sl.prog[q] = stepsPerHeist + 1
		}},
		{"completing", func(s *state, q, h int) { s.completing = h % s.tableN }},
		{"empty slot", func(s *state, q, h int) {
			sl := &s.table[h%s.tableN]
			if sl.prog[q] > 0 {
				sl.a, sl.b = -1, -1
			}
		}},
	}
	caught := make([]int, len(breaks))
	ranges := ledgerRanges(t)
	for _, variant := range []map[string]string{nil, draft, {"recall_markers": "true", "markers_per_player": "2"}} {
		g := fixture(t, variant)
		for players := 2; players <= 5; players++ {
			for game := 0; game < 2; game++ {
				s := g.NewState(players, engine.StateOptions{}).(*state)
				r := engine.NewRand(uint64(100*players + game))
				var legal []engine.Action
				for n := 0; s.cur != engine.Terminal && n < 2000; n++ {
					if s.cur == engine.Chance {
						engine.Apply(s, s.SampleChance(r))
					} else {
						legal = s.LegalActions(s.cur, legal[:0])
						engine.Apply(s, legal[r.Intn(len(legal))])
					}
					if err := s.invariantError(); err != nil {
						t.Fatalf("move %d: %v", s.Move, err)
					}
					// As the runner does: the groups left dirty are those
					// whose screen has not passed since they changed.
					if err := s.CheckInvariants(); err != nil {
						t.Fatalf("move %d: %v", s.Move, err)
					}
					if d := changedGroups(ranges, s, s.CloneInto(nil).(*state)); d != 0 {
						t.Fatalf("a copy differs from the state in ledger groups %08b", d)
					}
					for i, b := range breaks {
						c := s.CloneInto(nil).(*state)
						b.f(c, r.Intn(players), r.Intn(maxHeists))
						err := c.invariantError()
						// The groups whose tagged fields the break changed,
						// which the writes' marks would have set.
						c.dirty |= changedGroups(ranges, s, c)
						if err == nil {
							if c.CheckInvariants() != nil {
								t.Fatalf("%dp move %d, %s: CheckInvariants fails a state the full check passes", players, s.Move, b.name)
							}
							continue
						}
						caught[i]++
						if c.invariantsHold() {
							t.Fatalf("%dp move %d, %s: the screen passes a state the full check fails: %v", players, s.Move, b.name, err)
						}
						// The screen of the changed groups alone must catch it.
						if c.groupsHold(c.dirty) {
							t.Fatalf("%dp move %d, %s: the screen of the changed groups %08b passes a state the full check fails: %v", players, s.Move, b.name, c.dirty, err)
						}
						if c.CheckInvariants() == nil {
							t.Fatalf("%dp move %d, %s: CheckInvariants passes a state the full check fails", players, s.Move, b.name)
						}
					}
				}
			}
		}
	}
	for i, b := range breaks {
		if caught[i] == 0 {
			t.Errorf("%s: the full check never failed; the test does not exercise it", b.name)
		}
	}
}

// ledgerRange is a tagged field's bytes within a state, and its groups.
type ledgerRange struct {
	off, size uintptr
	groups    uint8
}

// ledgerRanges finds every tagged field of state by reflection (in the
// seats and heist slots too), so that a test sees which groups a change
// touched without naming the fields.
func ledgerRanges(t *testing.T) []ledgerRange {
	var ranges []ledgerRange
	var walk func(typ reflect.Type, off uintptr)
	walk = func(typ reflect.Type, off uintptr) {
		switch typ.Kind() {
		case reflect.Array:
			for i := range typ.Len() {
				walk(typ.Elem(), off+uintptr(i)*typ.Elem().Size())
			}
		case reflect.Struct:
			for i := range typ.NumField() {
				f := typ.Field(i)
				tag, ok := f.Tag.Lookup("ledger")
				if !ok {
					if f.Type.PkgPath() == typ.PkgPath() || f.Type.Kind() == reflect.Array {
						walk(f.Type, off+f.Offset)
					}
					continue
				}
				r := ledgerRange{off: off + f.Offset, size: f.Type.Size()}
				for _, n := range strings.Fields(tag) {
					g, ok := ledgerGroups[n]
					if !ok {
						t.Fatalf("field %s: unknown ledger group %q", f.Name, n)
					}
					r.groups |= g
				}
				ranges = append(ranges, r)
			}
		}
	}
	walk(reflect.TypeFor[state](), 0)
	return ranges
}

// changedGroups is the groups of the tagged fields that differ between a
// and b.
func changedGroups(ranges []ledgerRange, a, b *state) uint8 {
	n := unsafe.Sizeof(*a)
	pa := unsafe.Slice((*byte)(unsafe.Pointer(a)), n)
	pb := unsafe.Slice((*byte)(unsafe.Pointer(b)), n)
	var d uint8
	for _, r := range ranges {
		if !bytes.Equal(pa[r.off:r.off+r.size], pb[r.off:r.off+r.size]) {
			d |= r.groups
		}
	}
	return d
}
