package cmd

import (
	"fmt"
	"strings"

	"cardpress/catalog"
	"cardpress/engine/kit"
	"cardpress/finding"
	"cardpress/internal/sat"
	"cardpress/pipeline"

	"github.com/spf13/cobra"
)

type validateOptions struct {
	IO
	Paths  []string
	Format string
}

func newValidateCmd(streams IO) *cobra.Command {
	opts := &validateOptions{IO: streams}
	c := &cobra.Command{
		Use:   "validate [PATH...]",
		Short: "Check card YAML against the schemas and report every problem",
		Long: `Validate game folders (default: every game under cards/). PATH may be a
game folder, a file in one, or a folder of games. Every problem is printed
as file:line:col: severity CODE: message; exit 1 if there is any error.`,
		RunE: func(_ *cobra.Command, args []string) (err error) {
			if opts.Paths, err = gamePaths(args); err != nil {
				return err
			}
			return runValidate(opts)
		},
	}
	c.Flags().StringVar(&opts.Format, "format", "text", "output format: text, json, github (Actions annotations) or sarif (SARIF 2.1.0)")
	return c
}

func runValidate(opts *validateOptions) error {
	if err := checkFormat(opts.Format); err != nil {
		return err
	}
	games, fs := pipeline.Load(opts.Paths)
	if err := finding.PrintRules(opts.Out, opts.Format, fs, catalog.For(games).Lookup); err != nil {
		return err
	}
	errs, warns := finding.Count(fs)
	if opts.Format == "text" {
		fmt.Fprintf(opts.Out, "validate: %s, %s\n", gamesSummary(games), countsSummary(errs, warns))
	}
	if errs > 0 {
		return errFindings
	}
	return nil
}

func checkFormat(f string) error {
	for _, ok := range finding.Formats {
		if f == ok {
			return nil
		}
	}
	return usagef("unknown --format %q (want %s)", f, strings.Join(finding.Formats, ", "))
}

func gamesSummary(games []*pipeline.Game) string {
	cards := 0
	for _, g := range games {
		for _, c := range g.Data.Cards {
			cards = sat.Add(cards, kit.Copies(c)) // a count may have failed its schema
		}
	}
	return fmt.Sprintf("%s, %d cards", plural(len(games), "game"), cards)
}

func countsSummary(errs, warns int) string {
	if errs+warns == 0 {
		return "no problems"
	}
	return fmt.Sprintf("%s, %s", plural(errs, "error"), plural(warns, "warning"))
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
