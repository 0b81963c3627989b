package render

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/fonts"
	"github.com/cardpress/cardpress/render/pdftest"

	"github.com/ledongthuc/pdf"
)

// What a printer makes of the print-and-play file, measured on the PDF:
// every path, image and glyph a page paints, where the clip leaves it.

// paint is one thing a page paints, in mm from the page's top-left corner:
// the bounding box of a filled or stroked path (stroke width included)
// or of an image, cut by the clip in force.
type paint struct {
	box   rect
	white bool     // painted white: the paper's colour, no mark
	line  *segment // a stroked single straight segment, unclipped
	lw    float64  // stroke width, mm; 0 for a fill
	raw   rect     // the path's own bounding box, before the clip
	clip  bool     // not paint: a path the page clips to
}

// pageInk interprets page n's content stream: the transformation, clip
// and colours with their q/Q stack, and every painting operator.
func pageInk(t *testing.T, r *pdf.Reader, n int) []paint {
	t.Helper()
	return slices.DeleteFunc(pagePaths(t, r, n), func(p paint) bool { return p.clip })
}

// pagePaths is pageInk with the paths the page clips to.
func pagePaths(t *testing.T, r *pdf.Reader, n int) []paint {
	t.Helper()
	const k = 72 / 25.4
	_, pageH := pdftest.MediaBox(r, n)
	type gstate struct {
		ctm           [6]float64
		clip          rect
		stroke, fillW bool // whether the stroke and fill colours are white
		lw            float64
	}
	g := gstate{ctm: [6]float64{1, 0, 0, 1, 0, 0}, clip: rect{-1e9, -1e9, 2e9, 2e9}, lw: 1}
	var stack []gstate
	var pts [][2]float64 // the path so far, in mm
	moves, lines := 0, 0
	clipNext := false
	dev := func(x, y float64) [2]float64 {
		m := g.ctm
		px, py := m[0]*x+m[2]*y+m[4], m[1]*x+m[3]*y+m[5]
		return [2]float64{px / k, pageH - py/k}
	}
	bbox := func(ps [][2]float64, grow float64) rect {
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, p := range ps {
			x0, y0, x1, y1 = min(x0, p[0]), min(y0, p[1]), max(x1, p[0]), max(y1, p[1])
		}
		return rect{x0 - grow, y0 - grow, x1 - x0 + 2*grow, y1 - y0 + 2*grow}
	}
	var out []paint
	emit := func(stroke, fill bool) {
		if len(pts) == 0 {
			return
		}
		raw := bbox(pts, 0)
		if clipNext {
			out = append(out, paint{box: intersect(g.clip, raw), raw: raw, clip: true})
			g.clip = intersect(g.clip, raw)
			clipNext = false
		}
		if fill {
			if b := intersect(raw, g.clip); b.w > 0 && b.h > 0 {
				out = append(out, paint{box: b, white: g.fillW, raw: raw})
			}
		}
		if stroke {
			lw := g.lw * math.Hypot(g.ctm[0], g.ctm[1]) / k
			in := paint{white: g.stroke, lw: lw}
			if moves == 1 && lines == 1 && len(pts) == 2 {
				in.line = &segment{pts[0][0], pts[0][1], pts[1][0], pts[1][1]}
			}
			if b := intersect(bbox(pts, lw/2), g.clip); b.w > 0 && b.h > 0 {
				in.box = b
				out = append(out, in)
			}
		}
		pts, moves, lines = nil, 0, 0
	}
	isWhite := func(args []pdf.Value) bool {
		for _, a := range args {
			if a.Float64() < 0.999 {
				return false
			}
		}
		return len(args) > 0
	}
	pdf.Interpret(r.Page(n).V.Key("Contents"), func(stk *pdf.Stack, op string) {
		args := make([]pdf.Value, stk.Len())
		for i := len(args) - 1; i >= 0; i-- {
			args[i] = stk.Pop()
		}
		num := func(i int) float64 { return args[i].Float64() }
		switch op {
		case "q":
			stack = append(stack, g)
		case "Q":
			g, stack = stack[len(stack)-1], stack[:len(stack)-1]
		case "cm":
			a := [6]float64{num(0), num(1), num(2), num(3), num(4), num(5)}
			m := g.ctm
			g.ctm = [6]float64{
				a[0]*m[0] + a[1]*m[2], a[0]*m[1] + a[1]*m[3],
				a[2]*m[0] + a[3]*m[2], a[2]*m[1] + a[3]*m[3],
				a[4]*m[0] + a[5]*m[2] + m[4], a[4]*m[1] + a[5]*m[3] + m[5],
			}
		case "w":
			g.lw = num(0)
		case "RG", "G", "K":
			g.stroke = op != "K" && isWhite(args) || op == "K" && args[3].Float64() == 0 && args[0].Float64() == 0 && args[1].Float64() == 0 && args[2].Float64() == 0
		case "rg", "g", "k":
			g.fillW = op != "k" && isWhite(args) || op == "k" && args[3].Float64() == 0 && args[0].Float64() == 0 && args[1].Float64() == 0 && args[2].Float64() == 0
		case "m":
			pts, moves = append(pts, dev(num(0), num(1))), moves+1
		case "l":
			pts, lines = append(pts, dev(num(0), num(1))), lines+1
		case "c":
			pts, lines = append(pts, dev(num(0), num(1)), dev(num(2), num(3)), dev(num(4), num(5))), lines+2
		case "v", "y":
			pts, lines = append(pts, dev(num(0), num(1)), dev(num(2), num(3))), lines+2
		case "re":
			x, y, w, h := num(0), num(1), num(2), num(3)
			pts, moves, lines = append(pts, dev(x, y), dev(x+w, y), dev(x+w, y+h), dev(x, y+h)), moves+1, lines+4
		case "W", "W*":
			clipNext = true
		case "S", "s":
			emit(true, false)
		case "f", "F", "f*":
			emit(false, true)
		case "B", "B*", "b", "b*":
			emit(true, true)
		case "n":
			emit(false, false)
		case "Do": // an image: the unit square under the transformation
			if b := intersect(bbox([][2]float64{dev(0, 0), dev(1, 0), dev(1, 1), dev(0, 1)}, 0), g.clip); b.w > 0 && b.h > 0 {
				out = append(out, paint{box: b})
			}
		}
	})
	return out
}

func intersect(a, b rect) rect {
	x0, y0 := max(a.x, b.x), max(a.y, b.y)
	x1, y1 := min(a.x+a.w, b.x+b.w), min(a.y+a.h, b.y+b.h)
	return rect{x0, y0, max(x1-x0, 0), max(y1-y0, 0)}
}

// richDoc has cards of two sizes, two of them two-sided, a board, a sheet
// of one-sided tokens, two-sided chips, a track and the box page: every
// kind of page.
func richDoc() *Document {
	doc := mixedDoc()
	doc.Components = append(smallDoc().Components, chipsDoc().Components...)
	doc.Box = []BoxItem{{Name: "Cards", Count: 25, Printed: true}, {Name: "Dice", Count: 2}}
	return doc
}

func gutterOpt(mm float64) *float64 { return &mm }

// cardsOn lists the w×h cards (as they lie on the page: h×w when turned)
// on page n, found by a clip to the trim or a background running bleed mm
// past it, once each, wherever the page's transformation puts them.
func cardsOn(t *testing.T, r *pdf.Reader, n int, w, h, bleed float64) []rect {
	t.Helper()
	size := func(q rect, w, h float64) bool { return math.Abs(q.w-w) < 0.01 && math.Abs(q.h-h) < 0.01 }
	var once []rect
	for _, p := range pagePaths(t, r, n) {
		if p.lw != 0 || p.white && !p.clip {
			continue
		}
		q := p.raw
		switch {
		case size(q, w, h):
		case bleed > 0 && size(q, w+2*bleed, h+2*bleed):
			q = rect{q.x + bleed, q.y + bleed, w, h}
		default:
			continue
		}
		if !slices.ContainsFunc(once, func(o rect) bool { return near(o, q) }) {
			once = append(once, q)
		}
	}
	return once
}

// printOptions are the papers, bleeds and gutters every printing test
// runs with.
var printOptions = []Options{
	{Paper: "a4"}, {Paper: "letter"},
	{Paper: "a4", Bleed: 3}, {Paper: "letter", Bleed: 3},
	{Paper: "letter", Bleed: 3, Gutter: gutterOpt(0)}, {Paper: "a4", Bleed: 3, Gutter: gutterOpt(6)},
	{Paper: "a4", Bleed: MaxBleed}, {Paper: "letter", Bleed: 1},
}

func optName(o Options) string {
	s := fmt.Sprintf("%s-bleed-%g", o.Paper, o.Bleed)
	if o.Gutter != nil {
		s += fmt.Sprintf("-gutter-%g", *o.Gutter)
	}
	return s
}

// Nothing is printed within 4.5 mm of the paper's edge, where home
// printers print nothing: no crop mark, no line, no fill (bleed included),
// no text, on any page.
func TestNothingPrintsNearThePaperEdge(t *testing.T) {
	const edge = 4.5
	for _, opt := range printOptions {
		t.Run(optName(opt), func(t *testing.T) {
			data, err := PnP(richDoc(), opt)
			if err != nil {
				t.Fatal(err)
			}
			clearOfTheEdge(t, data, edge)
			// The reference sheet and its player aid too.
			if data, err = ReferencePDF(sampleDoc(), opt); err != nil {
				t.Fatal(err)
			}
			clearOfTheEdge(t, data, edge)
		})
	}
}

// clearOfTheEdge fails t for anything inked within edge mm of the paper's
// edge on any page of the PDF.
func clearOfTheEdge(t *testing.T, data []byte, edge float64) {
	t.Helper()
	const pt = 72 / 25.4
	r := pdftest.Read(t, data)
	for n := 1; n <= r.NumPage(); n++ {
		w, h := pdftest.MediaBox(r, n)
		for _, in := range pageInk(t, r, n) {
			b := in.box
			if !in.white && (b.x < edge || b.y < edge || b.x+b.w > w-edge || b.y+b.h > h-edge) {
				t.Errorf("page %d: ink from (%.2f, %.2f) to (%.2f, %.2f) mm is within %g mm of the %gx%g mm paper's edge",
					n, b.x, b.y, b.x+b.w, b.y+b.h, edge, w, h)
			}
		}
		for _, g := range pdftest.PageText(t, r, n) {
			size := g.FontSize / pt
			x, y := g.X/pt, h-g.Y/pt
			if x < edge || x+size > w-edge || y-size < edge || y+size/4 > h-edge {
				t.Errorf("page %d: %q at (%.2f, %.2f) mm is within %g mm of the edge", n, g.S, x, y, edge)
			}
		}
	}
}

// Cards per page, with the full bleed and 3 mm crop marks round the
// sheet: 9 poker cards on A4 without bleed; with bleed, or on US Letter,
// 8 turned on their side (2 × 4), which is more than the 6 upright that
// fit; each at its exact size where the spec puts it, and each back
// exactly behind its front.
func TestCardsPerPage(t *testing.T) {
	for _, tc := range []struct {
		opt        Options
		cols, rows int
		turned     bool
		gutter     float64
	}{
		{Options{Paper: "a4"}, 3, 3, false, 0},
		{Options{Paper: "a4", Bleed: 3}, 2, 4, true, 6},
		{Options{Paper: "letter"}, 2, 4, true, 0},
		{Options{Paper: "letter", Bleed: 3}, 2, 4, true, 0},
		{Options{Paper: "letter", Bleed: 3, Gutter: gutterOpt(0)}, 2, 4, true, 0},
		{Options{Paper: "a4", Bleed: 3, Gutter: gutterOpt(0)}, 2, 4, true, 0},
		{Options{Paper: "a4", Bleed: 1}, 2, 4, true, 2},
	} {
		t.Run(optName(tc.opt), func(t *testing.T) {
			doc := sampleDoc() // 34 poker cards
			doc.Components, doc.Box = nil, nil
			r, _ := pnpPDF(t, doc, tc.opt)
			pageW, pageH := pdftest.MediaBox(r, 1)
			prints := len(copiesOf(doc.Cards))
			perPage := tc.cols * tc.rows
			sheets := (prints + perPage - 1) / perPage
			if r.NumPage() != guidePages+2*sheets {
				t.Fatalf("%d pages, want %d: %d cards at %d a sheet", r.NumPage(), guidePages+2*sheets, prints, perPage)
			}
			w, h := 63.0, 88.0
			if tc.turned {
				w, h = h, w
			}
			x0 := (pageW - float64(tc.cols)*w - float64(tc.cols-1)*tc.gutter) / 2
			y0 := (pageH - float64(tc.rows)*h - float64(tc.rows-1)*tc.gutter) / 2
			for s := range sheets {
				front, back := guidePages+1+2*s, guidePages+2+2*s
				on := min(perPage, prints-s*perPage)
				ft, bt := cardsOn(t, r, front, w, h, tc.opt.Bleed), cardsOn(t, r, back, w, h, tc.opt.Bleed)
				if len(ft) != on || len(bt) != on {
					t.Errorf("sheet %d: %d fronts and %d backs of exactly %gx%g mm, want %d", s+1, len(ft), len(bt), w, h, on)
				}
				for i := range on {
					col, row := i%tc.cols, i/tc.cols
					want := rect{x0 + float64(col)*(w+tc.gutter), y0 + float64(row)*(h+tc.gutter), w, h}
					if !slices.ContainsFunc(ft, func(q rect) bool { return near(q, want) }) {
						t.Errorf("page %d: no card at %+v: %+v", front, want, ft)
					}
					// Behind it after a flip on the long edge: mirrored
					// left to right, to 0.01 mm.
					behind := rect{pageW - want.x - w, want.y, w, h}
					if !slices.ContainsFunc(bt, func(q rect) bool { return near(q, behind) }) {
						t.Errorf("page %d: no back at %+v behind the card at %+v", back, behind, want)
					}
				}
			}
		})
	}
}

// Every trim edge of a card page has crop marks in line with it, at both
// ends of the cut, outside every card, at least 3 mm long, none over the
// bleed; and every mark is in line with a card's edge.
func TestCropMarksMarkEveryCut(t *testing.T) {
	for _, opt := range printOptions {
		t.Run(optName(opt), func(t *testing.T) {
			doc := sampleDoc()
			doc.Components, doc.Box = nil, nil
			r, _ := pnpPDF(t, doc, opt)
			pageW, pageH := pdftest.MediaBox(r, 1)
			for n := guidePages + 1; n <= r.NumPage(); n++ {
				cards := cardsOn(t, r, n, 63, 88, opt.Bleed)
				if len(cards) == 0 { // turned on their side
					cards = cardsOn(t, r, n, 88, 63, opt.Bleed)
				}
				var marks, halos []segment
				for _, in := range pageInk(t, r, n) {
					if in.line == nil || math.Abs(in.lw-0.2) > 0.01 && math.Abs(in.lw-0.8) > 0.01 {
						continue
					}
					if in.white {
						halos = append(halos, *in.line)
					} else {
						marks = append(marks, *in.line)
					}
				}
				// The cuts are the cards' edges; each needs a mark beyond
				// the grid at both ends.
				var xs, ys []float64
				left, top, right, bottom := pageW, pageH, 0.0, 0.0
				for _, c := range cards {
					xs, ys = append(xs, c.x, c.x+c.w), append(ys, c.y, c.y+c.h)
					left, top, right, bottom = min(left, c.x), min(top, c.y), max(right, c.x+c.w), max(bottom, c.y+c.h)
				}
				if len(cards) == 0 {
					t.Fatalf("page %d: no cards", n)
				}
				// Crop marks are the lines beyond the grid of cards.
				beyond := func(m segment) bool {
					return max(m.y1, m.y2) < top || min(m.y1, m.y2) > bottom || max(m.x1, m.x2) < left || min(m.x1, m.x2) > right
				}
				marks, halos = slices.DeleteFunc(marks, func(m segment) bool { return !beyond(m) }), slices.DeleteFunc(halos, func(m segment) bool { return !beyond(m) })
				has := func(vertical bool, at float64, before bool) bool {
					return slices.ContainsFunc(marks, func(m segment) bool {
						if vertical {
							return m.x1 == m.x2 && math.Abs(m.x1-at) < 0.005 && (before && max(m.y1, m.y2) < top || !before && min(m.y1, m.y2) > bottom)
						}
						return m.y1 == m.y2 && math.Abs(m.y1-at) < 0.005 && (before && max(m.x1, m.x2) < left || !before && min(m.x1, m.x2) > right)
					})
				}
				for _, x := range xs {
					if !has(true, x, true) || !has(true, x, false) {
						t.Errorf("page %d: the cut at x=%.2f lacks a mark above or below the cards", n, x)
					}
				}
				for _, y := range ys {
					if !has(false, y, true) || !has(false, y, false) {
						t.Errorf("page %d: the cut at y=%.2f lacks a mark left or right of the cards", n, y)
					}
				}
				// And every mark points along a cut: none runs through the
				// blank slots of a half-empty sheet.
				cut := func(vs []float64, at float64) bool {
					return slices.ContainsFunc(vs, func(v float64) bool { return math.Abs(v-at) < 0.005 })
				}
				for _, m := range marks {
					if m.x1 == m.x2 && !cut(xs, m.x1) || m.y1 == m.y2 && !cut(ys, m.y1) {
						t.Errorf("page %d: crop mark %+v is in line with no card's edge", n, m)
					}
				}
				b := opt.Bleed
				for _, m := range marks {
					if l := math.Hypot(m.x2-m.x1, m.y2-m.y1); l < 3-0.01 { // the PDF holds 0.01 pt
						t.Errorf("page %d: a crop mark %.2f mm long, want at least 3", n, l)
					}
					// Inside the printable area with a margin: a printer
					// that leaves 5 mm blank prints all of it.
					if e := min(m.x1, m.x2, m.y1, m.y2, pageW-max(m.x1, m.x2), pageH-max(m.y1, m.y2)); e < 5.5 {
						t.Errorf("page %d: crop mark %+v is %.2f mm from the paper's edge", n, m, e)
					}
					for _, c := range cards {
						if touches(m, rect{c.x - b, c.y - b, c.w + 2*b, c.h + 2*b}) {
							t.Errorf("page %d: crop mark %+v touches the card at %+v or its bleed", n, m, c)
						}
					}
				}
				if len(halos) > 0 {
					t.Errorf("page %d: %d crop marks over the bleed", n, len(halos))
				}
			}
		})
	}
}

// The bleed measured on the page: each card's colour runs the full 3 mm
// past its trim on the sheet's outer sides, on A4 and US Letter alike,
// and between cards up to the middle of the gutter and no further, so a
// mis-cut shows the card's own colour, never its neighbour's. (Before,
// A4 at 3 mm bleed measured 2.5 mm left and right.)
func TestFullBleedAllRound(t *testing.T) {
	doc := sampleDoc()
	doc.Components, doc.Box = nil, nil
	for _, tc := range []struct {
		opt        Options
		cols, rows int
		gutter     float64 // the spec's: 2 × 4 turned cards, 88 × 63 on the sheet
	}{
		{Options{Paper: "a4", Bleed: 3}, 2, 4, 6},
		{Options{Paper: "letter", Bleed: 3}, 2, 4, 0},
		{Options{Paper: "a4", Bleed: 3, Gutter: gutterOpt(3)}, 2, 4, 3},
	} {
		t.Run(optName(tc.opt), func(t *testing.T) {
			r, _ := pnpPDF(t, doc, tc.opt)
			pageW, pageH := pdftest.MediaBox(r, 1)
			const w, h, bleed = 88.0, 63.0, 3.0
			x0 := (pageW - float64(tc.cols)*w - float64(tc.cols-1)*tc.gutter) / 2
			y0 := (pageH - float64(tc.rows)*h - float64(tc.rows-1)*tc.gutter) / 2
			for _, n := range []int{guidePages + 1, guidePages + 2} {
				// The backgrounds: fills at least as big as a card.
				var bgs []rect
				for _, in := range pageInk(t, r, n) {
					if !in.white && in.lw == 0 && in.box.w > w-0.01 && in.box.h > h-0.01 &&
						!slices.ContainsFunc(bgs, func(q rect) bool { return near(q, in.box) }) {
						bgs = append(bgs, in.box)
					}
				}
				if len(bgs) != tc.cols*tc.rows {
					t.Fatalf("page %d: %d card backgrounds, want %d", n, len(bgs), tc.cols*tc.rows)
				}
				inner := min(bleed, tc.gutter/2)
				reach := func(outer bool) float64 {
					if outer {
						return bleed
					}
					return inner
				}
				for i := range tc.cols * tc.rows {
					col, row := i%tc.cols, i/tc.cols
					x, y := x0+float64(col)*(w+tc.gutter), y0+float64(row)*(h+tc.gutter)
					l, tp := x-reach(col == 0), y-reach(row == 0)
					rt, bt := x+w+reach(col == tc.cols-1), y+h+reach(row == tc.rows-1)
					want := rect{l, tp, rt - l, bt - tp}
					if !slices.ContainsFunc(bgs, func(q rect) bool { return near(q, want) && math.Abs(q.w-want.w) < 0.01 && math.Abs(q.h-want.h) < 0.01 }) {
						t.Errorf("page %d: no background painted over %+v: %+v", n, want, bgs)
					}
				}
				for i, a := range bgs {
					for _, b := range bgs[i+1:] {
						if o := intersect(a, b); o.w > 0.01 && o.h > 0.01 {
							t.Errorf("page %d: backgrounds %+v and %+v overlap", n, a, b)
						}
					}
				}
			}
		})
	}
}

// --back-offset moves every back page, and nothing else, by the measured
// amount the other way: the card backs, the two-sided tokens' backs and
// the duplex check's back. Blank backs stay blank.
func TestBackOffsetMovesBackPages(t *testing.T) {
	doc := richDoc()
	plain, err := PnP(doc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	shifted, err := PnP(doc, Options{BackOffset: [2]float64{1.5, -2}})
	if err != nil {
		t.Fatal(err)
	}
	a, b := pdftest.Read(t, plain), pdftest.Read(t, shifted)
	if a.NumPage() != b.NumPage() {
		t.Fatalf("%d pages, then %d with an offset", a.NumPage(), b.NumPage())
	}
	backs := 0
	for n := 1; n <= a.NumPage(); n++ {
		ia, ib := pageInk(t, a, n), pageInk(t, b, n)
		if len(ia) != len(ib) {
			t.Fatalf("page %d: %d marks, then %d", n, len(ia), len(ib))
		}
		// Seen from the front the back printed 1.5 mm right and 2 mm up;
		// its page is drawn 1.5 mm right (left, seen from the front) and
		// 2 mm down.
		dx, dy := 0.0, 0.0
		if n%2 == 0 {
			dx, dy = 1.5, 2
			if len(ia) > 0 {
				backs++
			}
		}
		for i := range ia {
			want := rect{ia[i].box.x + dx, ia[i].box.y + dy, ia[i].box.w, ia[i].box.h}
			if !near(ib[i].box, want) {
				t.Errorf("page %d: %+v moved to %+v, want %+v", n, ia[i].box, ib[i].box, want)
				break
			}
		}
		if n == 1 {
			continue // its text names the offset
		}
		ta, tb := pdftest.PageText(t, a, n), pdftest.PageText(t, b, n)
		for i := range min(len(ta), len(tb)) {
			const pt = 72 / 25.4
			if math.Abs(tb[i].X/pt-ta[i].X/pt-dx) > 0.01 || math.Abs(ta[i].Y/pt-tb[i].Y/pt-dy) > 0.01 {
				t.Errorf("page %d: %q moved by (%.2f, %.2f), want (%g, %g)", n, ta[i].S, tb[i].X/pt-ta[i].X/pt, ta[i].Y/pt-tb[i].Y/pt, dx, dy)
				break
			}
		}
	}
	// The check's back, card backs of two sizes and the chips' backs.
	if backs < 4 {
		t.Errorf("%d back pages with something on them, want at least 4", backs)
	}
}

// The 5 mm clear zone stays clear under --back-offset: what the shift
// carries into it is cut at its edge. (Before, --back-offset -3,4 put ink
// 1 mm from the edge.) Paths and images are measured where the clip
// leaves them.
func TestBackOffsetKeepsTheClearZone(t *testing.T) {
	for _, off := range [][2]float64{{-3, 4}, {MaxBackOffset, -MaxBackOffset}, {-MaxBackOffset, MaxBackOffset}} {
		for _, bleed := range []float64{0, 3} {
			r, _ := pnpPDF(t, richDoc(), Options{Bleed: bleed, BackOffset: off})
			for n := 2; n <= r.NumPage(); n += 2 {
				w, h := pdftest.MediaBox(r, n)
				for _, in := range pageInk(t, r, n) {
					b := in.box
					if e := min(b.x, b.y, w-b.x-b.w, h-b.y-b.h); !in.white && e < printEdge-0.01 {
						t.Errorf("offset %v, bleed %g: page %d: ink %.2f mm from the edge at %+v", off, bleed, n, e, b)
					}
				}
			}
		}
	}
}

// tick is a labelled tick of a scale: where it is along the scale (mm)
// and the number printed by it.
type tick struct{ at, value float64 }

// scaleReading reads the duplex check's scales on page n: for the scale
// at the given side of the cross centre (cx, cy), the labelled ticks
// (the 2.6 mm ones) and the number printed next to each.
func scaleReading(t *testing.T, r *pdf.Reader, n int, cx, cy float64, horizontal bool, side float64) []tick {
	t.Helper()
	const pt = 72 / 25.4
	_, pageH := pdftest.MediaBox(r, n)
	var ticks []segment
	for _, in := range pageInk(t, r, n) {
		s := in.line
		if s == nil || math.Abs(math.Hypot(s.x2-s.x1, s.y2-s.y1)-2.6) > 0.01 {
			continue
		}
		if horizontal && s.x1 == s.x2 && math.Abs(s.y1-(cy+side*calScaleAt)) < 0.01 ||
			!horizontal && s.y1 == s.y2 && math.Abs(s.x1-(cx+side*calScaleAt)) < 0.01 {
			ticks = append(ticks, *s)
		}
	}
	if len(ticks) != 7 {
		t.Fatalf("page %d: %d labelled ticks on the scale, want 7 (every 2 mm from -6 to 6)", n, len(ticks))
	}
	m := newPDF(paper{210, 297}, 0, "")
	m.SetFont(fonts.Family, "", calLabelPt)
	var out []tick
	for _, w := range words(pdftest.PageText(t, r, n)) {
		s := w.S
		neg := false
		if s != "" && (s[0] < '0' || s[0] > '9') { // a minus sign, as the reader decodes it
			s, neg = s[1:], true
		}
		v, err := strconv.Atoi(s)
		if err != nil || math.Abs(w.FontSize-calLabelPt) > 0.01 {
			continue
		}
		value := float64(v)
		if neg {
			value = -value
		}
		// The label's middle, to find its tick by.
		x, y := w.X/pt+m.GetStringWidth(signed(value))/2, pageH-w.Y/pt-calLabelPt*mmPerPt*0.35
		best, at := math.Inf(1), 0.0
		for _, tk := range ticks {
			d := math.Abs(y - tk.y1)
			if horizontal {
				d = math.Abs(x - tk.x1)
			}
			far := math.Hypot(x-tk.x1, y-tk.y1)
			if far < 12 && d < best {
				best, at = d, tk.x1
				if !horizontal {
					at = tk.y1
				}
			}
		}
		if best > 0.3 {
			continue // a number of the other scale
		}
		out = append(out, tick{at, value})
	}
	if len(out) != 7 {
		t.Fatalf("page %d: %d numbers on the scale, want 7: %v", n, len(out), out)
	}
	return out
}

// read interpolates a scale at position at: the number a line crossing
// it there means. The numbers must be 1 mm apart per unit.
func read(t *testing.T, ticks []tick, at float64) float64 {
	t.Helper()
	slices.SortFunc(ticks, func(a, b tick) int { return int(math.Copysign(1, a.at-b.at)) })
	first, last := ticks[0], ticks[len(ticks)-1]
	slope := (last.value - first.value) / (last.at - first.at)
	if math.Abs(math.Abs(slope)-1) > 1e-3 { // the PDF holds 0.01 pt
		t.Fatalf("the scale reads %g per mm, want 1", slope)
	}
	for _, tk := range ticks {
		if math.Abs(first.value+slope*(tk.at-first.at)-tk.value) > 0.01 {
			t.Fatalf("the number %g is not at its place on the scale: %v", tk.value, ticks)
		}
	}
	return first.value + slope*(at-first.at)
}

// The duplex check works: for a printer that puts the back (dx, dy) off
// (seen from the front), the window test and the pin test both read
// (dx, dy) on the scales, and the file rendered with that --back-offset
// puts the back's cross exactly behind the front's.
func TestDuplexCheckReadsTheOffset(t *testing.T) {
	for _, paperName := range []string{"a4", "letter"} {
		r, _ := pnpPDF(t, smallDoc(), Options{Paper: paperName})
		pageW, _ := pdftest.MediaBox(r, 1)
		front := crossAt(t, r, 1, 0.12)
		back := crossAt(t, r, 2, 0.6)
		if math.Abs(pageW-back[0]-front[0]) > 0.001 || math.Abs(back[1]-front[1]) > 0.001 {
			t.Fatalf("%s: the back's cross at %v is not behind the front's at %v", paperName, back, front)
		}
		fx, fy := front[0], front[1]
		frontX := scaleReading(t, r, 1, fx, fy, true, 1)
		frontY := scaleReading(t, r, 1, fx, fy, false, 1)
		backX := scaleReading(t, r, 2, back[0], back[1], true, -1)
		backY := scaleReading(t, r, 2, back[0], back[1], false, 1)
		for _, e := range [][2]float64{{0, 0}, {1.5, -2}, {-0.5, 3.5}, {-6, 6}} {
			// The printer moves the back page e seen from the front:
			// (-e.x, e.y) on the back page's own coordinates.
			bx, by := back[0]-e[0], back[1]+e[1]
			// Window test: the back's cross, seen through the paper.
			if got := [2]float64{read(t, frontX, pageW-bx), read(t, frontY, by)}; math.Abs(got[0]-e[0]) > 0.01 || math.Abs(got[1]-e[1]) > 0.01 {
				t.Errorf("%s: window test reads %v for a back %v off", paperName, got, e)
			}
			// Pin test: the pin leaves through the point behind the
			// front's centre; the back's scales moved with it by e.
			hx, hy := pageW-fx, fy
			if got := [2]float64{read(t, backX, hx+e[0]), read(t, backY, hy-e[1])}; math.Abs(got[0]-e[0]) > 0.01 || math.Abs(got[1]-e[1]) > 0.01 {
				t.Errorf("%s: pin test reads %v for a back %v off", paperName, got, e)
			}
			// Rendered again with the reading, the same printer puts the
			// back's cross behind the front's.
			fixed, err := PnP(smallDoc(), Options{Paper: paperName, BackOffset: e})
			if err != nil {
				t.Fatal(err)
			}
			c := crossAt(t, pdftest.Read(t, fixed), 2, 0.6)
			if px, py := pageW-(c[0]-e[0]), c[1]+e[1]; math.Abs(px-fx) > 1e-3 || math.Abs(py-fy) > 1e-3 {
				t.Errorf("%s: with --back-offset %v the back's cross prints at %.3f,%.3f, the front's is at %.3f,%.3f", paperName, e, px, py, fx, fy)
			}
		}
	}
}

// crossAt finds where the long lines of width lw on page n cross.
func crossAt(t *testing.T, r *pdf.Reader, n int, lw float64) [2]float64 {
	t.Helper()
	var x, y []float64
	for _, in := range pageInk(t, r, n) {
		s := in.line
		if s == nil || math.Abs(in.lw-lw) > 0.005 || math.Hypot(s.x2-s.x1, s.y2-s.y1) < 25 {
			continue
		}
		if s.x1 == s.x2 {
			x = append(x, s.x1)
		} else if s.y1 == s.y2 {
			y = append(y, s.y1)
		}
	}
	if len(x) != 1 || len(y) != 1 {
		t.Fatalf("page %d: %d upright and %d level lines %g mm wide, want one of each", n, len(x), len(y), lw)
	}
	return [2]float64{x[0], y[0]}
}

// One-sided pieces share sheets: a board, tokens of two sizes and the box
// list, which once took three sheets (and the box list one of its own),
// print on one; page 1 says where each is.
func TestOneSidedPiecesShareSheets(t *testing.T) {
	doc := smallDoc()
	doc.Cards = nil
	doc.Components = []Component{
		{Kind: "board", Title: "Heat board", Rows: []BoardRow{{Label: "-1", Slots: 3}, {Label: "-2", Slots: 3}}, SlotDiameter: 16},
		{Kind: "tokens", Title: "Heat tokens", Label: "H", Count: 15, Diameter: 14},
		{Kind: "tokens", Title: "Money", Label: "$5", Count: 20, Diameter: 20},
	}
	doc.Box = []BoxItem{{Name: "Heat board", Count: 1, Printed: true}, {Name: "Dice", Count: 2}}
	for _, paper := range []string{"a4", "letter"} {
		data, err := PnP(doc, Options{Paper: paper})
		if err != nil {
			t.Fatal(err)
		}
		pages := pdftest.Pages(t, data)
		if len(pages) != guidePages+1 {
			t.Fatalf("%s: %d pages, want the guide and one sheet", paper, len(pages))
		}
		sheet := pages[guidePages]
		for _, want := range []string{"Heat board", "Heat tokens", "Money", "what's in the box", "2 × Dice"} {
			if !says(sheet, want) {
				t.Errorf("%s: page %d lacks %q: %q", paper, guidePages+1, want, sheet)
			}
		}
		if !says(pages[0], "one-sided: sheets on page 3; what's in the box on page 3") {
			t.Errorf("%s: page 1 does not place the sheet and the box list on page 3", paper)
		}
	}
}

// One-sided sheets never share a sheet of paper with anything: each is
// on an odd page and the even page after it is blank, so the whole file
// goes through one duplex run. Page 1 tells this file's page numbers.
func TestOneSidedSheetsHaveBlankBacks(t *testing.T) {
	doc := richDoc()
	doc.Components = append(doc.Components, Component{Kind: "track", Label: "Long", Spaces: 300, SpaceSize: 20, Count: 1})
	r, data := pnpPDF(t, doc, Options{})
	pages := pdftest.Pages(t, data)
	// Where things are, read from the pages themselves.
	chips := slices.IndexFunc(pages, func(s string) bool {
		return strings.Contains(s, "Modifier chips") && !strings.Contains(s, "printing this file")
	}) + 1
	if chips < guidePages+1 || chips%2 != 1 || !strings.Contains(pages[chips], "(backs)") {
		t.Fatalf("the chips' fronts are on page %d, not an odd page followed by their backs", chips)
	}
	oneSided := chips + 2
	var sheets, blanks []int
	for n := oneSided; n <= r.NumPage(); n++ {
		empty := len(pageInk(t, r, n)) == 0 && pages[n-1] == ""
		switch {
		case n%2 == 1 && empty:
			t.Errorf("page %d, a front, is empty", n)
		case n%2 == 0 && !empty:
			t.Errorf("page %d is the back of one-sided page %d, but not blank: %q", n, n-1, pages[n-1])
		case n%2 == 1:
			sheets = append(sheets, n)
		default:
			blanks = append(blanks, n)
		}
	}
	if r.NumPage()%2 != 1 || len(sheets) < 4 || !strings.Contains(pages[r.NumPage()-1], "what's in the box") {
		t.Fatalf("%d pages, one-sided ones %v: want several, the box page last", r.NumPage(), sheets)
	}
	// Page 1 lists them: every page range it gives is this file's.
	first := pdftest.Joined(pdftest.PageText(t, r, 1))
	boxPage := sheets[len(sheets)-1]
	for _, want := range []string{
		fmt.Sprintf("sheets on the odd pages %d–%d", oneSided, boxPage-2),
		fmt.Sprintf("what's in the box on page %d", boxPage),
		fmt.Sprintf("%d–%d", oneSided, boxPage),
		fmt.Sprintf("%d–%d", chips, chips+1),
		fmt.Sprintf("Print pages 1–%d double-sided, then pages %d–%d one-sided, odd pages only.", chips+1, oneSided, boxPage),
		"Print at 100 % (“Actual size”)", "flipping on the long edge", "--back-offset 0,0",
		"Neighbouring cards share one cut", "There is no bleed",
		"Cut out tokens along their outlines", "numbered (1/2, 2/2)",
	} {
		if !says(first, want) {
			t.Errorf("page 1 does not say %q:\n%s", want, first)
		}
	}
	// The card runs: poker cards from page 3, mini cards after them.
	if !says(first, "6 cards of 63 × 88 mm, 9 a sheet (3 × 3)") || !says(first, "19 cards of 44 × 68 mm, 16 a sheet (4 × 4)") {
		t.Errorf("page 1 does not list the card runs:\n%s", first)
	}
	if !says(first, fmt.Sprintf("%d–%d", guidePages+1, guidePages+2)) || !says(first, fmt.Sprintf("%d–%d", guidePages+3, guidePages+6)) {
		t.Errorf("page 1 does not give the card pages 3–4 and 5–8:\n%s", first)
	}
}

// says reports whether page text holds s, read as the PDF reader decodes
// the Go font's text (the low byte of each character beyond Latin-1, and
// nothing where a line breaks), spaces aside.
func says(text, s string) bool {
	var b strings.Builder
	for _, r := range s {
		if r > 0xff {
			r &= 0xff
		}
		if r != ' ' {
			b.WriteRune(r)
		}
	}
	return strings.Contains(strings.ReplaceAll(text, " ", ""), b.String())
}

// The guide says what this file's settings are, and the cutting advice
// follows the gutter and bleed.
func TestInstructionsFollowTheSettings(t *testing.T) {
	for _, tc := range []struct {
		opt  Options
		want []string
	}{
		{Options{Paper: "a4", Bleed: 3}, []string{"A4, ", "Cards with 3 mm bleed, 6 mm apart.", "two cuts",
			"runs 3 mm past its cuts (bleed)", "8 a sheet (2 × 4, turned on their side)"}},
		{Options{Paper: "letter", Bleed: 2}, []string{"US Letter", "0 mm apart", "runs 2 mm past the sheet's outer cuts (bleed); cut exactly on the lines between cards"}},
		{Options{Paper: "a4", Bleed: 3, Gutter: gutterOpt(3)}, []string{"3 mm apart", "runs 1.5 mm past its cuts between cards and 3 mm past the sheet's outer cuts"}},
		{Options{Paper: "a4", Gutter: gutterOpt(2)}, []string{"2 mm apart: two cuts", "There is no bleed"}},
		{Options{BackOffset: [2]float64{-1.25, 0.5}}, []string{"--back-offset -1.25,0.5"}},
	} {
		data, err := PnP(smallDoc(), tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		first := pdftest.Pages(t, data)[0]
		for _, w := range tc.want {
			if !says(first, w) {
				t.Errorf("%v: page 1 does not say %q:\n%s", tc.opt, w, first)
			}
		}
	}
}

// The ruler on page 1 is 100 mm long, so measuring it checks the scale.
func TestRulerIs100mm(t *testing.T) {
	for _, paperName := range []string{"a4", "letter"} {
		r, _ := pnpPDF(t, smallDoc(), Options{Paper: paperName})
		found := false
		for _, in := range pageInk(t, r, 1) {
			if s := in.line; s != nil && math.Abs(in.lw-0.25) < 0.005 && s.y1 == s.y2 {
				found = found || math.Abs(math.Abs(s.x2-s.x1)-100) < 0.01
			}
		}
		if !found {
			t.Errorf("%s: no 100 mm bar on page 1", paperName)
		}
	}
}

// Settings the renderer cannot use are one-line errors, and every
// setting keeps the output reproducible.
func TestPrintOptions(t *testing.T) {
	for _, tc := range []struct {
		opt  Options
		want string
	}{
		{Options{Gutter: gutterOpt(-1)}, "render: gutter -1 mm is out of range 0-20"},
		{Options{Gutter: gutterOpt(math.NaN())}, "render: gutter NaN mm is out of range 0-20"},
		{Options{Gutter: gutterOpt(20.5)}, "out of range"},
		{Options{BackOffset: [2]float64{10.5, 0}}, "render: back offset 10.5,0 mm is out of range"},
		{Options{BackOffset: [2]float64{0, math.Inf(-1)}}, "out of range"},
		{Options{BackOffset: [2]float64{math.NaN(), 0}}, "out of range"},
	} {
		_, err := PnP(smallDoc(), tc.opt)
		oneLineError(t, err, tc.want)
	}
	opt := Options{Paper: "letter", Bleed: 3, Gutter: gutterOpt(1.5), BackOffset: [2]float64{0.5, -1}, Epoch: 1700000000}
	a, err := PnP(richDoc(), opt)
	if err != nil {
		t.Fatal(err)
	}
	b, err := PnP(richDoc(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Error("two renders with the same options differ")
	}
	// A gutter as wide as the page allows for a single card only.
	data, err := PnP(smallDoc(), Options{Gutter: gutterOpt(MaxGutter)})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(cardsOn(t, pdftest.Read(t, data), guidePages+1, 63, 88, 0)); n != 4 {
		t.Errorf("%d cards on a page 20 mm apart, want 4", n)
	}
}

// Each card size gets its own auto gutter: on Letter at 3 mm bleed poker
// cards lie turned, sharing their cuts, while mini cards share a 3 mm
// gutter; page 1 then gives each run its gap.
func TestInstructionsGiveEachSizesGutter(t *testing.T) {
	data, err := PnP(mixedDoc(), Options{Paper: "letter", Bleed: 3})
	if err != nil {
		t.Fatal(err)
	}
	first := pdftest.Pages(t, data)[0]
	for _, want := range []string{"Cards with 3 mm bleed.", "8 a sheet (2 × 4, 0 mm apart, turned on their side)", "12 a sheet (4 × 3, 3 mm apart)",
		"between cards apart there are two", "runs up to 3 mm past its cuts"} {
		if !says(first, want) {
			t.Errorf("page 1 does not say %q:\n%s", want, first)
		}
	}
}

// A box list longer than a page is split across pages, a line after
// another, never a page a line.
func TestLongBoxListSplits(t *testing.T) {
	doc := smallDoc()
	doc.Cards, doc.Components, doc.Box = nil, nil, nil
	for i := range 80 {
		doc.Box = append(doc.Box, BoxItem{Name: fmt.Sprintf("Piece %d", i), Count: 1, Printed: true})
	}
	pages := pdftest.Pages(t, mustPnP(t, doc, Options{}))
	// 80 lines of 6 mm: two sheets, each a front with a blank back.
	if len(pages) != guidePages+3 || !says(pages[guidePages], "Piece 0") || !says(pages[guidePages+2], "Piece 79") {
		t.Fatalf("%d pages, want the box list on pages %d and %d", len(pages), guidePages+1, guidePages+3)
	}
}

func mustPnP(t *testing.T, doc *Document, opt Options) []byte {
	t.Helper()
	data, err := PnP(doc, opt)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
