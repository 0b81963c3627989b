// Package testfont takes a real TrueType font apart into its tables and
// puts it back together edited: the hostile fonts of the tests are made
// from the fonts cardpress ships, so nothing hostile is committed and each
// file says in code what is wrong with it.
package testfont

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/cardpress/cardpress/internal/sfntfile"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/sfnt"
)

// Font is a font file as its tables; Bytes writes it back with a fresh
// table directory (offsets, lengths, checksums).
type Font struct {
	Version []byte // the file's first 4 bytes
	Tables  map[string][]byte
	base    *sfnt.Font
}

// Parse takes apart ttf, a sound font (tests pass the fonts cardpress
// ships); it panics on anything else.
func Parse(ttf []byte) *Font {
	sf, err := sfnt.Parse(ttf)
	if err != nil {
		panic("testfont: " + err.Error())
	}
	f := &Font{Version: slices.Clone(ttf[:4]), Tables: map[string][]byte{}, base: sf}
	n := int(binary.BigEndian.Uint16(ttf[4:]))
	for i := range n {
		rec := ttf[12+16*i:]
		off, size := binary.BigEndian.Uint32(rec[8:]), binary.BigEndian.Uint32(rec[12:])
		f.Tables[string(rec[:4])] = slices.Clone(ttf[off : off+size])
	}
	return f
}

// Bytes is the font file, with a fresh table directory.
func (f *Font) Bytes() []byte { return sfntfile.Write(f.Version, f.Tables) }

// NumGlyphs is maxp's count of glyphs.
func (f *Font) NumGlyphs() int { return int(binary.BigEndian.Uint16(f.Tables["maxp"][4:])) }

// GlyphOf is the glyph of r in the font; it panics when there is none.
func (f *Font) GlyphOf(r rune) uint16 {
	var buf sfnt.Buffer
	g, err := f.base.GlyphIndex(&buf, r)
	if err != nil || g == 0 {
		panic(fmt.Sprintf("testfont: no glyph for %q", r))
	}
	return uint16(g)
}

// Glyphs are the bytes of each glyph, as loca and glyf give them.
func (f *Font) Glyphs() [][]byte {
	loca, glyf := f.Tables["loca"], f.Tables["glyf"]
	long := binary.BigEndian.Uint16(f.Tables["head"][50:]) == 1
	at := func(g int) int {
		if long {
			return int(binary.BigEndian.Uint32(loca[4*g:]))
		}
		return 2 * int(binary.BigEndian.Uint16(loca[2*g:]))
	}
	out := make([][]byte, f.NumGlyphs())
	for g := range out {
		out[g] = glyf[at(g):at(g+1)]
	}
	return out
}

// SetGlyphs writes glyf and a long-format loca for gs, one per glyph of
// the font (maxp's count is left as it is).
func (f *Font) SetGlyphs(gs [][]byte) {
	var glyf, loca []byte
	for _, g := range gs {
		loca = binary.BigEndian.AppendUint32(loca, uint32(len(glyf)))
		glyf = append(glyf, g...)
		glyf = append(glyf, make([]byte, (4-len(g)%4)%4)...)
	}
	loca = binary.BigEndian.AppendUint32(loca, uint32(len(glyf)))
	f.Tables["glyf"], f.Tables["loca"] = glyf, loca
	head := slices.Clone(f.Tables["head"])
	binary.BigEndian.PutUint16(head[50:], 1)
	f.Tables["head"] = head
}

// EditGlyphs sets the glyphs edit returns in place of some of the font's.
func (f *Font) EditGlyphs(edit func(gs [][]byte)) {
	gs := f.Glyphs()
	edit(gs)
	f.SetGlyphs(gs)
}

// Composite is a composite glyph drawn as the glyphs parts, each where it
// is (offsets of 0, one byte each), with an empty bounding box.
func Composite(parts ...uint16) []byte {
	g := []byte{0xFF, 0xFF, 0, 0, 0, 0, 0, 0, 0, 0} // numberOfContours -1
	for i, p := range parts {
		flags := uint16(0x0002) // ARGS_ARE_XY_VALUES
		if i < len(parts)-1 {
			flags |= 0x0020 // MORE_COMPONENTS
		}
		g = binary.BigEndian.AppendUint16(g, flags)
		g = binary.BigEndian.AppendUint16(g, p)
		g = append(g, 0, 0)
	}
	return g
}

// Repeat is n copies of glyph g, for a composite that uses one part n times.
func Repeat(g uint16, n int) []uint16 {
	out := make([]uint16, n)
	for i := range out {
		out[i] = g
	}
	return out
}

// Small is base cut down to the glyphs of chars by the PDF writer (as it
// embeds a subset), without hinting and with a name table of one name:
// a real font's tables and composites in 1 or 2 KB, a seed Go's fuzzer
// can minimise in a moment.
func Small(base []byte, chars string) []byte {
	f := Parse(fpdf.UTF8CutFont(base, chars))
	for _, hinting := range []string{"fpgm", "prep", "cvt ", "gasp"} {
		delete(f.Tables, hinting)
	}
	const full = "Seed"
	name := []byte{0, 0, 0, 1, 0, 18} // format 0, 1 record, strings at 18
	name = append(name, 0, 3, 0, 1, 0x04, 0x09, 0, 4, 0, byte(2*len(full)), 0, 0)
	for _, r := range full {
		name = append(name, 0, byte(r))
	}
	f.Tables["name"] = name
	return f.Bytes()
}
