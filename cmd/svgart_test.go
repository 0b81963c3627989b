package cmd

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/raster"
	"github.com/cardpress/cardpress/render"
	"github.com/cardpress/cardpress/render/pdftest"
)

// svgArtGame is the art game with SVG drawings from svg/testdata in
// place of pictures: owl's portrait a game-icons.net style icon, the
// frame an Inkscape export (layers, a hidden layer, a gradient borrowing
// another's stops, a clip path, <use>), the emblem the icon again and the
// back an Illustrator export (CSS classes, a radial gradient).
func svgArtGame(t *testing.T) string {
	ws := artGame(t)
	game := filepath.Join(ws, "art")
	for from, to := range map[string]string{"gameicon.svg": "art/portraits/owl.svg", "inkscape.svg": "art/frame.svg", "illustrator.svg": "art/back.svg"} {
		data, err := os.ReadFile(filepath.Join(repoRoot, "svg", "testdata", from))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(game, to), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for file, edits := range map[string][][2]string{
		"cards.yaml":  {{"art/portraits/owl.png", "art/portraits/owl.svg"}},
		"layout.yaml": {{"art/frame.png", "art/frame.svg"}, {"art/emblem.png", "art/portraits/owl.svg"}},
		"game.yaml":   {{"art/back.jpg", "art/back.svg"}},
	} {
		path := filepath.Join(game, file)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		for _, e := range edits {
			if !strings.Contains(text, e[0]) {
				t.Fatalf("%q not in %s", e[0], file)
			}
			text = strings.ReplaceAll(text, e[0], e[1])
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return ws
}

// svgSpots are places on owl's card (mm from the trim's top-left) and
// the colour each SVG drawing puts there: the icon's yellow arrow and
// black ground in the portrait, the frame's clip path (the white half
// of the clipped group inside its circle, the gradient outside it), and
// the back's dark blue ground.
var svgSpots = []struct {
	side   string
	x, y   float64
	what   string
	isLike func(c color.RGBA) bool
}{
	{"front", 31.5, 35, "the icon's yellow arrow (#f8e71c)", near(0xf8, 0xe7, 0x1c)},
	{"front", 21.5, 39.4, "the icon's black ground", near(0, 0, 0)},
	{"front", 31.5, 62, "the clipped white half, inside the clip circle", near(0xff, 0xff, 0xff)},
	{"front", 20, 85, "the gradient, outside the clip circle (the clipped group's white rect is cut off)", func(c color.RGBA) bool {
		return c.R < 40 && int(c.G)+int(c.B) > 200 && c.G > 40 && c.B > 40
	}},
	{"front", 1.5, 1.5, "the gradient's blue start (its stops come from the gradient it names by href)", func(c color.RGBA) bool { return c.B > 200 && c.G < 60 && c.R < 40 }},
	{"back", 31.5, 44, "the back's dark blue ground (class .st0, #1E3A8A)", near(0x1e, 0x3a, 0x8a)},
	{"back", 50, 44, "the back's radial gradient towards its orange rim (class .st1)", func(c color.RGBA) bool { return c.R > 230 && c.G > 140 && c.G < 215 && c.B < 150 }},
}

func near(r, g, b uint8) func(color.RGBA) bool {
	return func(c color.RGBA) bool {
		d := func(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }
		return d(c.R, r) < 24 && d(c.G, g) < 24 && d(c.B, b) < 24
	}
}

// A game whose art, frame, emblem and back are SVG validates clean, and
// its drawings print where and as drawn: read back from the PNG export
// and from the print-and-play PDF's page drawn by PDFium.
func TestSVGArtPrintsAsDrawn(t *testing.T) {
	ws := svgArtGame(t)
	if code, out, errOut := run(t, ws, "validate", "art"); code != 0 || !strings.Contains(out, "no problems") {
		t.Fatalf("validate: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := run(t, ws, "export", "png", "art", "--out", "out"); code != 0 {
		t.Fatalf("export png: exit %d\n%s%s", code, out, errOut)
	}
	const bleed, dpi = 3.0, 300.0
	px := func(mm float64) int { return int((mm + bleed) / 25.4 * dpi) }
	for _, s := range svgSpots {
		img := decodePNG(t, filepath.Join(ws, "out", "art", "png", "heroes", "001-owl-"+s.side+".png"))
		if c := img.RGBAAt(px(s.x), px(s.y)); !s.isLike(c) {
			t.Errorf("PNG export, owl %s at (%g, %g) mm: %v, want %s", s.side, s.x, s.y, c, s.what)
		}
	}

	// The sheet without bleed, where poker cards stand upright (with 3 mm
	// they lie turned on A4), so the spots read the same way.
	doc := loadDoc(t, filepath.Join(ws, "art"))
	opt := render.Options{}
	sheetPx := func(mm float64) int { return int(mm / 25.4 * dpi) }
	pnp, err := render.PnP(doc, opt)
	if err != nil {
		t.Fatal(err)
	}
	rz, err := raster.Shared()
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range []string{"front", "back"} {
		spots, err := render.PnPSpots(doc, 0, side == "back", opt)
		if err != nil || len(spots) == 0 {
			t.Fatalf("owl's %s: %v %v", side, spots, err)
		}
		sp := spots[0]
		if sp.Turn != 0 {
			t.Fatalf("owl's %s lies turned on the sheet without bleed", side)
		}
		page, err := rz.Region(pnp, sp.Page, dpi, raster.Rect{X: sp.X, Y: sp.Y, W: 63, H: 88})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range svgSpots {
			if s.side != side {
				continue
			}
			if c := rgbaAt(page, sheetPx(s.x), sheetPx(s.y)); !s.isLike(c) {
				t.Errorf("PnP page %d, owl %s at (%g, %g) mm: %v, want %s", sp.Page+1, side, s.x, s.y, c, s.what)
			}
		}
	}
}

func rgbaAt(img image.Image, x, y int) color.RGBA {
	return color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)
}

// An SVG drawing cardpress refuses is one finding at the line of the
// YAML that names it, and validate exits 1.
func TestSVGRefusedAtItsLine(t *testing.T) {
	ws := svgArtGame(t)
	frame := filepath.Join(ws, "art", "art", "frame.svg")
	if err := os.WriteFile(frame, []byte("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\">\n<text x=\"1\" y=\"5\">Hi</text>\n</svg>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := run(t, ws, "validate", "art")
	want := "art/layout.yaml:5:16: error IMAGE_FORMAT: SVG drawing art/art/frame.svg line 2 holds text (<text>), which cardpress does not draw from SVG: convert text to paths"
	if code != 1 || !strings.HasPrefix(out, want) || strings.Count(out, "error") != 2 {
		t.Errorf("exit %d\n%s\nwant exit 1 and\n%s", code, out, want)
	}
	if strings.Contains(out, "panic") || strings.Contains(out, "goroutine") {
		t.Errorf("a panic:\n%s", out)
	}
}

// An icon declared in game.yaml may be an SVG drawing, drawn into text
// where :alarm: is written (this one, in plain colours, as paths; one
// that needs pixels at 300 dpi at one em of the largest font size); a
// hostile one is one finding at its src.
func TestSVGIcon(t *testing.T) {
	ws := fonticons(t)
	game := filepath.Join(ws, "fonticons")
	icon, err := os.ReadFile(filepath.Join(repoRoot, "svg", "testdata", "gameicon.svg"))
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(game, "icons", "alarm.svg"), icon)
	manifest := filepath.Join(game, "game.yaml")
	data, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	write(t, manifest, []byte(strings.Replace(string(data), "src: icons/alarm.png", "src: icons/alarm.svg", 1)))
	if code, out, errOut := run(t, ws, "render", "fonticons", "--out", "out"); code != 0 {
		t.Fatalf("render: exit %d\n%s%s", code, out, errOut)
	}
	pdf, err := os.ReadFile(filepath.Join(ws, "out", "fonticons", "fonticons-pnp.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	// Drawn in plain colours, it is written as paths where the text
	// shows it: no picture of it, its yellow arrow a fill in the page.
	if regexp.MustCompile(`/Width 833\s*/Height 833\s*/ColorSpace /DeviceRGB`).Match(pdf) {
		t.Errorf("an 833 × 833 picture of the icon in the PDF, want it drawn as paths")
	}
	found, r := false, pdftest.Read(t, pdf)
	for n := range r.NumPage() {
		found = found || strings.Contains(pdftest.Content(t, r, n+1), "0.973 0.906 0.110 rg")
	}
	if !found {
		t.Errorf("the icon's yellow (#f8e71c) is filled on no page")
	}

	write(t, filepath.Join(game, "icons", "alarm.svg"), []byte(`<!DOCTYPE svg [<!ENTITY lol "lol">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">&lol;</svg>`))
	code, out, _ := run(t, ws, "validate", "fonticons")
	if want := "fonticons/game.yaml:16:22: error IMAGE_FORMAT: SVG drawing fonticons/icons/alarm.svg line 1 declares XML entities"; code != 1 || !strings.HasPrefix(out, want) {
		t.Errorf("exit %d\n%s\nwant exit 1 and %s", code, out, want)
	}
}
