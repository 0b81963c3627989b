package testfont

import (
	"encoding/binary"
	"slices"
)

// The hostile fonts, each made from a sound font base by breaking one
// thing, always where it shows: r is a character the test prints, whose
// glyph becomes the bad one. The chains borrow the last glyphs of the
// font, which a test does not print.

// SelfComposite makes r's glyph a composite glyph that contains itself:
// a reader that follows components by recursion never returns.
func SelfComposite(base []byte, r rune) []byte {
	f := Parse(base)
	g := f.GlyphOf(r)
	f.EditGlyphs(func(gs [][]byte) { gs[g] = Composite(g) })
	return f.Bytes()
}

// Cycle makes r's glyph a composite of another, which is a composite of
// r's: a cycle of two.
func Cycle(base []byte, r rune) []byte {
	f := Parse(base)
	g, other := f.GlyphOf(r), uint16(f.NumGlyphs()-1)
	f.EditGlyphs(func(gs [][]byte) { gs[g], gs[other] = Composite(other), Composite(g) })
	return f.Bytes()
}

// Chain makes r's glyph the top of levels composite glyphs, each made of
// fan copies of the next, the last of a plain glyph: levels deep, and
// fan + fan² + … + fan^levels components when every one is followed.
func Chain(base []byte, r rune, levels, fan int) []byte {
	f := Parse(base)
	g := f.GlyphOf(r)
	n := f.NumGlyphs()
	f.EditGlyphs(func(gs [][]byte) {
		plain := slices.Clone(gs[g])
		next := g
		for i := levels - 1; i >= 0; i-- {
			at := uint16(n - 1 - i)
			if i == levels-1 {
				gs[at] = plain
			} else {
				gs[at] = Composite(Repeat(next, fan)...)
			}
			next = at
		}
		gs[g] = Composite(Repeat(next, fan)...)
	})
	return f.Bytes()
}

// Fanned makes count glyphs after the first composites of fan copies of
// r's glyph (a plain one), and empties the font's other composite glyphs:
// none is deep, but together they expand to exactly count × fan
// components.
func Fanned(base []byte, r rune, fan, count int) []byte {
	f := Parse(base)
	g := f.GlyphOf(r)
	f.EditGlyphs(func(gs [][]byte) {
		for i := 1; i < len(gs); i++ {
			switch {
			case i == int(g):
			case count > 0:
				gs[i] = Composite(Repeat(g, fan)...)
				count--
			case len(gs[i]) >= 2 && gs[i][0]&0x80 != 0: // numberOfContours < 0
				gs[i] = nil
			}
		}
	})
	return f.Bytes()
}

// ForeignComponent makes r's glyph a composite of a glyph the font does
// not have.
func ForeignComponent(base []byte, r rune) []byte {
	f := Parse(base)
	g := f.GlyphOf(r)
	f.EditGlyphs(func(gs [][]byte) { gs[g] = Composite(uint16(len(gs) + 10)) })
	return f.Bytes()
}

// Loca edits the glyph positions (in long format) of r's glyph: to past
// the end of glyf (beyond), to before the glyph before it (decreasing),
// or drops the last half of loca (short).
func Loca(base []byte, r rune, how string) []byte {
	f := Parse(base)
	g := f.GlyphOf(r)
	f.SetGlyphs(f.Glyphs())
	loca := f.Tables["loca"]
	set := func(i int, v uint32) { binary.BigEndian.PutUint32(loca[4*i:], v) }
	switch how {
	case "beyond":
		set(int(g)+1, uint32(len(f.Tables["glyf"])+1<<20))
	case "decreasing":
		set(int(g)+1, binary.BigEndian.Uint32(loca[4*int(g):])-4)
	case "short":
		f.Tables["loca"] = loca[:len(loca)/2]
	default:
		panic("testfont: Loca " + how)
	}
	return f.Bytes()
}

// Truncated cuts table name to n bytes.
func Truncated(base []byte, name string, n int) []byte {
	f := Parse(base)
	f.Tables[name] = f.Tables[name][:n]
	return f.Bytes()
}

// NumGlyphs says in maxp that the font has n glyphs, whatever its other
// tables hold.
func NumGlyphs(base []byte, n int) []byte {
	f := Parse(base)
	maxp := slices.Clone(f.Tables["maxp"])
	binary.BigEndian.PutUint16(maxp[4:], uint16(n))
	f.Tables["maxp"] = maxp
	return f.Bytes()
}

// OverlappingCmap gives the Unicode character map (format 4) segs
// segments that each cover all of U+0000 to U+FFFE (their glyph ids from
// the array, which holds small ones): a reader that enumerates every
// character of every segment enumerates segs × 65,535 (at most 8,000).
func OverlappingCmap(base []byte, segs int) []byte {
	f := Parse(base)
	sub := binary.BigEndian.AppendUint16(nil, 4)
	sub = binary.BigEndian.AppendUint16(sub, uint16(16+8*segs))
	sub = append(sub, 0, 0) // language
	sub = binary.BigEndian.AppendUint16(sub, uint16(2*segs))
	sub = append(sub, 0, 0, 0, 0, 0, 0) // search hints, unused
	for i := range segs {
		sub = binary.BigEndian.AppendUint16(sub, uint16(0xFFFE+min(i/(segs-1), 1))) // end codes, the last 0xFFFF
	}
	sub = append(sub, 0, 0)
	sub = append(sub, make([]byte, 2*segs)...) // start codes: 0
	sub = append(sub, make([]byte, 2*segs)...) // deltas: 0
	for range segs {
		sub = binary.BigEndian.AppendUint16(sub, 2) // range offsets
	}
	cmap := []byte{0, 0, 0, 1, 0, 3, 0, 1, 0, 0, 0, 12}
	f.Tables["cmap"] = append(cmap, sub...)
	return f.Bytes()
}
