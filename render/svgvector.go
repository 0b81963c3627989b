package render

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/srwiley/rasterx"

	"github.com/cardpress/cardpress/svg"
)

// An SVG drawing a PDF can draw (svg.Drawing.Vector: shapes in colours
// and gradients, clip paths) is written into the PDF as paths, shadings
// and clips where a card draws it, rather than rasterised once and
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

// drawVector draws v into at (page coordinates, mm), stretched to fill it.
// The writer's line, colour, alpha and position are what they were after.
func (r *renderer) drawVector(v *vectorArt, at rect) {
	pdf := r.pdf
	x, y := pdf.GetXY()
	lw, lcap, join := pdf.GetLineWidth(), pdf.GetLineCapStyle(), pdf.GetLineJoinStyle()
	dr, dg, db := pdf.GetDrawColor()
	fr, fg, fb := pdf.GetFillColor()
	alpha, blend := pdf.GetAlpha()
	st := strokeState{alpha: alpha}
	defer func() {
		pdf.SetLineWidth(lw)
		pdf.SetLineCapStyle(lcap)
		pdf.SetLineJoinStyle(join)
		pdf.SetDrawColor(dr, dg, db)
		pdf.SetFillColor(fr, fg, fb)
		if st.alpha != alpha {
			pdf.SetAlpha(alpha, blend)
		}
		if st.dashed {
			pdf.SetDashPattern(nil, 0)
		}
		if st.mitred {
			pdf.RawWriteStr("10 M") // PDF's default: fpdf never sets it
		}
		pdf.SetXY(x, y)
	}()
	pl := placement{at: at, sx: at.w / v.w, sy: at.h / v.h}
	var clips clipStack
	for _, s := range v.shapes {
		clips.enter(r, s.Clips, pl, &st)
		r.drawShape(s, pl, &st)
	}
	clips.enter(r, nil, pl, &st)
}

// placement is where a drawing goes on the page: its units times sx, sy
// from at's corner.
type placement struct {
	at     rect
	sx, sy float64
}

// clipStack is the clip paths in force while a drawing is drawn, each
// inside a q … Q of its own, and the stroke state each q saved.
type clipStack struct {
	open  []*svg.Clip
	saved []strokeState
}

// enter leaves the clips not in clips and enters those not yet in force.
func (c *clipStack) enter(r *renderer, clips []*svg.Clip, pl placement, st *strokeState) {
	same := 0
	for same < len(c.open) && same < len(clips) && c.open[same] == clips[same] {
		same++
	}
	for len(c.open) > same {
		r.pdf.RawWriteStr("Q")
		*st = c.saved[len(c.saved)-1] // Q puts back what q saved
		c.open, c.saved = c.open[:len(c.open)-1], c.saved[:len(c.saved)-1]
	}
	for _, clip := range clips[same:] {
		r.pdf.RawWriteStr("q")
		c.open, c.saved = append(c.open, clip), append(c.saved, *st)
		r.vectorPath(clip.Path, pl)
		r.pdf.RawWriteStr(clipOp(clip.EvenOdd))
	}
}

func clipOp(evenOdd bool) string {
	if evenOdd {
		return "W* n"
	}
	return "W n"
}

// drawShape fills and strokes s.
func (r *renderer) drawShape(s svg.Shape, pl placement, st *strokeState) {
	pdf := r.pdf
	fill, stroke := s.Fill, s.Stroke
	if stroke != nil {
		// Strokes are as wide as the drawing is scaled, on average where
		// it is stretched (as the rasteriser takes them).
		r.setStroke(s, math.Sqrt(pl.sx*pl.sy), st)
	}
	fillOp := "F"
	if s.EvenOdd {
		fillOp = "F*"
	}
	switch {
	case fill != nil && fill.Gradient != nil:
		r.setAlpha(fill.Alpha, st)
		r.drawGradient(s, pl)
	case fill != nil:
		pdf.SetFillColor(int(fill.R), int(fill.G), int(fill.B))
		r.setAlpha(fill.Alpha, st)
		r.vectorPath(s.Path, pl)
		if stroke != nil && stroke.Alpha == fill.Alpha {
			pdf.DrawPath("D" + fillOp) // both at once: the path written once
			return
		}
		pdf.DrawPath(fillOp)
	}
	if stroke != nil {
		r.setAlpha(stroke.Alpha, st)
		r.vectorPath(s.Path, pl)
		pdf.DrawPath("D")
	}
}

// drawGradient fills s with its gradient: the page clipped to s, then
// the gradient's shading painted in the gradient's own coordinates.
func (r *renderer) drawGradient(s svg.Shape, pl placement) {
	pdf := r.pdf
	pdf.RawWriteStr("q")
	r.vectorPath(s.Path, pl)
	pdf.RawWriteStr(clipOp(s.EvenOdd))
	// From the drawing's units to the page's points (PDF's y runs up),
	// after the gradient's Matrix.
	k := pdf.GetConversionRatio()
	_, pageH := pdf.GetPageSize()
	page := rasterx.Matrix2D{A: k * pl.sx, D: -k * pl.sy, E: k * pl.at.x, F: k * (pageH - pl.at.y)}
	m := page.Mult(s.Fill.Gradient.Matrix)
	name := r.art.shadings.name(shadingDict(s.Fill.Gradient))
	pdf.RawWriteStr(fmt.Sprintf("%s %s %s %s %s %s cm /%s sh", pdfNum(m.A), pdfNum(m.B), pdfNum(m.C), pdfNum(m.D), pdfNum(m.E), pdfNum(m.F), name))
	pdf.RawWriteStr("Q")
}

// strokeState is what drawVector has set in the writer: the alpha, and
// whether a dash pattern or a miter limit needs undoing.
type strokeState struct {
	alpha          float64
	dashed, mitred bool
}

func (r *renderer) setAlpha(a float64, st *strokeState) {
	if a != st.alpha {
		r.pdf.SetAlpha(a, "Normal")
		st.alpha = a
	}
}

// setStroke sets s's stroke in the writer, its lengths times k.
func (r *renderer) setStroke(s svg.Shape, k float64, st *strokeState) {
	pdf := r.pdf
	pdf.SetDrawColor(int(s.Stroke.R), int(s.Stroke.G), int(s.Stroke.B))
	pdf.SetLineWidth(s.Width * k)
	pdf.SetLineCapStyle(s.Cap)
	pdf.SetLineJoinStyle(s.Join)
	if s.Join == "miter" {
		pdf.RawWriteStr(fmt.Sprintf("%.3f M", s.MiterLimit)) // fpdf has no setter
		st.mitred = true
	}
	if len(s.Dash) > 0 || st.dashed {
		dash := make([]float64, len(s.Dash))
		for i, d := range s.Dash {
			dash[i] = d * k
		}
		pdf.SetDashPattern(dash, s.DashOffset*k)
		st.dashed = len(dash) > 0
	}
}

// vectorPath writes path, placed by pl.
func (r *renderer) vectorPath(path []svg.Segment, pl placement) {
	px := func(p svg.Point) (float64, float64) { return pl.at.x + p.X*pl.sx, pl.at.y + p.Y*pl.sy }
	for _, s := range path {
		switch s.Kind {
		case svg.MoveTo:
			r.pdf.MoveTo(px(s.Pts[0]))
		case svg.LineTo:
			r.pdf.LineTo(px(s.Pts[0]))
		case svg.CubeTo:
			x0, y0 := px(s.Pts[0])
			x1, y1 := px(s.Pts[1])
			x2, y2 := px(s.Pts[2])
			r.pdf.CurveBezierCubicTo(x0, y0, x1, y1, x2, y2)
		case svg.Close:
			r.pdf.ClosePath()
		}
	}
}

// shadings are the gradients drawn in a PDF, each written once as a
// shading dictionary in the resources every page shares (addShadings,
// once fpdf has written the file: fpdf has only two-colour gradients).
type shadings struct {
	byDict map[string]string // dictionary → name
	dicts  []string          // "/Name dictionary", in the order first drawn
}

// name is dict's name among the resources, given it on first use.
func (sh *shadings) name(dict string) string {
	if n, ok := sh.byDict[dict]; ok {
		return n
	}
	if sh.byDict == nil {
		sh.byDict = map[string]string{}
	}
	n := fmt.Sprintf("CPSh%d", len(sh.dicts)+1)
	sh.byDict[dict] = n
	sh.dicts = append(sh.dicts, "/"+n+" "+dict)
	return n
}

// shadingDict is g as a PDF shading: axial (type 2) or radial (type 3,
// from the focus, radius 0, out to the circle), extended past both ends
// as SVG pads, its colours a function of the stops.
func shadingDict(g *svg.Gradient) string {
	kind, coords := 2, []float64{g.X1, g.Y1, g.X2, g.Y2}
	if g.Radial {
		kind, coords = 3, []float64{g.X1, g.Y1, 0, g.X2, g.Y2, g.R}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "<< /ShadingType %d /ColorSpace /DeviceRGB /Coords [", kind)
	for i, c := range coords {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(pdfNum(c))
	}
	b.WriteString("] /Function ")
	b.WriteString(stopsFunction(g.Stops))
	b.WriteString(" /Extend [true true] >>")
	return b.String()
}

// stopsFunction is the colour at each offset from 0 to 1: a type 2
// (exponential, N 1: linear) function between each two stops, stitched
// by a type 3 where there are more than two. The first stop's colour
// runs back to 0 and the last's on to 1; stops at one offset make a
// sharp edge there.
func stopsFunction(stops []svg.Stop) string {
	if first := stops[0]; first.Offset > 0 {
		first.Offset = 0
		stops = append([]svg.Stop{first}, stops...)
	}
	if last := stops[len(stops)-1]; last.Offset < 1 {
		last.Offset = 1
		stops = append(slices.Clip(stops), last)
	}
	var fns, bounds []string
	for i := 0; i+1 < len(stops); i++ {
		a, b := stops[i], stops[i+1]
		if b.Offset <= a.Offset {
			continue
		}
		if len(fns) > 0 {
			bounds = append(bounds, pdfNum(a.Offset))
		}
		fns = append(fns, fmt.Sprintf("<< /FunctionType 2 /Domain [0 1] /C0 [%s] /C1 [%s] /N 1 >>", stopColour(a), stopColour(b)))
	}
	if len(fns) == 1 {
		return fns[0]
	}
	return "<< /FunctionType 3 /Domain [0 1] /Functions [" + strings.Join(fns, " ") + "] /Bounds [" +
		strings.Join(bounds, " ") + "] /Encode [" + strings.TrimSpace(strings.Repeat("0 1 ", len(fns))) + "] >>"
}

func stopColour(s svg.Stop) string {
	return fmt.Sprintf("%.4f %.4f %.4f", float64(s.R)/255, float64(s.G)/255, float64(s.B)/255)
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

// output is output(r.pdf) with the shadings the drawings used added to
// the resources.
func (r *renderer) output() ([]byte, error) {
	out, err := output(r.pdf)
	if err != nil || r.art == nil || len(r.art.shadings.dicts) == 0 {
		return out, err
	}
	return addShadings(out, r.art.shadings.dicts)
}
