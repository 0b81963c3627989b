package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/raster"
	"github.com/cardpress/cardpress/render/pdftest"
	"github.com/cardpress/cardpress/svg"
)

// svgArtDoc is artDoc with each card's portrait an SVG drawing of its
// own: file from svg/testdata with a colour made the card's own, drawn
// into w × h pixels (600 wide is 51 mm at 300 dpi).
func svgArtDoc(t testing.TB, cards int, file, colour string, w, h int) *Document {
	src, err := os.ReadFile("../svg/testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	doc := artDoc(cards, 8, 8, true)
	for i := range doc.Cards {
		path := fmt.Sprintf("portrait-%d.svg", i)
		data := strings.Replace(string(src), colour, fmt.Sprintf("#%06x", i*2654435%0xffffff), 1)
		doc.Images[path] = &gamedata.Image{Path: path, Format: "svg", Width: w, Height: h, Data: []byte(data)}
		delete(doc.Images, doc.Cards[i].Images["portrait"])
		doc.Cards[i].Images = map[string]string{"portrait": path}
	}
	return doc
}

// Each SVG drawing that needs pixels (here a gradient on a stroke, which
// a PDF cannot clip to) is embedded once, as a picture of the size
// loading chose; one with transparency has a soft mask, one that covers
// all of itself none.
func TestSVGArtEmbedded(t *testing.T) {
	doc := svgArtDoc(t, 3, "inkscape.svg", "#ffd700", 600, 400)
	for i := range 2 {
		img := doc.Images[fmt.Sprintf("portrait-%d.svg", i)]
		img.Data = []byte(strings.Replace(string(img.Data), "stroke:#000000;stroke-width:0.5", "stroke:url(#linearGradient2);stroke-width:0.5", 1))
	}
	doc.Images["portrait-2.svg"].Data = []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 6 4"><linearGradient id="g"><stop offset="0" stop-color="#c00"/><stop offset="1" stop-color="#00c"/></linearGradient><circle cx="3" cy="2" r="2" fill="#0c0" stroke="url(#g)"/></svg>`)
	pdf, err := PnP(doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// 3 portraits, the background, the frame, the emblem and the back.
	if n := imageCount(pdf); n != 7 {
		t.Errorf("%d pictures embedded, want 7", n)
	}
	dicts := regexp.MustCompile(`/Width 600\s*/Height 400\s*/ColorSpace /DeviceRGB\s*/BitsPerComponent 8\s*/Filter /FlateDecode\s*/DecodeParms <<[^>]*>>\s*(/SMask \d+ 0 R)?`).FindAllSubmatch(pdf, -1)
	masks := 0
	for _, d := range dicts {
		if d[1] != nil {
			masks++
		}
	}
	if len(dicts) != 3 || masks != 1 {
		t.Errorf("%d pictures of 600 × 400 pixels, %d with a soft mask; want the 3 portraits, the transparent one's", len(dicts), masks)
	}
}

// A drawing in plain colours is written as paths where the card shows
// it, not embedded as a picture: filled, stroked (its width scaled with
// the drawing), placed and cut to its box as a picture would be, read
// back from the content stream and from the page drawn by PDFium.
func TestSVGArtAsVectors(t *testing.T) {
	doc := svgArtDoc(t, 1, "inkscape.svg", "#ffd700", 600, 300)
	// 60 × 30 units into the portrait's 51 × 30 mm box, cover: one unit a
	// millimetre, from (1.5, 25) on the card, cut at x 6 and 57.
	doc.Images["portrait-0.svg"].Data = []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 30">
<g transform="translate(30,0)"><rect width="30" height="30" fill="#1040c0"/></g>
<path d="M0 0 Q 15 30 30 0 Z" fill="#c01010"/>
<path d="M0 13 H30" stroke="#10a010" stroke-width="2" transform="scale(1,1) translate(0,0) scale(2)" fill="none"/>
</svg>`)
	out, err := PnP(doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The background, the frame, the emblem and the back; no portrait.
	if n := imageCount(out); n != 4 {
		t.Errorf("%d pictures embedded, want 4 (the drawing as paths)", n)
	}
	spots, err := PnPSpots(doc, 0, false, Options{})
	if err != nil || len(spots) == 0 || spots[0].Turn != 0 {
		t.Fatalf("where the card prints: %v %v", spots, err)
	}
	sp := spots[0]
	content := pdftest.Content(t, pdftest.Read(t, out), sp.Page+1)
	for _, op := range []string{"0.063 0.251 0.753 rg", "0.753 0.063 0.063 rg", "0.063 0.627 0.063 RG", " c\n", "\nf\n", "\nS\n"} {
		if !regexp.MustCompile(op).MatchString(content) {
			t.Errorf("no %q in the page's drawing", op)
		}
	}
	rz, err := raster.Shared()
	if err != nil {
		t.Fatal(err)
	}
	const dpi = 300.0
	page, err := rz.Region(out, sp.Page, dpi, raster.Rect{X: sp.X, Y: sp.Y, W: 63, H: 88})
	if err != nil {
		t.Fatal(err)
	}
	near := func(c color.RGBA, r, g, b uint8) bool {
		d := func(a, b uint8) int { return max(int(a)-int(b), int(b)-int(a)) }
		return d(c.R, r) < 24 && d(c.G, g) < 24 && d(c.B, b) < 24
	}
	at := func(x, y float64) color.RGBA { return page.RGBAAt(int(x/25.4*dpi), int(y/25.4*dpi)) }
	for _, s := range []struct {
		x, y    float64
		r, g, b uint8
		what    string
		is      bool
	}{
		{46.5, 35, 0x10, 0x40, 0xc0, "blue (the translated rect)", true},
		{16.5, 30, 0xc0, 0x10, 0x10, "red (inside the curve)", true},
		{16.5, 42, 0xc0, 0x10, 0x10, "not red (under the curve, deepest at 40)", false},
		{20, 50, 0x10, 0xa0, 0x10, "green (the stroke, scaled to 4 units wide: y 49 to 53)", true},
		{20, 52.5, 0x10, 0xa0, 0x10, "green (the stroke's lower edge)", true},
		{20, 48.3, 0x10, 0xa0, 0x10, "not green (above the stroke)", false},
		{20, 53.7, 0x10, 0xa0, 0x10, "not green (below the stroke)", false},
		{59, 35, 0x10, 0x40, 0xc0, "not blue (cut off at the box's edge)", false},
	} {
		if c := at(s.x, s.y); near(c, s.r, s.g, s.b) != s.is {
			t.Errorf("at (%g, %g) mm: %v, want %s", s.x, s.y, c, s.what)
		}
	}
}

// A drawing that cannot be drawn fails the PDF with its name, as a
// broken picture does (validation refuses it first).
func TestSVGArtBrokenFails(t *testing.T) {
	doc := svgArtDoc(t, 2, "inkscape.svg", "#ffd700", 600, 400)
	doc.Images["portrait-1.svg"].Data = []byte("<svg/>")
	if _, err := PnP(doc, Options{}); err == nil || !strings.Contains(err.Error(), "image portrait-1.svg: ") {
		t.Errorf("error %v, want one naming portrait-1.svg", err)
	}
}

// BenchmarkRenderWithSVGArt is BenchmarkRenderWithImages with each
// card's portrait an SVG drawing of its own, 51 mm wide at 300 dpi: what
// each card beyond the first 9 adds, drawing included (the target is 2 ms
// a card). icon is a game-icons.net style drawing (a ground and one
// path) and inkscape a full-card gradient, a clip path and <use>, both
// written as paths; inkscape-raster is inkscape with its star stroked
// with the gradient, which a PDF cannot draw as a path, so rasterised;
// inkscape-faded has its Art layer at opacity 0.6 (a transparency group,
// its shapes overlap) and inkscape-stop-opacity its gradient fading to
// 0.3 (a soft mask), both still paths.
func BenchmarkRenderWithSVGArt(b *testing.B) {
	for _, tc := range []struct {
		name, file, colour string
		w, h               int
		edit               [2]string
	}{
		{"icon", "gameicon.svg", "#f8e71c", 600, 600, [2]string{}},
		{"inkscape", "inkscape.svg", "#ffd700", 600, 400, [2]string{}},
		{"inkscape-raster", "inkscape.svg", "#ffd700", 600, 400, [2]string{"stroke:#000000;stroke-width:0.5", "stroke:url(#linearGradient2);stroke-width:0.5"}},
		{"inkscape-faded", "inkscape.svg", "#ffd700", 600, 400, [2]string{`id="layer2"`, `id="layer2" opacity="0.6"`}},
		{"inkscape-stop-opacity", "inkscape.svg", "#ffd700", 600, 400, [2]string{"stop-color:#00ff00;stop-opacity:1", "stop-color:#00ff00;stop-opacity:0.3"}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			docs := [2]*Document{svgArtDoc(b, 9, tc.file, tc.colour, tc.w, tc.h), svgArtDoc(b, 90, tc.file, tc.colour, tc.w, tc.h)}
			for _, doc := range docs {
				for _, img := range doc.Images {
					if img.Format == "svg" && tc.edit[0] != "" {
						img.Data = []byte(strings.Replace(string(img.Data), tc.edit[0], tc.edit[1], 1))
					}
				}
			}
			perCardCost(b, docs[0], docs[1])
		})
	}
}

// gradientArt is a drawing 51 × 30 units, the portrait's box, that needs
// everything a plain-colour drawing does not: a linear gradient of four
// stops in the box of its shape, a radial one in user space with a
// focus and a gradientTransform, inside a translated group; a clip path
// (a circle) round a group of two shapes, one of them painted with the
// linear gradient; and a ring drawn by the even-odd rule, whose hole
// shows the green under it.
const gradientArt = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 51 30">
<defs>
  <linearGradient id="sky"><stop offset="0" stop-color="#d00000"/><stop offset="0.3" stop-color="#ffd000"/>
    <stop offset="0.6" stop-color="#00a050"/><stop offset="1" stop-color="#0030c0"/></linearGradient>
  <radialGradient id="sun" gradientUnits="userSpaceOnUse" cx="10" cy="22" r="8" fx="7" fy="20" gradientTransform="translate(2,0)">
    <stop offset="0" stop-color="#ffffff"/><stop offset="0.5" stop-color="#ff8000"/><stop offset="1" stop-color="#402000"/></radialGradient>
  <clipPath id="round"><circle cx="38" cy="22" r="6"/></clipPath>
</defs>
<rect width="51" height="15" fill="url(#sky)"/>
<rect y="15" width="51" height="15" fill="#00c000"/>
<g transform="translate(1,0)"><rect y="15" width="24" height="15" fill="url(#sun)"/></g>
<g clip-path="url(#round)"><rect x="30" y="15" width="16" height="15" fill="#8000ff"/><rect x="30" y="22" width="16" height="8" fill="url(#sky)"/></g>
<path fill-rule="evenodd" fill="#000" d="M45 23.5H50.5V29.5H45Z M46.5 25H49V28H46.5Z"/>
</svg>`

// A drawing with multi-stop gradients, a clip path and an even-odd hole
// is written as paths, shadings and clips (no picture), into a PDF that
// pdfcpu validates, the same bytes twice; and PDFium draws it as oksvg
// draws the same file: pixel by pixel within antialiasing at the edges,
// and the colours at marked spots.
func TestSVGGradientsAndClipsAsVectors(t *testing.T) {
	out, sp := vectorPortrait(t, gradientArt)
	r := pdftest.Read(t, out)
	content := pdftest.Content(t, r, sp.Page+1)
	for _, op := range []string{`\nW n\n[^Q]*/CPSh1 sh\nQ`, `\nf\*\n`, `/CPSh2 sh`} {
		if !regexp.MustCompile(op).MatchString(content) {
			t.Errorf("no %q in the page's drawing", op)
		}
	}
	// Read back through the file's own cross-reference table: the linear
	// gradient is a stitching function of three, edges at its stops.
	sky := r.Page(sp.Page + 1).V.Key("Resources").Key("Shading").Key("CPSh1")
	if sky.Key("ShadingType").Int64() != 2 || sky.Key("Function").Key("FunctionType").Int64() != 3 ||
		sky.Key("Function").Key("Bounds").Len() != 2 || sky.Key("Function").Key("Bounds").Index(0).Float64() != 0.3 {
		t.Errorf("shading CPSh1 is %v, want an axial shading whose function stitches three at 0.3 and 0.6", sky)
	}

	page := drawnAsOksvgDraws(t, out, sp, gradientArt, 4)
	checkArtSpots(t, page, 16, []artSpot{
		{0.5, 7, color.RGBA{0xd0, 0, 0, 0xff}, "the sky's first stop"},
		{0.3 * 51, 7, color.RGBA{0xff, 0xd0, 0, 0xff}, "the sky's second stop, at 0.3"},
		{0.45 * 51, 7, color.RGBA{0x80, 0xb8, 0x28, 0xff}, "half way from the second stop to the third"},
		{50.5, 7, color.RGBA{0, 0x32, 0xbe, 0xff}, "near the sky's last stop"},
		{0.5, 20, color.RGBA{0, 0xc0, 0, 0xff}, "green: left of the translated rect"},
		{47.75, 26.5, color.RGBA{0, 0xc0, 0, 0xff}, "green: the even-odd ring's hole"},
		{45.7, 29, color.RGBA{0, 0, 0, 0xff}, "black: the ring"},
		{38, 18, color.RGBA{0x80, 0, 0xff, 0xff}, "purple: inside the clip circle"},
		{31, 16, color.RGBA{0, 0xc0, 0, 0xff}, "green: the purple rect clipped away outside the circle"},
		{38, 27, color.RGBA{0x55, 0xb0, 0x35, 0xff}, "the sky again, in the clipped rect's own box (x 30 to 46: half way, 0.5: two thirds from the second stop to the third)"},
	})
}

// drawnAsOksvgDraws is the portrait box of the card at sp, drawn by
// PDFium from out, having checked that it is art (the portrait, 51 × 30
// units) as oksvg draws it: pixel by pixel within mean on average, and
// all but 2 % of the pixels (edges) within 48. 127 dpi is 5 pixels a
// millimetre: the box's corner (6, 25) falls on a pixel, and the
// drawing is 255 × 150 pixels both ways.
func drawnAsOksvgDraws(t *testing.T, out []byte, sp PnPSpot, art string, mean float64) *image.RGBA {
	t.Helper()
	rz, err := raster.Shared()
	if err != nil {
		t.Fatal(err)
	}
	page, err := rz.Region(out, sp.Page, 127, raster.Rect{X: sp.X + 6, Y: sp.Y + 25, W: 51, H: 30})
	if err != nil {
		t.Fatal(err)
	}
	d, err := svg.Parse([]byte(art))
	if err != nil {
		t.Fatal(err)
	}
	want, err := d.Draw(255, 150)
	if err != nil {
		t.Fatal(err)
	}
	far, total := 0, 0
	for y := range 150 {
		for x := range 255 {
			d := colourDiff(page.RGBAAt(x, y), want.RGBAAt(x, y))
			total += d
			if d > 48 {
				far++
			}
		}
	}
	if got := float64(total) / (255 * 150); got > mean || far > 255*150/50 {
		t.Errorf("PDFium's drawing differs from oksvg's by %.1f on average, by more than 48 at %d pixels; want at most %g and 2%%", got, far, mean)
	}
	return page
}

// artSpot is a colour expected at (x, y) of a portrait drawn by
// drawnAsOksvgDraws, in the drawing's units, and what it shows.
type artSpot struct {
	x, y float64
	want color.RGBA
	what string
}

// checkArtSpots checks each spot's colour in page (5 pixels a unit)
// within tolerance.
func checkArtSpots(t *testing.T, page *image.RGBA, tolerance int, spots []artSpot) {
	t.Helper()
	for _, s := range spots {
		if c := page.RGBAAt(int(s.x*5), int(s.y*5)); colourDiff(c, s.want) > tolerance {
			t.Errorf("at (%g, %g): %v, want %v, %s", s.x, s.y, c, s.want, s.what)
		}
	}
}

func colourDiff(a, b color.RGBA) int {
	d := func(x, y uint8) int { return max(int(x)-int(y), int(y)-int(x)) }
	return max(d(a.R, b.R), d(a.G, b.G), d(a.B, b.B))
}

// Gradients that repeat and reflect, as paths and shadings (their stops
// once for each time), drawn by PDFium as they are drawn in pixels.
func TestSVGRepeatingGradientsAsVectors(t *testing.T) {
	const art = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 51 30">
<linearGradient id="r" spreadMethod="reflect" x1="0.3" x2="0.7"><stop offset="0" stop-color="#ff0000"/><stop offset="0.5" stop-color="#ffff00"/><stop offset="1" stop-color="#0000ff"/></linearGradient>
<radialGradient id="p" spreadMethod="repeat" r="0.3" fx="0.45"><stop offset="0.3" stop-color="#ffffff"/><stop offset="1" stop-color="#008000"/></radialGradient>
<rect width="51" height="15" fill="url(#r)"/><rect y="15" width="51" height="15" fill="url(#p)"/>
</svg>`
	doc := svgArtDoc(t, 1, "gameicon.svg", "#f8e71c", 602, 354)
	doc.Images["portrait-0.svg"].Data = []byte(art)
	out, err := PnP(doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := imageCount(out); n != 4 {
		t.Errorf("%d pictures embedded, want 4 (the drawing as paths)", n)
	}
	spots, err := PnPSpots(doc, 0, false, Options{})
	if err != nil || len(spots) == 0 {
		t.Fatalf("where the card prints: %v %v", spots, err)
	}
	// PDFium works a shading's colours out at 256 points along all of it,
	// so a gradient drawn four times over is a pixel or two off by its far
	// end, where poppler's drawing of the same file is not (pdftoppm: 5 on
	// average, half of it the half pixel its crop is off by).
	page := drawnAsOksvgDraws(t, out, spots[0], art, 10)
	// The reflected gradient: red at x 15.3 (0.3 across), blue at 35.7
	// (0.7), red again at 56.1 (1.1: off the box) and, reflected, yellow
	// half way; the repeated radial one white inside 0.3 of each time.
	checkArtSpots(t, page, 24, []artSpot{
		{15.3, 7, color.RGBA{0xff, 0, 0, 0xff}, "red at 0.3 across"},
		{25.5, 7, color.RGBA{0xff, 0xff, 0, 0xff}, "yellow half way from red to blue"},
		{35.7, 7, color.RGBA{0, 0, 0xff, 0xff}, "blue at 0.7"},
		{45.9, 7, color.RGBA{0xff, 0xff, 0, 0xff}, "yellow, reflected towards red"},
		{5.1, 7, color.RGBA{0xff, 0xff, 0, 0xff}, "yellow, reflected before 0.3"},
		{23, 22.5, color.RGBA{0xff, 0xff, 0xff, 0xff}, "white inside the repeated radial's 0.3"},
	})
}

// fadedArt has three groups at opacity 0.5, over white: two overlapping
// blue squares; a red square stroked black inside a clip circle; two
// overlapping red strips inside a clipped group.
const fadedArt = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 51 30">
<rect width="51" height="30" fill="#ffffff"/>
<g opacity="0.5"><rect x="2" y="2" width="14" height="14" fill="#0000ff"/><rect x="10" y="6" width="14" height="14" fill="#0000ff"/></g>
<clipPath id="c"><circle cx="42" cy="15" r="8"/></clipPath>
<g opacity="0.5" clip-path="url(#c)"><rect x="34" y="7" width="16" height="16" fill="#ff0000" stroke="#000000" stroke-width="2"/></g>
<clipPath id="d"><rect y="23" width="30" height="7"/></clipPath>
<g clip-path="url(#d)"><g opacity="0.5"><rect x="2" y="24" width="18" height="5" fill="#ff0000"/><rect x="12" y="24" width="28" height="5" fill="#ff0000"/></g></g>
</svg>`

// A group at opacity 0.5 is drawn as one layer, a PDF transparency group
// (a form XObject painted at alpha 0.5): the two squares' overlap is the
// same tint as each alone, not darker, and the stroke hides the fill
// under it; as the reference raster (svg.Draw) draws it, read back from
// PDFium's drawing. Valid, the same bytes twice, no picture embedded.
func TestSVGGroupOpacityAsVectors(t *testing.T) {
	out, sp := vectorPortrait(t, fadedArt)
	r := pdftest.Read(t, out)
	content := pdftest.Content(t, r, sp.Page+1)
	if !regexp.MustCompile(`/CPGS\d+ gs\n/CPFm1 Do\n`).MatchString(content) {
		t.Errorf("no group painted at an alpha in the page's drawing:\n%s", content)
	}
	form := r.Page(sp.Page + 1).V.Key("Resources").Key("XObject").Key("CPFm1")
	if form.Key("Subtype").Name() != "Form" || form.Key("Group").Key("S").Name() != "Transparency" {
		t.Errorf("CPFm1 is %v, want a form that is a transparency group", form)
	}
	page := drawnAsOksvgDraws(t, out, sp, fadedArt, 4)
	half := color.RGBA{0x80, 0x80, 0xff, 0xff}
	checkArtSpots(t, page, 12, []artSpot{
		{4, 4, half, "the first square alone"},
		{13, 12, half, "where the squares overlap: one even tint, not darker"},
		{22, 18, half, "the second square alone"},
		{16, 26.5, color.RGBA{0xff, 0x80, 0x80, 0xff}, "where the red strips overlap, inside the outer clip: one even tint"},
		{35, 26.5, color.RGBA{0xff, 0xff, 0xff, 0xff}, "white: the second strip clipped away outside the group"},
		{42, 15, color.RGBA{0xff, 0x80, 0x80, 0xff}, "the red square at half, inside the clip"},
		{34.6, 15, color.RGBA{0x80, 0x80, 0x80, 0xff}, "its stroke at half, no red under it"},
		{49, 8, color.RGBA{0xff, 0xff, 0xff, 0xff}, "white: the red square clipped away"},
	})
}

// fadingArt has gradients whose stops differ in opacity over green: a
// linear one from opaque red to blue at half and then none, a radial
// one from opaque white to white at none.
const fadingArt = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 51 30">
<linearGradient id="fade"><stop offset="0" stop-color="#d00000"/><stop offset="0.5" stop-color="#0000d0" stop-opacity="0.5"/><stop offset="1" stop-color="#0000d0" stop-opacity="0"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<rect width="51" height="30" fill="#00c000"/>
<rect width="51" height="15" fill="url(#fade)"/>
<circle cx="25" cy="22" r="7" fill="url(#glow)"/>
</svg>`

// Stops of differing opacity are drawn as vectors through a soft mask
// (the same shading in greys, each stop's opacity its grey), as the
// reference raster draws them.
func TestSVGStopOpacityAsVectors(t *testing.T) {
	out, sp := vectorPortrait(t, fadingArt)
	r := pdftest.Read(t, out)
	var masks int
	states := r.Page(sp.Page + 1).V.Key("Resources").Key("ExtGState")
	for _, k := range states.Keys() {
		if m := states.Key(k).Key("SMask"); m.Key("S").Name() == "Luminosity" && m.Key("G").Key("Subtype").Name() == "Form" {
			masks++
		}
	}
	if masks != 2 {
		t.Errorf("%d luminosity soft masks of a form, want 2 (one a gradient)", masks)
	}
	page := drawnAsOksvgDraws(t, out, sp, fadingArt, 4)
	checkArtSpots(t, page, 12, []artSpot{
		{0.5, 7, color.RGBA{0xcd, 0x02, 0, 0xff}, "opaque red at the first stop"},
		{25.5, 7, color.RGBA{0, 0x60, 0x68, 0xff}, "blue at half over green, the second stop"},
		{38.25, 7, color.RGBA{0, 0x90, 0x34, 0xff}, "blue at a quarter, half way on"},
		{50.5, 7, color.RGBA{0, 0xbf, 0x02, 0xff}, "the green under, the last stop at none"},
		{25, 22, color.RGBA{0xfd, 0xfe, 0xfd, 0xff}, "white at the glow's centre"},
		{28.5, 22, color.RGBA{0x80, 0xdf, 0x80, 0xff}, "white at half, half way out"},
	})
}

// vectorPortrait is a PDF of one card whose portrait is art, checked to
// be written as paths (no picture), valid and the same bytes twice; and
// where the card prints.
func vectorPortrait(t *testing.T, art string) ([]byte, PnPSpot) {
	t.Helper()
	doc := svgArtDoc(t, 1, "gameicon.svg", "#f8e71c", 602, 354)
	doc.Images["portrait-0.svg"].Data = []byte(art)
	out, err := PnP(doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if n := imageCount(out); n != 4 {
		t.Errorf("%d pictures embedded, want 4 (the drawing as paths)", n)
	}
	validate(t, "art", out)
	if again, err := PnP(doc, Options{}); err != nil || !bytes.Equal(again, out) {
		t.Errorf("a second PDF of the same cards differs (%v)", err)
	}
	spots, err := PnPSpots(doc, 0, false, Options{})
	if err != nil || len(spots) == 0 || spots[0].Turn != 0 {
		t.Fatalf("where the card prints: %v %v", spots, err)
	}
	return out, spots[0]
}
