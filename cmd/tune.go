package cmd

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/tune"

	"github.com/spf13/cobra"
)

type tuneOptions struct {
	IO
	Cards       string
	Plan        string
	Variant     string
	Engine      string
	Bots        string
	Games       int
	Evaluations int
	Repeats     int
	Confirm     int
	Seed        uint64
	Workers     int
	Shard       string
	OutFile     string
	Merge       bool
	Format      string
}

func newTuneCmd(streams IO) *cobra.Command {
	opts := &tuneOptions{IO: streams}
	c := &cobra.Command{
		Use:   "tune GAME_DIR [--plan FILE] [--merge FILE...]",
		Short: "Search the game's rule parameters for values that meet its targets",
		Long: `Tune reads the game's tune.yaml (which parameters to search, over which
values, and the targets: seat win rates within N points of fair, a game
length, a skill ladder), searches with NTBEA, playing --games seeded games
per player count for each candidate, and prints the best values found
beside the current ones, both measured again over --confirm games with
95% intervals, as a diff of game.yaml, then every candidate tried and its
score. --shard K/N runs only some of the --repeats searches and --out
writes them; tune GAME_DIR --merge FILE... puts the shards together.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error { return runTune(opts, args) },
	}
	f := c.Flags()
	f.StringVar(&opts.Cards, "cards", "cards", "folder holding the games, when GAME_DIR is a game id")
	f.StringVar(&opts.Plan, "plan", "", "the tuning plan (default: GAME_DIR/tune.yaml)")
	f.StringVar(&opts.Variant, "variant", "", "rule variant to start from (default: the game's default)")
	engineVar(f, &opts.Engine)
	f.StringVar(&opts.Bots, "bots", "random", botsHelp("bot per seat"))
	f.IntVar(&opts.Games, "games", 100, "games per candidate and player count")
	f.IntVar(&opts.Evaluations, "evaluations", 50, "candidates played per search")
	f.IntVar(&opts.Repeats, "repeats", 1, "independent searches (the best proposal wins)")
	f.IntVar(&opts.Confirm, "confirm", 1000, "games per player count that measure the current values and each proposal")
	seedVar(f, &opts.Seed, "run seed (every game's seed comes from it)")
	f.IntVar(&opts.Workers, "workers", 0, "parallel workers, and at most this many cores for the whole run (default: every core)")
	f.StringVar(&opts.Shard, "shard", "", "K/N: run only the searches r with r % N == K-1 (with --out)")
	f.StringVar(&opts.OutFile, "out", "", "write the results (JSON) to this file, atomically; a shard's for --merge")
	f.BoolVar(&opts.Merge, "merge", false, "the arguments after GAME_DIR are the --out files of every shard of one run: put them together")
	f.StringVar(&opts.Format, "format", "text", "text or json")
	return c
}

func runTune(opts *tuneOptions, args []string) error {
	if err := opts.check(args); err != nil {
		return err
	}
	shard, shards, err := parseShard(opts.Shard)
	if err != nil {
		return err
	}
	g, err := loadVariant(opts.IO, opts.Cards, args[0], opts.Variant, opts.Engine)
	if err != nil {
		return err
	}
	plan, err := opts.loadPlan(g)
	if err != nil {
		return err
	}
	if err := checkResultsOut(opts.OutFile, "tune.json", g.Data, opts.Plan); err != nil {
		return err
	}
	defer limitCores(opts.Workers)()
	var res *tune.Result
	if opts.Merge {
		if res, err = mergeTune(args[1:], g, plan, opts.Engine); err != nil {
			return err
		}
	} else {
		bots, err := parseBots(opts.Bots)
		if err != nil {
			return err
		}
		cfg := tune.Config{Game: g.Data, Build: g.Build, Plan: plan, Bots: bots, Games: opts.Games, Evaluations: opts.Evaluations,
			Repeats: opts.Repeats, Confirm: opts.Confirm, Seed: opts.Seed, Workers: opts.Workers, EngineID: opts.Engine}
		if shards > 1 {
			cfg.Shard, cfg.Shards = shard+1, shards
		}
		if shards > opts.Repeats {
			return usagef("--shard %s: %d shards for %d searches (--repeats); a shard runs whole searches, so N can be at most --repeats", opts.Shard, shards, opts.Repeats)
		}
		bar := opts.newProgress(g.Data.Manifest.ID, cfg.TotalGames())
		if bar != nil {
			cfg.Progress = func() { bar.add(1) }
		}
		start := time.Now()
		res, err = tune.Tune(cfg)
		bar.finish()
		if err != nil {
			return err
		}
		fmt.Fprintf(opts.Err, "tune: %d games in %.2f s\n", cfg.TotalGames(), time.Since(start).Seconds())
	}
	if opts.OutFile != "" {
		if err := writeResults(opts.OutFile, res); err != nil {
			return err
		}
		warnUnmergeable(opts.Err, opts.OutFile, res)
	}
	if opts.Format == "json" {
		b, err := json.MarshalIndent(res, "", "  ")
		if err != nil {
			return err
		}
		_, err = opts.IO.Out.Write(append(b, '\n'))
		return err
	}
	return tune.WriteText(opts.IO.Out, res)
}

func (o *tuneOptions) check(args []string) error {
	switch {
	case o.Format != "text" && o.Format != "json":
		return usagef("unknown --format %q (want text or json)", o.Format)
	case o.Merge && len(args) < 2:
		return usagef("--merge needs the shards' files after GAME_DIR")
	case !o.Merge && len(args) > 1:
		return usagef("tune takes one GAME_DIR (the files after it are for --merge)")
	case o.Merge && o.Shard != "":
		return usagef("--merge puts every shard together; it takes no --shard")
	case o.Games < 1 || o.Evaluations < 1 || o.Confirm < 1:
		return usagef("--games, --evaluations and --confirm must be at least 1")
	case o.Repeats < 1 || o.Repeats > tune.MaxRepeats:
		return usagef("--repeats must be from 1 to %d", tune.MaxRepeats)
	case o.OutFile != "":
		return checkOutDir(filepath.Dir(o.OutFile))
	}
	return nil
}

// loadPlan reads the plan: findings in it are exit 1, a plan that is not
// there exit 2. The game's own tune.yaml is read inside its folder only;
// --plan is a file the user names, wherever it is.
func (o *tuneOptions) loadPlan(g *pipeline.LoadedGame) (*tune.Plan, error) {
	build := func(d *gamedata.Data) []finding.Finding {
		_, fs := g.Build(d)
		return fs
	}
	var plan *tune.Plan
	var fs []finding.Finding
	if path := o.Plan; path == "" {
		// Lstat: a link is the folder's to judge (LoadGamePlan), not "no plan".
		if _, err := os.Lstat(filepath.Join(g.Data.Dir, tune.FileName)); err != nil {
			return nil, usagef("%s has no %s: write one (docs/commands.md, Tuning) or name one with --plan", finding.Visible(g.Data.Dir), tune.FileName)
		}
		plan, fs = tune.LoadGamePlan(g.Data, g.Engine.Info(), build)
	} else if err := checkPaths([]string{path}); err != nil {
		return nil, err
	} else if info, err := os.Stat(path); err == nil && info.IsDir() {
		return nil, usagef("--plan %s is a folder; name the plan file", finding.Visible(path))
	} else {
		plan, fs = tune.LoadPlan(path, g.Data, g.Engine.Info(), build)
	}
	if len(fs) > 0 {
		o.printFindings(o.Err, "text", fs, nil)
		return nil, errFindings
	}
	return plan, nil
}

// mergeTune reads the shards' files (tuneResultsInput: bounded, checked
// against the results schema) and merges them.
func mergeTune(names []string, g *pipeline.LoadedGame, plan *tune.Plan, engineID string) (*tune.Result, error) {
	var parts []*tune.Result
	for _, name := range names {
		var r tune.Result
		if err := tuneResultsInput.read(name, name, &r); err != nil {
			return nil, err
		}
		parts = append(parts, &r)
	}
	res, err := tune.Merge(names, parts, g.Data, plan, engineID)
	if err != nil {
		return nil, usageError{fmt.Errorf("%s", finding.Visible(err.Error()))}
	}
	return res, nil
}

// warnUnmergeable warns, as the file is written rather than when it is
// needed, that --merge will refuse it: a shard of very many evaluations
// can exceed what --merge reads (tuneResultsBytes, tuneResultsValues).
func warnUnmergeable(w io.Writer, path string, res *tune.Result) {
	data, err := json.MarshalIndent(res, "", " ") // as writeResults writes it
	if err != nil {
		return
	}
	if int64(len(data)) > tuneResultsInput.maxBytes {
		err = &fileio.TooLargeError{Size: int64(len(data)), Limit: tuneResultsInput.maxBytes}
	} else {
		err = tuneResultsInput.check(path, data)
	}
	if err != nil {
		fmt.Fprintf(w, "cardpress: warning: tune --merge cannot read %s: %s: split the run into more shards (--shard K/N with a larger N) or fewer --evaluations\n",
			finding.Visible(path), strings.TrimPrefix(err.Error(), finding.Visible(path)+": "))
	}
}
