package gamedata

import (
	"strconv"
	"strings"
)

// ListSep separates the items of a printed list: a card's keywords, a list
// field's values, the lists engines write into card text. It is declared
// once so every producer prints the same mark. A bullet, not a middle dot:
// the Go fonts set "·" at x-height as a speck that reads as dirt on paper,
// while "•" is heavier and sits on the centre line of the capitals.
const ListSep = " • "

// JoinList joins printed list items with ListSep.
func JoinList(items []string) string { return strings.Join(items, ListSep) }

// HasIcon reports whether the game declares its own icon id (manifest
// icons), so an engine can print a recurring term as that icon.
func (g *Data) HasIcon(id string) bool {
	for _, d := range g.Manifest.Icons {
		if d.ID == id {
			return true
		}
	}
	return false
}

// IconOr is ":id:" when the game declares the icon id, else word: an
// engine prints a recurring term as the game's icon when it has one, and a
// game without icons still reads.
func (g *Data) IconOr(id, word string) string {
	if g.HasIcon(id) {
		return ":" + id + ":"
	}
	return word
}

// NoBreak is a space a line never breaks at (U+00A0): it keeps an amount
// with its icon ("2 :heat:") and an icon with the word before it, so a
// wrapped line never starts with a lone icon.
const NoBreak = "\u00a0"

// IconAmount is n of a term as an icon-and-number pair, "2 :heat:", the
// number and the icon joined by NoBreak.
func IconAmount(n int, id string) string {
	return strconv.Itoa(n) + NoBreak + ":" + id + ":"
}
