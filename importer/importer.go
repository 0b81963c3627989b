// Package importer is cardpress import: a spreadsheet (CSV or an XLSX
// sheet) becomes a deck's card YAML, validated with the game before
// anything is written (docs/spreadsheets.md). The sheets are read by
// package spreadsheet and assigned to decks by sheetgame; this package
// decides the card files, checks the game with them and tells every
// problem by its sheet, row and column.
package importer

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
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
func checkAndWrite(opts *Options, g *gamedata.Game, files []*importFile, loaded []finding.Finding) error {
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

// importFiles decides the file each part's cards go to: --into or a new
// DECK.yaml with --deck; else the one card file that holds the deck's
// cards now, or a new DECK.yaml.
func importFiles(opts *Options, g *gamedata.Game, parts []*sheetgame.Part) ([]*importFile, error) {
	var files []*importFile
	byName := map[string]*importFile{}
	var split []*sheetgame.Part
	for _, p := range parts {
		if opts.Deck == "" {
			split = append(split, byFile(g, p)...)
		} else {
			split = append(split, p)
		}
	}
	for _, p := range split {
		var t importTarget
		var err error
		if opts.Deck != "" {
			t, err = importInto(opts, g, opts.Deck)
		} else {
			t, err = deckTarget(g, p.Deck.ID, p.File)
		}
		if err != nil {
			return nil, err
		}
		f := byName[t.name]
		if f == nil {
			f = &importFile{target: t}
			byName[t.name] = f
			files = append(files, f)
		}
		if slices.ContainsFunc(f.parts, func(q *sheetgame.Part) bool { return q.Deck.ID == p.Deck.ID && q.Table != p.Table }) {
			return nil, fmt.Errorf("%s: deck %s has rows in more than one sheet (%s); keep a deck's cards in one sheet", opts.File, p.Deck.ID, p.Table.Name)
		}
		f.parts = append(f.parts, p)
	}
	return files, nil
}

// byFile splits a deck's part by the card files that hold the deck's
// cards now, when there are several (Crazy Eights keeps a suit a file):
// each card goes back to the file that holds its id, a new card to the
// file of the card above it in the sheet (the first file at the top).
func byFile(g *gamedata.Game, p *sheetgame.Part) []*sheetgame.Part {
	files := DeckFiles(g, p.Deck.ID)
	if len(files) < 2 {
		return []*sheetgame.Part{p}
	}
	home := map[string]string{}
	for _, c := range g.Cards {
		if rel, err := filepath.Rel(g.Dir, c.Pos.File); err == nil && c.Deck == p.Deck.ID {
			home[c.ID] = filepath.ToSlash(rel)
		}
	}
	byName := map[string]*sheetgame.Part{}
	var out []*sheetgame.Part
	file := files[0]
	for _, c := range p.Cards {
		if f, ok := home[spreadsheet.CardID(c)]; ok {
			file = f
		}
		q := byName[file]
		if q == nil {
			q = &sheetgame.Part{Deck: p.Deck, Table: p.Table, File: file}
			if len(out) == 0 {
				q.Probs = p.Probs // the sheet's own problems, told once
			}
			byName[file] = q
			out = append(out, q)
		}
		q.Cards = append(q.Cards, c)
	}
	if len(out) == 0 {
		return []*sheetgame.Part{p}
	}
	return out
}

// deckTarget is the card file deck's cards go to when import reads every
// deck: file when the deck's cards are spread over several, else the one
// file game.yaml lists that holds them, else a new DECK.yaml (an existing
// file is never overwritten unless listed).
func deckTarget(g *gamedata.Game, deck, file string) (importTarget, error) {
	name := deck + ".yaml"
	if files := DeckFiles(g, deck); file != "" {
		name = file
	} else if len(files) == 1 {
		name = files[0]
	}
	t := importTarget{name: name, path: filepath.Join(g.Dir, filepath.FromSlash(name)), listed: slices.Contains(g.Manifest.Files.Cards, name)}
	if _, err := os.Lstat(t.path); err == nil {
		t.exists = true
		if !t.listed {
			return t, fmt.Errorf("%s exists and is not one of the card files game.yaml lists; import does not overwrite it (name another with --deck %s --into)", t.path, deck)
		}
	}
	return t, nil
}

// buildImportFile makes the text of a file the parts' cards go to, and
// a locator for each part.
func buildImportFile(opts *Options, g *gamedata.Game, f *importFile) error {
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
func importMapping(opts *Options, g *gamedata.Game) (spreadsheet.Mapping, error) {
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
func importInto(opts *Options, g *gamedata.Game, deck string) (importTarget, error) {
	listed := g.Manifest.Files.Cards
	name := opts.Into
	if name == "" {
		name = deck + ".yaml"
	} else {
		name = gameRelative(g.Dir, opts.Into, listed)
	}
	if !spreadsheet.ValidName(name) {
		return importTarget{}, fmt.Errorf("--into %s: name a .yaml file inside the game folder %s, as game.yaml names its card files", opts.Into, g.Dir)
	}
	t := importTarget{name: name, path: filepath.Join(g.Dir, filepath.FromSlash(name)), listed: slices.Contains(listed, name)}
	_, err := os.Lstat(t.path)
	switch {
	case err == nil:
		t.exists = true
	case !errors.Is(err, fs.ErrNotExist):
		return t, fmt.Errorf("%s: %s", t.path, fileio.Describe(err))
	}
	// Written only inside the game folder, whatever links lie on the way.
	if parent := filepath.Dir(t.path); !fileio.Inside(g.Dir, parent) {
		return t, fmt.Errorf("--into %s: its folder %s does not exist in the game folder or leads out of it", opts.Into, parent)
	}
	switch {
	case t.exists && opts.Into == "":
		fmt.Fprintf(opts.Err, "cardpress: %s exists; import writes a new file unless --into names a card file of the game to rewrite (nothing was written)\n", finding.Visible(t.path))
		return t, ErrFindings
	case t.exists && !t.listed:
		fmt.Fprintf(opts.Err, "cardpress: %s exists and is not one of the card files game.yaml lists (%s); import does not overwrite it (nothing was written)\n", finding.Visible(t.path), finding.Visible(strings.Join(listed, ", ")))
		return t, ErrFindings
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

// note is a problem at a place in a sheet: a row and a column of the
// sheet part's table.
type note struct {
	part     int // index in the import's parts
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

// reportImport prints the problems of the sheets and of the game with
// the imported files together, and returns how many are errors.
func reportImport(opts *Options, files []*importFile, found, before []finding.Finding) int {
	var parts []*sheetgame.Part
	for _, f := range files {
		parts = append(parts, f.parts...)
	}
	notes, rest := placeFindings(found, before, files, parts)
	errs := 0
	for _, g := range groupNotes(notes) {
		if g.severity == finding.Error {
			errs += len(g.rows)
		}
		fmt.Fprintln(opts.Out, finding.Visible(spreadsheet.Place(opts.File, parts[g.part].Table, g.rows, g.col)+": "+g.text()))
	}
	for _, f := range rest {
		if f.Severity == finding.Error {
			errs++
		}
		fmt.Fprintln(opts.Out, f.String())
	}
	return errs
}

// placeFindings puts the problems of the sheets and of the game with the
// imported files together: findings in the imported cards go to their
// sheet, row and column (where the sheet already has a problem at that
// cell, the sheet's is the one told); findings elsewhere are kept as they
// are, except those the game had before the import.
func placeFindings(found, before []finding.Finding, files []*importFile, parts []*sheetgame.Part) ([]note, []finding.Finding) {
	var notes []note
	bad := map[[3]int]bool{}
	for i, p := range parts {
		for _, pr := range p.Probs {
			sev := finding.Error
			if pr.Warning {
				sev = finding.Warning
			} else {
				bad[[3]int{i, pr.Row, pr.Col}] = true
			}
			notes = append(notes, note{part: i, row: pr.Row, col: pr.Col, severity: sev, message: pr.Message})
		}
	}
	var rest []finding.Finding
	for _, f := range found {
		if n, ok := locate(f, files, parts); ok {
			if !bad[[3]int{n.part, n.row, n.col}] {
				notes = append(notes, n)
			}
			continue
		}
		if slices.ContainsFunc(before, func(b finding.Finding) bool { return spreadsheet.SameFinding(b, f) }) {
			continue // the game said so before the import too
		}
		rest = append(rest, f)
	}
	slices.SortStableFunc(notes, func(a, b note) int {
		return cmp.Or(cmp.Compare(a.part, b.part), cmp.Compare(a.row, b.row), cmp.Compare(a.col, b.col))
	})
	return notes, rest
}

// locate finds the sheet place of a finding in an imported card.
func locate(f finding.Finding, files []*importFile, parts []*sheetgame.Part) (note, bool) {
	for _, file := range files {
		if filepath.Clean(f.File) != filepath.Clean(file.target.path) {
			continue
		}
		for i, loc := range file.locs {
			if row, col, ok := loc.Find(f.Line, f.Col); ok {
				part := slices.Index(parts, file.parts[i])
				msg := rowsIn(f.Message, file, parts[part])
				return note{part: part, row: row, col: col, severity: f.Severity, message: msg, code: f.Code}, true
			}
		}
	}
	return note{}, false
}

// rowsIn rewrites the places in an imported file a message names (the
// first of two duplicates: "first at FILE:LINE:COL") as rows of the
// sheet, since the file is not written: "row 2" in the sheet of part
// here, `row 2 of sheet "X"` in another.
func rowsIn(msg string, file *importFile, here *sheetgame.Part) string {
	re := regexp.MustCompile(regexp.QuoteMeta(finding.Visible(file.target.path)) + `:(\d+):(\d+)`)
	return re.ReplaceAllStringFunc(msg, func(m string) string {
		sub := re.FindStringSubmatch(m)
		line, _ := strconv.Atoi(sub[1])
		col, _ := strconv.Atoi(sub[2])
		for i, loc := range file.locs {
			if row, _, ok := loc.Find(line, col); ok {
				if p := file.parts[i]; p != here && p.Table.Name != "" {
					return fmt.Sprintf("row %d of sheet %q", row, p.Table.Name)
				}
				return "row " + strconv.Itoa(row)
			}
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

// DeckFiles lists the card files (as game.yaml names them) that hold
// cards of the deck.
func DeckFiles(g *gamedata.Game, deck string) []string {
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
