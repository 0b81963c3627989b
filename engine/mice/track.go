package mice

import "github.com/cardpress/cardpress/engine"

// maxTrack is the most spaces a track has.
const maxTrack = 32

// track is a contribution track (Mice Heist): spaces 1..Len, at most one
// marker per space, each seat on it at most once (position 0 = off the
// track). Movement follows the book exactly:
//
//   - Increase by k: count k spaces up from your space (from before the
//     first space when off the track); if that space is occupied, go on to
//     the next free space above it; past the end, or with no free space
//     above, land on the highest free space.
//   - Decrease by k: count k spaces down; if that space is occupied, go on
//     to the next free space below it; below the first space, or with no
//     free space below, leave the track.
type track struct {
	occ [maxTrack + 1]int8 // seat+1 on each space, 0 free; index 0 unused
	pos [engine.MaxPlayers]uint8
	n   int
}

// newTrack is an empty track of n spaces.
func newTrack(n int) track {
	if n < 1 || n > maxTrack {
		panic("mice: track length out of range")
	}
	return track{n: n}
}

// Len is the number of spaces.
func (t *track) Len() int { return t.n }

// Pos is seat's space (0 = off the track).
func (t *track) Pos(seat int) int { return int(t.pos[seat]) }

// At is the seat on space i, or -1.
func (t *track) At(i int) int { return int(t.occ[i]) - 1 }

// Place puts seat on space i (tests and set-up); 0 takes it off.
func (t *track) Place(seat, i int) {
	t.lift(seat)
	if i > 0 {
		if t.occ[i] != 0 {
			panic("mice: Place on an occupied space")
		}
		t.occ[i] = int8(seat + 1)
		t.pos[seat] = uint8(i)
	}
}

func (t *track) lift(seat int) {
	if p := t.pos[seat]; p > 0 {
		t.occ[p] = 0
		t.pos[seat] = 0
	}
}

// Increase moves seat up k spaces and returns its new space. overflow is
// true when the count ran past the end (or found no free space above) and
// the marker landed on the highest free space instead.
func (t *track) Increase(seat, k int) (space int, overflow bool) {
	if k <= 0 {
		return t.Pos(seat), false
	}
	from := t.Pos(seat)
	t.lift(seat)
	target := from + k
	for i := target; i <= t.n; i++ {
		if t.occ[i] == 0 {
			t.Place(seat, i)
			return i, false
		}
	}
	for i := t.n; i >= 1; i-- {
		if t.occ[i] == 0 {
			t.Place(seat, i)
			return i, true
		}
	}
	return 0, true // every space taken by others: cannot happen with n >= seats
}

// Decrease moves seat down k spaces and returns its new space (0: off).
func (t *track) Decrease(seat, k int) int {
	from := t.Pos(seat)
	if k <= 0 || from == 0 {
		return from
	}
	t.lift(seat)
	for i := from - k; i >= 1; i-- {
		if t.occ[i] == 0 {
			t.Place(seat, i)
			return i
		}
	}
	return 0
}

// Order appends the seats on the track from the highest space down.
func (t *track) Order(buf []int) []int {
	for i := t.n; i >= 1; i-- {
		if t.occ[i] != 0 {
			buf = append(buf, int(t.occ[i])-1)
		}
	}
	return buf
}
