package export

import (
	"fmt"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/spreadsheet"

	"github.com/spf13/pflag"
)

// csv and xlsx: a deck's cards as a spreadsheet, a row per card and a
// column per field, which cardpress import reads back
// (docs/spreadsheets.md).

const csvLong = `Export csv writes each deck's cards as CSV (UTF-8, comma-separated):
OUT/<game>/<game>-<deck>.csv, or only --deck's. Row 1 names the fields;
then a row per card, in file order, with a column per field the deck's
cards hold, in the order they write them. Lists are values separated by
", ", true/false and numbers as written, an engine's structured fields
(effects, skills) in YAML flow form ({gain: 3}). cardpress import reads the
file back into card YAML; an export of that gives the same file. See
docs/spreadsheets.md.`

const xlsxLong = `Export xlsx writes a workbook per game with a sheet per deck, named by the
deck's id: OUT/<game>/<game>-cards.xlsx, or OUT/<game>/<game>-<deck>.xlsx
with --deck. The cells are those of export csv; numbers are stored as
numbers and true/false as booleans. cardpress import reads a sheet back
into card YAML. See docs/spreadsheets.md.`

// sheetFormat is csv or xlsx, which differ only in how the tables are
// written.
type sheetFormat struct{ name, long string }

func (f sheetFormat) Name() string { return f.name }

func (f sheetFormat) Help() Help {
	return Help{
		Short: "Write each deck's cards as a spreadsheet (" + strings.ToUpper(f.name) + "), a row per card",
		Long:  f.long,
	}
}

func (f sheetFormat) Flags(*pflag.FlagSet) Writer {
	return func(j *Job) error { return f.write(j) }
}

func (f sheetFormat) write(j *Job) error {
	games, fs := pipeline.Load(j.Paths)
	if errs, _ := finding.Count(fs); errs > 0 {
		// The cards are exported as the game reads them, so a game that
		// does not load is not exported.
		j.Findings(fs)
		return ErrFindings
	}
	if j.Deck != "" {
		// Every game named must have the deck, before anything is written.
		for _, g := range games {
			if _, err := spreadsheet.DeckOf(g.Data, j.Deck); err != nil {
				return fmt.Errorf("--deck: %v", err)
			}
		}
	}
	for _, g := range games {
		game := g.Data.Manifest.ID
		tables, decks, err := tablesOf(j, g)
		if err != nil {
			return err
		}
		if f.name == "csv" {
			err = writeCSVs(j, game, tables, decks)
		} else {
			err = writeXLSX(j, game, tables)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// tablesOf is the table of each deck to export from g, every deck or
// --deck's, and the decks' ids.
func tablesOf(j *Job, g *pipeline.LoadedGame) (tables []*spreadsheet.Table, decks []string, err error) {
	decks = []string{j.Deck}
	if j.Deck == "" {
		decks = nil
		for _, d := range g.Data.Manifest.Decks {
			decks = append(decks, d.ID)
		}
	}
	for _, id := range decks {
		d, err := spreadsheet.DeckOf(g.Data, id)
		if err != nil {
			return nil, nil, fmt.Errorf("--deck: %v", err)
		}
		t, err := spreadsheet.Export(d, spreadsheet.DeckCards(g.Data, id))
		if err != nil {
			fmt.Fprintf(j.Err, "cardpress: %s, deck %s: %s\n", finding.Visible(g.Data.Dir), id, finding.Visible(err.Error()))
			return nil, nil, ErrFindings
		}
		tables = append(tables, t)
	}
	return tables, decks, nil
}

// writeCSVs writes a file per table, <game>/<game>-<deck>.csv.
func writeCSVs(j *Job, game string, tables []*spreadsheet.Table, decks []string) error {
	for i, t := range tables {
		data, err := spreadsheet.WriteCSV(t)
		if err != nil {
			return err
		}
		if err := writeOut(j, game+"/"+game+"-"+decks[i]+".csv", data); err != nil {
			return err
		}
	}
	return nil
}

// writeXLSX writes the tables as one workbook: <game>/<game>-cards.xlsx,
// or <game>/<game>-<deck>.xlsx with --deck.
func writeXLSX(j *Job, game string, tables []*spreadsheet.Table) error {
	name := game + "/" + game + "-cards.xlsx"
	if j.Deck != "" {
		name = game + "/" + game + "-" + j.Deck + ".xlsx"
	}
	data, err := spreadsheet.WriteXLSX(tables)
	if err != nil {
		return err
	}
	return writeOut(j, name, data)
}

// writeOut writes one output file, name inside --out, atomically and
// says so.
func writeOut(j *Job, name string, data []byte) error {
	out, err := fileio.OpenOut(j.OutDir)
	if err != nil {
		return err
	}
	defer out.Close()
	if err := out.WriteFile(name, data); err != nil {
		return err
	}
	j.wrote(out.Join(name), "")
	return nil
}
