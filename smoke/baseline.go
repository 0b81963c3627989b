package smoke

import (
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
)

// NoiseZ is how many standard errors a metric must move to be reported:
// three, so a rerun of unchanged data with another seed rarely trips it.
const NoiseZ = 3.0

var digits = regexp.MustCompile(`[0-9]+(\.[0-9]+)?`)

// findingKey identifies a finding across runs: its file, code and message
// with every number blanked, so a card moving down the file or a rate that
// changed a little is still the same finding.
func findingKey(f finding.Finding) string {
	return f.File + "\x00" + f.Code + "\x00" + digits.ReplaceAllString(f.Message, "#")
}

// CheckBaseline checks what a baseline report's schema cannot: that its
// counts match its findings and its metrics are numbers a run can have
// (win rates that add up to at most one, one per seat). The error names
// the field, e.g. "metrics/0/seat_win_rate: 4 seats in a 3-player game".
// Without these, a damaged baseline would print NaN noise or hide moves.
func CheckBaseline(r finding.Report) error {
	errs, warns := finding.Count(r.Findings)
	switch {
	case r.Findings == nil:
		return fmt.Errorf("findings: missing")
	case r.Errors != errs:
		return fmt.Errorf("errors: %d, but findings holds %d", r.Errors, errs)
	case r.Warnings != warns:
		return fmt.Errorf("warnings: %d, but findings holds %d", r.Warnings, warns)
	}
	for i, m := range r.Metrics {
		at := fmt.Sprintf("metrics/%d", i)
		switch {
		case m.Players < 1 || m.Players > engine.MaxPlayers:
			return fmt.Errorf("%s/players: %d is not a player count", at, m.Players)
		case m.Games < 0:
			return fmt.Errorf("%s/games: %d is negative", at, m.Games)
		case len(m.SeatWinRate) != m.Players:
			return fmt.Errorf("%s/seat_win_rate: %d seats in a %d-player game", at, len(m.SeatWinRate), m.Players)
		}
		total := 0.0
		for seat, rate := range m.SeatWinRate {
			if !(rate >= 0 && rate <= 1) { // NaN fails too
				return fmt.Errorf("%s/seat_win_rate/%d: %v is not a rate between 0 and 1", at, seat, rate)
			}
			total += rate
		}
		// Shared wins are split, so the rates add up to at most one (and
		// a little more in floating point).
		if total > 1+1e-9 {
			return fmt.Errorf("%s/seat_win_rate: the seats win %.4g games per game", at, total)
		}
		for _, name := range slices.Sorted(maps.Keys(m.Counters)) {
			// A mean per game of an int64 sum over at least one game.
			if v := m.Counters[name]; !(v >= 0 && v <= math.MaxInt64) {
				return fmt.Errorf("%s/counters/%s: %v is not a count per game", at, name, v)
			}
		}
	}
	return nil
}

// Compare reports the findings of now that before did not have, those of
// before that are gone, and the balance metrics that moved by more than
// NoiseZ standard errors: seat win rates (binomial) and counter means per
// game (a Poisson approximation: variance = mean).
func Compare(before, now finding.Report) finding.Diff {
	d := finding.Diff{New: []finding.Finding{}, Fixed: []finding.Finding{}, Moved: []finding.Moved{}}
	count := func(fs []finding.Finding) map[string]int {
		m := map[string]int{}
		for _, f := range fs {
			m[findingKey(f)]++
		}
		return m
	}
	had, has := count(before.Findings), count(now.Findings)
	for _, f := range now.Findings {
		if k := findingKey(f); had[k] > 0 {
			had[k]--
		} else {
			d.New = append(d.New, f)
		}
	}
	for _, f := range before.Findings {
		if k := findingKey(f); has[k] > 0 {
			has[k]--
		} else {
			d.Fixed = append(d.Fixed, f)
		}
	}
	type key struct {
		game, variant string
		players       int
	}
	old := map[key]finding.Metric{}
	for _, m := range before.Metrics {
		old[key{m.Game, m.Variant, m.Players}] = m
	}
	for _, m := range now.Metrics {
		o, ok := old[key{m.Game, m.Variant, m.Players}]
		if !ok || o.Games == 0 || m.Games == 0 {
			continue
		}
		add := func(metric string, a, b, noise float64, pct bool) {
			// A metric whose numbers are not finite is no comparison, and
			// would print as NaN and fail the JSON report; CheckBaseline
			// keeps such baselines out, this keeps any that slip through.
			shown := []float64{a, b, noise, b - a}
			if pct {
				shown = append(shown, 100*a, 100*b, 100*noise)
			}
			if !finite(shown...) || math.Abs(b-a) <= noise {
				return
			}
			mv := finding.Moved{Game: m.Game, Variant: m.Variant, Players: m.Players, Metric: metric, Before: a, After: b, Noise: noise}
			where := fmt.Sprintf("%d players", m.Players)
			if m.Variant != "" {
				where += ", variant " + m.Variant
			}
			if pct {
				mv.Text = fmt.Sprintf("%s: %s %.1f%% → %.1f%% at %s (noise ±%.1f points)", m.Game, metric, 100*a, 100*b, where, 100*noise)
			} else {
				mv.Text = fmt.Sprintf("%s: %s %.3g → %.3g at %s (noise ±%.2g)", m.Game, metric, a, b, where, noise)
			}
			d.Moved = append(d.Moved, mv)
		}
		for seat := range min(len(m.SeatWinRate), len(o.SeatWinRate)) {
			a, b := o.SeatWinRate[seat], m.SeatWinRate[seat]
			se := math.Sqrt(a*(1-a)/float64(o.Games) + b*(1-b)/float64(m.Games))
			add(fmt.Sprintf("seat %d win rate", seat+1), a, b, NoiseZ*se, true)
		}
		names := make([]string, 0, len(m.Counters))
		for n := range m.Counters {
			names = append(names, n)
		}
		slices.Sort(names)
		for _, n := range names {
			a, okA := o.Counters[n]
			b := m.Counters[n]
			if !okA {
				continue
			}
			se := math.Sqrt(a/float64(o.Games) + b/float64(m.Games))
			add(n+" per game", a, b, NoiseZ*se, false)
		}
	}
	return d
}

func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}
