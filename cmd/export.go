package cmd

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/render"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// exportSubcommands lists the export formats, one subcommand each; the
// subcommand's name is the format.
func exportSubcommands(streams IO) []*cobra.Command {
	return []*cobra.Command{
		newExportCSVCmd(streams),
		newExportXLSXCmd(streams),
		newExportPNGCmd(streams),
		newExportTTSCmd(streams),
	}
}

// newExportCmd is the parent of the formats. `export FORMAT ...` runs the
// format's subcommand; `export --format FORMAT ...` is the same command
// line spelled the other way, so the parent takes its arguments raw (the
// formats' flags are the subcommands' own) and runs the command tree
// again with the format moved in front.
func newExportCmd(streams IO) *cobra.Command {
	c := &cobra.Command{
		Use:   "export FORMAT [PATH]",
		Short: "Write a game's cards in another format: csv, xlsx, png or tts",
		Long: `Export writes a game's cards in another format, one subcommand each:
csv and xlsx (a spreadsheet row per card, read back by cardpress import;
docs/spreadsheets.md), png (an image per card face for print shops) and tts
(Tabletop Simulator deck sheets; docs/export.md). "cardpress export
--format csv PATH" is the same as "cardpress export csv PATH".`,
		Args:               cobra.ArbitraryArgs,
		DisableFlagParsing: true,
		RunE: func(c *cobra.Command, args []string) error {
			return runExportFormat(c, args)
		},
		ValidArgsFunction: func(c *cobra.Command, args []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
			// Flags are not parsed here, so --format's value is completed
			// by hand.
			if n := len(args); n > 0 && args[n-1] == "--format" {
				return withPrefix(exportFormats(c), prefix), cobra.ShellCompDirectiveNoFileComp
			}
			return nil, cobra.ShellCompDirectiveDefault
		},
	}
	subs := exportSubcommands(streams)
	// Declared for the help text, and so that cobra, looking for a
	// subcommand among the raw arguments, knows --format takes a value.
	c.Flags().String("format", "", "the format, as the subcommand of that name: "+strings.Join(exportFormatsOf(subs), ", "))
	c.AddCommand(subs...)
	return c
}

func exportFormats(c *cobra.Command) []string { return exportFormatsOf(c.Commands()) }

func exportFormatsOf(cmds []*cobra.Command) []string {
	var names []string
	for _, s := range cmds {
		if s.IsAvailableCommand() {
			names = append(names, s.Name())
		}
	}
	slices.Sort(names)
	return names
}

// runExportFormat handles `export` without a format subcommand: --format
// F picks one, and the command line runs again as `export F ...`.
func runExportFormat(c *cobra.Command, args []string) error {
	format, rest, given, help := cutFormat(args)
	switch {
	case !given && help:
		return c.Help()
	case !given:
		return usagef("export needs a format: cardpress export FORMAT [PATH] or --format FORMAT, FORMAT one of %s", strings.Join(exportFormats(c), ", "))
	case format == "":
		return usagef("--format needs a format: one of %s", strings.Join(exportFormats(c), ", "))
	}
	var sub *cobra.Command
	for _, s := range c.Commands() {
		if s.Name() == format && s.IsAvailableCommand() {
			sub = s
		}
	}
	if sub == nil {
		return usagef("unknown --format %q (want %s)", format, strings.Join(exportFormats(c), ", "))
	}
	root := c.Root()
	path := strings.Fields(strings.TrimPrefix(c.CommandPath(), root.Name()))
	root.SetArgs(slices.Concat(path, []string{sub.Name()}, rest))
	_, err := root.ExecuteC()
	return err
}

// cutFormat takes --format F (or --format=F) out of the raw arguments;
// help is whether -h or --help is among them.
func cutFormat(args []string) (format string, rest []string, given, help bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			rest = append(rest, args[i:]...)
			return format, rest, given, help
		case a == "--format" && i+1 < len(args):
			format, given = args[i+1], true
			i++
			continue
		case a == "--format":
			given = true
			continue
		case strings.HasPrefix(a, "--format="):
			format, given = strings.TrimPrefix(a, "--format="), true
			continue
		case a == "-h" || a == "--help":
			help = true
		}
		rest = append(rest, a)
	}
	return format, rest, given, help
}

// pxOf matches raster's rounding of a length to whole pixels.
func pxOf(mm, dpi float64) int { return int(math.Round(mm / 25.4 * dpi)) }

// exportGames loads the games under paths for an export. Errors in the
// data are printed as findings and end the run (exit 1), as render does;
// a --deck that no game has is a usage error.
func exportGames(streams IO, paths []string, deck string) ([]*pipeline.Game, error) {
	games, fs := pipeline.Load(paths)
	if errs, _ := finding.Count(fs); errs > 0 {
		streams.printFindings(streams.Out, "text", fs, nil)
		return nil, errFindings
	}
	for _, g := range games {
		if !g.Valid {
			return nil, fmt.Errorf("%s: data has errors; run cardpress validate", g.Data.Manifest.ID)
		}
	}
	if deck != "" && !slices.ContainsFunc(games, func(g *pipeline.Game) bool { return hasDeck(g, deck) }) {
		return nil, usagef("--deck %q: no such deck in %s", deck, strings.Join(paths, ", "))
	}
	return games, nil
}

// deckSize is the size of a deck's cards: its first card's, the game's
// unless the card says otherwise.
func deckSize(doc *render.Document, d exportDeck) gamedata.Size {
	if s := doc.Cards[d.cards[0]].Size; s != (gamedata.Size{}) {
		return s
	}
	return doc.Card
}

// deckCards lists the decks to export (all, or the one --deck names) in
// the manifest's order, each with the indexes of its cards in doc.Cards;
// a deck without cards is left out.
func deckCards(g *pipeline.Game, doc *render.Document, only string) []exportDeck {
	var out []exportDeck
	for _, d := range g.Data.Manifest.Decks {
		if only != "" && d.ID != only {
			continue
		}
		ed := exportDeck{id: d.ID, name: d.Name}
		for i, c := range doc.Cards {
			if c.Deck == d.ID {
				ed.cards = append(ed.cards, i)
			}
		}
		if len(ed.cards) > 0 {
			out = append(out, ed)
		}
	}
	return out
}

// parallel runs do(0), …, do(n-1) on all cores; the first error stops
// the rest and is returned.
func parallel(n int, do func(i int) error) error {
	var (
		mu    sync.Mutex
		first error
		next  int
		wg    sync.WaitGroup
	)
	take := func() (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		if first != nil || next >= n {
			return 0, false
		}
		next++
		return next - 1, true
	}
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Go(func() {
			for i, ok := take(); ok; i, ok = take() {
				if err := do(i); err != nil {
					mu.Lock()
					if first == nil {
						first = err
					}
					mu.Unlock()
					return
				}
			}
		})
	}
	wg.Wait()
	return first
}

// exportTarget is what every export subcommand reads and writes: the games
// at PATH, the output folder, and one deck or all.
type exportTarget struct {
	IO
	Paths  []string
	OutDir string
	Deck   string
}

// bind adds the --out and --deck flags.
func (t *exportTarget) bind(f *pflag.FlagSet) {
	f.StringVar(&t.OutDir, "out", "out", "output folder")
	f.StringVar(&t.Deck, "deck", "", "export only this deck (default: every deck)")
}

// runOn is a subcommand's RunE: the PATH argument checked (gamePaths) into
// Paths, then run.
func (t *exportTarget) runOn(run func() error) func(*cobra.Command, []string) error {
	return func(_ *cobra.Command, args []string) error {
		paths, err := gamePaths(args)
		if err != nil {
			return err
		}
		t.Paths = paths
		return run()
	}
}
