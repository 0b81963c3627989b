package render

import (
	"fmt"
	"math"

	"github.com/cardpress/cardpress/svg"
)

// An SVG drawing painted only in plain colours and clipped by nothing
// (svg.Drawing.Vector) is written into the PDF as paths where a card
// draws it, rather than rasterised once and placed: no pixels to make or
// compress, and it prints as sharp as the printer goes.

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
	sx, sy := at.w/v.w, at.h/v.h
	// Strokes are as wide as the drawing is scaled, on average where it
	// is stretched (as the rasteriser takes them).
	k := math.Sqrt(sx * sy)
	for _, s := range v.shapes {
		fill, stroke := s.Fill, s.Stroke
		if stroke != nil {
			r.setStroke(s, k, &st)
		}
		fillOp := "F"
		if s.EvenOdd {
			fillOp = "F*"
		}
		if fill != nil {
			pdf.SetFillColor(int(fill.R), int(fill.G), int(fill.B))
			r.setAlpha(fill.Alpha, &st)
			r.vectorPath(s.Path, at, sx, sy)
			if stroke != nil && stroke.Alpha == fill.Alpha {
				pdf.DrawPath("D" + fillOp) // both at once: the path written once
				continue
			}
			pdf.DrawPath(fillOp)
		}
		if stroke != nil {
			r.setAlpha(stroke.Alpha, &st)
			r.vectorPath(s.Path, at, sx, sy)
			pdf.DrawPath("D")
		}
	}
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

// vectorPath writes path, scaled by sx, sy from the corner of at.
func (r *renderer) vectorPath(path []svg.Segment, at rect, sx, sy float64) {
	px := func(p svg.Point) (float64, float64) { return at.x + p.X*sx, at.y + p.Y*sy }
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
