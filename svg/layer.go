package svg

import (
	"bytes"
	"fmt"
	"image"
	"maps"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
)

// SVG's opacity (on a group, or on a shape both filled and stroked) fades
// what the element draws as one layer: its shapes are drawn on each other
// first, and the result laid over what is under it. oksvg multiplies it
// into each shape instead, so where two shapes of a faded group overlap
// the lower shows through the upper, darker than a browser draws it.
// Where nothing the element paints overlaps (one shape, or shapes whose
// boxes are apart) the two are the same and the fast way is kept; the
// rest is drawn in a layer of its own: in pixels by drawLayered, as
// vectors a Group (a PDF transparency group).

// Bounds on the overlap test, which reads each faded element's shapes: a
// faded element past them is taken as overlapping (drawn in a layer,
// correct if slower).
const (
	// maxLayerShapes is the most paints (a fill or a stroke) compared.
	maxLayerShapes = 1_000
	// maxLayerRead bounds the bytes read for the test over the whole
	// drawing: faded groups inside each other are read once each.
	maxLayerRead = MaxBytes
)

// opacityOf is n's own opacity attribute, clamped to 0 to 1; false when
// it has none, or none that is a number.
func opacityOf(n *node) (float64, bool) {
	v, ok := n.attrs["opacity"]
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || math.IsNaN(f) {
		return 0, false
	}
	return min(max(f, 0), 1), true
}

// markLayers marks n and the elements inside it that must be drawn in a
// layer: faded (an opacity between 0 and 1) with paints that overlap.
func (d *Drawing) markLayers(n *node) {
	if n.name == "defs" {
		return
	}
	for _, k := range n.kids {
		d.markLayers(k)
		n.apart = n.apart || k.apart
	}
	if op, ok := opacityOf(n); ok && op > 0 && op < 1 && drawn[n.name] && d.overlaps(n) {
		n.layered, n.apart = true, true
	}
}

// overlaps reports whether any two of the paints of n (each shape's fill
// and its stroke) may overlap: a shape both filled and stroked does (its
// stroke lies half over its fill) unless it has no area, and shapes do
// whose boxes meet.
func (d *Drawing) overlaps(n *node) bool {
	var doc bytes.Buffer
	d.writeDoc(&doc, nil, []*node{n}, false, rasterx.Identity)
	if d.layerRead += doc.Len(); d.layerRead > maxLayerRead {
		return true
	}
	icon, err := oksvg.ReadIconStream(&doc, oksvg.StrictErrorMode)
	if err != nil {
		return true // and Check says why it cannot be drawn
	}
	fillRules(icon)
	var boxes [][4]float64
	for i := range icon.SVGPaths {
		p := &icon.SVGPaths[i]
		v := reflect.ValueOf(p).Elem()
		fill := !v.FieldByName("fillerColor").IsNil() && p.FillOpacity > 0
		stroke := !v.FieldByName("linerColor").IsNil() && p.LineOpacity > 0 && p.LineWidth > 0
		x0, y0, x1, y1 := bounds(transformed(p.Path, matrixOf(p)))
		if fill && stroke && x1 > x0 && y1 > y0 {
			return true // a line's fill paints nothing
		}
		if !fill && !stroke {
			continue
		}
		if stroke { // out to the furthest a miter or a square cap reaches
			w := p.LineWidth / 2 * max(p.MiterLimit, math.Sqrt2)
			x0, y0, x1, y1 = x0-w, y0-w, x1+w, y1+w
		}
		box := [4]float64{x0, y0, x1, y1}
		for _, b := range boxes {
			if box[0] < b[2] && b[0] < box[2] && box[1] < b[3] && b[1] < box[3] {
				return true
			}
		}
		if len(boxes) == maxLayerShapes {
			return true
		}
		boxes = append(boxes, box)
	}
	return false
}

// drawLayered draws n without its opacity into a layer of its own, then
// lays the layer over dst at that opacity.
func (d *Drawing) drawLayered(dst *image.RGBA, around []*node, n *node) error {
	// Each layer holds a picture of the whole drawing until it is laid
	// down: layers count with clip paths against one bound.
	if d.clips++; d.clips > MaxClipNesting {
		return fmt.Errorf("line %d: groups with opacity and clip paths are laid inside each other more than %d deep", n.line, MaxClipNesting)
	}
	defer func() { d.clips-- }()
	op, _ := opacityOf(n)
	layer := image.NewRGBA(dst.Bounds())
	if err := d.drawRun(layer, around, []*node{fadeless(n)}); err != nil {
		return err
	}
	// Laying the layer down costs a fill of it and one of dst.
	d.work.painted += 2 * int64(dst.Bounds().Dx()) * int64(dst.Bounds().Dy())
	if err := d.work.over(); err != nil {
		return err
	}
	layOver(dst, layer, op)
	return nil
}

// fadeless is n without its opacity, to be drawn in its layer.
func fadeless(n *node) *node {
	c := *n
	c.attrs = maps.Clone(n.attrs)
	delete(c.attrs, "opacity")
	c.layered = false
	c.apart = c.clip != nil || slices.ContainsFunc(n.kids, func(k *node) bool { return k.apart })
	return &c
}

// layOver lays layer over dst at opacity op (both premultiplied, of one
// size): image/draw has no fast way for a uniform mask over RGBA.
func layOver(dst, layer *image.RGBA, op float64) {
	k := uint32(math.Round(op * 0xff))
	const full = 0xff * 0xff
	for i := 0; i+3 < len(dst.Pix); i += 4 {
		la := uint32(layer.Pix[i+3])
		if la == 0 {
			continue
		}
		keep := full - la*k // what is left of dst, out of 255²
		for c := range 4 {
			dst.Pix[i+c] = uint8((uint32(layer.Pix[i+c])*k*0xff + uint32(dst.Pix[i+c])*keep + full/2) / full)
		}
	}
}
