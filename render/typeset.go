package render

import (
	"strings"
	"unicode/utf8"

	"github.com/cardpress/cardpress/fonts"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/icon"

	"codeberg.org/go-pdf/fpdf"
)

// Typesetting constants, as fractions of the font size or line height. They
// are shared by measuring and drawing, so what CheckFit accepts is exactly
// what PnP draws.
const (
	lineFactor   = 1.2  // line height / font size
	paraGapRatio = 0.35 // gap between paragraphs / line height
	capRatio     = 0.7  // cap height / font size, to centre text on its line
	badgeRatio   = 0.9  // badge diameter / line height
	shrinkStep   = 0.5  // pt per shrink step
)

// run is a stretch of text in one fpdf style ("", "B", "I", "BI").
type run struct{ style, text string }

// para is one paragraph. A badge (a phase letter in a circle) or a bullet
// hangs in the left indent of its first line. font is the id of the game
// font it is set in: "" is the document's own (its front face's), which
// is the Go fonts unless the game chose another.
type para struct {
	runs   []run
	badge  string
	bullet bool
	font   string
}

// piece is part of a line in one face, at x from the line's start: text,
// or one inline icon a square em wide.
type piece struct {
	style, text string
	x, w        float64
	face        face
	icon        *inlineIcon
}

type line struct {
	pieces []piece
	w      float64
	broken bool // it goes on with the rest of a word too wide for a line
}

// block is typeset text: paragraphs broken into lines at one size.
type block struct {
	size   float64 // pt
	lh     float64 // line height, mm
	indent float64 // hanging indent for badges and bullets, mm
	paras  [][]line
	marks  []para // the paragraphs, for their badges and bullets
	height float64
	broken bool // some word was broken between characters
	// cap is the cap height over the size of the font the block is set
	// in, to centre its text on each line; 0 for the Go fonts' capRatio.
	cap float64
}

func (b block) capRatio() float64 {
	if b.cap > 0 {
		return b.cap
	}
	return capRatio
}

// measurer measures strings on a PDF writer that has no pages, so that
// SetFont never writes into a content stream. Bound to a document (see
// newMeasurerFor) it knows the game's fonts and icons.
type measurer struct {
	pdf   *fpdf.Fpdf
	fonts map[string]*fonts.Typeface
	deflt *fonts.Typeface // the document's font; nil: the Go fonts
	icons map[string]icon.Def
	// resolved caches each icon name's drawing, nil for a name that is no
	// icon (it stays text).
	resolved map[string]*inlineIcon
	// art draws image icons, embedding each picture once (image.go); nil
	// for a measurer that only measures.
	art *renderer
}

func newMeasurer() *measurer {
	pdf := fpdf.New("P", "mm", "A4", "")
	for _, f := range fonts.Faces {
		pdf.AddUTF8FontFromBytes(fonts.Family, f.Style, f.TTF)
	}
	return &measurer{pdf: pdf}
}

// newMeasurerFor is a measurer that sets text in doc's fonts and knows its
// icons.
func newMeasurerFor(doc *Document) *measurer {
	m := newMeasurer()
	m.fonts = doc.Fonts
	m.deflt = doc.Fonts[doc.Layout.Front.Font]
	m.icons = doc.Icons
	return m
}

// typeface is the game font id names; "" is the document's own, and an
// id that names no game font (the Go fonts' "go") is the Go fonts.
func (m *measurer) typeface(id string) *fonts.Typeface {
	if id == "" {
		return m.deflt
	}
	return m.fonts[id]
}

// width measures s in the Go fonts.
func (m *measurer) width(style string, size float64, s string) float64 {
	m.pdf.SetFont(fonts.Family, style, size)
	return m.pdf.GetStringWidth(s)
}

// faceWidth measures s in one face.
func (m *measurer) faceWidth(fc face, size float64, s string) float64 {
	fc.use(m.pdf, size)
	return m.pdf.GetStringWidth(s)
}

// plain makes one paragraph per line of s, in one style.
func plain(s, style string) []para {
	var ps []para
	for _, l := range strings.Split(clean(s), "\n") {
		ps = append(ps, para{runs: []run{{style, l}}})
	}
	return ps
}

// indentFor is the hanging indent the paragraphs need at a size: room for a
// badge or bullet if any paragraph has one, so all text lines up.
func indentFor(ps []para, size float64) float64 {
	lh := size * mmPerPt * lineFactor
	for _, p := range ps {
		if p.badge != "" {
			return lh*badgeRatio + size*mmPerPt*0.35
		}
	}
	for _, p := range ps {
		if p.bullet {
			return size * mmPerPt * 0.9
		}
	}
	return 0
}

// set typesets paragraphs into lines no wider than width at size.
func (m *measurer) set(ps []para, width, size float64) block {
	lh := size * mmPerPt * lineFactor
	b := block{size: size, lh: lh, indent: indentFor(ps, size), marks: ps}
	avail := width - b.indent
	lines := 0
	if len(ps) > 0 {
		if fc := faceFor(m.typeface(ps[0].font), ""); fc.font != nil {
			b.cap = fc.capHeight(m)
		}
	}
	for _, p := range ps {
		ls := m.wrapIn(p.runs, m.typeface(p.font), avail, size)
		b.paras = append(b.paras, ls)
		lines += len(ls)
		for _, l := range ls {
			b.broken = b.broken || l.broken
		}
	}
	if len(ps) > 0 {
		b.height = float64(lines)*lh + float64(len(ps)-1)*lh*paraGapRatio
	}
	return b
}

// word is a unit of wrapping; space says a space separates it from the
// previous word, br that it starts a new line.
type word struct {
	style, text string
	space, br   bool
}

// split cuts runs into words. Words of adjacent runs with no space between
// them ("Name" in bold, ":" in regular) are kept together by wrap.
func split(runs []run) []word {
	var ws []word
	space := false
	for _, r := range runs {
		start := -1
		end := func(j int) {
			if start >= 0 {
				ws = append(ws, word{style: r.style, text: r.text[start:j], space: space})
				space, start = false, -1
			}
		}
		for j, c := range r.text {
			switch c {
			case ' ':
				end(j)
				space = true
			case '\n':
				end(j)
				ws = append(ws, word{br: true})
				space = false
			default:
				if start < 0 {
					start = j
				}
			}
		}
		end(len(r.text))
	}
	return ws
}

// groups joins words that have no space between them into unbreakable units.
func groups(ws []word) [][]word {
	var out [][]word
	for i, w := range ws {
		if i > 0 && !w.space && !w.br && !ws[i-1].br && len(out) > 0 {
			out[len(out)-1] = append(out[len(out)-1], w)
			continue
		}
		out = append(out, []word{w})
	}
	return out
}

// wrap breaks runs set in the Go fonts into lines (see wrapIn).
func (m *measurer) wrap(runs []run, width, size float64) []line {
	return m.wrapIn(runs, nil, width, size)
}

// wrapIn breaks runs set in tf greedily into lines of at most width; a
// word wider than a whole line is broken between characters (never inside
// an icon) so nothing runs outside its box.
func (m *measurer) wrapIn(runs []run, tf *fonts.Typeface, width, size float64) []line {
	var out []line
	var cur line
	flush := func() {
		out = append(out, cur)
		cur = line{}
	}
	add := func(sg seg, space bool) {
		if n := len(cur.pieces); n > 0 && sg.icon == nil && cur.pieces[n-1].icon == nil && cur.pieces[n-1].face == sg.face {
			p := &cur.pieces[n-1]
			if space {
				p.text += " "
			}
			p.text += sg.text
			p.w = m.faceWidth(sg.face, size, p.text)
			cur.w = p.x + p.w
			return
		}
		x := cur.w
		if space {
			x += m.faceWidth(sg.face, size, " ")
		}
		w := m.segWidth(sg, size)
		cur.pieces = append(cur.pieces, piece{style: sg.face.style, text: sg.text, face: sg.face, icon: sg.icon, x: x, w: w})
		cur.w = x + w
	}
	for _, g := range groups(split(runs)) {
		if g[0].br {
			flush()
			continue
		}
		segs := make([][]seg, len(g))
		for i, w := range g {
			segs[i] = m.segments(tf, w.style, w.text)
		}
		space := g[0].space && len(cur.pieces) > 0
		if len(cur.pieces) > 0 && cur.w+m.groupWidth(segs, space, size) > width+1e-9 {
			flush()
			space = false
		}
		for i, ss := range segs {
			sp := space && i == 0
			need := m.segsWidth(ss, size)
			if sp {
				need += m.faceWidth(ss[0].face, size, " ")
			}
			if cur.w+need <= width+1e-9 {
				for j, sg := range ss {
					add(sg, sp && j == 0)
				}
				continue
			}
			// Only a word wider than a whole line gets here.
			for k, chunk := range m.breakWord(ss, width, size) {
				if len(cur.pieces) > 0 {
					flush()
				}
				cur.broken = k > 0
				for _, sg := range chunk {
					add(sg, false)
				}
			}
		}
	}
	if len(cur.pieces) > 0 || len(out) == 0 {
		flush()
	}
	return out
}

func (m *measurer) groupWidth(g [][]seg, space bool, size float64) float64 {
	w := 0.0
	if space {
		w = m.faceWidth(g[0][0].face, size, " ")
	}
	for _, ss := range g {
		w += m.segsWidth(ss, size)
	}
	return w
}

// breakWord cuts a word into chunks no wider than width, each at least one
// character or icon, so even a box narrower than a letter does not loop.
func (m *measurer) breakWord(segs []seg, width, size float64) [][]seg {
	var atoms []seg
	for _, s := range segs {
		if s.icon != nil {
			atoms = append(atoms, s)
			continue
		}
		for i := 0; i < len(s.text); {
			_, n := utf8.DecodeRuneInString(s.text[i:])
			atoms = append(atoms, seg{face: s.face, text: s.text[i : i+n]})
			i += n
		}
	}
	var chunks [][]seg
	start := 0
	for i := range atoms {
		if i > start && m.segsWidth(joinSegs(atoms[start:i+1]), size) > width+1e-9 {
			chunks = append(chunks, joinSegs(atoms[start:i]))
			start = i
		}
	}
	return append(chunks, joinSegs(atoms[start:]))
}

// sizes lists the sizes to try, from size down to minSize in shrinkStep
// steps (minSize itself always last). Counting steps avoids float drift.
func sizes(size, minSize float64) []float64 {
	if !(size > 0) { // NaN too
		size = 8
	}
	// The schema's largest size bounds fit's search at 400 steps whatever
	// size the data asks for.
	size = min(size, gamedata.MaxFontSize())
	if !(minSize > 0) || minSize > size {
		minSize = size
	}
	var out []float64
	for i := 0; ; i++ {
		s := size - shrinkStep*float64(i)
		if s <= minSize+1e-9 {
			return append(out, minSize)
		}
		out = append(out, s)
	}
}

// fit typesets at the largest size whose text fits h without breaking a
// word between characters ("COMPLICATIO / N"); failing that, at the largest
// size that fits h at all. If none fits it returns the block at the
// smallest size and by how many mm it is too tall.
func (m *measurer) fit(ps []para, w, h, size, minSize float64) (block, float64) {
	var b, fallback block
	found := false
	for _, s := range sizes(size, minSize) {
		b = m.set(ps, w, s)
		if b.height > h+1e-6 {
			continue
		}
		if !b.broken {
			return b, 0
		}
		if !found {
			fallback, found = b, true
		}
	}
	if found {
		return fallback, 0
	}
	return b, b.height - h
}
