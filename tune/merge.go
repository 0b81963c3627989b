package tune

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/cardpress/cardpress/gamedata"
)

// Merge puts together the results of the shards of one tuning run
// (--shard K/N, --out; a run's file without --shard is its one shard),
// checked against the game and its plan as they are now: the values it
// started from, the same settings in every file, each shard once, every
// search once and in its shard, every value one the plan offers, and measures
// that hold together. Scores are worked out again from the measures, not
// read, and the proposal is chosen as the unsharded run chooses it, so
// the merged result equals that run's. Each error names the file.
func Merge(names []string, parts []*Result, d *gamedata.Data, p *Plan, engineID string) (*Result, error) {
	if len(parts) == 0 {
		return nil, fmt.Errorf("no results to merge")
	}
	first := parts[0]
	want, _ := json.Marshal(p.info())
	var current []byte // the first file's current values, checked
	shards := make([]bool, len(parts))
	repeats := map[int]bool{}
	merged := *first
	merged.Shard, merged.Shards, merged.Runs = 0, 0, nil
	for i, r := range parts {
		fail := func(format string, args ...any) error {
			return fmt.Errorf("%s: %s", names[i], fmt.Sprintf(format, args...))
		}
		if r.Format != Format {
			return nil, fail("format %q is not %q", r.Format, Format)
		}
		if r.Game != d.Manifest.ID || r.Variant != d.Variant || r.Engine != engineID {
			return nil, fail("results of game %q variant %q engine %q, not of %q variant %q engine %q (--variant, --engine)", r.Game, r.Variant, r.Engine, d.Manifest.ID, d.Variant, engineID)
		}
		got, _ := json.Marshal(r.Plan)
		if string(got) != string(want) {
			return nil, fail("played another plan than tune.yaml's as it is now")
		}
		if r.Seed != first.Seed || r.Engine != first.Engine || !slices.Equal(r.Bots, first.Bots) || r.Games != first.Games ||
			r.Evaluations != first.Evaluations || r.Repeats != first.Repeats || r.Confirm != first.Confirm {
			return nil, fail("settings (seed, engine, bots, games, evaluations, repeats, confirm) differ from %s's", names[0])
		}
		shard, of := r.Shard, r.Shards
		if of == 0 { // every search, as no --shard or --shard 1/1 writes
			shard, of = 1, 1
		}
		if of != len(parts) || shard < 1 || shard > of {
			return nil, fail("shard %d of %d, but %d files are merged", shard, of, len(parts))
		}
		if shards[shard-1] {
			return nil, fail("shard %d is given twice", shard)
		}
		shards[shard-1] = true
		if err := p.check(&r.Current, r.Confirm); err != nil {
			return nil, fail("current: %v", err)
		}
		if err := d.PlayedFrom(r.Files); err != nil {
			return nil, fail("%v", err)
		}
		if i == 0 {
			if err := sameCurrent(d, p, r.Current.Values); err != nil {
				return nil, fail("%v", err)
			}
			current, _ = json.Marshal(r.Current)
		}
		if got, _ := json.Marshal(r.Current); string(got) != string(current) {
			return nil, fail("the current values' games differ from %s's", names[0])
		}
		for k := range r.Runs {
			run := &r.Runs[k]
			if run.Repeat < 1 || run.Repeat > r.Repeats || (run.Repeat-1)%of != shard-1 || repeats[run.Repeat] {
				return nil, fail("search %d is not one of shard %d's, or is given twice", run.Repeat, shard)
			}
			repeats[run.Repeat] = true
			if len(run.Evaluations) != r.Evaluations {
				return nil, fail("search %d has %d evaluations, not %d", run.Repeat, len(run.Evaluations), r.Evaluations)
			}
			for e := range run.Evaluations {
				if err := p.check(&run.Evaluations[e], r.Games); err != nil {
					return nil, fail("search %d, evaluation %d: %v", run.Repeat, e+1, err)
				}
			}
			if err := p.check(&run.Proposal, r.Confirm); err != nil {
				return nil, fail("search %d, proposal: %v", run.Repeat, err)
			}
			merged.Runs = append(merged.Runs, *run)
		}
	}
	if len(repeats) != first.Repeats {
		return nil, fmt.Errorf("the files hold %d of the run's %d searches", len(repeats), first.Repeats)
	}
	slices.SortFunc(merged.Runs, func(a, b Run) int { return a.Repeat - b.Repeat })
	merged.Current = parts[0].Current
	merged.DiffError = ""
	merged.finish(d, p)
	return &merged, nil
}

// sameCurrent: the values a run started from are the game's now (a game
// changed since would get a diff of values it does not have).
func sameCurrent(d *gamedata.Data, p *Plan, played []any) error {
	now, err := currentValues(d, p)
	if err != nil {
		return err
	}
	for i, dim := range p.Dims {
		if played[i] != now[i] {
			return fmt.Errorf("played from %s = %v, but game.yaml has %v now: run it again", dim.Path, played[i], now[i])
		}
	}
	return nil
}

// check holds a candidate read from a file to the plan: its values are
// the plan's (whole numbers read back as such), its measures one per
// player count of games games that add up; its score is worked out again.
func (p *Plan) check(c *Candidate, games int) error {
	if len(c.Values) != len(p.Dims) {
		return fmt.Errorf("%d values for %d parameters", len(c.Values), len(p.Dims))
	}
	for i, d := range p.Dims {
		v := c.Values[i]
		switch x := v.(type) {
		case float64:
			if x == math.Trunc(x) && math.Abs(x) <= 1e9 {
				v = int(x)
			}
		case bool, string, int:
		default: // a list or mapping, which == cannot compare
			return fmt.Errorf("%s: %s is not a value", d.Path, describe(v))
		}
		if !slices.Contains(d.Values, v) {
			return fmt.Errorf("%v is not a value the plan offers %s", c.Values[i], d.Path)
		}
		c.Values[i] = v
	}
	if c.Error != "" {
		if len(c.Measures) > 0 {
			return fmt.Errorf("a candidate that did not build has games")
		}
		c.Score = Score{Loss: brokenLoss}
		return nil
	}
	if len(c.Measures) != len(p.Players) {
		return fmt.Errorf("%d measures for %d player counts", len(c.Measures), len(p.Players))
	}
	for k, m := range c.Measures {
		if err := m.check(p.Players[k], games, p.Targets.Ladder); err != nil {
			return fmt.Errorf("%d players: %v", p.Players[k], err)
		}
	}
	c.Score = p.Targets.score(c.Measures)
	return nil
}

func (m *Measure) check(players, games int, ladder *Ladder) error {
	if m.Players != players || m.Games != games || len(m.SeatWins) != players {
		return fmt.Errorf("%d games at %d players with %d seats, not %d games", m.Games, m.Players, len(m.SeatWins), games)
	}
	sum := 0.0
	for _, w := range m.SeatWins {
		if !(w >= 0) {
			return fmt.Errorf("a seat's wins are %v", w)
		}
		sum += w
	}
	if sum > float64(games)+1e-6 || m.Failed < 0 || m.Failed > games || m.MovesSum < 0 || m.MovesSq < m.MovesSum || m.CounterSum < 0 {
		return fmt.Errorf("counts that do not add up (wins %v, failed %d, moves %d, squares %d)", sum, m.Failed, m.MovesSum, m.MovesSq)
	}
	rungs := 0
	if ladder != nil {
		rungs = len(ladder.Bots) - 1
	}
	if len(m.Ladder) != rungs {
		return fmt.Errorf("%d ladder rungs, not %d", len(m.Ladder), rungs)
	}
	for j, r := range m.Ladder {
		if r.Bot != ladder.Bots[j+1] || r.Against != ladder.Bots[j] || r.Games < 0 || !(r.Wins >= 0) || r.Wins > float64(r.Games)+1e-6 {
			return fmt.Errorf("ladder rung %d does not hold together", j+1)
		}
	}
	return nil
}
