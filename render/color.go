package render

import (
	"strconv"
	"strings"

	"codeberg.org/go-pdf/fpdf"
)

type rgb struct{ r, g, b int }

var (
	black    = rgb{0, 0, 0}
	white    = rgb{255, 255, 255}
	ink      = rgb{0x22, 0x22, 0x22} // default text and line colour
	paleGray = rgb{0xee, 0xee, 0xee}
)

// parseColor reads #rgb or #rrggbb; anything else gives def, because a
// bad colour should cost looks, not the whole PDF (validation reports it).
func parseColor(s string, def rgb) rgb {
	s = strings.TrimPrefix(strings.TrimSpace(s), "#")
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	if len(s) != 6 {
		return def
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return def
	}
	return rgb{int(v >> 16 & 0xff), int(v >> 8 & 0xff), int(v & 0xff)}
}

// luminance is the perceived brightness in 0..1 (Rec. 601 weights are
// plenty for choosing black or white text).
func (c rgb) luminance() float64 {
	return (0.299*float64(c.r) + 0.587*float64(c.g) + 0.114*float64(c.b)) / 255
}

// contrast picks readable text for a background. The threshold sits a
// little above mid-grey because white reads better than black on the
// saturated mid-tones card designs favour.
func contrast(bg rgb) rgb {
	if bg.luminance() > 0.55 {
		return rgb{0x1a, 0x1a, 0x1a}
	}
	return white
}

// mix blends c toward o by t (0 = c, 1 = o).
func (c rgb) mix(o rgb, t float64) rgb {
	f := func(a, b int) int { return int(float64(a) + (float64(b)-float64(a))*t + 0.5) }
	return rgb{f(c.r, o.r), f(c.g, o.g), f(c.b, o.b)}
}

func fill(pdf *fpdf.Fpdf, c rgb)      { pdf.SetFillColor(c.r, c.g, c.b) }
func stroke(pdf *fpdf.Fpdf, c rgb)    { pdf.SetDrawColor(c.r, c.g, c.b) }
func textColor(pdf *fpdf.Fpdf, c rgb) { pdf.SetTextColor(c.r, c.g, c.b) }
