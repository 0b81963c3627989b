package cmd

import (
	"fmt"

	"cardpress/catalog"
	"cardpress/engine/finding"
	"cardpress/lint"
	"cardpress/pipeline"

	"github.com/spf13/cobra"
)

type lintOptions struct {
	IO
	Paths  []string
	Format string
	// Strict turns warnings into errors.
	Strict bool
	lint.Options
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
		RunE: func(_ *cobra.Command, args []string) error {
			opts.Paths = defaultPaths(args)
			return runLint(opts)
		},
	}
	f := c.Flags()
	f.StringVar(&opts.Format, "format", "text", "output format: text, json, github (Actions annotations) or sarif (SARIF 2.1.0)")
	f.IntVar(&opts.Games, "games", 0, "smoke games per player count (default: the game's own, HEAT 4000)")
	f.Uint64Var(&opts.Seed, "seed", 1, "run seed (game i is seeded from it and i)")
	f.IntVar(&opts.Players, "players", 0, "only this player count (default: every supported count)")
	f.BoolVar(&opts.Strict, "strict", false, "treat warnings as errors (exit 1 on any finding)")
	f.IntVar(&opts.Workers, "workers", 0, "parallel workers (default: every core)")
	return c
}

func runLint(opts *lintOptions) error {
	if err := checkFormat(opts.Format); err != nil {
		return err
	}
	if opts.Games < 0 {
		return usagef("--games must not be negative")
	}
	games, fs := pipeline.Load(opts.Paths)
	for _, g := range games {
		fs = append(fs, pipeline.Lint(g, opts.Options)...)
	}
	fs = finding.Sort(strictly(fs, opts.Strict))
	if err := finding.PrintRules(opts.Out, opts.Format, fs, catalog.For(games).Lookup); err != nil {
		return err
	}
	errs, warns := finding.Count(fs)
	if opts.Format == "text" {
		fmt.Fprintf(opts.Out, "lint: %s, %s\n", gamesSummary(games), countsSummary(errs, warns))
	}
	if errs > 0 {
		return errFindings
	}
	return nil
}

// strictly turns every warning into an error when strict is set (--strict).
func strictly(fs []finding.Finding, strict bool) []finding.Finding {
	if strict {
		for i := range fs {
			fs[i].Severity = finding.Error
		}
	}
	return fs
}
