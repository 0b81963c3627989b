package fonts

import (
	"crypto/sha256"
	"runtime"
	"testing"

	"github.com/cardpress/cardpress/internal/testfont"

	"github.com/go-fonts/dejavu/dejavusans"
	"github.com/go-fonts/latin-modern/lmroman10regular"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/gofont/gosmallcaps"
)

// realFonts are the fonts cardpress ships, smallest first.
var realFonts = []struct {
	name string
	ttf  []byte
}{{"GoSmallcaps", gosmallcaps.TTF}, {"GoRegular", goregular.TTF}, {"DejaVuSans", dejavusans.TTF}}

// BenchmarkCheckStructure is the structural check alone on the real
// fonts: what reading a game's font costs before any library touches it.
func BenchmarkCheckStructure(b *testing.B) {
	for _, f := range realFonts {
		b.Run(f.name, func(b *testing.B) {
			b.SetBytes(int64(len(f.ttf)))
			for b.Loop() {
				tables, err := tableDirectory(f.ttf)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := checkStructure(f.ttf, tables); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkParse is the whole of reading a font the first time: the check,
// sfnt and the trial with the PDF writer.
func BenchmarkParse(b *testing.B) {
	for _, f := range realFonts {
		b.Run(f.name, func(b *testing.B) {
			sum := sha256.Sum256(f.ttf)
			for b.Loop() {
				if _, err := parse(f.ttf, sum); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEmbedAtTheLimits embeds, with the PDF writer, every character
// of a font at MaxFontComponents (DejaVu Sans with 3,906 glyphs of 64
// components each) and of one at MaxCompositeBytes (Go Smallcaps with 4
// composites of 64 components and 60 KB each): the most work any text
// can ask of it with a font that passes the check; against DejaVu Sans as
// it is, every character too.
func BenchmarkEmbedAtTheLimits(b *testing.B) {
	for _, c := range []struct {
		name string
		ttf  []byte
	}{
		{"DejaVuSans", dejavusans.TTF},
		{"250000components", testfont.Fanned(dejavusans.TTF, 'A', 8, 7, MaxFontComponents/MaxGlyphComponents)},
		{"16MiBcomposites", testfont.Bulky(gosmallcaps.TTF, 'A', MaxGlyphComponents, 60000, 4)},
	} {
		b.Run(c.name, func(b *testing.B) {
			f, err := Parse(c.ttf)
			if err != nil {
				b.Fatal(err)
			}
			text := coveredText(f)
			for b.Loop() {
				embed(b, f, text)
			}
		})
	}
}

// BenchmarkParseCFF is reading an OpenType CFF font the first time: the
// checks, the charstring walk, the conversion to TrueType outlines and the
// trial with the PDF writer; on a real font, and on Go Smallcaps as CFF
// with every glyph running about 10,000 operations (7 million in all, past
// MaxFontOperations: the walk alone, up to the refusal).
func BenchmarkParseCFF(b *testing.B) {
	heavy := hostileCFF(gosmallcaps.TTF)[1]
	for _, c := range []struct {
		name string
		otf  []byte
	}{{"LatinModernRoman", lmroman10regular.TTF}, {"OverTheOperationLimit", heavy.data}} {
		b.Run(c.name, func(b *testing.B) {
			sum := sha256.Sum256(c.otf)
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			before := ms.TotalAlloc
			for b.Loop() {
				parse(c.otf, sum)
			}
			runtime.ReadMemStats(&ms)
			b.ReportMetric(float64(ms.TotalAlloc-before)/float64(b.N)/(1<<20), "MiB-alloc/op")
		})
	}
}
