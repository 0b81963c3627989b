package svg

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/srwiley/rasterx"
)

var transformOp = regexp.MustCompile(`(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)`)

// parseTransform reads an SVG transform list (what oksvg reads too).
func parseTransform(s string) rasterx.Matrix2D {
	m := rasterx.Identity
	for _, op := range transformOp.FindAllStringSubmatch(s, -1) {
		var v []float64
		for f := range strings.FieldsFuncSeq(op[2], func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }) {
			x, err := strconv.ParseFloat(f, 64)
			if err != nil {
				return rasterx.Identity
			}
			v = append(v, x)
		}
		at := func(i int) float64 {
			if i < len(v) {
				return v[i]
			}
			return 0
		}
		switch {
		case op[1] == "matrix" && len(v) == 6:
			m = m.Mult(rasterx.Matrix2D{A: v[0], B: v[1], C: v[2], D: v[3], E: v[4], F: v[5]})
		case op[1] == "translate":
			m = m.Translate(at(0), at(1))
		case op[1] == "scale" && len(v) == 1:
			m = m.Scale(v[0], v[0])
		case op[1] == "scale":
			m = m.Scale(at(0), at(1))
		case op[1] == "rotate":
			m = m.Translate(at(1), at(2)).Rotate(at(0)*math.Pi/180).Translate(-at(1), -at(2))
		case op[1] == "skewX":
			m = m.SkewX(at(0) * math.Pi / 180)
		case op[1] == "skewY":
			m = m.SkewY(at(0) * math.Pi / 180)
		}
	}
	return m
}

func matrixText(m rasterx.Matrix2D) string {
	return "matrix(" + num(m.A) + " " + num(m.B) + " " + num(m.C) + " " + num(m.D) + " " + num(m.E) + " " + num(m.F) + ")"
}
