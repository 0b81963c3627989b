package render

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"regexp"
	"testing"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/testart"

	"codeberg.org/go-pdf/fpdf"
)

func TestPlaceImage(t *testing.T) {
	box := rect{10, 20, 40, 20} // twice as wide as high
	for _, tc := range []struct {
		fit    string
		iw, ih float64
		want   rect
		clip   bool
	}{
		// A square picture: contain fits its height, centred across.
		{gamedata.FitContain, 100, 100, rect{20, 20, 20, 20}, false},
		// cover fits its width and cuts off top and bottom.
		{gamedata.FitCover, 100, 100, rect{10, 10, 40, 40}, true},
		{gamedata.FitStretch, 100, 100, box, false},
		// A picture of the box's shape fills it whatever the fit.
		{gamedata.FitContain, 400, 200, box, false},
		{gamedata.FitCover, 400, 200, box, false},
		// A tall picture: contain leaves bands left and right.
		{"", 50, 100, rect{25, 20, 10, 20}, false},
	} {
		got, clip := placeImage(box, tc.iw, tc.ih, tc.fit, "")
		if !nearRect(got, tc.want) || clip != tc.clip {
			t.Errorf("%s %gx%g: %v clip %v, want %v clip %v", tc.fit, tc.iw, tc.ih, got, clip, tc.want, tc.clip)
		}
	}
}

func nearRect(a, b rect) bool {
	return math.Abs(a.x-b.x) < 1e-9 && math.Abs(a.y-b.y) < 1e-9 && math.Abs(a.w-b.w) < 1e-9 && math.Abs(a.h-b.h) < 1e-9
}

// picture wraps image bytes as the gamedata.Image validation would give.
func picture(path string, data []byte) *gamedata.Image {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		panic(err)
	}
	return &gamedata.Image{Path: path, Format: format, Width: cfg.Width, Height: cfg.Height, Data: data}
}

// artDoc is the sample deck with art: cards portraits of size w × h pixels
// (PNG with transparency, or JPEG), one each, a background, a frame, an
// emblem shared by every card and a picture on the back.
func artDoc(cards, w, h int, jpeg bool) *Document {
	doc := sampleDoc()
	doc.Components, doc.Box = nil, nil
	doc.Images = map[string]*gamedata.Image{
		"bg.png":     picture("bg.png", testart.PNG(testart.Paper(750, 1040))),
		"frame.png":  picture("frame.png", testart.PNG(testart.Frame(750, 1040, 28, 3))),
		"emblem.png": picture("emblem.png", testart.PNG(testart.Portrait(128, 128, 4, true))),
		"back.jpg":   picture("back.jpg", testart.JPEG(testart.Portrait(750, 1040, 5, false))),
	}
	lay := &doc.Layout.Front
	lay.BackgroundImage = &gamedata.ImageRef{Src: gamedata.ImageSource{Path: "bg.png"}}
	lay.Frame = &gamedata.ImageRef{Src: gamedata.ImageSource{Path: "frame.png"}}
	lay.Elements = append(lay.Elements,
		gamedata.Element{Kind: "image", Field: "portrait", Box: []float64{6, 25, 51, 30}, Fit: gamedata.FitCover},
		gamedata.Element{Kind: "image", Src: gamedata.ImageSource{Path: "emblem.png"}, Box: []float64{50, 5, 8, 8}})
	doc.Backs["common"] = gamedata.Back{Title: "HEAT", Image: &gamedata.ImageRef{Src: gamedata.ImageSource{Path: "back.jpg"}}}
	base := doc.Cards
	doc.Cards = nil
	for i := range cards {
		c := base[i%len(base)]
		c.Copies = 1
		c.ID = fmt.Sprintf("%s-%d", c.ID, i)
		path := fmt.Sprintf("portrait-%d", i)
		pic := testart.Portrait(w, h, i, !jpeg)
		// Each card's picture differs from every other's.
		pic.(*image.NRGBA).SetNRGBA(i%w, h-1, color.NRGBA{uint8(i), uint8(i >> 8), 0x80, 0xff})
		if jpeg {
			doc.Images[path] = picture(path, testart.JPEG(pic))
		} else {
			doc.Images[path] = picture(path, testart.PNG(pic))
		}
		c.Images = map[string]string{"portrait": path}
		doc.Cards = append(doc.Cards, c)
	}
	return doc
}

// imageCount is the pictures a PDF embeds: its image XObjects less the
// soft masks that carry transparency.
func imageCount(pdf []byte) int {
	return bytes.Count(pdf, []byte("/Subtype /Image")) - len(regexp.MustCompile(`/SMask \d+ 0 R`).FindAll(pdf, -1))
}

func TestPnPEmbedsEachPictureOnce(t *testing.T) {
	doc := artDoc(12, 60, 40, false)
	// Three cards show one picture, under two paths with the same bytes.
	doc.Images["again"] = &gamedata.Image{Path: "again"}
	*doc.Images["again"] = *doc.Images["portrait-0"]
	doc.Cards[1].Images["portrait"] = "portrait-0"
	doc.Cards[2].Images["portrait"] = "again"
	out, err := PnP(doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// 10 portraits (cards 0, 3-11), background, frame, emblem, back.
	if n := imageCount(out); n != 14 {
		t.Errorf("%d pictures embedded, want 14", n)
	}
	// Pictures of equal size (all the portraits) come out in the same
	// order every time: fpdf alone writes them in map order.
	for range 5 {
		again, err := PnP(doc, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again, out) {
			t.Fatal("the same document gave other bytes")
		}
	}
}

// PNG forms fpdf refuses or draws wrong are written again as plain PNG:
// interlaced is not made by Go, but 16 bits a channel and a palette with
// transparency are.
func TestPnPTakesAwkwardPNGs(t *testing.T) {
	deep := image.NewNRGBA64(image.Rect(0, 0, 30, 20))
	for i := range deep.Pix {
		deep.Pix[i] = byte(i * 7)
	}
	pal := image.NewPaletted(image.Rect(0, 0, 30, 20), color.Palette{color.NRGBA{0, 0, 0, 0}, color.NRGBA{255, 0, 0, 128}, color.NRGBA{0, 0, 255, 255}})
	for i := range pal.Pix {
		pal.Pix[i] = uint8(i % 3)
	}
	for name, img := range map[string]image.Image{"16-bit": deep, "palette with alpha": pal} {
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			t.Fatal(err)
		}
		if pngPlain(b.Bytes()) {
			t.Fatalf("%s: taken as plain", name)
		}
		doc := artDoc(1, 10, 10, true)
		doc.Images["portrait-0"] = picture("portrait-0", b.Bytes())
		if _, err := PnP(doc, Options{}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if !pngPlain(testart.PNG(testart.Portrait(10, 10, 0, true))) {
		t.Error("an 8-bit RGBA PNG is not taken as it is")
	}
}

// splitAlpha writes what fpdf's own parser would: the same rows of colour
// and of alpha, under the same description.
func TestSplitAlphaMatchesThePDFWriter(t *testing.T) {
	for name, data := range map[string][]byte{
		"rgba":       testart.PNG(testart.Portrait(61, 47, 1, true)),
		"grey+alpha": greyAlphaPNG(37, 23),
	} {
		p := &parser{}
		own, ok, err := p.splitAlpha(data)
		if !ok || err != nil {
			t.Fatalf("%s: ok %v, %v", name, ok, err)
		}
		w := fpdf.New("P", "mm", "A4", "")
		theirs, err := readRecord(w.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: "png"}, bytes.NewReader(data)))
		if err != nil || w.Error() != nil {
			t.Fatal(err, w.Error())
		}
		if own.w != theirs.w || own.h != theirs.h || own.cs != theirs.cs || own.dp != theirs.dp || own.bpc != theirs.bpc || own.filter != theirs.filter {
			t.Errorf("%s: %v %v %s %q %d %s, fpdf %v %v %s %q %d %s", name, own.w, own.h, own.cs, own.dp, own.bpc, own.filter,
				theirs.w, theirs.h, theirs.cs, theirs.dp, theirs.bpc, theirs.filter)
		}
		if !bytes.Equal(inflate(t, own.data), inflate(t, theirs.data)) || !bytes.Equal(inflate(t, own.smask), inflate(t, theirs.smask)) {
			t.Errorf("%s: the colour or alpha rows differ from fpdf's", name)
		}
	}
	// Another PNG is left to fpdf.
	if _, ok, _ := (&parser{}).splitAlpha(testart.PNG(testart.Paper(5, 5))); ok {
		t.Error("an opaque PNG was split")
	}
}

// greyAlphaPNG writes a w × h PNG of colour type 4 (8-bit grey with
// alpha), which Go's encoder never makes, its rows filtered with Sub.
func greyAlphaPNG(w, h int) []byte {
	var rows bytes.Buffer
	for y := range h {
		rows.WriteByte(1) // Sub
		for x := range 2 * w {
			rows.WriteByte(byte(x*7 + y))
		}
	}
	var idat bytes.Buffer
	z := zlib.NewWriter(&idat)
	z.Write(rows.Bytes())
	z.Close()
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(kind string, data []byte) {
		binary.Write(&out, binary.BigEndian, uint32(len(data)))
		body := append([]byte(kind), data...)
		out.Write(body)
		binary.Write(&out, binary.BigEndian, crc32.ChecksumIEEE(body))
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr, uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 4
	chunk("IHDR", ihdr)
	chunk("IDAT", idat.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}

func inflate(t *testing.T, b []byte) []byte {
	t.Helper()
	r, err := zlib.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// An image the document lacks (validation reports it) draws nothing
// rather than fail the PDF; a broken one fails it with the path.
func TestPnPImageProblems(t *testing.T) {
	doc := artDoc(2, 10, 10, true)
	doc.Cards[0].Images["portrait"] = "nowhere.png"
	if _, err := PnP(doc, Options{}); err != nil {
		t.Errorf("a missing picture: %v", err)
	}
	whole := testart.PNG(testart.Portrait(60, 40, 1, true))
	for _, data := range [][]byte{[]byte("\x89PNG\r\n\x1a\nbroken"), whole[:len(whole)/2], whole[:60]} {
		doc.Images["portrait-1"].Data, doc.Images["portrait-1"].Format = data, "png"
		if _, err := PnP(doc, Options{}); err == nil || !regexp.MustCompile(`image portrait-1: `).MatchString(err.Error()) {
			t.Errorf("a broken picture: error %v, want one naming portrait-1", err)
		}
	}
}

// BenchmarkRenderWithImages renders 9 and 90 cards with art at 300 dpi
// (a 51 × 30 mm portrait of its own on each card, a background, a frame,
// an emblem shared by every card and a picture on the back), and reports
// what each card beyond the first 9 adds: ms/card of wall-clock time (the
// target is under 2 ms a card beyond start-up) and cpu-ms/card of CPU time
// on all cores together, which a machine busy with other work inflates
// less.
func BenchmarkRenderWithImages(b *testing.B) {
	for _, tc := range []struct {
		name string
		jpeg bool
	}{{"jpeg", true}, {"png-alpha", false}} {
		b.Run(tc.name, func(b *testing.B) {
			perCardCost(b, artDoc(9, 600, 354, tc.jpeg), artDoc(90, 600, 354, tc.jpeg))
		})
	}
}
