package fonts

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/sfnt"
)

// Font is one TrueType font file: a style of a game's font, or the
// fallback. It is safe for concurrent use.
type Font struct {
	Name string // the full name in the file ("Go Smallcaps"), for messages
	TTF  []byte
	// key is the family the PDF writer registers it under; its length is
	// chosen so that Tag can give the embedded subset its proper name.
	key string
	sf  *sfnt.Font

	coverOnce sync.Once
	cover     *bitmap
}

// Key is the family name to register the font under with the PDF writer
// (style ""), one per file.
func (f *Font) Key() string { return f.key }

// Covers reports whether the font has a glyph for r. Characters above
// U+FFFF are never covered: the PDF writer cannot encode them.
func (f *Font) Covers(r rune) bool {
	if r == '\n' || r == '\t' {
		return true
	}
	if r < 0x20 || r > 0xFFFF {
		return false
	}
	f.coverOnce.Do(func() { f.cover = coverageOf(f.sf) })
	return f.cover.has(r)
}

// tables every TrueType font the PDF writer reads must have.
var required = []string{"cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post"}

// ErrCFF is a font with PostScript (CFF) outlines: the PDF writer embeds
// only TrueType (glyf) outlines.
var ErrCFF = errors.New("it is an OpenType font with PostScript (CFF) outlines, which cardpress cannot embed: use the font's TrueType (.ttf) version, or convert it to TrueType outlines (FontForge can)")

// Parse reads a TrueType font file, and checks everything the PDF writer
// needs of it, so a font that passes cannot fail or be drawn wrong later.
// The errors are worded for the person who named the file.
func Parse(data []byte) (*Font, error) {
	if len(data) < 12 {
		return nil, errors.New("it is not a font file (too short)")
	}
	switch string(data[:4]) {
	case "OTTO":
		return nil, ErrCFF
	case "ttcf":
		return nil, errors.New("it is a font collection (.ttc): give one of its fonts as a .ttf file")
	case "wOFF", "wOF2":
		return nil, errors.New("it is a web font (WOFF): use the font's .ttf file")
	case "\x00\x01\x00\x00", "true":
	default:
		return nil, errors.New("it is not a TrueType or OpenType font")
	}
	tables, err := tableDirectory(data)
	if err != nil {
		return nil, err
	}
	for _, name := range required {
		if _, ok := tables[name]; !ok {
			return nil, fmt.Errorf("it has no %q table, which every TrueType font the PDF writer embeds needs", name)
		}
	}
	if err := checkTables(data, tables); err != nil {
		return nil, err
	}
	sf, err := sfnt.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("it cannot be read: %v", err)
	}
	f := &Font{TTF: data, sf: sf}
	var buf sfnt.Buffer
	f.Name, _ = sf.Name(&buf, sfnt.NameIDFull)
	if f.Name == "" {
		f.Name, _ = sf.Name(&buf, sfnt.NameIDFamily)
	}
	ps, _ := sf.Name(&buf, sfnt.NameIDPostScript)
	f.key = register(data, ps, f.Name)
	if err := trial(f); err != nil {
		return nil, err
	}
	loadedMu.Lock()
	loaded = append(loaded, f)
	loadedMu.Unlock()
	return f, nil
}

var (
	loadedMu sync.Mutex
	loaded   []*Font // every font parsed in this process, the fallback too
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
	fs := loaded
	loadedMu.Unlock()
	for _, f := range fs {
		if f.Covers(r) {
			return true
		}
	}
	return Fallback().Covers(r)
}

type table struct{ off, len int }

func tableDirectory(data []byte) (map[string]table, error) {
	n := int(binary.BigEndian.Uint16(data[4:]))
	if 12+16*n > len(data) {
		return nil, errors.New("it is damaged: its table directory runs past the end of the file")
	}
	out := make(map[string]table, n)
	for i := range n {
		rec := data[12+16*i:]
		off, size := int(binary.BigEndian.Uint32(rec[8:])), int(binary.BigEndian.Uint32(rec[12:]))
		if off < 0 || size < 0 || off > len(data) || size > len(data)-off {
			return nil, fmt.Errorf("it is damaged: its %q table runs past the end of the file", string(rec[:4]))
		}
		out[string(rec[:4])] = table{off, size}
	}
	return out, nil
}

// checkTables looks at what the PDF writer assumes and would otherwise
// only complain about on standard output, or embed wrong.
func checkTables(data []byte, t map[string]table) error {
	u16 := func(tb table, at int) (int, bool) {
		if at+2 > tb.len {
			return 0, false
		}
		return int(binary.BigEndian.Uint16(data[tb.off+at:])), true
	}
	damaged := func(name string) error { return fmt.Errorf("it is damaged: its %q table is too short", name) }
	if v, ok := u16(t["head"], 52); !ok {
		return damaged("head")
	} else if v != 0 {
		return errors.New("its glyph data format is not TrueType's (head table)")
	}
	if v, ok := u16(t["hhea"], 32); !ok {
		return damaged("hhea")
	} else if n, _ := u16(t["hhea"], 34); v != 0 || n == 0 {
		return errors.New("its horizontal metrics are in a format the PDF writer does not read (hhea table)")
	}
	if v, ok := u16(t["name"], 0); !ok {
		return damaged("name")
	} else if v != 0 {
		return errors.New("its name table is in format 1, which the PDF writer does not read")
	}
	if os2, ok := t["OS/2"]; ok {
		fsType, ok := u16(os2, 8)
		if !ok {
			return damaged("OS/2")
		}
		if fsType == 2 || fsType&0x0300 != 0 {
			return errors.New("its licence forbids embedding it in a document (OS/2 fsType), so it cannot be printed from a PDF; use a font that allows embedding (SIL Open Font License fonts do)")
		}
	}
	// A Unicode map of format 4 (the Basic Multilingual Plane) is what
	// the PDF writer encodes text with.
	cm := t["cmap"]
	n, ok := u16(cm, 2)
	if !ok {
		return damaged("cmap")
	}
	for i := range n {
		platform, _ := u16(cm, 4+8*i)
		encoding, _ := u16(cm, 4+8*i+2)
		if 4+8*i+8 > cm.len {
			return damaged("cmap")
		}
		sub := int(binary.BigEndian.Uint32(data[cm.off+4+8*i+4:]))
		if platform == 3 && encoding == 1 || platform == 0 {
			if f, ok := u16(cm, sub); ok && f == 4 {
				return nil
			}
		}
	}
	return errors.New("it has no Unicode character map of format 4 (cmap table), which the PDF writer needs")
}

// trial embeds a few characters with the PDF writer itself: whatever it
// would trip over in this file shows here, as an error, not later as a
// broken PDF or a crash.
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
func register(data []byte, ps, full string) string {
	sum := sha256.Sum256(data)
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
