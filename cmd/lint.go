package cmd

import (
	"fmt"
	"sync"

	"github.com/cardpress/cardpress/codes"
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/smoke"

	"github.com/spf13/cobra"
)

type lintOptions struct {
	IO
	Paths  []string
	Format string
	// Strict turns warnings into errors.
	Strict bool
	// Baseline is a previous --format json report to compare with.
	Baseline string
	botList  string
	smoke.Options
}

func newLintCmd(streams IO) *cobra.Command {
	opts := &lintOptions{IO: streams}
	c := &cobra.Command{
		Use:   "lint [PATH...]",
		Short: "Validate, run static checks and play seeded smoke games",
		Long: `Lint runs validate, then the static checks, then --games smoke games per
supported player count with random bots (and a share with heuristic bots),
and prints findings as file:line:col: severity CODE: message. Dynamic
findings name the seed and player count that replay them. Exit 1 on any error.`,
		RunE: func(_ *cobra.Command, args []string) (err error) {
			if opts.Paths, err = gamePaths(args); err != nil {
				return err
			}
			return runLint(opts)
		},
	}
	f := c.Flags()
	f.StringVar(&opts.Format, "format", "text", "output format: text, json, github (Actions annotations) or sarif (SARIF 2.1.0)")
	f.IntVar(&opts.Games, "games", 0, "smoke games per player count (default: as many as the checks need, from 200 to the game's cap, HEAT 4000)")
	seedVar(f, &opts.Seed, "run seed (game i is seeded from it and i)")
	f.IntVar(&opts.Players, "players", 0, "only this player count (default: every supported count)")
	f.BoolVar(&opts.Strict, "strict", false, "treat warnings as errors (exit 1 on any finding)")
	f.StringVar(&opts.Baseline, "baseline", "", "compare with `FILE`, an earlier lint --format json report: print new and fixed findings and balance metrics that moved")
	f.IntVar(&opts.Workers, "workers", 0, "parallel workers (default: every core)")
	engineVar(f, &opts.Engine)
	f.StringVar(&opts.botList, "bots", "random", botsHelp("bots for the smoke games, one per seat (heuristic and mcts: skilled play, slower)"))
	return c
}

func runLint(opts *lintOptions) error {
	if err := checkFormat(opts.Format); err != nil {
		return err
	}
	if opts.Games < 0 {
		return usagef("--games must not be negative")
	}
	if err := checkEngine(opts.Engine); err != nil {
		return err
	}
	if opts.botList != "" && opts.botList != "random" {
		bots, err := parseBots(opts.botList)
		if err != nil {
			return err
		}
		opts.Bots = bots
	}
	var base *finding.Report
	if opts.Baseline != "" {
		var err error
		if base, err = readBaseline(opts.Baseline); err != nil {
			return err
		}
	}
	games, fs := pipeline.Load(opts.Paths)
	if opts.Engine != "" {
		for i, g := range games {
			var bfs []finding.Finding
			var err error
			if games[i], bfs, err = g.WithEngine(opts.Engine); err != nil {
				return err
			}
			fs = append(fs, bfs...)
		}
	}
	bar := opts.newProgress("lint", 0)
	if bar != nil {
		opts.Each = func(engine.Result) { bar.add(1) }
	}
	// Games lint side by side; their findings and metrics are gathered in
	// the order the games were named.
	found := make([][]finding.Finding, len(games))
	gameMetrics := make([][]finding.Metric, len(games))
	var wg sync.WaitGroup
	for i, g := range games {
		o := opts.Options
		if g.Valid && g.Engine == nil {
			fmt.Fprintf(opts.Err, "lint: %s has no rules engine: static checks only, no smoke games (docs/engine.md says how a game gets one)\n", finding.Visible(g.Data.Manifest.ID))
		}
		if g.Engine != nil {
			id := g.Data.Manifest.ID
			o.Metrics = func(variant string, players int, sum *engine.Summary) {
				gameMetrics[i] = append(gameMetrics[i], metricOf(id, variant, g.Data.Variants(), players, sum, g.Engine.Info().Counters))
			}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			found[i] = pipeline.Lint(g, o)
		}()
	}
	wg.Wait()
	bar.finish()
	var metrics []finding.Metric
	for i := range games {
		fs = append(fs, found[i]...)
		metrics = append(metrics, gameMetrics[i]...)
	}
	fs = finding.Sort(strictly(fs, opts.Strict))
	errs, warns := finding.Count(fs)
	report := finding.Report{Findings: fs, Errors: errs, Warnings: warns, Metrics: metrics}
	if base != nil {
		d := smoke.Compare(*base, report)
		report.Baseline = &d
	}
	if opts.Format == "json" {
		if report.Findings == nil {
			report.Findings = []finding.Finding{}
		}
		if err := writeJSON(opts.Out, report); err != nil {
			return err
		}
	} else if err := opts.printFindings(opts.Out, opts.Format, fs, codes.For(games).Lookup); err != nil {
		return err
	}
	if report.Baseline != nil {
		printDiff(opts, report.Baseline)
	}
	if opts.Format == "text" {
		fmt.Fprintf(opts.Out, "lint: %s, %s\n", gamesSummary(games), countsSummary(errs, warns))
	}
	if errs > 0 {
		return errFindings
	}
	return nil
}

// metricOf is a summary's balance numbers. The variant is named by its
// id, the default one too when the game has variants.
func metricOf(game, variant string, variants []string, players int, sum *engine.Summary, counters []string) finding.Metric {
	if variant == "" && len(variants) > 0 {
		variant = variants[0]
	}
	m := finding.Metric{Game: game, Variant: variant, Players: players, Games: sum.Games, SeatWinRate: make([]float64, players)}
	for seat := range players {
		m.SeatWinRate[seat] = sum.WinRate(seat)
	}
	if len(counters) > 0 && sum.Games > 0 {
		m.Counters = map[string]float64{}
		for i, name := range counters {
			m.Counters[name] = float64(sum.Tally.Counters[i]) / float64(sum.Games)
		}
	}
	return m
}

// readBaseline reads a --baseline report: a regular file within the size
// limit that the lint report schema accepts (so null, {} and [] are not
// a clean baseline) and whose counts and metrics hold together.
func readBaseline(path string) (*finding.Report, error) {
	name := "--baseline " + path
	var r finding.Report
	if err := lintReportInput.read(name, path, &r); err != nil {
		return nil, err
	}
	if err := smoke.CheckBaseline(r); err != nil {
		return nil, inputErrorf(name, "%v", err)
	}
	return &r, nil
}

// printDiff prints the comparison with the baseline: in text as lines
// after the findings, for GitHub as notices (the JSON report carries it).
// Fixed findings come from the baseline file, so their text is made
// visible (text) or escaped (GitHub) before it reaches a terminal or log.
func printDiff(opts *lintOptions, d *finding.Diff) {
	summary := fmt.Sprintf("baseline %s: %d new, %d fixed, %d metrics moved", finding.Visible(opts.Baseline), len(d.New), len(d.Fixed), len(d.Moved))
	switch opts.Format {
	case "text":
		fmt.Fprintln(opts.Out, summary)
		for _, f := range d.New {
			fmt.Fprintln(opts.Out, "  new:   "+finding.Visible(f.String()))
		}
		for _, f := range d.Fixed {
			fmt.Fprintln(opts.Out, "  fixed: "+finding.Visible(f.String()))
		}
		for _, m := range d.Moved {
			fmt.Fprintln(opts.Out, "  moved: "+finding.Visible(m.Text))
		}
	case "github":
		for _, f := range d.Fixed {
			fmt.Fprintln(opts.Out, "::notice title="+finding.EscapeProperty("FIXED "+f.Code)+"::"+finding.EscapeData(f.String()))
		}
		for _, m := range d.Moved {
			fmt.Fprintln(opts.Out, "::notice title=BALANCE::"+finding.EscapeData(m.Text))
		}
	default: // sarif: stdout is the log; a summary on stderr
		fmt.Fprintln(opts.Err, summary)
	}
}
