package svg

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
	"golang.org/x/image/math/fixed"
)

// Draw draws the drawing into a w × h picture, stretched to fill it (the
// caller keeps its shape: d.W × d.H). Clip paths are drawn here: what a
// clip path clips is drawn apart and laid over the rest through the clip
// path drawn as a mask; the runs of elements between are drawn by oksvg
// in one piece each.
func (d *Drawing) Draw(w, h int) (img *image.RGBA, err error) {
	return d.draw(w, h, MaxPainted)
}

// draw is Draw within a budget of maxPainted pixels filled.
func (d *Drawing) draw(w, h int, maxPainted int64) (img *image.RGBA, err error) {
	if w <= 0 || h <= 0 || int64(w)*int64(h) > MaxPixels {
		return nil, fmt.Errorf("cannot be drawn at %d × %d pixels (at most %d million)", w, h, MaxPixels/1_000_000)
	}
	// oksvg and rasterx are fed drawings from pull requests: a panic in
	// them is a drawing that cannot be drawn, never a crash.
	defer func() {
		if p := recover(); p != nil {
			if s, ok := p.(stop); ok {
				img, err = nil, s.err
				return
			}
			img, err = nil, fmt.Errorf("cannot be drawn: %v", p)
		}
	}()
	d.work, d.clips, d.scan = work{maxPainted: maxPainted}, 0, nil
	defer func() { d.scan = nil }() // its buffers go with the drawing's pixels
	img = image.NewRGBA(image.Rect(0, 0, w, h))
	if err := d.drawRun(img, nil, d.root.kids); err != nil {
		return nil, err
	}
	return img, nil
}

// Check draws the drawing small, which proves that it can be drawn, and
// returns the share of its pixels its shapes fill (each shape its box,
// added up): drawn w × h pixels it fills about that many times w × h.
func (d *Drawing) Check() (float64, error) {
	k := checkSide / max(d.W, d.H)
	w, h := max(1, int(d.W*k)), max(1, int(d.H*k))
	_, err := d.Draw(w, h)
	return float64(d.work.painted) / float64(w*h), err
}

// checkSide is the longer side Check draws at: boxes round outwards to
// whole pixels, so a small drawing overstates the work, never understates.
const checkSide = 128

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
		if !n.apart {
			run = append(run, n)
			continue
		}
		if err := flush(); err != nil {
			return err
		}
		if n.layered {
			if err := d.drawLayered(dst, around, n); err != nil {
				return err
			}
			continue
		}
		if n.clip == nil { // something inside it is clipped or layered
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
	// Each clip path drawn inside another holds two more pictures the size
	// of the whole drawing until it is laid down.
	if d.clips++; d.clips > MaxClipNesting {
		return fmt.Errorf("line %d: clip paths are applied inside each other more than %d deep", n.line, MaxClipNesting)
	}
	defer func() { d.clips-- }()
	layer := image.NewRGBA(dst.Bounds())
	inner, group := unclipped(n)
	if group != nil {
		if err := d.drawRun(layer, append(around, group), n.kids); err != nil {
			return err
		}
	} else if err := d.paint(layer, around, []*node{inner}, false); err != nil {
		return err
	}
	mask := image.NewRGBA(dst.Bounds())
	space := d.clipSpace(n)
	if err := d.paint(mask, around, []*node{space}, true); err != nil {
		return err
	}
	// Laying the layer over dst through the mask costs a fill of each.
	d.work.painted += 3 * int64(dst.Bounds().Dx()) * int64(dst.Bounds().Dy())
	if err := d.work.over(); err != nil {
		return err
	}
	layThrough(dst, layer, mask)
	return nil
}

// unclipped is n without its clip path: inner, drawn in one piece; or,
// when something inside it is clipped too, group, the group to draw its
// children in.
func unclipped(n *node) (inner, group *node) {
	c := *n
	c.clip, c.attrs = nil, withoutClip(n.attrs)
	c.apart = false
	for _, k := range n.kids {
		c.apart = c.apart || k.apart
	}
	if c.apart {
		return nil, &node{name: "g", attrs: c.attrs, order: n.order}
	}
	return &c, nil
}

// clipSpace is n's clip path's shapes in n's own coordinates (the clip
// path's userSpaceOnUse), its own transform and clip rule applied. With
// clipPathUnits objectBoundingBox, the clip path's units are n's box
// (boxOf); a box of no area leaves the clip path empty, which hides n.
func (d *Drawing) clipSpace(n *node) *node {
	own := &node{name: "g", attrs: map[string]string{}, kids: n.clip.kids}
	transform := n.clip.attrs["transform"]
	if n.clip.attrs["clipPathUnits"] == "objectBoundingBox" {
		x0, y0, x1, y1 := d.boxOf(n)
		if !(x1 > x0 && y1 > y0) {
			own.kids = nil
		}
		transform = strings.TrimSpace(matrixText(rasterx.Identity.Translate(x0, y0).Scale(x1-x0, y1-y0)) + " " + transform)
	}
	if transform != "" {
		own.set("transform", transform)
	}
	if v := n.clip.attrs["clip-rule"]; v != "" {
		own.set("clip-rule", v)
	}
	space := &node{name: "g", attrs: map[string]string{}, kids: []*node{own}}
	if t := n.attrs["transform"]; t != "" {
		space.set("transform", t)
	}
	return space
}

// boxOf is the box of n's shapes (their outlines, strokes left out, what
// is clipped inside included) in n's own coordinates: SVG's bounding box.
// Inf when it has none.
func (d *Drawing) boxOf(n *node) (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	c := *n
	c.attrs = maps.Clone(n.attrs)
	delete(c.attrs, "transform")
	var doc bytes.Buffer
	d.writeDoc(&doc, nil, []*node{&c}, true, rasterx.Identity) // as a mask: shapes alone
	icon, err := oksvg.ReadIconStream(&doc, oksvg.StrictErrorMode)
	if err != nil {
		return
	}
	fillRules(icon)
	for i := range icon.SVGPaths {
		p := &icon.SVGPaths[i]
		a, b, c, e := bounds(transformed(p.Path, matrixOf(p)))
		x0, y0, x1, y1 = min(x0, a), min(y0, b), max(x1, c), max(y1, e)
	}
	return
}

// transformed is path with every point placed by t.
func transformed(path rasterx.Path, t rasterx.Matrix2D) rasterx.Path {
	out := slices.Clone(path)
	for i := 0; i < len(out); {
		n := map[rasterx.PathCommand]int{rasterx.PathMoveTo: 1, rasterx.PathLineTo: 1, rasterx.PathQuadTo: 2, rasterx.PathCubicTo: 3}[rasterx.PathCommand(out[i])]
		for k := range n {
			p := t.TFixed(fixed.Point26_6{X: out[i+1+2*k], Y: out[i+2+2*k]})
			out[i+1+2*k], out[i+2+2*k] = p.X, p.Y
		}
		i += 1 + 2*n
	}
	return out
}

// layThrough lays layer over dst where mask's alpha lets it (all three
// premultiplied, of one size): image/draw has no fast way for an RGBA mask.
func layThrough(dst, layer, mask *image.RGBA) {
	for i := 0; i+3 < len(dst.Pix); i += 4 {
		m := uint32(mask.Pix[i+3])
		if m == 0 || layer.Pix[i+3] == 0 {
			continue
		}
		a := uint32(layer.Pix[i+3]) * m / 0xff
		for c := range 4 {
			dst.Pix[i+c] = uint8((uint32(layer.Pix[i+c])*m + uint32(dst.Pix[i+c])*(0xff-a)) / 0xff)
		}
	}
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
	rules := fillRules(icon)
	// One scanner for every piece: its buffers are the size of the
	// largest shape's box, kept from piece to piece.
	if d.scan == nil {
		d.scan = newScanner(dst)
	}
	d.scan.dst = dst
	d.scan.Clear()
	scanner := meter{Scanner: d.scan, w: &d.work, bounds: b}
	dasher := rasterx.NewDasher(b.Dx(), b.Dy(), scanner)
	for i := range icon.SVGPaths {
		p := &icon.SVGPaths[i]
		p.UseNonZeroWinding = !rules[i]
		d.fillGradient(p, px, dasher, rules[i])
		// oksvg's own SetTarget shifts by the viewBox's origin in
		// pixels, not in the drawing's units: px places it.
		p.DrawTransformed(dasher, 1, px)
	}
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
	// marks: each shape is written after a mark saying its fill rule
	// (see fillRules), as the drawing has evenodd somewhere.
	marks bool
}

// scope is what a shape inherits from the groups around it.
type scope struct {
	ctm     rasterx.Matrix2D  // from its units to pixels
	stroke  map[string]string // its stroke lengths (strokeLengths)
	evenOdd bool              // its fill rule (a clip path's: its clip rule)
}

// inside is the scope inside n.
func (s scope) inside(n *node, mask bool) scope {
	s.ctm = s.ctm.Mult(parseTransform(n.attrs["transform"]))
	s.stroke = inheritStroke(s.stroke, n)
	rule := "fill-rule"
	if mask {
		rule = "clip-rule"
	}
	switch n.attrs[rule] {
	case "evenodd":
		s.evenOdd = true
	case "nonzero":
		s.evenOdd = false
	}
	return s
}

// writeDoc writes an SVG document of the drawing's defs and nodes inside
// the groups around, placed in a picture of px (pixels per unit).
func (d *Drawing) writeDoc(b *bytes.Buffer, around, nodes []*node, mask bool, px rasterx.Matrix2D) {
	w := &writer{d: d, mask: mask, marks: d.evenOdd}
	sc := scope{ctm: px, stroke: map[string]string{"stroke-width": "1"}}
	for _, g := range around {
		sc = sc.inside(g, mask)
		w.open(g, sc)
		w.body.WriteString(">")
	}
	for _, n := range nodes {
		w.node(n, sc)
	}
	for range around {
		w.body.WriteString("</g>")
	}
	fmt.Fprintf(b, `<svg xmlns="%s" viewBox="%s %s %s %s"><defs>`, svgNS, num(d.x), num(d.y), num(d.W), num(d.H))
	for _, n := range d.defs {
		dw := &writer{d: d}
		dw.node(n, scope{ctm: px})
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

// strokeLengths are the properties oksvg takes in pixels, not in the
// drawing's units: the writer scales them (inherited ones included) onto
// every shape.
var strokeLengths = []string{"stroke-width", "stroke-dasharray", "stroke-dashoffset"}

// open writes n's start tag, but for its end; sc is n's scope, its own
// attributes included.
func (w *writer) open(n *node, sc scope) {
	b := &w.body
	ctm, stroke := sc.ctm, sc.stroke
	shape := drawn[n.name] && n.name != "g"
	if w.marks && shape {
		writeMark(b, sc.evenOdd)
	}
	b.WriteString("<" + groupName(n))
	isGradient := n.name == "linearGradient" || n.name == "radialGradient"
	for _, k := range n.order {
		v, ok := n.attrs[k]
		if !ok || k == "clip-path" || k == "id" && !isGradient || w.mask && paintProps[k] || slices.Contains(strokeLengths, k) {
			continue
		}
		if w.mask && k == "clip-rule" {
			k = "fill-rule"
		}
		if (k == "fill" || k == "stroke") && !isGradient {
			v = w.paint(v, ctm)
		}
		if k == "transform" || k == "gradientTransform" {
			// oksvg reads scale(s) as scale(s, 0): one reading for all.
			v = matrixText(parseTransform(v))
		}
		b.WriteString(" " + k + `="`)
		xml.EscapeText(b, []byte(v))
		b.WriteString(`"`)
	}
	if w.mask && shape {
		b.WriteString(` fill="#000" stroke="none"`)
	}
	if !w.mask && shape {
		// A stroke is as wide as its shape is scaled, on average where
		// the scale differs across and along (an approximation there).
		k := math.Sqrt(math.Abs(ctm.A*ctm.D - ctm.B*ctm.C))
		for _, p := range strokeLengths {
			if v := scaled(stroke[p], k); v != "" {
				b.WriteString(" " + p + `="` + v + `"`)
			}
		}
	}
}

// scaled is a length or list of lengths v (in the drawing's units; units
// other than px are not read) times k; "" when v is none or unreadable.
func scaled(v string, k float64) string {
	var out []string
	for f := range strings.FieldsFuncSeq(v, func(r rune) bool { return r == ',' || r == ' ' }) {
		x, err := strconv.ParseFloat(strings.TrimSuffix(f, "px"), 64)
		if err != nil {
			return ""
		}
		out = append(out, num(x*k))
	}
	return strings.Join(out, " ")
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
	gw.node(&c, scope{ctm: rasterx.Identity})
	w.extra.Write(gw.body.Bytes())
	return "url(#" + id + ")"
}

// inheritStroke is the stroke lengths inside n: its own, else stroke's.
func inheritStroke(stroke map[string]string, n *node) map[string]string {
	var out map[string]string
	for _, p := range strokeLengths {
		if v, ok := n.attrs[p]; ok && v != "inherit" {
			if out == nil {
				out = maps.Clone(stroke)
			}
			if out == nil {
				out = map[string]string{}
			}
			out[p] = v
		}
	}
	if out == nil {
		return stroke
	}
	return out
}

func (w *writer) node(n *node, sc scope) {
	if n.name == "defs" {
		return
	}
	if drawn[n.name] {
		sc = sc.inside(n, w.mask)
	}
	w.open(n, sc)
	b := &w.body
	if len(n.kids) == 0 {
		b.WriteString("/>")
		return
	}
	b.WriteString(">")
	for _, k := range n.kids {
		w.node(k, sc)
	}
	b.WriteString("</" + groupName(n) + ">")
}

func num(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
