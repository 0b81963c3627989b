package svg

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"image/draw"
	"maps"
	"slices"
	"strconv"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
)

// Draw draws the drawing into a w × h picture, stretched to fill it (the
// caller keeps its shape: d.W × d.H). Clip paths are drawn here: what a
// clip path clips is drawn apart and laid over the rest through the clip
// path drawn as a mask; the runs of elements between are drawn by oksvg
// in one piece each.
func (d *Drawing) Draw(w, h int) (img *image.RGBA, err error) {
	if w <= 0 || h <= 0 || int64(w)*int64(h) > MaxPixels {
		return nil, fmt.Errorf("cannot be drawn at %d × %d pixels (at most %d million)", w, h, MaxPixels/1_000_000)
	}
	// oksvg and rasterx are fed drawings from pull requests: a panic in
	// them is a drawing that cannot be drawn, never a crash.
	defer func() {
		if p := recover(); p != nil {
			img, err = nil, fmt.Errorf("cannot be drawn: %v", p)
		}
	}()
	img = image.NewRGBA(image.Rect(0, 0, w, h))
	if err := d.drawRun(img, nil, d.root.kids); err != nil {
		return nil, err
	}
	return img, nil
}

// Check draws the drawing small, which proves that it can be drawn.
func (d *Drawing) Check() error {
	k := 64 / max(d.W, d.H)
	_, err := d.Draw(max(1, int(d.W*k)), max(1, int(d.H*k)))
	return err
}

// drawRun draws nodes, children of the groups around, onto dst.
func (d *Drawing) drawRun(dst *image.RGBA, around, nodes []*node) error {
	var run []*node
	flush := func() error {
		if len(run) == 0 {
			return nil
		}
		err := d.paint(dst, around, run, false)
		run = nil
		return err
	}
	for _, n := range nodes {
		if n.name == "defs" {
			continue
		}
		if !n.clipped {
			run = append(run, n)
			continue
		}
		if err := flush(); err != nil {
			return err
		}
		if n.clip == nil { // something inside it is clipped
			if err := d.drawRun(dst, append(around, n), n.kids); err != nil {
				return err
			}
			continue
		}
		if err := d.drawClipped(dst, around, n); err != nil {
			return err
		}
	}
	return flush()
}

// drawClipped draws n apart, then onto dst through its clip path, drawn
// in n's own coordinates (the clip path's userSpaceOnUse).
func (d *Drawing) drawClipped(dst *image.RGBA, around []*node, n *node) error {
	layer := image.NewRGBA(dst.Bounds())
	inner := *n
	inner.clip, inner.attrs = nil, withoutClip(n.attrs)
	inner.clipped = false
	for _, k := range n.kids {
		inner.clipped = inner.clipped || k.clipped
	}
	if inner.clipped {
		if err := d.drawRun(layer, append(around, &node{name: "g", attrs: inner.attrs, order: n.order}), n.kids); err != nil {
			return err
		}
	} else if err := d.paint(layer, around, []*node{&inner}, false); err != nil {
		return err
	}
	mask := image.NewRGBA(dst.Bounds())
	own := &node{name: "g", attrs: map[string]string{}, kids: n.clip.kids}
	if t := n.clip.attrs["transform"]; t != "" {
		own.set("transform", t)
	}
	space := &node{name: "g", attrs: map[string]string{}, kids: []*node{own}}
	if t := n.attrs["transform"]; t != "" {
		space.set("transform", t)
	}
	if err := d.paint(mask, around, []*node{space}, true); err != nil {
		return err
	}
	draw.DrawMask(dst, dst.Bounds(), layer, image.Point{}, mask, image.Point{}, draw.Over)
	return nil
}

func withoutClip(attrs map[string]string) map[string]string {
	out := make(map[string]string, len(attrs))
	for k, v := range attrs {
		if k != "clip-path" && k != "id" {
			out[k] = v
		}
	}
	return out
}

// paint draws nodes inside the groups around onto dst with oksvg; as a
// mask (a clip path), every shape is filled opaque, whatever its paint.
func (d *Drawing) paint(dst *image.RGBA, around, nodes []*node, mask bool) error {
	b := dst.Bounds()
	px := rasterx.Identity.Scale(float64(b.Dx())/d.W, float64(b.Dy())/d.H).Translate(-d.x, -d.y)
	var doc bytes.Buffer
	d.writeDoc(&doc, around, nodes, mask, px)
	icon, err := oksvg.ReadIconStream(&doc, oksvg.StrictErrorMode)
	if err != nil {
		return fmt.Errorf("cannot be drawn: %v", err)
	}
	// oksvg's own SetTarget shifts by the viewBox's origin in pixels,
	// not in the drawing's units.
	icon.Transform = px
	scanner := rasterx.NewScannerGV(b.Dx(), b.Dy(), dst, b)
	icon.Draw(rasterx.NewDasher(b.Dx(), b.Dy(), scanner), 1)
	return nil
}

// writer writes one piece of the drawing as an SVG document for oksvg.
// oksvg places a userSpaceOnUse gradient in pixels, ignoring the
// transforms of the shape that uses it, so each such use gets its own
// copy of the gradient with those transforms in its gradientTransform.
type writer struct {
	d      *Drawing
	body   bytes.Buffer
	extra  bytes.Buffer // the gradients' copies
	copies int
	mask   bool
}

// writeDoc writes an SVG document of the drawing's defs and nodes inside
// the groups around, placed in a picture of px (pixels per unit).
func (d *Drawing) writeDoc(b *bytes.Buffer, around, nodes []*node, mask bool, px rasterx.Matrix2D) {
	w := &writer{d: d, mask: mask}
	ctm := px
	for _, g := range around {
		ctm = ctm.Mult(parseTransform(g.attrs["transform"]))
		w.open(g, ctm)
		w.body.WriteString(">")
	}
	for _, n := range nodes {
		w.node(n, ctm)
	}
	for range around {
		w.body.WriteString("</g>")
	}
	fmt.Fprintf(b, `<svg xmlns="%s" viewBox="%s %s %s %s"><defs>`, svgNS, num(d.x), num(d.y), num(d.W), num(d.H))
	for _, n := range d.defs {
		dw := &writer{d: d}
		dw.node(n, px)
		b.Write(dw.body.Bytes())
	}
	b.Write(w.extra.Bytes())
	b.WriteString("</defs>")
	b.Write(w.body.Bytes())
	b.WriteString("</svg>")
}

// groupName is what an element is written as: <svg> roots of pieces and
// the groups that hold drawn elements are groups to oksvg.
func groupName(n *node) string {
	if n.name == "svg" {
		return "g"
	}
	return n.name
}

// Paint and its opacity are left out of a mask: a clip path's shapes
// clip wherever they are, whatever their colour.
var paintProps = set("fill", "stroke", "opacity", "fill-opacity", "stroke-opacity", "stroke-width")

// open writes n's start tag, but for its end; ctm is the transform from
// n's own units to pixels, its own transform included.
func (w *writer) open(n *node, ctm rasterx.Matrix2D) {
	b := &w.body
	b.WriteString("<" + groupName(n))
	isGradient := n.name == "linearGradient" || n.name == "radialGradient"
	for _, k := range n.order {
		v, ok := n.attrs[k]
		if !ok || k == "clip-path" || k == "id" && !isGradient || w.mask && paintProps[k] {
			continue
		}
		if w.mask && k == "clip-rule" {
			k = "fill-rule"
		}
		if (k == "fill" || k == "stroke") && !isGradient {
			v = w.paint(v, ctm)
		}
		b.WriteString(" " + k + `="`)
		xml.EscapeText(b, []byte(v))
		b.WriteString(`"`)
	}
	if w.mask && drawn[n.name] && n.name != "g" {
		b.WriteString(` fill="#000" stroke="none"`)
	}
}

// paint is a fill or stroke v, a userSpaceOnUse gradient in it replaced
// by a copy placed by ctm.
func (w *writer) paint(v string, ctm rasterx.Matrix2D) string {
	m := urlRef.FindStringSubmatch(v)
	if m == nil {
		return v
	}
	g := w.d.byID[m[1][1:]]
	if g == nil || g.attrs["gradientUnits"] != "userSpaceOnUse" {
		return v
	}
	w.copies++
	id := fmt.Sprintf("%s-%d", g.attrs["id"], w.copies)
	c := *g
	c.attrs = maps.Clone(g.attrs)
	c.order = slices.Clone(g.order)
	c.set("id", id)
	c.set("gradientTransform", matrixText(ctm.Mult(parseTransform(g.attrs["gradientTransform"]))))
	gw := &writer{d: w.d}
	gw.node(&c, rasterx.Identity)
	w.extra.Write(gw.body.Bytes())
	return "url(#" + id + ")"
}

func (w *writer) node(n *node, ctm rasterx.Matrix2D) {
	if n.name == "defs" {
		return
	}
	if drawn[n.name] {
		ctm = ctm.Mult(parseTransform(n.attrs["transform"]))
	}
	w.open(n, ctm)
	b := &w.body
	if len(n.kids) == 0 {
		b.WriteString("/>")
		return
	}
	b.WriteString(">")
	for _, k := range n.kids {
		w.node(k, ctm)
	}
	b.WriteString("</" + groupName(n) + ">")
}

func num(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
