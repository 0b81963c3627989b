package rules

import (
	"strconv"

	"github.com/cardpress/cardpress/engine"
	"go.yaml.in/yaml/v3"
)

// maxNumberChoice is the most numbers one number choice offers (to - from
// + 1): a bid or a count of chips taken is a few dozen numbers, and each
// number is an action the bots and lint's probes weigh at every decision.
const maxNumberChoice = 1000

// numRange is a number option, value: {from: EXPR, to: EXPR}: its ends
// are worked out when the choice opens, for each seat deciding, and kept
// in slots (lo+p, hi+p), so a pick means the number it meant when it was
// made, even after another seat's pick changed the table.
type numRange struct {
	from, to eval
	lo, hi   int // the first of engine.MaxPlayers slots each
	pos      *yaml.Node
}

// numberOption compiles a number option's value: {from, to}; player is
// bound in both.
func (c *compiler) numberOption(o *option, vn *yaml.Node, sc *scope) {
	from, to := get(vn, "from"), get(vn, "to")
	if from == nil || to == nil || len(vn.Content) != 4 {
		c.report(codeStructure.At(c.at(vn), "a number choice is value: {from: EXPR, to: EXPR}, the first and last number offered"))
		return
	}
	f, t := c.expr(from, sc, typ{k: kInt}, "from"), c.expr(to, sc, typ{k: kInt}, "to")
	if f.konst && t.konst && t.kv-f.kv+1 > maxNumberChoice {
		c.report(codeLimit.At(c.at(vn), "a number choice offers at most %d numbers, not %d (from %d to %d)", maxNumberChoice, t.kv-f.kv+1, f.kv, t.kv))
	}
	r := &numRange{from: f.ev, to: t.ev, pos: vn}
	r.lo = c.newSlot(true)
	for range engine.MaxPlayers*2 - 1 {
		c.newSlot(true)
	}
	r.hi = r.lo + engine.MaxPlayers
	o.num, o.size = r, maxNumberChoice
}

// openNumbers works out the ends of ch's number options for seat p as the
// choice opens, reporting false on a rules error (a range too large).
func (s *state) openNumbers(ch *choice, p int) bool {
	saved := s.slots[ch.seat]
	s.slots[ch.seat] = int64(p)
	defer func() { s.slots[ch.seat] = saved }()
	for _, o := range ch.opts {
		r := o.num
		if r == nil {
			continue
		}
		lo, hi := r.from(s), r.to(s)
		if s.fault != "" {
			return false
		}
		if hi-lo+1 > maxNumberChoice {
			s.failAt(&o.pos, "seat %d is offered %d numbers (from %d to %d), more than the %d a number choice offers%s", p+1, hi-lo+1, lo, hi, maxNumberChoice, choiceName(ch))
			return false
		}
		s.slots[r.lo+p], s.slots[r.hi+p] = lo, hi
	}
	return true
}

// numbersOpen opens ch's number options (ch.numbers) for every seat
// deciding: p, or every seat at a choice of all.
func (s *state) numbersOpen(ch *choice, p int) bool {
	if !ch.all {
		return s.openNumbers(ch, p)
	}
	for q := range s.N {
		if !s.openNumbers(ch, q) {
			return false
		}
	}
	return true
}

// legalNumbers appends seat p's legal numbers of option o: from its low
// end to its high end, those its if allows. An empty range (to below
// from) offers none.
func (s *state) legalNumbers(o *option, p int, buf []engine.Action) []engine.Action {
	lo, hi := s.slots[o.num.lo+p], s.slots[o.num.hi+p]
	for v := lo; v <= hi; v++ {
		s.slots[o.slot] = v
		if o.cond == nil || o.cond(s) != 0 {
			buf = append(buf, engine.Action(o.base+int(v-lo)))
		}
	}
	return buf
}

// optionValue is what action a of option o binds for seat p: a card, a
// seat, an enum value's index, or a number.
func (s *state) optionValue(o *option, p int, a engine.Action) int64 {
	v := int64(int(a) - o.base)
	if o.num != nil {
		v += s.slots[o.num.lo+p]
	}
	return v
}

// numberWord is a number option's action as a test and the log write it.
func numberWord(v int64) string { return strconv.FormatInt(v, 10) }
