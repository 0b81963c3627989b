package render

import (
	"fmt"
	"regexp"

	"codeberg.org/go-pdf/fpdf"
)

// Pieces for Tabletop Simulator: every distinct token and every board or
// track of a game, each on a page of its own, drawn by the very calls
// that draw them on the print-and-play sheets (tokenItems, boardItems,
// trackItems), so the table shows what the sheet prints.

// Piece is one page of PiecesPDF: a kind of token (one face, in one
// player's colour when the set is per player) or a whole board or track.
type Piece struct {
	Name  string // the token's label, or the component's title
	Token bool   // a round token (else a tile: a board or a track)
	Count int    // how many of it the game has
	// W and H are the page's size in mm: the token's diameter, or the
	// component as laid out on a sheet.
	W, H float64
	// Back: the page after this one is the token's back.
	Back bool
}

// sheetWidth is the width boards and tracks are laid out in: an A4
// page's, as on the print-and-play sheets.
const sheetWidth = 210 - 2*pageMargin

// PiecesPDF draws each of doc's pieces on a page of its own, a two-sided
// token's back on the page after its front, and lists them in page order
// (a piece with Back takes two pages). A game without boards, tracks or
// tokens gives no PDF and no pieces.
func PiecesPDF(doc *Document, opt Options) (out []byte, pieces []Piece, err error) {
	defer recoverTo(&err)
	r := &renderer{doc: doc, m: newMeasurerFor(doc)}
	r.m.art = r
	r.pdf = newPDF(paper{sheetWidth, sheetWidth}, opt.Epoch, doc.Title)
	for _, c := range doc.Components {
		switch c.Kind {
		case "tokens":
			pieces = append(pieces, r.tokenPieces(c)...)
		case "board", "track":
			if p, ok := r.tilePiece(c); ok {
				pieces = append(pieces, p)
			}
		}
	}
	if len(pieces) == 0 {
		return nil, nil, nil
	}
	out, err = r.output()
	return out, pieces, err
}

// tokenPieces draws each distinct token of c on a page of its diameter:
// the sheet's drawing of a sheet that holds that one token, without its
// heading.
func (r *renderer) tokenPieces(c Component) []Piece {
	faces := c.Faces
	if len(faces) == 0 {
		faces = []TokenFace{{Label: c.Label, Count: c.Count}}
	}
	players := c.Players
	var out []Piece
	for _, f := range faces {
		if f.Count < 1 {
			continue
		}
		name := pieceName(f.Label)
		if len(c.Faces) == 0 && c.Title != "" {
			name = timesCount.ReplaceAllString(c.Title, "") // "Heat token × 15": the bag says how many
		}
		for k := range max(len(players), 1) {
			one := c
			one.Faces = []TokenFace{{Label: f.Label, Back: f.Back, Color: f.Color, BackColor: f.BackColor, Count: 1}}
			label := name
			if len(players) > 0 {
				one.Players = players[k : k+1]
				label = fmt.Sprintf("%s (%s)", name, players[k].Name)
			}
			d, ok := r.drawToken(one, false)
			if !ok {
				continue
			}
			p := Piece{Name: clean(label), Token: true, Count: f.Count, W: d, H: d, Back: one.TwoSided()}
			if p.Back {
				r.drawToken(one, true)
			}
			out = append(out, p)
		}
	}
	return out
}

// timesCount is a title's trailing count, " × 15".
var timesCount = regexp.MustCompile(`\s*×\s*[0-9]+$`)

// iconRef is an inline icon in a label, ":coin:".
var iconRef = regexp.MustCompile(`:([a-z0-9-]+):`)

// pieceName is a label as a name on the table: icons by their names.
func pieceName(label string) string { return iconRef.ReplaceAllString(label, "$1") }

// drawToken adds a page of the token's diameter and draws the one token
// of c there (its back with back), returning the diameter.
func (r *renderer) drawToken(c Component, back bool) (float64, bool) {
	items := r.tokenItems(c, sheetWidth, back)
	if len(items) < 2 {
		return 0, false
	}
	row := items[1] // after the heading: the row of one token, its height the diameter
	d := row.h
	r.pdf.AddPageFormat("P", fpdf.SizeType{Wd: d, Ht: d})
	setCardBoxes(r.pdf, d, d, 0)
	row.draw(0, 0, d)
	return d, true
}

// tilePiece draws a board or a track as the sheet lays it out (title,
// panel or strips, note) on a page of sheetWidth and their height.
func (r *renderer) tilePiece(c Component) (Piece, bool) {
	var items []item
	if c.Kind == "board" {
		items = r.boardItems(c, sheetWidth, 297-2*pageMargin)
	} else {
		items = r.trackItems(c, sheetWidth, 297-2*pageMargin)
	}
	if len(items) == 0 {
		return Piece{}, false
	}
	h := 0.0
	for i, it := range items {
		h += it.h
		if i < len(items)-1 {
			h += it.gapAfter
		}
	}
	const margin = 3.0 // white round the drawing, as cut from the sheet
	w, h := sheetWidth+2*margin, h+2*margin
	r.pdf.AddPageFormat("P", fpdf.SizeType{Wd: w, Ht: h})
	setCardBoxes(r.pdf, w, h, 0)
	y := margin
	for _, it := range items {
		it.draw(margin, y, sheetWidth)
		y += it.h + it.gapAfter
	}
	name := c.Title
	if name == "" {
		name = c.Kind
	}
	return Piece{Name: clean(name), Count: 1, W: w, H: h}, true
}
