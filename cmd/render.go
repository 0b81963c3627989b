package cmd

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/export"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/flagval"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/printshop"
	"github.com/cardpress/cardpress/render"

	"github.com/spf13/cobra"
)

type renderOptions struct {
	IO
	Paths []string
	pipeline.RenderOptions
	// For is --for: pnp or print-shop; PrintShopProfile is --profile.
	For, PrintShopProfile string
	changed               func(flag string) bool
}

func newRenderCmd(streams IO) *cobra.Command {
	opts := &renderOptions{IO: streams}
	c := &cobra.Command{
		Use:   "render [PATH...]",
		Short: "Write print-and-play and reference PDFs",
		Long: `Render writes OUT/<game>/<game>-pnp.pdf (a page of print instructions and a
duplex check, cards as many a page as fit with their bleed and crop marks,
turned on their side when that fits more, each front page followed by its
back page mirrored for long-edge duplex, then boards, tokens and the box
list packed onto one-sided sheets with blank backs) and
OUT/<game>/<game>-reference.pdf.
--gutter sets the space between cards, --back-offset the correction read on
the duplex check (docs/rendering.md, "Printing"). The same input
gives the same bytes; SOURCE_DATE_EPOCH sets the PDF dates. With --variant,
the sheets and card texts follow that rule variant's parameters and the
files are named <game>-pnp-VARIANT.pdf and <game>-reference-VARIANT.pdf.`,
		RunE: func(_ *cobra.Command, args []string) (err error) {
			if opts.Paths, err = gamePaths(args); err != nil {
				return err
			}
			return runRender(opts)
		},
	}
	bindRenderFlags(c, &opts.RenderOptions)
	c.Flags().StringVar(&opts.Variant, "variant", "", "rule variant to print (default: each game's default); another adds -VARIANT to the file names")
	c.Flags().StringVar(&opts.For, "for", "pnp", "pnp: print-and-play sheets and the reference; print-shop: one card face a page at bleed size, each front followed by its back")
	c.Flags().StringVar(&opts.PrintShopProfile, "profile", "", "with --for print-shop: print shop ("+printshop.List()+") or shop-size (tgc-bridge), whose templates set each page and its bleed")
	c.PreRunE = func(c *cobra.Command, _ []string) error {
		opts.changed = func(name string) bool { return c.Flags().Changed(name) }
		return nil
	}
	return c
}

// defaultBleed is --bleed's default, in mm.
const defaultBleed = gamedata.DefaultBleed

// gutterFlag is --gutter: a number of mm from 0 to MaxGutter, or auto
// (nil), the grid's own choice.
type gutterFlag struct{ mm **float64 }

func (f *gutterFlag) Set(s string) error {
	if s == "auto" {
		*f.mm = nil
		return nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !flagval.InRange(v, render.MaxGutter) {
		return fmt.Errorf("want auto or a number of mm from 0 to %g", render.MaxGutter)
	}
	*f.mm = &v
	return nil
}

func (f *gutterFlag) String() string {
	if f == nil || f.mm == nil || *f.mm == nil {
		return "auto"
	}
	return strconv.FormatFloat(**f.mm, 'g', -1, 64)
}

func (f *gutterFlag) Type() string { return "mm" }

// offsetFlag is --back-offset X,Y: two numbers of mm, each within
// MaxBackOffset either way.
type offsetFlag struct{ xy *[2]float64 }

func (f *offsetFlag) Set(s string) error {
	x, y, ok := strings.Cut(s, ",")
	var v [2]float64
	for i, part := range []string{x, y} {
		n, err := strconv.ParseFloat(strings.TrimSpace(part), 64)
		if !ok || err != nil || !(math.Abs(n) <= render.MaxBackOffset) {
			return fmt.Errorf("want X,Y: two numbers of mm from -%g to %g", render.MaxBackOffset, render.MaxBackOffset)
		}
		v[i] = n
	}
	*f.xy = v
	return nil
}

func (f *offsetFlag) String() string {
	if f == nil || f.xy == nil {
		return "0,0"
	}
	return strconv.FormatFloat(f.xy[0], 'g', -1, 64) + "," + strconv.FormatFloat(f.xy[1], 'g', -1, 64)
}

func (f *offsetFlag) Type() string { return "X,Y" }

func runRender(opts *renderOptions) error {
	if err := checkRenderOptions(opts.Env, &opts.RenderOptions); err != nil {
		return err
	}
	if err := checkPrintShop(opts); err != nil {
		return err
	}
	games, fs := pipeline.Load(opts.Paths)
	if err := distinctIDs(games, opts.OutDir); err != nil {
		return err
	}
	if errs, _ := finding.Count(fs); errs > 0 {
		opts.printFindings(opts.Out, "text", fs, nil)
		return errFindings
	}
	if err := fitPrintShop(games, opts); err != nil {
		return err
	}
	for _, g := range games {
		paths, err := pipeline.Render(g, opts.RenderOptions)
		if err != nil {
			return err
		}
		for _, p := range paths {
			fmt.Fprintf(opts.Out, "wrote %s\n", finding.Visible(p))
		}
	}
	return nil
}

// renderFor is --for's values: the print-and-play sheets, or a page a
// card face for a print shop.
var renderFor = []string{"pnp", "print-shop"}

// checkPrintShop reads --for and --profile into the pipeline's options.
// The sheet's flags mean nothing to a page a card, and a profile sets
// the bleed, so giving them is an error rather than silently ignored.
func checkPrintShop(opts *renderOptions) error {
	switch opts.For {
	case "pnp":
		if opts.PrintShopProfile != "" {
			return usagef("--profile needs --for print-shop")
		}
		return nil
	case "print-shop":
	default:
		return usagef("unknown --for %q (want %s)", opts.For, strings.Join(renderFor, " or "))
	}
	for _, f := range []string{"paper", "gutter", "back-offset"} {
		if opts.changed != nil && opts.changed(f) {
			return usagef("--%s is for the print-and-play sheets; --for print-shop prints a card a page", f)
		}
	}
	opts.PrintShop = true
	if opts.PrintShopProfile == "" {
		return nil
	}
	profiles, err := printshop.Choose(opts.PrintShopProfile)
	if err != nil {
		return usageError{err}
	}
	opts.Profiles = profiles
	if opts.changed != nil && opts.changed("bleed") {
		return usagef("--profile %s sets the bleed; drop --bleed", opts.PrintShopProfile)
	}
	opts.Profile = opts.PrintShopProfile
	return nil
}

// fitPrintShop checks every deck of every game against the profiles
// before any file is written.
func fitPrintShop(games []*pipeline.LoadedGame, opts *renderOptions) error {
	if opts.Profiles == nil {
		return nil
	}
	if err := export.CheckShopFit(games, opts.Profiles, opts.Profile, "render those games without --profile (with --bleed) or pick another shop"); err != nil {
		return usageError{err}
	}
	return nil
}
