package cmd

import (
	"fmt"
	"strings"

	"cardpress/finding"
	"cardpress/lint"
	"cardpress/pipeline"

	"github.com/spf13/cobra"
)

type buildOptions struct {
	IO
	Paths []string
	Lint  lint.Options
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
	c.Flags().IntVar(&opts.Lint.Games, "games", 0, "smoke games per player count (default: the game's own, HEAT 4000)")
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
	fs = strictly(fs, opts.Strict)
	failed := false
	if errs, _ := finding.Count(fs); errs > 0 {
		failed = true
	}
	finding.Print(opts.Out, "text", fs)
	for _, g := range games {
		if !g.Valid {
			continue
		}
		lfs := finding.Sort(strictly(pipeline.Lint(g, opts.Lint), opts.Strict))
		finding.Print(opts.Out, "text", lfs)
		errs, warns := finding.Count(lfs)
		if errs > 0 {
			failed = true
			fmt.Fprintf(opts.Out, "%s: %s; not rendered\n", finding.Visible(g.Data.Manifest.ID), countsSummary(errs, warns))
			continue
		}
		tested := ""
		if len(g.Data.Manifest.Files.Tests) > 0 {
			// The rule tests are checks like lint's: a failure fails the
			// build, and the PDFs are still written to look at.
			passed, nfailed, ok := runGameTests(opts.Out, g)
			failed = failed || !ok || nfailed > 0
			tested = fmt.Sprintf("; tests: %d passed", passed)
			if nfailed > 0 {
				tested += fmt.Sprintf(", %d failed", nfailed)
			}
		}
		paths, err := pipeline.Render(g, opts.RenderOptions)
		if err != nil {
			return err
		}
		played := "static checks only: no rules engine"
		if g.Engine != nil {
			played = fmt.Sprintf("%d smoke games per player count", smokeGames(g, opts.Lint.Games))
		}
		fmt.Fprintf(opts.Out, "%s: %d cards; lint: %s (%s)%s; wrote %s\n",
			finding.Visible(g.Data.Manifest.ID), cardCount(g), countsSummary(errs, warns), played, tested, finding.Visible(strings.Join(paths, ", ")))
	}
	if failed {
		return errFindings
	}
	return nil
}

func cardCount(g *pipeline.Game) int {
	n := 0
	for _, c := range g.Data.Cards {
		n += max(c.Count, 1)
	}
	return n
}

// smokeGames is the number of games lint played per player count.
func smokeGames(g *pipeline.Game, flag int) int {
	switch {
	case flag > 0:
		return flag
	case g.Engine.Info().SmokeGames > 0:
		return g.Engine.Info().SmokeGames
	}
	return lint.DefaultGames
}
