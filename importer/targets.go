package importer

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/sheetgame"
	"github.com/cardpress/cardpress/spreadsheet"
)

// importFiles decides the file each part's cards go to: --into or a new
// DECK.yaml with --deck; else the one card file that holds the deck's
// cards now, or a new DECK.yaml.
func importFiles(opts *Options, g *gamedata.Data, parts []*sheetgame.Part) ([]*importFile, error) {
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
func byFile(g *gamedata.Data, p *sheetgame.Part) []*sheetgame.Part {
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
func deckTarget(g *gamedata.Data, deck, file string) (importTarget, error) {
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

// importInto decides the file to write: --into, or DECK.yaml. A file that
// exists is rewritten only when --into names it and the game lists it as
// a card file.
func importInto(opts *Options, g *gamedata.Data, deck string) (importTarget, error) {
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

// DeckFiles lists the card files (as game.yaml names them) that hold
// cards of the deck.
func DeckFiles(g *gamedata.Data, deck string) []string {
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
