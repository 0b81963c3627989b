package cmd

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"cardpress/engine"

	"github.com/spf13/cobra"
)

// simFormat names the version of the sim results file.
const simFormat = "cardpress-sim/1"

// SimResults is what `sim --out` writes and `merge` reads: the run's
// settings and, per variant column, the integer Summary of each player
// count. Summaries hold only integer counts and sums, so they merge exactly.
type SimResults struct {
	Format  string      `json:"format"`
	Game    string      `json:"game"`
	Seed    uint64      `json:"seed"`
	Games   int         `json:"games"`
	Bots    []string    `json:"bots"`
	Shard   int         `json:"shard"`  // 1-based
	Shards  int         `json:"shards"` // 1 for an unsharded run
	Columns []SimColumn `json:"columns"`
}

// SimColumn is one variant's results.
type SimColumn struct {
	Variant   string            `json:"variant"`
	Counters  []string          `json:"counters"`
	Summaries []*engine.Summary `json:"summaries"`
}

// parseShard reads "K/N" (1 ≤ K ≤ N) into a 0-based shard and a count;
// "" is the whole run.
func parseShard(s string) (shard, shards int, err error) {
	if s == "" {
		return 0, 1, nil
	}
	k, n, ok := strings.Cut(s, "/")
	ki, err1 := strconv.Atoi(k)
	ni, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || ni < 1 || ki < 1 || ki > ni {
		return 0, 0, usagef("--shard %q: want K/N with 1 ≤ K ≤ N (e.g. 3/8)", s)
	}
	return ki - 1, ni, nil
}

func writeSimResults(path string, res *SimResults) error {
	b, err := json.MarshalIndent(res, "", " ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("writing results: %w", err)
	}
	return nil
}

type mergeOptions struct {
	IO
	Files []string
	Out   string
}

func newMergeCmd(streams IO) *cobra.Command {
	opts := &mergeOptions{IO: streams}
	c := &cobra.Command{
		Use:   "merge FILE...",
		Short: "Combine the results of sharded sim runs and print their table",
		Long: `Merge reads the files written by 'cardpress sim --shard K/N --out FILE',
checks that they are the N shards of one run (same game, seed, games, bots,
variants and player counts, each shard once), adds them up exactly and
prints the same table sim prints for the whole run. --out writes the merged
results. Exit 1 if a game failed, as sim does.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			opts.Files = args
			return runMerge(opts)
		},
	}
	c.Flags().StringVar(&opts.Out, "out", "", "write the merged results (JSON) to this file")
	return c
}

func runMerge(opts *mergeOptions) error {
	var total *SimResults
	seen := map[int]string{}
	for _, path := range opts.Files {
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		var r SimResults
		if err := json.Unmarshal(b, &r); err != nil {
			return fmt.Errorf("%s: not a sim results file: %v", path, err)
		}
		if r.Format != simFormat {
			return fmt.Errorf("%s: format %q, want %q", path, r.Format, simFormat)
		}
		if err := wellFormed(&r); err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		if prev, dup := seen[r.Shard]; dup {
			return usagef("%s and %s are both shard %d/%d", prev, path, r.Shard, r.Shards)
		}
		seen[r.Shard] = path
		if total == nil {
			total = &r
			continue
		}
		if err := sameRun(total, &r); err != nil {
			return usagef("%s: %v", path, err)
		}
		for i := range total.Columns {
			for k := range total.Columns[i].Summaries {
				total.Columns[i].Summaries[k].Merge(r.Columns[i].Summaries[k])
			}
		}
	}
	for k := 1; k <= total.Shards; k++ {
		if _, ok := seen[k]; !ok {
			return usagef("shard %d/%d is missing", k, total.Shards)
		}
	}
	total.Shard, total.Shards = 1, 1
	if opts.Out != "" {
		if err := writeSimResults(opts.Out, total); err != nil {
			return err
		}
	}
	return printSim(opts.IO.Out, total)
}

// sameRun reports why r is not another shard of the run a.
func sameRun(a, r *SimResults) error {
	switch {
	case r.Game != a.Game || r.Seed != a.Seed || r.Games != a.Games || !slices.Equal(r.Bots, a.Bots):
		return fmt.Errorf("game %s, seed %d, %d games, bots %v; the first file has %s, %d, %d, %v",
			r.Game, r.Seed, r.Games, r.Bots, a.Game, a.Seed, a.Games, a.Bots)
	case r.Shards != a.Shards:
		return fmt.Errorf("shard of %d, the first file of %d", r.Shards, a.Shards)
	case len(r.Columns) != len(a.Columns):
		return fmt.Errorf("%d variants, the first file %d", len(r.Columns), len(a.Columns))
	}
	for i := range a.Columns {
		ca, cr := a.Columns[i], r.Columns[i]
		if ca.Variant != cr.Variant || !slices.Equal(ca.Counters, cr.Counters) || len(ca.Summaries) != len(cr.Summaries) {
			return fmt.Errorf("variant %q or its counters or player counts differ from the first file", cr.Variant)
		}
		for k := range ca.Summaries {
			if ca.Summaries[k].Players != cr.Summaries[k].Players || len(ca.Summaries[k].Tally.CardOffered) != len(cr.Summaries[k].Tally.CardOffered) {
				return fmt.Errorf("player counts differ from the first file")
			}
		}
	}
	return nil
}

// wellFormed checks what merging and printing rely on, so a damaged file is
// an error message, not a crash.
func wellFormed(r *SimResults) error {
	if r.Shards < 1 || r.Shard < 1 || r.Shard > r.Shards || len(r.Columns) == 0 {
		return fmt.Errorf("shard %d/%d with %d variants: not a sim results file", r.Shard, r.Shards, len(r.Columns))
	}
	for _, c := range r.Columns {
		if len(c.Summaries) != len(r.Columns[0].Summaries) {
			return fmt.Errorf("variants have different player counts")
		}
		for _, s := range c.Summaries {
			if s == nil || s.Tally == nil || len(s.FirstCounted) != len(c.Counters) || len(s.Tally.Counters) != len(c.Counters) ||
				len(s.Tally.CardInHand) != len(s.Tally.CardOffered) || len(s.Tally.CardPlayed) != len(s.Tally.CardOffered) ||
				len(s.Tally.CardChosen) != len(s.Tally.CardOffered) || s.Players < 1 || s.Players > engine.MaxPlayers {
				return fmt.Errorf("a summary is incomplete")
			}
			if s.EndCauses == nil {
				s.EndCauses = map[string]int{}
			}
		}
	}
	return nil
}
