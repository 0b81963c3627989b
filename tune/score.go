package tune

import (
	"math"

	"github.com/cardpress/cardpress/engine"
)

// Measure is what a batch of games at one player count showed: counts and
// sums only, so a results file can be scored again (merge) and checked.
type Measure struct {
	Players int `json:"players"`
	Games   int `json:"games"`
	// SeatWins is each seat's games won, a shared win counted as its share.
	SeatWins []float64 `json:"seat_wins"`
	MovesSum int64     `json:"moves_sum"`
	MovesSq  int64     `json:"moves_sq"`
	// CounterSum is the length counter's total over the games (a plan
	// whose length is counted by a counter).
	CounterSum int64 `json:"counter_sum,omitempty"`
	// Failed counts games that did not end, crashed or broke an invariant.
	Failed int    `json:"failed,omitempty"`
	Ladder []Rung `json:"ladder,omitempty"`
}

// Rung is one step of the skill ladder at a player count: Bot at each seat
// in turn, every other seat Against.
type Rung struct {
	Bot     string  `json:"bot"`
	Against string  `json:"against"`
	Games   int     `json:"games"`
	Wins    float64 `json:"wins"` // Bot's games won, shared wins as shares
	failed  int     // games that did not end, crashed or broke an invariant
}

// WinRate is seat s's share of the games.
func (m *Measure) WinRate(s int) float64 {
	if m.Games == 0 || s >= len(m.SeatWins) {
		return 0
	}
	return m.SeatWins[s] / float64(m.Games)
}

// Interval is seat s's 95% Wilson interval.
func (m *Measure) Interval(s int) (lo, hi float64) {
	return engine.Wilson(m.SeatWins[s], float64(m.Games))
}

// MeanMoves and SDMoves are the game length in moves.
func (m *Measure) MeanMoves() float64 { return engine.Mean(m.MovesSum, m.Games) }
func (m *Measure) SDMoves() float64   { return engine.SampleSD(m.MovesSum, m.MovesSq, m.Games) }

// SeatOff is the worst seat's distance from the fair share, in points.
func (m *Measure) SeatOff() float64 {
	fair := 1 / float64(m.Players)
	off := 0.0
	for s := range m.Players {
		off = math.Max(off, math.Abs(m.WinRate(s)-fair))
	}
	return 100 * off
}

// Length is the mean length the plan's length target reads.
func (m *Measure) Length(l *Length) float64 {
	if l == nil || l.Counter == "" {
		return m.MeanMoves()
	}
	if m.Games == 0 {
		return 0
	}
	return float64(m.CounterSum) / float64(m.Games)
}

// Score is how far a candidate's measures are from the targets. Loss is
// the search's objective, lower is better: the worst seat's distance
// from fair in units of the tolerance, plus the length's distance outside
// its range in units of the range's width, plus each rung's shortfall
// (its interval's below its fair share: Rung.shortfall) in units of the
// tolerance (5 points when the plan has no seat target). Met: every
// target is met, each rung by its interval.
type Score struct {
	Loss float64 `json:"loss"`
	// SeatOff is the worst seat's distance from fair over the player
	// counts, in points; LengthMiss the length's worst distance outside
	// its range; LadderShort the summed shortfall of the rungs' intervals
	// below fair, in points.
	SeatOff     float64 `json:"seat_off"`
	LengthMiss  float64 `json:"length_miss"`
	LadderShort float64 `json:"ladder_short"`
	Met         bool    `json:"met"`
}

// brokenLoss scores a candidate that does not build or whose games fail:
// worse than any measured one, so the search leaves it.
const brokenLoss = 1000

// defaultLadderTolerance is the ladder's unit without a seat target.
const defaultLadderTolerance = 5.0

// score measures ms against t.
func (t *Targets) score(ms []Measure) Score {
	var s Score
	ladderMet := true
	for _, m := range ms {
		if m.Failed > 0 || m.Games == 0 {
			return Score{Loss: brokenLoss}
		}
		s.SeatOff = math.Max(s.SeatOff, m.SeatOff())
		if l := t.Length; l != nil {
			v := m.Length(l)
			miss := math.Max(0, math.Max(l.Min-v, v-l.Max))
			s.LengthMiss = math.Max(s.LengthMiss, miss)
		}
		for _, r := range m.Ladder {
			short, cleared := r.shortfall(m.Players)
			s.LadderShort += short
			ladderMet = ladderMet && cleared
		}
	}
	tol := t.Within
	if tol > 0 {
		s.Loss += s.SeatOff / tol
	} else {
		tol = defaultLadderTolerance
	}
	if l := t.Length; l != nil {
		s.Loss += s.LengthMiss / math.Max(l.Max-l.Min, 1)
	}
	s.Loss += s.LadderShort / tol
	s.Met = (t.Within == 0 || s.SeatOff <= t.Within) && s.LengthMiss == 0 && ladderMet
	return s
}

// shortfall is how far, in points, the rung's 95% Wilson interval lies
// below the fair share 1/players (0 once its low end reaches it), and
// whether the rung is met: the low end clears fair, so its bot beats the
// one before beyond its interval. Judging by the mean would pass a flat
// ladder half the time by luck; and since every candidate of a search
// plays the same games a rung, the low end ranks them as the mean does.
func (r Rung) shortfall(players int) (points float64, cleared bool) {
	fair := 1 / float64(players)
	lo, _ := engine.Wilson(r.Wins, float64(r.Games))
	return 100 * math.Max(0, fair-lo), r.Games > 0 && lo > fair
}
