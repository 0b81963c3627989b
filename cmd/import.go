package cmd

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"cardpress/finding"
	"cardpress/gamedata"
	"cardpress/internal/fileio"
	"cardpress/pipeline"
	"cardpress/sheet"
	"cardpress/source"

	"github.com/spf13/cobra"
)

// import: a spreadsheet (CSV or an XLSX sheet) becomes a deck's card YAML,
// validated with the game before anything is written (docs/spreadsheets.md).

type importOptions struct {
	IO
	File  string
	Game  string
	Deck  string
	Sheet string
	Into  string
}

func newImportCmd(streams IO) *cobra.Command {
	opts := &importOptions{IO: streams}
	c := &cobra.Command{
		Use:   "import FILE.csv|FILE.xlsx --game DIR --deck ID",
		Short: "Read a deck's cards from a spreadsheet (CSV or XLSX) into card YAML",
		Long: `Import reads a sheet whose row 1 names the fields (as cardpress export
writes it) and writes the deck's cards as YAML, a card per row, its fields
in column order; empty cells are fields left out. The result is validated
with the game as validate would, and written (atomically) only when it has
no errors; every problem is named by its row and column in the sheet.

Without --into, the cards go to a new file DIR/<deck>.yaml, which must not
exist; add it to game.yaml's files.cards to use it. --into FILE rewrites a
card file the game lists (or writes a new one): the deck's cards in it are
replaced by the sheet's and every other card is kept. Any other existing
file is refused. --sheet picks the XLSX sheet (default: the one named by
the deck, or the only one). See docs/spreadsheets.md.`,
		Args: func(_ *cobra.Command, args []string) error {
			if len(args) != 1 {
				return usagef("import takes one argument, the CSV or XLSX file to read (got %d)", len(args))
			}
			return nil
		},
		RunE: func(_ *cobra.Command, args []string) error {
			opts.File = args[0]
			return runImport(opts)
		},
	}
	f := c.Flags()
	f.StringVar(&opts.Game, "game", "", "the game folder (with game.yaml) the deck belongs to (required)")
	f.StringVar(&opts.Deck, "deck", "", "the deck the rows are cards of (required)")
	f.StringVar(&opts.Sheet, "sheet", "", "the XLSX sheet to read (default: the deck's id, or the only sheet)")
	f.StringVar(&opts.Into, "into", "", "the card file to write, in the game folder: a new file, or one game.yaml lists (default: DECK.yaml, new)")
	return c
}

// importTarget is the card file an import writes.
type importTarget struct {
	name   string // as game.yaml names it
	path   string
	listed bool // game.yaml lists it as a card file
	exists bool
}

func runImport(opts *importOptions) error {
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
		opts.printFindings(opts.Out, "text", loaded, nil)
		fmt.Fprintf(opts.Err, "cardpress: %s does not load (see above), so nothing was imported\n", finding.Visible(opts.Game))
		return errFindings
	}
	g := games[0].Data
	deck, err := sheet.DeckOf(g, opts.Deck)
	if err != nil {
		return usagef("--deck: %v", err)
	}
	target, err := importInto(opts, g)
	if err != nil {
		return err
	}
	table, err := readTable(opts, format, data)
	var usage usageError
	if errors.As(err, &usage) {
		return err
	}
	if err != nil {
		fmt.Fprintf(opts.Out, "%s: %s\n", finding.Visible(opts.File), finding.Visible(err.Error()))
		return errFindings
	}
	cards, probs := sheet.Import(deck, table)
	if len(cards) == 0 && len(probs) == 0 {
		probs = append(probs, sheet.Problem{Row: 2, Col: -1, Message: "no cards: every row under the header is empty"})
	}

	// The file as it will be written, and the game as it will be with it.
	var out []byte
	at := 0
	if target.exists {
		dir, err := fileio.OpenDir(g.Dir)
		if err != nil {
			return err
		}
		old, err := dir.ReadFile(target.name, source.MaxSize)
		dir.Close()
		if err != nil {
			return fmt.Errorf("%s: %s", target.path, fileio.Describe(err))
		}
		if out, at, err = sheet.Replace(old, deck, cards); err != nil {
			fmt.Fprintf(opts.Err, "cardpress: %s: %s; nothing was written\n", finding.Visible(target.path), finding.Visible(err.Error()))
			return errFindings
		}
	} else {
		dir, err := fileio.OpenDir(g.Dir)
		if err != nil {
			return err
		}
		local := sheet.HasSchemaFolder(dir)
		dir.Close()
		comment := fmt.Sprintf("Deck %s, imported from %s by cardpress import.", opts.Deck, filepath.Base(opts.File))
		if out, err = sheet.NewFile(sheet.Modeline(g, target.name, local), comment, cards); err != nil {
			return err
		}
	}
	loc, err := sheet.NewLocator(out, at, cards)
	if err != nil {
		return err
	}
	found, err := sheet.Check(g, target.name, out)
	if err != nil {
		return err
	}

	notes, rest := placeFindings(found, loaded, target, loc, probs)
	errs := 0
	for _, g := range groupNotes(notes) {
		if g.severity == finding.Error {
			errs += len(g.rows)
		}
		fmt.Fprintln(opts.Out, finding.Visible(sheetPlace(opts.File, table, g.rows, g.col)+": "+g.text()))
	}
	for _, f := range rest {
		if f.Severity == finding.Error {
			errs++
		}
		fmt.Fprintln(opts.Out, f.String())
	}
	if errs > 0 {
		fmt.Fprintf(opts.Out, "import: %s; nothing was written\n", plural(errs, "error"))
		if files := deckFiles(g, opts.Deck); !target.listed && len(files) > 0 {
			// The likely mistake: a new file beside the deck's cards.
			fmt.Fprintf(opts.Out, "(deck %s has cards in %s already; --into %s replaces them there)\n", opts.Deck, finding.Visible(strings.Join(files, ", ")), finding.Visible(files[0]))
		}
		return errFindings
	}
	// The game folder is the output folder: no link inside it is written
	// through, not even one that stays inside.
	if _, err := writeInto(g.Dir, target.name, out); err != nil {
		return err
	}
	fmt.Fprintf(opts.Out, "wrote %s: %s of deck %s from %s\n", finding.Visible(target.path), plural(len(cards), "card"), opts.Deck, finding.Visible(opts.File))
	if !target.listed {
		fmt.Fprintf(opts.Out, "%s is not one of the game's card files yet: add %s to files.cards in %s\n",
			finding.Visible(target.name), finding.Visible(target.name), finding.Visible(filepath.Join(g.Dir, gamedata.ManifestName)))
	}
	return nil
}

// checkImport checks the flags and names the file's format.
func checkImport(opts *importOptions) (string, error) {
	if opts.Game == "" {
		return "", usagef("--game is required: the game folder the deck belongs to")
	}
	if opts.Deck == "" {
		return "", usagef("--deck is required: the deck the rows are cards of")
	}
	format := strings.TrimPrefix(strings.ToLower(filepath.Ext(opts.File)), ".")
	if format != "csv" && format != "xlsx" {
		return "", usagef("%s: cannot tell the format; name a .csv or .xlsx file", opts.File)
	}
	if opts.Sheet != "" && format != "xlsx" {
		return "", usagef("--sheet is for an .xlsx file; a CSV file is one sheet")
	}
	if info, err := os.Stat(opts.Game); err != nil || !info.IsDir() {
		return "", usagef("--game %s: not a folder", opts.Game)
	}
	if _, err := os.Stat(filepath.Join(opts.Game, gamedata.ManifestName)); err != nil {
		return "", usagef("--game %s: not a game folder (no %s)", opts.Game, gamedata.ManifestName)
	}
	return format, nil
}

// readSheetFile reads the file named on the command line: one that cannot
// be read is a usage problem (exit 2), one too large a data problem.
func readSheetFile(opts *importOptions, format string) ([]byte, error) {
	path := opts.File
	limit := int64(sheet.MaxCSVBytes)
	if format == "xlsx" {
		limit = sheet.MaxXLSXBytes
	}
	data, err := fileio.ReadFile(path, limit)
	var tooLarge *fileio.TooLargeError
	switch {
	case errors.As(err, &tooLarge):
		fmt.Fprintf(opts.Out, "%s: %s\n", finding.Visible(path), fileio.Describe(err))
		return nil, errFindings
	case err != nil:
		return nil, usagef("%s: %s", path, fileio.Describe(err))
	}
	return data, nil
}

// readTable reads the sheet to import.
func readTable(opts *importOptions, format string, data []byte) (*sheet.Table, error) {
	if format == "csv" {
		return sheet.ReadCSV(data)
	}
	wb, err := sheet.OpenXLSX(data)
	if err != nil {
		return nil, err
	}
	defer wb.Close()
	names := wb.Sheets()
	name := opts.Sheet
	switch {
	case name != "":
		if !slices.Contains(names, name) {
			return nil, usagef("%s has no sheet %q (its sheets: %s)", opts.File, name, quoteList(names))
		}
	case slices.Contains(names, sheet.SheetName(opts.Deck)):
		name = sheet.SheetName(opts.Deck)
	case len(names) == 1:
		name = names[0]
	default:
		return nil, usagef("%s has no sheet named %s and several others: pick one with --sheet (%s)", opts.File, sheet.SheetName(opts.Deck), quoteList(names))
	}
	return wb.Sheet(name)
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}

// importInto decides the file to write: --into, or DECK.yaml. A file that
// exists is rewritten only when --into names it and the game lists it as
// a card file.
func importInto(opts *importOptions, g *gamedata.Game) (importTarget, error) {
	listed := g.Manifest.Files.Cards
	name := opts.Into
	if name == "" {
		name = opts.Deck + ".yaml"
	} else {
		name = gameRelative(g.Dir, opts.Into, listed)
	}
	if !sheet.ValidName(name) {
		return importTarget{}, usagef("--into %s: name a .yaml file inside the game folder %s, as game.yaml names its card files", opts.Into, g.Dir)
	}
	t := importTarget{name: name, path: filepath.Join(g.Dir, filepath.FromSlash(name)), listed: slices.Contains(listed, name)}
	_, err := os.Lstat(t.path)
	switch {
	case err == nil:
		t.exists = true
	case !errors.Is(err, fs.ErrNotExist):
		return t, usagef("%s: %s", t.path, fileio.Describe(err))
	}
	// Written only inside the game folder, whatever links lie on the way.
	if parent := filepath.Dir(t.path); !fileio.Inside(g.Dir, parent) {
		return t, usagef("--into %s: its folder %s does not exist in the game folder or leads out of it", opts.Into, parent)
	}
	switch {
	case t.exists && opts.Into == "":
		fmt.Fprintf(opts.Err, "cardpress: %s exists; import writes a new file unless --into names a card file of the game to rewrite (nothing was written)\n", finding.Visible(t.path))
		return t, errFindings
	case t.exists && !t.listed:
		fmt.Fprintf(opts.Err, "cardpress: %s exists and is not one of the card files game.yaml lists (%s); import does not overwrite it (nothing was written)\n", finding.Visible(t.path), finding.Visible(strings.Join(listed, ", ")))
		return t, errFindings
	}
	return t, nil
}

// gameRelative is --into as game.yaml would name it: as given when that
// is a card file the game lists or a plain name, else the path from the
// game folder when --into is a path into it.
func gameRelative(gameDir, into string, listed []string) string {
	slash := filepath.ToSlash(into)
	if slices.Contains(listed, slash) {
		return slash
	}
	if abs, err := filepath.Abs(into); err == nil {
		if base, err := filepath.Abs(gameDir); err == nil {
			if rel, err := filepath.Rel(base, abs); err == nil && filepath.IsLocal(rel) {
				return filepath.ToSlash(rel)
			}
		}
	}
	return slash
}

// note is a problem at a place in the sheet.
type note struct {
	row, col int
	severity finding.Severity
	message  string
	code     string
}

func (n note) text() string {
	s := n.message
	if n.severity == finding.Warning {
		s = "warning: " + s
	}
	if n.code != "" {
		s += " (" + n.code + ")"
	}
	return s
}

// placeFindings puts the problems of the sheet and of the game with the
// imported file together: findings in the imported cards go to their row
// and column (where the sheet already has a problem at that cell, the
// sheet's is the one told); findings elsewhere are kept as they are,
// except those the game had before the import.
func placeFindings(found, before []finding.Finding, target importTarget, loc *sheet.Locator, probs []sheet.Problem) ([]note, []finding.Finding) {
	var notes []note
	bad := map[[2]int]bool{}
	for _, p := range probs {
		sev := finding.Error
		if p.Warning {
			sev = finding.Warning
		} else {
			bad[[2]int{p.Row, p.Col}] = true
		}
		notes = append(notes, note{row: p.Row, col: p.Col, severity: sev, message: p.Message})
	}
	var rest []finding.Finding
	for _, f := range found {
		if filepath.Clean(f.File) == filepath.Clean(target.path) {
			if row, col, ok := loc.Find(f.Line, f.Col); ok {
				if !bad[[2]int{row, col}] {
					notes = append(notes, note{row: row, col: col, severity: f.Severity, message: rowsIn(f.Message, target.path, loc), code: f.Code})
				}
				continue
			}
		}
		if slices.ContainsFunc(before, func(b finding.Finding) bool { return sheet.SameFinding(b, f) }) {
			continue // the game said so before the import too
		}
		rest = append(rest, f)
	}
	slices.SortStableFunc(notes, func(a, b note) int {
		return cmp.Or(cmp.Compare(a.row, b.row), cmp.Compare(a.col, b.col))
	})
	return notes, rest
}

// rowRanges writes row numbers (ascending) as "row 5" or "rows 2-4, 9".
func rowRanges(rows []int) string {
	if len(rows) == 1 {
		return "row " + strconv.Itoa(rows[0])
	}
	var parts []string
	for i := 0; i < len(rows); {
		j := i
		for j+1 < len(rows) && rows[j+1] == rows[j]+1 {
			j++
		}
		part := strconv.Itoa(rows[i])
		if j > i {
			part += "-" + strconv.Itoa(rows[j])
		}
		parts = append(parts, part)
		i = j + 1
	}
	return "rows " + strings.Join(parts, ", ")
}

// rowsIn rewrites the places in the imported file a message names (the
// first of two duplicates: "first at FILE:LINE:COL") as rows of the
// sheet, since the file is not written.
func rowsIn(msg, path string, loc *sheet.Locator) string {
	re := regexp.MustCompile(regexp.QuoteMeta(finding.Visible(path)) + `:(\d+):(\d+)`)
	return re.ReplaceAllStringFunc(msg, func(m string) string {
		sub := re.FindStringSubmatch(m)
		line, _ := strconv.Atoi(sub[1])
		col, _ := strconv.Atoi(sub[2])
		if row, _, ok := loc.Find(line, col); ok {
			return "row " + strconv.Itoa(row)
		}
		return m
	})
}

// noteGroup is one problem told for every row that has it: a column
// whose name is misspelt is one line, not one a row.
type noteGroup struct {
	note
	rows []int
}

// groupNotes gathers the notes that say the same about the same column,
// in the order of their first row.
func groupNotes(notes []note) []noteGroup {
	var groups []noteGroup
	at := map[note]int{}
	for _, n := range notes {
		key := n
		key.row = 0
		if i, ok := at[key]; ok {
			groups[i].rows = append(groups[i].rows, n.row)
			continue
		}
		at[key] = len(groups)
		groups = append(groups, noteGroup{note: n, rows: []int{n.row}})
	}
	return groups
}

// sheetPlace names rows and a column of the sheet read from file:
// `cards.xlsx: sheet "main", row 5, column C (points)`, or `rows 2-4, 9`.
func sheetPlace(file string, t *sheet.Table, rows []int, col int) string {
	s := file + ": "
	if t.Name != "" {
		s += fmt.Sprintf("sheet %q, ", t.Name)
	}
	s += rowRanges(rows)
	if col >= 0 {
		s += ", column " + sheet.ColumnName(col)
		if col < len(t.Header) && t.Header[col] != "" {
			s += " (" + t.Header[col] + ")"
		}
	}
	return s
}

// deckFiles lists the card files (as game.yaml names them) that hold
// cards of the deck.
func deckFiles(g *gamedata.Game, deck string) []string {
	var files []string
	for _, c := range g.Cards {
		if c.Deck != deck {
			continue
		}
		rel, err := filepath.Rel(g.Dir, c.Pos.File)
		if name := filepath.ToSlash(rel); err == nil && !slices.Contains(files, name) {
			files = append(files, name)
		}
	}
	return files
}
