package fonts

import (
	"crypto/sha256"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testfont"

	"codeberg.org/go-pdf/fpdf"
	"github.com/go-fonts/dejavu/dejavusans"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/gofont/gosmallcaps"
)

// FuzzParseFont: whatever the file, Parse returns (no panic, no stack
// overflow, no hang: the fuzzer reports all three) with a font or a
// one-line error, and a font it accepts embeds with the PDF writer with
// any text it has the characters of.
//
// The seeds are the fonts cardpress ships and the hostile fonts of the
// tests, made small: each font cut down by the PDF writer to the glyphs of
// a line of text, tables and composites (DejaVu's é) as they were. Go's
// fuzzer minimises every input that finds new code for up to a minute,
// and on whole fonts (140 to 760 KB) the 5 s of `make test` went by in
// minimising before a dozen inputs had run.
func FuzzParseFont(f *testing.F) {
	const text = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,éñ★→"
	small := fpdf.UTF8CutFont(gosmallcaps.TTF, text)
	f.Add(small, "Aa0 .,é")
	f.Add(fpdf.UTF8CutFont(goregular.TTF, text), "The quick brown fox")
	f.Add(fpdf.UTF8CutFont(dejavusans.TTF, text), "★ → é ñ")
	for _, hostile := range [][]byte{
		testfont.Chain(small, 'A', MaxComponentDepth, 1), // accepted: at the limit
		testfont.SelfComposite(small, 'A'),
		testfont.Cycle(small, 'A'),
		testfont.Chain(small, 'A', 12, 2),
		testfont.Chain(small, 'A', 4, 4),
		testfont.Fanned(small, 'A', 8, 8, 4),
		testfont.Bulky(small, 'A', 4, 100, 2),
		testfont.ForeignComponent(small, 'A'),
		testfont.Loca(small, 'A', "beyond"),
		testfont.Loca(small, 'A', "decreasing"),
		testfont.Loca(small, 'A', "short"),
		testfont.NumGlyphs(small, 65535),
		testfont.OverlappingCmap(small, 4),
		testfont.Truncated(small, "hmtx", 10),
	} {
		f.Add(hostile, "AAA")
	}
	// CFF fonts: a small subset written with CFF outlines, and the
	// hostile ones made from it.
	cffBase, cff := testfont.ToCFF(small)
	f.Add(cffBase.OTF(cff), "Aa0 .,é")
	for _, h := range hostileCFF(small) {
		f.Add(h.data, "AAA")
	}
	f.Fuzz(func(t *testing.T, data []byte, text string) {
		// parse, not Parse: Parse keeps every font it accepts for the
		// rest of the process, which a long fuzzing run would fill.
		font, err := parse(data, sha256.Sum256(data))
		if err != nil {
			if msg := err.Error(); msg == "" || strings.ContainsAny(msg, "\n\r") {
				t.Fatalf("not a one-line error: %q", msg)
			}
			return
		}
		var covered strings.Builder
		for _, r := range text {
			if r >= 0x20 && font.Covers(r) {
				covered.WriteRune(r)
			}
		}
		embed(t, font, covered.String())
	})
}
