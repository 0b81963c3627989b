package raster

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"strings"
	"sync"
	"testing"

	"codeberg.org/go-pdf/fpdf"
)

// testPDF is a page of w×h mm with a red w/2 × h/3 mm rectangle at
// (x, y) and a black word under it, and a second, blank page.
func testPDF(t testing.TB, w, h, x, y float64) []byte {
	t.Helper()
	pdf := fpdf.NewCustom(&fpdf.InitType{UnitStr: "mm", Size: fpdf.SizeType{Wd: w, Ht: h}})
	pdf.SetMargins(0, 0, 0)
	pdf.SetAutoPageBreak(false, 0)
	pdf.AddPage()
	pdf.SetFillColor(255, 0, 0)
	pdf.Rect(x, y, 30, 20, "F")
	pdf.SetFont("Helvetica", "B", 14)
	pdf.SetTextColor(0, 0, 0)
	pdf.Text(x+2, y+30, "Heist")
	pdf.AddPage()
	var b bytes.Buffer
	if err := pdf.Output(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func sharedT(t testing.TB) *Rasterizer {
	t.Helper()
	r, err := Shared()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func at(img image.Image, x, y int) color.RGBA { return img.(*image.RGBA).RGBAAt(x, y) }

func TestPageIsTheCardSizeAtTheDPI(t *testing.T) {
	r := sharedT(t)
	// A poker card of 63×88 mm with 3 mm bleed: 69×94 mm.
	img, err := r.Page(testPDF(t, 69, 94, 10, 10), 0, 300)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 815 || b.Dy() != 1110 {
		t.Fatalf("69x94 mm at 300 dpi is %dx%d px, want 815x1110", b.Dx(), b.Dy())
	}
	// The rectangle spans 10..40 mm across, 10..30 down: 118..472 px
	// and 118..354 px.
	if c := at(img, 300, 200); c != (color.RGBA{255, 0, 0, 255}) {
		t.Errorf("inside the rectangle: %v, want red", c)
	}
	for _, p := range []image.Point{{100, 200}, {500, 200}, {300, 100}, {300, 380}, {810, 1100}} {
		if c := at(img, p.X, p.Y); c != (color.RGBA{255, 255, 255, 255}) {
			t.Errorf("at %v outside it: %v, want white", p, c)
		}
	}
	dark := 0
	for y := 354; y < 472; y++ { // the word, 30 mm down
		for x := 118; x < 472; x++ {
			if at(img, x, y).R < 64 {
				dark++
			}
		}
	}
	if dark < 500 {
		t.Errorf("the word left %d dark pixels; it was not drawn", dark)
	}
	blank, err := r.Page(testPDF(t, 69, 94, 10, 10), 1, 72)
	if err != nil {
		t.Fatal(err)
	}
	if b := blank.Bounds(); b.Dx() != 196 || b.Dy() != 266 {
		t.Errorf("page 2 at 72 dpi is %v", b)
	}
}

// Region must put a drawing's pixels where Page puts them for the same
// drawing at the region's offset: that is how the PNG export is checked
// against the printed sheet.
func TestRegionMatchesThePageOfTheSameDrawing(t *testing.T) {
	r := sharedT(t)
	alone, err := r.Page(testPDF(t, 69, 94, 10, 10), 0, 300)
	if err != nil {
		t.Fatal(err)
	}
	// The same drawing 37.3 and 51.7 mm further in on an A4 page.
	cut, err := r.Region(testPDF(t, 210, 297, 47.3, 61.7), 0, 300, Rect{X: 37.3, Y: 51.7, W: 69, H: 94})
	if err != nil {
		t.Fatal(err)
	}
	if cut.Bounds() != alone.Bounds() {
		t.Fatalf("region is %v, the page %v", cut.Bounds(), alone.Bounds())
	}
	worst, off := 0, 0
	for i, v := range alone.(*image.RGBA).Pix {
		d := int(v) - int(cut.Pix[i])
		d = max(d, -d)
		worst = max(worst, d)
		if d > 16 {
			off++
		}
	}
	// fpdf writes coordinates to 0.01 pt, so edges may move by a
	// twentieth of a pixel: anti-aliased edges differ a little.
	if off > 200 {
		t.Errorf("%d channel values differ by more than 16 (worst %d)", off, worst)
	}
	moved, err := r.Region(testPDF(t, 210, 297, 48.3, 61.7), 0, 300, Rect{X: 37.3, Y: 51.7, W: 69, H: 94})
	if err != nil {
		t.Fatal(err)
	}
	if c := at(moved, 125, 200); c != (color.RGBA{255, 255, 255, 255}) {
		t.Errorf("a drawing 1 mm to the right still covers the region's pixel 125: %v", c)
	}
}

func TestConcurrentPagesAreIdentical(t *testing.T) {
	r := sharedT(t)
	pdf := testPDF(t, 69, 94, 10, 10)
	want, err := r.Page(pdf, 0, 150)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			img, err := r.Page(pdf, 0, 150)
			if err != nil {
				errs <- err
				return
			}
			if !bytes.Equal(img.(*image.RGBA).Pix, want.(*image.RGBA).Pix) {
				errs <- errDiffer
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

var errDiffer = &strErr{"a concurrent page differs from the first"}

type strErr struct{ s string }

func (e *strErr) Error() string { return e.s }

func TestBadInputIsAnError(t *testing.T) {
	r := sharedT(t)
	pdf := testPDF(t, 69, 94, 10, 10)
	for _, tc := range []struct {
		name string
		f    func() error
		want string
	}{
		{"page past the end", func() error { _, err := r.Page(pdf, 2, 300); return err }, "no page 2: the PDF has 2"},
		{"negative page", func() error { _, err := r.Page(pdf, -1, 300); return err }, "no page -1"},
		{"zero dpi", func() error { _, err := r.Page(pdf, 0, 0); return err }, "0 dpi is out of range"},
		{"huge dpi", func() error { _, err := r.Page(pdf, 0, 1e9); return err }, "out of range"},
		{"empty region", func() error { _, err := r.Region(pdf, 0, 300, Rect{W: 0, H: 10}); return err }, "is not a region"},
		{"too many pixels", func() error { _, err := r.Region(pdf, 0, 1200, Rect{W: 5000, H: 5000}); return err }, "pixels"},
		{"not a PDF", func() error { _, err := r.Page([]byte("hello"), 0, 300); return err }, "raster: reading the PDF"},
	} {
		err := tc.f()
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "raster: ") {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
	if n, err := r.PageCount(pdf); err != nil || n != 2 {
		t.Errorf("PageCount = %d, %v; want 2", n, err)
	}
}

func TestClosedRasterizerRefuses(t *testing.T) {
	r, err := open(1)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if err := r.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, err := r.Page(testPDF(t, 69, 94, 10, 10), 0, 72); err == nil || !strings.Contains(err.Error(), "closed") {
		t.Errorf("Page after Close: %v", err)
	}
}

func TestEncodePNGStatesTheDPIAndIsReproducible(t *testing.T) {
	r := sharedT(t)
	img, err := r.Page(testPDF(t, 69, 94, 10, 10), 0, 300)
	if err != nil {
		t.Fatal(err)
	}
	a, err := EncodePNG(img, 300)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := r.Page(testPDF(t, 69, 94, 10, 10), 0, 300)
	b, _ := EncodePNG(again, 300)
	if !bytes.Equal(a, b) {
		t.Error("the same page gave different PNG bytes")
	}
	dec, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	if dec.Bounds() != img.Bounds() {
		t.Errorf("decoded %v, want %v", dec.Bounds(), img.Bounds())
	}
	// IHDR colour type 2: RGB, no alpha channel for an opaque card.
	if a[8+4+4+9] != 2 {
		t.Errorf("colour type %d, want 2 (RGB)", a[8+4+4+9])
	}
	i := bytes.Index(a, []byte("pHYs"))
	if i < 0 || i > bytes.Index(a, []byte("IDAT")) {
		t.Fatal("no pHYs chunk before the image data")
	}
	x, y, unit := binary.BigEndian.Uint32(a[i+4:]), binary.BigEndian.Uint32(a[i+8:]), a[i+12]
	if x != 11811 || y != 11811 || unit != 1 {
		t.Errorf("pHYs %d×%d per unit %d, want 11811 per metre (300 dpi)", x, y, unit)
	}
}

// BenchmarkCardPage is one 69×94 mm page (a poker card with 3 mm bleed)
// at 300 dpi: 815×1110 pixels, and its PNG.
func BenchmarkCardPage(b *testing.B) {
	r := sharedT(b)
	pdf := testPDF(b, 69, 94, 10, 10)
	b.Run("raster", func(b *testing.B) {
		for b.Loop() {
			if _, err := r.Page(pdf, 0, 300); err != nil {
				b.Fatal(err)
			}
		}
	})
	img, _ := r.Page(pdf, 0, 300)
	b.Run("png", func(b *testing.B) {
		for b.Loop() {
			if _, err := EncodePNG(img, 300); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func TestCacheDir(t *testing.T) {
	defer UseCache("")
	UseCache("off")
	if d := cacheDir(); d != "" {
		t.Errorf("off: %q", d)
	}
	UseCache("/somewhere")
	if d := cacheDir(); d != "/somewhere/wazero" {
		t.Errorf("a folder: %q", d)
	}
	// Unless asked, nothing is written outside --out: no cache.
	UseCache("")
	if d := cacheDir(); d != "" {
		t.Errorf("unset: %q", d)
	}
}
