package lint

import (
	"testing"

	"cardpress/engine/finding"
)

func TestCompare(t *testing.T) {
	at := func(line int, code, msg string) finding.Finding {
		return finding.New(finding.Pos{File: "c.yaml", Line: line, Col: 1}, code, "%s", msg)
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
