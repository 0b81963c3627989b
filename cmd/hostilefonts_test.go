package cmd

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/fonts"
	"github.com/cardpress/cardpress/internal/testfont"
	"github.com/cardpress/cardpress/internal/testutil"
)

// The hostile fonts of issue 28's probe, named by a game: before the
// structural check the first two killed validate and render with a Go
// fatal error (stack overflow, ~1 GB), the exponential one hung render
// past 120 s while validate passed, and the bad loca tables gave
// "internal error: runtime error: index out of range". Now each is one
// finding at the line of game.yaml naming the file, exit 1, from validate
// and from render, which writes no PDF. Each font is the game's own (a
// subset of Go Smallcaps) with the glyph of F, which every card name
// prints, broken.
func TestHostileFontsAtTheirLine(t *testing.T) {
	base := readFile(t, filepath.Join(repoRoot, "cmd", "testdata", "fonticons", "fonts", "GoSmallcaps-Subset.ttf"))
	f := testfont.Parse(base)
	glyphF := fmt.Sprintf("glyph %d (U+0046 F)", f.GlyphOf('F'))
	for _, c := range []struct {
		name string
		ttf  []byte
		code string
		msg  string // the finding's message after "font fonticons/fonts/Hostile.ttf: "
	}{
		{"self-containing composite", testfont.SelfComposite(base, 'F'), "FONT_DAMAGED", "it is damaged: " + glyphF + " is made of itself (a composite glyph that contains itself)"},
		{"cycle", testfont.Cycle(base, 'F'), "FONT_DAMAGED", fmt.Sprintf("it is damaged: %s is made of itself through other composite glyphs (a cycle: glyph %d → %d → %d)", glyphF, f.GlyphOf('F'), f.NumGlyphs()-1, f.GlyphOf('F'))},
		{"exponential, 2 × 2 × … 30 deep", testfont.Chain(base, 'F', 30, 2), "FONT_UNSUPPORTED", fmt.Sprintf("is made of more than %d components (counting those of the composite glyphs in it, each time they occur), and cardpress reads at most that", fonts.MaxGlyphComponents)},
		{"deep chain", testfont.Chain(base, 'F', fonts.MaxComponentDepth+1, 1), "FONT_UNSUPPORTED", fmt.Sprintf("%s nests composite glyphs %d deep, and cardpress reads at most %d", glyphF, fonts.MaxComponentDepth+1, fonts.MaxComponentDepth)},
		{"loca past glyf", testfont.Loca(base, 'F', "beyond"), "FONT_DAMAGED", "it is damaged: " + glyphF + " ends past the end of its glyf table (loca table)"},
		{"loca decreasing", testfont.Loca(base, 'F', "decreasing"), "FONT_DAMAGED", "it is damaged: " + glyphF + " ends before it starts (loca table)"},
		{"loca too short", testfont.Loca(base, 'F', "short"), "FONT_DAMAGED", "it is damaged: its loca table (glyph positions) is 406 bytes, too short for 202 glyphs (it needs 812)"},
		{"numGlyphs 65535", testfont.NumGlyphs(base, 65535), "FONT_DAMAGED", "it is damaged: its hmtx table (glyph widths) is"},
		{"hmtx cut", testfont.Truncated(base, "hmtx", 40), "FONT_DAMAGED", "it is damaged: its hmtx table (glyph widths) is 40 bytes, too short for 202 glyphs"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ws := fonticons(t)
			if err := os.WriteFile(filepath.Join(ws, "fonticons", "fonts", "Hostile.ttf"), c.ttf, 0o644); err != nil {
				t.Fatal(err)
			}
			manifest := filepath.Join("fonticons", "game.yaml")
			testutil.Edit(t, ws, manifest, "fonts/GoSmallcaps-Subset.ttf", "fonts/Hostile.ttf")
			line, col := posOf(t, ws, manifest, "fonts/Hostile.ttf")
			want := fmt.Sprintf("%s:%d:%d: error %s: font fonticons/fonts/Hostile.ttf: ", manifest, line, col, c.code)
			for _, args := range [][]string{{"validate", "fonticons"}, {"render", "fonticons", "--out", "out"}} {
				code, out, errOut := runWithin(t, ws, args...)
				if code != 1 {
					t.Fatalf("%s: exit %d, want 1\n%s%s", args[0], code, out, errOut)
				}
				if n := linesWith(out, want, c.msg); n != 1 {
					t.Errorf("%s: %d lines %q…%q in:\n%s%s", args[0], n, want, c.msg, out, errOut)
				}
				if strings.Contains(out+errOut, "internal error") {
					t.Errorf("%s: %s%s", args[0], out, errOut)
				}
			}
			if _, err := os.Stat(filepath.Join(ws, "out", "fonticons", "fonticons-pnp.pdf")); err == nil {
				t.Error("render wrote a PDF with the bad font")
			}
		})
	}
}

// linesWith counts the lines of out that start with prefix and hold msg.
func linesWith(out, prefix, msg string) int {
	n := 0
	for line := range strings.SplitSeq(out, "\n") {
		if strings.HasPrefix(line, prefix) && strings.Contains(line, msg) {
			n++
		}
	}
	return n
}
