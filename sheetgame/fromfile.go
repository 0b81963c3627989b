package sheetgame

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/newgame"
	"github.com/cardpress/cardpress/spreadsheet"
)

// UnreadableError is a file named on the command line that cannot be
// read at all (missing, a folder, not .csv or .xlsx).
type UnreadableError struct{ msg string }

func (e *UnreadableError) Error() string { return e.msg }

// sheetFile is the pattern game.yaml's sheet.file keeps to.
var sheetFile = regexp.MustCompile(`^[A-Za-z0-9_-][A-Za-z0-9_. -]*\.(csv|xlsx)$`)

// ReadTables reads every sheet of a .xlsx file, or a .csv file, within
// the sheet package's limits.
func ReadTables(file string) (format string, data []byte, tables []*spreadsheet.Table, err error) {
	format = strings.TrimPrefix(strings.ToLower(filepath.Ext(file)), ".")
	limit := int64(spreadsheet.MaxCSVBytes)
	switch format {
	case "xlsx":
		limit = spreadsheet.MaxXLSXBytes
	case "csv":
	default:
		return "", nil, nil, &UnreadableError{fmt.Sprintf("%s: cannot tell the format; name a .csv or .xlsx file", file)}
	}
	data, err = fileio.ReadFile(file, limit)
	var tooLarge *fileio.TooLargeError
	switch {
	case errors.As(err, &tooLarge):
		return "", nil, nil, errors.New(fileio.Describe(err))
	case err != nil:
		return "", nil, nil, &UnreadableError{fmt.Sprintf("%s: %s", file, fileio.Describe(err))}
	}
	if format == "csv" {
		t, err := spreadsheet.ReadCSV(data)
		return format, data, []*spreadsheet.Table{t}, err
	}
	wb, err := spreadsheet.OpenXLSX(data)
	if err != nil {
		return "", nil, nil, err
	}
	defer wb.Close()
	for _, name := range wb.Sheets() {
		t, err := wb.Sheet(name)
		if err != nil {
			return "", nil, nil, err
		}
		tables = append(tables, t)
	}
	return format, data, tables, nil
}

// FromFile makes the files of a new game from the spreadsheet file: the
// game's YAML, a copy of the sheet and the pictures its cells name, read
// from beside the sheet (never from outside its folder). notes are the
// sheet's problems; with an error among them, no files.
func FromFile(file, id, title string) ([]newgame.File, []Note, error) {
	format, data, tables, err := ReadTables(file)
	if err != nil {
		return nil, nil, err
	}
	base := filepath.Base(file)
	name := base
	if !sheetFile.MatchString(name) {
		name = "cards." + format
	}
	plan := Infer(strings.TrimSuffix(base, filepath.Ext(base)), tables)
	if len(plan.Decks) == 0 && plan.Errors() == 0 {
		plan.Notes = append(plan.Notes, Note{&spreadsheet.Table{}, spreadsheet.Problem{Row: 2, Col: -1, Message: "no cards: every row under the header is empty"}})
	}
	if plan.Errors() > 0 {
		return nil, plan.Notes, nil
	}
	files, err := plan.Files(id, title, name)
	if err != nil {
		return nil, nil, err
	}
	// The sheet goes first, so the card files made from it are newer:
	// watch and serve import a sheet only when it was saved after them.
	files = append([]newgame.File{{Name: name, Data: data}}, files...)
	pics, err := readPictures(filepath.Dir(file), plan.Pictures)
	if err != nil {
		return nil, nil, err
	}
	return append(files, pics...), plan.Notes, nil
}

// readPictures reads the pictures named (relative to dir), each within
// the size a game's picture may have.
func readPictures(dir string, names []string) ([]newgame.File, error) {
	if len(names) == 0 {
		return nil, nil
	}
	root, err := fileio.OpenDir(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	var files []newgame.File
	total := int64(0)
	for _, n := range names {
		if !filepath.IsLocal(n) || path.Clean(n) != n {
			return nil, fmt.Errorf("the picture %s is outside the sheet's folder; keep the pictures beside the sheet", n)
		}
		b, err := root.ReadFile(n, min(gamedata.MaxAssetBytes, gamedata.MaxAssetsBytes-total))
		if err != nil {
			return nil, fmt.Errorf("the picture %s named in the sheet: %s", filepath.Join(dir, n), fileio.Describe(err))
		}
		total += int64(len(b))
		files = append(files, newgame.File{Name: n, Data: b})
	}
	return files, nil
}
