// Package tts writes decks for Tabletop Simulator: the card sheets it
// cuts cards from, and the "Saved Object" JSON that spawns every deck.
//
// A Tabletop Simulator custom deck is a sheet of up to 10×7 card faces
// and a back image. The sheet's last slot is the image shown for a card
// another player holds hidden; this package puts the deck's back there.
// Each card in a deck is named by an id: the number of its sheet (the
// key of the deck's CustomDeck entry) times 100 plus its slot on the
// sheet, counted from 0 left to right, top to bottom.
package tts

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	"image/draw"
	"strconv"
)

// The largest sheet Tabletop Simulator cuts: 10 cards across, 7 down.
const (
	MaxCols = 10
	MaxRows = 7
	// PerSheet is how many faces one sheet holds: every slot but the
	// last, which is the hidden-card image.
	PerSheet = MaxCols*MaxRows - 1
)

// Grid is a sheet's size in cards.
type Grid struct{ Cols, Rows int }

// Slots is how many card images the sheet holds, the hidden one included.
func (g Grid) Slots() int { return g.Cols * g.Rows }

// Hidden is the slot of the hidden-card image: the last.
func (g Grid) Hidden() int { return g.Slots() - 1 }

// GridFor is the sheet for n faces (1 to PerSheet) and the hidden slot:
// one row when they fit in 10, else rows of 10, as few as hold them.
func GridFor(n int) (Grid, error) {
	if n < 1 || n > PerSheet {
		return Grid{}, fmt.Errorf("tts: %d faces on one sheet (want 1 to %d)", n, PerSheet)
	}
	slots := n + 1
	if slots <= MaxCols {
		return Grid{Cols: slots, Rows: 1}, nil
	}
	return Grid{Cols: MaxCols, Rows: (slots + MaxCols - 1) / MaxCols}, nil
}

// Split cuts n faces into sheets: full sheets of PerSheet, then the rest.
// It returns how many faces each sheet holds.
func Split(n int) []int {
	var out []int
	for n > 0 {
		k := min(n, PerSheet)
		out = append(out, k)
		n -= k
	}
	return out
}

// Canvas is one sheet being drawn: white slots, the hidden-card image in
// the last, and faces put into the others one at a time, so that a deck's
// faces never have to be in memory together (an export holds one sheet
// and the few faces being drawn, whatever the deck's size).
type Canvas struct {
	grid  Grid
	w, h  int
	Image *image.RGBA
}

// NewCanvas is a blank sheet of grid g for images of w×h pixels, hidden
// in its last slot. It is drawn on reuse, an earlier sheet done with, when
// that has the sheet's size: a deck's sheets are mostly alike, and a sheet
// is tens of megabytes.
func NewCanvas(g Grid, w, h int, hidden image.Image, reuse *image.RGBA) (*Canvas, error) {
	if g.Cols < 1 || g.Cols > MaxCols || g.Rows < 1 || g.Rows > MaxRows || w < 1 || h < 1 {
		return nil, fmt.Errorf("tts: a %dx%d sheet of %dx%d-pixel cards", g.Cols, g.Rows, w, h)
	}
	bounds := image.Rect(0, 0, g.Cols*w, g.Rows*h)
	if reuse == nil || reuse.Rect != bounds {
		reuse = image.NewRGBA(bounds)
	}
	c := &Canvas{grid: g, w: w, h: h, Image: reuse}
	draw.Draw(c.Image, c.Image.Bounds(), image.White, image.Point{}, draw.Src)
	if err := c.put(g.Hidden(), hidden); err != nil {
		return nil, err
	}
	return c, nil
}

// Put draws a face into slot (counted from 0, left to right, top to
// bottom; not the hidden one). The image must be w×h pixels. Puts into
// different slots may run at the same time: each writes its own pixels.
func (c *Canvas) Put(slot int, img image.Image) error {
	if slot < 0 || slot >= c.grid.Hidden() {
		return fmt.Errorf("tts: slot %d on a %dx%d sheet (faces go in 0 to %d)", slot, c.grid.Cols, c.grid.Rows, c.grid.Hidden()-1)
	}
	return c.put(slot, img)
}

func (c *Canvas) put(slot int, img image.Image) error {
	if b := img.Bounds(); b.Dx() != c.w || b.Dy() != c.h {
		return fmt.Errorf("tts: slot %d is %dx%d pixels, want %dx%d", slot, b.Dx(), b.Dy(), c.w, c.h)
	}
	x, y := slot%c.grid.Cols*c.w, slot/c.grid.Cols*c.h
	draw.Draw(c.Image, image.Rect(x, y, x+c.w, y+c.h), img, img.Bounds().Min, draw.Src)
	return nil
}

// Deck is one deck to spawn.
type Deck struct {
	ID   string // for the objects' GUIDs
	Name string // the deck's nickname on the table
	// Sheets are the deck's card sheets, each a CustomDeck entry.
	Sheets []Sheet
	// Cards are the physical cards, top of the deck first: a card printed
	// three times is listed three times.
	Cards []Card
	// Sideways marks landscape cards.
	Sideways bool
}

// Sheet is one card sheet and its back: BackURL is one image for every
// card, or with UniqueBack a sheet of backs in the same grid.
type Sheet struct {
	FaceURL, BackURL string
	Grid             Grid
	UniqueBack       bool
}

// Card is one card: its name and where its face is.
type Card struct {
	Name  string
	Sheet int // index into Deck.Sheets
	Slot  int // on that sheet
}

// SavedObject is the file Tabletop Simulator lists under Objects → Saved
// Objects: the objects to spawn, here one deck (or card) per game deck.
type SavedObject struct {
	SaveName       string
	GameMode       string
	Date           string
	VersionNumber  string
	Table          string
	Sky            string
	Note           string
	Rules          string
	XmlUI          string
	LuaScript      string
	LuaScriptState string
	ObjectStates   []Object
}

// Object is a deck or a single card on the table. Fields follow
// Tabletop Simulator's own save files.
type Object struct {
	GUID             string
	Name             string // DeckCustom, Deck or Card
	Transform        Transform
	Nickname         string
	Description      string
	ColorDiffuse     Color
	Locked           bool
	Grid             bool
	Snap             bool
	Autoraise        bool
	Sticky           bool
	Tooltip          bool
	SidewaysCard     bool
	HideWhenFaceDown bool
	CardID           int   `json:",omitempty"`
	DeckIDs          []int `json:",omitempty"`
	// CustomDeck maps a sheet's number (as a string, as the game writes
	// it) to the sheet.
	CustomDeck map[string]CustomDeck `json:",omitempty"`
	// CustomImage is a Custom_Tile's pictures and shape.
	CustomImage      *CustomImage `json:",omitempty"`
	ContainedObjects []Object     `json:",omitempty"`
	LuaScript        string
	LuaScriptState   string
}

// CustomDeck is one sheet of faces and its back.
type CustomDeck struct {
	FaceURL      string
	BackURL      string
	NumWidth     int
	NumHeight    int
	BackIsHidden bool
	UniqueBack   bool
	Type         int // 0: a rectangular card
}

// CustomImage is a custom tile's two sides and its shape.
type CustomImage struct {
	ImageURL          string
	ImageSecondaryURL string
	ImageScalar       float64
	WidthScale        float64
	CustomTile        CustomTile
}

// CustomTile is a tile's shape: TileBox (a rectangle, for boards) or
// TileCircle (tokens), and whether copies stack.
type CustomTile struct {
	Type      int
	Thickness float64
	Stackable bool
	Stretch   bool
}

// The Custom_Tile shapes cardpress uses, as the game numbers them.
const (
	TileBox    = 0
	TileCircle = 2
)

// Transform is where an object lies on the table, with the game's
// lower-case keys.
type Transform struct {
	PosX   float64 `json:"posX"`
	PosY   float64 `json:"posY"`
	PosZ   float64 `json:"posZ"`
	RotX   float64 `json:"rotX"`
	RotY   float64 `json:"rotY"`
	RotZ   float64 `json:"rotZ"`
	ScaleX float64 `json:"scaleX"`
	ScaleY float64 `json:"scaleY"`
	ScaleZ float64 `json:"scaleZ"`
}

type Color struct {
	R float64 `json:"r"`
	G float64 `json:"g"`
	B float64 `json:"b"`
}

// The game's default tint for objects (a light grey that leaves images
// as they are drawn) and the spacing of decks on the table, in its units
// (a card is about 2.2 wide).
var plain = Color{0.713235259, 0.713235259, 0.713235259}

const deckSpacing = 3.0

// Build is the saved object that spawns decks side by side, face down,
// as game named title. Sheets are numbered from 1 across all decks, in
// order, so every card id is unique in the file.
func Build(game, title string, decks []Deck) (*SavedObject, error) {
	so := &SavedObject{SaveName: title}
	next := 1
	for i, d := range decks {
		if len(d.Cards) == 0 || len(d.Sheets) == 0 {
			return nil, fmt.Errorf("tts: deck %q has no cards", d.ID)
		}
		keys := make([]int, len(d.Sheets))
		custom := make([]CustomDeck, len(d.Sheets))
		for j, s := range d.Sheets {
			if s.Grid.Cols < 1 || s.Grid.Cols > MaxCols || s.Grid.Rows < 1 || s.Grid.Rows > MaxRows {
				return nil, fmt.Errorf("tts: deck %q: a %dx%d sheet (at most %dx%d)", d.ID, s.Grid.Cols, s.Grid.Rows, MaxCols, MaxRows)
			}
			keys[j] = next
			next++
			custom[j] = CustomDeck{FaceURL: s.FaceURL, BackURL: s.BackURL, NumWidth: s.Grid.Cols, NumHeight: s.Grid.Rows,
				BackIsHidden: true, UniqueBack: s.UniqueBack}
		}
		at := Transform{PosX: float64(i) * deckSpacing, PosY: 1, RotY: 180, RotZ: 180, ScaleX: 1, ScaleY: 1, ScaleZ: 1}
		var cards []Object
		var ids []int
		for k, c := range d.Cards {
			if c.Sheet < 0 || c.Sheet >= len(d.Sheets) || c.Slot < 0 || c.Slot >= d.Sheets[c.Sheet].Grid.Hidden() {
				return nil, fmt.Errorf("tts: deck %q: card %q is in no slot of its sheets", d.ID, c.Name)
			}
			id := keys[c.Sheet]*100 + c.Slot
			ids = append(ids, id)
			cards = append(cards, Object{
				GUID: guid(game, d.ID, strconv.Itoa(k)), Name: "Card", Transform: at, Nickname: c.Name,
				ColorDiffuse: plain, Grid: true, Snap: true, Autoraise: true, Sticky: true, Tooltip: true,
				SidewaysCard: d.Sideways, HideWhenFaceDown: true, CardID: id,
				CustomDeck: map[string]CustomDeck{strconv.Itoa(keys[c.Sheet]): custom[c.Sheet]},
			})
		}
		if len(cards) == 1 {
			// A deck of one card is no deck in the game: spawn the card.
			so.ObjectStates = append(so.ObjectStates, cards[0])
			continue
		}
		all := map[string]CustomDeck{}
		for j, k := range keys {
			all[strconv.Itoa(k)] = custom[j]
		}
		name := "DeckCustom" // what the game writes for a deck made from one sheet
		if len(d.Sheets) > 1 {
			name = "Deck"
		}
		so.ObjectStates = append(so.ObjectStates, Object{
			GUID: guid(game, d.ID), Name: name, Transform: at, Nickname: d.Name,
			ColorDiffuse: plain, Grid: true, Snap: true, Autoraise: true, Sticky: true, Tooltip: true,
			SidewaysCard: d.Sideways, HideWhenFaceDown: true,
			DeckIDs: ids, CustomDeck: all, ContainedObjects: cards,
		})
	}
	return so, nil
}

// Piece is a board, track or token for the table: a Custom_Tile with
// its two sides (BackURL is FaceURL for a piece without a back), Count of
// them, W×H mm.
type Piece struct {
	ID, Name         string
	Round            bool // a token: a circular tile; else a rectangle
	FaceURL, BackURL string
	W, H             float64
	Count            int
}

// tileUnit is how many millimetres one unit of a Custom_Tile's scale
// spans along its longer side: a tile of scale 1 is about 2 table units,
// and a poker card (63.5 mm at scale 1) about 2.2, so a unit is some 29
// mm. Pieces come out near their printed size; the table lets players
// scale them.
const tileUnit = 2 * 63.5 / 2.2

// AddPieces adds the pieces after the decks, in a row in front of them:
// a piece the game has one of as a tile, more in a bag that holds them,
// all copies alike.
func (so *SavedObject) AddPieces(game string, pieces []Piece) {
	for i, p := range pieces {
		at := Transform{PosX: float64(i) * deckSpacing, PosY: 1, PosZ: -4, ScaleX: 1, ScaleY: 1, ScaleZ: 1}
		scale := max(p.W, p.H) / tileUnit
		tile := func(k int) Object {
			shape := TileBox
			if p.Round {
				shape = TileCircle
			}
			t := at
			t.ScaleX, t.ScaleZ = scale, scale
			return Object{
				GUID: guid(game, "piece", p.ID, strconv.Itoa(k)), Name: "Custom_Tile", Transform: t, Nickname: p.Name,
				ColorDiffuse: plain, Grid: true, Snap: true, Autoraise: true, Sticky: true, Tooltip: true,
				CustomImage: &CustomImage{ImageURL: p.FaceURL, ImageSecondaryURL: p.BackURL, ImageScalar: 1,
					CustomTile: CustomTile{Type: shape, Thickness: 0.1, Stackable: p.Round, Stretch: true}},
			}
		}
		if p.Count <= 1 {
			so.ObjectStates = append(so.ObjectStates, tile(0))
			continue
		}
		bag := Object{GUID: guid(game, "bag", p.ID), Name: "Bag", Transform: at, Nickname: fmt.Sprintf("%s ×%d", p.Name, p.Count),
			ColorDiffuse: plain, Grid: true, Snap: true, Autoraise: true, Sticky: true, Tooltip: true}
		for k := range p.Count {
			bag.ContainedObjects = append(bag.ContainedObjects, tile(k))
		}
		so.ObjectStates = append(so.ObjectStates, bag)
	}
}

// guid is an object's six hex digits, from its place in the game rather
// than at random, so the same game gives the same file.
func guid(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:6]
}

// JSON is the saved object as the game writes it: indented, keys of
// CustomDeck in order.
func (so *SavedObject) JSON() ([]byte, error) {
	b, err := json.MarshalIndent(so, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
