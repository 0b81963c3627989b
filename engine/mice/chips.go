package mice

import "github.com/cardpress/cardpress/engine"

// maxChips is the most chips a chipBag holds.
const maxChips = 32

// Where a chip of a chipBag is.
const (
	chipInBag    = iota // in the bag
	chipDrawn           // drawn for the current test, side showing
	chipPlayArea        // left in the play area by an earlier test
)

// chipBag is a bag of two-sided chips (Mice Heist's modifier chips): each
// chip has two values, one side showing once drawn. Drawing is a chance
// move over the chips in the bag (each chip equally likely); which side
// shows is a second chance move, 50/50. Chips drawn for a test go to the
// play area when the test ends; an empty bag is refilled from the play area
// before a draw, never with the chips of the current test.
type chipBag struct {
	sides [maxChips][2]int8
	where [maxChips]uint8
	up    [maxChips]uint8 // 0 or 1: the side showing
	n     int
}

// Reset puts n chips, chip i with sides sides[i], in the bag.
func (b *chipBag) Reset(sides [][2]int) {
	if len(sides) > maxChips {
		panic("mice: too many chips")
	}
	b.n = len(sides)
	for i, s := range sides {
		b.sides[i] = [2]int8{int8(s[0]), int8(s[1])}
		b.where[i] = chipInBag
		b.up[i] = 0
	}
}

// Len is the number of chips; InBag how many are in the bag.
func (b *chipBag) Len() int { return b.n }

// InBag counts the chips in the bag.
func (b *chipBag) InBag() int { return b.count(chipInBag) }

// Where tells where chip i is (chipInBag, chipDrawn, chipPlayArea).
func (b *chipBag) Where(i int) int { return int(b.where[i]) }

// Sides are chip i's two values.
func (b *chipBag) Sides(i int) (int, int) { return int(b.sides[i][0]), int(b.sides[i][1]) }

// Side is the side of chip i showing (0 or 1); Value its value.
func (b *chipBag) Side(i int) int  { return int(b.up[i]) }
func (b *chipBag) Value(i int) int { return int(b.sides[i][b.up[i]]) }

func (b *chipBag) count(w uint8) int {
	k := 0
	for i := 0; i < b.n; i++ {
		if b.where[i] == w {
			k++
		}
	}
	return k
}

// CanDraw reports whether a chip can be drawn: one is in the bag or the
// play area holds one to refill it with.
func (b *chipBag) CanDraw() bool { return b.InBag() > 0 || b.count(chipPlayArea) > 0 }

// RefillIfEmpty returns every play-area chip to an empty bag (the current
// test's drawn chips stay out) and reports whether it did.
func (b *chipBag) RefillIfEmpty() bool {
	if b.InBag() > 0 {
		return false
	}
	moved := false
	for i := 0; i < b.n; i++ {
		if b.where[i] == chipPlayArea {
			b.where[i] = chipInBag
			moved = true
		}
	}
	return moved
}

// DrawOutcomes appends one outcome per chip in the bag (action = chip
// index), each equally likely.
func (b *chipBag) DrawOutcomes(buf []engine.Outcome) []engine.Outcome {
	k := b.InBag()
	for i := 0; i < b.n; i++ {
		if b.where[i] == chipInBag {
			buf = append(buf, engine.Outcome{Action: engine.Action(i), Prob: 1 / float64(k)})
		}
	}
	return buf
}

// SampleDraw picks a chip in the bag uniformly; the bag must not be empty.
func (b *chipBag) SampleDraw(r *engine.Rand) int {
	x := r.Intn(b.InBag())
	for i := 0; i < b.n; i++ {
		if b.where[i] == chipInBag {
			if x == 0 {
				return i
			}
			x--
		}
	}
	panic("mice: SampleDraw from an empty bag")
}

// sideOutcomes appends the two sides, 50/50 (action 0 or 1).
func sideOutcomes(buf []engine.Outcome) []engine.Outcome {
	return append(buf, engine.Outcome{Action: 0, Prob: 0.5}, engine.Outcome{Action: 1, Prob: 0.5})
}

// Draw takes chip i out of the bag for the current test with side up.
func (b *chipBag) Draw(i, side int) {
	if b.where[i] != chipInBag {
		panic("mice: drawing a chip that is not in the bag")
	}
	b.where[i] = chipDrawn
	b.up[i] = uint8(side & 1)
}

// Flip turns chip i over.
func (b *chipBag) Flip(i int) { b.up[i] ^= 1 }

// Drawn appends the chips of the current test, in index order.
func (b *chipBag) Drawn(buf []int) []int {
	for i := 0; i < b.n; i++ {
		if b.where[i] == chipDrawn {
			buf = append(buf, i)
		}
	}
	return buf
}

// DrawnTotal is the sum of the values showing on the current test's chips.
func (b *chipBag) DrawnTotal() int {
	t := 0
	for i := 0; i < b.n; i++ {
		if b.where[i] == chipDrawn {
			t += b.Value(i)
		}
	}
	return t
}

// EndTest moves the current test's chips to the play area.
func (b *chipBag) EndTest() {
	for i := 0; i < b.n; i++ {
		if b.where[i] == chipDrawn {
			b.where[i] = chipPlayArea
		}
	}
}
