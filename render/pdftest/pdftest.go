// Package pdftest reads rendered PDFs back in tests, with a pure-Go
// reader, so any package's tests can check what a PDF says and where.
package pdftest

import (
	"bytes"
	"io"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ledongthuc/pdf"
)

// Read opens a PDF held in memory; it fails t when the PDF does not parse.
func Read(t testing.TB, data []byte) *pdf.Reader {
	t.Helper()
	r, err := pdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("reading PDF back: %v", err)
	}
	return r
}

// PageText is all the text of page n (1-based), glyph by glyph.
func PageText(t testing.TB, r *pdf.Reader, n int) []pdf.Text {
	t.Helper()
	p := r.Page(n)
	if p.V.IsNull() {
		t.Fatalf("no page %d", n)
	}
	return p.Content().Text
}

// Joined is the glyphs' text in drawing order, with nothing between them.
func Joined(ts []pdf.Text) string {
	var b strings.Builder
	for _, t := range ts {
		b.WriteString(t.S)
	}
	return b.String()
}

// Pages is the text of every page of a PDF, one string a page.
func Pages(t testing.TB, data []byte) []string {
	t.Helper()
	r := Read(t, data)
	pages := make([]string, 0, r.NumPage())
	for n := 1; n <= r.NumPage(); n++ {
		pages = append(pages, Joined(PageText(t, r, n)))
	}
	return pages
}

// Span is where a string starts on a page, in PDF points (y up). The
// reader reports no glyph widths for these fonts, so only the start is known.
type Span struct{ X, Y float64 }

// Find returns every place s occurs as consecutive glyphs on one baseline.
func Find(ts []pdf.Text, s string) []Span {
	var out []Span
	for i := range ts {
		var b strings.Builder
		for j := i; j < len(ts) && b.Len() < len(s); j++ {
			if math.Abs(ts[j].Y-ts[i].Y) > 0.01 {
				break
			}
			b.WriteString(ts[j].S)
			if b.String() == s {
				out = append(out, Span{ts[i].X, ts[i].Y})
				break
			}
		}
	}
	return out
}

// MediaBox returns a page's width and height in mm.
func MediaBox(r *pdf.Reader, n int) (w, h float64) {
	box := r.Page(n).V.Key("MediaBox")
	if box.IsNull() {
		box = r.Page(n).V.Key("Parent").Key("MediaBox")
	}
	const mm = 72 / 25.4
	return (box.Index(2).Float64() - box.Index(0).Float64()) / mm, (box.Index(3).Float64() - box.Index(1).Float64()) / mm
}

// FilePages is Pages of the PDF file at path.
func FilePages(t testing.TB, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return Pages(t, data)
}

// Content is page n's content stream, decoded (its parts joined when the
// page has several), for tests that read the drawing operators.
func Content(t testing.TB, r *pdf.Reader, n int) string {
	t.Helper()
	c := r.Page(n).V.Key("Contents")
	streams := []pdf.Value{c}
	if c.Kind() == pdf.Array {
		streams = streams[:0]
		for i := range c.Len() {
			streams = append(streams, c.Index(i))
		}
	}
	var b strings.Builder
	for _, s := range streams {
		rc := s.Reader()
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatalf("page %d content: %v", n, err)
		}
		b.Write(data)
	}
	return b.String()
}

// Placed is one picture drawn on a page: its pixel size (the image
// XObject's Width and Height) and where it is drawn, in PDF points (y up).
type Placed struct {
	Width, Height int     // pixels
	X, Y, W, H    float64 // its lower-left corner and size on the page
}

// placement is how fpdf draws a picture: a matrix that scales the unit
// square to its size and place, then the XObject.
var placement = regexp.MustCompile(`q ([-\d.]+) 0 0 ([-\d.]+) ([-\d.]+) ([-\d.]+) cm /(\S+) Do Q`)

// Images lists the pictures page n draws, in drawing order.
func Images(t testing.TB, r *pdf.Reader, n int) []Placed {
	t.Helper()
	xobjects := r.Page(n).Resources().Key("XObject")
	var out []Placed
	for _, m := range placement.FindAllStringSubmatch(Content(t, r, n), -1) {
		img := xobjects.Key(m[5])
		if img.IsNull() {
			t.Fatalf("page %d draws /%s, which its resources lack", n, m[5])
		}
		num := func(s string) float64 {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatalf("page %d: %q in %q is not a number", n, s, m[0])
			}
			return v
		}
		out = append(out, Placed{Width: int(img.Key("Width").Int64()), Height: int(img.Key("Height").Int64()),
			X: num(m[3]), Y: num(m[4]), W: num(m[1]), H: num(m[2])})
	}
	return out
}

// Box returns a page box (TrimBox, BleedBox, …) as written in the page's
// own dictionary, in mm from the page's bottom-left corner: x0, y0, x1,
// y1. ok is false when the page has no such box of four numbers.
func Box(r *pdf.Reader, n int, name string) (box [4]float64, ok bool) {
	v := r.Page(n).V.Key(name)
	if v.Kind() != pdf.Array || v.Len() != 4 {
		return box, false
	}
	const mm = 72 / 25.4
	for i := range box {
		box[i] = v.Index(i).Float64() / mm
	}
	return box, true
}
