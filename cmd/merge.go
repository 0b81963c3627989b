package cmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/fileio"

	"github.com/spf13/cobra"
)

// simFormat names the version of the sim results file.
const simFormat = "cardpress-sim/1"

// SimResults is what `sim --out` writes and `merge` reads: the run's
// settings and, per variant column, the integer Summary of each player
// count. Summaries hold only integer counts and sums, so they merge exactly.
type SimResults struct {
	Format  string       `json:"format"`
	Game    string       `json:"game"`
	Files   string       `json:"files_digest,omitempty"` // gamedata.Data.PlayDigest
	Engine  string       `json:"engine,omitempty"`       // sim --engine: game.yaml's when empty
	Seed    finding.Seed `json:"seed"`                   // a string: see finding.Seed
	Games   int          `json:"games"`
	Bots    []string     `json:"bots"`
	Shard   int          `json:"shard"`  // 1-based
	Shards  int          `json:"shards"` // 1 for an unsharded run
	Columns []SimColumn  `json:"columns"`
}

// SimColumn is one variant's results.
type SimColumn struct {
	Variant   string            `json:"variant"`
	Counters  []string          `json:"counters"`
	Summaries []*engine.Summary `json:"summaries"`
}

type mergeOptions struct {
	IO
	Files []string
	Out   string
	Cards string
}

func newMergeCmd(streams IO) *cobra.Command {
	opts := &mergeOptions{IO: streams}
	c := &cobra.Command{
		Use:   "merge FILE...",
		Short: "Combine the results of sharded sim runs and print their table",
		Long: `Merge reads the files written by 'cardpress sim --shard K/N --out FILE',
checks that they are the N shards of one run (same game, seed, games, bots,
variants and player counts, each shard once) and that each file's numbers
hold together (schema/sim-results.schema.json, then its shard's game count,
no count above its games, sums that fit their counts), adds them up exactly
and prints the same table sim prints for the whole run. Every name in a
file (bots, variants, player counts, counters, end causes, cards) must be
one the game's engine declares: the game is loaded from --cards, as sim
does. A file that fails is exit 2, naming the file and the field. --out writes the merged results
(atomically). Exit 1 if a game failed, as sim does.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			opts.Files = args
			return runMerge(opts)
		},
	}
	c.Flags().StringVar(&opts.Out, "out", "", "write the merged results (JSON) to this file")
	c.Flags().StringVar(&opts.Cards, "cards", "cards", "folder holding the game the files name, whose engine declares the names they may use")
	return c
}

func runMerge(opts *mergeOptions) error {
	var total *SimResults
	var infos []engine.Info
	seen := shardFiles{}
	for _, path := range opts.Files {
		r, err := readSimResults(path)
		if err != nil {
			return err
		}
		if infos == nil {
			if infos, err = declaredBy(opts, path, r); err != nil {
				return err
			}
		}
		if err := checkDeclared(r, infos); err != nil {
			return inputErrorf(path, "%v", err)
		}
		if total != nil {
			if err := sameRun(total, r); err != nil {
				return inputErrorf(path, "%v", err)
			}
		}
		if err := seen.add(path, r.Shard, r.Shards); err != nil {
			return err
		}
		if total == nil {
			total = r
			continue
		}
		for i := range total.Columns {
			for k, sum := range total.Columns[i].Summaries {
				if err := sum.MergeChecked(r.Columns[i].Summaries[k]); err != nil {
					return inputErrorf(path, "adding it to %s: columns/%d/summaries/%d/%v", filesBefore(opts.Files, path), i, k, err)
				}
			}
		}
	}
	if k := seen.missing(total.Shards); k > 0 {
		return usagef("shard %d/%d is missing", k, total.Shards)
	}
	for i, c := range total.Columns {
		for k, s := range c.Summaries {
			if s.Games != total.Games { // the shard checks make this so; kept as a guard
				return usagef("columns/%d/summaries/%d: the shards add up to %d games, not %d", i, k, s.Games, total.Games)
			}
		}
	}
	total.Shard, total.Shards = 1, 1
	if opts.Out != "" {
		if err := writeResults(opts.Out, total); err != nil {
			return err
		}
	}
	return printSim(opts.IO.Out, total)
}

// filesBefore names the files merged before path, for messages.
func filesBefore(files []string, path string) string {
	n := 0
	for n < len(files) && files[n] != path {
		n++
	}
	if n == 1 {
		return files[0]
	}
	return fmt.Sprintf("%s and the %d files after it", files[0], n-1)
}

// readSimResults reads a sim results file and checks what its schema
// cannot: that its numbers fit together and fit its shard.
func readSimResults(path string) (*SimResults, error) {
	var r SimResults
	if err := simResultsInput.read(path, path, &r); err != nil {
		if isLadderFile(path) {
			return nil, inputErrorf(path, "a skill ladder shard (report --shard), not sim's: draw the ladders with cardpress report GAME --merge FILE,...")
		}
		return nil, err
	}
	if err := checkSimResults(&r); err != nil {
		return nil, inputErrorf(path, "%v", err)
	}
	return &r, nil
}

// isLadderFile says whether the file at path, which is not a sim results
// file, says it is a ladder shard, for a message that names the command
// that reads it.
func isLadderFile(path string) bool { return fileFormat(path) == ladderFormat }

// fileFormat is the format a JSON file that is not what a command reads
// says it has ("" for none), for a message that names the command that
// reads it.
func fileFormat(path string) string {
	data, err := fileio.ReadFile(path, simResultsBytes)
	var head struct {
		Format string `json:"format"`
	}
	if err != nil || json.Unmarshal(data, &head) != nil {
		return ""
	}
	return head.Format
}

// sameRun reports why r is not another shard of the run a.
func sameRun(a, r *SimResults) error {
	switch {
	case r.Engine != a.Engine:
		return fmt.Errorf("played by engine %q, the first file by %q", r.Engine, a.Engine)
	case r.Game != a.Game || r.Seed != a.Seed || r.Games != a.Games || !slices.Equal(r.Bots, a.Bots):
		return fmt.Errorf("game %s, seed %d, %d games, bots %v; the first file has %s, %d, %d, %v",
			r.Game, r.Seed, r.Games, r.Bots, a.Game, a.Seed, a.Games, a.Bots)
	case r.Files != a.Files:
		return fmt.Errorf("played from other files of the game (game.yaml, cards or rules) than the first file")
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
			sa, sr := ca.Summaries[k], cr.Summaries[k]
			if sa.Players != sr.Players || len(sa.Tally.CardOffered) != len(sr.Tally.CardOffered) {
				return fmt.Errorf("player counts or cards differ from the first file")
			}
			// A shard without them would leave the merged ones short.
			if (sa.MovesHist == nil) != (sr.MovesHist == nil) || len(sa.Tally.CardPlayedBy) != len(sr.Tally.CardPlayedBy) {
				return fmt.Errorf("written by another version of cardpress than the first file (length histogram or won-when-played counts)")
			}
		}
	}
	return nil
}

// checkSimResults checks what merging and printing rely on beyond the
// schema, so that a damaged file is an error naming the field, not a
// crash, a negative count or a share over 100%.
func checkSimResults(r *SimResults) error {
	if r.Shard > r.Shards {
		return fmt.Errorf("shard: %d of %d shards", r.Shard, r.Shards)
	}
	first := r.Columns[0].Summaries
	want := shardGames(r.Games, r.Shard, r.Shards)
	for i, c := range r.Columns {
		if len(c.Summaries) != len(first) {
			return fmt.Errorf("columns/%d/summaries: %d player counts, column 0 has %d", i, len(c.Summaries), len(first))
		}
		for k, s := range c.Summaries {
			at := fmt.Sprintf("columns/%d/summaries/%d", i, k)
			switch {
			case s.Players != first[k].Players:
				return fmt.Errorf("%s/Players: %d, column 0 has %d", at, s.Players, first[k].Players)
			case k > 0 && s.Players <= c.Summaries[k-1].Players:
				return fmt.Errorf("%s/Players: %d after %d; player counts go up", at, s.Players, c.Summaries[k-1].Players)
			case len(s.Tally.Counters) != len(c.Counters):
				return fmt.Errorf("%s/Tally/Counters: %d counters, the column names %d", at, len(s.Tally.Counters), len(c.Counters))
			case s.Games != want:
				return fmt.Errorf("%s/Games: %d, but shard %d/%d of a run of %d games plays %d", at, s.Games, r.Shard, r.Shards, r.Games, want)
			}
			if err := s.Check(); err != nil {
				return fmt.Errorf("%s/%v", at, err)
			}
			if err := inShard(r, s); err != nil {
				return fmt.Errorf("%s/%v", at, err)
			}
		}
	}
	return nil
}

// inShard checks that the games a summary names to replay are games of
// the file's shard, so the replay command printed is one that was played.
func inShard(r *SimResults, s *engine.Summary) error {
	type replay struct {
		field string
		game  *engine.Result
	}
	named := []replay{{"FirstCapped", s.FirstCapped}, {"FirstPanic", s.FirstPanic}, {"FirstInvariant", s.FirstInvariant}}
	for i, g := range s.FirstCounted {
		named = append(named, replay{fmt.Sprintf("FirstCounted/%d", i), g})
	}
	for _, n := range named {
		if n.game != nil && (n.game.Index >= r.Games || n.game.Index%r.Shards != r.Shard-1) {
			return fmt.Errorf("%s/Index: game %d is not one of shard %d/%d of %d games", n.field, n.game.Index, r.Shard, r.Shards, r.Games)
		}
	}
	return nil
}

// declaredBy loads the game the file r names, each variant its columns
// played, and returns what their engines declare (engine.Info): the names
// every file of the run may use.
func declaredBy(opts *mergeOptions, path string, r *SimResults) ([]engine.Info, error) {
	var infos []engine.Info
	for _, c := range r.Columns {
		g, err := loadVariant(opts.IO, opts.Cards, r.Game, c.Variant, r.Engine)
		if errors.Is(err, errFindings) {
			return nil, err
		}
		if err != nil {
			return nil, inputErrorf(path, "%v", err)
		}
		if err := g.Data.PlayedFrom(r.Files); err != nil {
			return nil, inputErrorf(path, "%v", err)
		}
		infos = append(infos, g.Engine.Info())
	}
	return infos, nil
}

// checkDeclared reports the first name in r that its game's engine does
// not declare: a bot, a player count, a counter, an end cause, or a card
// tally of another length than the game's cards.
func checkDeclared(r *SimResults, infos []engine.Info) error {
	for i, b := range r.Bots {
		if _, ok := engine.NewBot(b, 0); !ok {
			return fmt.Errorf("bots/%d: %q is not a bot (%s)", i, b, strings.Join(engine.BotKinds, ", "))
		}
	}
	for i, c := range r.Columns {
		info := infos[i]
		if !slices.Equal(c.Counters, info.Counters) {
			return fmt.Errorf("columns/%d/counters: %q, but the engine counts %q", i, c.Counters, info.Counters)
		}
		for k, s := range c.Summaries {
			if err := summaryDeclared(s, info); err != nil {
				return fmt.Errorf("columns/%d/summaries/%d/%v", i, k, err)
			}
		}
	}
	return nil
}

// summaryDeclared checks one player count's summary against info.
func summaryDeclared(s *engine.Summary, info engine.Info) error {
	if s.Players < info.MinPlayers || s.Players > info.MaxPlayers {
		return fmt.Errorf("Players: %d, but %s plays with %d-%d", s.Players, info.ID, info.MinPlayers, info.MaxPlayers)
	}
	declares := func(field, cause string) error {
		if cause == "" || slices.Contains(info.EndCauses, cause) {
			return nil
		}
		return fmt.Errorf("%s: %q is not how a game of %s ends (its engine declares %q)", field, cause, info.ID, info.EndCauses)
	}
	for _, cause := range slices.Sorted(maps.Keys(s.EndCauses)) {
		if err := declares("EndCauses/"+cause, cause); err != nil {
			return err
		}
	}
	replays := map[string]*engine.Result{"FirstCapped": s.FirstCapped, "FirstPanic": s.FirstPanic, "FirstInvariant": s.FirstInvariant}
	for k, r := range s.FirstCounted {
		replays[fmt.Sprintf("FirstCounted/%d", k)] = r
	}
	for _, field := range slices.Sorted(maps.Keys(replays)) {
		if r := replays[field]; r != nil {
			if err := declares(field+"/EndCause", r.EndCause); err != nil {
				return err
			}
		}
	}
	t := s.Tally
	for _, arr := range []struct {
		name string
		n    int
	}{{"CardInHand", len(t.CardInHand)}, {"CardPlayed", len(t.CardPlayed)}, {"CardOffered", len(t.CardOffered)},
		{"CardChosen", len(t.CardChosen)}, {"CardPlayedBy", len(t.CardPlayedBy)}, {"CardWon", len(t.CardWon)}} {
		if arr.n != info.Cards {
			return fmt.Errorf("Tally/%s: %d cards, but %s has %d", arr.name, arr.n, info.ID, info.Cards)
		}
	}
	return nil
}
