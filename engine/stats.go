package engine

import (
	"fmt"
	"math"
	"sort"
)

// shareUnit makes shared wins exact integers: every split among up to
// MaxPlayers winners divides it, so sums never depend on addition order.
const shareUnit = 840

// Summary is the streamed statistics of a batch of games at one player
// count. Everything in it is an integer count or sum, so summaries merge
// exactly, in any order.
type Summary struct {
	Players    int
	Games      int
	Capped     int
	Panics     int
	Invariants int
	// First failures by kind (the lowest game index), to name a seed.
	FirstCapped, FirstPanic, FirstInvariant *Result
	// FirstCounted holds, per counter (Info.Counters index), the first game
	// in which that counter went up, so an alarm can name a seed; nil for a
	// counter that never did.
	FirstCounted []*Result
	// CounterSq sums, per counter, the square of each game's count, so a
	// counter's per-game rate has a variance (lint's adaptive smoke games
	// stop on it). It is lint's: summaries written to files leave it out.
	CounterSq []int64 `json:"-"`
	// SeatWins is each seat's summed return in 1/840ths.
	SeatWins  [MaxPlayers]int64
	EndCauses map[string]int
	MovesSum  int64
	MovesSq   int64
	MovesMin  int
	MovesMax  int
	// MovesHist counts the games by length in moves.
	MovesHist map[int]int
	Tally     *Tally
}

// NewSummary makes an empty summary for a game at a player count.
func NewSummary(info Info, players int) *Summary {
	return &Summary{Players: players, EndCauses: map[string]int{}, MovesHist: map[int]int{}, Tally: NewTally(info), MovesMin: math.MaxInt,
		FirstCounted: make([]*Result, len(info.Counters)), CounterSq: make([]int64, len(info.Counters))}
}

// keepFirst keeps a copy of r in *first unless *first came earlier.
func keepFirst(first **Result, r *Result) {
	if *first == nil || r.Index < (*first).Index {
		c := *r
		c.Returns = append([]float64(nil), r.Returns...) // r's are its worker's buffer
		*first = &c
	}
}

// Add counts one game.
func (s *Summary) Add(r *Result) {
	s.Games++
	if r.Capped {
		s.Capped++
		keepFirst(&s.FirstCapped, r)
	}
	if r.Panic != "" {
		s.Panics++
		keepFirst(&s.FirstPanic, r)
	}
	if r.Invariant != "" {
		s.Invariants++
		keepFirst(&s.FirstInvariant, r)
	}
	for seat, v := range r.Returns {
		s.SeatWins[seat] += int64(math.Round(v * shareUnit))
	}
	if r.EndCause != "" {
		s.EndCauses[r.EndCause]++
	}
	m := int64(r.Moves)
	s.MovesSum += m
	s.MovesSq += m * m
	s.MovesMin = min(s.MovesMin, r.Moves)
	s.MovesMax = max(s.MovesMax, r.Moves)
	if s.MovesHist == nil {
		s.MovesHist = map[int]int{}
	}
	s.MovesHist[r.Moves]++
}

// counted notes game r for every counter that is higher in s's tally than
// in before, the counters as they were before r was played into the tally.
func (s *Summary) counted(r *Result, before []int64) {
	for i, n := range s.Tally.Counters {
		if i < len(before) && n > before[i] {
			keepFirst(&s.FirstCounted[i], r)
			if i < len(s.CounterSq) {
				d := n - before[i]
				s.CounterSq[i] += d * d
			}
		}
	}
}

// Merge adds another summary of the same game and player count.
func (s *Summary) Merge(o *Summary) {
	s.Games += o.Games
	s.Capped += o.Capped
	s.Panics += o.Panics
	s.Invariants += o.Invariants
	pairs := []struct{ dst, src **Result }{
		{&s.FirstCapped, &o.FirstCapped}, {&s.FirstPanic, &o.FirstPanic}, {&s.FirstInvariant, &o.FirstInvariant},
	}
	for i := range o.FirstCounted {
		pairs = append(pairs, struct{ dst, src **Result }{&s.FirstCounted[i], &o.FirstCounted[i]})
	}
	for _, pair := range pairs {
		if *pair.src != nil && (*pair.dst == nil || (*pair.src).Index < (*pair.dst).Index) {
			*pair.dst = *pair.src
		}
	}
	for i := range s.SeatWins {
		s.SeatWins[i] += o.SeatWins[i]
	}
	for i := range min(len(s.CounterSq), len(o.CounterSq)) {
		s.CounterSq[i] += o.CounterSq[i]
	}
	for k, v := range o.EndCauses {
		s.EndCauses[k] += v
	}
	s.MovesSum += o.MovesSum
	s.MovesSq += o.MovesSq
	s.MovesMin = min(s.MovesMin, o.MovesMin)
	s.MovesMax = max(s.MovesMax, o.MovesMax)
	if s.MovesHist == nil && len(o.MovesHist) > 0 {
		s.MovesHist = map[int]int{}
	}
	for k, v := range o.MovesHist {
		s.MovesHist[k] += v
	}
	s.Tally.Add(o.Tally)
}

// WinRate is seat p's share of wins.
func (s *Summary) WinRate(p int) float64 {
	if s.Games == 0 {
		return 0
	}
	return float64(s.SeatWins[p]) / shareUnit / float64(s.Games)
}

// MeanMoves and StdMoves describe game length in moves.
func (s *Summary) MeanMoves() float64 { return Mean(s.MovesSum, s.Games) }
func (s *Summary) StdMoves() float64  { return SampleSD(s.MovesSum, s.MovesSq, s.Games) }

// Mean is the mean of n values that sum to sum (0 for none).
func Mean(sum int64, n int) float64 {
	if n == 0 {
		return 0
	}
	return float64(sum) / float64(n)
}

// SampleSD is the sample standard deviation of n values from their sum
// and their sum of squares (0 for fewer than two).
func SampleSD(sum, sq int64, n int) float64 {
	if n < 2 {
		return 0
	}
	mean := float64(sum) / float64(n)
	return math.Sqrt(math.Max(0, (float64(sq)-float64(n)*mean*mean)/float64(n-1)))
}

// Causes lists end causes by frequency, most common first.
func (s *Summary) Causes() []string {
	keys := make([]string, 0, len(s.EndCauses))
	for k := range s.EndCauses {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if s.EndCauses[keys[i]] != s.EndCauses[keys[j]] {
			return s.EndCauses[keys[i]] > s.EndCauses[keys[j]]
		}
		return keys[i] < keys[j]
	})
	return keys
}

// Wilson returns the 95% Wilson score interval for k successes in n trials.
func Wilson(k, n float64) (lo, hi float64) { return WilsonAt(k, n, 1.959963984540054) }

// WilsonAt is the Wilson score interval at normal quantile z.
func WilsonAt(k, n, z float64) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	p := k / n
	den := 1 + z*z/n
	centre := (p + z*z/(2*n)) / den
	half := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / den
	return math.Max(0, centre-half), math.Min(1, centre+half)
}

// WonWhenPlayed is how often the seat that played card c won the game (a
// shared win counting its share), over the plays in games that ended; ok
// is false for a card no seat played.
func (s *Summary) WonWhenPlayed(c int) (rate float64, plays int64, ok bool) {
	t := s.Tally
	if c >= len(t.CardPlayedBy) || t.CardPlayedBy[c] == 0 {
		return 0, 0, false
	}
	return float64(t.CardWon[c]) / shareUnit / float64(t.CardPlayedBy[c]), t.CardPlayedBy[c], true
}

// FiniteCell formats a statistics table's cell (sim's, tune's), or "-" if
// one of its numbers is NaN or infinite: merged and loaded results are
// checked so that none is; this keeps whatever slips through from being
// printed as "NaN%".
func FiniteCell(format string, xs ...float64) string {
	args := make([]any, len(xs))
	for i, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return "-"
		}
		args[i] = x
	}
	return fmt.Sprintf(format, args...)
}
