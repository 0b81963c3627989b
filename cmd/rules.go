package cmd

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/cardpress/cardpress/codes"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/params"
	"github.com/cardpress/cardpress/pipeline"

	"github.com/spf13/cobra"
)

type rulesOptions struct {
	IO
	Paths   []string
	Format  string
	Verbose bool
	Params  bool
	Checks  bool
}

func newRulesCmd(streams IO) *cobra.Command {
	opts := &rulesOptions{IO: streams}
	c := &cobra.Command{
		Use:   "rules [PATH...]",
		Short: "List every finding code: id, severity, description and help",
		Long: `Rules prints the rule catalog: every code validate, lint and render can
report, and the codes of the games found in PATH (default: cards), each with
its severity, who reports it, the checks that report it and a one-line
description; -v adds the help paragraph. --format json prints the same as
one JSON array.

--checks prints the table of checks instead: each check's id, when it runs
(load, build, static, smoke, lint, tune), what it needs, its codes and what
it checks.

--params prints the rule parameters of the games instead: each one's
default, the values its engine plays (from the engine's declaration of its
parameters) and its doc from game.yaml.`,
		RunE: func(_ *cobra.Command, args []string) error {
			// A path given that is not there is an error (exit 2), as for
			// every command; without one, a folder with no cards/ still
			// gets the catalog of validate, lint and render.
			if err := checkPaths(args); err != nil {
				return err
			}
			opts.Paths = defaultPaths(args)
			return runRules(opts)
		},
	}
	c.Flags().StringVar(&opts.Format, "format", "text", "output format: text or json")
	c.Flags().BoolVarP(&opts.Verbose, "verbose", "v", false, "print each rule's help paragraph")
	c.Flags().BoolVar(&opts.Params, "params", false, "list the games' rule parameters instead: default, values the engine plays, doc")
	c.Flags().BoolVar(&opts.Checks, "checks", false, "list the checks instead: id, step, needs, codes, doc")
	return c
}

func runRules(opts *rulesOptions) error {
	if opts.Format != "text" && opts.Format != "json" {
		return usagef("unknown --format %q (want text or json)", opts.Format)
	}
	games, _ := pipeline.Load(opts.Paths)
	if opts.Params {
		return printParams(opts, params.List(games))
	}
	if opts.Checks {
		return printChecks(opts, codes.Checks(games))
	}
	rules := codes.For(games).Sorted()
	if opts.Format == "json" {
		if rules == nil {
			rules = []codes.Rule{}
		}
		return writeJSON(opts.Out, rules)
	}
	tw := tabwriter.NewWriter(opts.Out, 0, 0, 2, ' ', 0)
	for _, r := range rules {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", finding.Visible(r.ID), r.Severity, finding.Visible(r.Scope),
			finding.Visible(strings.Join(r.Checks, ",")), finding.Visible(r.Description))
		if opts.Verbose {
			tw.Flush()
			fmt.Fprintf(opts.Out, "    %s\n\n", finding.Visible(r.Help))
		}
	}
	return tw.Flush()
}

// printChecks lists the table of checks: per check its id, step, engine
// (an engine's own), needs and codes on one line and its doc under it.
func printChecks(opts *rulesOptions, checks []codes.Check) error {
	if opts.Format == "json" {
		return writeJSON(opts.Out, checks)
	}
	for _, c := range checks {
		step := string(c.Step)
		if c.Engine != "" {
			step += "  engine " + finding.Visible(c.Engine)
		}
		fmt.Fprintf(opts.Out, "%s  %s  needs %s  %s\n      %s\n", finding.Visible(c.ID), step, c.Needs,
			finding.Visible(strings.Join(c.Codes, ",")), finding.Visible(c.Doc))
	}
	return nil
}

// printParams lists parameters game by game: a heading, then per parameter
// its name, default and range on one line and its doc (and, with -v, the
// book's sentence it comes from) under it.
func printParams(opts *rulesOptions, ps []params.Param) error {
	if opts.Format == "json" {
		if ps == nil {
			ps = []params.Param{}
		}
		return writeJSON(opts.Out, ps)
	}
	game := ""
	for _, p := range ps {
		if p.Game != game {
			if game != "" {
				fmt.Fprintln(opts.Out)
			}
			game = p.Game
			fmt.Fprintf(opts.Out, "%s\n", finding.Visible(game))
		}
		fmt.Fprintf(opts.Out, "  %s = %s  (%s)\n", finding.Visible(p.Name), finding.Visible(p.Default), finding.Visible(p.Range))
		if p.Doc != "" {
			fmt.Fprintf(opts.Out, "      %s\n", finding.Visible(p.Doc))
		}
		if opts.Verbose && p.Source != "" {
			fmt.Fprintf(opts.Out, "      source: %s\n", finding.Visible(p.Source))
		}
	}
	return nil
}
