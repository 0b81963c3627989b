package cmd

import (
	"fmt"

	"github.com/cardpress/cardpress/codes"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/pipeline"

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
	if err := opts.printFindings(opts.Out, opts.Format, fs, codes.For(games).Lookup); err != nil {
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
