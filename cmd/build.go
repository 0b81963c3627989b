package cmd

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/smoke"

	"github.com/spf13/cobra"
)

type buildOptions struct {
	IO
	Paths []string
	Lint  smoke.Options
	// Strict turns warnings into errors.
	Strict bool
	pipeline.RenderOptions
}

func newBuildCmd(streams IO) *cobra.Command {
	opts := &buildOptions{IO: streams}
	c := &cobra.Command{
		Use:   "build [PATH...]",
		Short: "Validate, lint and render every game (what make runs)",
		Long: `Build runs the whole pipeline on each game: validate, lint with smoke games,
run its rule tests (files.tests), then render its PDFs. A game with lint
errors is not rendered; exit 1 if any game has errors or a failing test.`,
		RunE: func(_ *cobra.Command, args []string) (err error) {
			if opts.Paths, err = gamePaths(args); err != nil {
				return err
			}
			return runBuild(opts)
		},
	}
	c.Flags().IntVar(&opts.Lint.Games, "games", 0, "smoke games per player count (default: as many as the checks need, from 200 to the game's cap, HEAT 4000)")
	seedVar(c.Flags(), &opts.Lint.Seed, "lint run seed")
	c.Flags().BoolVar(&opts.Strict, "strict", false, "treat warnings as errors")
	bindRenderFlags(c, &opts.RenderOptions)
	return c
}

func runBuild(opts *buildOptions) error {
	if err := checkRenderOptions(opts.Env, &opts.RenderOptions); err != nil {
		return err
	}
	games, fs := pipeline.Load(opts.Paths)
	if err := distinctIDs(games, opts.OutDir); err != nil {
		return err
	}
	fs = strictly(fs, opts.Strict)
	failed := false
	if errs, _ := finding.Count(fs); errs > 0 {
		failed = true
	}
	opts.printFindings(opts.Out, "text", fs, nil)
	// Games build side by side, so both cores stay busy while one game's
	// last player count finishes; each game's lines are printed whole, in
	// the order the games were named.
	reports := make([]gameBuild, len(games))
	done := make([]chan struct{}, len(games))
	for i, g := range games {
		done[i] = make(chan struct{})
		go func() {
			defer close(done[i])
			if g.Valid {
				reports[i] = buildGame(opts, g)
			}
		}()
	}
	for i := range games {
		<-done[i]
		r := &reports[i]
		if _, err := opts.Out.Write(r.out.Bytes()); err != nil {
			return err
		}
		if r.err != nil {
			return r.err
		}
		failed = failed || r.failed
	}
	if failed {
		return errFindings
	}
	return nil
}

// gameBuild is what building one game printed and how it went.
type gameBuild struct {
	out    bytes.Buffer
	failed bool
	err    error // rendering failed: build stops here
}

// buildGame lints, tests and renders one valid game.
func buildGame(opts *buildOptions, g *pipeline.LoadedGame) (r gameBuild) {
	lo := opts.Lint
	// How many smoke games each player count played (lint stops early when
	// its checks are decided), for the summary line.
	fewest, most := math.MaxInt, 0
	lo.Metrics = func(_ string, _ int, sum *engine.Summary) {
		fewest, most = min(fewest, sum.Games), max(most, sum.Games)
	}
	lfs := finding.Sort(strictly(pipeline.Lint(g, lo), opts.Strict))
	opts.printFindings(&r.out, "text", lfs, nil)
	errs, warns := finding.Count(lfs)
	if errs > 0 {
		r.failed = true
		fmt.Fprintf(&r.out, "%s: %s; not rendered\n", finding.Visible(g.Data.Manifest.ID), countsSummary(errs, warns))
		return r
	}
	tested := ""
	if len(g.Data.Manifest.Files.Tests) > 0 {
		// The rule tests are checks like lint's: a failure fails the
		// build, and the PDFs are still written to look at.
		passed, nfailed, ok := runGameTests(&r.out, g)
		r.failed = !ok || nfailed > 0
		tested = fmt.Sprintf("; tests: %d passed", passed)
		if nfailed > 0 {
			tested += fmt.Sprintf(", %d failed", nfailed)
		}
	}
	paths, err := pipeline.Render(g, opts.RenderOptions)
	if err != nil {
		r.err = err
		return r
	}
	played := "static checks only: no rules engine"
	if g.Engine != nil {
		played = fmt.Sprintf("%d-%d smoke games per player count", fewest, most)
		switch {
		case most == 0:
			played = "no smoke games"
		case fewest == most:
			played = fmt.Sprintf("%d smoke games per player count", most)
		}
	}
	fmt.Fprintf(&r.out, "%s: %d cards; lint: %s (%s)%s; wrote %s\n",
		finding.Visible(g.Data.Manifest.ID), cardCount(g), countsSummary(errs, warns), played, tested, finding.Visible(strings.Join(paths, ", ")))
	return r
}

func cardCount(g *pipeline.LoadedGame) int {
	n := 0
	for _, c := range g.Data.Cards {
		n += max(c.Count, 1)
	}
	return n
}
