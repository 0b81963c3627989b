// Package render draws print-and-play PDFs and rule reference sheets from
// layout data. It knows nothing about any particular game: everything it
// draws arrives in a Document.
package render

import (
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/fonts"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/icon"
)

// Document is everything needed to draw one game's PDFs. The pipeline builds
// it from gamedata (layout, print settings, cards) and the game's engine
// (generated rules text, derived facts); templates are already filled in.
type Document struct {
	GameID string
	Title  string
	Card   gamedata.Size // trim size in mm of any card without a Size of its own
	Layout gamedata.Layout
	Backs  map[string]gamedata.Back // by back id
	Cards  []CardFace
	// Components are the non-card printables: boards and token sheets.
	Components []Component
	// Box lists everything the game is played with, printed here or not,
	// for the last page: what players must supply themselves.
	Box       []BoxItem
	Reference ReferenceSheet
	// Players is the most players the game takes: the reference prints a
	// player aid for each (0: one).
	Players int

	// Images are the pictures the layout, the backs and the cards name,
	// by path (gamedata.Data.Images); each is embedded once (image.go).
	Images map[string]*gamedata.Image

	// Fonts are the game's own fonts by id (gamedata.Data.Fonts); text is
	// set in the one its element, or else Layout.Front, names.
	Fonts map[string]*fonts.Typeface
	// Icons are the game's own icons by id (gamedata.Data.Icons); any
	// other `:name:` is a built-in (package icon).
	Icons map[string]icon.Def
}

// CardFace is one distinct card; it is printed Copies times.
type CardFace struct {
	ID       string
	Deck     string
	Back     string // back id (from the card's deck)
	Copies   int
	Keywords []string // ids, first one picks the accent colour
	Players  []int    // player-count marks, drawn as pips
	// Fields maps a layout field name to its text: name, keywords (display
	// names joined), flavor, count ("x2"), or any game field.
	Fields map[string]string
	Rules  []RulesLine // the "rules" field
	// BackFields and BackRules are the same for the card's own back, drawn
	// with its deck's back_face layout instead of the deck's common back.
	// Both are nil for a card that shows the common back.
	BackFields map[string]string
	BackRules  []RulesLine
	Pos        finding.Pos // the card's line, for fit findings
	// Size is the card's trim size in mm, its deck's own; the zero value
	// means Document.Card, so a game with one card size need not set it.
	Size gamedata.Size

	// Images maps a layout field name to the path of the card's picture
	// (a declared image field), drawn by elements of kind image.
	Images map[string]string

	// Values are the card's declared fields as loaded (gamedata.Card.Values),
	// which a layout element's when reads (FieldValue).
	Values map[string]any
}

// sizeOf is the trim size card c is drawn and measured at.
func (d *Document) sizeOf(c *CardFace) gamedata.Size {
	if c.Size == (gamedata.Size{}) {
		return d.Card
	}
	return c.Size
}

// TwoSided reports whether the card has a back of its own.
func (c *CardFace) TwoSided() bool { return c.BackFields != nil || c.BackRules != nil }

// backSide is the card's own back as a face of its own, so it is typeset
// and drawn by the same code as fronts.
func (c *CardFace) backSide() *CardFace {
	b := *c
	b.Fields, b.Rules = c.BackFields, c.BackRules
	return &b
}

// RulesLine is one printed rules line with an optional phase badge.
type RulesLine struct {
	Phase string
	Text  string
}

// Component is a printable board, a sheet of round tokens or a set of
// track strips.
type Component struct {
	Kind  string // board, tokens or track
	Title string
	Note  string
	// Board: one row per entry, drawn with its label and Slots circles.
	Rows         []BoardRow
	SlotDiameter float64
	// Tokens: Count round tokens of Diameter mm with Label on them, or,
	// when Faces is set, each face's Count tokens. Track: Label starts
	// each strip and Count strips are printed.
	Label    string
	Count    int
	Diameter float64
	Color    string
	Faces    []TokenFace
	// Players (tokens): when set, Count (or each face's Count) is one
	// player's set, printed once in each of these colours, every token
	// marked with its colour's name and shape.
	Players []gamedata.PlayerColor
	// Labels (track): the text at the start of each copy, Label for any
	// copy without one.
	Labels []string
	// Track: Spaces boxes of SpaceSize mm numbered from Start, each with
	// its entry of Values (if any) under the number.
	Spaces    int
	Start     int
	Values    []string
	SpaceSize float64
	Pos       finding.Pos
}

// TokenFace is one kind of token: the text and fill of its front and back,
// and how many to print.
type TokenFace struct {
	Label, Back      string
	Color, BackColor string
	Count            int
}

// TwoSided reports whether a token sheet has a sheet of backs.
func (c *Component) TwoSided() bool {
	if c.Kind != "tokens" {
		return false
	}
	for _, f := range c.Faces {
		if f.Back != "" || f.BackColor != "" {
			return true
		}
	}
	return false
}

// BoxItem is one component of the game with its count.
type BoxItem struct {
	Name    string
	Count   int
	Printed bool // in this PDF (cards, boards, token sheets)
}

type BoardRow struct {
	Label string
	Slots int
}

// ReferenceSheet is the resolved rule reference: a one-page sheet and a
// card-sized player aid.
type ReferenceSheet struct {
	Title    string
	Subtitle string
	Sections []Section
	AidTitle string
	AidItems []string
	Pos      finding.Pos
}

type Section struct {
	Heading string
	Items   []string
	// Phases, when set, are listed as badge + name + doc.
	Phases []Phase
	// Board, when set, is drawn as a small diagram of the rows.
	Board []BoardRow
	Pos   finding.Pos
}

type Phase struct {
	ID, Name, Doc string
}

// Options control the physical output.
type Options struct {
	Paper string  // a4 (default) or letter
	Bleed float64 // mm of bleed around each card; 0 means cards abut with crop marks only
	// Epoch fixes the PDF creation and modification dates so identical input
	// gives identical bytes (SOURCE_DATE_EPOCH, or 0 for 1970-01-01).
	Epoch int64
	// Gutter is the space in mm between neighbouring cards' trims, 0 to
	// MaxGutter; nil lets the grid choose (twice the bleed when that costs
	// no card a page, else the bleed).
	Gutter *float64
	// BackOffset is the duplex offset read on the calibration sheet, in
	// mm: how far right (X) and down (Y) the back printed, seen from the
	// front. Back pages are moved the other way by as much.
	BackOffset [2]float64
}
