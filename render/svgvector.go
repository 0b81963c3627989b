package render

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/srwiley/rasterx"

	"github.com/cardpress/cardpress/svg"
)

// An SVG drawing a PDF can draw (svg.Drawing.Vector: shapes in colours
// and gradients, clip paths, groups at an opacity) is written into the
// PDF as paths, shadings, clips, transparency groups and soft masks where
// a card draws it, rather than rasterised once and
// placed: no pixels to make or compress, and it prints as sharp as the
// printer goes.

// vectorArt is such a drawing's shapes, in its own units, w × h.
type vectorArt struct {
	shapes []svg.Shape
	w, h   float64
}

// vectorArt is the picture at path as shapes; nil when it is not an SVG
// drawing that can be drawn so.
func (r *renderer) vectorArt(path string) *vectorArt {
	img := r.doc.Images[path]
	if img == nil || img.Format != "svg" || img.Width <= 0 || img.Height <= 0 || r.pdf.Err() {
		return nil
	}
	if r.art == nil {
		r.art = parseAll(r.doc.Images)
	}
	if p := r.art.parsed[r.art.hashOf[path]]; p != nil {
		return p.vec
	}
	return nil
}

// drawVector draws v into at (page coordinates, mm), stretched to fill it,
// inside q … Q, so the writer's state is what it was after. The drawing's
// content is written here, not through the writer's calls, so that a
// group's can go into a form of its own (canvas.group).
func (r *renderer) drawVector(v *vectorArt, at rect) {
	pdf := r.pdf
	_, pageH := pdf.GetPageSize()
	c := &canvas{k: pdf.GetConversionRatio(), pageH: pageH, pl: placement{at: at, sx: at.w / v.w, sy: at.h / v.h}, res: &r.art.res}
	c.st.alpha, _ = pdf.GetAlpha()
	c.b.WriteString("q\n")
	c.draw(v.shapes)
	c.b.WriteString("Q")
	pdf.RawWriteStr(c.b.String())
}

// placement is where a drawing goes on the page: its units times sx, sy
// from at's corner.
type placement struct {
	at     rect
	sx, sy float64
}

// canvas is a content stream a drawing is written into: the page's, or a
// form's (a group, a soft mask).
type canvas struct {
	b        bytes.Buffer
	k, pageH float64 // points a millimetre; the page's height (mm)
	pl       placement
	res      *pdfResources
	st       strokeState
	clips    clipStack
}

// strokeState is what the content has set: the alpha, and whether a dash
// pattern or a miter limit other than PDF's default is in force.
type strokeState struct {
	alpha          float64
	dashed, mitred bool
}

func (c *canvas) op(s string) {
	c.b.WriteString(s)
	c.b.WriteByte('\n')
}

// num writes f and a space, as fpdf writes lengths (two decimals).
func (c *canvas) num(f float64) {
	b := strconv.AppendFloat(c.b.AvailableBuffer(), f, 'f', 2, 64)
	c.b.Write(append(b, ' '))
}

// draw draws shapes and leaves the clips they entered.
func (c *canvas) draw(shapes []svg.Shape) {
	for _, s := range shapes {
		c.clips.enter(c, s.Clips)
		if s.Group != nil {
			c.group(s.Group)
		} else {
			c.shape(s)
		}
	}
	c.clips.enter(c, nil)
}

// clipStack is the clip paths in force while a drawing is drawn, each
// inside a q … Q of its own, and the stroke state each q saved.
type clipStack struct {
	open  []*svg.Clip
	saved []strokeState
}

// enter leaves the clips not in clips and enters those not yet in force.
func (cs *clipStack) enter(c *canvas, clips []*svg.Clip) {
	same := 0
	for same < len(cs.open) && same < len(clips) && cs.open[same] == clips[same] {
		same++
	}
	for len(cs.open) > same {
		c.op("Q")
		c.st = cs.saved[len(cs.saved)-1] // Q puts back what q saved
		cs.open, cs.saved = cs.open[:len(cs.open)-1], cs.saved[:len(cs.saved)-1]
	}
	for _, clip := range clips[same:] {
		c.op("q")
		cs.open, cs.saved = append(cs.open, clip), append(cs.saved, c.st)
		c.path(clip.Path)
		c.op(clipOp(clip.EvenOdd))
	}
}

func clipOp(evenOdd bool) string {
	if evenOdd {
		return "W* n"
	}
	return "W n"
}

// shape fills and strokes s.
func (c *canvas) shape(s svg.Shape) {
	fill, stroke := s.Fill, s.Stroke
	if stroke != nil {
		// Strokes are as wide as the drawing is scaled, on average where
		// it is stretched (as the rasteriser takes them).
		c.setStroke(s, math.Sqrt(c.pl.sx*c.pl.sy))
	}
	fillOp, both := "f", "B"
	if s.EvenOdd {
		fillOp, both = "f*", "B*"
	}
	switch {
	case fill != nil && fill.Gradient != nil:
		c.setAlpha(fill.Alpha)
		c.gradient(s)
	case fill != nil:
		c.op(fmt.Sprintf("%.3f %.3f %.3f rg", float64(fill.R)/255, float64(fill.G)/255, float64(fill.B)/255))
		c.setAlpha(fill.Alpha)
		c.path(s.Path)
		if stroke != nil && stroke.Alpha == fill.Alpha {
			c.op(both) // both at once: the path written once
			return
		}
		c.op(fillOp)
	}
	if stroke != nil {
		c.setAlpha(stroke.Alpha)
		c.path(s.Path)
		c.op("S")
	}
}

// toPage is the matrix from the drawing's units to the page's points
// (PDF's y runs up).
func (c *canvas) toPage() rasterx.Matrix2D {
	k, pl := c.k, c.pl
	return rasterx.Matrix2D{A: k * pl.sx, D: -k * pl.sy, E: k * pl.at.x, F: k * (c.pageH - pl.at.y)}
}

// bbox is the drawing's box on the page, in points, as a form's /BBox.
func (c *canvas) bbox() string {
	at, k := c.pl.at, c.k
	return fmt.Sprintf("[%s %s %s %s]", pdfNum(at.x*k), pdfNum((c.pageH-at.y-at.h)*k), pdfNum((at.x+at.w)*k), pdfNum((c.pageH-at.y)*k))
}

// gradient fills s with its gradient: the page clipped to s, then the
// gradient's shading painted in the gradient's own coordinates; where its
// stops differ in opacity, through a soft mask of the same shading in
// greys, each stop's grey its opacity.
func (c *canvas) gradient(s svg.Shape) {
	g := s.Fill.Gradient
	c.op("q")
	c.path(s.Path)
	c.op(clipOp(s.EvenOdd))
	m := c.toPage().Mult(g.Matrix)
	cm := fmt.Sprintf("%s %s %s %s %s %s cm", pdfNum(m.A), pdfNum(m.B), pdfNum(m.C), pdfNum(m.D), pdfNum(m.E), pdfNum(m.F))
	if ops := g.Opacities(); ops != nil {
		// The mask is drawn in the coordinates in force at gs: the page's.
		grey := c.res.shadings.name(shadingDict(g, "/DeviceGray", greyStops(g, ops)))
		form := c.res.form("/BBox "+c.bbox()+" /Group << /S /Transparency /CS /DeviceGray >>", cm+" /"+grey+" sh\n")
		c.op("/" + c.res.states.name("<< /Type /ExtGState /SMask << /Type /Mask /S /Luminosity /G "+form+" >> >>") + " gs")
	}
	colour := c.res.shadings.name(shadingDict(g, "/DeviceRGB", colourStops(g)))
	c.op(cm + " /" + colour + " sh")
	c.op("Q")
}

// group draws g's shapes into a form of their own, a transparency group,
// painted at g's alpha: where they overlap, the upper hides the lower, as
// SVG draws a faded group.
func (c *canvas) group(g *svg.Group) {
	in := &canvas{k: c.k, pageH: c.pageH, pl: c.pl, res: c.res, st: c.st}
	in.st.alpha = 1 // a group's content starts at full alpha (PDF 1.7 § 11.6.6)
	in.draw(g.Shapes)
	form := c.res.form("/BBox "+c.bbox()+" /Group << /S /Transparency >>", in.b.String())
	c.setAlpha(g.Alpha)
	c.op("/" + c.res.xobjects.name(form) + " Do")
}

func (c *canvas) setAlpha(a float64) {
	if a != c.st.alpha {
		c.op("/" + c.res.states.name(fmt.Sprintf("<< /Type /ExtGState /ca %.3f /CA %.3f >>", a, a)) + " gs")
		c.st.alpha = a
	}
}

// setStroke sets s's stroke, its lengths times scale.
func (c *canvas) setStroke(s svg.Shape, scale float64) {
	st, k := &c.st, c.k
	c.op(fmt.Sprintf("%.3f %.3f %.3f RG", float64(s.Stroke.R)/255, float64(s.Stroke.G)/255, float64(s.Stroke.B)/255))
	c.num(s.Width * scale * k)
	c.op("w")
	c.op(capOps[s.Cap])
	c.op(joinOps[s.Join])
	if s.Join == "miter" || st.mitred {
		c.op(fmt.Sprintf("%.3f M", s.MiterLimit))
		st.mitred = true
	}
	if len(s.Dash) > 0 || st.dashed {
		c.b.WriteString("[")
		for i, d := range s.Dash {
			if i > 0 {
				c.b.WriteByte(' ')
			}
			c.b.WriteString(pdfNum(d * scale * k))
		}
		c.op("] " + pdfNum(s.DashOffset*scale*k) + " d")
		st.dashed = len(s.Dash) > 0
	}
}

var (
	capOps  = map[string]string{"butt": "0 J", "round": "1 J", "square": "2 J"}
	joinOps = map[string]string{"miter": "0 j", "round": "1 j", "bevel": "2 j"}
)

// path writes path, placed by the canvas's placement.
func (c *canvas) path(path []svg.Segment) {
	pl, k := c.pl, c.k
	pt := func(p svg.Point) {
		c.num(k * (pl.at.x + p.X*pl.sx))
		c.num(k * (c.pageH - pl.at.y - p.Y*pl.sy))
	}
	for _, s := range path {
		switch s.Kind {
		case svg.MoveTo:
			pt(s.Pts[0])
			c.op("m")
		case svg.LineTo:
			pt(s.Pts[0])
			c.op("l")
		case svg.CubeTo:
			pt(s.Pts[0])
			pt(s.Pts[1])
			pt(s.Pts[2])
			c.op("c")
		case svg.Close:
			c.op("h")
		}
	}
}

// pdfResources are what the drawings drawn as paths add to the PDF once
// fpdf has written it (addResources): fpdf has only two-colour gradients,
// no way to clip to a path, and no transparency groups or soft masks. The
// shadings and graphics states are direct dictionaries in the resources
// every page shares; the forms are stream objects of their own, whose
// resources are those same ones.
type pdfResources struct {
	shadings named // "CPSh1" …
	states   named // ExtGState: alphas, soft masks; "CPGS1" …
	xobjects named // the group forms painted by name; "CPFm1" …
	forms    []string
	formOf   map[string]string // form → its reference
}

// named is one kind of resource, each written once under its own name.
type named struct {
	prefix  string
	byDict  map[string]string // dictionary → name
	entries []string          // "/Name dictionary", in the order first drawn
}

// name is dict's name among the resources, given it on first use.
func (n *named) name(dict string) string {
	if name, ok := n.byDict[dict]; ok {
		return name
	}
	if n.byDict == nil {
		n.byDict = map[string]string{}
	}
	name := fmt.Sprintf("%s%d", n.prefix, len(n.entries)+1)
	n.byDict[dict] = name
	n.entries = append(n.entries, "/"+name+" "+dict)
	return name
}

// form is a reference to a form XObject of dict's entries (its box and
// group) drawing content, the same form for the same both. The reference
// is a placeholder (formRef) until the objects are numbered.
func (res *pdfResources) form(dict, content string) string {
	obj := "<< /Type /XObject /Subtype /Form " + dict + " /Resources 2 0 R /Length " + strconv.Itoa(len(content)) + " >>\nstream\n" + content + "\nendstream"
	if ref, ok := res.formOf[obj]; ok {
		return ref
	}
	if res.formOf == nil {
		res.formOf = map[string]string{}
	}
	ref := fmt.Sprintf("@CPForm%d@", len(res.forms))
	res.formOf[obj] = ref
	res.forms = append(res.forms, obj)
	return ref
}

// formRef is a form's placeholder reference; its number counts from 0.
var formRef = regexp.MustCompile(`@CPForm(\d+)@`)

// shadingDict is g as a PDF shading in space: axial (type 2) or radial
// (type 3, from the focus, radius 0, out to the circle), extended past
// both ends as SVG pads, its colours a function of stops.
func shadingDict(g *svg.Gradient, space string, stops []fnStop) string {
	kind, coords := 2, []float64{g.X1, g.Y1, g.X2, g.Y2}
	if g.Radial {
		kind, coords = 3, []float64{g.X1, g.Y1, 0, g.X2, g.Y2, g.R}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "<< /ShadingType %d /ColorSpace %s /Coords [", kind, space)
	for i, c := range coords {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(pdfNum(c))
	}
	b.WriteString("] /Function ")
	b.WriteString(stopsFunction(stops))
	b.WriteString(" /Extend [true true] >>")
	return b.String()
}

// fnStop is a stop as a function takes it: an offset and its value
// (colour components, or a grey).
type fnStop struct {
	offset float64
	value  string
}

func colourStops(g *svg.Gradient) []fnStop {
	out := make([]fnStop, len(g.Stops))
	for i, s := range g.Stops {
		out[i] = fnStop{s.Offset, fmt.Sprintf("%.4f %.4f %.4f", float64(s.R)/255, float64(s.G)/255, float64(s.B)/255)}
	}
	return out
}

// greyStops are g's stops with each one's opacity as a grey.
func greyStops(g *svg.Gradient, opacities []float64) []fnStop {
	out := make([]fnStop, len(g.Stops))
	for i, s := range g.Stops {
		out[i] = fnStop{s.Offset, fmt.Sprintf("%.4f", opacities[i])}
	}
	return out
}

// stopsFunction is the value at each offset from 0 to 1: a type 2
// (exponential, N 1: linear) function between each two stops, stitched
// by a type 3 where there are more than two. The first stop's value
// runs back to 0 and the last's on to 1; stops at one offset make a
// sharp edge there.
func stopsFunction(stops []fnStop) string {
	if first := stops[0]; first.offset > 0 {
		first.offset = 0
		stops = append([]fnStop{first}, stops...)
	}
	if last := stops[len(stops)-1]; last.offset < 1 {
		last.offset = 1
		stops = append(slices.Clip(stops), last)
	}
	var fns, bounds []string
	for i := 0; i+1 < len(stops); i++ {
		a, b := stops[i], stops[i+1]
		if b.offset <= a.offset {
			continue
		}
		if len(fns) > 0 {
			bounds = append(bounds, pdfNum(a.offset))
		}
		fns = append(fns, fmt.Sprintf("<< /FunctionType 2 /Domain [0 1] /C0 [%s] /C1 [%s] /N 1 >>", a.value, b.value))
	}
	if len(fns) == 1 {
		return fns[0]
	}
	return "<< /FunctionType 3 /Domain [0 1] /Functions [" + strings.Join(fns, " ") + "] /Bounds [" +
		strings.Join(bounds, " ") + "] /Encode [" + strings.TrimSpace(strings.Repeat("0 1 ", len(fns))) + "] >>"
}

// pdfNum writes f as PDF reads numbers: no exponent, six decimals at
// most (svg.Drawing.Vector keeps them within bounds).
func pdfNum(f float64) string {
	s := strconv.FormatFloat(f, 'f', 6, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" || s == "" {
		return "0"
	}
	return s
}

// output is output(r.pdf) with what the drawings drawn as paths use
// added (addResources).
func (r *renderer) output() ([]byte, error) {
	out, err := output(r.pdf)
	if err != nil || r.art == nil || r.art.res.empty() {
		return out, err
	}
	return r.art.res.addTo(out)
}

func (res *pdfResources) empty() bool {
	return len(res.shadings.entries)+len(res.states.entries)+len(res.forms) == 0
}
