package render

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// CodeElementEmpty is a layout element that draws nothing on any card.
// It is a warning: the layout is sound and the cards print, and a field
// no card fills yet is a fair state for a game in progress; but a typo'd
// field, a face drawn for the wrong deck or a pipeline that drops a
// field all look exactly like this, so it must be seen (lint --strict
// fails on it).
var CodeElementEmpty = finding.Declare(finding.Code{ID: "LAYOUT_EMPTY", Severity: finding.Warning, Scope: finding.Validate,
	Purpose: "A layout element draws nothing on every card it applies to (no card has a value for its field, a face drawn for the wrong deck, a field the pipeline drops): reported once at the element, with how many cards."})

// CheckEmpty reports every layout element that applies to some card and
// draws nothing on any of them: what each card prints is the document's,
// so fields an engine prints count and fields it drops show. An element
// applies to the cards whose face (front, or own back) it is in and on
// which its when holds; elementEmpty says per kind what drawing nothing
// is.
func CheckEmpty(doc *Document) []finding.Finding {
	e := emptyCheck{by: map[finding.Pos]*emptyElement{}, doc: doc}
	for i := range doc.Cards {
		c := &doc.Cards[i]
		e.face(i, c, c, doc.Layout.FrontOf(c.Deck))
		if c.TwoSided() {
			e.face(i, c, c.backSide(), doc.Layout.BackFaceOf(c.Deck))
		}
	}
	return e.findings()
}

// emptyCheck gathers, per layout element (by its position: a face shared
// by several decks, or by a YAML alias, is one element), the cards it
// applies to and whether it drew on any.
type emptyCheck struct {
	order []finding.Pos
	by    map[finding.Pos]*emptyElement
	doc   *Document
}

type emptyElement struct {
	el    gamedata.Element
	cards int // cards it applies to
	last  int // the index of the last card counted, so two sides count once
	decks []string
	drawn bool
}

// face records the elements of one side of card i (side is the card, or
// its back side).
func (e *emptyCheck) face(i int, c, side *CardFace, lay gamedata.Front) {
	for _, el := range lay.Elements {
		if !side.applies(el) {
			continue // its when leaves this card out
		}
		empty, canBe := elementEmpty[el.KindOr()]
		u, ok := e.by[el.Pos]
		if !ok {
			u = &emptyElement{el: el, last: -1}
			e.by[el.Pos] = u
			e.order = append(e.order, el.Pos)
		}
		if u.last != i {
			u.last = i
			u.cards++
		}
		if !slices.Contains(u.decks, c.Deck) {
			u.decks = append(u.decks, c.Deck)
		}
		u.drawn = u.drawn || !canBe || !empty(side, el)
	}
}

func (e *emptyCheck) findings() []finding.Finding {
	var fs []finding.Finding
	for _, at := range e.order {
		u := e.by[at]
		if u.drawn {
			continue
		}
		cards := "the one card"
		if u.cards > 1 {
			cards = fmt.Sprintf("any of the %d cards", u.cards)
		}
		why := emptyWhy(u.el)
		if others := e.decksWith(u.el.Field, u.decks); len(others) > 0 {
			why = fmt.Sprintf("the cards of %s have it: is the element on the wrong deck's face?", deckNames(others))
		}
		fs = append(fs, CodeElementEmpty.At(at, "%s prints nothing on %s of %s: %s",
			emptyWhat(u.el), cards, deckNames(u.decks), why))
	}
	return fs
}

// decksWith lists the decks, other than those in not, whose cards print
// field (as text or a picture).
func (e *emptyCheck) decksWith(field string, not []string) []string {
	var out []string
	for i := range e.doc.Cards {
		c := &e.doc.Cards[i]
		has := strings.TrimSpace(c.Fields[field]) != "" || c.Images[field] != ""
		if has && !slices.Contains(not, c.Deck) && !slices.Contains(out, c.Deck) {
			out = append(out, c.Deck)
		}
	}
	return out
}

// emptyWhat names an element in the message.
func emptyWhat(el gamedata.Element) string {
	switch el.KindOr() {
	case gamedata.KindPips:
		return "the player dots (kind pips)"
	case gamedata.KindImage:
		return fmt.Sprintf("the picture of field %q", el.Field)
	}
	return fmt.Sprintf("field %q", el.Field)
}

// emptyWhy says what to look at.
func emptyWhy(el gamedata.Element) string {
	switch {
	case el.KindOr() == gamedata.KindPips:
		return "no card has player marks (players), so every card is for every count"
	case el.KindOr() == gamedata.KindImage:
		return "no card has a picture in it"
	case el.Field == "players":
		return "players prints only as dots (kind: pips)"
	}
	return "no card has a value for it; check the field's name, the decks this face is for and the cards' data"
}

func deckNames(decks []string) string {
	q := make([]string, len(decks))
	for i, d := range decks {
		q[i] = strconv.Quote(d)
	}
	if len(q) == 1 {
		return "deck " + q[0]
	}
	return "decks " + strings.Join(q, ", ")
}
