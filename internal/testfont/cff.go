package testfont

import (
	"encoding/binary"
	"slices"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// CFF is the content of a CFF table as the tests write it: a Type 2
// charstring for each glyph, and the global and local subroutines.
type CFF struct {
	Charstrings    [][]byte
	GSubrs, LSubrs [][]byte
}

// ToCFF is ttf, a sound TrueType font, as an OpenType font with CFF
// outlines (as a designer's .otf): each glyph's quadratic curves written
// as the cubics they are, metrics, character map and names kept. It is
// the tests' CFF font generator: no CFF font ships with cardpress, and
// this one has the same glyphs and widths as a font the tests know.
func ToCFF(ttf []byte) (*Font, *CFF) {
	f := Parse(ttf)
	upem := fixed.Int26_6(f.base.UnitsPerEm())
	var buf sfnt.Buffer
	cff := &CFF{}
	for g := range f.NumGlyphs() {
		segs, err := f.base.LoadGlyph(&buf, sfnt.GlyphIndex(g), upem, nil)
		if err != nil {
			panic("testfont: " + err.Error())
		}
		cff.Charstrings = append(cff.Charstrings, charstring(segs))
	}
	return f, cff
}

// OTF writes f with cff as its outlines: no glyf or loca, maxp of
// version 0.5, "OTTO".
func (f *Font) OTF(cff *CFF) []byte {
	out := &Font{Version: []byte("OTTO"), Tables: map[string][]byte{}}
	for name, t := range f.Tables {
		switch name {
		case "glyf", "loca", "fpgm", "prep", "cvt ", "gasp":
		case "maxp":
			out.Tables[name] = append([]byte{0, 0, 0x50, 0}, t[4:6]...)
		default:
			out.Tables[name] = t
		}
	}
	out.Tables["CFF "] = cff.Bytes()
	return out.Bytes()
}

// charstring writes sfnt's segments (font units, y down) as a Type 2
// charstring: rmoveto, rlineto, and rrcurveto for each quadratic.
func charstring(segs sfnt.Segments) []byte {
	var cs []byte
	var x, y int // the current point, y up
	to := func(p fixed.Point26_6) (int, int) { return int(p.X), -int(p.Y) }
	rel := func(px, py int) {
		cs = Num(Num(cs, px-x), py-y)
		x, y = px, py
	}
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			rel(to(s.Args[0]))
			cs = append(cs, 21)
		case sfnt.SegmentOpLineTo:
			rel(to(s.Args[0]))
			cs = append(cs, 5)
		case sfnt.SegmentOpQuadTo:
			x0, y0 := x, y
			qx, qy := to(s.Args[0])
			ex, ey := to(s.Args[1])
			rel(x0+2*(qx-x0)/3, y0+2*(qy-y0)/3)
			rel(ex+2*(qx-ex)/3, ey+2*(qy-ey)/3)
			rel(ex, ey)
			cs = append(cs, 8)
		case sfnt.SegmentOpCubeTo:
			for _, p := range s.Args {
				rel(to(p))
			}
			cs = append(cs, 8)
		}
	}
	return append(cs, 14) // endchar
}

// Num appends the charstring operand n (as a 16-bit number, 28 hi lo).
func Num(cs []byte, n int) []byte {
	return append(cs, 28, byte(n>>8), byte(n))
}

// Bytes is the CFF table: header, Name, Top DICT, String and global
// subroutine INDEXes, then the charstrings and a Private DICT with the
// local subroutines. Offsets in the Top DICT are 5-byte numbers, so its
// size is known before they are.
func (c *CFF) Bytes() []byte {
	const topSize = 5 + 1 + 5 + 5 + 1 // CharStrings; Private size offset
	head := []byte{1, 0, 4, 4}
	head = append(head, index([][]byte{[]byte("Test")})...)
	topAt := len(head)
	head = append(head, index([][]byte{make([]byte, topSize)})...)
	head = append(head, index(nil)...) // strings
	head = append(head, index(c.GSubrs)...)
	charstringsAt := len(head)
	out := append(head, index(c.Charstrings)...)
	privateAt := len(out)
	private := []byte{}
	if len(c.LSubrs) > 0 {
		private = append(num5(nil, 6), 19) // Subrs, right after this DICT
	}
	out = append(out, private...)
	if len(c.LSubrs) > 0 {
		out = append(out, index(c.LSubrs)...)
	}
	top := num5(nil, charstringsAt)
	top = append(top, 17)
	top = num5(num5(top, len(private)), privateAt)
	top = append(top, 18)
	// The Top DICT is the one item of its INDEX: after count, offset
	// size and two 4-byte offsets.
	copy(out[topAt+2+1+8:], top)
	return out
}

// num5 appends a DICT integer in 5 bytes.
func num5(b []byte, n int) []byte {
	return binary.BigEndian.AppendUint32(append(b, 29), uint32(n))
}

// index writes a CFF INDEX with 4-byte offsets.
func index(items [][]byte) []byte {
	if len(items) == 0 {
		return []byte{0, 0}
	}
	out := binary.BigEndian.AppendUint16(nil, uint16(len(items)))
	out = append(out, 4)
	at := 1
	for _, it := range items {
		out = binary.BigEndian.AppendUint32(out, uint32(at))
		at += len(it)
	}
	out = binary.BigEndian.AppendUint32(out, uint32(at))
	for _, it := range items {
		out = append(out, it...)
	}
	return out
}

// Clone is a copy of c whose slices can be edited.
func (c *CFF) Clone() *CFF {
	return &CFF{Charstrings: slices.Clone(c.Charstrings), GSubrs: slices.Clone(c.GSubrs), LSubrs: slices.Clone(c.LSubrs)}
}
