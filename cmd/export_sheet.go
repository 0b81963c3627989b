package cmd

import (
	"fmt"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/sheet"

	"github.com/spf13/cobra"
)

// export csv and export xlsx: a deck's cards as a spreadsheet, a row per
// card and a column per field, which cardpress import reads back
// (docs/spreadsheets.md).

type exportSheetOptions struct {
	exportTarget
	Format string // csv or xlsx
}

func newExportCSVCmd(streams IO) *cobra.Command {
	return newExportSheetCmd(streams, "csv", `Export csv writes each deck's cards as CSV (UTF-8, comma-separated):
OUT/<game>/<game>-<deck>.csv, or only --deck's. Row 1 names the fields;
then a row per card, in file order, with a column per field the deck's
cards hold, in the order they write them. Lists are values separated by
", ", true/false and numbers as written, an engine's structured fields
(effects, skills) in YAML flow form ({gain: 3}). cardpress import reads the
file back into card YAML; an export of that gives the same file. See
docs/spreadsheets.md.`)
}

func newExportXLSXCmd(streams IO) *cobra.Command {
	return newExportSheetCmd(streams, "xlsx", `Export xlsx writes a workbook per game with a sheet per deck, named by the
deck's id: OUT/<game>/<game>-cards.xlsx, or OUT/<game>/<game>-<deck>.xlsx
with --deck. The cells are those of export csv; numbers are stored as
numbers and true/false as booleans. cardpress import reads a sheet back
into card YAML. See docs/spreadsheets.md.`)
}

func newExportSheetCmd(streams IO, format, long string) *cobra.Command {
	opts := &exportSheetOptions{exportTarget: exportTarget{IO: streams}, Format: format}
	c := &cobra.Command{
		Use:   format + " [PATH]",
		Short: "Write each deck's cards as a spreadsheet (" + strings.ToUpper(format) + "), a row per card",
		Long:  long,
		Args:  cobra.MaximumNArgs(1),
		RunE:  opts.runOn(func() error { return runExportSheet(opts) }),
	}
	opts.bind(c.Flags())
	return c
}

func runExportSheet(opts *exportSheetOptions) error {
	if err := checkOutDir(opts.OutDir); err != nil {
		return err
	}
	games, fs := pipeline.Load(opts.Paths)
	if errs, _ := finding.Count(fs); errs > 0 {
		// The cards are exported as the game reads them, so a game that
		// does not load is not exported.
		opts.printFindings(opts.Out, "text", fs, nil)
		return errFindings
	}
	if opts.Deck != "" {
		// Every game named must have the deck, before anything is written.
		for _, g := range games {
			if _, err := sheet.DeckOf(g.Data, opts.Deck); err != nil {
				return usagef("--deck: %v", err)
			}
		}
	}
	for _, g := range games {
		m := &g.Data.Manifest
		decks := []string{opts.Deck}
		if opts.Deck == "" {
			decks = nil
			for _, d := range m.Decks {
				decks = append(decks, d.ID)
			}
		}
		var tables []*sheet.Table
		var names []string
		for _, id := range decks {
			d, err := sheet.DeckOf(g.Data, id)
			if err != nil {
				return usagef("--deck: %v", err)
			}
			t, err := sheet.Export(d, sheet.DeckCards(g.Data, id))
			if err != nil {
				fmt.Fprintf(opts.Err, "cardpress: %s, deck %s: %s\n", finding.Visible(g.Data.Dir), id, finding.Visible(err.Error()))
				return errFindings
			}
			tables = append(tables, t)
			names = append(names, m.ID+"-"+id)
		}
		if opts.Format == "csv" {
			for i, t := range tables {
				data, err := sheet.WriteCSV(t)
				if err != nil {
					return err
				}
				if err := writeOut(opts, m.ID+"/"+names[i]+".csv", data); err != nil {
					return err
				}
			}
			continue
		}
		name := m.ID + "-cards.xlsx"
		if opts.Deck != "" {
			name = names[0] + ".xlsx"
		}
		data, err := sheet.WriteXLSX(tables)
		if err != nil {
			return err
		}
		if err := writeOut(opts, m.ID+"/"+name, data); err != nil {
			return err
		}
	}
	return nil
}

// writeOut writes one output file, name inside --out, atomically and
// says so.
func writeOut(opts *exportSheetOptions, name string, data []byte) error {
	path, err := writeInto(opts.OutDir, name, data)
	if err != nil {
		return err
	}
	fmt.Fprintf(opts.Out, "wrote %s\n", finding.Visible(path))
	return nil
}
