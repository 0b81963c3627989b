package rules

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
)

// bankPool is testdata/bank with a pool (tokens taken from a supply, each
// turn) and a bounded per-seat value, so the screen's pool and range
// checks have something to read.
var bankPool = map[string][2]string{"rules.yaml": {`  bonus: {type: int, min: 0, max: 3}   # a three-sided die, rolled each turn`,
	`  bonus: {type: int, min: 0, max: 3}   # a three-sided die, rolled each turn
  supply: {type: int, start: 30, min: 0}
  tokens: {type: int, owner: player, min: 0, max: 9, pool: supply}
  odd: {type: int, start: 1, min: 1, max: 1}`}}

// TestInvariantScreen: CheckInvariants' screen passes only when the full
// check finds nothing, so it can hide no broken invariant, and fails a
// state the full check passes only for a zone length no state has
// (which it does not add in lanes). Random
// games are played; after every move the state, and copies of it broken
// in each way the full check looks at, go through both.
func TestInvariantScreen(t *testing.T) {
	never := map[string][2]string{"rules.yaml": {`  bonus: {type: int, min: 0, max: 3}`, `  bonus: {type: int, min: 4, max: 3}`}}
	games := map[string]*Game{
		"crazy-eights": loadGame(t, "../../cards/crazy-eights"),
		"hearts":       loadGame(t, "../../cards/hearts"),
	}
	// More than eight values of min 0 and no max: the screen reads their
	// signs eight at a time, in more than one block.
	counts := map[string][2]string{"rules.yaml": {`  bonus: {type: int, min: 0, max: 3}`, `  bonus: {type: int, min: 0, max: 3}
  spare: {type: int, owner: player, min: 0}
  spent: {type: int, owner: player, min: 0}
  kept: {type: int, owner: player, min: 0}
  rounds: {type: int, min: 0}`}}
	for name, edits := range map[string]map[string][2]string{"bank with a pool": bankPool, "bank with an empty range": never, "bank with many counts": counts} {
		g, found := loadBank(t, edits)
		if g == nil {
			t.Fatalf("%s does not build: %v", name, found)
		}
		games[name] = g
	}
	// Every break may pick any zone or value instance: h picks one.
	type brk struct {
		name string
		f    func(s *state, q, h int)
	}
	counted := func(s *state, h int) int { // a zone instance the full check counts
		var in []int
		for _, z := range s.g.zones {
			if !z.perPlayer {
				in = append(in, z.base)
				continue
			}
			for p := range s.N {
				in = append(in, z.base+p)
			}
		}
		return in[h%len(in)]
	}
	nonEmpty := func(s *state, h int) int { // a counted instance holding cards
		for k := range len(s.zlen) {
			if i := counted(s, h+k); s.zlen[i] > 0 {
				return i
			}
		}
		panic("no cards anywhere")
	}
	absent := func(s *state, h int) int { // a seat's zone not at the table, or -1
		for k := range len(s.g.zones) {
			if z := s.g.zones[(h+k)%len(s.g.zones)]; z.perPlayer && s.N < engine.MaxPlayers {
				return z.base + s.N + h%(engine.MaxPlayers-s.N)
			}
		}
		return -1
	}
	ranged := func(s *state, h int, bound bool) (int, *valueDecl) { // a checked value instance
		var in []int
		var decl []*valueDecl
		for _, v := range s.g.values {
			if bound && v.min == nil && v.max == nil {
				continue
			}
			n := 1
			if v.perPlayer {
				n = s.N
			}
			for p := range n {
				in, decl = append(in, v.base+p), append(decl, v)
			}
		}
		if len(in) == 0 {
			return -1, nil
		}
		return in[h%len(in)], decl[h%len(in)]
	}
	// set sets value instance i of v to x, the supply of v's pool making
	// up the difference, so that only the range is broken.
	set := func(s *state, v *valueDecl, i int, x int64) {
		for _, p := range s.g.pools {
			if slices.Contains(p.held, v) {
				s.vars[p.supply.base] -= x - s.vars[i]
			}
		}
		s.vars[i] = x
	}
	breaks := []brk{
		{"card added", func(s *state, q, h int) { s.zlen[counted(s, h)]++ }},
		{"card lost", func(s *state, q, h int) { s.zlen[nonEmpty(s, h)]-- }},
		{"card moved", func(s *state, q, h int) { s.zlen[nonEmpty(s, h)]--; s.zlen[counted(s, h/3)]++ }},
		{"card to a seat not playing", func(s *state, q, h int) {
			if i := absent(s, h); i >= 0 {
				s.zlen[nonEmpty(s, h)]--
				s.zlen[i]++
			}
		}},
		{"zone of a seat not playing", func(s *state, q, h int) {
			if i := absent(s, h); i >= 0 {
				s.zlen[i] += int16(1 + h%5)
			}
		}},
		// Lengths no zone can have, in sums that come out right or not.
		{"negative length", func(s *state, q, h int) {
			i, j := counted(s, h), counted(s, h/7)
			s.zlen[j] += s.zlen[i] + 1 - int16(h%2)
			s.zlen[i] = -1
		}},
		{"huge length", func(s *state, q, h int) {
			s.zlen[counted(s, h)] += 1 << 14
			s.zlen[counted(s, h/5)] -= 1<<14 + int16(h%2)
		}},
		// Three counted zones in the same 16-bit lane of different words
		// (zone instance i is lane i%4), 65535 cards more in all: a sum of
		// 16-bit lanes that carried would lose them.
		{"lengths that carry", func(s *state, q, h int) {
			var lane []int
			for k := range len(s.zlen) {
				if i := counted(s, h+k); i%4 == counted(s, h)%4 && !slices.Contains(lane, i) {
					lane = append(lane, i)
				}
			}
			if len(lane) >= 3 {
				for _, i := range lane[:3] {
					s.zlen[i] += 21845
				}
			}
		}},
		{"below min", func(s *state, q, h int) {
			if i, v := ranged(s, h, true); v != nil && v.min != nil {
				set(s, v, i, *v.min-1-int64(h%3))
			}
		}},
		{"above max", func(s *state, q, h int) {
			if i, v := ranged(s, h, true); v != nil && v.max != nil {
				set(s, v, i, *v.max+1+int64(h%3))
			}
		}},
		{"at a bound", func(s *state, q, h int) {
			if i, v := ranged(s, h, true); v != nil && v.min != nil && h%2 == 0 {
				s.vars[i] = *v.min
			} else if v != nil && v.max != nil {
				s.vars[i] = *v.max
			}
		}},
		{"extreme value", func(s *state, q, h int) {
			if i, _ := ranged(s, h, false); i >= 0 {
				s.vars[i] = []int64{math.MinInt64, math.MaxInt64, math.MinInt64 + 1, math.MaxInt64 - 1}[h%4]
			}
		}},
		{"value of a seat not playing", func(s *state, q, h int) {
			for _, v := range s.g.values {
				if v.perPlayer && v.min != nil && s.N < engine.MaxPlayers {
					s.vars[v.base+s.N+h%(engine.MaxPlayers-s.N)] = *v.min - 1
				}
			}
		}},
		{"token made", func(s *state, q, h int) {
			for _, p := range s.g.pools {
				s.vars[p.held[h%len(p.held)].base+q]++
			}
		}},
		{"supply grows", func(s *state, q, h int) {
			for _, p := range s.g.pools {
				s.vars[p.supply.base] += 1 + int64(h%2)
			}
		}},
		{"token to a seat not playing", func(s *state, q, h int) {
			for _, p := range s.g.pools {
				if s.N < engine.MaxPlayers {
					s.vars[p.supply.base]--
					s.vars[p.held[0].base+s.N]++
				}
			}
		}},
		{"token returned", func(s *state, q, h int) {
			for _, p := range s.g.pools {
				s.vars[p.held[0].base+q]--
				s.vars[p.supply.base]++
			}
		}},
		{"fault", func(s *state, q, h int) { s.fault = "a broken rule" }},
	}
	// Breaks that keep every invariant the full check reads.
	keep := map[string]bool{"card moved": true, "zone of a seat not playing": true, "value of a seat not playing": true}
	var sc enginetest.Screen
	judge := func(c *state, brk string, where string) {
		// The screen passes only states the full check passes, and fails
		// those only for a length it will not add in lanes.
		want := c.checkAll()
		if hold := c.invariantsHold(); c.fault == "" && hold != (want == nil) && (hold || !oddLength(c)) {
			t.Fatalf("%s, %s: the screen says %v, the full check %v", where, brk, hold, want)
		}
		sc.Judge(t, brk, c.CheckInvariants(), want, where)
	}
	var c state
	for name, g := range games {
		info := g.Info()
		for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
			for game := range uint64(3) {
				s := stateOf(g.NewState(n, engine.StateOptions{}))
				r := engine.NewRand(game)
				var legal, joint []engine.Action
				for !s.IsTerminal() && s.Move < 3000 {
					switch cur := s.CurrentPlayer(); cur {
					case engine.Chance:
						engine.Apply(s, s.SampleChance(r))
					case engine.Simultaneous:
						joint = joint[:0]
						for p := range n {
							if legal = s.LegalActions(engine.Player(p), legal[:0]); len(legal) == 0 {
								joint = append(joint, engine.NoAction)
							} else {
								joint = append(joint, legal[r.Intn(len(legal))])
							}
						}
						s.applyJoint(joint)
					default:
						legal = s.LegalActions(cur, legal[:0])
						engine.Apply(s, legal[r.Intn(len(legal))])
					}
					where := fmt.Sprintf("%s %dp game %d move %d", name, n, game, s.Move)
					// The empty range fails every state, unbroken or not.
					empty := name == "bank with an empty range"
					judge(s, cond(empty, "empty range", "none"), where)
					for _, b := range breaks {
						s.cloneInto(&c)
						b.f(&c, r.Intn(n), r.Intn(1<<20))
						judge(&c, cond(empty, "empty range", b.name), where)
					}
				}
			}
		}
	}
	names := []string{"none", "empty range"}
	for _, b := range breaks {
		names = append(names, b.name)
	}
	keep["none"] = true
	sc.Done(t, names, keep)
}

func cond(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

// oddLength reports a zone instance of a seat at the table with a length
// outside 0 to 2^9-1, which no state reaches (a zone holds at most
// engine.MaxDeck cards).
func oddLength(s *state) bool {
	for _, z := range s.g.zones {
		n := 1
		if z.perPlayer {
			n = s.N
		}
		for p := range n {
			if l := s.zlen[z.base+p]; l < 0 || l >= 1<<9 {
				return true
			}
		}
	}
	return false
}
