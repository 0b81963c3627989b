package gamedata

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"math"
	"runtime"
	"sync"

	"golang.org/x/image/draw"
)

// EmbedDPI is the most resolution a picture is embedded at, at the
// largest size the game prints it: a picture with more is scaled down to
// it once, when the game is loaded, and the PDF embeds that instead. 600
// dpi is twice what print shops ask for and as fine as a laser printer
// draws; a 40-megapixel picture printed 6 cm wide keeps 1,417 pixels of
// its 6,325, and the PDF a thirtieth of its pixels.
const EmbedDPI = 600

// embedJPEGQuality is the quality a scaled-down JPEG is written at: at
// 600 dpi the losses of another round of compression do not show.
const embedJPEGQuality = 92

// decodeToPrint decodes img's file, which proves it whole, and returns
// what the PDF is to embed: the file itself, unless its largest print is
// at more than EmbedDPI (finest is the lowest dpi it prints at; +Inf when
// it is not printed), then the picture scaled down to EmbedDPI there, in
// the file's format. The same file gives the same bytes.
func decodeToPrint(img *Image, finest float64) (out []byte, err error) {
	// The decoders are fed files from pull requests: a panic in one is a
	// broken image, never a crash.
	defer func() {
		if p := recover(); p != nil {
			out, err = nil, fmt.Errorf("%v", p)
		}
	}()
	var src image.Image
	if img.Format == "png" {
		src, err = png.Decode(bytes.NewReader(img.Data))
	} else {
		src, err = jpeg.Decode(bytes.NewReader(img.Data))
	}
	if err != nil || finest <= EmbedDPI || math.IsInf(finest, 1) {
		return img.Data, err
	}
	k := EmbedDPI / finest
	small := shrink(src, int(math.Ceil(float64(img.Width)*k)), int(math.Ceil(float64(img.Height)*k)))
	var b bytes.Buffer
	if img.Format == "jpeg" {
		err = jpeg.Encode(&b, small, &jpeg.Options{Quality: embedJPEGQuality})
	} else {
		err = png.Encode(&b, small)
	}
	return b.Bytes(), err
}

// shrink scales src down to w × h pixels by area averaging: each pixel
// of the result is the mean of the source pixels it covers, weighted by
// how much of each it covers. Every source pixel counts, so fine lines
// become an even tone rather than moiré, and the arithmetic is integer,
// so the same picture gives the same bytes on every machine (a float
// resampler's results differ where the compiler fuses multiply and add,
// as it does on arm64). Rows are worked in bands, one a core.
func shrink(src image.Image, w, h int) image.Image {
	w, h = max(w, 1), max(h, 1)
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	scale(out, src)
	if gray(src) {
		g := image.NewGray(out.Bounds())
		draw.Draw(g, g.Bounds(), out, image.Point{}, draw.Src)
		return g
	}
	return out
}

// scale draws all of src into all of dst by area averaging, in bands of
// rows, one a core: each row is worked out on its own, so the bands give
// the bytes one call would. A panic in a band is raised again here, where
// decodeToPrint recovers it: it must not end the process.
func scale(dst *image.RGBA, src image.Image) {
	b := dst.Bounds()
	cols, rows := spans(src.Bounds().Dx(), b.Dx()), spans(src.Bounds().Dy(), b.Dy())
	n := min(runtime.GOMAXPROCS(0), b.Dy())
	panics := make([]any, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			defer func() { panics[i] = recover() }()
			scaleRows(dst, src, cols, rows, b.Dy()*i/n, b.Dy()*(i+1)/n)
		})
	}
	wg.Wait()
	for _, p := range panics {
		if p != nil {
			panic(p)
		}
	}
}

// span is one source pixel's share of a result pixel: its index and the
// length of their overlap, in units where a source pixel is as long as
// the result has pixels and a result pixel as the source has.
type span struct{ at, weight int }

// spans lists, for each of the to result pixels along one axis, the from
// source pixels it covers and by how much: result pixel x covers
// [x·from, (x+1)·from), source pixel i covers [i·to, (i+1)·to); each
// result pixel's weights add up to from.
func spans(from, to int) [][]span {
	out := make([][]span, to)
	for x := range out {
		lo, hi := x*from, (x+1)*from
		for i := lo / to; i*to < hi; i++ {
			a, b := max(lo, i*to), min(hi, (i+1)*to)
			out[x] = append(out[x], span{i, b - a})
		}
	}
	return out
}

// scaleRows works out result rows y0 to y1 of dst from src, whose
// columns and rows cover the result's as cols and rows say. Each source
// row is converted to 8-bit premultiplied RGBA (draw.Draw's fast paths)
// and summed across once; a row shared by two result rows is summed once.
func scaleRows(dst *image.RGBA, src image.Image, cols, rows [][]span, y0, y1 int) {
	sb := src.Bounds()
	w := dst.Bounds().Dx()
	line := image.NewRGBA(image.Rect(0, 0, sb.Dx(), 1))
	across := make([]uint64, 4*w) // one source row summed across
	acc := make([]uint64, 4*w)
	last := -1
	total := uint64(sb.Dx()) * uint64(sb.Dy())
	for y := y0; y < y1; y++ {
		clear(acc)
		for _, r := range rows[y] {
			if r.at != last {
				draw.Draw(line, line.Bounds(), src, image.Pt(sb.Min.X, sb.Min.Y+r.at), draw.Src)
				sumAcross(across, line.Pix, cols)
				last = r.at
			}
			for k, v := range across {
				acc[k] += v * uint64(r.weight)
			}
		}
		px := dst.Pix[y*dst.Stride : y*dst.Stride+4*w]
		for k, v := range acc {
			px[k] = uint8((v + total/2) / total)
		}
	}
}

// sumAcross sums one RGBA row into the result's columns by their spans.
func sumAcross(across []uint64, pix []uint8, cols [][]span) {
	for x, c := range cols {
		var r, g, b, a uint64
		for _, s := range c {
			p := pix[4*s.at : 4*s.at+4]
			w := uint64(s.weight)
			r, g, b, a = r+uint64(p[0])*w, g+uint64(p[1])*w, b+uint64(p[2])*w, a+uint64(p[3])*w
		}
		across[4*x], across[4*x+1], across[4*x+2], across[4*x+3] = r, g, b, a
	}
}

// gray reports whether img has grey pixels only: its small copy is
// written grey too, a third the size.
func gray(img image.Image) bool {
	switch img.(type) {
	case *image.Gray, *image.Gray16:
		return true
	}
	return false
}
