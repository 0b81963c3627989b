package render

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/ledongthuc/pdf"
)

// Helpers that read rendered PDFs back with a pure-Go reader.

func readPDF(t testing.TB, data []byte) *pdf.Reader {
	t.Helper()
	r, err := pdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatalf("reading PDF back: %v", err)
	}
	return r
}

// pageText is all the text of page n (1-based), glyph by glyph.
func pageText(t testing.TB, r *pdf.Reader, n int) []pdf.Text {
	t.Helper()
	p := r.Page(n)
	if p.V.IsNull() {
		t.Fatalf("no page %d", n)
	}
	return p.Content().Text
}

func joined(ts []pdf.Text) string {
	var b strings.Builder
	for _, t := range ts {
		b.WriteString(t.S)
	}
	return b.String()
}

// span is where a string starts on a page, in PDF points (y up). The
// reader reports no glyph widths for these fonts, so only the start is known.
type span struct{ x1, y float64 }

// find returns every place s occurs as consecutive glyphs on one baseline.
func find(ts []pdf.Text, s string) []span {
	var out []span
	for i := range ts {
		var b strings.Builder
		for j := i; j < len(ts) && b.Len() < len(s); j++ {
			if math.Abs(ts[j].Y-ts[i].Y) > 0.01 {
				break
			}
			b.WriteString(ts[j].S)
			if b.String() == s {
				out = append(out, span{ts[i].X, ts[i].Y})
				break
			}
		}
	}
	return out
}

// mediaBox returns a page's width and height in mm.
func mediaBox(r *pdf.Reader, n int) (w, h float64) {
	box := r.Page(n).V.Key("MediaBox")
	if box.IsNull() {
		box = r.Page(n).V.Key("Parent").Key("MediaBox")
	}
	const mm = 72 / 25.4
	return (box.Index(2).Float64() - box.Index(0).Float64()) / mm, (box.Index(3).Float64() - box.Index(1).Float64()) / mm
}
