package fonts

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testfont"

	"github.com/go-fonts/latin-modern/lmroman10regular"
	"golang.org/x/image/font/gofont/gosmallcaps"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// goCFF is Go Smallcaps as an OpenType CFF font, and its CFF table's parts.
func goCFF() (*testfont.Font, *testfont.CFF) { return testfont.ToCFF(gosmallcaps.TTF) }

// A real CFF font (Latin Modern Roman, an .otf of 821 glyphs with
// subroutines) and a generated one are read, converted and embedded; each
// glyph keeps its width, and its outline lies within the tolerance of the
// font's own (sampled along both, each way).
func TestCFFFontsConvert(t *testing.T) {
	f, cff := goCFF()
	for name, otf := range map[string][]byte{"Latin Modern Roman": lmroman10regular.TTF, "Go Smallcaps as CFF": f.OTF(cff)} {
		t.Run(name, func(t *testing.T) {
			font, err := Parse(otf)
			if err != nil {
				t.Fatal(err)
			}
			if !font.Covers('A') || !font.Covers('é') || font.Covers('★') || !strings.Contains(font.Name, strings.Fields(name)[0]) {
				t.Errorf("name %q, covers A %v é %v ★ %v", font.Name, font.Covers('A'), font.Covers('é'), font.Covers('★'))
			}
			orig, err := sfnt.Parse(otf)
			if err != nil {
				t.Fatal(err)
			}
			conv, err := sfnt.Parse(font.TTF)
			if err != nil {
				t.Fatal(err)
			}
			if orig.NumGlyphs() != conv.NumGlyphs() {
				t.Fatalf("%d glyphs became %d", orig.NumGlyphs(), conv.NumGlyphs())
			}
			upem := fixed.Int26_6(orig.UnitsPerEm())
			var b1, b2 sfnt.Buffer
			for _, r := range "Ag&@Qé§ß8" {
				g, _ := orig.GlyphIndex(&b1, r)
				w1, _ := orig.GlyphAdvance(&b1, g, upem, 0)
				w2, _ := conv.GlyphAdvance(&b2, g, upem, 0)
				if w1 != w2 {
					t.Errorf("%c: width %d became %d", r, w1, w2)
				}
				s1, err1 := orig.LoadGlyph(&b1, g, upem, nil)
				a := sample(s1)
				s2, err2 := conv.LoadGlyph(&b2, g, upem, nil)
				if err1 != nil || err2 != nil {
					t.Fatal(err1, err2)
				}
				bb := sample(s2)
				// The tolerance, and half a unit for rounding each point.
				limit := CubicTolerance*float64(orig.UnitsPerEm())/1000 + 0.75
				if d := max(farthest(a, bb), farthest(bb, a)); d > limit || len(a) == 0 {
					t.Errorf("%c: the converted outline is %.2f units from the font's (at most %.2f); %d contours", r, d, limit, len(a))
				}
			}
			embed(t, font, coveredText(font))
		})
	}
}

// sample is each contour of an outline as a polyline, 24 points per
// curve.
func sample(segs sfnt.Segments) [][][2]float64 {
	var out [][][2]float64
	var cur [2]float64
	pt := func(p fixed.Point26_6) [2]float64 { return [2]float64{float64(p.X), float64(p.Y)} }
	add := func(p [2]float64) { out[len(out)-1] = append(out[len(out)-1], p) }
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			cur = pt(s.Args[0])
			out = append(out, [][2]float64{cur})
		case sfnt.SegmentOpLineTo:
			cur = pt(s.Args[0])
			add(cur)
		case sfnt.SegmentOpQuadTo:
			q, e := pt(s.Args[0]), pt(s.Args[1])
			for i := 1; i <= 24; i++ {
				t := float64(i) / 24
				u := 1 - t
				add([2]float64{u*u*cur[0] + 2*u*t*q[0] + t*t*e[0], u*u*cur[1] + 2*u*t*q[1] + t*t*e[1]})
			}
			cur = e
		case sfnt.SegmentOpCubeTo:
			c1, c2, e := pt(s.Args[0]), pt(s.Args[1]), pt(s.Args[2])
			for i := 1; i <= 24; i++ {
				t := float64(i) / 24
				u := 1 - t
				add([2]float64{
					u*u*u*cur[0] + 3*u*u*t*c1[0] + 3*u*t*t*c2[0] + t*t*t*e[0],
					u*u*u*cur[1] + 3*u*u*t*c1[1] + 3*u*t*t*c2[1] + t*t*t*e[1]})
			}
			cur = e
		}
	}
	for i, c := range out { // closed
		out[i] = append(c, c[0])
	}
	return out
}

// farthest is how far the point of a's polylines farthest from b's is
// from them.
func farthest(a, b [][][2]float64) float64 {
	worst := 0.0
	for _, pa := range a {
		for _, p := range pa {
			near := math.Inf(1)
			for _, pb := range b {
				for i := 1; i < len(pb); i++ {
					near = min(near, toSegment(p, pb[i-1], pb[i]))
				}
			}
			worst = max(worst, near)
		}
	}
	return worst
}

// toSegment is the distance from p to the segment ab.
func toSegment(p, a, b [2]float64) float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = max(0, min(1, ((p[0]-a[0])*dx+(p[1]-a[1])*dy)/l))
	}
	return math.Hypot(p[0]-a[0]-t*dx, p[1]-a[1]-t*dy)
}

// calls is a subroutine that calls global subroutine n (biased) k times,
// then returns.
func calls(n, k int) []byte {
	var s []byte
	for range k {
		s = append(testfont.Num(s, n-107), 29)
	}
	return append(s, 11)
}

// hostileCFF are CFF fonts made to hang, exhaust or crash a reader: Go
// Smallcaps as CFF with the glyph of A's charstring (or the whole table)
// broken, and what Parse must say.
func hostileCFF(ttf []byte) []hostile {
	f, base := testfont.ToCFF(ttf)
	a := int(f.GlyphOf('A'))
	glyphA := fmt.Sprintf("glyph %d (U+0041 A)", a)
	with := func(edit func(c *testfont.CFF)) []byte {
		c := base.Clone()
		edit(c)
		return f.OTF(c)
	}
	setA := func(cs []byte, gsubrs ...[]byte) []byte {
		return with(func(c *testfont.CFF) { c.Charstrings[a], c.GSubrs = cs, gsubrs })
	}
	// Ten subroutines, each calling the next 4 times: 4^10 calls.
	var exp [][]byte
	for i := range 10 {
		exp = append(exp, calls(i+1, 4))
	}
	exp[9] = []byte{11}
	// Every glyph calling subroutines of about 10,000 operations in all.
	heavy := [][]byte{calls(1, 20), calls(2, 20), calls(3, 8), {11}}
	tooMany := make([]byte, 0, 200)
	for i := range cffMaxStack + 1 {
		tooMany = testfont.Num(tooMany, i)
	}
	fvar := testfont.Parse(f.OTF(base))
	fvar.Tables["CFF2"] = fvar.Tables["CFF "]
	return []hostile{
		{"exponential subroutines, 4^10 calls", setA(append(testfont.Num(nil, -107), 29, 14), exp...), false,
			glyphA + " runs more than 50000 charstring operations (counting those of its subroutines, each time they run)"},
		{"every glyph heavy", with(func(c *testfont.CFF) {
			c.GSubrs = heavy
			for g := range c.Charstrings {
				c.Charstrings[g] = append(testfont.Num(nil, -107), 29, 14)
			}
		}), false, "its glyphs run more than 4000000 charstring operations in all"},
		{"subroutine calling itself", setA(append(testfont.Num(nil, -107), 29, 14), calls(0, 1)), true,
			glyphA + ": its charstring nests subroutines more than 10 deep"},
		{"subroutine not in the font", setA(append(testfont.Num(nil, 5), 29, 14), []byte{11}), true, glyphA + ": its charstring calls subroutine 112 of 1"},
		{"49 operands", setA(append(tooMany, 14)), true, glyphA + ": its charstring has more than 48 operands"},
		{"no endchar", setA(testfont.Num(testfont.Num(nil, 1), 2)), true, glyphA + ": its charstring ends without endchar"},
		{"operator sfnt lacks (flex)", setA(append(testfont.Num(nil, 0), 12, 35, 14)), false, glyphA + ": its charstring uses operator 12 35, which sfnt does not read"},
		{"cut in a number", setA([]byte{28, 1}), true, glyphA + ": its charstring is cut short"},
		{"charstrings past the table", withCFF(f.OTF(base), func(cff []byte) []byte { return cff[:len(cff)-40] }), true, "CharStrings INDEX runs past the table's end"},
		{"variable (CFF2)", fvar.Bytes(), false, "it is a variable OpenType font with CFF2 outlines"},
	}
}

// withCFF is otf with its CFF table edited.
func withCFF(otf []byte, edit func([]byte) []byte) []byte {
	f := testfont.Parse(otf)
	f.Tables["CFF "] = edit(f.Tables["CFF "])
	return f.Bytes()
}

// Every hostile CFF font is refused with one line, damaged or not
// supported, within the limits: no hang, no panic.
func TestHostileCFFRefused(t *testing.T) {
	wantRefused(t, hostileCFF(gosmallcaps.TTF))
}
