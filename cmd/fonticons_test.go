package cmd

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/render/pdftest"

	"codeberg.org/go-pdf/fpdf"
	"github.com/ledongthuc/pdf"
	"golang.org/x/image/font/gofont/goregular"
)

// fonticons copies testdata/fonticons (no engine; its own font, built-in
// and own icons) into a workspace as ws/fonticons, writes its schema
// folder, and returns ws.
func fonticons(t *testing.T) string { return testGame(t, "fonticons") }

func TestFontAndIconsRender(t *testing.T) {
	ws := fonticons(t)
	for _, args := range [][]string{{"validate", "fonticons"}, {"lint", "fonticons"}} {
		if code, out, errOut := run(t, ws, args...); code != 0 || !strings.Contains(out, "1 game, 6 cards, no problems") {
			t.Fatalf("%s: exit %d\n%s%s", args[0], code, out, errOut)
		}
	}
	// Without bleed the cards lie upright, 9 to an A4 sheet, as measured below.
	if code, out, errOut := run(t, ws, "render", "fonticons", "--out", "out", "--bleed", "0"); code != 0 {
		t.Fatalf("render: exit %d\n%s%s", code, out, errOut)
	}
	ttf, err := os.ReadFile(filepath.Join(ws, "fonticons", "fonts", "GoSmallcaps-Subset.ttf"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"fonticons-pnp.pdf", "fonticons-reference.pdf"} {
		data, err := os.ReadFile(filepath.Join(ws, "out", "fonticons", name))
		if err != nil {
			t.Fatal(err)
		}
		// The game's font is embedded (/FontFile2) as a subset: its name
		// carries a subset tag, and it is smaller than the file.
		m := regexp.MustCompile(`/FontName /[A-Z]{6}\+GoSmallcaps\n[^>]*/FontFile2 (\d+) 0 R`).FindSubmatch(data)
		if m == nil {
			t.Fatalf("%s: the game font is not embedded as a tagged subset", name)
		}
		obj := regexp.MustCompile(`\n` + string(m[1]) + ` 0 obj\n<<[^>]*/Length1 (\d+)`).FindSubmatch(data)
		if obj == nil {
			t.Fatalf("%s: no font file object %s", name, m[1])
		}
		if n, _ := strconv.Atoi(string(obj[1])); n <= 0 || n >= len(ttf) {
			t.Errorf("%s: the embedded font is %d bytes, the whole file %d: not a subset", name, n, len(ttf))
		}
		if !regexp.MustCompile(`/BaseFont /[A-Z]{6}\+GoSmallcaps\n`).Match(data) {
			t.Errorf("%s: the font's BaseFont has no subset tag", name)
		}
	}

	// The card: its name in the game's font, its rules in the Go fonts
	// (font: go) with each icon a square em between the words.
	r := pdftest.Read(t, readFile(t, filepath.Join(ws, "out", "fonticons", "fonticons-pnp.pdf")))
	page := 0
	for n := 1; n <= r.NumPage() && page == 0; n++ {
		if len(pdftest.Find(pdftest.PageText(t, r, n), "Gain 2")) > 0 {
			page = n
		}
	}
	if page == 0 {
		t.Fatal("no page with the Fruit Stall's rules")
	}
	ts := pdftest.PageText(t, r, page)
	fonts := map[string]bool{}
	for _, tx := range ts {
		fonts[tx.Font] = true
	}
	// The reader drops the subset tag from the names.
	if !fonts["GoSmallcaps"] || !fonts["GoRegular"] || !fonts["DejaVuSans"] {
		t.Errorf("the card page uses fonts %v; want the game's, the Go fonts and the fallback (for ★)", fonts)
	}
	gain, dot := pdftest.Find(ts, "Gain 2"), pdftest.Find(ts, ". If you")
	if len(gain) == 0 || len(dot) == 0 {
		t.Fatalf("Gain 2 at %v, '. If you' at %v", gain, dot)
	}
	size := sizeAt(ts, gain[0])
	w := goWidth(t, size, "Gain 2 ")
	iconX := gain[0].X + w
	if got, want := dot[0].X, iconX+size; math.Abs(got-want) > 0.05 {
		t.Errorf("the text after :cash: starts at %.2f pt, want %.2f (one em, %.1f pt, after the space)", got, want, size)
	}
	// The coin is drawn there, in its own colour (#c9a227).
	content := pdftest.Content(t, r, page)
	points := 0
	for _, mt := range regexp.MustCompile(`([\d.]+) ([\d.]+) m\n`).FindAllStringSubmatch(content, -1) {
		x, _ := strconv.ParseFloat(mt[1], 64)
		y, _ := strconv.ParseFloat(mt[2], 64)
		if x >= iconX && x <= iconX+size && math.Abs(y-gain[0].Y) < size {
			points++
		}
	}
	if points < 3 { // the coin's three circles
		t.Errorf("%d outlines start in the icon's square, want the coin's 3", points)
	}
	if !strings.Contains(content, "0.788 0.635 0.153 rg") {
		t.Error("no fill in the coin's own colour #c9a227")
	}
	// The picture icon (:alarm:, on both Forge cards) is embedded once
	// (with its alpha channel) and placed twice.
	data := readFile(t, filepath.Join(ws, "out", "fonticons", "fonticons-pnp.pdf"))
	if n := strings.Count(string(data), "/Subtype /Image"); n != 2 {
		t.Errorf("%d image objects, want the alarm icon and its mask", n)
	}
	if n := regexp.MustCompile(`/I\w+ Do`).FindAllStringIndex(content, -1); len(n) != 2 {
		t.Errorf("the alarm icon is placed %d times on the page, want 2", len(n))
	}
}

// The mistakes a designer makes with fonts and icons: each is an error at
// the line and column that says so, naming the font and the character,
// or the icon.
func TestFontAndIconMistakesAtTheirLine(t *testing.T) {
	cases := []struct {
		name, file, old, new, at, code, msg string
	}{
		{"unknown icon in a card", "cards.yaml", "Gain 2 :cash:.", "Gain 2 :cahs:.", ":cahs:", "ICON_UNKNOWN", `unknown icon ":cahs:" (did you mean ":cash:"?)`},
		{"second unknown icon on a line", "cards.yaml", "Keep up to 5 :cash: safe", "Keep up to 5 :lock: :sfae: safe", ":sfae:", "ICON_UNKNOWN", `":sfae:"`},
		{"unknown icon in the reference", "reference.yaml", "Each :heat: you", "Each :hat: you", ":hat:", "ICON_UNKNOWN", `unknown icon ":hat:" (did you mean ":heat:"?)`},
		{"unknown icon in a token label", "layout.yaml", `label: ":cash:"`, `label: ":csah:"`, ":csah:", "ICON_UNKNOWN", `":csah:"`},
		{"unknown icon in the box list", "game.yaml", `name: ":cash: Coins"`, `name: ":coins: Coins"`, ":coins:", "ICON_UNKNOWN", `":coins:"`},
		{"no such built-in", "game.yaml", "builtin: flame", "builtin: flames", "flames", "ICON_UNKNOWN", `no built-in icon "flames" (did you mean "flame"?)`},
		{"no font has the character", "cards.yaml", "name: Forge", "name: Forge 中", "Forge 中", "GLYPH_MISSING",
			`no font has a glyph for U+4E2D (中) (the Go fonts, the fallback DejaVu Sans, "display" (Go Smallcaps))`},
		{"the element's font lacks it", "cards.yaml", "name: Forge", "name: Forge \uf800", "Forge \uf800", "GLYPH_MISSING",
			`font "display" (Go Smallcaps), which prints this text, has no glyph for U+F800`},
		{"undeclared font", "layout.yaml", "font: display", "font: dispaly", "dispaly", "UNDEFINED_FONT", `no font "dispaly" in game.yaml fonts (did you mean "display"?)`},
		{"missing font file", "game.yaml", "fonts/GoSmallcaps-Subset.ttf", "fonts/Missing.ttf", "fonts/Missing.ttf", "FILE_MISSING", "Missing.ttf"},
		{"font outside the folder", "game.yaml", "fonts/GoSmallcaps-Subset.ttf", "../secret.ttf", "../secret.ttf", "SCHEMA", ""},
		{"OTTO file without outlines", "game.yaml", "fonts/GoSmallcaps-Subset.ttf", "fonts/Cff.otf", "fonts/Cff.otf", "FONT_UNSUPPORTED", `it has no "CFF " table, which every OpenType font with CFF outlines has`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ws := fonticons(t)
			if err := os.WriteFile(filepath.Join(ws, "fonticons", "fonts", "Cff.otf"), append([]byte("OTTO"), make([]byte, 64)...), 0o644); err != nil {
				t.Fatal(err)
			}
			file := filepath.Join("fonticons", tc.file)
			testutil.Edit(t, ws, file, tc.old, tc.new)
			line, col := posOf(t, ws, file, tc.at)
			validateReports(t, ws, "fonticons", file+":"+itoa(line)+":"+itoa(col)+":", tc.code, tc.msg)
		})
	}
}

// posOf is the line and column (in characters) where text first starts
// in file.
func posOf(t *testing.T, ws, file, text string) (int, int) {
	t.Helper()
	s := string(readFile(t, filepath.Join(ws, file)))
	i := strings.Index(s, text)
	if i < 0 {
		t.Fatalf("%q not in %s", text, file)
	}
	start := strings.LastIndexByte(s[:i], '\n') + 1
	return 1 + strings.Count(s[:i], "\n"), 1 + utf8.RuneCountInString(s[start:i])
}

// sizeAt is the font size of the glyph drawn at sp.
func sizeAt(ts []pdf.Text, sp pdftest.Span) float64 {
	for _, tx := range ts {
		if tx.X == sp.X && tx.Y == sp.Y {
			return tx.FontSize
		}
	}
	return 0
}

// goWidth measures s in the Go regular font at size, in points.
func goWidth(t *testing.T, size float64, s string) float64 {
	t.Helper()
	p := fpdf.New("P", "pt", "A4", "")
	p.AddUTF8FontFromBytes("go", "", goregular.TTF)
	p.SetFont("go", "", size)
	return p.GetStringWidth(s)
}

// A font file that is a link leading out of the game folder is refused at
// the line naming it, and never read.
func TestFontLinkOutsideRefused(t *testing.T) {
	ws := fonticons(t)
	outside := filepath.Join(ws, "secret.ttf")
	if err := os.WriteFile(outside, readFile(t, filepath.Join(ws, "fonticons", "fonts", "GoSmallcaps-Subset.ttf")), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(ws, "fonticons", "fonts", "Link.ttf")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	file := filepath.Join("fonticons", "game.yaml")
	testutil.Edit(t, ws, file, "fonts/GoSmallcaps-Subset.ttf", "fonts/Link.ttf")
	line, col := posOf(t, ws, file, "fonts/Link.ttf")
	code, out, _ := run(t, ws, "validate", "fonticons")
	if code != 1 || !containsLine(out, file+":"+itoa(line)+":"+itoa(col)+":", "FILE_OUTSIDE") {
		t.Errorf("exit %d, want 1 and FILE_OUTSIDE at %d:%d:\n%s", code, line, col, out)
	}
}
