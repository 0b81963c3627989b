// Package fonts embeds the Go fonts the PDFs are set in and answers which
// characters they can draw, so validation can reject text before rendering.
package fonts

import (
	"sync"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// Family is the font family name registered with the PDF writer.
const Family = "Go"

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
	covered   map[rune]bool
)

// Covers reports whether every style has a glyph for r. The PDF writer
// cannot encode characters above U+FFFF at all, so those are never covered.
func Covers(r rune) bool {
	if r > 0xFFFF {
		return false
	}
	if r == '\n' || r == '\t' {
		return true
	}
	coverOnce.Do(loadCoverage)
	return covered[r]
}

// loadCoverage walks the BMP once per process: cheaper than parsing fonts
// on every lookup, and the answer never changes.
func loadCoverage() {
	covered = make(map[rune]bool, 1024)
	var buf sfnt.Buffer
	var parsed []*sfnt.Font
	for _, f := range Faces {
		font, err := sfnt.Parse(f.TTF)
		if err != nil {
			panic("fonts: embedded font does not parse: " + err.Error())
		}
		parsed = append(parsed, font)
	}
	for r := rune(0x20); r <= 0xFFFF; r++ {
		ok := true
		for _, font := range parsed {
			idx, err := font.GlyphIndex(&buf, r)
			if err != nil || idx == 0 {
				ok = false
				break
			}
		}
		if ok {
			covered[r] = true
		}
	}
}
