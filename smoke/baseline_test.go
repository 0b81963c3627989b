package smoke

import (
	"math"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
)

func TestCompare(t *testing.T) {
	at := func(line int, code, msg string) finding.Finding {
		return finding.Finding{Pos: finding.Pos{File: "c.yaml", Line: line, Col: 1}, Code: code, Message: msg}
	}
	before := finding.Report{
		Findings: []finding.Finding{at(3, "A", "rate 0.51 per game"), at(9, "B", "gone")},
		Metrics: []finding.Metric{{Game: "g", Players: 4, Games: 4000, SeatWinRate: []float64{0.31, 0.23, 0.23, 0.23},
			Counters: map[string]float64{"steady": 2, "jump": 1}}},
	}
	now := finding.Report{
		// A moved down two lines with another rate: the same finding.
		Findings: []finding.Finding{at(5, "A", "rate 0.63 per game"), at(7, "C", "new")},
		Metrics: []finding.Metric{{Game: "g", Players: 4, Games: 4000, SeatWinRate: []float64{0.38, 0.21, 0.21, 0.21},
			Counters: map[string]float64{"steady": 2.02, "jump": 1.5}}},
	}
	d := Compare(before, now)
	if len(d.New) != 1 || d.New[0].Code != "C" || len(d.Fixed) != 1 || d.Fixed[0].Code != "B" {
		t.Errorf("new %v, fixed %v", d.New, d.Fixed)
	}
	var moved []string
	for _, m := range d.Moved {
		moved = append(moved, m.Metric)
	}
	if len(moved) != 2 || moved[0] != "seat 1 win rate" || moved[1] != "jump per game" {
		t.Errorf("moved %v, want seat 1 win rate and jump", moved)
	}
	if d.Moved[0].Text != "g: seat 1 win rate 31.0% → 38.0% at 4 players (noise ±3.2 points)" {
		t.Errorf("text %q", d.Moved[0].Text)
	}
}

func TestCheckBaseline(t *testing.T) {
	good := func() finding.Report {
		return finding.Report{
			Findings: []finding.Finding{{Pos: finding.Pos{File: "c.yaml"}, Severity: finding.Warning, Code: "W", Message: "w"}}, Warnings: 1,
			Metrics: []finding.Metric{{Game: "g", Players: 3, Games: 100, SeatWinRate: []float64{0.5, 0.25, 0.25},
				Counters: map[string]float64{"c": 2}}},
		}
	}
	if err := CheckBaseline(good()); err != nil {
		t.Fatalf("a sound report: %v", err)
	}
	for _, tc := range []struct {
		name   string
		damage func(r *finding.Report)
		want   string
	}{
		{"no findings list", func(r *finding.Report) { r.Findings, r.Warnings = nil, 0 }, "findings: missing"},
		{"errors miscounted", func(r *finding.Report) { r.Errors = 3 }, "errors: 3, but findings holds 0"},
		{"warnings miscounted", func(r *finding.Report) { r.Warnings = 0 }, "warnings: 0, but findings holds 1"},
		{"no players", func(r *finding.Report) { r.Metrics[0].Players = 0 }, "metrics/0/players: 0 is not a player count"},
		{"negative games", func(r *finding.Report) { r.Metrics[0].Games = -1 }, "metrics/0/games: -1 is negative"},
		{"a seat too many", func(r *finding.Report) { r.Metrics[0].SeatWinRate = append(r.Metrics[0].SeatWinRate, 0) },
			"metrics/0/seat_win_rate: 4 seats in a 3-player game"},
		{"a NaN rate", func(r *finding.Report) { r.Metrics[0].SeatWinRate[1] = math.NaN() },
			"metrics/0/seat_win_rate/1: NaN is not a rate between 0 and 1"},
		{"a huge rate", func(r *finding.Report) { r.Metrics[0].SeatWinRate[0] = 1e308 },
			"metrics/0/seat_win_rate/0: 1e+308 is not a rate between 0 and 1"},
		{"rates over one", func(r *finding.Report) { r.Metrics[0].SeatWinRate[0] = 0.75 },
			"metrics/0/seat_win_rate: the seats win 1.25 games per game"},
		{"a negative counter", func(r *finding.Report) { r.Metrics[0].Counters["c"] = -1 },
			"metrics/0/counters/c: -1 is not a count per game"},
		{"an infinite counter", func(r *finding.Report) { r.Metrics[0].Counters["c"] = math.Inf(1) },
			"metrics/0/counters/c: +Inf is not a count per game"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := good()
			tc.damage(&r)
			if err := CheckBaseline(r); err == nil || err.Error() != tc.want {
				t.Errorf("got %v, want %q", err, tc.want)
			}
		})
	}
}

// Compare is given a checked baseline, but whatever it is given it reports
// no move whose numbers are NaN or infinite (they would print as "±NaN"
// and make the JSON report fail to encode).
func TestCompareReportsOnlyFiniteMoves(t *testing.T) {
	before := finding.Report{Metrics: []finding.Metric{{Game: "g", Players: 2, Games: -10, SeatWinRate: []float64{1e308, math.NaN()},
		Counters: map[string]float64{"neg": -5, "inf": math.Inf(1), "huge": math.MaxFloat64}}}}
	now := finding.Report{Metrics: []finding.Metric{{Game: "g", Players: 2, Games: 100, SeatWinRate: []float64{0.5, 0.5},
		Counters: map[string]float64{"neg": 3, "inf": 3, "huge": math.MaxFloat64 / 2}}}}
	for _, m := range Compare(before, now).Moved {
		for _, x := range []float64{m.Before, m.After, m.Noise} {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				t.Errorf("moved with a number that is not finite: %+v", m)
			}
		}
		if strings.Contains(m.Text, "NaN") || strings.Contains(m.Text, "Inf") {
			t.Errorf("text %q", m.Text)
		}
	}
}
