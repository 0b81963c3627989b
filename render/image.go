package render

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/zlib"
	"crypto/sha256"
	"encoding/binary"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"
	"maps"
	"reflect"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/svg"

	"codeberg.org/go-pdf/fpdf"
)

// Pictures on cards: each image file is embedded in the PDF once, under a
// name made from its content (two paths to the same picture share it), the
// first time a card draws it; every card after that only places it.
//
// Turning a picture into the PDF's form is most of what art costs: a PNG
// with transparency is inflated, split into colour and alpha and deflated
// twice. So every picture of the document is parsed up front, on all
// cores, and the main writer adopts the parsed record when a card first
// draws the picture.

// artSet is the pictures of one PDF: parsed, and embedded so far.
type artSet struct {
	byPath map[string]string  // path → name in the PDF; "" when it cannot be embedded
	hashOf map[string]string  // path → content hash
	byHash map[string]string  // content hash → name in the PDF, once embedded
	parsed map[string]*parsed // content hash → the writer's record of it
	raised bool               // the PDF's version is raised to 1.4, which soft masks need
	res    pdfResources       // what SVG drawings drawn as paths add to the PDF
}

// parsed is one picture as the PDF writer holds it, or why it cannot be;
// or, for an SVG drawing written as paths, its shapes (and no record).
type parsed struct {
	rec imageRecord
	err error
	vec *vectorArt
}

// imageName embeds the picture at path on first use and returns its name
// in the PDF; false when the document has no such image (validation
// reports it; render draws nothing rather than fail).
func (r *renderer) imageName(path string) (string, *gamedata.Image, bool) {
	img := r.doc.Images[path]
	if img == nil || img.Width <= 0 || img.Height <= 0 || r.pdf.Err() {
		return "", nil, false
	}
	if r.art == nil {
		r.art = parseAll(r.doc.Images)
	}
	if name, ok := r.art.byPath[path]; ok {
		return name, img, name != ""
	}
	hash := r.art.hashOf[path]
	name, ok := r.art.byHash[hash]
	if !ok {
		name = "art-" + hash
		if err := r.adopt(name, r.art.parsed[hash], len(r.art.byHash)); err != nil {
			r.pdf.ClearError() // the writer's own words, if any, are in err
			r.pdf.SetErrorf("image %s: %v", path, err)
			name = ""
		}
		r.art.byHash[hash] = name
	}
	r.art.byPath[path] = name
	return name, img, name != ""
}

// parseAll parses every picture of the document, each distinct content
// once, on as many cores as there are.
func parseAll(images map[string]*gamedata.Image) *artSet {
	art := &artSet{byPath: map[string]string{}, hashOf: map[string]string{}, byHash: map[string]string{}, parsed: map[string]*parsed{},
		res: pdfResources{shadings: named{prefix: "CPSh"}, states: named{prefix: "CPGS"}, xobjects: named{prefix: "CPFm"}}}
	var todo []*gamedata.Image
	var hashes []string
	for _, path := range slices.Sorted(maps.Keys(images)) {
		img := images[path]
		if img == nil {
			continue
		}
		sum := sha256.Sum256(img.Data)
		hash := hex.EncodeToString(sum[:16])
		art.hashOf[path] = hash
		if _, ok := art.parsed[hash]; !ok {
			art.parsed[hash] = &parsed{}
			todo, hashes = append(todo, img), append(hashes, hash)
		}
	}
	results := make([]parsed, len(todo))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(todo)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := &parser{w: fpdf.New("P", "mm", "A4", "")} // the unit sets the record's scale
			for i := int(next.Add(1) - 1); i < len(todo); i = int(next.Add(1) - 1) {
				results[i] = p.parseWithin(fmt.Sprint(i), todo[i])
			}
		}()
	}
	wg.Wait()
	for i, hash := range hashes {
		*art.parsed[hash] = results[i]
	}
	return art
}

// parser turns pictures into PDF image records, one goroutine's worth:
// a PDF writer of its own, and buffers kept from picture to picture.
type parser struct {
	w      *fpdf.Fpdf
	inflow io.ReadCloser // deflate reader, reset for each picture
	row    []byte        // one inflated row of a picture
	colour []byte        // its colour
	alpha  []byte        // its alpha
	cz, az *zlib.Writer
}

// heavyPixels is the size from which a picture is parsed alone: a PNG
// the PDF writer cannot take as it is (16 bits a channel, interlaced, a
// palette with transparency) is decoded and written again, which takes up
// to what gamedata.MaxImageMemory allows and 4 bytes a pixel more, so two
// at once could take twice that. Loading has scaled pictures down to what
// they print at, so this is rare.
const heavyPixels = 16_000_000

// heavy is held while a heavy picture is parsed, by any PDF being made.
var heavy sync.Mutex

// parseWithin is parse, one heavy picture at a time.
func (p *parser) parseWithin(name string, img *gamedata.Image) parsed {
	px := int64(img.Width) * int64(img.Height)
	// An SVG drawing holds up to nine pictures its size while it is drawn
	// (svg.MaxClipNesting): a large one is drawn alone too.
	if img.Format == "svg" && px >= svg.MaxPixels/4 {
		px = heavyPixels
	}
	if px < heavyPixels {
		return p.parse(name, img)
	}
	heavy.Lock()
	defer heavy.Unlock()
	return p.parse(name, img)
}

// parse returns the record of img, named name in the parser's writer.
func (p *parser) parse(name string, img *gamedata.Image) (out parsed) {
	// fpdf can panic on data it did not expect; here, in a goroutine of
	// its own, that must become an error, not a crash.
	defer func() {
		if x := recover(); x != nil {
			out = parsed{err: fmt.Errorf("the PDF writer failed on it: %v", x)}
		}
	}()
	if int64(img.Width)*int64(img.Height) > gamedata.MaxImagePixels {
		// Validation refuses it; render, called without, must not run out
		// of memory on it either.
		return parsed{err: fmt.Errorf("%d × %d pixels is over the limit of %d", img.Width, img.Height, gamedata.MaxImagePixels)}
	}
	if img.Format == "svg" {
		return p.drawSVG(img)
	}
	data, kind, err := embeddable(img)
	if err != nil {
		return parsed{err: err}
	}
	if kind == "png" {
		if rec, ok, err := p.splitAlpha(data); ok || err != nil {
			return parsed{rec: rec, err: err}
		}
	}
	info := p.w.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: kind}, bytes.NewReader(data))
	if err := p.w.Error(); err != nil {
		p.w.ClearError()
		return parsed{err: err}
	}
	rec, err := readRecord(info)
	return parsed{rec: rec, err: err}
}

// splitAlpha makes the record of a plain PNG with an alpha channel (8-bit
// grey or RGB with alpha, not interlaced); ok is false for any other PNG.
// A PDF image has no alpha channel: colour and alpha become two streams,
// the alpha a soft mask. Each keeps the PNG's own filtered rows, the filter
// byte in front of every row, which the PDF's PNG predictor undoes: the
// filters work byte by byte on the same channel of the pixel before, so
// they survive the split. fpdf does the same, but makes two new
// compressors for every picture, which costs more than the work itself.
func (p *parser) splitAlpha(data []byte) (rec imageRecord, ok bool, err error) {
	const sig = 8
	if len(data) < sig+8+13 || string(data[sig+4:sig+8]) != "IHDR" {
		return rec, false, nil
	}
	ihdr := data[sig+8 : sig+8+13]
	w, h := int(binary.BigEndian.Uint32(ihdr[0:])), int(binary.BigEndian.Uint32(ihdr[4:]))
	depth, colorType, interlace := ihdr[8], ihdr[9], ihdr[12]
	channels := map[byte]int{4: 1, 6: 3}[colorType]
	if depth != 8 || interlace != 0 || channels == 0 || w <= 0 || h <= 0 {
		return rec, false, nil
	}
	if int64(w)*int64(h) > gamedata.MaxImagePixels {
		return rec, true, fmt.Errorf("%d × %d pixels is over the limit of %d", w, h, gamedata.MaxImagePixels)
	}
	var idat [][]byte
	for at := sig; at+12 <= len(data); {
		n := int(binary.BigEndian.Uint32(data[at:]))
		if n < 0 || n > len(data)-at-12 {
			return rec, true, fmt.Errorf("a PNG chunk runs past the end of the file")
		}
		kind := string(data[at+4 : at+8])
		if kind == "IDAT" {
			idat = append(idat, data[at+8:at+8+n])
		}
		if kind == "IEND" {
			break
		}
		at += 12 + n
	}
	rs := make([]io.Reader, len(idat))
	for i, b := range idat {
		rs[i] = bytes.NewReader(b)
	}
	src := bufio.NewReader(io.MultiReader(rs...))
	// The zlib header, then raw deflate: its checksum was verified when
	// the game was loaded (png.Decode), and checking it again would cost
	// a third of the time here.
	if _, err := src.Discard(2); err != nil {
		return rec, true, err
	}
	if p.inflow == nil {
		p.inflow = flate.NewReader(src)
	} else if err := p.inflow.(flate.Resetter).Reset(src, nil); err != nil {
		return rec, true, err
	}
	if rec.data, rec.smask, err = p.splitRows(w, h, channels); err != nil {
		return rec, true, err
	}
	rec.w, rec.h, rec.bpc, rec.filter = float64(w), float64(h), 8, "FlateDecode"
	rec.cs = map[int]string{1: "DeviceGray", 3: "DeviceRGB"}[channels]
	rec.dp = fmt.Sprintf("/Predictor 15 /Colors %d /BitsPerComponent 8 /Columns %d", channels, w)
	return rec, true, nil
}

// splitRows reads h rows of w pixels, channels of colour and one of
// alpha, from p.inflow, and compresses their colour and their alpha apart
// as it goes: a picture is never held inflated, only one row of it.
func (p *parser) splitRows(w, h, channels int) (colour, alpha []byte, err error) {
	stride := 1 + (channels+1)*w
	p.row = slices.Grow(p.row[:0], stride)[:stride]
	p.colour = slices.Grow(p.colour[:0], 1+channels*w)[:1+channels*w]
	p.alpha = slices.Grow(p.alpha[:0], 1+w)[:1+w]
	var cout, aout bytes.Buffer
	cz, az := compressor(&p.cz, &cout), compressor(&p.az, &aout)
	for y := range h {
		// No more than the rows need: trailing data cannot inflate
		// without end.
		if _, err := io.ReadFull(p.inflow, p.row); err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil, nil, fmt.Errorf("the PNG holds %d rows of pixels, not %d", y, h)
		} else if err != nil {
			return nil, nil, err
		}
		row := p.row
		p.colour[0], p.alpha[0] = row[0], row[0] // the filter byte
		for x, c, a := 1, 1, 1; x < stride; x, a = x+channels+1, a+1 {
			c += copy(p.colour[c:], row[x:x+channels])
			p.alpha[a] = row[x+channels]
		}
		if _, err := cz.Write(p.colour); err != nil {
			return nil, nil, err
		}
		if _, err := az.Write(p.alpha); err != nil {
			return nil, nil, err
		}
	}
	if err := cz.Close(); err != nil {
		return nil, nil, err
	}
	if err := az.Close(); err != nil {
		return nil, nil, err
	}
	return cout.Bytes(), aout.Bytes(), nil
}

// drawSVG draws an SVG drawing into img.Width × img.Height pixels (what
// loading chose: gamedata.SVGDPI at its largest print) and makes the
// record from them, colour and alpha apart, as splitAlpha does; a drawing
// that can be written as paths is not drawn here at all.
func (p *parser) drawSVG(img *gamedata.Image) parsed {
	d, err := svg.Parse(img.Data)
	if err != nil {
		return parsed{err: err}
	}
	if shapes, ok := d.Vector(); ok {
		return parsed{vec: &vectorArt{shapes: shapes, w: d.W, h: d.H}}
	}
	pix, err := d.Draw(img.Width, img.Height)
	if err != nil {
		return parsed{err: err}
	}
	w, h := img.Width, img.Height
	p.colour = slices.Grow(p.colour[:0], 1+3*w)[:1+3*w]
	p.alpha = slices.Grow(p.alpha[:0], 1+w)[:1+w]
	var cout, aout bytes.Buffer
	cz, az := compressor(&p.cz, &cout), compressor(&p.az, &aout)
	p.colour[0], p.alpha[0] = 0, 0 // PNG filter None: each row as it is
	opaque := true
	for y := range h {
		row := pix.Pix[y*pix.Stride : y*pix.Stride+4*w]
		for x := range w {
			// The picture is premultiplied; a PDF image's colour is not.
			r, g, b, a := row[4*x], row[4*x+1], row[4*x+2], row[4*x+3]
			if a != 0 && a != 0xff {
				r, g, b = unpremultiply(r, a), unpremultiply(g, a), unpremultiply(b, a)
			}
			p.colour[1+3*x], p.colour[2+3*x], p.colour[3+3*x] = r, g, b
			p.alpha[1+x] = a
			opaque = opaque && a == 0xff
		}
		if _, err := cz.Write(p.colour); err != nil {
			return parsed{err: err}
		}
		if _, err := az.Write(p.alpha); err != nil {
			return parsed{err: err}
		}
	}
	if err := cz.Close(); err != nil {
		return parsed{err: err}
	}
	if err := az.Close(); err != nil {
		return parsed{err: err}
	}
	rec := imageRecord{data: cout.Bytes(), smask: aout.Bytes(), w: float64(w), h: float64(h), bpc: 8, filter: "FlateDecode", cs: "DeviceRGB"}
	if opaque {
		rec.smask = nil // a drawing that covers all of itself needs no mask
	}
	rec.dp = fmt.Sprintf("/Predictor 15 /Colors 3 /BitsPerComponent 8 /Columns %d", w)
	return parsed{rec: rec}
}

func unpremultiply(c, a uint8) uint8 { return uint8(min(255, (uint32(c)*255+uint32(a)/2)/uint32(a))) }

// compressor is *z, made on first use, writing to out.
func compressor(z **zlib.Writer, out io.Writer) *zlib.Writer {
	if *z == nil {
		*z, _ = zlib.NewWriterLevel(out, zlib.BestSpeed) // a level it knows: no error
	} else {
		(*z).Reset(out)
	}
	return *z
}

// placeholders are 1 × 1 PNGs, opaque and transparent: the main writer
// registers one under a picture's name (as cheap as registering gets; the
// transparent one raises the PDF to version 1.4, which soft masks need)
// and then takes the picture's parsed record in its place.
var placeholders = func() (out [2][]byte) {
	for i, a := range []uint8{0xff, 0x80} {
		img := image.NewNRGBA(image.Rect(0, 0, 1, 1))
		img.Pix[3] = a
		var b bytes.Buffer
		if err := png.Encode(&b, img); err != nil {
			panic(err) // cannot fail for a valid image in memory
		}
		out[i] = b.Bytes()
	}
	return out
}()

// adopt registers the parsed picture p with the PDF under name; k counts
// the pictures embedded before it.
func (r *renderer) adopt(name string, p *parsed, k int) error {
	if p == nil {
		return fmt.Errorf("it was not parsed")
	}
	if p.err != nil {
		return p.err
	}
	// Once in a PDF is enough to raise its version; the transparent
	// placeholder costs fpdf two new compressors each time.
	ph := placeholders[0]
	if p.rec.smask != nil && !r.art.raised {
		ph, r.art.raised = placeholders[1], true
	}
	info := r.pdf.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: "png"}, bytes.NewReader(ph))
	if err := r.pdf.Error(); err != nil {
		return err
	}
	rec := p.rec
	if rec.scale == 0 {
		// Made by splitAlpha: the writer's scale and default resolution
		// come from its own record of the placeholder.
		ph, err := readRecord(info)
		if err != nil {
			return err
		}
		rec.scale, rec.dpi = ph.scale, ph.dpi
	}
	if rec.w != float64(int(rec.w)) || k >= 1<<20 {
		return fmt.Errorf("the PDF writer's image record is not as expected (width %v, image %d)", rec.w, k)
	}
	// fpdf writes images ordered by pixel width alone, and those of equal
	// width (a deck's portraits, as a rule) in Go's map order, which
	// changes from run to run: the same cards would give other bytes. So
	// each width gets a fraction of a pixel of its own, in the order the
	// pictures are first drawn; fpdf writes /Width as a whole number, so
	// the PDF differs only in that its order is now fixed.
	rec.w += float64(k+1) / (1 << 20)
	return rec.writeInto(info)
}

// imageRecord is fpdf's ImageInfoType, field by field, in the order its
// GobEncode writes them: the only way to read or set an image's record
// from outside the package.
type imageRecord struct {
	data, smask []byte
	n           int
	w, h        float64
	cs          string
	pal         []byte
	bpc         int
	filter, dp  string
	trns        []int
	scale, dpi  float64
}

func (r *imageRecord) fields() []any {
	return []any{&r.data, &r.smask, &r.n, &r.w, &r.h, &r.cs, &r.pal, &r.bpc, &r.filter, &r.dp, &r.trns, &r.scale, &r.dpi}
}

func readRecord(info *fpdf.ImageInfoType) (imageRecord, error) {
	var rec imageRecord
	if info == nil {
		return rec, fmt.Errorf("the PDF writer did not take the image")
	}
	enc, err := info.GobEncode()
	if err != nil {
		return rec, err
	}
	dec := gob.NewDecoder(bytes.NewReader(enc))
	for _, f := range rec.fields() {
		if err := dec.Decode(f); err != nil {
			return rec, fmt.Errorf("reading the PDF writer's image record: %w", err)
		}
	}
	return rec, nil
}

// writeInto sets info's record to r.
func (r imageRecord) writeInto(info *fpdf.ImageInfoType) error {
	var out bytes.Buffer
	enc := gob.NewEncoder(&out)
	for _, f := range r.fields() {
		if err := enc.Encode(reflect.ValueOf(f).Elem().Interface()); err != nil {
			return err
		}
	}
	return info.GobDecode(out.Bytes())
}

// embeddable is img in a form the PDF writer takes: JPEG as it is (the PDF
// holds JPEG data itself), PNG as it is unless it is interlaced, has 16
// bits a channel, or a palette with transparency, which fpdf refuses or
// draws wrong; those are decoded and written again as plain 8-bit PNG.
func embeddable(img *gamedata.Image) ([]byte, string, error) {
	if img.Format == "jpeg" {
		return img.Data, "jpg", nil
	}
	if pngPlain(img.Data) {
		return img.Data, "png", nil
	}
	src, err := png.Decode(bytes.NewReader(img.Data))
	if err != nil {
		return nil, "", err
	}
	dst := image.NewNRGBA(src.Bounds())
	draw.Draw(dst, dst.Bounds(), src, src.Bounds().Min, draw.Src)
	var buf bytes.Buffer
	if err := png.Encode(&buf, dst); err != nil {
		return nil, "", err
	}
	return buf.Bytes(), "png", nil
}

// pngPlain reports whether a PNG is 8 bits a channel or less, not
// interlaced, and not a palette with a transparency chunk, reading only
// its chunk headers.
func pngPlain(data []byte) bool {
	const sig = 8
	if len(data) < sig+8+13 || string(data[sig+4:sig+8]) != "IHDR" {
		return false
	}
	ihdr := data[sig+8:]
	depth, colorType, interlace := ihdr[8], ihdr[9], ihdr[12]
	if depth > 8 || interlace != 0 {
		return false
	}
	if colorType != 3 {
		return true
	}
	for at := sig; at+8 <= len(data); {
		n := int(binary.BigEndian.Uint32(data[at:]))
		switch string(data[at+4 : at+8]) {
		case "tRNS":
			return false
		case "IDAT", "IEND":
			return true // tRNS must come before the image data
		}
		if n < 0 || n > len(data) {
			return false
		}
		at += 12 + n
	}
	return true
}

// drawImage draws the picture at path in box (page coordinates, mm) as fit
// says (see placeImage).
func (r *renderer) drawImage(path string, box rect, fit, valign string) {
	if box.w <= 0 || box.h <= 0 {
		return
	}
	vec := r.vectorArt(path)
	name, img, ok := "", r.doc.Images[path], vec != nil
	if vec == nil {
		name, img, ok = r.imageName(path)
	}
	if !ok {
		return
	}
	at, clip := placeImage(box, float64(img.Width), float64(img.Height), fit, valign)
	if clip {
		r.pdf.ClipRect(box.x, box.y, box.w, box.h, false)
		defer r.pdf.ClipEnd()
	}
	if vec != nil {
		r.drawVector(vec, at)
		return
	}
	r.pdf.ImageOptions(name, at.x, at.y, at.w, at.h, false, fpdf.ImageOptions{AllowNegativePosition: true}, 0, "")
}

// placeImage is where a picture of iw × ih pixels goes for box: stretch
// fills the box exactly; cover scales it to fill the box, centred, and
// clip says what sticks out must be cut off; contain scales it to fit
// inside the box, centred, leaving bands of what is under it. valign top
// or bottom puts it at the box's top or bottom instead of the middle
// (cover then keeps the picture's top or bottom).
func placeImage(box rect, iw, ih float64, fit, valign string) (at rect, clip bool) {
	var s float64
	switch fit {
	case gamedata.FitStretch:
		return box, false
	case gamedata.FitCover:
		s, clip = max(box.w/iw, box.h/ih), true
	default:
		s = min(box.w/iw, box.h/ih)
	}
	w, h := iw*s, ih*s
	// A picture of the box's own shape has nothing to cut off.
	clip = clip && (w > box.w*(1+1e-9) || h > box.h*(1+1e-9))
	y := box.y + (box.h-h)/2
	switch valign {
	case gamedata.ValignTop:
		y = box.y
	case gamedata.ValignBottom:
		y = box.y + box.h - h
	}
	return rect{box.x + (box.w-w)/2, y, w, h}, clip
}

// faceImage draws a face's background picture or frame in box, the one
// its src names on card c (nil for a common back, which has one file).
func (r *renderer) faceImage(c *CardFace, ref *gamedata.ImageRef, box rect, def string) {
	if ref == nil {
		return
	}
	path := ref.Src.Path
	if c != nil {
		path = ref.Src.PathFor(c.value)
	}
	if path != "" {
		r.drawImage(path, box, ref.FitOr(def), "")
	}
}

// elementImage draws an element of kind image on card c at (x, y): its
// own file, or the card's picture for its field (nothing when the card has
// none).
func (r *renderer) elementImage(c *CardFace, el gamedata.Element, x, y float64) {
	box, ok := uprightBox(el, x, y)
	if !ok {
		return
	}
	if path := imagePath(c, el); path != "" {
		r.drawImage(path, box, el.ImageFit(), el.Valign)
	}
}

// imagePath is the file an image element draws on card c: its own src,
// or the card's picture in its field ("" when the card has none).
func imagePath(c *CardFace, el gamedata.Element) string {
	if el.Src.Set() {
		return el.Src.PathFor(c.value)
	}
	return c.Images[el.Field]
}
