package cmd

import (
	"errors"
	"slices"
	"strings"

	"github.com/cardpress/cardpress/export"
	"github.com/cardpress/cardpress/finding"

	"github.com/spf13/cobra"
)

// exportSubcommands makes a subcommand of each export format in the
// table export.Formats; the subcommand's name is the format's.
func exportSubcommands(streams IO) []*cobra.Command {
	var subs []*cobra.Command
	for _, f := range export.Formats {
		subs = append(subs, newExportFormatCmd(streams, f))
	}
	return subs
}

// newExportFormatCmd is the subcommand of one format: it binds --out,
// --deck and the format's own flags, and runs the format's writer.
func newExportFormatCmd(streams IO, f export.Format) *cobra.Command {
	help := f.Help()
	job := &export.Job{
		Out: streams.Out, Err: streams.Err,
		Findings: func(fs []finding.Finding) { streams.printFindings(streams.Out, "text", fs, nil) },
		Progress: func(prefix string, total int64, unit string) export.Progress {
			return progressBar{streams.newProgress(prefix, total).counting(unit)}
		},
	}
	c := &cobra.Command{
		Use:   f.Name() + " [PATH]",
		Short: help.Short,
		Long:  help.Long,
		Args:  cobra.MaximumNArgs(1),
	}
	flags := c.Flags()
	flags.StringVar(&job.OutDir, "out", "out", "output folder")
	flags.StringVar(&job.Deck, "deck", "", "export only this deck (default: every deck)")
	write := f.Flags(flags)
	for flag, words := range help.Complete {
		_ = c.RegisterFlagCompletionFunc(flag, completeWords(words...))
	}
	c.RunE = func(_ *cobra.Command, args []string) error {
		paths, err := gamePaths(args)
		if err != nil {
			return err
		}
		if err := checkOutDir(job.OutDir); err != nil {
			return err
		}
		job.Paths = paths
		err = write(job)
		if errors.Is(err, export.ErrFindings) {
			return errFindings
		}
		return err
	}
	return c
}

// progressBar is a progress bar as the exports see it.
type progressBar struct{ *progress }

func (p progressBar) Add(n int64) { p.add(n) }
func (p progressBar) Finish()     { p.finish() }

// newExportCmd is the parent of the formats. `export FORMAT ...` runs the
// format's subcommand; `export --format FORMAT ...` is the same command
// line spelled the other way, so the parent takes its arguments raw (the
// formats' flags are the subcommands' own) and runs the command tree
// again with the format moved in front.
func newExportCmd(streams IO) *cobra.Command {
	c := &cobra.Command{
		Use:   "export FORMAT [PATH]",
		Short: "Write a game's cards in another format: " + formatsInOrder(),
		Long: `Export writes a game's cards in another format, one subcommand each (listed
below): spreadsheets that cardpress import reads back (docs/spreadsheets.md),
images for print shops and Tabletop Simulator decks (docs/export.md).
"cardpress export --format csv PATH" is the same as "cardpress export csv
PATH".`,
		Args:               cobra.ArbitraryArgs,
		DisableFlagParsing: true,
		RunE: func(c *cobra.Command, args []string) error {
			return runExportFormat(c, args)
		},
		ValidArgsFunction: func(c *cobra.Command, args []string, prefix string) ([]cobra.Completion, cobra.ShellCompDirective) {
			// Flags are not parsed here, so --format's value is completed
			// by hand.
			if n := len(args); n > 0 && args[n-1] == "--format" {
				return withPrefix(export.Names(), prefix), cobra.ShellCompDirectiveNoFileComp
			}
			return nil, cobra.ShellCompDirectiveDefault
		},
	}
	// Declared for the help text, and so that cobra, looking for a
	// subcommand among the raw arguments, knows --format takes a value.
	c.Flags().String("format", "", "the format, as the subcommand of that name: "+strings.Join(export.Names(), ", "))
	c.AddCommand(exportSubcommands(streams)...)
	return c
}

// formatsInOrder is "csv, xlsx, png or tts": the formats in the table's
// order, for the one-line help.
func formatsInOrder() string {
	var names []string
	for _, f := range export.Formats {
		names = append(names, f.Name())
	}
	last := len(names) - 1
	return strings.Join(names[:last], ", ") + " or " + names[last]
}

// runExportFormat handles `export` without a format subcommand: --format
// F picks one, and the command line runs again as `export F ...`.
func runExportFormat(c *cobra.Command, args []string) error {
	format, rest, given, help := cutFormat(args)
	switch {
	case !given && help:
		return c.Help()
	case !given:
		return usagef("export needs a format: cardpress export FORMAT [PATH] or --format FORMAT, FORMAT one of %s", strings.Join(export.Names(), ", "))
	case format == "":
		return usagef("--format needs a format: one of %s", strings.Join(export.Names(), ", "))
	}
	var sub *cobra.Command
	for _, s := range c.Commands() {
		if s.Name() == format && s.IsAvailableCommand() {
			sub = s
		}
	}
	if sub == nil {
		return usagef("unknown --format %q (want %s)", format, strings.Join(export.Names(), ", "))
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
