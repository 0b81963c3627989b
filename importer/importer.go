// Package importer is cardpress import: a spreadsheet (CSV or an XLSX
// sheet) becomes a deck's card YAML, validated with the game before
// anything is written (docs/spreadsheets.md). The sheets are read by
// package spreadsheet and assigned to decks by sheetgame; this package
// decides the card files, checks the game with them and tells every
// problem by its sheet, row and column.
package importer

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/internal/words"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/sheetgame"
	"github.com/cardpress/cardpress/source"
	"github.com/cardpress/cardpress/spreadsheet"
)

// Options are cardpress import's argument and flags, and where it
// reports.
type Options struct {
	File    string // the CSV or XLSX file
	Game    string // --game: "" for the sheet's folder or the current one
	Deck    string
	Sheet   string
	Into    string
	Map     string
	Columns []string
	Drop    []string
	// Out takes the problems and the "wrote" lines, Err one-line refusals
	// before ErrFindings.
	Out, Err io.Writer
	// Findings prints the findings of a game that does not load.
	Findings func([]finding.Finding)
}

// ErrFindings ends an import whose problems were told: the run exits as
// findings do. Any other error is a usage or I/O problem, one line.
var ErrFindings = errors.New("findings reported")

// sheetError is a sheet that cannot be read: a data problem, told with
// the file's name, not a usage one.
type sheetError struct{ err error }

func (e sheetError) Error() string { return e.err.Error() }

// importTarget is the card file an import writes.
type importTarget struct {
	name   string // as game.yaml names it
	path   string
	listed bool // game.yaml lists it as a card file
	exists bool
}

// importFile is one card file an import writes, with the parts (a deck
// from a sheet) whose cards it receives.
type importFile struct {
	target importTarget
	parts  []*sheetgame.Part
	out    []byte
	locs   []*spreadsheet.Locator // one a part
}

// Run imports the sheet opts names.
func Run(opts *Options) error {
	format, err := checkImport(opts)
	if err != nil {
		return err
	}
	data, err := readSheetFile(opts, format)
	if err != nil {
		return err
	}
	games, loaded := pipeline.Load([]string{opts.Game})
	if len(games) != 1 {
		opts.Findings(loaded)
		fmt.Fprintf(opts.Err, "cardpress: %s does not load (see above), so nothing was imported\n", finding.Visible(opts.Game))
		return ErrFindings
	}
	g := games[0].Data
	if opts.Deck != "" {
		if _, err := spreadsheet.DeckOf(g, opts.Deck); err != nil {
			return fmt.Errorf("--deck: %v", err)
		}
	}
	mapping, err := importMapping(opts, g)
	if err != nil {
		return err
	}
	tables, err := readTables(opts, format, data)
	var unread sheetError
	if errors.As(err, &unread) {
		fmt.Fprintf(opts.Out, "%s: %s\n", finding.Visible(opts.File), finding.Visible(err.Error()))
		return ErrFindings
	}
	if err != nil {
		return err
	}
	parts, skipped, err := sheetgame.Assign(g, opts.File, tables, opts.Deck, mapping)
	if err != nil {
		return fmt.Errorf("%s: %v", opts.File, err)
	}
	for _, s := range skipped {
		fmt.Fprintf(opts.Out, "%s: sheet %q is not read: %s\n", finding.Visible(opts.File), finding.Visible(s.Sheet), s.Why)
	}
	if len(parts) == 0 {
		fmt.Fprintf(opts.Out, "%s: no sheet holds cards of the game's decks; nothing was written\n", finding.Visible(opts.File))
		return ErrFindings
	}
	files, err := importFiles(opts, g, parts)
	if err != nil {
		return err
	}
	return checkAndWrite(opts, g, files, loaded)
}

// checkAndWrite builds the files the parts go to, checks the game with
// them, tells every problem, and writes them all only when none is an
// error.
func checkAndWrite(opts *Options, g *gamedata.Data, files []*importFile, loaded []finding.Finding) error {
	written := map[string][]byte{}
	for _, f := range files {
		if err := buildImportFile(opts, g, f); err != nil {
			return err
		}
		written[f.target.name] = f.out
	}
	found, err := spreadsheet.CheckFiles(g, written)
	if err != nil {
		return err
	}
	if errs := reportImport(opts, files, found, loaded); errs > 0 {
		fmt.Fprintf(opts.Out, "import: %s; nothing was written\n", words.Count(errs, "error"))
		if f := files[0]; len(files) == 1 && len(f.parts) == 1 && !f.target.listed {
			deck := f.parts[0].Deck.ID
			if others := DeckFiles(g, deck); len(others) > 0 {
				// The likely mistake: a new file beside the deck's cards.
				fmt.Fprintf(opts.Out, "(deck %s has cards in %s already; --into %s replaces them there)\n", deck, finding.Visible(strings.Join(others, ", ")), finding.Visible(others[0]))
			}
		}
		return ErrFindings
	}
	for _, f := range files {
		if err := writeCards(g.Dir, f.target.name, f.out); err != nil {
			return err
		}
		for _, p := range f.parts {
			fmt.Fprintf(opts.Out, "wrote %s: %s of deck %s from %s\n", finding.Visible(f.target.path), words.Count(len(p.Cards), "card"), p.Deck.ID, finding.Visible(sheetName(opts.File, p.Table)))
		}
		if !f.target.listed {
			fmt.Fprintf(opts.Out, "%s is not one of the game's card files yet: add %s to files.cards in %s\n",
				finding.Visible(f.target.name), finding.Visible(f.target.name), finding.Visible(filepath.Join(g.Dir, gamedata.ManifestName)))
		}
	}
	return nil
}

// sheetName names where a part's rows come from: the file, and its sheet
// when a workbook has several.
func sheetName(file string, t *spreadsheet.Table) string {
	if t.Name == "" {
		return file
	}
	return fmt.Sprintf("%s (sheet %q)", file, t.Name)
}

// buildImportFile makes the text of a file the parts' cards go to, and
// a locator for each part.
func buildImportFile(opts *Options, g *gamedata.Data, f *importFile) error {
	var old []byte
	if f.target.exists {
		dir, err := fileio.OpenDir(g.Dir)
		if err != nil {
			return err
		}
		old, err = dir.ReadFile(f.target.name, source.MaxSize)
		dir.Close()
		if err != nil {
			return fmt.Errorf("%s: %s", f.target.path, fileio.Describe(err))
		}
	}
	for i, p := range f.parts {
		var err error
		if old == nil && i == 0 {
			dir, derr := fileio.OpenDir(g.Dir)
			if derr != nil {
				return derr
			}
			local := spreadsheet.HasSchemaFolder(dir)
			dir.Close()
			comment := fmt.Sprintf("Deck %s, imported from %s by cardpress import.", p.Deck.ID, filepath.Base(opts.File))
			f.out, err = spreadsheet.NewFile(spreadsheet.Modeline(g, f.target.name, local), comment, p.Cards)
		} else {
			if old == nil {
				old = f.out
			}
			f.out, _, err = spreadsheet.Replace(old, p.Deck, p.Cards)
		}
		if err != nil {
			fmt.Fprintf(opts.Err, "cardpress: %s: %s; nothing was written\n", finding.Visible(f.target.path), finding.Visible(err.Error()))
			return ErrFindings
		}
		old = f.out
	}
	// Each part's cards are found where they ended up in the file.
	for _, p := range f.parts {
		loc, err := spreadsheet.LocateDeck(f.out, p.Deck, p.Cards)
		if err != nil {
			return err
		}
		f.locs = append(f.locs, loc)
	}
	return nil
}

// writeCards writes a card file, name inside the game folder,
// atomically. The game folder is the output folder: no link inside it is
// written through, not even one that stays inside.
func writeCards(gameDir, name string, data []byte) error {
	out, err := fileio.OpenOut(gameDir)
	if err != nil {
		return err
	}
	defer out.Close()
	return out.WriteFile(name, data)
}
