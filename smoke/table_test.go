package smoke

import (
	"slices"
	"testing"

	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/finding"
)

// Play reports what the table's smoke checks judge, and only that: each
// check's findings carry its own codes, and together they are Play's.
func TestPlayIsTheTablesChecks(t *testing.T) {
	const games, seed = 300, 1
	for _, toy := range []*enginetest.Toy{
		{Goal: 12, Favoured: 1}, {Goal: 12, Cards: 3}, {Goal: 12, Dominant: true}, {Goal: 12, BreakAt: 8},
	} {
		d := toyData(max(toy.Cards, 2))
		want := Play(d, toy, Options{Games: games, Seed: seed, Players: 3})
		run := &check.SmokeRun{Data: d, Engine: toy, Info: toy.Info(), Seed: seed, SeatFactor: 1.25, Counts: []check.CountRun{{
			Players:   3,
			Random:    engine.Run(toy, engine.RunConfig{Players: 3, Games: games, Seed: seed, CheckInvariants: true}),
			Heuristic: engine.Run(toy, engine.RunConfig{Players: 3, Games: max(20, games/40), Seed: seed ^ 0x5eed, Bots: []string{"heuristic"}, CheckInvariants: true}),
		}}}
		var got []finding.Finding
		for _, c := range check.Of(check.Smoke) {
			if c.Smoke.Counted && brokeAll(run.Counts) {
				continue
			}
			fs := c.Smoke.Judge(run)
			for _, f := range fs {
				if !slices.ContainsFunc(check.CodesOf(c), func(code *finding.Code) bool { return code.Is(f) }) {
					t.Errorf("%s reported %s, not among its codes", c.ID, f)
				}
			}
			got = append(got, fs...)
		}
		if len(want) == 0 || !slices.Equal(lines(got), lines(want)) {
			t.Errorf("toy %+v: the table's checks found\n%v\nPlay\n%v", *toy, got, want)
		}
	}
}

// lines are findings as printed, sorted (a finding's seed is a pointer).
func lines(fs []finding.Finding) []string {
	var out []string
	for _, f := range finding.Sort(fs) {
		out = append(out, f.String())
	}
	return out
}
