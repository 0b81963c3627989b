package sheetgame

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/source"

	"go.yaml.in/yaml/v3"
)

// Following a sheet: a game whose game.yaml names the spreadsheet its
// cards are kept in (sheet: {file: ...}) has them imported again, by
// watch and serve, whenever the sheet was saved after its card files.
// Comparing times, not contents, means a sheet edited while nothing was
// watching is still brought in, and card files edited by hand after the
// sheet are never overwritten by an older sheet.

// Stale is a game whose sheet is newer than its card files.
type Stale struct {
	Game  string // the game folder
	Sheet string // the sheet's path
}

// StaleSheets finds, among the games that paths name (a game folder, a
// file in one, or a folder of games), those whose sheet was saved after
// every one of their card files. A game.yaml that does not read is left
// to validation.
func StaleSheets(paths []string) []Stale {
	var out []Stale
	for _, dir := range gameDirs(paths) {
		if s, ok := staleSheet(dir); ok {
			out = append(out, s)
		}
	}
	return out
}

// gameDirs is the game folders paths name.
func gameDirs(paths []string) []string {
	var dirs []string
	isGame := func(d string) bool {
		info, err := os.Stat(filepath.Join(d, gamedata.ManifestName))
		return err == nil && info.Mode().IsRegular()
	}
	for _, p := range paths {
		if info, err := os.Stat(p); err == nil && !info.IsDir() {
			p = filepath.Dir(p)
		}
		if isGame(p) {
			dirs = append(dirs, p)
			continue
		}
		entries, _ := os.ReadDir(p)
		for _, e := range entries {
			if d := filepath.Join(p, e.Name()); e.IsDir() && isGame(d) {
				dirs = append(dirs, d)
			}
		}
	}
	return dirs
}

// manifestSheet is the part of game.yaml that following a sheet reads.
type manifestSheet struct {
	Files struct {
		Cards []string `yaml:"cards"`
	} `yaml:"files"`
	Sheet *gamedata.SheetSource `yaml:"sheet"`
}

func staleSheet(dir string) (Stale, bool) {
	root, err := fileio.OpenDir(dir)
	if err != nil {
		return Stale{}, false
	}
	defer root.Close()
	data, err := root.ReadFile(gamedata.ManifestName, source.MaxSize)
	if err != nil {
		return Stale{}, false
	}
	var m manifestSheet
	if safeUnmarshal(data, &m) != nil || m.Sheet == nil || !sheetFile.MatchString(filepath.Base(m.Sheet.File)) || strings.Contains(m.Sheet.File, "..") {
		return Stale{}, false
	}
	info, err := root.Stat(m.Sheet.File)
	if err != nil || !info.Mode().IsRegular() {
		return Stale{}, false
	}
	for _, c := range m.Files.Cards {
		if ci, err := root.Stat(c); err == nil && !ci.ModTime().Before(info.ModTime()) {
			return Stale{}, false // a card file is as new as the sheet
		}
	}
	return Stale{Game: dir, Sheet: filepath.Join(dir, filepath.FromSlash(m.Sheet.File))}, true
}

func safeUnmarshal(data []byte, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("cannot parse YAML: %v", r)
		}
	}()
	return yaml.Unmarshal(data, v)
}
