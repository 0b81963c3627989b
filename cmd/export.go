package cmd

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"
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
