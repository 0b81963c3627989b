package gamedata

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/svg"
)

// SVGDPI is the resolution an SVG drawing is drawn at, at the largest
// size the game prints it: what print shops ask of art, and what keeps
// a card's drawing to a few hundred thousand pixels.
const SVGDPI = 300

// svgNominal is the longer side, in pixels, an SVG drawing's Image has
// until its prints are known: enough that its shape survives rounding.
const svgNominal = 10_000

// isSVG reports whether a file is an SVG drawing: named so, or starting
// (after any XML declaration and comments) with an <svg element.
func isSVG(name string, data []byte) bool {
	head := bytes.ToLower(data[:min(len(data), 1024)])
	return strings.HasSuffix(strings.ToLower(name), ".svg") || bytes.Contains(head, []byte("<svg"))
}

// readSVG checks an SVG drawing: it must read and draw (svg.Parse and a
// small drawing), within the limits of package svg.
func (l *loader) readSVG(shown, name string, data []byte) *imageRead {
	fail := func(code *finding.Code, err error) *imageRead {
		return &imageRead{code: code, msg: "SVG drawing " + shown + " " + err.Error()}
	}
	d, err := svg.Parse(data)
	if errors.Is(err, svg.ErrTooLarge) {
		return fail(CodeAssetTooLarge, err)
	}
	var fill float64
	if err == nil {
		fill, err = d.Check()
	}
	if errors.Is(err, svg.ErrTooCostly) {
		return fail(CodeAssetTooLarge, err)
	}
	if err != nil {
		return fail(CodeImageFormat, err)
	}
	k := svgNominal / max(d.W, d.H)
	img := &Image{Path: name, Format: "svg", Width: max(1, int(math.Round(d.W*k))), Height: max(1, int(math.Round(d.H*k))), Data: data}
	return &imageRead{img: img, finest: math.Inf(1), svgFill: fill}
}

// svgToPrint sets the pixels an SVG drawing is drawn into: SVGDPI at its
// largest print (finest is the dpi its nominal size prints at there),
// at most svg.MaxPixels; or says why it cannot be drawn that large
// (fill is the share of its pixels its shapes fill: Check).
func svgToPrint(img *Image, finest, fill float64) error {
	k := 1.0
	if !math.IsInf(finest, 1) && finest > 0 {
		k = SVGDPI / finest
	}
	w, h := float64(img.Width)*k, float64(img.Height)*k
	if over := w * h / svg.MaxPixels; over > 1 {
		w, h = w/math.Sqrt(over), h/math.Sqrt(over)
	}
	img.Width, img.Height = max(1, int(w)), max(1, int(h))
	if painted := fill * float64(img.Width) * float64(img.Height); painted > svg.MaxPainted {
		return fmt.Errorf("takes too much work to draw at %d × %d pixels (%s at its largest print): its shapes cover about %.0f million pixels together, over the limit of %d million; simplify it (fewer, smaller shapes) or export a PNG",
			img.Width, img.Height, fmt.Sprint(SVGDPI, " dpi"), painted/1e6, svg.MaxPainted/1_000_000)
	}
	return nil
}
