package fonts

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testfont"

	"codeberg.org/go-pdf/fpdf"
	"github.com/go-fonts/dejavu/dejavusans"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/gofont/gosmallcaps"
	"golang.org/x/image/font/sfnt"
)

// hostile is a font made to break a reader, and what Parse must say.
type hostile struct {
	name    string
	data    []byte
	damaged bool   // FONT_DAMAGED, else FONT_UNSUPPORTED
	want    string // in the message
}

// hostileFonts are the fonts of issue 28's probe and their kin, each made
// from Go Smallcaps with its A broken (DejaVu Sans where a font needs more
// glyphs than Go Smallcaps has).
func hostileFonts() []hostile {
	base := gosmallcaps.TTF
	a := testfont.Parse(base).GlyphOf('A')
	last := testfont.Parse(base).NumGlyphs() - 1
	glyphA := fmt.Sprintf("glyph %d (U+0041 A)", a)
	glyphs := func(edit func(gs [][]byte)) []byte {
		f := testfont.Parse(base)
		f.EditGlyphs(edit)
		return f.Bytes()
	}
	twoScales := testfont.Composite(1)
	twoScales[10+1] |= 0x08 | 0x40 // WE_HAVE_A_SCALE and WE_HAVE_AN_X_AND_Y_SCALE
	return []hostile{
		// Each of these killed or hung bare fpdf: a stack overflow (fatal),
		// a render that never ends, an index out of range, out of memory.
		{"self-containing composite", testfont.SelfComposite(base, 'A'), true, glyphA + " is made of itself (a composite glyph that contains itself)"},
		{"cycle A→B→A", testfont.Cycle(base, 'A'), true, fmt.Sprintf("%s is made of itself through other composite glyphs (a cycle: glyph %d → %d → %d)", glyphA, a, last, a)},
		{"exponential chain, 2 × 2 × … 40 deep", testfont.Chain(base, 'A', 40, 2), false, "is made of more than 64 components (counting those of the composite glyphs in it, each time they occur), and cardpress reads at most that"},
		{"exponential, 4 × 4 × 4 × 4", testfont.Chain(base, 'A', 4, 4), false, fmt.Sprintf("glyph %d, part of %s, is made of more than 64 components", last, glyphA)},
		{"deep chain", testfont.Chain(base, 'A', MaxComponentDepth+1, 1), false, glyphA + " nests composite glyphs 8 deep, and cardpress reads at most 7"},
		{"wide glyph", testfont.Chain(base, 'A', 1, MaxGlyphComponents+1), false, glyphA + " is made of more than 64 components"},
		{"all glyphs wide", testfont.Fanned(dejavusans.TTF, 'A', 8, 7, MaxFontComponents/MaxGlyphComponents+1), false, "its composite glyphs expand to more than 250000 components in all"},
		{"bulky composites", testfont.Bulky(gosmallcaps.TTF, 'A', MaxGlyphComponents, 60000, 5), false, "its composite glyphs are too large: their bytes times their components come to more than 16 MiB"},
		{"component not in the font", testfont.ForeignComponent(base, 'A'), true, fmt.Sprintf("composite %s is made of glyph %d, and the font has %d", glyphA, last+11, last+1)},
		{"composite cut short", glyphs(func(gs [][]byte) { gs[a] = testfont.Composite(1, 2)[:16] }), true, "composite " + glyphA + " is cut short (glyf table)"},
		{"two kinds of scale", glyphs(func(gs [][]byte) { gs[a] = twoScales }), true, "composite " + glyphA + " has a component with more than one kind of scale"},
		{"glyph shorter than its header", glyphs(func(gs [][]byte) { gs[a] = gs[a][:6] }), true, glyphA + " is 8 bytes, shorter than a glyph's header (glyf table)"},
		{"contours past the glyph", glyphs(func(gs [][]byte) { gs[a] = gs[a][:12] }), true, glyphA + " is too short for its"},
		{"loca beyond glyf", testfont.Loca(base, 'A', "beyond"), true, glyphA + " ends past the end of its glyf table (loca table)"},
		{"loca decreasing", testfont.Loca(base, 'A', "decreasing"), true, glyphA + " ends before it starts (loca table)"},
		{"loca too short", testfont.Loca(base, 'A', "short"), true, "its loca table (glyph positions) is 1426 bytes, too short for 712 glyphs (it needs 2852)"},
		{"numGlyphs 65535", testfont.NumGlyphs(base, 65535), true, "its hmtx table (glyph widths) is 2846 bytes, too short for 65535 glyphs (it needs 132492)"},
		{"cmap segments overlap", testfont.OverlappingCmap(base, 8000), true, "its character map (cmap table, format 4) has segments out of order or overlapping (at U+0000)"},
		{"head cut", testfont.Truncated(base, "head", 40), true, `its "head" table is too short (40 bytes, at least 54)`},
		{"hhea cut", testfont.Truncated(base, "hhea", 30), true, `its "hhea" table is too short`},
		{"maxp cut", testfont.Truncated(base, "maxp", 4), true, `its "maxp" table is too short`},
		{"post cut", testfont.Truncated(base, "post", 8), true, `its "post" table is too short`},
		{"name cut", testfont.Truncated(base, "name", 40), true, "its name table is too short for its"},
		{"cmap cut", testfont.Truncated(base, "cmap", 12), true, "its cmap table (character map) is too short for its 3 subtables"},
		{"hmtx cut", testfont.Truncated(base, "hmtx", 100), true, "its hmtx table (glyph widths) is 100 bytes, too short for 712 glyphs (it needs 2846)"},
		{"OS/2 cut", testfont.Truncated(base, "OS/2", 60), true, `its "OS/2" table is too short (60 bytes)`},
		{"glyf cut", testfont.Truncated(base, "glyf", 1000), true, "ends past the end of its glyf table"},
		{"file cut in the directory", base[:100], true, "its table directory runs past the end of the file"},
	}
}

// Every hostile font is refused with one line saying what is wrong,
// damaged or unsupported, and Parse returns: nothing recurses on the
// font's data, so nothing can overflow the stack.
func TestHostileFontsRefused(t *testing.T) {
	wantRefused(t, hostileFonts())
}

// wantRefused: Parse refuses each font with one line holding its want,
// as damaged or as unsupported.
func wantRefused(t *testing.T, fonts []hostile) {
	for _, h := range fonts {
		t.Run(h.name, func(t *testing.T) {
			_, err := Parse(h.data)
			if err == nil {
				t.Fatal("accepted")
			}
			if !strings.Contains(err.Error(), h.want) || strings.Contains(err.Error(), "\n") {
				t.Errorf("got %q, want %q", err, h.want)
			}
			if errors.Is(err, ErrDamaged) != h.damaged {
				t.Errorf("damaged %v, want %v: %v", errors.Is(err, ErrDamaged), h.damaged, err)
			}
		})
	}
}

// A font at each limit is accepted and embeds with every character it
// has: the limits refuse only what is over them.
func TestFontsAtTheLimitsEmbed(t *testing.T) {
	for name, data := range map[string][]byte{
		"8 deep":                     testfont.Chain(gosmallcaps.TTF, 'A', MaxComponentDepth, 1),
		"64 components in one glyph": testfont.Chain(gosmallcaps.TTF, 'A', 1, MaxGlyphComponents),
		"250,000 in all":             testfont.Fanned(dejavusans.TTF, 'A', 8, 7, MaxFontComponents/MaxGlyphComponents),
		"16 MiB of composites":       testfont.Bulky(gosmallcaps.TTF, 'A', MaxGlyphComponents, 60000, 4),
	} {
		t.Run(name, func(t *testing.T) {
			f, err := Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			embed(t, f, coveredText(f))
		})
	}
}

// The fonts cardpress embeds pass their own check.
func TestShippedFontsPass(t *testing.T) {
	for name, data := range map[string][]byte{
		"Go regular": goregular.TTF, "Go bold": gobold.TTF, "Go italic": goitalic.TTF,
		"Go bold italic": gobolditalic.TTF, "Go Smallcaps": gosmallcaps.TTF, "DejaVu Sans": dejavusans.TTF,
	} {
		if _, err := Parse(data); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// coveredText is every character of the Basic Multilingual Plane f has.
func coveredText(f *Font) string {
	var b strings.Builder
	for r := rune(0x20); r <= 0xFFFF; r++ {
		if f.Covers(r) && r != '\n' && r != '\t' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// embed writes a PDF that sets text in f with the PDF writer, as render
// does, and fails on a panic or an error.
func embed(t testing.TB, f *Font, text string) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("the PDF writer panicked embedding %s: %v", f.Name, r)
		}
	}()
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.AddUTF8FontFromBytes(f.Key(), "", f.TTF)
	pdf.AddPage()
	pdf.SetFont(f.Key(), "", 10)
	pdf.Text(10, 10, text)
	if err := pdf.Output(io.Discard); err != nil {
		t.Fatal(err)
	}
}

// A font covers what the PDF writer's character map gives a glyph; for
// the fonts cardpress ships that is exactly what sfnt finds.
func TestCoverageIsThePDFWritersMap(t *testing.T) {
	for name, data := range map[string][]byte{"Go Smallcaps": gosmallcaps.TTF, "DejaVu Sans": dejavusans.TTF} {
		f, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		sf, err := sfnt.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		want := coverageOf(sf)
		for r := rune(0x20); r <= 0xFFFF; r++ {
			if f.Covers(r) != want.has(r) {
				t.Errorf("%s: U+%04X covered %v, sfnt says %v", name, r, f.Covers(r), want.has(r))
			}
		}
	}
}
