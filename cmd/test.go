package cmd

import (
	"fmt"
	"io"

	"github.com/cardpress/cardpress/engine/rules"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/pipeline"

	"github.com/spf13/cobra"
)

type testOptions struct {
	IO
	Paths []string
}

func newTestCmd(streams IO) *cobra.Command {
	opts := &testOptions{IO: streams}
	return &cobra.Command{
		Use:   "test [PATH...]",
		Short: "Run a game's rule tests (files.tests) with the rules engine",
		Long: `Test runs the rule tests of each game that lists them in game.yaml
(files.tests; default: every game under cards/). Each test plays the game's
rules file (files.rules) with the generic rules engine to a decision, sets
up a position, checks the legal actions, plays moves and checks what
follows (docs/rules.md). Every failure is printed as file:line:col: test
"name": message, then one line per game; exit 1 if any test fails or a game
with tests does not load.`,
		RunE: func(_ *cobra.Command, args []string) (err error) {
			if opts.Paths, err = gamePaths(args); err != nil {
				return err
			}
			return runTest(opts)
		},
	}
}

func runTest(opts *testOptions) error {
	games, fs := pipeline.Load(opts.Paths)
	failed := false
	// A problem of the data is validate's to report in full; test shows
	// the errors, which stop a game's tests from running.
	var errs []finding.Finding
	for _, f := range finding.Sort(fs) {
		if f.Severity == finding.Error {
			errs = append(errs, f)
		}
	}
	if err := opts.printFindings(opts.Out, "text", errs, nil); err != nil {
		return err
	}
	failed = len(errs) > 0
	for _, g := range games {
		id := finding.Visible(g.Data.Manifest.ID)
		if len(g.Data.Manifest.Files.Tests) == 0 {
			fmt.Fprintf(opts.Out, "%s: no rule tests (files.tests in game.yaml)\n", id)
			continue
		}
		passed, nfailed, ok := runGameTests(opts.Out, g)
		if !ok {
			failed = true
			if passed+nfailed == 0 {
				continue
			}
		}
		summary := fmt.Sprintf("%s: %s passed", id, plural(passed, "test"))
		if nfailed > 0 {
			summary += fmt.Sprintf(", %d failed", nfailed)
			failed = true
		}
		fmt.Fprintln(opts.Out, summary)
	}
	if failed {
		return errFindings
	}
	return nil
}

// runGameTests runs game g's rule tests, printing each failure (failed
// counts them); ok is false when they could not all run or a finding is
// an error (then what says why is printed).
func runGameTests(out io.Writer, g *pipeline.LoadedGame) (passed, failed int, ok bool) {
	id := finding.Visible(g.Data.Manifest.ID)
	rg, found := rulesEngine(g)
	printTestFindings(out, found)
	if rg == nil {
		why := fmt.Sprintf("fix the errors above (cardpress validate %s)", finding.Visible(g.Data.Dir))
		if g.Data.Manifest.Files.Rules == "" {
			why = "the game names no rules file for them to play (files.rules in game.yaml)"
		}
		fmt.Fprintf(out, "%s: the tests do not run: %s\n", id, why)
		return 0, 0, false
	}
	ok = true
	if errs, _ := finding.Count(found); errs > 0 {
		ok = false
	}
	for _, tf := range g.Data.Tests {
		p, n, found := rg.RunTests(tf, nil)
		passed, failed = passed+p, failed+n
		printTestFindings(out, found)
		if errs, _ := finding.Count(found); errs > 0 {
			ok = false
		}
	}
	if len(g.Data.Tests) < len(g.Data.Manifest.Files.Tests) {
		ok = false // a tests file that did not load: its errors are printed
	}
	return passed, failed, ok
}

// rulesEngine is the rules engine that plays g's rules file: game.yaml's
// engine when it is rules, else the generic engine built for the test
// (a game with an engine of its own and a rules file, as HEAT). Nil with
// the findings of its build when it does not build; nil and none when
// the data has errors (Load reported them) or there is no rules file.
func rulesEngine(g *pipeline.LoadedGame) (*rules.Game, []finding.Finding) {
	if !g.Valid {
		return nil, nil // Load reported why, a tests file naming what is not there included
	}
	if rg, ok := g.Engine.(*rules.Game); ok {
		return rg, nil
	}
	if g.Data.Manifest.Files.Rules == "" || g.Data.Rules == nil {
		return nil, nil
	}
	rg, found, err := g.WithEngine(gamedata.RulesEngine)
	if err != nil || rg.Engine == nil {
		return nil, found
	}
	r, _ := rg.Engine.(*rules.Game)
	return r, found
}

// printTestFindings prints a failed test as file:line:col: message, any
// other finding (the rules file does not build) as validate does.
func printTestFindings(out io.Writer, fs []finding.Finding) {
	for _, f := range fs {
		if rules.CodeTest.Is(f) {
			fmt.Fprintf(out, "%s: %s\n", f.Pos, finding.Visible(f.Message))
			continue
		}
		fmt.Fprintln(out, f.String())
	}
}
