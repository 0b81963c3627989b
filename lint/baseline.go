package lint

import (
	"fmt"
	"math"
	"regexp"
	"slices"

	"cardpress/engine/finding"
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
			if math.Abs(b-a) <= noise {
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
