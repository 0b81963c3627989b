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

// Fanned makes count glyphs composites of outer copies of a middle glyph
// (the font's last), itself a composite of inner copies of r's glyph, a
// plain one: none is deep or large, but each expands to outer × (1 +
// inner) components, and all of them together to count times that (and
// the middle glyph's inner).
func Fanned(base []byte, r rune, outer, inner, count int) []byte {
	f := Parse(base)
	g := f.GlyphOf(r)
	f.EditGlyphs(func(gs [][]byte) {
		mid := uint16(len(gs) - 1)
		gs[mid] = Composite(Repeat(g, inner)...)
		fill(gs, count, func() []byte { return Composite(Repeat(mid, outer)...) }, g, mid)
	})
	return f.Bytes()
}

// Bulky makes count glyphs composites of comps copies of r's glyph (a
// plain one) followed by extra bytes of instructions: each is large and
// has many components.
func Bulky(base []byte, r rune, comps, extra, count int) []byte {
	f := Parse(base)
	g := f.GlyphOf(r)
	bulky := Composite(Repeat(g, comps)...)
	last := len(bulky) - 6
	binary.BigEndian.PutUint16(bulky[last:], binary.BigEndian.Uint16(bulky[last:])|0x0100) // WE_HAVE_INSTRUCTIONS
	bulky = binary.BigEndian.AppendUint16(bulky, uint16(extra))
	bulky = append(bulky, make([]byte, extra)...)
	f.EditGlyphs(func(gs [][]byte) { fill(gs, count, func() []byte { return bulky }, g) })
	return f.Bytes()
}

// fill sets the first count glyphs after glyph 0, but not those kept, to
// glyph(), and empties the font's other composite glyphs: the font's
// components are then only fill's.
func fill(gs [][]byte, count int, glyph func() []byte, keep ...uint16) {
	for i := 1; i < len(gs); i++ {
		switch {
		case slices.Contains(keep, uint16(i)):
		case count > 0:
			gs[i] = glyph()
			count--
		case len(gs[i]) >= 2 && gs[i][0]&0x80 != 0: // numberOfContours < 0
			gs[i] = nil
		}
	}
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
