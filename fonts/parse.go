package fonts

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/sfnt"
)

// Font is one font file: a style of a game's font, or the fallback. It is
// safe for concurrent use.
type Font struct {
	Name string // the full name in the file ("Go Smallcaps"), for messages
	// TTF is the TrueType font the PDF writer embeds: the file itself, or
	// an OpenType CFF font's outlines converted (fromCFF).
	TTF []byte
	// key is the family the PDF writer registers it under; its length is
	// chosen so that Tag can give the embedded subset its proper name.
	key   string
	cover *bitmap // what the PDF writer's character map has
}

// Key is the family name to register the font under with the PDF writer
// (style ""), one per file.
func (f *Font) Key() string { return f.key }

// Covers reports whether the font has a glyph for r in the character map
// the PDF writer encodes text with. Characters above U+FFFF are never
// covered: the PDF writer cannot encode them.
func (f *Font) Covers(r rune) bool {
	if r == '\n' || r == '\t' {
		return true
	}
	if r < 0x20 || r > 0xFFFF {
		return false
	}
	return f.cover.has(r)
}

// tables every TrueType font the PDF writer reads must have.
var required = []string{"cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post"}

// Parse reads a TrueType or OpenType font file (an OpenType font with CFF
// outlines is converted to TrueType ones), and checks everything the PDF writer
// needs of it, so a font that passes cannot fail or be drawn wrong later.
// The errors are worded for the person who named the file. The same bytes
// give the same Font, read once per process however often a game is
// loaded again (serve does on every save).
func Parse(data []byte) (*Font, error) {
	sum := sha256.Sum256(data)
	loadedMu.Lock()
	f := loaded[sum]
	loadedMu.Unlock()
	if f != nil {
		return f, nil
	}
	f, err := parse(data, sum)
	if err != nil {
		return nil, err
	}
	loadedMu.Lock()
	defer loadedMu.Unlock()
	if first := loaded[sum]; first != nil {
		return first, nil // read at the same time by another load
	}
	loaded[sum] = f
	loadedList = append(loadedList, f)
	return f, nil
}

// parse is Parse without remembering the font: the structural check
// before anything else reads the file, then sfnt and a trial with the PDF
// writer.
func parse(data []byte, sum [sha256.Size]byte) (*Font, error) {
	if len(data) < 12 {
		return nil, errors.New("it is not a font file (too short)")
	}
	ttf := data
	switch string(data[:4]) {
	case "OTTO":
		var err error
		if ttf, err = fromCFF(data); err != nil {
			return nil, err
		}
	case "ttcf":
		return nil, errors.New("it is a font collection (.ttc): give one of its fonts as a .ttf file")
	case "wOFF", "wOF2":
		return nil, errors.New("it is a web font (WOFF): use the font's .ttf file")
	case "\x00\x01\x00\x00", "true":
	default:
		return nil, errors.New("it is not a TrueType or OpenType font")
	}
	return parseTrueType(ttf, sum)
}

// parseTrueType is parse of a TrueType font file, data, whose own bytes (as
// read, before any conversion) sum to sum.
func parseTrueType(data []byte, sum [sha256.Size]byte) (*Font, error) {
	tables, err := tableDirectory(data)
	if err != nil {
		return nil, err
	}
	for _, name := range required {
		if _, ok := tables[name]; !ok {
			return nil, fmt.Errorf("it has no %q table, which every TrueType font the PDF writer embeds needs", name)
		}
	}
	cover, err := checkStructure(data, tables)
	if err != nil {
		return nil, err
	}
	sf, err := sfnt.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("it cannot be read: %v", err)
	}
	f := &Font{TTF: data, cover: cover}
	var buf sfnt.Buffer
	f.Name, _ = sf.Name(&buf, sfnt.NameIDFull)
	if f.Name == "" {
		f.Name, _ = sf.Name(&buf, sfnt.NameIDFamily)
	}
	ps, _ := sf.Name(&buf, sfnt.NameIDPostScript)
	f.key = register(sum, ps, f.Name)
	if err := trial(f); err != nil {
		return nil, err
	}
	return f, nil
}

var (
	loadedMu sync.Mutex
	// loaded is every font parsed in this process, the fallback too, by
	// the sum of its bytes.
	loaded     = map[[sha256.Size]byte]*Font{}
	loadedList []*Font // the same, for Drawable to go through
)

// Drawable reports whether some font cardpress has loaded can draw r: the
// Go fonts, the fallback or a game's. It is the renderer's last line of
// defence, which turns anything else into a visible box; which font each
// text may use is validation's business.
func Drawable(r rune) bool {
	if GoCovers(r) {
		return true
	}
	loadedMu.Lock()
	fs := loadedList
	loadedMu.Unlock()
	for _, f := range fs {
		if f.Covers(r) {
			return true
		}
	}
	return Fallback().Covers(r)
}

type table struct{ off, len int }

// tableDirectory reads where each table is: each within the file, each
// name once (readers disagree on which of two they take).
func tableDirectory(data []byte) (map[string]table, error) {
	n := u16(data, 4)
	if 12+16*n > len(data) {
		return nil, damaged("its table directory runs past the end of the file")
	}
	out := make(map[string]table, n)
	for i := range n {
		rec := data[12+16*i:]
		name := string(rec[:4])
		off, size := u32(rec, 8), u32(rec, 12)
		if off > len(data) || size > len(data)-off {
			return nil, damaged("its %q table runs past the end of the file", name)
		}
		if _, dup := out[name]; dup {
			return nil, damaged("it has two %q tables", name)
		}
		out[name] = table{off, size}
	}
	return out, nil
}

// trial embeds a few characters with the PDF writer itself: whatever it
// would trip over in this file shows here, as an error, not later as a
// broken PDF or a crash. Its recover catches a panic, but not a stack
// overflow or running out of memory, which end the process: keeping those
// out is checkStructure's work, done before.
func trial(f *Font) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the PDF writer cannot embed it (%v)", r)
		}
	}()
	sample := []rune{}
	for _, r := range "Aa0 .,é" {
		if f.Covers(r) {
			sample = append(sample, r)
		}
	}
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.AddUTF8FontFromBytes(f.key, "", f.TTF)
	pdf.AddPage()
	pdf.SetFont(f.key, "", 10)
	pdf.Text(10, 10, string(sample))
	if err := pdf.Output(io.Discard); err != nil {
		return fmt.Errorf("the PDF writer cannot embed it: %v", err)
	}
	return nil
}

var (
	tagMu sync.Mutex
	// tags maps the name the PDF writer gives an embedded font ("utf8"
	// and its key) to the proper name of a subset: a tag of six capitals,
	// "+", and the font's PostScript name, exactly as long.
	tags = map[string]string{}
)

// register picks the key a font file is registered under and records the
// subset name it gets in the PDF. Both come from the file's content, so
// the same font always gets the same names and PDFs stay reproducible.
func register(sum [sha256.Size]byte, ps, full string) string {
	name := pdfName(ps)
	if name == "" {
		name = pdfName(full)
	}
	for len(name) < 6 {
		name += "-Font"
	}
	name = name[:min(len(name), 56)]
	var tag [6]byte
	for i := range tag {
		tag[i] = 'A' + sum[i]%26
	}
	// The writer calls the font "utf8" + key; "TAGTAG+" + name must be
	// just as long for Tag to rename it in place.
	key := "f" + hex.EncodeToString(sum[:])[:len(name)+2]
	tagMu.Lock()
	tags["utf8"+key] = string(tag[:]) + "+" + name
	tagMu.Unlock()
	return key
}

// pdfName keeps the characters a PDF name may hold unescaped.
func pdfName(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Tag renames the game fonts and the fallback embedded in a finished PDF
// to subset names ("ABCDEF+GoSmallcaps"), which tell readers and print
// shops that the file carries only the glyphs it uses. The names are
// exactly as long as the ones they replace, so the file's cross-reference
// offsets stay right. The Go fonts are left as they always were.
func Tag(pdf []byte) []byte {
	if !bytes.Contains(pdf, []byte("/utf8f")) {
		return pdf
	}
	tagMu.Lock()
	defer tagMu.Unlock()
	for from, to := range tags {
		for _, prefix := range []string{"/BaseFont /", "/FontName /"} {
			old := []byte(prefix + from + "\n")
			if bytes.Contains(pdf, old) {
				pdf = bytes.ReplaceAll(pdf, old, []byte(prefix+to+"\n"))
			}
		}
	}
	return pdf
}

// Typeface is a game's own font: the file of each style it has. Regular
// is always there; a style the game did not give is set in the closest
// one it did (bold italic in bold, then italic, then regular).
type Typeface struct {
	ID                                string
	Regular, Bold, Italic, BoldItalic *Font
}

// Style is the file text in style ("", "B", "I", "BI") is set in.
func (t *Typeface) Style(style string) *Font {
	var order []*Font
	switch style {
	case "B":
		order = []*Font{t.Bold}
	case "I":
		order = []*Font{t.Italic}
	case "BI":
		order = []*Font{t.BoldItalic, t.Bold, t.Italic}
	}
	for _, f := range order {
		if f != nil {
			return f
		}
	}
	return t.Regular
}
