package render

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/gamedata"
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

// Each SVG drawing is embedded once, as a picture of the size loading
// chose; one with transparency has a soft mask, one that covers all of
// itself none.
func TestSVGArtEmbedded(t *testing.T) {
	doc := svgArtDoc(t, 3, "inkscape.svg", "#ffd700", 600, 400)
	doc.Images["portrait-2.svg"].Data = []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 6 4"><circle cx="3" cy="2" r="2" fill="#c00"/></svg>`)
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
// path); inkscape a full-card gradient, a clip path and <use>.
func BenchmarkRenderWithSVGArt(b *testing.B) {
	for _, tc := range []struct {
		name, file, colour string
		w, h               int
	}{{"icon", "gameicon.svg", "#f8e71c", 600, 600}, {"inkscape", "inkscape.svg", "#ffd700", 600, 400}} {
		b.Run(tc.name, func(b *testing.B) {
			perCardCost(b, svgArtDoc(b, 9, tc.file, tc.colour, tc.w, tc.h), svgArtDoc(b, 90, tc.file, tc.colour, tc.w, tc.h))
		})
	}
}
