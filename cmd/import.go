package cmd

import (
	"errors"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/importer"

	"github.com/spf13/cobra"
)

// import: a spreadsheet (CSV or an XLSX sheet) becomes a deck's card YAML
// (package importer; docs/spreadsheets.md).

func newImportCmd(streams IO) *cobra.Command {
	opts := importOptions(streams)
	c := &cobra.Command{
		Use:   "import FILE.csv|FILE.xlsx [--game DIR] [--deck ID]",
		Short: "Read cards from a spreadsheet (CSV or XLSX) into card YAML",
		Long: `Import reads a sheet whose row 1 names the fields and writes its cards as
YAML, a card per row, its fields in column order; empty cells are fields
left out. Headers match fields whatever their case and spaces; --column
'Card Name=name' maps a header of your own, --drop 'Notes' leaves a
column out (--map FILE.yaml holds both: columns: {Card Name: name},
drop: [Notes]; game.yaml's sheet: key too). Without an id column, ids are
made from the names; rows repeating a card become its count.

Without --deck, every sheet of a workbook is read into the deck it is
named after, or a deck column says each row's deck; each deck's cards
replace those in the card file that holds them (a new DECK.yaml for a
deck with none). With --deck, the rows are that deck's: without --into
they go to a new file DIR/<deck>.yaml; --into FILE rewrites a card file
the game lists (or writes a new one). --game defaults to the sheet's
folder or the current one when it holds game.yaml.

The result is validated with the game as validate would, and written
(atomically) only when it has no errors; every problem is named by its
sheet, row and column. See docs/spreadsheets.md.`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef("import takes one argument, the CSV or XLSX file to read (got %d)", len(args))
			}
			return nil
		},
		RunE: func(_ *cobra.Command, args []string) error {
			opts.File = args[0]
			err := importer.Run(opts)
			if errors.Is(err, importer.ErrFindings) {
				return errFindings
			}
			return err
		},
	}
	f := c.Flags()
	f.StringVar(&opts.Game, "game", "", "the game folder (with game.yaml) (default: the sheet's folder, or the current one, holding game.yaml)")
	f.StringVar(&opts.Deck, "deck", "", "the deck the rows are cards of (default: each sheet's deck by its name, or a deck column)")
	f.StringVar(&opts.Sheet, "sheet", "", "the XLSX sheet to read (default: every sheet; with --deck, the deck's or the only one)")
	f.StringVar(&opts.Into, "into", "", "with --deck: the card file to write, in the game folder: a new file, or one game.yaml lists (default: DECK.yaml, new)")
	f.StringVar(&opts.Map, "map", "", "a YAML file mapping headers to fields (columns: {Card Name: name}) and columns to leave out (drop: [Notes])")
	f.StringArrayVar(&opts.Columns, "column", nil, "'HEADER=FIELD': the column HEADER holds the field FIELD (repeatable; case and spaces ignored)")
	f.StringArrayVar(&opts.Drop, "drop", nil, "HEADER: leave this column out (repeatable)")
	return c
}

// importOptions are import's options reporting on streams.
func importOptions(streams IO) *importer.Options {
	return &importer.Options{Out: streams.Out, Err: streams.Err,
		Findings: func(fs []finding.Finding) { streams.printFindings(streams.Out, "text", fs, nil) }}
}
