package tune

import "testing"

// A rung is met only when its 95% interval clears the fair share: 6 wins
// of 10 at two players and 58 of 100 are above 1/2 on the mean (met, when
// the target judged by the mean) but not beyond their intervals, 60 of
// 100 just is; the shortfall is how far the interval's low end lies below
// fair.
func TestLadderTargetJudgesByTheInterval(t *testing.T) {
	targets := &Targets{Ladder: &Ladder{Bots: []string{"random", "heuristic"}}}
	for _, c := range []struct {
		wins, games float64
		met         bool
		short       float64 // points, ±0.1
	}{
		{6, 10, false, 18.7},   // Wilson [31.3-83.2]
		{58, 100, false, 1.8},  // [48.2-67.2]
		{60, 100, true, 0},     // [50.2-69.1]
		{40, 100, false, 19.1}, // [30.9-49.8]
		{100, 100, true, 0},
	} {
		m := Measure{Players: 2, Games: 100, SeatWins: []float64{50, 50},
			Ladder: []Rung{{Bot: "heuristic", Against: "random", Games: int(c.games), Wins: c.wins}}}
		s := targets.score([]Measure{m})
		if s.Met != c.met || s.LadderShort < c.short-0.1 || s.LadderShort > c.short+0.1 {
			t.Errorf("%g of %g: met %v, shortfall %.2f points; want %v, %.1f", c.wins, c.games, s.Met, s.LadderShort, c.met, c.short)
		}
	}
}
