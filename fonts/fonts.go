// Package fonts embeds the Go fonts the PDFs are set in by default and the
// symbol fallback, reads a game's own TrueType fonts, and answers which
// characters each can draw, so validation can reject text before
// rendering.
package fonts

import (
	"sync"

	"github.com/go-fonts/dejavu/dejavusans"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// Family is the font family name registered with the PDF writer.
const Family = "Go"

// DefaultName is how messages name the Go fonts.
const DefaultName = "Go"

// Face is one embedded style: "" (regular), "B", "I" or "BI" as fpdf names them.
type Face struct {
	Style string
	TTF   []byte
}

// Faces are the four styles, regular first.
var Faces = []Face{
	{"", goregular.TTF},
	{"B", gobold.TTF},
	{"I", goitalic.TTF},
	{"BI", gobolditalic.TTF},
}

var (
	coverOnce sync.Once
	covered   *bitmap
)

// Covers reports whether the default fonts can draw r: every style of the
// Go fonts has it, or the symbol fallback does. The PDF writer cannot
// encode characters above U+FFFF at all, so those are never covered.
func Covers(r rune) bool {
	return GoCovers(r) || Fallback().Covers(r)
}

// GoCovers reports whether every style of the Go fonts has a glyph for r.
func GoCovers(r rune) bool {
	if r > 0xFFFF || r < 0 {
		return false
	}
	if r == '\n' || r == '\t' {
		return true
	}
	coverOnce.Do(loadCoverage)
	return covered.has(r)
}

// loadCoverage walks the BMP once per process: cheaper than parsing fonts
// on every lookup, and the answer never changes.
func loadCoverage() {
	var parsed []*sfnt.Font
	for _, f := range Faces {
		font, err := sfnt.Parse(f.TTF)
		if err != nil {
			panic("fonts: embedded font does not parse: " + err.Error())
		}
		parsed = append(parsed, font)
	}
	covered = coverageOf(parsed...)
}

// bitmap is a set of BMP characters.
type bitmap [0x10000 / 64]uint64

func (b *bitmap) has(r rune) bool {
	return r >= 0 && r <= 0xFFFF && b[r/64]&(1<<(r%64)) != 0
}

// coverageOf is the characters from U+0020 to U+FFFF every font has a glyph for.
func coverageOf(fs ...*sfnt.Font) *bitmap {
	var b bitmap
	var buf sfnt.Buffer
	for r := rune(0x20); r <= 0xFFFF; r++ {
		ok := true
		for _, f := range fs {
			idx, err := f.GlyphIndex(&buf, r)
			if err != nil || idx == 0 {
				ok = false
				break
			}
		}
		if ok {
			b[r/64] |= 1 << (r % 64)
		}
	}
	return &b
}

// FallbackName names the symbol fallback in messages and documentation.
const FallbackName = "DejaVu Sans"

var (
	fallbackOnce sync.Once
	fallback     *Font
)

// Fallback is the font characters are drawn from when the font of their
// text lacks them: DejaVu Sans (Bitstream Vera licence, DejaVu changes in
// the public domain), which has arrows, card suits, dice, stars, check
// marks and most other symbols a card uses, besides Latin, Greek and
// Cyrillic. It is embedded in a PDF only when some text needs it.
func Fallback() *Font {
	fallbackOnce.Do(func() {
		f, err := Parse(dejavusans.TTF)
		if err != nil {
			panic("fonts: the fallback font does not load: " + err.Error())
		}
		fallback = f
	})
	return fallback
}
