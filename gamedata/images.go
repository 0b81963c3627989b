package gamedata

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"math"
	"slices"
	"strconv"
	"strings"

	"cardpress/finding"
)

// Art: PNG and JPEG images on cards. A deck declares a field of type image
// (each card names its own file), a layout element of kind image shows
// that field or one file (src), a face has a background image and a frame,
// and a card back an image. Every image is read through the game folder
// once (assets.go), decoded once to prove it is whole, and checked against
// the size it prints at.
//
// SVG is not supported: the pure-Go SVG renderers there are draw a subset
// of SVG and leave out the rest without a word (see docs/own-game.md#art).

// Image is one image file the game uses, decoded and checked.
type Image struct {
	Path   string // in the game folder
	Format string // "png" or "jpeg"
	Width  int    // pixels
	Height int
	Data   []byte // the file as read
}

// ImageRef names an image file and how it fills its box.
type ImageRef struct {
	Src string `yaml:"src"`
	Fit string `yaml:"fit"`
}

// How an image fills its box: contain shows all of it, centred, leaving
// bands of the background; cover fills the box, centred, cutting off what
// sticks out; stretch fills it exactly, distorting the image when the box
// has another shape.
const (
	FitContain = "contain"
	FitCover   = "cover"
	FitStretch = "stretch"
)

// FitOr is the fit the reference asks for, or def when it names none.
func (r *ImageRef) FitOr(def string) string {
	if r == nil || r.Fit == "" {
		return def
	}
	return r.Fit
}

// ImageFit is how an image element fills its box (contain unless it says).
func (e Element) ImageFit() string {
	if e.Fit == "" {
		return FitContain
	}
	return e.Fit
}

// MinImageDPI is the resolution under which printed art looks blurred or
// pixelated at arm's length; print shops ask for 300 and accept 150.
const MinImageDPI = 150

// MaxImagePixels bounds an image's size once decoded (4 bytes a pixel):
// 40 million pixels is a 53 × 53 cm poster at 300 dpi, far more than a
// card needs, and a 16 MiB file cannot decode to gigabytes.
const MaxImagePixels = 40_000_000

// FieldImage is a declared card field naming an image file.
const FieldImage = "image"

// ImageFields is the image files card c's declared image fields name, by
// field name (only those that loaded).
func (g *Game) ImageFields(c Card) map[string]string {
	var out map[string]string
	for _, f := range g.Manifest.FieldsOf(c.Deck) {
		p, ok := c.Values[f.Name].(string)
		if f.Type != FieldImage || !ok || g.Images[p] == nil {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		out[f.Name] = p
	}
	return out
}

// imageRead is the outcome of decoding one file: the image, or the finding
// to repeat at every line that names it.
type imageRead struct {
	img  *Image
	code *finding.Code
	msg  string
}

// image returns the decoded image at name, reporting at at (the line that
// names it) why there is none.
func (l *loader) image(name string, at finding.Pos) (*Image, bool) {
	data, ok := l.asset(name, at, "image")
	if !ok {
		return nil, false
	}
	r, seen := l.decoded[name]
	if !seen {
		r = decodeImage(name, l.path(name), data)
		if l.decoded == nil {
			l.decoded = map[string]imageRead{}
		}
		l.decoded[name] = r
		if r.img != nil {
			if l.g.Images == nil {
				l.g.Images = map[string]*Image{}
			}
			l.g.Images[name] = r.img
		}
	}
	if r.img == nil {
		l.add(r.code.At(at, "%s", r.msg))
		return nil, false
	}
	return r.img, true
}

var (
	pngMagic  = []byte("\x89PNG\r\n\x1a\n")
	jpegMagic = []byte{0xff, 0xd8, 0xff}
)

// decodeImage checks that data is a whole PNG or JPEG image of a size that
// may be decoded, by decoding it: a truncated or corrupt file would print
// as garbage, or stop the PDF writer, long after validation passed.
func decodeImage(name, shown string, data []byte) (r imageRead) {
	shown = finding.Visible(shown)
	fail := func(code *finding.Code, format string, args ...any) imageRead {
		return imageRead{code: code, msg: fmt.Sprintf(format, args...)}
	}
	var format string
	var config func([]byte) (image.Config, error)
	var decode func([]byte) error
	switch {
	case bytes.HasPrefix(data, pngMagic):
		format = "png"
		config = func(b []byte) (image.Config, error) { return png.DecodeConfig(bytes.NewReader(b)) }
		decode = func(b []byte) error { _, err := png.Decode(bytes.NewReader(b)); return err }
	case bytes.HasPrefix(data, jpegMagic):
		format = "jpeg"
		config = func(b []byte) (image.Config, error) { return jpeg.DecodeConfig(bytes.NewReader(b)) }
		decode = func(b []byte) error { _, err := jpeg.Decode(bytes.NewReader(b)); return err }
	default:
		return fail(CodeImageFormat, "image file %s is %s", shown, otherFormat(name, data))
	}
	// The decoders are fed files from pull requests: a panic in one is a
	// broken image, never a crash.
	defer func() {
		if p := recover(); p != nil {
			r = fail(CodeImageFormat, "image file %s cannot be decoded: %v", shown, p)
		}
	}()
	cfg, err := config(data)
	if err != nil {
		return fail(CodeImageFormat, "image file %s is not a readable %s image: %s", shown, strings.ToUpper(format), err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return fail(CodeImageFormat, "image file %s has no pixels (%d × %d)", shown, cfg.Width, cfg.Height)
	}
	if px := int64(cfg.Width) * int64(cfg.Height); px > MaxImagePixels {
		return fail(CodeAssetTooLarge, "image file %s is %d × %d pixels, over the limit of %d million pixels; scale it down (300 dpi at its printed size is plenty)", shown, cfg.Width, cfg.Height, MaxImagePixels/1_000_000)
	}
	if err := decode(data); err != nil {
		return fail(CodeImageFormat, "image file %s is a damaged %s image: %s", shown, strings.ToUpper(format), err)
	}
	return imageRead{img: &Image{Path: name, Format: format, Width: cfg.Width, Height: cfg.Height, Data: data}}
}

// otherFormat says what a file that is neither PNG nor JPEG seems to be,
// and what to do.
func otherFormat(name string, data []byte) string {
	const use = "; use a PNG or JPEG file"
	head := data[:min(len(data), 512)]
	switch {
	case len(data) == 0:
		return "empty" + use
	case bytes.HasPrefix(head, []byte("GIF8")):
		return "a GIF image" + use
	case len(head) >= 12 && bytes.Equal(head[:4], []byte("RIFF")) && bytes.Equal(head[8:12], []byte("WEBP")):
		return "a WebP image" + use
	case bytes.HasPrefix(head, []byte("BM")):
		return "a BMP image" + use
	case bytes.HasPrefix(head, []byte("II*\x00")), bytes.HasPrefix(head, []byte("MM\x00*")):
		return "a TIFF image" + use
	case bytes.Contains(bytes.ToLower(head), []byte("<svg")), strings.HasSuffix(strings.ToLower(name), ".svg"):
		return "an SVG drawing, which cardpress does not draw: export it as a PNG at 300 dpi at its printed size"
	}
	return "not a PNG or JPEG image" + use
}

// images reads and checks every image the game names: each declared image
// field of each card, each image in the layout and each card back's, at
// the line that names it; then warns of those too coarse for the size they
// print at.
func (l *loader) images() {
	l.layoutImages()
	l.cardImages()
	l.backImages()
}

// layoutImages checks the images of every card face in layout.yaml, and
// that image elements show image fields and text elements do not.
func (l *loader) layoutImages() {
	if l.lay == nil {
		return
	}
	g := l.g
	seen := map[finding.Pos]bool{} // a face shared by alias is checked once
	for _, f := range g.faces() {
		var sizes []Size
		for _, d := range f.decks {
			if s := g.CardSize(d); !slices.Contains(sizes, s) {
				sizes = append(sizes, s)
			}
		}
		at := func(p ...string) finding.Pos { return l.lay.pos(append(slices.Clone(f.path), p...)...) }
		for _, part := range []struct {
			key string
			ref *ImageRef
			fit string
		}{{"background_image", f.front.BackgroundImage, FitCover}, {"frame", f.front.Frame, FitStretch}} {
			if part.ref == nil || part.ref.Src == "" {
				continue
			}
			pos := at(part.key, "src")
			if seen[pos] {
				continue
			}
			seen[pos] = true
			if img, ok := l.image(part.ref.Src, pos); ok {
				for _, s := range sizes {
					l.lowRes(img, pos, s.Width, s.Height, part.ref.FitOr(part.fit), "the card ("+sizeText(s)+")")
				}
			}
		}
		for i, el := range f.front.Elements {
			idx := strconv.Itoa(i)
			if seen[el.Pos] {
				continue
			}
			seen[el.Pos] = true
			l.checkImageField(f, el)
			if el.Kind != "image" || el.Src == "" {
				continue
			}
			pos := at("elements", idx, "src")
			img, ok := l.image(el.Src, pos)
			if ok && len(el.Box) == 4 {
				l.lowRes(img, pos, el.Box[2], el.Box[3], el.ImageFit(), "its box "+boxText(el.Box))
			}
		}
	}
}

// checkImageField reports an image element whose field is not an image,
// and a text element whose field is one: either prints nothing.
func (l *loader) checkImageField(f face, el Element) {
	if el.Field == "" || len(f.decks) == 0 {
		return
	}
	var image, other []string // decks declaring the field as an image, or as something else
	otherType := ""
	for _, d := range f.decks {
		for _, fd := range l.g.Manifest.FieldsOf(d) {
			if fd.Name != el.Field {
				continue
			}
			if fd.Type == FieldImage {
				image = append(image, d)
			} else {
				other, otherType = append(other, d), fd.Type
			}
			break
		}
	}
	switch {
	case el.Kind == "image" && len(image) == 0 && len(other) > 0:
		l.add(CodeLayoutField.At(el.FieldPos, "field %q of %s is a %s field, not an image: an element of kind image shows a field of type image", el.Field, deckList(other), otherType))
	case el.Kind == "image" && len(image) == 0 && slices.Contains(layoutFields, el.Field):
		l.add(CodeLayoutField.At(el.FieldPos, "field %q is text, not an image: an element of kind image shows a field of type image, or one file with src", el.Field))
	case el.Kind != "image" && len(image) > 0 && len(other) == 0:
		l.add(CodeLayoutField.At(el.FieldPos, "field %q of %s is an image: draw it with kind: image", el.Field, deckList(image)))
	}
}

// cardImages checks the image each card's declared image fields name, at
// the field's value in the card file.
func (l *loader) cardImages() {
	g := l.g
	for k, c := range g.Cards {
		if k >= len(l.cardAt) {
			break
		}
		ref := l.cardAt[k]
		for _, f := range g.Manifest.FieldsOf(c.Deck) {
			name, ok := c.Values[f.Name].(string)
			if f.Type != FieldImage || !ok {
				continue
			}
			pos := ref.d.pos("cards", ref.i, f.Name)
			img, ok := l.image(name, pos)
			if !ok {
				continue
			}
			// The card's face decides its printed size: the coarsest of
			// the boxes that show the field.
			var worst *Element
			worstDPI := math.Inf(1)
			lay := g.Layout.FrontOf(c.Deck)
			for i, el := range lay.Elements {
				if el.Kind != "image" || el.Field != f.Name || len(el.Box) != 4 {
					continue
				}
				if dpi := printedDPI(img, el.Box[2], el.Box[3], el.ImageFit()); dpi < worstDPI {
					worst, worstDPI = &lay.Elements[i], dpi
				}
			}
			if worst != nil {
				l.lowRes(img, pos, worst.Box[2], worst.Box[3], worst.ImageFit(), "its box "+boxText(worst.Box))
			}
		}
	}
}

// backImages checks the image of each card back in game.yaml, at the size
// of the decks that use it.
func (l *loader) backImages() {
	m := &l.g.Manifest
	for _, id := range keys(m.Print.Backs) {
		ref := m.Print.Backs[id].Image
		if ref == nil || ref.Src == "" {
			continue
		}
		pos := l.man.pos("print", "backs", id, "image", "src")
		img, ok := l.image(ref.Src, pos)
		if !ok {
			continue
		}
		var sizes []Size
		for _, d := range m.Decks {
			if s := l.g.CardSize(d.ID); d.Back == id && !slices.Contains(sizes, s) {
				sizes = append(sizes, s)
			}
		}
		for _, s := range sizes {
			l.lowRes(img, pos, s.Width, s.Height, ref.FitOr(FitCover), "the card ("+sizeText(s)+")")
		}
	}
}

// lowRes warns at pos when img prints under MinImageDPI in a box of w × h
// mm (where says which box) with fit.
func (l *loader) lowRes(img *Image, pos finding.Pos, w, h float64, fit, where string) {
	if w <= 0 || h <= 0 {
		return
	}
	dpi := printedDPI(img, w, h, fit)
	if dpi >= MinImageDPI {
		return
	}
	// As many more pixels as it takes to reach MinImageDPI, same shape.
	k := MinImageDPI / dpi
	l.add(CodeImageLowRes.At(pos, "image %s (%d × %d pixels) prints at %.0f dpi in %s (fit %s): under %d dpi it looks blurred; use at least %d × %d pixels",
		finding.Visible(l.path(img.Path)), img.Width, img.Height, math.Floor(dpi), where, fit, MinImageDPI,
		int(math.Ceil(float64(img.Width)*k)), int(math.Ceil(float64(img.Height)*k))))
}

// printedDPI is the resolution img prints at in a box of w × h mm: with
// cover or stretch the lower of its two directions sets it (the image is
// enlarged until both fill the box); with contain the higher (it is
// enlarged until one does).
func printedDPI(img *Image, w, h float64, fit string) float64 {
	x := float64(img.Width) * 25.4 / w
	y := float64(img.Height) * 25.4 / h
	if fit == FitContain {
		return max(x, y)
	}
	return min(x, y)
}
