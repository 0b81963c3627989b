package fonts

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// The structural check: every table the PDF writer (fpdf) and sfnt read is
// checked against the file before either of them touches it. fpdf reads a
// font without bounds checks and follows composite glyphs by recursion,
// with no depth limit and no memory of the glyphs it has seen, so without
// this check a bad loca table is an index-out-of-range panic in the middle
// of rendering, a composite glyph that contains itself a stack overflow
// (fatal: recover cannot catch it) and composites that fan out
// exponentially a render that never ends.

// Limits of a font's composite glyphs (glyphs drawn as other glyphs, such
// as é as e and ´). The PDF writer walks every component of every glyph a
// PDF uses, each time it occurs, at about 5 million a second, so the work
// of embedding a font grows with its components expanded, not with the
// file's size. Of 88 real fonts (DejaVu, Liberation, Go) the deepest nest
// 4 deep, the widest glyph expands to 10 components, and the most in all
// is DejaVu Sans's 7,167.
const (
	// MaxComponentDepth is how deeply composite glyphs may nest: a
	// composite of plain glyphs is 1 deep. It is sfnt's limit (sfnt,
	// which also reads the font, draws no deeper).
	MaxComponentDepth = 7
	// MaxGlyphComponents is the components of one glyph, counted as the
	// PDF writer walks them: each nested one as often as it occurs. sfnt
	// holds at most 64 components on its stack while it draws a glyph.
	MaxGlyphComponents = 64
	// MaxFontComponents is the same count added up over all the glyphs
	// of a font: the most the PDF writer walks to embed any text at all,
	// about 0.05 s.
	MaxFontComponents = 250_000
	// MaxCompositeBytes is each composite glyph's bytes times its
	// components, added up over the font: the PDF writer copies a
	// composite glyph whole for each of its components as it embeds it.
	// DejaVu Sans's come to 168 KB.
	MaxCompositeBytes = 16 << 20
)

// ErrDamaged is in the chain of an error for a file that breaks the
// TrueType format (as opposed to one cardpress does not support).
var ErrDamaged = errors.New("damaged font")

// damagedError words a broken file for the person who named it.
type damagedError string

func (e damagedError) Error() string        { return "it is damaged: " + string(e) }
func (e damagedError) Is(target error) bool { return target == ErrDamaged }

func damaged(format string, a ...any) error { return damagedError(fmt.Sprintf(format, a...)) }

// Flags of a composite glyph's component.
const (
	argWords       = 0x0001
	haveScale      = 0x0008
	moreComponents = 0x0020
	haveXYScale    = 0x0040
	have2x2        = 0x0080
)

// fontFile is a font file as the check reads it; the tables are within the
// file (tableDirectory saw to that) and the required ones are there.
type fontFile struct {
	data      []byte
	tables    map[string]table
	numGlyphs int
	loca      []int // numGlyphs+1 offsets into glyf
	cmap      []byte
	format4   int // offset of the subtable the PDF writer encodes text with, in cmap
	// comps are the components of every composite glyph, glyph g's being
	// comps[first[g]:first[g+1]].
	comps []uint16
	first []int32
}

func (f *fontFile) table(name string) []byte {
	t := f.tables[name]
	return f.data[t.off : t.off+t.len]
}

func u16(b []byte, at int) int { return int(binary.BigEndian.Uint16(b[at:])) }
func u32(b []byte, at int) int { return int(binary.BigEndian.Uint32(b[at:])) }

// checkStructure checks data, a font file with the tables in the
// directory tables, as the PDF writer will read it, and returns the
// characters the PDF writer can print with it.
func checkStructure(data []byte, tables map[string]table) (*bitmap, error) {
	f := &fontFile{data: data, tables: tables}
	for _, check := range []func() error{
		f.checkSizes, f.checkHead, f.checkHorizontal, f.checkName, f.checkOS2,
		f.checkCmap, f.checkLoca, f.checkGlyphs, f.checkComposites,
	} {
		if err := check(); err != nil {
			return nil, err
		}
	}
	return f.coverage(), nil
}

// minSizes are the bytes of each table the PDF writer reads, which every
// version of the table has (OS/2's depend on its version: checkOS2).
var minSizes = map[string]int{"head": 54, "hhea": 36, "maxp": 6, "post": 32, "name": 6, "cmap": 4}

func (f *fontFile) checkSizes() error {
	for _, name := range required {
		if min, ok := minSizes[name]; ok && f.tables[name].len < min {
			return damaged("its %q table is too short (%d bytes, at least %d)", name, f.tables[name].len, min)
		}
	}
	f.numGlyphs = u16(f.table("maxp"), 4)
	if f.numGlyphs == 0 {
		return damaged("it has no glyphs (maxp table)")
	}
	return nil
}

func (f *fontFile) checkHead() error {
	head := f.table("head")
	if u32(head, 12) != 0x5F0F3CF5 {
		return damaged("its head table does not start as a font's does")
	}
	if upem := u16(head, 18); upem < 16 || upem > 16384 {
		return damaged("its units per em (head table) are %d, not 16 to 16384", upem)
	}
	if v := u16(head, 50); v > 1 {
		return damaged("its glyph positions (loca) are in format %d, neither short (0) nor long (1)", v)
	}
	if u16(head, 52) != 0 {
		return errors.New("its glyph data format is not TrueType's (head table)")
	}
	return nil
}

// checkHorizontal checks the horizontal metrics: hmtx has a width and side
// bearing for each of hhea's numberOfHMetrics glyphs, then a side bearing
// for each glyph after them.
func (f *fontFile) checkHorizontal() error {
	hhea := f.table("hhea")
	n := u16(hhea, 34)
	if u16(hhea, 32) != 0 || n == 0 {
		return errors.New("its horizontal metrics are in a format the PDF writer does not read (hhea table)")
	}
	if need := 4*n + 2*max(0, f.numGlyphs-n); f.tables["hmtx"].len < need {
		return damaged("its hmtx table (glyph widths) is %d bytes, too short for %d glyphs (it needs %d)", f.tables["hmtx"].len, f.numGlyphs, need)
	}
	return nil
}

// checkName checks the name table's records and that each string lies
// within the table.
func (f *fontFile) checkName() error {
	name := f.table("name")
	switch v := u16(name, 0); v {
	case 0:
	case 1:
		return errors.New("its name table is in format 1, which the PDF writer does not read")
	default:
		return damaged("its name table is in format %d, which does not exist", v)
	}
	count, storage := u16(name, 2), u16(name, 4)
	if 6+12*count > len(name) {
		return damaged("its name table is too short for its %d names", count)
	}
	for i := range count {
		rec := name[6+12*i:]
		if storage+u16(rec, 10)+u16(rec, 8) > len(name) {
			return damaged("name %d of its name table runs past the table's end", i+1)
		}
	}
	return nil
}

func (f *fontFile) checkOS2() error {
	t, ok := f.tables["OS/2"]
	if !ok {
		return nil
	}
	os2 := f.table("OS/2")
	if t.len < 72 || u16(os2, 0) > 1 && t.len < 90 {
		return damaged("its %q table is too short (%d bytes)", "OS/2", t.len)
	}
	if fsType := u16(os2, 8); fsType == 2 || fsType&0x0300 != 0 {
		return errors.New("its licence forbids embedding it in a document (OS/2 fsType), so it cannot be printed from a PDF; use a font that allows embedding (SIL Open Font License fonts do)")
	}
	return nil
}

// checkLoca reads the glyph positions: one more than there are glyphs
// (where each starts, and where the last ends), none decreasing, none past
// the end of glyf.
func (f *fontFile) checkLoca() error {
	loca, glyf := f.table("loca"), f.tables["glyf"].len
	size := 2
	if u16(f.table("head"), 50) == 1 {
		size = 4
	}
	if need := (f.numGlyphs + 1) * size; len(loca) < need {
		return damaged("its loca table (glyph positions) is %d bytes, too short for %d glyphs (it needs %d)", len(loca), f.numGlyphs, need)
	}
	f.loca = make([]int, f.numGlyphs+1)
	for g := range f.loca {
		if size == 4 {
			f.loca[g] = u32(loca, 4*g)
		} else {
			f.loca[g] = 2 * u16(loca, 2*g)
		}
	}
	if f.loca[0] > glyf {
		return damaged("glyph 0 starts past the end of its glyf table (loca table)")
	}
	for g := range f.numGlyphs {
		switch {
		case f.loca[g+1] < f.loca[g]:
			return damaged("%s ends before it starts (loca table)", f.glyphName(int32(g), nil))
		case f.loca[g+1] > glyf:
			return damaged("%s ends past the end of its glyf table (loca table)", f.glyphName(int32(g), nil))
		}
	}
	return nil
}

// checkCmap checks the character map's directory, and the subtable the
// PDF writer encodes text with: the first Unicode one (platform 0, or
// Windows Unicode BMP) in format 4.
func (f *fontFile) checkCmap() error {
	f.cmap = f.table("cmap")
	n := u16(f.cmap, 2)
	if 4+8*n > len(f.cmap) {
		return damaged("its cmap table (character map) is too short for its %d subtables", n)
	}
	f.format4 = -1
	for i := range n {
		rec := f.cmap[4+8*i:]
		off := u32(rec, 4)
		if off > len(f.cmap)-4 {
			return damaged("subtable %d of its cmap table (character map) is past the table's end", i+1)
		}
		unicode := u16(rec, 0) == 0 || u16(rec, 0) == 3 && u16(rec, 2) == 1
		if unicode && f.format4 < 0 && u16(f.cmap, off) == 4 {
			f.format4 = off
		}
	}
	if f.format4 < 0 {
		return errors.New("it has no Unicode character map of format 4 (cmap table), which the PDF writer needs")
	}
	return f.checkFormat4()
}

// format4 is a cmap subtable of format 4: segments of characters, each
// mapped to glyphs by a delta or through an array of glyph ids.
type format4 struct {
	rest     []byte // the cmap table from the subtable on
	length   int    // the subtable's length, as it says
	segments int
}

func readFormat4(rest []byte) format4 {
	return format4{rest: rest, length: u16(rest, 2), segments: u16(rest, 6) / 2}
}

func (m format4) end(i int) int    { return u16(m.rest, 14+2*i) }
func (m format4) start(i int) int  { return u16(m.rest, 16+2*m.segments+2*i) }
func (m format4) delta(i int) int  { return u16(m.rest, 16+4*m.segments+2*i) }
func (m format4) offset(i int) int { return u16(m.rest, 16+6*m.segments+2*i) }

// glyph is the glyph of character c of segment i, as the PDF writer reads
// it: an id from past the subtable's length is glyph 0; -1 is an id
// past the end of the cmap table.
func (m format4) glyph(i, c int) int {
	ro := m.offset(i)
	if ro == 0 {
		return (c + m.delta(i)) & 0xFFFF
	}
	at := 16 + 6*m.segments + 2*i + ro + 2*(c-m.start(i))
	switch {
	case at >= m.length:
		return 0
	case at+2 > len(m.rest):
		return -1
	}
	if g := u16(m.rest, at); g != 0 {
		return (g + m.delta(i)) & 0xFFFF
	}
	return 0
}

// checkFormat4 checks the subtable's header and segments, and that every
// character it maps names a glyph of the font. The segments must be in
// order and apart: the PDF writer enumerates every character of every
// segment, and overlapping ones would have it enumerate billions.
func (f *fontFile) checkFormat4() error {
	rest := f.cmap[f.format4:]
	bad := func(what string) error { return damaged("its character map (cmap table, format 4) %s", what) }
	if len(rest) < 14 {
		return bad("is cut short")
	}
	m := readFormat4(rest)
	switch {
	case m.length > len(rest):
		return bad("runs past the end of its table")
	case m.segments == 0:
		return bad("has no segments")
	case 16+8*m.segments > m.length:
		return bad("is too short for its segments")
	}
	for i := range m.segments {
		switch {
		case m.start(i) > m.end(i):
			return bad(fmt.Sprintf("has a segment that ends (U+%04X) before it starts (U+%04X)", m.end(i), m.start(i)))
		case i > 0 && m.start(i) <= m.end(i-1):
			return bad(fmt.Sprintf("has segments out of order or overlapping (at U+%04X)", m.start(i)))
		}
		for c := m.start(i); c <= m.end(i); c++ {
			switch g := m.glyph(i, c); {
			case g < 0:
				return bad("runs past the end of its table")
			case g >= f.numGlyphs:
				return bad(fmt.Sprintf("maps U+%04X to glyph %d, and the font has %d", c, g, f.numGlyphs))
			}
		}
	}
	return nil
}

// coverage is the characters from U+0020 on that the PDF writer's
// character map gives a glyph: what it can print with the font. (sfnt
// may prefer another subtable, which may have more.)
func (f *fontFile) coverage() *bitmap {
	var b bitmap
	m := readFormat4(f.cmap[f.format4:])
	for i := range m.segments {
		for c := max(m.start(i), 0x20); c <= m.end(i); c++ {
			if m.glyph(i, c) > 0 {
				b[c/64] |= 1 << (c % 64)
			}
		}
	}
	return &b
}

// charOf is a character the PDF writer maps to glyph g, for messages; -1
// when none is.
func (f *fontFile) charOf(g int) rune {
	m := readFormat4(f.cmap[f.format4:])
	for i := range m.segments {
		for c := m.start(i); c <= m.end(i); c++ {
			if m.glyph(i, c) == g {
				return rune(c)
			}
		}
	}
	return -1
}
