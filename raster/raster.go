// Package raster turns PDF pages into images. It runs PDFium compiled to
// WebAssembly (github.com/klippa-app/go-pdfium) on the wazero runtime: no
// cgo and no program to install, so `go build` still gives one static
// binary, and the pixels come from the PDF render wrote rather than from
// a second drawing of the cards that could drift from it.
//
// Starting PDFium means compiling a 6 MB WebAssembly module, about 3 s on
// one core. The compiled code is kept in the user's cache folder (see
// cacheDir), which cuts later starts to about 0.1 s; a process should open
// one Rasterizer (Shared) and use it for every page.
package raster

import (
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/klippa-app/go-pdfium"
	"github.com/klippa-app/go-pdfium/enums"
	"github.com/klippa-app/go-pdfium/references"
	"github.com/klippa-app/go-pdfium/requests"
	"github.com/klippa-app/go-pdfium/structs"
	"github.com/klippa-app/go-pdfium/webassembly"
	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/experimental"
)

// MaxDPI is the finest resolution a page is drawn at: 1200 dpi is more
// than any print shop asks for, and it bounds the bitmap's size.
const MaxDPI = 1200.0

// maxPixels bounds one image (100 megapixels, 400 MB of RGBA): PDFium runs
// in 32-bit WebAssembly memory, where a bigger bitmap cannot be allocated.
const maxPixels = 100_000_000

// Rect is a part of a page in mm, from the page's top-left corner, x to
// the right and y down, as render places things.
type Rect struct{ X, Y, W, H float64 }

// Rasterizer draws PDF pages. It is safe for concurrent use: each call
// borrows one of a few PDFium instances (one per core, at most 4), each
// with its own WebAssembly memory, so pages are drawn in parallel.
type Rasterizer struct {
	pool pdfium.Pool
	// mu is held for reading by every call in flight and for writing by
	// Close, so the pool is never closed under a call.
	mu     sync.RWMutex
	closed bool
}

// Open starts PDFium. Callers in one process should share the result
// (Shared does that): each Rasterizer holds its own instances and their
// memory, though a later Open reuses the compiled code.
func Open() (*Rasterizer, error) {
	return open(min(runtime.GOMAXPROCS(0), 4))
}

var shared = sync.OnceValues(Open)

// Shared is the process's one Rasterizer, opened on first use and never
// closed: the CLI's exports and the preview server all draw through it.
func Shared() (*Rasterizer, error) { return shared() }

func open(workers int) (*Rasterizer, error) {
	if dir := cacheDir(); dir != "" {
		if c, err := wazero.NewCompilationCacheWithDir(dir); err == nil {
			if r, err := openWith(workers, c); err == nil {
				return r, nil
			}
			// A cache folder that cannot be written (full, or another
			// user's) fails the compile; without it PDFium still runs.
		}
	}
	return openWith(workers, memCache())
}

func openWith(workers int, cache wazero.CompilationCache) (*Rasterizer, error) {
	workers = max(workers, 1)
	rc := wazero.NewRuntimeConfig().WithCoreFeatures(
		// The bundled PDFium lowers setjmp/longjmp to WebAssembly
		// exceptions, so that feature must be on.
		api.CoreFeaturesV2 | experimental.CoreFeaturesExceptionHandling).
		WithCompilationCache(cache)
	pool, err := webassembly.Init(webassembly.Config{
		MinIdle:  1,
		MaxIdle:  workers,
		MaxTotal: workers,
		// No file system at all: PDFs arrive as bytes, and PDFium must
		// not read (or write) anything on the machine.
		FSConfig:      wazero.NewFSConfig(),
		RuntimeConfig: rc,
		Stdout:        io.Discard,
		Stderr:        io.Discard,
		// Nothing drawn depends on randomness; a fixed source keeps it
		// that way should PDFium ever ask.
		RandomSource: zeros{},
		ReuseWorkers: true,
	})
	if err != nil {
		return nil, fmt.Errorf("raster: starting PDFium: %w", err)
	}
	return &Rasterizer{pool: pool}, nil
}

// memCache keeps compiled code for the process's later Opens when there
// is no cache folder.
var memCache = sync.OnceValue(wazero.NewCompilationCache)

// cache is the folder UseCache names, "" for none.
var cache atomic.Value // string

// UseCache makes the rasteriser keep PDFium's compiled code under
// dir/wazero between runs ("" or "off": no cache, compile every time,
// about 3 s of one core). It is opt-in because cardpress writes nothing
// outside --out unless asked; the command line passes $CARDPRESS_CACHE.
// wazero writes each entry to a temporary file and renames it, so
// processes may share the folder, and files entries under its own version,
// so an upgrade never loads code compiled by another. Call it before the
// first Shared.
func UseCache(dir string) { cache.Store(dir) }

func cacheDir() string {
	v, _ := cache.Load().(string)
	if v == "" || v == "off" {
		return ""
	}
	return filepath.Join(v, "wazero")
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// Close stops PDFium. A Rasterizer from Shared must not be closed.
func (r *Rasterizer) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil
	}
	r.closed = true
	return r.pool.Close()
}

// Page draws page number page (counted from 0) of pdf at dpi pixels per
// inch, white behind the page's own content. The image is
// round(width × dpi) by round(height × dpi) pixels, the page's size in
// inches, at exactly dpi: the last column and row may hold a part pixel.
// The image is an *image.RGBA, opaque.
func (r *Rasterizer) Page(pdf []byte, page int, dpi float64) (image.Image, error) {
	img, err := r.draw(pdf, page, dpi, nil)
	if err != nil {
		return nil, err // a nil interface, not a nil *image.RGBA in one
	}
	return img, nil
}

// Region draws the part box of a page at dpi: an image of round(box.W ×
// dpi) by round(box.H × dpi) pixels whose top-left pixel's corner is the
// box's top-left corner. Two regions of the same drawing at the same
// offset within their boxes give the same pixels, whichever page they are
// on, which is how a card cut from a sheet is compared with the card
// alone.
func (r *Rasterizer) Region(pdf []byte, page int, dpi float64, box Rect) (*image.RGBA, error) {
	if !(box.W > 0 && box.H > 0) || math.IsInf(box.X, 0) || math.IsInf(box.Y, 0) || math.IsNaN(box.X) || math.IsNaN(box.Y) {
		return nil, fmt.Errorf("raster: region %gx%g mm at %g,%g is not a region", box.W, box.H, box.X, box.Y)
	}
	return r.draw(pdf, page, dpi, &box)
}

// PageCount is the number of pages of pdf.
func (r *Rasterizer) PageCount(pdf []byte) (int, error) {
	n := 0
	err := r.with(pdf, func(inst pdfium.Pdfium, doc references.FPDF_DOCUMENT) error {
		res, err := inst.FPDF_GetPageCount(&requests.FPDF_GetPageCount{Document: doc})
		if err != nil {
			return err
		}
		n = res.PageCount
		return nil
	})
	return n, err
}

func checkDPI(dpi float64) error {
	if !(dpi > 0 && dpi <= MaxDPI) {
		return fmt.Errorf("raster: %g dpi is out of range (above 0, at most %g)", dpi, MaxDPI)
	}
	return nil
}

const mmPerInch = 25.4
const ptPerInch = 72.0

// pixels is how many whole pixels a length of mm covers at dpi.
func pixels(mm, dpi float64) int { return int(math.Round(mm / mmPerInch * dpi)) }

func (r *Rasterizer) draw(pdf []byte, page int, dpi float64, box *Rect) (*image.RGBA, error) {
	if err := checkDPI(dpi); err != nil {
		return nil, err
	}
	var out *image.RGBA
	err := r.with(pdf, func(inst pdfium.Pdfium, doc references.FPDF_DOCUMENT) error {
		count, err := inst.FPDF_GetPageCount(&requests.FPDF_GetPageCount{Document: doc})
		if err != nil {
			return err
		}
		if page < 0 || page >= count.PageCount {
			return fmt.Errorf("raster: no page %d: the PDF has %d (counted from 0)", page, count.PageCount)
		}
		loaded, err := inst.FPDF_LoadPage(&requests.FPDF_LoadPage{Document: doc, Index: page})
		if err != nil {
			return err
		}
		defer inst.FPDF_ClosePage(&requests.FPDF_ClosePage{Page: loaded.Page})
		ref := requests.Page{ByReference: &loaded.Page}
		area := Rect{}
		if box != nil {
			area = *box
		} else {
			size, err := inst.GetPageSize(&requests.GetPageSize{Page: ref})
			if err != nil {
				return err
			}
			area.W, area.H = size.Width/ptPerInch*mmPerInch, size.Height/ptPerInch*mmPerInch
		}
		w, h := pixels(area.W, dpi), pixels(area.H, dpi)
		if w < 1 || h < 1 || float64(w)*float64(h) > maxPixels {
			return fmt.Errorf("raster: %gx%g mm at %g dpi is %dx%d pixels (want 1 to %d million)", area.W, area.H, dpi, w, h, maxPixels/1_000_000)
		}
		out, err = render(inst, ref, dpi, area, w, h)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// render draws the page on a white w×h bitmap scaled to dpi, area's
// top-left corner at the bitmap's origin, and copies it out of the
// WebAssembly memory.
func render(inst pdfium.Pdfium, page requests.Page, dpi float64, area Rect, w, h int) (*image.RGBA, error) {
	bm, err := inst.FPDFBitmap_Create(&requests.FPDFBitmap_Create{Width: w, Height: h, Alpha: 0})
	if err != nil {
		return nil, err
	}
	defer inst.FPDFBitmap_Destroy(&requests.FPDFBitmap_Destroy{Bitmap: bm.Bitmap})
	if _, err := inst.FPDFBitmap_FillRect(&requests.FPDFBitmap_FillRect{Bitmap: bm.Bitmap, Width: w, Height: h, Color: 0xFFFFFFFF}); err != nil {
		return nil, err
	}
	// PDFium places the page top-left at the origin, one unit a point,
	// before applying this matrix: scale points to pixels, then move
	// the area's corner to the origin.
	s := dpi / ptPerInch
	m := structs.FPDF_FS_MATRIX{
		A: float32(s), D: float32(s),
		E: float32(-area.X / mmPerInch * dpi), F: float32(-area.Y / mmPerInch * dpi),
	}
	if _, err := inst.FPDF_RenderPageBitmapWithMatrix(&requests.FPDF_RenderPageBitmapWithMatrix{
		Bitmap: bm.Bitmap, Page: page, Matrix: m,
		Clipping: structs.FPDF_FS_RECTF{Right: float32(w), Bottom: float32(h)},
		// RGBA byte order, as Go's image.RGBA holds it.
		Flags: enums.FPDF_RENDER_FLAG_REVERSE_BYTE_ORDER,
	}); err != nil {
		return nil, err
	}
	buf, err := inst.FPDFBitmap_GetBuffer(&requests.FPDFBitmap_GetBuffer{Bitmap: bm.Bitmap})
	if err != nil {
		return nil, err
	}
	stride, err := inst.FPDFBitmap_GetStride(&requests.FPDFBitmap_GetStride{Bitmap: bm.Bitmap})
	if err != nil {
		return nil, err
	}
	if stride.Stride < 4*w || len(buf.Buffer) < stride.Stride*(h-1)+4*w {
		return nil, errors.New("raster: PDFium returned a short bitmap")
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		copy(row, buf.Buffer[y*stride.Stride:])
		// The bitmap has no alpha channel; its fourth byte is padding
		// with no defined value.
		for i := 3; i < len(row); i += 4 {
			row[i] = 0xFF
		}
	}
	return img, nil
}

// with runs f with a borrowed PDFium instance and pdf opened in it,
// closing both afterwards.
func (r *Rasterizer) with(pdf []byte, f func(pdfium.Pdfium, references.FPDF_DOCUMENT) error) error {
	r.mu.RLock()
	defer r.mu.RUnlock()
	if r.closed {
		return errors.New("raster: the rasterizer is closed")
	}
	inst, err := r.pool.GetInstanceWithContext(context.Background())
	if err != nil {
		return fmt.Errorf("raster: %w", err)
	}
	defer inst.Close()
	doc, err := inst.OpenDocument(&requests.OpenDocument{File: &pdf})
	if err != nil {
		return fmt.Errorf("raster: reading the PDF: %w", err)
	}
	defer inst.FPDF_CloseDocument(&requests.FPDF_CloseDocument{Document: doc.Document})
	if err := f(inst, doc.Document); err != nil {
		if strings.HasPrefix(err.Error(), "raster: ") {
			return err
		}
		return fmt.Errorf("raster: %w", err)
	}
	return nil
}
