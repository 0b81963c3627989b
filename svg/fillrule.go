package svg

import (
	"bytes"
	"strconv"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
)

// oksvg never reads fill-rule (nor clip-rule): every shape it reads is
// filled by the non-zero rule. And it drops a shape whose path is empty,
// so its shapes cannot be matched to the elements written. So, in a
// drawing that has evenodd anywhere, the writer puts a mark before every
// shape: an empty-looking path oksvg keeps, whose miter limit says the
// rule of the shape after it. fillRules takes the marks out again.

// Miter limits no editor writes, on a path "M0 0" painted with nothing.
const (
	markNonZero = 7_777_777.25
	markEvenOdd = 7_777_777.75
)

func writeMark(b *bytes.Buffer, evenOdd bool) {
	limit := markNonZero
	if evenOdd {
		limit = markEvenOdd
	}
	b.WriteString(`<path d="M0 0" fill="none" stroke="none" stroke-miterlimit="` + strconv.FormatFloat(limit, 'f', -1, 64) + `"/>`)
}

// isMark reports whether p is a mark, and the rule it says.
func isMark(p *oksvg.SvgPath) (mark, evenOdd bool) {
	if len(p.Path) != 3 || rasterx.PathCommand(p.Path[0]) != rasterx.PathMoveTo || p.Path[1] != 0 || p.Path[2] != 0 {
		return false, false
	}
	switch p.MiterLimit {
	case markNonZero:
		return true, false
	case markEvenOdd:
		return true, true
	}
	return false, false
}

// fillRules takes the marks out of icon's shapes and returns whether each
// shape left is filled by the even-odd rule (all false when unmarked).
func fillRules(icon *oksvg.SvgIcon) []bool {
	rules := make([]bool, 0, len(icon.SVGPaths))
	kept := icon.SVGPaths[:0]
	evenOdd := false
	for i := range icon.SVGPaths {
		p := &icon.SVGPaths[i]
		if mark, eo := isMark(p); mark {
			evenOdd = eo
			continue
		}
		kept = append(kept, *p)
		rules = append(rules, evenOdd)
	}
	icon.SVGPaths = kept
	return rules
}
