package gamedata

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/testart"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/schema"
)

// claimJPEG is the start of a JPEG that claims w × h pixels in three
// components sampled h:v as given, progressive or baseline.
func claimJPEG(w, h uint16, progressive bool, sampling ...byte) []byte {
	sof := []byte{0xff, 0xc0}
	if progressive {
		sof[1] = 0xc2
	}
	body := []byte{8, byte(h >> 8), byte(h), byte(w >> 8), byte(w), byte(len(sampling))}
	for i, s := range sampling {
		body = append(body, byte(i+1), s, 0)
	}
	out := []byte{0xff, 0xd8}
	out = append(out, sof...)
	out = append(out, byte((len(body)+2)>>8), byte(len(body)+2))
	out = append(out, body...)
	return append(out, 0xff, 0xda, 0, 2) // the first scan, where DecodeConfig stops
}

// The cost model is what the decoders allocate: at most 10% and 64 KiB
// more (tables, row buffers), and at most a fifth less.
func TestDecodeMemoryModel(t *testing.T) {
	portrait := testart.Portrait(1000, 700, 1, true)
	opaque := testart.Portrait(1000, 700, 2, false)
	grey := image.NewGray(portrait.Bounds())
	draw16 := image.NewNRGBA64(portrait.Bounds())
	pal := image.NewPaletted(portrait.Bounds(), color.Palette{color.Black, color.White, color.NRGBA{255, 0, 0, 255}})
	for y := range 700 {
		for x := range 1000 {
			c := portrait.At(x, y)
			grey.Set(x, y, c)
			draw16.Set(x, y, c)
			pal.Set(x, y, c)
		}
	}
	progressive, err := os.ReadFile(filepath.Join("testdata", "progressive-444.jpg"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"png rgba", testart.PNG(portrait)},
		{"png rgb", testart.PNG(opaque)},
		{"png grey", testart.PNG(grey)},
		{"png 16-bit", testart.PNG(draw16)},
		{"png palette", testart.PNG(pal)},
		{"png interlaced", testart.InterlacedPNG(portrait, 8)},
		{"png interlaced 16-bit", testart.InterlacedPNG(portrait, 16)},
		{"jpeg 4:2:0", testart.JPEG(opaque)},
		{"jpeg grey", testart.JPEG(grey)},
		{"jpeg progressive 4:4:4", progressive},
	} {
		cfg, format, err := image.DecodeConfig(bytes.NewReader(tc.data))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		cost := decodeMemory(format, tc.data, cfg.Width, cfg.Height).bytes
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		if _, _, err := image.Decode(bytes.NewReader(tc.data)); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		runtime.ReadMemStats(&after)
		got := int64(after.TotalAlloc - before.TotalAlloc)
		if got > cost*11/10+64<<10 || got < cost*8/10 {
			t.Errorf("%s: decoding allocates %d bytes, the model says %d", tc.name, got, cost)
		}
	}
}

// MaxFontSize is read from the layout schema: the largest size it
// accepts, and any larger is refused.
func TestMaxFontSizeIsTheSchemas(t *testing.T) {
	s, err := schema.NewCompiler().Compile(fontSize)
	if err != nil {
		t.Fatal(err)
	}
	most := MaxFontSize()
	if ps := s.Validate(most); len(ps) != 0 || most < 8 {
		t.Errorf("size %v: %v", most, ps)
	}
	if ps := s.Validate(most + 0.5); len(ps) == 0 {
		t.Errorf("size %v passes the schema", most+0.5)
	}
}

// The pictures: one 16-bit interlaced PNG of 6000 pixels a side
// (590 MB to decode), or a progressive JPEG as large, is refused from its
// header, at the line that names it, never decoded.
func TestImageMemoryOfOnePicture(t *testing.T) {
	for _, tc := range []struct {
		name, path string
		data       []byte
		want       string
	}{
		{"16-bit interlaced png", "art/a.png", testart.ClaimPNG(6000, 6000, 16, 6, true),
			"takes 550 MiB to decode (6000 × 6000 pixels, 16 bits a channel, interlaced), over the limit of 256 MiB for one picture; save it with 8 bits a channel, not interlaced, or scale it down"},
		{"16-bit png", "art/a.png", testart.ClaimPNG(6000, 6000, 16, 2, false),
			"takes 275 MiB to decode (6000 × 6000 pixels, 16 bits a channel)"},
		{"progressive jpeg", "back.png", claimJPEG(6000, 6000, true, 0x11, 0x11, 0x11),
			"takes 515 MiB to decode (6000 × 6000 pixels, progressive), over the limit of 256 MiB for one picture; save it as a baseline (not progressive) JPEG, or scale it down"},
		{"8-bit interlaced png", "art/a.png", testart.ClaimPNG(6000, 6000, 8, 6, true),
			"takes 275 MiB to decode (6000 × 6000 pixels, interlaced)"},
	} {
		pics := goodPictures()
		pics[tc.path] = tc.data
		_, found, dir := loadGallery(t, pics)
		found = relevant(found)
		want := map[string][]string{"art/a.png": {"cards.yaml:4 ASSET_TOO_LARGE", "cards.yaml:8 ASSET_TOO_LARGE"}, "back.png": {"game.yaml:19 ASSET_TOO_LARGE"}}[tc.path]
		if got := only(found, dir); !slices.Equal(got, want) || !strings.Contains(found[0].Message, tc.want) {
			t.Errorf("%s: got %v, want %v: %q", tc.name, found, want, tc.want)
		}
	}
	// Just under the limit, the header passes (and this one, having no
	// pixels, is damaged).
	pics := goodPictures()
	pics["art/a.png"] = testart.ClaimPNG(8000, 5000, 8, 6, false) // 153 MiB
	_, found, dir := loadGallery(t, pics)
	if got := only(found, dir); !slices.Equal(got, []string{"cards.yaml:4 IMAGE_FORMAT", "cards.yaml:8 IMAGE_FORMAT"}) {
		t.Errorf("a 40-megapixel 8-bit picture: %v", got)
	}
}

// The picture memory budget: distinct pictures that together take more
// than 1 GiB to decode, each counted at least 4 bytes a pixel (a JPEG
// decodes to 1.5, but is scaled at 4 and takes as long). The one that
// would go over is refused at its line, before anything is decoded; those
// before it are decoded (here they hold no pixels, so each is damaged).
func TestImageMemoryOfAGame(t *testing.T) {
	for kind, claim := range map[string]func(i int) []byte{
		"png":  func(i int) []byte { return testart.ClaimPNG(6000+uint32(i), 6000, 8, 6, false) },
		"jpeg": func(i int) []byte { return claimJPEG(6000+uint16(i), 6000, false, 0x22, 0x11, 0x11) },
	} {
		var cards strings.Builder
		cards.WriteString("cards:\n")
		pics := goodPictures()
		for i := range 8 {
			name := fmt.Sprintf("art/big%d.%s", i, kind)
			fmt.Fprintf(&cards, "  - id: c%d\n    name: C%d\n    portrait: %s\n", i, i, name)
			pics[name] = claim(i) // 137.3 MiB each
		}
		_, found, dir := loadGallery(t, pics, [3]string{"cards.yaml", gallery["cards.yaml"], cards.String()},
			[3]string{"game.yaml", "count: 3", "count: 8"})
		var over, damaged []string
		for _, f := range relevant(found) {
			rel, _ := filepath.Rel(dir, f.File)
			at := fmt.Sprintf("%s:%d:%d", rel, f.Line, f.Col)
			switch {
			case CodeAssetTooLarge.Is(f):
				over = append(over, at+" "+f.Message)
			case CodeImageFormat.Is(f):
				damaged = append(damaged, at)
			default:
				t.Errorf("%s: unexpected %v", kind, f)
			}
		}
		// The layout's background and emblem are named first, then the cards.
		if len(over) != 1 || !strings.HasPrefix(over[0], "cards.yaml:25:15 image file ") ||
			!strings.Contains(over[0], "big7."+kind+" not decoded: it counts 138 MiB, and the game's pictures would count 1103 MiB together, over the budget of 1024 MiB (what decoding takes, at least 4 bytes a pixel)") {
			t.Errorf("%s: over the budget: %q", kind, over)
		}
		if len(damaged) != 7 {
			t.Errorf("%s: the seven pictures within the budget are decoded: %v", kind, damaged)
		}
	}
}

// A picture that prints at more than EmbedDPI wherever it prints is
// scaled down to EmbedDPI at its largest print, in its own format; one
// that does not is kept byte for byte.
func TestImagesScaledToTheirPrint(t *testing.T) {
	pics := goodPictures()
	// The emblem is 12 mm square (stretch): 1200 pixels are 2540 dpi.
	pics["emblem.png"] = testart.PNG(testart.Portrait(1200, 1200, 2, true))
	// The portrait box is 51 × 40 mm (contain): 2400 × 1800 pixels are
	// 1195 dpi across, 1143 down; contain keeps the finer.
	delete(pics, "art/a.png")
	pics["art/a.jpg"] = testart.JPEG(testart.Portrait(2400, 1800, 1, false))
	rename := [3]string{"cards.yaml", "art/a.png", "art/a.jpg"}
	g, found, dir := loadGallery(t, pics, rename, rename)
	if got := only(found, dir); len(got) > 0 {
		t.Fatalf("findings: %v", got)
	}
	for _, tc := range []struct {
		path, format string
		w, h         int // the file's
		ew, eh       int // embedded
	}{
		{"emblem.png", "png", 1200, 1200, 284, 284},
		{"art/a.jpg", "jpeg", 2400, 1800, 1205, 904},
		{"bg.png", "png", 750, 1040, 750, 1040}, // 229 dpi on the card and the most bleed: kept
	} {
		img := g.Images[tc.path]
		cfg, format, err := image.DecodeConfig(bytes.NewReader(img.Data))
		if err != nil || format != tc.format || cfg.Width != tc.ew || cfg.Height != tc.eh || img.Width != tc.w || img.Height != tc.h {
			t.Errorf("%s: embedded %s %d × %d (%v), file %d × %d; want %s %d × %d of %d × %d",
				tc.path, format, cfg.Width, cfg.Height, err, img.Width, img.Height, tc.format, tc.ew, tc.eh, tc.w, tc.h)
		}
		kept := bytes.Equal(img.Data, g.Assets[tc.path])
		if kept != (tc.ew == tc.w) {
			t.Errorf("%s: embedded as the file: %v", tc.path, kept)
		}
		if !bytes.Equal(g.Assets[tc.path], pics[tc.path]) {
			t.Errorf("%s: the file as read is not kept in Assets", tc.path)
		}
	}
	// The same files give the same bytes.
	again, _ := Load(dir, nil)
	for path, img := range g.Images {
		if !bytes.Equal(img.Data, again.Images[path].Data) {
			t.Errorf("%s: scaled to other bytes the second time", path)
		}
	}
}

// A picture printed in two places is embedded for the larger: the emblem
// file also shown as the 51 × 40 mm portrait keeps what that box needs.
func TestImageScaledForItsLargestPrint(t *testing.T) {
	pics := goodPictures()
	pics["art/a.png"] = testart.PNG(testart.Portrait(2400, 1800, 1, true))
	g, found, dir := loadGallery(t, pics, [3]string{"layout.yaml", "src: emblem.png", "src: art/a.png"})
	if got := only(found, dir); len(got) > 0 {
		t.Fatalf("findings: %v", got)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(g.Images["art/a.png"].Data))
	if err != nil || cfg.Width != 1205 || cfg.Height != 904 {
		t.Errorf("embedded %d × %d (%v), want 1205 × 904", cfg.Width, cfg.Height, err)
	}
}

// Scaling down by several times averages every source pixel: lines one
// pixel apart become an even grey, where sampling a few pixels a point
// would give stripes of moiré.
func TestShrinkAveragesFineDetail(t *testing.T) {
	src := image.NewGray(image.Rect(0, 0, 1850, 1850))
	for y := range 1850 {
		for x := range 1850 {
			if x%2 == 0 {
				src.Pix[y*src.Stride+x] = 0xff
			}
		}
	}
	out, ok := shrink(src, 500, 500).(*image.Gray)
	if !ok || out.Bounds() != image.Rect(0, 0, 500, 500) {
		t.Fatalf("shrink gave %T %v", out, out.Bounds())
	}
	lo, hi := uint8(255), uint8(0)
	for _, v := range out.Pix {
		lo, hi = min(lo, v), max(hi, v)
	}
	if lo < 0x70 || hi > 0x90 {
		t.Errorf("grey runs from %#x to %#x, want even grey near 0x80", lo, hi)
	}
}

// Opaque PNGs stay opaque (no alpha channel for the PDF to split off),
// grey ones grey, and JPEG is written again as JPEG.
func TestShrinkKeepsTheKind(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		want color.Model
	}{
		{"transparent", testart.PNG(testart.Portrait(900, 600, 1, true)), color.NRGBAModel},
		{"opaque", testart.PNG(testart.Portrait(900, 600, 1, false)), color.RGBAModel},
		{"grey", testart.PNG(image.NewGray(image.Rect(0, 0, 900, 600))), color.GrayModel},
		{"jpeg", testart.JPEG(testart.Portrait(900, 600, 1, false)), color.YCbCrModel},
	} {
		cfg, format, _ := image.DecodeConfig(bytes.NewReader(tc.data))
		img := &Image{Path: "x", Format: format, Width: cfg.Width, Height: cfg.Height, Data: tc.data}
		out, err := decodeToPrint(img, 3*EmbedDPI)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		got, _, err := image.DecodeConfig(bytes.NewReader(out))
		if err != nil || got.ColorModel != tc.want || got.Width != 300 || got.Height != 200 {
			t.Errorf("%s: %d × %d %v (%v), want 300 × 200 in %v", tc.name, got.Width, got.Height, got.ColorModel, err, tc.want)
		}
	}
	if _, err := decodeToPrint(&Image{Format: "jpeg", Width: 10, Height: 10, Data: []byte("\xff\xd8\xff")}, math.Inf(1)); err == nil {
		t.Error("a damaged JPEG decodes")
	}
}

// BenchmarkPictureMemory loads the game with art with the issue's
// pictures in place of its own, reporting the peak live heap (sampled
// every 2 ms) and what the PDF will embed: four distinct 40-megapixel
// PNGs (each decoded, one at a time, and scaled down to its print), and
// one 16-bit interlaced PNG of 6000 pixels a side (refused from its
// header).
func BenchmarkPictureMemory(b *testing.B) {
	for _, tc := range []struct {
		name     string
		pictures func() map[string][]byte
	}{
		{"four-40MP-png", func() map[string][]byte { return testutil.HugeArt(int(math.Sqrt(MaxImagePixels))) }},
		{"16-bit-interlaced-6000-png", func() map[string][]byte {
			return map[string][]byte{"art/portraits/owl.png": testart.InterlacedPNG(testart.Portrait(6000, 6000, 1, true), 16)}
		}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			dir := testutil.ArtGame(b, b.TempDir(), tc.pictures())
			runtime.GC()
			var peak uint64
			var g *Data
			var found []finding.Finding
			for b.Loop() {
				watch := testutil.WatchHeap()
				g, found = Load(dir, nil)
				peak = max(peak, watch.End())
			}
			embedded := 0
			for _, img := range g.Images {
				embedded += len(img.Data)
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
			errs, _ := finding.Count(found)
			b.ReportMetric(float64(errs), "errors")
			b.ReportMetric(float64(embedded)/(1<<20), "embedded-MiB")
		})
	}
}

// Scaling in bands, one a core, gives what one band gives.
func TestScaleInBandsIsOneScale(t *testing.T) {
	src := testart.Portrait(997, 601, 3, true)
	var want []byte
	for _, procs := range []int{1, 2, 3, 7} {
		old := runtime.GOMAXPROCS(procs)
		banded := image.NewRGBA(image.Rect(0, 0, 331, 173))
		scale(banded, src)
		runtime.GOMAXPROCS(old)
		if want == nil {
			want = banded.Pix
		} else if !bytes.Equal(banded.Pix, want) {
			t.Errorf("%d bands differ from one", procs)
		}
	}
}

// Each result pixel is the mean of the source pixels it covers, weighted
// by the part of each it covers, rounded: worked by hand for 3 pixels
// into 2 (the middle one split in half) and 4 into 1.
func TestScaleAveragesByArea(t *testing.T) {
	src := image.NewRGBA(image.Rect(0, 0, 3, 1))
	for i, v := range []uint8{0, 100, 255} {
		copy(src.Pix[4*i:], []uint8{v, v, v, 255})
	}
	dst := image.NewRGBA(image.Rect(0, 0, 2, 1))
	scale(dst, src)
	// (0·2 + 100·1) / 3 = 33.3; (100·1 + 255·2) / 3 = 203.3
	if want := []uint8{33, 33, 33, 255, 203, 203, 203, 255}; !bytes.Equal(dst.Pix, want) {
		t.Errorf("3 into 2: %v, want %v", dst.Pix, want)
	}
	grey := image.NewGray(image.Rect(5, 7, 7, 9)) // bounds not at the origin
	copy(grey.Pix, []uint8{10, 20, 30, 41})
	one := image.NewRGBA(image.Rect(0, 0, 1, 1))
	scale(one, grey)
	if one.Pix[0] != 25 || one.Pix[3] != 255 {
		t.Errorf("4 into 1: %v, want 25 (25.25 rounded), opaque", one.Pix)
	}
}

// FuzzPicture feeds any bytes to a picture's checks: its header and cost
// model, then decoding and scaling down for a print at dpi. None may
// panic, and for a header that passes, decoding allocates no more than
// the model says (give or take the decoders' tables): the limits hold for
// files made to defeat them.
func FuzzPicture(f *testing.F) {
	progressive, err := os.ReadFile(filepath.Join("testdata", "progressive-444.jpg"))
	if err != nil {
		f.Fatal(err)
	}
	small := testart.Portrait(40, 30, 1, true)
	for _, seed := range [][]byte{
		testart.PNG(small), testart.JPEG(small), progressive,
		testart.InterlacedPNG(small, 16), testart.PNG(image.NewGray(image.Rect(0, 0, 9, 7))),
		testart.ClaimPNG(6000, 6000, 16, 6, true), claimJPEG(600, 400, true, 0x22, 0x11, 0x11),
		[]byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><clipPath id="c"><circle r="2"/></clipPath><g clip-path="url(#c)"><rect width="4" height="3" fill="#f00"/></g></svg>`),
	} {
		f.Add(seed, uint16(2000))
	}
	f.Fuzz(func(t *testing.T, data []byte, dpi uint16) {
		l := &loader{g: &Data{Dir: "game"}}
		r := l.readImage("x", data)
		if r.img == nil {
			return
		}
		if r.img.Format == "svg" { // drawn when printed: package svg has its own fuzz target
			_ = svgToPrint(r.img, float64(dpi), r.svgFill)
			return
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, _, _ = image.Decode(bytes.NewReader(data))
		runtime.ReadMemStats(&after)
		if got := int64(after.TotalAlloc - before.TotalAlloc); got > r.cost*11/10+1<<20 {
			t.Errorf("decoding %d × %d allocates %d bytes, the model says %d", r.img.Width, r.img.Height, got, r.cost)
		}
		_, _ = decodeToPrint(r.img, float64(dpi))
	})
}

// The frame header is found past fill bytes and a stray restart marker,
// as image/jpeg finds it.
func TestJPEGFrameAfterOddMarkers(t *testing.T) {
	claim := claimJPEG(600, 400, true, 0x22, 0x11, 0x11)
	odd := append([]byte{0xff, 0xd8, 0xff, 0xff, 0xd3}, claim[2:]...)
	for name, data := range map[string][]byte{"plain": claim, "odd": odd} {
		f, ok := jpegFrame(data)
		if !ok || !f.progressive || len(f.comps) != 3 || f.comps[0] != (struct{ h, v int }{2, 2}) {
			t.Errorf("%s: %+v %v", name, f, ok)
		}
	}
}

// panicky is a picture whose pixels cannot be read.
type panicky struct{ r image.Rectangle }

func (panicky) ColorModel() color.Model   { return color.RGBAModel }
func (p panicky) Bounds() image.Rectangle { return p.r }
func (panicky) At(x, y int) color.Color   { panic("unreadable pixel") }

// A panic while scaling, in whichever band, comes back to the caller, not
// down the process.
func TestScalePanicsToItsCaller(t *testing.T) {
	defer func() {
		if p := recover(); p != "unreadable pixel" {
			t.Errorf("recovered %v", p)
		}
	}()
	scale(image.NewRGBA(image.Rect(0, 0, 10, 10)), panicky{image.Rect(0, 0, 40, 40)})
	t.Error("no panic")
}
