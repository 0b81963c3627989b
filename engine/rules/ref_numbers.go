package rules

import (
	"strconv"

	"go.yaml.in/yaml/v3"
)

// Number choices (docs/rules.md, Number choices): an option value:
// {from: A, to: B} offers each whole number from A to B.

// refRange is a number option's ends for one seat, worked out when the
// choice opened.
type refRange struct{ lo, hi int64 }

// openNumbers works out, for seat p (player bound), the ends of each
// number option of choice ch, when the choice opens: a pick keeps the
// meaning it had then, whatever an earlier seat's then changes. More
// than maxNumberChoice numbers is a rules error. Other options get no
// range.
func (s *refState) openNumbers(ch *yaml.Node, env *refEnv, p int) []refRange {
	env = env.bind("player", refSeat(int64(p)))
	var ranges []refRange
	for _, o := range s.g.choiceOptions(ch) {
		var r refRange
		if o.numbers {
			vn := get(o.node, "value")
			r.lo = s.number(s.g.tree(get(vn, "from")), env)
			r.hi = s.number(s.g.tree(get(vn, "to")), env)
			if r.hi-r.lo+1 > maxNumberChoice {
				s.faultf("seat %d is offered %d numbers (from %d to %d), more than the %d a number choice offers", p+1, r.hi-r.lo+1, r.lo, r.hi, maxNumberChoice)
			}
		}
		ranges = append(ranges, r)
	}
	return ranges
}

// The actions of a number option are its numbers, from its low end: the
// number lo+k is action base+k. An empty range (to below from) has none.

// numberValue is the number action a of option o means to a seat whose
// range is r.
func numberValue(o refOption, r refRange, a int) int64 { return r.lo + int64(a-o.base) }

// numberText is a number as the log and a rule test write it.
func numberText(v int64) string { return strconv.FormatInt(v, 10) }
