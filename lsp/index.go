package lsp

import (
	"path/filepath"
	"slices"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/icon"
)

// What completion, hover and definition know of a game: its last check's
// data (the last version of the buffers that loaded).

// fileRole is what a file of the game is: "manifest", "cards", "layout",
// "reference", "rules" or "" for none of them.
func fileRole(d *gamedata.Data, path string) string {
	name := filepath.Base(path)
	f := d.Manifest.Files
	switch {
	case name == gamedata.ManifestName:
		return "manifest"
	case slices.Contains(f.Cards, name):
		return "cards"
	case name == f.Layout:
		return "layout"
	case name == f.Reference:
		return "reference"
	case name == f.Rules || slices.Contains(f.Tests, name):
		return "rules"
	}
	return ""
}

// cardKeys are the keys every card may have besides its deck's fields.
var cardKeys = []string{"id", "name", "deck", "count", "players", "keywords", "flavor"}

// deckOfLine is the deck of the card entry at or above line in file: the
// card being edited there.
func deckOfLine(d *gamedata.Data, file string, line int) string {
	deck := ""
	best := 0
	for _, c := range d.Cards {
		if c.Pos.File == file && c.Pos.Line <= line && c.Pos.Line > best {
			best, deck = c.Pos.Line, c.Deck
		}
	}
	if deck == "" && len(d.Manifest.Decks) == 1 {
		deck = d.Manifest.Decks[0].ID
	}
	return deck
}

// fieldOf is the declared field name of deck, or of any deck when deck is
// unknown.
func fieldOf(d *gamedata.Data, deck, name string) (gamedata.Field, bool) {
	for _, dk := range d.Manifest.Decks {
		if deck != "" && dk.ID != deck {
			continue
		}
		for _, f := range dk.Fields {
			if f.Name == name {
				return f, true
			}
		}
	}
	return gamedata.Field{}, false
}

// fieldNames are the names a layout element's field may take: the generic
// card keys and every declared field.
func fieldNames(d *gamedata.Data) []string {
	names := append([]string{"rules"}, cardKeys...)
	for _, dk := range d.Manifest.Decks {
		for _, f := range dk.Fields {
			names = append(names, f.Name)
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// iconNames are the game's own icons, then the built-in ones.
func iconNames(d *gamedata.Data) []string {
	var names []string
	for _, ic := range d.Manifest.Icons {
		names = append(names, ic.ID)
	}
	return append(names, icon.Known()...)
}

func cardByID(d *gamedata.Data, id string) (gamedata.Card, bool) {
	for _, c := range d.Cards {
		if c.ID == id {
			return c, true
		}
	}
	return gamedata.Card{}, false
}

func deckByID(d *gamedata.Data, id string) (gamedata.Deck, bool) {
	for _, dk := range d.Manifest.Decks {
		if dk.ID == id {
			return dk, true
		}
	}
	return gamedata.Deck{}, false
}

func iconDecl(d *gamedata.Data, id string) (gamedata.IconDecl, bool) {
	for _, ic := range d.Manifest.Icons {
		if ic.ID == id {
			return ic, true
		}
	}
	return gamedata.IconDecl{}, false
}
