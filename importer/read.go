package importer

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/source"
	"github.com/cardpress/cardpress/spreadsheet"
)

// checkImport checks the flags, finds the game and names the file's
// format.
func checkImport(opts *Options) (string, error) {
	if opts.Into != "" && opts.Deck == "" {
		return "", fmt.Errorf("--into needs --deck: it names the file of one deck's cards")
	}
	format := strings.TrimPrefix(strings.ToLower(filepath.Ext(opts.File)), ".")
	if format != "csv" && format != "xlsx" {
		return "", fmt.Errorf("%s: cannot tell the format; name a .csv or .xlsx file", opts.File)
	}
	if opts.Sheet != "" && format != "xlsx" {
		return "", fmt.Errorf("--sheet is for an .xlsx file; a CSV file is one sheet")
	}
	if opts.Game == "" {
		for _, dir := range []string{filepath.Dir(opts.File), "."} {
			if info, err := os.Stat(filepath.Join(dir, gamedata.ManifestName)); err == nil && info.Mode().IsRegular() {
				opts.Game = dir
				break
			}
		}
		if opts.Game == "" {
			return "", fmt.Errorf("--game is required: neither the sheet's folder nor the current one holds a game.yaml")
		}
	}
	if info, err := os.Stat(opts.Game); err != nil || !info.IsDir() {
		return "", fmt.Errorf("--game %s: not a folder", opts.Game)
	}
	if _, err := os.Stat(filepath.Join(opts.Game, gamedata.ManifestName)); err != nil {
		return "", fmt.Errorf("--game %s: not a game folder (no %s)", opts.Game, gamedata.ManifestName)
	}
	return format, nil
}

// importMapping is the header mapping: game.yaml's sheet key, then --map,
// then --column and --drop, a later one winning for a header.
func importMapping(opts *Options, g *gamedata.Data) (spreadsheet.Mapping, error) {
	m := spreadsheet.Mapping{Columns: map[string]string{}}
	add := func(from spreadsheet.Mapping) {
		for h, f := range from.Columns {
			m.Columns[h] = f
		}
		m.Drop = append(m.Drop, from.Drop...)
	}
	if src := g.Manifest.Sheet; src != nil {
		add(spreadsheet.Mapping{Columns: src.Columns, Drop: src.Drop})
	}
	if opts.Map != "" {
		data, err := fileio.ReadFile(opts.Map, source.MaxSize)
		if err != nil {
			return m, fmt.Errorf("--map %s: %s", opts.Map, fileio.Describe(err))
		}
		fm, err := spreadsheet.ParseMapping(data)
		if err != nil {
			return m, fmt.Errorf("--map %s: %v", opts.Map, err)
		}
		add(fm)
	}
	for _, c := range opts.Columns {
		h, f, ok := strings.Cut(c, "=")
		if !ok || strings.TrimSpace(h) == "" || strings.TrimSpace(f) == "" {
			return m, fmt.Errorf("--column %q: write HEADER=FIELD, as in --column 'Card Name=name'", c)
		}
		m.Columns[strings.TrimSpace(h)] = strings.TrimSpace(f)
	}
	m.Drop = append(m.Drop, opts.Drop...)
	return m, nil
}

// readSheetFile reads the file named on the command line: one that cannot
// be read is a usage problem (exit 2), one too large a data problem.
func readSheetFile(opts *Options, format string) ([]byte, error) {
	path := opts.File
	limit := int64(spreadsheet.MaxCSVBytes)
	if format == "xlsx" {
		limit = spreadsheet.MaxXLSXBytes
	}
	data, err := fileio.ReadFile(path, limit)
	var tooLarge *fileio.TooLargeError
	switch {
	case errors.As(err, &tooLarge):
		fmt.Fprintf(opts.Out, "%s: %s\n", finding.Visible(path), fileio.Describe(err))
		return nil, ErrFindings
	case err != nil:
		return nil, fmt.Errorf("%s: %s", path, fileio.Describe(err))
	}
	return data, nil
}

// readTables reads the sheets to import: the CSV file; the --sheet; with
// --deck the deck's sheet or the only one; else every sheet.
func readTables(opts *Options, format string, data []byte) ([]*spreadsheet.Table, error) {
	if format == "csv" {
		t, err := spreadsheet.ReadCSV(data)
		return []*spreadsheet.Table{t}, unreadable(err)
	}
	wb, err := spreadsheet.OpenXLSX(data)
	if err != nil {
		return nil, unreadable(err)
	}
	defer wb.Close()
	names := wb.Sheets()
	name := opts.Sheet
	switch {
	case name != "":
		if !slices.Contains(names, name) {
			return nil, fmt.Errorf("%s has no sheet %q (its sheets: %s)", opts.File, name, quoteList(names))
		}
	case opts.Deck == "":
		var tables []*spreadsheet.Table
		for _, n := range names {
			t, err := wb.Sheet(n)
			if err != nil {
				return nil, unreadable(err)
			}
			tables = append(tables, t)
		}
		return tables, nil
	case slices.Contains(names, spreadsheet.SheetName(opts.Deck)):
		name = spreadsheet.SheetName(opts.Deck)
	case len(names) == 1:
		name = names[0]
	default:
		return nil, fmt.Errorf("%s has no sheet named %s and several others: pick one with --sheet (%s)", opts.File, spreadsheet.SheetName(opts.Deck), quoteList(names))
	}
	t, err := wb.Sheet(name)
	return []*spreadsheet.Table{t}, unreadable(err)
}

// unreadable marks an error of the spreadsheet reader as the sheet's.
func unreadable(err error) error {
	if err == nil {
		return nil
	}
	return sheetError{err}
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}
