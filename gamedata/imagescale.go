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

// shrink scales src down to w × h pixels. Scaling down in one step with a
// kernel that looks at every source pixel (draw.CatmullRom) costs 1-1.6 s
// and a buffer of 32 bytes per pixel of w × src's height (300 MB for a
// 40-megapixel picture); one that looks at four pixels a point
// (draw.ApproxBiLinear) skips most of them, and fine lines turn to moiré.
// So src is halved, each pixel the mean of four, until it is less than
// twice the size wanted, and only that last step blends four pixels a
// point: 0.2 s for 40 megapixels, in a quarter of its memory.
func shrink(src image.Image, w, h int) image.Image {
	w, h = max(w, 1), max(h, 1)
	grey := gray(src)
	cur := src
	src = nil // the picture is let go once halved
	for b := cur.Bounds(); b.Dx() >= 2*w && b.Dy() >= 2*h; b = cur.Bounds() {
		half := image.NewRGBA(image.Rect(0, 0, (b.Dx()+1)/2, (b.Dy()+1)/2))
		scale(half, cur)
		cur = half
	}
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	scale(out, cur)
	if grey {
		g := image.NewGray(out.Bounds())
		draw.Draw(g, g.Bounds(), out, image.Point{}, draw.Src)
		return g
	}
	return out
}

// scale draws all of src into all of dst with draw.ApproxBiLinear, in
// bands of rows, one a core: each pixel is worked out on its own, so the
// bands give the bytes one call would. A panic in a band is raised again
// here, where decodeToPrint recovers it: it must not end the process.
func scale(dst *image.RGBA, src image.Image) {
	b := dst.Bounds()
	n := min(runtime.GOMAXPROCS(0), b.Dy())
	panics := make([]any, n)
	var wg sync.WaitGroup
	for i := range n {
		band := image.Rect(b.Min.X, b.Min.Y+b.Dy()*i/n, b.Max.X, b.Min.Y+b.Dy()*(i+1)/n)
		wg.Go(func() {
			defer func() { panics[i] = recover() }()
			draw.ApproxBiLinear.Scale(dst.SubImage(band).(*image.RGBA), b, src, src.Bounds(), draw.Src, nil)
		})
	}
	wg.Wait()
	for _, p := range panics {
		if p != nil {
			panic(p)
		}
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
