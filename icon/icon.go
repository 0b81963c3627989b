// Package icon is the inline icon syntax of printed text (`:coin:`) and
// the built-in vector icons. It has no PDF writer of its own: validation
// uses it to find icons and know their names, render to draw them.
package icon

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Token is one `:name:` in a text; Start and End are the byte offsets of
// its opening colon and just past its closing one.
type Token struct {
	Name       string
	Start, End int
}

// Scan finds the icon tokens of s, left to right. A name starts with a
// letter and has letters, digits and hyphens; so "::", "a: b" and "10:30"
// are plain text. A closing colon is not reused as the next opening one.
func Scan(s string) []Token {
	var out []Token
	for i := 0; i < len(s); i++ {
		if s[i] != ':' {
			continue
		}
		if end := nameEnd(s, i+1); end > i+1 && end < len(s) && s[end] == ':' {
			out = append(out, Token{Name: s[i+1 : end], Start: i, End: end + 1})
			i = end
		}
	}
	return out
}

// Has reports whether s holds any icon token, without allocating: most
// text has none, and this is asked of every string typeset.
func Has(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == ':' {
			if end := nameEnd(s, i+1); end > i+1 && end < len(s) && s[end] == ':' {
				return true
			}
		}
	}
	return false
}

// nameEnd is the offset past the icon name starting at i, or i if none does.
func nameEnd(s string, i int) int {
	if i >= len(s) || !letter(s[i]) {
		return i
	}
	j := i + 1
	for j < len(s) && (letter(s[j]) || s[j] >= '0' && s[j] <= '9' || s[j] == '-') {
		j++
	}
	return j
}

func letter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// ValidID reports whether id can be written as an icon (a game's icon id).
func ValidID(id string) bool { return id != "" && nameEnd(id, 0) == len(id) }

// Def is a game's own icon, declared in its manifest: a built-in drawn in
// a colour of its own, or an image file (read and decoded by gamedata with
// the game's other pictures).
type Def struct {
	ID      string
	Builtin string // a built-in name; "" for an image icon
	Color   string // #rrggbb; "" for the text colour
	Src     string // the image's path in the game folder
}

// Pen receives a built-in icon's outline in a unit square (0..1, y
// downward); render scales it to the type size.
type Pen interface {
	MoveTo(x, y float64)
	LineTo(x, y float64)
	CurveTo(x1, y1, x2, y2, x, y float64)
	Close()
}

// Shape is one built-in icon. Draw traces its outline; EvenOdd fills it
// with the even-odd rule (nested outlines are holes), otherwise the
// outlines add up. Letter, when set, is a badge instead: a filled circle
// with Letter in the contrasting colour.
type Shape struct {
	Draw    func(Pen)
	EvenOdd bool
	Letter  string
}

// Builtin returns the built-in icon of that name.
func Builtin(name string) (Shape, bool) {
	if s, ok := shapes[name]; ok {
		return s, true
	}
	if l, ok := badgeLetter(name); ok {
		return Shape{Letter: l}, true
	}
	return Shape{}, false
}

// badgeLetter reads the circled families: letter-a … letter-z and
// phase-a … phase-z (a capital in a circle), num-0 … num-99.
func badgeLetter(name string) (string, bool) {
	for _, prefix := range []string{"letter-", "phase-"} {
		if len(name) == len(prefix)+1 && name[:len(prefix)] == prefix {
			if c := name[len(prefix)]; c >= 'a' && c <= 'z' {
				return string(c - 'a' + 'A'), true
			}
		}
	}
	if len(name) > 4 && name[:4] == "num-" && len(name) <= 6 {
		n, err := strconv.Atoi(name[4:])
		if err == nil && n >= 0 && n <= 99 && strconv.Itoa(n) == name[4:] {
			return name[4:], true
		}
	}
	return "", false
}

// Names lists the built-in vector icons, sorted, then the circled
// families as patterns, for documentation and error messages.
func Names() []string {
	out := make([]string, 0, len(shapes)+3)
	for n := range shapes {
		out = append(out, n)
	}
	sort.Strings(out)
	return append(out, "letter-a … letter-z", "phase-a … phase-z", "num-0 … num-99")
}

// Known lists every name Builtin knows (the circled families spelt out),
// for suggesting the closest to a misspelt one.
func Known() []string {
	out := make([]string, 0, len(shapes)+152)
	for n := range shapes {
		out = append(out, n)
	}
	for c := 'a'; c <= 'z'; c++ {
		out = append(out, "letter-"+string(c), "phase-"+string(c))
	}
	for n := 0; n <= 99; n++ {
		out = append(out, fmt.Sprintf("num-%d", n))
	}
	sort.Strings(out)
	return out
}

// k places the control points of a cubic Bézier quarter circle.
const k = 0.5523

// circle traces a full circle, clockwise on the page.
func circle(p Pen, cx, cy, r float64) { ellipse(p, cx, cy, r, r) }

func ellipse(p Pen, cx, cy, rx, ry float64) {
	p.MoveTo(cx+rx, cy)
	p.CurveTo(cx+rx, cy+k*ry, cx+k*rx, cy+ry, cx, cy+ry)
	p.CurveTo(cx-k*rx, cy+ry, cx-rx, cy+k*ry, cx-rx, cy)
	p.CurveTo(cx-rx, cy-k*ry, cx-k*rx, cy-ry, cx, cy-ry)
	p.CurveTo(cx+k*rx, cy-ry, cx+rx, cy-k*ry, cx+rx, cy)
	p.Close()
}

// poly traces a closed polygon through xy pairs.
func poly(p Pen, xy ...float64) {
	p.MoveTo(xy[0], xy[1])
	for i := 2; i+1 < len(xy); i += 2 {
		p.LineTo(xy[i], xy[i+1])
	}
	p.Close()
}

// rrect traces a rectangle with corners rounded by r, clockwise on the page.
func rrect(p Pen, x, y, w, h, r float64) {
	r = min(r, w/2, h/2)
	p.MoveTo(x+r, y)
	p.LineTo(x+w-r, y)
	p.CurveTo(x+w-r+k*r, y, x+w, y+r-k*r, x+w, y+r)
	p.LineTo(x+w, y+h-r)
	p.CurveTo(x+w, y+h-r+k*r, x+w-r+k*r, y+h, x+w-r, y+h)
	p.LineTo(x+r, y+h)
	p.CurveTo(x+r-k*r, y+h, x, y+h-r+k*r, x, y+h-r)
	p.LineTo(x, y+r)
	p.CurveTo(x, y+r-k*r, x+r-k*r, y, x+r, y)
	p.Close()
}

// path traces a closed outline written as M/L/C commands with numbers, a
// compact way to keep the designs below readable.
func path(p Pen, cmds ...any) {
	var nums []float64
	op := ""
	flush := func() {
		switch op {
		case "M":
			p.MoveTo(nums[0], nums[1])
		case "L":
			for i := 0; i+1 < len(nums); i += 2 {
				p.LineTo(nums[i], nums[i+1])
			}
		case "C":
			for i := 0; i+5 < len(nums); i += 6 {
				p.CurveTo(nums[i], nums[i+1], nums[i+2], nums[i+3], nums[i+4], nums[i+5])
			}
		}
		nums = nums[:0]
	}
	for _, c := range cmds {
		switch v := c.(type) {
		case string:
			flush()
			op = v
		case float64:
			nums = append(nums, v)
		}
	}
	flush()
	p.Close()
}

// star traces an n-pointed star of outer radius ro and inner ri.
func star(p Pen, cx, cy, ro, ri float64, n int) {
	for i := range 2 * n {
		r := ro
		if i%2 == 1 {
			r = ri
		}
		a := -math.Pi/2 + float64(i)*math.Pi/float64(n)
		x, y := cx+r*math.Cos(a), cy+r*math.Sin(a)
		if i == 0 {
			p.MoveTo(x, y)
		} else {
			p.LineTo(x, y)
		}
	}
	p.Close()
}

// The built-in designs, each inside the unit square with a little room
// round it, like a glyph's side bearings.
var shapes = map[string]Shape{
	"coin": {EvenOdd: true, Draw: func(p Pen) {
		circle(p, .5, .5, .45)
		circle(p, .5, .5, .35)
		circle(p, .5, .5, .27)
	}},
	"star": {Draw: func(p Pen) { star(p, .5, .54, .48, .2, 5) }},
	"heart": {Draw: func(p Pen) {
		path(p, "M", .5, .9,
			"C", .2, .7, .05, .52, .06, .33,
			"C", .07, .15, .3, .06, .5, .26,
			"C", .7, .06, .93, .15, .94, .33,
			"C", .95, .52, .8, .7, .5, .9)
	}},
	"shield": {EvenOdd: true, Draw: func(p Pen) {
		for _, s := range []float64{1, .76, .56} {
			sp := scaled(p, s, .5, .5)
			path(sp, "M", .5, .04, "L", .9, .17,
				"C", .9, .55, .76, .8, .5, .96,
				"C", .24, .8, .1, .55, .1, .17)
		}
	}},
	"flame": {EvenOdd: true, Draw: func(p Pen) {
		path(p, "M", .52, .02,
			"C", .64, .22, .9, .36, .86, .65,
			"C", .83, .86, .68, .97, .5, .97,
			"C", .32, .97, .16, .86, .14, .66,
			"C", .12, .47, .27, .36, .33, .22,
			"C", .38, .33, .41, .39, .46, .42,
			"C", .52, .3, .53, .16, .52, .02)
		path(p, "M", .5, .56,
			"C", .58, .66, .66, .74, .64, .83,
			"C", .62, .9, .56, .93, .5, .93,
			"C", .44, .93, .38, .9, .36, .83,
			"C", .34, .74, .42, .66, .5, .56)
	}},
	"clock": {EvenOdd: true, Draw: func(p Pen) {
		circle(p, .5, .5, .46)
		circle(p, .5, .5, .37)
		poly(p, .455, .19, .545, .19, .545, .455, .76, .455, .76, .545, .455, .545)
	}},
	"gem": {EvenOdd: true, Draw: func(p Pen) {
		poly(p, .22, .12, .78, .12, .96, .36, .5, .94, .04, .36)
		poly(p, .27, .19, .73, .19, .83, .32, .17, .32)
		poly(p, .2, .4, .8, .4, .5, .8)
	}},
	"skull": {EvenOdd: true, Draw: func(p Pen) {
		path(p, "M", .5, .06,
			"C", .78, .06, .94, .24, .94, .46,
			"C", .94, .6, .86, .68, .76, .72,
			"L", .76, .86,
			"C", .76, .9, .73, .93, .69, .93,
			"L", .31, .93,
			"C", .27, .93, .24, .9, .24, .86,
			"L", .24, .72,
			"C", .14, .68, .06, .6, .06, .46,
			"C", .06, .24, .22, .06, .5, .06)
		circle(p, .32, .46, .11)
		circle(p, .68, .46, .11)
		poly(p, .5, .59, .55, .7, .45, .7)
		poly(p, .39, .79, .43, .79, .43, .93-.03, .39, .93-.03)
		poly(p, .57, .79, .61, .79, .61, .93-.03, .57, .93-.03)
	}},
	"bolt": {Draw: func(p Pen) {
		poly(p, .6, .02, .68, .02, .56, .4, .84, .4, .38, .98, .47, .56, .17, .56)
	}},
	"eye": {EvenOdd: true, Draw: func(p Pen) {
		path(p, "M", .02, .5, "C", .2, .18, .8, .18, .98, .5, "C", .8, .82, .2, .82, .02, .5)
		circle(p, .5, .5, .2)
		circle(p, .5, .5, .1)
	}},
	"hand": {Draw: func(p Pen) {
		rrect(p, .22, .18, .13, .45, .065)
		rrect(p, .37, .08, .13, .5, .065)
		rrect(p, .52, .1, .13, .5, .065)
		rrect(p, .67, .2, .12, .42, .06)
		rrect(p, .22, .45, .57, .5, .14)
		path(p, "M", .1, .46,
			"C", .07, .42, .08, .37, .12, .35,
			"C", .16, .33, .2, .35, .23, .39,
			"L", .34, .56, "L", .26, .7)
	}},
	"paw": {EvenOdd: true, Draw: func(p Pen) {
		ellipse(p, .17, .45, .09, .11)
		ellipse(p, .36, .24, .1, .12)
		ellipse(p, .64, .24, .1, .12)
		ellipse(p, .83, .45, .09, .11)
		path(p, "M", .5, .5,
			"C", .68, .5, .84, .68, .84, .8,
			"C", .84, .92, .72, .95, .62, .93,
			"C", .56, .92, .53, .9, .5, .9,
			"C", .47, .9, .44, .92, .38, .93,
			"C", .28, .95, .16, .92, .16, .8,
			"C", .16, .68, .32, .5, .5, .5)
	}},
	"cheese": {EvenOdd: true, Draw: func(p Pen) {
		poly(p, .04, .56, .82, .2, .96, .36, .96, .86, .04, .86)
		poly(p, .14, .57, .94, .46, .94, .5, .14, .61)
		circle(p, .3, .72, .07)
		circle(p, .6, .67, .08)
		circle(p, .82, .78, .045)
	}},
	"lock": {EvenOdd: true, Draw: func(p Pen) {
		path(p, "M", .26, .42, "L", .26, .3,
			"C", .26, .14, .38, .05, .5, .05,
			"C", .62, .05, .74, .14, .74, .3,
			"L", .74, .42, "L", .64, .42, "L", .64, .3,
			"C", .64, .2, .58, .15, .5, .15,
			"C", .42, .15, .36, .2, .36, .3,
			"L", .36, .42)
		rrect(p, .14, .42, .72, .53, .08)
		path(p, "M", .5, .55,
			"C", .54, .55, .57, .58, .57, .62,
			"C", .57, .645, .56, .665, .54, .675,
			"L", .56, .8, "L", .44, .8, "L", .46, .675,
			"C", .44, .665, .43, .645, .43, .62,
			"C", .43, .58, .46, .55, .5, .55)
	}},
	"key": {EvenOdd: true, Draw: func(p Pen) {
		// Drawn level, then turned to lie along the diagonal, where a
		// long thin shape fills its square best.
		r := rotated(p, math.Pi/4, .5, .5)
		circle(r, .24, .5, .2)
		circle(r, .24, .5, .085)
		poly(r, .439, .455, .97, .455, .97, .545, .439, .545)
		poly(r, .72, .545, .8, .545, .8, .71, .72, .71)
		poly(r, .87, .545, .95, .545, .95, .67, .87, .67)
	}},
	"sword": {Draw: func(p Pen) {
		poly(p, .5, .02, .57, .12, .57, .62, .43, .62, .43, .12)
		poly(p, .24, .62, .76, .62, .76, .7, .24, .7)
		poly(p, .45, .7, .55, .7, .55, .86, .45, .86)
		circle(p, .5, .91, .06)
	}},
	"crown": {Draw: func(p Pen) {
		poly(p, .06, .28, .3, .52, .5, .16, .7, .52, .94, .28, .86, .78, .14, .78)
		poly(p, .14, .83, .86, .83, .86, .93, .14, .93)
	}},
	"gear": {EvenOdd: true, Draw: func(p Pen) {
		const teeth = 8
		for i := range teeth {
			a := float64(i) * 2 * math.Pi / teeth
			pts := [][2]float64{{.48, a - .2}, {.48, a + .2}, {.36, a + .3}, {.36, a + 2*math.Pi/teeth - .3}}
			for j, q := range pts {
				x, y := .5+q[0]*math.Cos(q[1]), .5+q[0]*math.Sin(q[1])
				if i == 0 && j == 0 {
					p.MoveTo(x, y)
				} else {
					p.LineTo(x, y)
				}
			}
		}
		p.Close()
		circle(p, .5, .5, .15)
	}},
	"die": {EvenOdd: true, Draw: func(p Pen) {
		rrect(p, .07, .07, .86, .86, .16)
		for _, c := range [][2]float64{{.29, .29}, {.71, .29}, {.5, .5}, {.29, .71}, {.71, .71}} {
			circle(p, c[0], c[1], .085)
		}
	}},
	"card": {EvenOdd: true, Draw: func(p Pen) {
		rrect(p, .18, .04, .64, .92, .09)
		rrect(p, .25, .11, .5, .78, .05)
		poly(p, .5, .3, .62, .5, .5, .7, .38, .5)
	}},
	"player": {Draw: func(p Pen) {
		circle(p, .5, .24, .17)
		path(p, "M", .14, .95, "C", .14, .62, .3, .46, .5, .46, "C", .7, .46, .86, .62, .86, .95)
	}},
	"check": {Draw: func(p Pen) {
		poly(p, .06, .52, .19, .39, .4, .6, .81, .17, .94, .3, .4, .84)
	}},
	"cross": {Draw: func(p Pen) {
		poly(p, .2, .08, .5, .38, .8, .08, .92, .2, .62, .5, .92, .8, .8, .92, .5, .62, .2, .92, .08, .8, .38, .5, .08, .2)
	}},
	"arrow": {Draw: func(p Pen) {
		poly(p, .06, .4, .54, .4, .54, .16, .94, .5, .54, .84, .54, .6, .06, .6)
	}},
}

// mapped is a Pen that moves every point of a design through at before
// drawing it: a scale or a turn about a centre.
type mapped struct {
	p  Pen
	at func(x, y float64) (float64, float64)
}

// scaled shrinks or grows a design by s about (cx, cy).
func scaled(p Pen, s, cx, cy float64) mapped {
	return mapped{p, func(x, y float64) (float64, float64) { return cx + (x-cx)*s, cy + (y-cy)*s }}
}

// rotated turns a design by angle a (clockwise on the page) about (cx, cy).
func rotated(p Pen, a, cx, cy float64) mapped {
	sin, cos := math.Sincos(a)
	return mapped{p, func(x, y float64) (float64, float64) {
		dx, dy := x-cx, y-cy
		return cx + dx*cos - dy*sin, cy + dx*sin + dy*cos
	}}
}

func (q mapped) MoveTo(x, y float64) { q.p.MoveTo(q.at(x, y)) }
func (q mapped) LineTo(x, y float64) { q.p.LineTo(q.at(x, y)) }
func (q mapped) CurveTo(x1, y1, x2, y2, x, y float64) {
	a, b := q.at(x1, y1)
	c, d := q.at(x2, y2)
	e, f := q.at(x, y)
	q.p.CurveTo(a, b, c, d, e, f)
}
func (q mapped) Close() { q.p.Close() }

// Words is s with each icon token written as its name ("Gain 9 :money:"
// reads "Gain 9 money"), for places that show text but draw no icons.
func Words(s string) string {
	toks := Scan(s)
	if len(toks) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, t := range toks {
		b.WriteString(s[last:t.Start])
		b.WriteString(strings.ReplaceAll(t.Name, "-", " "))
		last = t.End
	}
	b.WriteString(s[last:])
	return b.String()
}
