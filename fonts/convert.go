package fonts

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/cardpress/cardpress/internal/sfntfile"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// An OpenType font with PostScript (CFF) outlines, the usual .otf, is
// converted to TrueType outlines, which the PDF writer embeds: sfnt draws
// each glyph as lines and cubic curves, each cubic becomes quadratic ones
// within CubicTolerance, and the glyphs are written as a glyf table with
// the font's own metrics, character map and names. Glyph numbers stay as
// they are, so every table that names glyphs still holds.

// CubicTolerance is how far, in thousandths of an em, a converted curve
// may lie from the font's own: 1/1000 em is 0.01 mm at 10 pt, far below
// what a printer resolves; the rounding of points to whole font units is
// of the same size.
const CubicTolerance = 1.0

// maxQuadsPerCubic bounds the quadratics one cubic becomes: the error of
// n pieces falls as 1/n³, and a cubic that needs more than this within
// the tolerance spans more than the em 2,000 times over.
const maxQuadsPerCubic = 16

// otfTables are the tables of a CFF font the conversion reads, and
// keeps ("CFF " aside).
var otfTables = []string{"CFF ", "cmap", "head", "hhea", "hmtx", "maxp", "name", "post"}

// errCFF2 is a CFF2 font: variable PostScript outlines, which sfnt does
// not read.
var errCFF2 = errors.New("it is a variable OpenType font with CFF2 outlines, which cardpress cannot read: use a static instance of the family (one .otf or .ttf per weight and style)")

// fromCFF converts data, an OpenType font with CFF outlines, to a TrueType
// font file after the same checks a TrueType font gets (bounds of every
// table, embedding licence, character map) and the CFF table's own.
func fromCFF(data []byte) ([]byte, error) {
	tables, err := tableDirectory(data)
	if err != nil {
		return nil, err
	}
	if _, ok := tables["CFF2"]; ok {
		return nil, errCFF2
	}
	for _, name := range otfTables {
		if _, ok := tables[name]; !ok {
			return nil, fmt.Errorf("it has no %q table, which every OpenType font with CFF outlines has", name)
		}
	}
	ff := &fontFile{data: data, tables: tables}
	for _, check := range []func() error{ff.checkSizes, ff.checkHead, ff.checkHorizontal, ff.checkName, ff.checkOS2, ff.checkCmap} {
		if err := check(); err != nil {
			return nil, err
		}
	}
	cff, err := readCFF(ff.table("CFF "), ff.numGlyphs)
	if err != nil {
		return nil, err
	}
	if err := cff.walk(func(g int) string { return ff.glyphName(int32(g), nil) }); err != nil {
		return nil, err
	}
	sf, err := sfnt.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("it cannot be read: %v", err)
	}
	glyf, loca, mp, err := drawGlyphs(sf, ff)
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{"glyf": glyf, "loca": loca, "maxp": mp}
	for _, name := range append(otfTables[1:], "OS/2") {
		if _, ok := tables[name]; ok && out[name] == nil {
			out[name] = ff.table(name)
		}
	}
	head := slices.Clone(out["head"])
	binary.BigEndian.PutUint16(head[50:], 1) // long loca
	out["head"] = head
	return sfntfile.Write([]byte{0, 1, 0, 0}, out), nil
}

// drawGlyphs draws every glyph with sfnt and writes it as TrueType: the
// glyf and (long) loca tables, and a maxp table of version 1 that counts
// the points and contours.
func drawGlyphs(sf *sfnt.Font, ff *fontFile) (glyf, loca, maxp []byte, err error) {
	var buf sfnt.Buffer
	upem := fixed.Int26_6(u16(ff.table("head"), 18))
	tol := CubicTolerance * float64(upem) / 1000
	maxPoints, maxContours := 0, 0
	for g := range ff.numGlyphs {
		loca = binary.BigEndian.AppendUint32(loca, uint32(len(glyf)))
		// At ppem = units per em in 26.6, sfnt's coordinates are font
		// units: CFF's are whole units.
		segs, err := sf.LoadGlyph(&buf, sfnt.GlyphIndex(g), upem, nil)
		if err != nil {
			return nil, nil, nil, damaged("%s cannot be drawn: %v", ff.glyphName(int32(g), nil), err)
		}
		contours := toQuadratic(segs, tol)
		points := 0
		for _, c := range contours {
			points += len(c)
		}
		if points > 0xFFFF || len(contours) > 0x7FFF {
			return nil, nil, nil, fmt.Errorf("%s has %d points in %d contours, more than a TrueType glyph holds", ff.glyphName(int32(g), nil), points, len(contours))
		}
		if glyf, err = appendGlyph(glyf, contours); err != nil {
			return nil, nil, nil, damaged("%s %v", ff.glyphName(int32(g), nil), err)
		}
		maxPoints, maxContours = max(maxPoints, points), max(maxContours, len(contours))
	}
	loca = binary.BigEndian.AppendUint32(loca, uint32(len(glyf)))
	maxp = make([]byte, 32)
	binary.BigEndian.PutUint32(maxp, 0x00010000)
	binary.BigEndian.PutUint16(maxp[4:], uint16(ff.numGlyphs))
	binary.BigEndian.PutUint16(maxp[6:], uint16(maxPoints))
	binary.BigEndian.PutUint16(maxp[8:], uint16(maxContours))
	binary.BigEndian.PutUint16(maxp[14:], 2) // maxZones
	return glyf, loca, maxp, nil
}

// point is a point of a TrueType contour, in font units, y up.
type point struct {
	x, y float64
	on   bool // on the curve, else a quadratic control point
}

// toQuadratic turns sfnt's segments (y down) into TrueType contours: lines
// and quadratics as they are, each cubic as quadratics within tol.
func toQuadratic(segs sfnt.Segments, tol float64) [][]point {
	var contours [][]point
	var cur []point
	at := func(p fixed.Point26_6) point { return point{float64(p.X), -float64(p.Y), true} }
	finish := func() {
		if n := len(cur); n > 1 && cur[n-1] == cur[0] {
			cur = cur[:n-1]
		}
		if len(cur) > 1 {
			contours = append(contours, cur)
		}
		cur = nil
	}
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			finish()
			cur = []point{at(s.Args[0])}
		case sfnt.SegmentOpLineTo:
			cur = append(cur, at(s.Args[0]))
		case sfnt.SegmentOpQuadTo:
			c := at(s.Args[0])
			c.on = false
			cur = append(cur, c, at(s.Args[1]))
		case sfnt.SegmentOpCubeTo:
			if len(cur) == 0 {
				cur = []point{{on: true}}
			}
			cur = appendCubic(cur, cur[len(cur)-1], at(s.Args[0]), at(s.Args[1]), at(s.Args[2]), tol)
		}
	}
	finish()
	return contours
}

// appendCubic appends the cubic p0 p1 p2 p3 as n quadratics, n the fewest
// (up to maxQuadsPerCubic) whose error bound is within tol. The bound of
// one quadratic with control point (3(p1+p2) - p0 - p3)/4 is √3/36 times
// |p3 - 3p2 + 3p1 - p0|, and falls as 1/n³ over n equal pieces.
func appendCubic(out []point, p0, p1, p2, p3 point, tol float64) []point {
	dx := p3.x - 3*p2.x + 3*p1.x - p0.x
	dy := p3.y - 3*p2.y + 3*p1.y - p0.y
	bound := math.Sqrt(3) / 36 * math.Hypot(dx, dy)
	n := 1
	for n < maxQuadsPerCubic && bound/float64(n*n*n) > tol {
		n++
	}
	for i := range n {
		t0, t1 := float64(i)/float64(n), float64(i+1)/float64(n)
		q0, q1, q2, q3 := subCubic(p0, p1, p2, p3, t0, t1)
		out = append(out,
			point{x: (3*(q1.x+q2.x) - q0.x - q3.x) / 4, y: (3*(q1.y+q2.y) - q0.y - q3.y) / 4},
			point{x: q3.x, y: q3.y, on: true})
	}
	return out
}

// subCubic is the part of the cubic p0 p1 p2 p3 from t0 to t1, as a cubic.
func subCubic(p0, p1, p2, p3 point, t0, t1 float64) (q0, q1, q2, q3 point) {
	at := func(t float64) point { // the curve
		u := 1 - t
		return point{
			x: u*u*u*p0.x + 3*u*u*t*p1.x + 3*u*t*t*p2.x + t*t*t*p3.x,
			y: u*u*u*p0.y + 3*u*u*t*p1.y + 3*u*t*t*p2.y + t*t*t*p3.y,
		}
	}
	slope := func(t float64) point { // its derivative
		u := 1 - t
		return point{
			x: 3 * (u*u*(p1.x-p0.x) + 2*u*t*(p2.x-p1.x) + t*t*(p3.x-p2.x)),
			y: 3 * (u*u*(p1.y-p0.y) + 2*u*t*(p2.y-p1.y) + t*t*(p3.y-p2.y)),
		}
	}
	h := (t1 - t0) / 3
	q0, q3 = at(t0), at(t1)
	d0, d1 := slope(t0), slope(t1)
	q1 = point{x: q0.x + h*d0.x, y: q0.y + h*d0.y}
	q2 = point{x: q3.x - h*d1.x, y: q3.y - h*d1.y}
	return
}

// maxCoordinate keeps every step between two points within a 16-bit
// delta; real glyphs stay within a few em (a few thousand units).
const maxCoordinate = 16383

// appendGlyph writes a simple TrueType glyph of contours, points rounded
// to whole units; no contours is an empty glyph (a space).
func appendGlyph(glyf []byte, contours [][]point) ([]byte, error) {
	if len(contours) == 0 {
		return glyf, nil
	}
	var xs, ys []int
	var flags []byte
	var ends []int
	for _, c := range contours {
		for _, p := range c {
			x, y := math.Round(p.x), math.Round(p.y)
			if math.Abs(x) > maxCoordinate || math.Abs(y) > maxCoordinate {
				return nil, fmt.Errorf("has a point beyond ±%d units", maxCoordinate)
			}
			xs, ys = append(xs, int(x)), append(ys, int(y))
			flag := byte(0)
			if p.on {
				flag = 1 // ON_CURVE_POINT
			}
			flags = append(flags, flag)
		}
		ends = append(ends, len(xs)-1)
	}
	out := binary.BigEndian.AppendUint16(glyf, uint16(len(contours)))
	for _, v := range []int{slices.Min(xs), slices.Min(ys), slices.Max(xs), slices.Max(ys)} {
		out = binary.BigEndian.AppendUint16(out, uint16(int16(v)))
	}
	for _, e := range ends {
		out = binary.BigEndian.AppendUint16(out, uint16(e))
	}
	out = binary.BigEndian.AppendUint16(out, 0) // no instructions
	out = append(out, flags...)
	// Coordinates as 16-bit deltas: simple and always valid.
	for _, vs := range [][]int{xs, ys} {
		prev := 0
		for _, v := range vs {
			out = binary.BigEndian.AppendUint16(out, uint16(int16(v-prev)))
			prev = v
		}
	}
	for len(out)%4 != 0 {
		out = append(out, 0)
	}
	return out, nil
}
