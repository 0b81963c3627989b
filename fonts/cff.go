package fonts

import (
	"errors"
	"fmt"
)

// The structural check of a CFF table (the PostScript outlines of an
// OpenType .otf), before sfnt draws a glyph of it. sfnt bounds each INDEX,
// the operand stack (48) and subroutine nesting (10 deep), but not the work
// of a glyph: a subroutine of 64 KB can call another thirty thousand
// times, ten levels deep, and drawing that glyph never ends. So every
// glyph's charstring is walked here first, following sfnt's own control
// flow (its operators, operand stack, hint masks and subroutine calls),
// counting the operators and operands it runs, and refused past the
// limits below.

// Limits of a CFF font's charstrings. Of 79 real CFF fonts (EB Garamond,
// Latin Modern, Dynalight) the glyph that runs the most runs 2,107
// operators and operands, and the most in a whole font is EB Garamond's
// 1.2 million (3,084 glyphs); sfnt runs about 40 million a second.
const (
	// MaxGlyphOperations is the operators and operands one glyph's
	// charstring may run, subroutines included, each time it runs them.
	MaxGlyphOperations = 50_000
	// MaxFontOperations is the same, added up over all the glyphs of the
	// font: every glyph is drawn to convert the font, about 0.1 s.
	MaxFontOperations = 4_000_000
)

// sfnt's own limits, which a font past them would fail in sfnt anyway;
// checked here to say so clearly.
const (
	cffMaxSubrs      = 40000    // subroutines in one INDEX
	cffMaxCharstring = 64 << 10 // bytes of a charstring or subroutine
	cffMaxFontDicts  = 256
	cffMaxStack      = 48
	cffMaxCallDepth  = 10
	cffMaxHintBits   = 256
)

// cffFont is what the walk needs of a CFF table: every charstring, the
// global subroutines, and each glyph's local subroutines.
type cffFont struct {
	charstrings [][]byte
	gsubrs      [][]byte
	lsubrs      [][][]byte // by font dict; one for a font that is not a CIDFont
	fdOf        []uint8    // each glyph's font dict, for a CIDFont
}

// cffReader reads the CFF table; errors are damaged files.
type cffReader struct{ data []byte }

// index reads the INDEX at off: its items, and where it ends. Every offset
// is checked: one-based, first 1, none decreasing, the last within the
// table (as sfnt wants them).
func (r cffReader) index(off int, what string) ([][]byte, int, error) {
	d := r.data
	if off < 0 || off+2 > len(d) {
		return nil, 0, damaged("its CFF table's %s is past the table's end", what)
	}
	count := u16(d, off)
	if count == 0 {
		return nil, off + 2, nil
	}
	if off+3 > len(d) {
		return nil, 0, damaged("its CFF table's %s is cut short", what)
	}
	size := int(d[off+2])
	if size < 1 || size > 4 {
		return nil, 0, damaged("its CFF table's %s has offsets of %d bytes (1 to 4)", what, size)
	}
	at := off + 3
	if at+(count+1)*size > len(d) {
		return nil, 0, damaged("its CFF table's %s is cut short", what)
	}
	base := at + (count+1)*size - 1
	offset := func(i int) int {
		v := 0
		for _, b := range d[at+i*size : at+(i+1)*size] {
			v = v<<8 | int(b)
		}
		return v
	}
	if offset(0) != 1 {
		return nil, 0, damaged("its CFF table's %s does not start at offset 1", what)
	}
	items := make([][]byte, count)
	prev := 1
	for i := range count {
		next := offset(i + 1)
		if next < prev || base+next > len(d) {
			return nil, 0, damaged("item %d of its CFF table's %s runs past the table's end or before its start", i, what)
		}
		items[i] = d[base+prev : base+next]
		prev = next
	}
	return items, base + prev, nil
}

// dict reads a DICT's operators, each with its integer operands; a real
// operand is kept as 0 (no operator cardpress needs takes one).
func dict(b []byte, what string) (map[int][]int, error) {
	out := map[int][]int{}
	var ops []int
	for i := 0; i < len(b); {
		c := int(b[i])
		var v, n int
		switch {
		case c == 12 && i+1 < len(b):
			out[1200+int(b[i+1])] = ops
			ops, i = nil, i+2
			continue
		case c <= 21:
			out[c] = ops
			ops, i = nil, i+1
			continue
		case c == 28 && i+3 <= len(b):
			v, n = int(int16(u16(b, i+1))), 3
		case c == 29 && i+5 <= len(b):
			v, n = int(int32(u32(b, i+1))), 5
		case c == 30:
			n = 1
			for i+n < len(b) && b[i+n]&0x0F != 0x0F && b[i+n]&0xF0 != 0xF0 {
				n++
			}
			n++
		case c >= 32 && c <= 246:
			v, n = c-139, 1
		case c >= 247 && c <= 250 && i+2 <= len(b):
			v, n = (c-247)*256+int(b[i+1])+108, 2
		case c >= 251 && c <= 254 && i+2 <= len(b):
			v, n = -(c-251)*256-int(b[i+1])-108, 2
		default:
			return nil, damaged("its CFF table's %s has a bad operand (byte %d at %d)", what, c, i)
		}
		if len(ops) == cffMaxStack {
			return nil, damaged("its CFF table's %s has more than %d operands for an operator", what, cffMaxStack)
		}
		ops, i = append(ops, v), i+n
	}
	return out, nil
}

// DICT operators cardpress reads.
const (
	opCharStrings = 17
	opPrivate     = 18
	opSubrs       = 19
	opCharstType  = 1206
	opROS         = 1230
	opFDArray     = 1236
	opFDSelect    = 1237
)

// readCFF checks the CFF table data of a font of numGlyphs glyphs and
// reads what the walk needs.
func readCFF(data []byte, numGlyphs int) (*cffFont, error) {
	r := cffReader{data}
	if len(data) < 4 || data[0] != 1 {
		return nil, damaged("its CFF table is not CFF version 1")
	}
	names, at, err := r.index(int(data[2]), "Name INDEX")
	if err != nil {
		return nil, err
	}
	tops, at, err := r.index(at, "Top DICT INDEX")
	if err != nil {
		return nil, err
	}
	if len(names) != 1 || len(tops) != 1 {
		return nil, damaged("its CFF table holds %d fonts, and an OpenType font's holds one", len(tops))
	}
	_, at, err = r.index(at, "String INDEX")
	if err != nil {
		return nil, err
	}
	f := &cffFont{}
	if f.gsubrs, _, err = r.index(at, "global subroutines"); err != nil {
		return nil, err
	}
	top, err := dict(tops[0], "Top DICT")
	if err != nil {
		return nil, err
	}
	if t, ok := top[opCharstType]; ok && (len(t) != 1 || t[0] != 2) {
		return nil, errors.New("its CFF charstrings are not of type 2")
	}
	if f.charstrings, _, err = r.index(last(top[opCharStrings]), "CharStrings INDEX"); err != nil {
		return nil, err
	}
	if len(f.charstrings) != numGlyphs {
		return nil, damaged("its CFF table has %d glyphs and its maxp table says %d", len(f.charstrings), numGlyphs)
	}
	if err := f.checkSizes(); err != nil {
		return nil, err
	}
	if _, cid := top[opROS]; !cid {
		subrs, err := r.private(top[opPrivate])
		f.lsubrs = [][][]byte{subrs}
		return f, err
	}
	return f, r.cid(f, top)
}

// last is a DICT operator's last operand: the one sfnt reads.
func last(ops []int) int {
	if len(ops) == 0 {
		return -1
	}
	return ops[len(ops)-1]
}

// private reads a Private DICT given its [size offset] and its local
// subroutines, whose offset is from the DICT's start.
func (r cffReader) private(ops []int) ([][]byte, error) {
	if len(ops) < 2 {
		return nil, nil
	}
	size, off := ops[len(ops)-2], ops[len(ops)-1]
	if size == 0 {
		return nil, nil
	}
	if off <= 0 || size < 0 || off > len(r.data) || size > len(r.data)-off {
		return nil, damaged("its CFF table's Private DICT is past the table's end")
	}
	priv, err := dict(r.data[off:off+size], "Private DICT")
	if err != nil {
		return nil, err
	}
	subrs := last(priv[opSubrs])
	if subrs <= 0 {
		return nil, nil
	}
	items, _, err := r.index(off+subrs, "local subroutines")
	return items, err
}

// cid reads a CIDFont's font dicts (each with its local subroutines) and
// which glyph uses which.
func (r cffReader) cid(f *cffFont, top map[int][]int) error {
	fds, _, err := r.index(last(top[opFDArray]), "FDArray")
	if err != nil {
		return err
	}
	if len(fds) == 0 || len(fds) > cffMaxFontDicts {
		return damaged("its CFF table has %d font dicts (1 to %d)", len(fds), cffMaxFontDicts)
	}
	for _, fd := range fds {
		d, err := dict(fd, "font dict")
		if err != nil {
			return err
		}
		subrs, err := r.private(d[opPrivate])
		if err != nil {
			return err
		}
		f.lsubrs = append(f.lsubrs, subrs)
	}
	if f.fdOf, err = r.fdSelect(last(top[opFDSelect]), len(f.charstrings)); err != nil {
		return err
	}
	for g, fd := range f.fdOf {
		if int(fd) >= len(fds) {
			return damaged("glyph %d of its CFF table uses font dict %d, and there are %d", g, fd, len(fds))
		}
	}
	return nil
}

// fdSelect reads which font dict each glyph uses, format 0 or 3; format 3's
// ranges must be in order, as sfnt's binary search takes them.
func (r cffReader) fdSelect(off, numGlyphs int) ([]uint8, error) {
	d := r.data
	if off <= 0 || off >= len(d) {
		return nil, damaged("its CFF table's FDSelect is past the table's end")
	}
	out := make([]uint8, numGlyphs)
	switch d[off] {
	case 0:
		if off+1+numGlyphs > len(d) {
			return nil, damaged("its CFF table's FDSelect is cut short")
		}
		copy(out, d[off+1:])
		return out, nil
	case 3:
		if off+3 > len(d) {
			return nil, damaged("its CFF table's FDSelect is cut short")
		}
		n := u16(d, off+1)
		rs := off + 3
		if rs+3*n+2 > len(d) || n == 0 || u16(d, rs) != 0 || u16(d, rs+3*n) < numGlyphs {
			return nil, damaged("its CFF table's FDSelect does not cover every glyph")
		}
		for i := range n {
			first, end := u16(d, rs+3*i), u16(d, rs+3*i+3)
			if end <= first {
				return nil, damaged("its CFF table's FDSelect has ranges out of order")
			}
			for g := first; g < min(end, numGlyphs); g++ {
				out[g] = d[rs+3*i+2]
			}
		}
		return out, nil
	}
	return nil, errors.New("its CFF table's FDSelect is in a format sfnt does not read (only 0 and 3)")
}

// checkSizes refuses subroutine INDEXes and charstrings larger than sfnt
// reads.
func (f *cffFont) checkSizes() error {
	if len(f.gsubrs) > cffMaxSubrs {
		return fmt.Errorf("its CFF table has %d global subroutines, and cardpress reads at most %d", len(f.gsubrs), cffMaxSubrs)
	}
	for g, cs := range f.charstrings {
		if len(cs) > cffMaxCharstring {
			return fmt.Errorf("glyph %d's charstring is %d bytes, and cardpress reads at most %d", g, len(cs), cffMaxCharstring)
		}
	}
	return nil
}
