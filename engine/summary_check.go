package engine

import (
	"fmt"
	"maps"
	"math/bits"
	"slices"

	"github.com/cardpress/cardpress/internal/sat"
)

// FieldError is a problem with one field of a summary, named by its path
// in the summary's JSON form: Games, SeatWins/3, Tally/CardWon/7.
type FieldError struct {
	Field, Problem string
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Problem }

func fieldErr(field, format string, args ...any) error {
	return &FieldError{Field: field, Problem: fmt.Sprintf(format, args...)}
}

// Check reports the first way s contradicts itself, as a *FieldError,
// so that a summary read from a file (a merge shard) is refused rather
// than printed as a negative game count, a share over 100% or a NaN. It
// checks what every summary the runner makes satisfies: no count below
// zero, no count of games above Games, sums within what the counts allow.
func (s *Summary) Check() error {
	if s.Players < 1 || s.Players > MaxPlayers {
		return fieldErr("Players", "%d is not a player count (1-%d)", s.Players, MaxPlayers)
	}
	if s.Games < 0 {
		return fieldErr("Games", "%d is negative", s.Games)
	}
	for _, f := range []struct {
		name, firstName string
		n               int
		first           *Result
	}{
		{"Capped", "FirstCapped", s.Capped, s.FirstCapped},
		{"Panics", "FirstPanic", s.Panics, s.FirstPanic},
		{"Invariants", "FirstInvariant", s.Invariants, s.FirstInvariant},
	} {
		switch {
		case f.n < 0 || f.n > s.Games:
			return fieldErr(f.name, "%d is not between 0 and the %d games", f.n, s.Games)
		case f.n > 0 && f.first == nil:
			return fieldErr(f.firstName, "missing, but %s is %d", f.name, f.n)
		case f.n == 0 && f.first != nil:
			return fieldErr(f.firstName, "a game, but %s is 0", f.name)
		}
		if err := s.checkFirst(f.firstName, f.first); err != nil {
			return err
		}
	}
	if s.Tally == nil {
		return fieldErr("Tally", "missing")
	}
	if len(s.FirstCounted) != len(s.Tally.Counters) {
		return fieldErr("FirstCounted", "%d games for %d counters", len(s.FirstCounted), len(s.Tally.Counters))
	}
	for i, r := range s.FirstCounted {
		if err := s.checkFirst(fmt.Sprintf("FirstCounted/%d", i), r); err != nil {
			return err
		}
	}
	if err := s.checkWins(); err != nil {
		return err
	}
	var ended int64
	for _, cause := range s.Causes() {
		n := s.EndCauses[cause]
		if cause == "" {
			return fieldErr("EndCauses", "a cause without a name")
		}
		if n < 0 {
			return fieldErr("EndCauses/"+cause, "%d is negative", n)
		}
		ended = sat.Add(ended, int64(n))
	}
	if ended > int64(s.Games) {
		return fieldErr("EndCauses", "%d games ended, more than the %d played", ended, s.Games)
	}
	if err := s.checkMoves(); err != nil {
		return err
	}
	return s.Tally.check()
}

// checkFirst checks a game kept to be replayed: one of these games.
func (s *Summary) checkFirst(field string, r *Result) error {
	switch {
	case r == nil:
		return nil
	case r.Players != s.Players:
		return fieldErr(field+"/Players", "%d in a summary of %d players", r.Players, s.Players)
	case r.Index < 0 || r.Moves < 0:
		return fieldErr(field, "game %d of %d moves", r.Index, r.Moves)
	}
	return nil
}

// checkWins: seats win shares of one game's win, so each seat wins at most
// every game and all seats together at most every game; seats beyond the
// player count never win.
func (s *Summary) checkWins() error {
	var total int64
	for seat, w := range s.SeatWins {
		switch {
		case w < 0:
			return fieldErr(fmt.Sprintf("SeatWins/%d", seat), "%d is negative", w)
		case w > 0 && seat >= s.Players:
			return fieldErr(fmt.Sprintf("SeatWins/%d", seat), "seat %d won in a %d-player game", seat+1, s.Players)
		}
		total = sat.Add(total, w)
	}
	if !productAtLeast(int64(s.Games), shareUnit, total) {
		return fieldErr("SeatWins", "%.6g wins (in 1/%d: %d) in %d games", float64(total)/shareUnit, shareUnit, total, s.Games)
	}
	return nil
}

// checkMoves: every game's length lies between MovesMin and MovesMax, so
// the sums do too, and the histogram, when the file has one, adds up to
// exactly the counts and sums.
func (s *Summary) checkMoves() error {
	if s.MovesSum < 0 || s.MovesSq < 0 {
		return fieldErr("MovesSum", "%d with squares %d: negative", s.MovesSum, s.MovesSq)
	}
	if s.Games == 0 {
		if s.MovesSum != 0 || s.MovesSq != 0 || len(s.MovesHist) != 0 {
			return fieldErr("MovesSum", "%d moves in no games", s.MovesSum)
		}
		return nil
	}
	games, lo, hi := int64(s.Games), int64(s.MovesMin), int64(s.MovesMax)
	switch {
	case lo < 0 || lo > hi:
		return fieldErr("MovesMin", "%d with MovesMax %d", lo, hi)
	case !productAtMost(games, lo, s.MovesSum) || !productAtLeast(games, hi, s.MovesSum):
		return fieldErr("MovesSum", "%d is not between %d games × %d and × %d moves", s.MovesSum, games, lo, hi)
	case !productAtMost(s.MovesSum, lo, s.MovesSq) || !productAtLeast(s.MovesSum, hi, s.MovesSq):
		return fieldErr("MovesSq", "%d is not between %d moves × %d and × %d", s.MovesSq, s.MovesSum, lo, hi)
	}
	if s.MovesHist == nil { // written before the histogram existed
		return nil
	}
	// The sums stay within 64 bits, or they already exceed the summary's.
	var counted, sum, sq uint64
	countsFit, sumsFit := true, true
	for _, moves := range slices.Sorted(maps.Keys(s.MovesHist)) {
		n := s.MovesHist[moves]
		switch {
		case n < 0:
			return fieldErr(fmt.Sprintf("MovesHist/%d", moves), "%d is negative", n)
		case int64(moves) < lo || int64(moves) > hi:
			return fieldErr(fmt.Sprintf("MovesHist/%d", moves), "a length outside MovesMin %d and MovesMax %d", lo, hi)
		}
		var ok1, ok2, ok3 bool
		counted, ok1 = mulAdd(counted, uint64(n))
		sum, ok2 = mulAdd(sum, uint64(n), uint64(moves))
		sq, ok3 = mulAdd(sq, uint64(n), uint64(moves), uint64(moves))
		countsFit = countsFit && ok1
		sumsFit = sumsFit && ok2 && ok3
	}
	switch {
	case !countsFit || counted != uint64(games):
		return fieldErr("MovesHist", "the counts do not add up to the %d games", games)
	case !sumsFit || sum != uint64(s.MovesSum) || sq != uint64(s.MovesSq):
		return fieldErr("MovesHist", "the lengths do not add up to MovesSum %d and MovesSq %d", s.MovesSum, s.MovesSq)
	}
	return nil
}

// check: a tally's per-card counts are non-negative and nested as the
// engine counts them: a card offered was in hand, a card chosen or played
// by a seat was played, and a card's won share is at most one win per play.
func (t *Tally) check() error {
	n := len(t.CardInHand)
	for _, a := range []struct {
		name string
		v    []int64
	}{{"CardPlayed", t.CardPlayed}, {"CardOffered", t.CardOffered}, {"CardChosen", t.CardChosen}} {
		if len(a.v) != n {
			return fieldErr("Tally/"+a.name, "%d cards, CardInHand %d", len(a.v), n)
		}
	}
	// Files from before CardPlayedBy and CardWon existed have neither.
	won := len(t.CardPlayedBy) > 0 || len(t.CardWon) > 0
	if won && (len(t.CardPlayedBy) != n || len(t.CardWon) != n) {
		return fieldErr("Tally/CardWon", "%d and CardPlayedBy %d cards, CardInHand %d", len(t.CardWon), len(t.CardPlayedBy), n)
	}
	for c := range n {
		switch {
		case t.CardInHand[c] < 0, t.CardPlayed[c] < 0, t.CardOffered[c] < 0, t.CardChosen[c] < 0:
			return fieldErr("Tally", "card %d has a negative count", c)
		case t.CardOffered[c] > t.CardInHand[c]:
			return fieldErr(fmt.Sprintf("Tally/CardOffered/%d", c), "offered %d times, in hand only %d", t.CardOffered[c], t.CardInHand[c])
		case t.CardChosen[c] > t.CardPlayed[c]:
			return fieldErr(fmt.Sprintf("Tally/CardChosen/%d", c), "chosen %d times, played only %d", t.CardChosen[c], t.CardPlayed[c])
		case !won:
			continue
		case t.CardPlayedBy[c] < 0 || t.CardPlayedBy[c] > t.CardPlayed[c]:
			return fieldErr(fmt.Sprintf("Tally/CardPlayedBy/%d", c), "%d plays by seats, of %d plays", t.CardPlayedBy[c], t.CardPlayed[c])
		case t.CardWon[c] < 0 || !productAtLeast(t.CardPlayedBy[c], shareUnit, t.CardWon[c]):
			return fieldErr(fmt.Sprintf("Tally/CardWon/%d", c), "%d/%d wins from %d plays", t.CardWon[c], shareUnit, t.CardPlayedBy[c])
		}
	}
	for i, v := range t.Counters {
		if v < 0 {
			return fieldErr(fmt.Sprintf("Tally/Counters/%d", i), "%d is negative", v)
		}
	}
	return nil
}

// MergeChecked adds o to s like Merge, unless the two do not fit together
// (other player, card or counter counts) or a sum would not fit 64 bits;
// then s is left as it was and the error names the field. Its values are
// those of summaries that pass Check.
func (s *Summary) MergeChecked(o *Summary) error {
	if !sameShape(s, o) {
		return fieldErr("Tally", "the summaries count different cards, counters or players")
	}
	if field := s.overflows(o); field != "" {
		return fieldErr(field, "the sum does not fit 64 bits")
	}
	s.Merge(o)
	return nil
}

// sameShape reports whether Merge can add o to s without reaching past the
// end of a list, and keeping every sum whole.
func sameShape(s, o *Summary) bool {
	if s.Tally == nil || o.Tally == nil || s.Players != o.Players || len(s.FirstCounted) != len(o.FirstCounted) {
		return false
	}
	cards := len(s.Tally.CardInHand)
	for _, t := range []*Tally{s.Tally, o.Tally} {
		for _, l := range [][]int64{t.CardInHand, t.CardPlayed, t.CardOffered, t.CardChosen} {
			if len(l) != cards {
				return false
			}
		}
	}
	return len(s.Tally.CardPlayedBy) == len(o.Tally.CardPlayedBy) && len(s.Tally.CardWon) == len(o.Tally.CardWon) &&
		len(s.Tally.Counters) == len(o.Tally.Counters)
}

// overflows names the first field whose sum with o's would overflow.
func (s *Summary) overflows(o *Summary) string {
	ints := []struct {
		name string
		a, b int
	}{{"Games", s.Games, o.Games}, {"Capped", s.Capped, o.Capped}, {"Panics", s.Panics, o.Panics}, {"Invariants", s.Invariants, o.Invariants}}
	for _, f := range ints {
		if _, ok := sat.Checked(int64(f.a), int64(f.b)); !ok {
			return f.name
		}
	}
	for _, k := range o.Causes() {
		if _, ok := sat.Checked(int64(s.EndCauses[k]), int64(o.EndCauses[k])); !ok {
			return "EndCauses/" + k
		}
	}
	for _, k := range slices.Sorted(maps.Keys(o.MovesHist)) {
		if _, ok := sat.Checked(int64(s.MovesHist[k]), int64(o.MovesHist[k])); !ok {
			return fmt.Sprintf("MovesHist/%d", k)
		}
	}
	sums := []struct {
		name string
		a, b []int64
	}{
		{"SeatWins", s.SeatWins[:], o.SeatWins[:]}, {"MovesSum", []int64{s.MovesSum}, []int64{o.MovesSum}},
		{"MovesSq", []int64{s.MovesSq}, []int64{o.MovesSq}},
		{"Tally/CardInHand", s.Tally.CardInHand, o.Tally.CardInHand}, {"Tally/CardPlayed", s.Tally.CardPlayed, o.Tally.CardPlayed},
		{"Tally/CardOffered", s.Tally.CardOffered, o.Tally.CardOffered}, {"Tally/CardChosen", s.Tally.CardChosen, o.Tally.CardChosen},
		{"Tally/CardPlayedBy", s.Tally.CardPlayedBy, o.Tally.CardPlayedBy}, {"Tally/CardWon", s.Tally.CardWon, o.Tally.CardWon},
		{"Tally/Counters", s.Tally.Counters, o.Tally.Counters},
	}
	for _, f := range sums {
		for i := range min(len(f.a), len(f.b)) {
			if _, ok := sat.Checked(f.a[i], f.b[i]); !ok {
				if len(f.a) == 1 {
					return f.name
				}
				return fmt.Sprintf("%s/%d", f.name, i)
			}
		}
	}
	return ""
}

// productAtLeast reports whether a×b ≥ c, exactly, for a, b, c ≥ 0.
func productAtLeast(a, b, c int64) bool {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	return hi > 0 || lo >= uint64(c)
}

// productAtMost reports whether a×b ≤ c, exactly, for a, b, c ≥ 0.
func productAtMost(a, b, c int64) bool {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	return hi == 0 && lo <= uint64(c)
}

// mulAdd is acc plus the product of factors, and whether it fit 64 bits.
func mulAdd(acc uint64, factors ...uint64) (uint64, bool) {
	p := uint64(1)
	for _, f := range factors {
		hi, lo := bits.Mul64(p, f)
		if hi > 0 {
			return acc, false
		}
		p = lo
	}
	sum, carry := bits.Add64(acc, p, 0)
	return sum, carry == 0
}
