package cmd

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/fonts"
	"github.com/cardpress/cardpress/internal/testfont"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/render/pdftest"

	"github.com/ledongthuc/pdf"
)

// A game whose font is an OpenType CFF font (the usual .otf: here the
// game's own Go Smallcaps subset written with CFF outlines) validates and
// renders; the PDF carries the font (converted to TrueType outlines, a
// tagged subset), and every letter of the card names sits exactly where
// it sits with the .ttf of the same font: same glyphs, same widths.
func TestCFFFontRenders(t *testing.T) {
	ttfPath := filepath.Join(repoRoot, "cmd", "testdata", "fonticons", "fonts", "GoSmallcaps-Subset.ttf")
	f, cff := testfont.ToCFF(readFile(t, ttfPath))
	names := func(ws string) []pdf.Text {
		if code, out, errOut := run(t, ws, "render", "fonticons", "--out", "out"); code != 0 {
			t.Fatalf("render: exit %d\n%s%s", code, out, errOut)
		}
		data := readFile(t, filepath.Join(ws, "out", "fonticons", "fonticons-pnp.pdf"))
		if !regexp.MustCompile(`/FontName /[A-Z]{6}\+GoSmallcaps\n[^>]*/FontFile2 `).Match(data) {
			t.Fatal("the game font is not embedded as a tagged TrueType subset")
		}
		r := pdftest.Read(t, data)
		var got []pdf.Text
		for n := 1; n <= r.NumPage(); n++ {
			for _, tx := range pdftest.PageText(t, r, n) {
				if tx.Font == "GoSmallcaps" {
					tx.Font = fmt.Sprint(n)
					got = append(got, tx)
				}
			}
		}
		return got
	}
	want := names(fonticons(t))

	ws := fonticons(t)
	if err := os.WriteFile(filepath.Join(ws, "fonticons", "fonts", "GoSmallcaps.otf"), f.OTF(cff), 0o644); err != nil {
		t.Fatal(err)
	}
	testutil.Edit(t, ws, filepath.Join("fonticons", "game.yaml"), "fonts/GoSmallcaps-Subset.ttf", "fonts/GoSmallcaps.otf")
	if code, out, errOut := run(t, ws, "validate", "fonticons"); code != 0 || !strings.Contains(out, "no problems") {
		t.Fatalf("validate: exit %d\n%s%s", code, out, errOut)
	}
	got := names(ws)
	if len(got) == 0 || len(got) != len(want) {
		t.Fatalf("%d letters in the game font, want %d (as with the .ttf)", len(got), len(want))
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.S != w.S || g.Font != w.Font || math.Abs(g.X-w.X) > 0.001 || math.Abs(g.Y-w.Y) > 0.001 || math.Abs(g.W-w.W) > 0.001 {
			t.Fatalf("letter %d: %q on page %s at %.3f,%.3f width %.3f; with the .ttf %q on page %s at %.3f,%.3f width %.3f",
				i, g.S, g.Font, g.X, g.Y, g.W, w.S, w.Font, w.X, w.Y, w.W)
		}
	}
}

// A hostile CFF font is one finding at the line naming it, exit 1, from
// validate and from render, which writes no PDF.
func TestHostileCFFFontAtItsLine(t *testing.T) {
	f, base := testfont.ToCFF(readFile(t, filepath.Join(repoRoot, "cmd", "testdata", "fonticons", "fonts", "GoSmallcaps-Subset.ttf")))
	// Ten subroutines, each calling the next 4 times: drawing F would
	// never end.
	bomb := base.Clone()
	for i := range 10 {
		var s []byte
		for range 4 {
			s = append(testfont.Num(s, i+1-107), 29)
		}
		bomb.GSubrs = append(bomb.GSubrs, append(s, 11))
	}
	bomb.GSubrs[9] = []byte{11}
	glyphF := fmt.Sprintf("glyph %d (U+0046 F)", f.GlyphOf('F'))
	bomb.Charstrings[f.GlyphOf('F')] = append(testfont.Num(nil, -107), 29, 14)
	ws := fonticons(t)
	if err := os.WriteFile(filepath.Join(ws, "fonticons", "fonts", "Hostile.otf"), f.OTF(bomb), 0o644); err != nil {
		t.Fatal(err)
	}
	manifest := filepath.Join("fonticons", "game.yaml")
	testutil.Edit(t, ws, manifest, "fonts/GoSmallcaps-Subset.ttf", "fonts/Hostile.otf")
	line, col := posOf(t, ws, manifest, "fonts/Hostile.otf")
	prefix := fmt.Sprintf("%s:%d:%d: error FONT_UNSUPPORTED: font fonticons/fonts/Hostile.otf: ", manifest, line, col)
	msg := fmt.Sprintf("%s runs more than %d charstring operations", glyphF, fonts.MaxGlyphOperations)
	for _, args := range [][]string{{"validate", "fonticons"}, {"render", "fonticons", "--out", "out"}} {
		code, out, errOut := runWithin(t, ws, args...)
		if code != 1 || linesWith(out, prefix, msg) != 1 || strings.Contains(out+errOut, "internal error") {
			t.Errorf("%s: exit %d, want 1 and one line %q…%q:\n%s%s", args[0], code, prefix, msg, out, errOut)
		}
	}
	if _, err := os.Stat(filepath.Join(ws, "out", "fonticons", "fonticons-pnp.pdf")); err == nil {
		t.Error("render wrote a PDF with the bad font")
	}
}
