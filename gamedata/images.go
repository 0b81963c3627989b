package gamedata

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/schema"
	"github.com/cardpress/cardpress/source"
)

var _ = registerCheck(Check{
	ID:  "pictures",
	Doc: "Checks the pictures layouts, cards and backs print: files in the game folder, PNG, JPEG or SVG that decode within the limits, sharp enough at their size, shown by image elements.",
	Codes: []*finding.Code{CodeImagePath, CodeImageFormat, CodeImageLowRes, CodeAssetTooLarge, CodeLayoutField, CodeLayoutValue, CodeTemplate,
		source.CodeFileMissing, source.CodeFileOutside, source.CodeFileRead},
	// Values already reported are not checked again; counts are filled in.
	After: []string{"card-references", "printed-text", "layout-boxes", "layout-shapes", "layout-values", "layout-fields"},
	run:   (*loader).images,
})

// Art: PNG and JPEG images on cards. A deck declares a field of type image
// (each card names its own file), a layout element of kind image shows
// that field or one file (src), a face has a background image and a frame,
// and a card back an image. Every image is read through the game folder
// once (assets.go), its header checked against the limits at its first
// use, and, once every use is known, decoded once to prove it is whole and
// scaled down to what its largest print needs (imagescale.go).
//
// An SVG drawing is checked when it is read (package svg: what it cannot
// draw faithfully, or what reaches outside the file, is refused) and
// drawn into pixels at SVGDPI at its largest print when the PDF is made,
// unless it is plain enough to be written as paths (svg.Drawing.Vector).

// Image is one image file the game uses, decoded and checked.
type Image struct {
	Path   string // in the game folder
	Format string // "png", "jpeg" or "svg"
	// Width and Height are the file's pixels; an SVG drawing's are what
	// it is drawn into (its shape, SVGDPI at its largest print).
	Width  int
	Height int
	// Data is what the PDF embeds: the file as read, or, when the picture
	// prints at more than EmbedDPI wherever it is printed, the picture
	// scaled down to EmbedDPI, in the same format (Data.Assets keeps the
	// file).
	Data []byte
}

// ImageRef names an image file (a face background's may name one per
// card: imagesource.go) and how it fills its box.
type ImageRef struct {
	Src ImageSource `yaml:"src"`
	Fit string      `yaml:"fit"`
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
// card needs, and a 16 MiB file cannot decode to gigabytes. What decoding
// takes in memory is bounded too (imagecost.go).
const MaxImagePixels = 40_000_000

// MaxBleed is the most bleed, in mm, cards are printed with (render's
// --bleed): a background or back picture covers the card and its bleed.
const MaxBleed = 10.0

// DefaultBleed is --bleed's default, in mm, for render and export png.
const DefaultBleed = 3.0

// MaxFontSize is the largest font size in pt: the layout schema's
// maximum for one, read from the embedded schema, its one source. An icon
// picture prints at most one em of it square; fitting text tries no
// larger.
func MaxFontSize() float64 { return maxFontSize() }

// fontSize is where layout.schema.json bounds a font size.
const fontSize = schema.Layout + "#/$defs/fontSize"

var maxFontSize = sync.OnceValue(func() float64 {
	s, err := schema.NewCompiler().Compile(fontSize)
	if err != nil || s.Maximum == nil {
		// The embedded schema is ours and tested: this is a build bug.
		panic(fmt.Sprintf("gamedata: the layout schema bounds no font size (%v)", err))
	}
	f, _ := s.Maximum.Float64()
	return f
})

// FieldImage is a declared card field naming an image file.
const FieldImage = "image"

// ImageFields is the image files card c's declared image fields name, by
// field name (only those that loaded).
func (g *Data) ImageFields(c Card) map[string]string {
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

// imageRead is one image file as loading goes: its header read and
// checked at its first use, then, once every use is known, decoded
// (decodeImages); or the finding to repeat at every line that names it.
type imageRead struct {
	img  *Image
	code *finding.Code
	msg  string
	cost int64         // bytes decoding takes (imagecost.go)
	uses []finding.Pos // the lines that name it
	// finest is the lowest resolution it prints at, in dpi: at its
	// largest print. +Inf while no use prints it.
	finest float64
	// warnings wait for it to decode: a damaged picture is not also
	// blurred.
	warnings []finding.Finding
	svgFill  float64 // an SVG drawing's: the share of its pixels its shapes fill
}

// image returns the image at name, its header checked, reporting at at
// (the line that names it) why there is none.
func (l *loader) image(name string, at finding.Pos) (*Image, bool) {
	data, ok := l.asset(name, at, "image")
	if !ok {
		return nil, false
	}
	r := l.decoded[name]
	if r == nil {
		r = l.readImage(name, data)
		if l.decoded == nil {
			l.decoded = map[string]*imageRead{}
		}
		l.decoded[name] = r
		l.imageOrder = append(l.imageOrder, name)
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
	r.uses = append(r.uses, at)
	return r.img, true
}

var (
	pngMagic  = []byte("\x89PNG\r\n\x1a\n")
	jpegMagic = []byte{0xff, 0xd8, 0xff}
)

// readImage checks that data is a PNG or JPEG image of a size that may be
// decoded, within the game's picture memory budget, reading its header
// only.
func (l *loader) readImage(name string, data []byte) (r *imageRead) {
	shown := finding.Visible(l.path(name))
	fail := func(code *finding.Code, format string, args ...any) *imageRead {
		return &imageRead{code: code, msg: fmt.Sprintf(format, args...)}
	}
	var format string
	var config func(io.Reader) (image.Config, error)
	switch {
	case isSVG(name, data):
		return l.readSVG(shown, name, data)
	case bytes.HasPrefix(data, pngMagic):
		format, config = "png", png.DecodeConfig
	case bytes.HasPrefix(data, jpegMagic):
		format, config = "jpeg", jpeg.DecodeConfig
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
	cfg, err := config(bytes.NewReader(data))
	if err != nil {
		return fail(CodeImageFormat, "image file %s is not a readable %s image: %s", shown, strings.ToUpper(format), err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return fail(CodeImageFormat, "image file %s has no pixels (%d × %d)", shown, cfg.Width, cfg.Height)
	}
	px := int64(cfg.Width) * int64(cfg.Height)
	if px > MaxImagePixels {
		return fail(CodeAssetTooLarge, "image file %s is %d × %d pixels, over the limit of %d million pixels; scale it down (300 dpi at its printed size is plenty)", shown, cfg.Width, cfg.Height, MaxImagePixels/1_000_000)
	}
	cost := decodeMemory(format, data, cfg.Width, cfg.Height)
	if cost.bytes > MaxImageMemory {
		why, fix := "", "scale it down (300 dpi at its printed size is plenty)"
		if cost.how != "" {
			why, fix = ", "+cost.how, cost.fix+", or "+fix
		}
		return fail(CodeAssetTooLarge, "image file %s takes %s to decode (%d × %d pixels%s), over the limit of %s for one picture; %s", shown, mib(cost.bytes), cfg.Width, cfg.Height, why, mib(MaxImageMemory), fix)
	}
	counted := cost.budgeted(px)
	if l.imageMemory+counted > MaxGameImageMemory {
		return fail(CodeAssetTooLarge, "image file %s not decoded: it counts %s, and the game's pictures would count %s together, over the budget of %s (what decoding takes, at least 4 bytes a pixel); scale pictures down to 300 dpi at their printed size", shown, mib(counted), mib(l.imageMemory+counted), mib(MaxGameImageMemory))
	}
	l.imageMemory += counted
	return &imageRead{img: &Image{Path: name, Format: format, Width: cfg.Width, Height: cfg.Height, Data: data}, cost: cost.bytes, finest: math.Inf(1)}
}

// decodeImages decodes every image whose header passed, one at a time,
// now that every line naming it is known: a damaged one is reported at
// each of them and dropped; a whole one takes the bytes to embed.
func (l *loader) decodeImages() {
	for _, name := range l.imageOrder {
		r := l.decoded[name]
		if r.img == nil {
			continue
		}
		if r.img.Format == "svg" {
			if err := svgToPrint(r.img, r.finest, r.svgFill); err != nil {
				for _, at := range r.uses {
					l.add(CodeAssetTooLarge.At(at, "SVG drawing %s %s", finding.Visible(l.path(name)), err))
				}
				delete(l.g.Images, name)
			}
			continue
		}
		data, err := decodeToPrint(r.img, r.finest)
		if err != nil {
			for _, at := range r.uses {
				l.add(CodeImageFormat.At(at, "image file %s is a damaged %s image: %s", finding.Visible(l.path(name)), strings.ToUpper(r.img.Format), err))
			}
			delete(l.g.Images, name)
			continue
		}
		l.add(r.warnings...)
		r.img.Data = data
		if r.cost >= collectAfter {
			// What it was decoded into is garbage now: collected before
			// the next picture, the heap holds one picture at a time, not
			// as many as the collector's pacing lets pile up.
			runtime.GC()
		}
	}
}

// collectAfter is the decoding cost from which the garbage of a picture
// is collected before the next (a collection costs about a millisecond).
const collectAfter = 32 << 20

// otherFormat says what a file that is neither PNG nor JPEG seems to be,
// and what to do.
func otherFormat(name string, data []byte) string {
	const use = "; use a PNG or JPEG file, or an SVG drawing"
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
	}
	return "not a PNG, JPEG or SVG image; use a PNG or JPEG file, or an SVG drawing"
}

// images reads and checks every image the game names: each declared image
// field of each card, each image in the layout and each card back's (icons
// were read with the manifest), at the line that names it, noting the
// sizes each prints at; then decodes them.
func (l *loader) images() {
	l.layoutImages()
	l.cardImages()
	l.backImages()
	l.decodeImages()
}

// layoutImages checks the images of every card face in layout.yaml, and
// that image elements show image fields and text elements do not.
func (l *loader) layoutImages() {
	if l.lay == nil {
		return
	}
	g := l.g
	// A face shared by alias is checked once; an element or picture copied
	// into a face that extends it is checked again with that face's decks,
	// whose cards may be larger or name other files.
	type use struct {
		at    finding.Pos
		decks string
	}
	seen := map[use]bool{}
	for _, f := range g.faces() {
		decks := strings.Join(f.decks, ",")
		var sizes []Size
		for _, d := range f.decks {
			if s := g.CardSize(d); !slices.Contains(sizes, s) {
				sizes = append(sizes, s)
			}
		}
		at := func(p ...string) []string { return append(slices.Clone(f.path), p...) }
		// A background covers the bleed too; a frame only the trim.
		for _, part := range []struct {
			key   string
			ref   *ImageRef
			fit   string
			bleed float64
		}{{"background_image", f.front.BackgroundImage, FitCover, MaxBleed}, {"frame", f.front.Frame, FitStretch, 0}} {
			if part.ref == nil || !part.ref.Src.Set() {
				continue
			}
			pos := l.lay.pos(at(part.key, "src")...)
			if seen[use{pos, decks}] {
				continue
			}
			seen[use{pos, decks}] = true
			fit := part.ref.FitOr(part.fit)
			if !part.ref.Src.Fixed() {
				l.checkSource(picture{f: f, src: part.ref.Src, at: at(part.key, "src"), fit: fit, bleed: part.bleed,
					box: func(s Size) (float64, float64, string) { return s.Width, s.Height, "the card (" + sizeText(s) + ")" }})
				continue
			}
			if img, ok := l.image(part.ref.Src.Path, pos); ok {
				for _, s := range sizes {
					l.lowRes(img, pos, s.Width, s.Height, fit, "the card ("+sizeText(s)+")")
					l.printsAt(img, s.Width+2*part.bleed, s.Height+2*part.bleed, fit)
				}
			}
		}
		for i, el := range f.front.Elements {
			idx := strconv.Itoa(i)
			if seen[use{el.Pos, decks}] {
				continue
			}
			seen[use{el.Pos, decks}] = true
			l.checkImageField(f, el)
			if el.KindOr() != KindImage || !el.Src.Set() {
				continue
			}
			if !el.Src.Fixed() {
				if len(el.Box) == 4 {
					l.checkSource(picture{f: f, src: el.Src, at: at("elements", idx, "src"), fit: el.ImageFit(), cond: el.Cond,
						box: func(Size) (float64, float64, string) { return el.Box[2], el.Box[3], "its box " + boxText(el.Box) }})
				}
				continue
			}
			pos := l.lay.pos(at("elements", idx, "src")...)
			img, ok := l.image(el.Src.Path, pos)
			if ok && len(el.Box) == 4 {
				w, h := el.Upright() // a picture turned a quarter fills its box turned
				l.lowRes(img, pos, w, h, el.ImageFit(), "its box "+boxText(el.Box))
				l.printsAt(img, w, h, el.ImageFit())
			}
		}
	}
}

// checkImageField reports an image element whose field is not an image,
// and a text element whose field is one: either prints nothing.
func (l *loader) checkImageField(f face, el Element) {
	if el.Field == "" {
		return
	}
	var image, other []string // decks declaring the field as an image, or as something else
	otherType := ""
	for _, d := range f.checkDecks(l.g) {
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
	case el.KindOr() == KindImage && len(image) == 0 && len(other) > 0:
		l.add(CodeLayoutField.At(el.FieldPos, "field %q of %s is a %s field, not an image: an element of kind image shows a field of type image", el.Field, deckList(other), otherType))
	case el.KindOr() == KindImage && len(image) == 0 && slices.Contains(layoutFields, el.Field):
		l.add(CodeLayoutField.At(el.FieldPos, "field %q is text, not an image: an element of kind image shows a field of type image, or one file with src", el.Field))
	case el.KindOr() != KindImage && len(image) > 0 && len(other) == 0:
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
			// the boxes that show the field, which is also its largest
			// print.
			var worst *Element
			worstDPI := math.Inf(1)
			lay := g.Layout.FrontOf(c.Deck)
			for i, el := range lay.Elements {
				if el.KindOr() != KindImage || el.Field != f.Name || len(el.Box) != 4 {
					continue
				}
				w, h := el.Upright()
				if dpi := printedDPI(img, w, h, el.ImageFit()); dpi < worstDPI {
					worst, worstDPI = &lay.Elements[i], dpi
				}
			}
			if worst != nil {
				w, h := worst.Upright()
				l.lowRes(img, pos, w, h, worst.ImageFit(), "its box "+boxText(worst.Box))
				l.printsAt(img, w, h, worst.ImageFit())
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
		if ref == nil || ref.Src.Path == "" {
			continue
		}
		pos := l.man.pos("print", "backs", id, "image", "src")
		img, ok := l.image(ref.Src.Path, pos)
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
			l.printsAt(img, s.Width+2*MaxBleed, s.Height+2*MaxBleed, ref.FitOr(FitCover))
		}
	}
}

// lowRes warns at pos when img prints under MinImageDPI in a box of w × h
// mm (where says which box) with fit.
func (l *loader) lowRes(img *Image, pos finding.Pos, w, h float64, fit, where string) {
	if w <= 0 || h <= 0 || img.Format == "svg" { // drawn at SVGDPI whatever its size
		return
	}
	dpi := printedDPI(img, w, h, fit)
	if dpi >= MinImageDPI {
		return
	}
	// As many more pixels as it takes to reach MinImageDPI, same shape.
	k := MinImageDPI / dpi
	r := l.decoded[img.Path]
	r.warnings = append(r.warnings, CodeImageLowRes.At(pos, "image %s (%d × %d pixels) prints at %.0f dpi in %s (fit %s): under %d dpi it looks blurred; use at least %d × %d pixels",
		finding.Visible(l.path(img.Path)), img.Width, img.Height, math.Floor(dpi), where, fit, MinImageDPI,
		int(math.Ceil(float64(img.Width)*k)), int(math.Ceil(float64(img.Height)*k))))
}

// printsAt records that img prints in a box of w × h mm with fit: the
// largest print decides the size it is embedded at.
func (l *loader) printsAt(img *Image, w, h float64, fit string) {
	if w > 0 && h > 0 {
		r := l.decoded[img.Path]
		r.finest = min(r.finest, printedDPI(img, w, h, fit))
	}
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
