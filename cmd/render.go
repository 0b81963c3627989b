package cmd

import (
	"fmt"
	"os"
	"strconv"

	"cardpress/engine/finding"
	"cardpress/pipeline"

	"github.com/spf13/cobra"
)

type renderOptions struct {
	IO
	Paths []string
	pipeline.RenderOptions
}

func newRenderCmd(streams IO) *cobra.Command {
	opts := &renderOptions{IO: streams}
	c := &cobra.Command{
		Use:   "render [PATH...]",
		Short: "Write print-and-play and reference PDFs",
		Long: `Render writes OUT/<game>/<game>-pnp.pdf (cards 3×3 per page with crop marks,
each front page followed by its back page mirrored for long-edge duplex,
then boards and tokens) and OUT/<game>/<game>-reference.pdf. The same input
gives the same bytes; SOURCE_DATE_EPOCH sets the PDF dates. With --variant,
the sheets and card texts follow that rule variant's parameters and the
files are named <game>-pnp-VARIANT.pdf and <game>-reference-VARIANT.pdf.`,
		RunE: func(_ *cobra.Command, args []string) error {
			opts.Paths = defaultPaths(args)
			return runRender(opts)
		},
	}
	bindRenderFlags(c, &opts.RenderOptions)
	c.Flags().StringVar(&opts.Variant, "variant", "", "rule variant to print (default: each game's default); another adds -VARIANT to the file names")
	return c
}

func bindRenderFlags(c *cobra.Command, o *pipeline.RenderOptions) {
	f := c.Flags()
	f.StringVar(&o.Paper, "paper", "a4", "paper size: a4 or letter")
	f.Float64Var(&o.Bleed, "bleed", 0, "bleed around each card, in mm")
	f.StringVar(&o.OutDir, "out", "out", "output folder")
}

// checkRenderOptions validates flags and reads SOURCE_DATE_EPOCH.
func checkRenderOptions(o *pipeline.RenderOptions) error {
	if o.Paper != "a4" && o.Paper != "letter" {
		return usagef("unknown --paper %q (want a4 or letter)", o.Paper)
	}
	if o.Bleed < 0 || o.Bleed > 10 {
		return usagef("--bleed must be between 0 and 10 mm")
	}
	if v := os.Getenv("SOURCE_DATE_EPOCH"); v != "" {
		epoch, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return usagef("SOURCE_DATE_EPOCH=%q is not a number of seconds", v)
		}
		o.Epoch = epoch
	}
	return nil
}

func runRender(opts *renderOptions) error {
	if err := checkRenderOptions(&opts.RenderOptions); err != nil {
		return err
	}
	games, fs := pipeline.Load(opts.Paths)
	if errs, _ := finding.Count(fs); errs > 0 {
		finding.Print(opts.Out, "text", fs)
		return errFindings
	}
	for _, g := range games {
		paths, err := pipeline.Render(g, opts.RenderOptions)
		if err != nil {
			return err
		}
		for _, p := range paths {
			fmt.Fprintf(opts.Out, "wrote %s\n", p)
		}
	}
	return nil
}
