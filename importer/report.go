package importer

import (
	"cmp"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/sheetgame"
	"github.com/cardpress/cardpress/spreadsheet"
)

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
