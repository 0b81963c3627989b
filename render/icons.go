package render

import (
	"sort"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/fonts"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/icon"

	"codeberg.org/go-pdf/fpdf"
)

// iconScale is how much of its 1-em square an icon's design fills: a
// little room either side, like a letter's side bearings.
const iconScale = 0.9

// face is one font text is set in: a style of the Go fonts (font nil,
// registered with every writer), or a font file: a game's or the
// fallback, registered on first use so a PDF embeds only what it uses.
type face struct {
	family, style string
	font          *fonts.Font
}

func goFace(style string) face { return face{family: fonts.Family, style: style} }

func fileFace(f *fonts.Font) face { return face{family: f.Key(), font: f} }

// faceFor is the face text in style is set in with typeface tf (nil: the
// Go fonts).
func faceFor(tf *fonts.Typeface, style string) face {
	if tf == nil {
		return goFace(style)
	}
	return fileFace(tf.Style(style))
}

// use selects the face at size on pdf. Registering a font file twice is
// a map lookup in the writer, so it is simply asked every time.
func (fc face) use(pdf *fpdf.Fpdf, size float64) {
	if fc.font != nil {
		pdf.AddUTF8FontFromBytes(fc.family, "", fc.font.TTF)
	}
	pdf.SetFont(fc.family, fc.style, size)
}

func (fc face) covers(r rune) bool {
	if fc.font == nil {
		return fonts.GoCovers(r)
	}
	return fc.font.Covers(r)
}

// capHeight is the face's cap height over its size, to centre text on its
// line as capRatio does for the Go fonts.
func (fc face) capHeight(m *measurer) float64 {
	if fc.font == nil {
		return capRatio
	}
	fc.use(m.pdf, 10)
	if c := m.pdf.GetFontDesc(fc.family, "").CapHeight; c > 200 && c < 1000 {
		return float64(c) / 1000
	}
	return capRatio
}

// seg is a run of text in one face, or one icon (drawn in place of its
// `:name:`, in face's size).
type seg struct {
	face face
	text string
	icon *inlineIcon
}

// inlineIcon is how an icon is drawn: a built-in design in the text's
// colour or its own, or a picture (src) placed by the renderer art.
type inlineIcon struct {
	name  string
	shape icon.Shape
	color *rgb
	src   string
	art   *renderer
}

// iconFor is the icon a `:name:` shows: the game's own of that id, else
// the built-in; nil when there is none, and the token stays text
// (validation has reported it).
func (m *measurer) iconFor(name string) *inlineIcon {
	if ic, ok := m.resolved[name]; ok {
		return ic
	}
	var ic *inlineIcon
	def, own := m.icons[name]
	builtin := name
	if own {
		builtin = def.Builtin
	}
	if own && def.Src != "" {
		ic = &inlineIcon{name: name, src: def.Src, art: m.art}
	} else if shape, ok := icon.Builtin(builtin); ok {
		ic = &inlineIcon{name: name, shape: shape}
		if own && def.Color != "" {
			c := parseColor(def.Color, ink)
			ic.color = &c
		}
	}
	if m.resolved == nil {
		m.resolved = map[string]*inlineIcon{}
	}
	m.resolved[name] = ic
	return ic
}

// segments cuts a word of text in typeface tf and style into what is
// drawn: icons, and text in tf or, for characters tf lacks and the
// fallback has, in the fallback.
func (m *measurer) segments(tf *fonts.Typeface, style, text string) []seg {
	primary := faceFor(tf, style)
	if !icon.Has(text) && coversAll(primary, text) {
		return []seg{{face: primary, text: text}}
	}
	var out []seg
	pos := 0
	for _, tk := range icon.Scan(text) {
		ic := m.iconFor(tk.Name)
		if ic == nil {
			continue
		}
		out = appendText(out, primary, text[pos:tk.Start])
		out = append(out, seg{face: primary, icon: ic})
		pos = tk.End
	}
	return appendText(out, primary, text[pos:])
}

// coversAll reports whether fc has every character of s; printable ASCII
// is in every font a game may use, so most text is decided by bytes.
func coversAll(fc face, s string) bool {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii && fc.font == nil {
		return true
	}
	for _, r := range s {
		if !fc.covers(r) {
			return false
		}
	}
	return true
}

// appendText adds s in primary, switching to the fallback for each
// stretch of characters primary lacks and the fallback has. Characters
// neither has stay in primary (validation has reported them).
func appendText(out []seg, primary face, s string) []seg {
	if s == "" {
		return out
	}
	if coversAll(primary, s) {
		return appendSeg(out, seg{face: primary, text: s})
	}
	fb := fileFace(fonts.Fallback())
	start, cur := 0, primary
	for i, r := range s {
		fc := primary
		if !primary.covers(r) && fb.covers(r) {
			fc = fb
		}
		if fc != cur && i > start {
			out = appendSeg(out, seg{face: cur, text: s[start:i]})
			start = i
		}
		cur = fc
	}
	return appendSeg(out, seg{face: cur, text: s[start:]})
}

// appendSeg adds sg, joining it to the last segment when both are text in
// the same face.
func appendSeg(out []seg, sg seg) []seg {
	if n := len(out); n > 0 && sg.icon == nil && out[n-1].icon == nil && out[n-1].face == sg.face {
		out[n-1].text += sg.text
		return out
	}
	return append(out, sg)
}

// joinSegs merges neighbouring text segments of one face.
func joinSegs(ss []seg) []seg {
	var out []seg
	for _, s := range ss {
		out = appendSeg(out, s)
	}
	return out
}

// segWidth is a segment's width in mm at size: an icon is a square em.
func (m *measurer) segWidth(sg seg, size float64) float64 {
	if sg.icon != nil {
		return size * mmPerPt
	}
	return m.faceWidth(sg.face, size, sg.text)
}

func (m *measurer) segsWidth(ss []seg, size float64) float64 {
	w := 0.0
	for _, s := range ss {
		w += m.segWidth(s, size)
	}
	return w
}

// drawPiece draws one piece of a typeset line whose baseline is base and
// whose text is centred on cy, in col.
func drawPiece(pdf *fpdf.Fpdf, p piece, x, base, cy, size float64, col rgb) {
	if p.icon == nil {
		p.face.use(pdf, size)
		pdf.Text(x+p.x, base, p.text)
		return
	}
	em := size * mmPerPt
	drawIcon(pdf, p.icon, x+p.x+em/2, cy, em, col)
	textColor(pdf, col) // a badge icon leaves its letter's colour set
}

// drawIcon draws an icon in the square em wide centred at (cx, cy), in
// its own colour or else in col.
func drawIcon(pdf *fpdf.Fpdf, ic *inlineIcon, cx, cy, em float64, col rgb) {
	if ic.color != nil {
		col = *ic.color
	}
	d := em * iconScale
	if ic.src != "" {
		if ic.art != nil {
			ic.art.drawImage(ic.src, rect{cx - d/2, cy - d/2, d, d}, gamedata.FitContain, "")
		}
		return
	}
	if ic.shape.Letter != "" {
		badge(pdf, cx, cy, d, ic.shape.Letter, col)
		return
	}
	fill(pdf, col)
	ic.shape.Draw(pdfPen{pdf, cx - d/2, cy - d/2, d})
	if ic.shape.EvenOdd {
		pdf.DrawPath("F*")
	} else {
		pdf.DrawPath("F")
	}
}

// pdfPen traces an icon design's unit square onto a square of side s at
// (x, y) on the page.
type pdfPen struct {
	pdf  *fpdf.Fpdf
	x, y float64
	s    float64
}

func (p pdfPen) MoveTo(x, y float64) { p.pdf.MoveTo(p.x+x*p.s, p.y+y*p.s) }
func (p pdfPen) LineTo(x, y float64) { p.pdf.LineTo(p.x+x*p.s, p.y+y*p.s) }
func (p pdfPen) CurveTo(x1, y1, x2, y2, x, y float64) {
	p.pdf.CurveBezierCubicTo(p.x+x1*p.s, p.y+y1*p.s, p.x+x2*p.s, p.y+y2*p.s, p.x+x*p.s, p.y+y*p.s)
}
func (p pdfPen) Close() { p.pdf.ClosePath() }

// labelWidth measures a one-line label (a token's, a board row's) set in
// the document's font in style, icons a square em.
func (m *measurer) labelWidth(style string, size float64, s string) float64 {
	return m.segsWidth(m.segments(m.deflt, style, s), size)
}

// drawLabel draws a one-line label with its left end at x and its
// baseline at base, in col: icons and fallback characters as in typeset
// text. A label in the font already selected selects nothing, so drawing
// it writes what pdf.Text alone would.
func (m *measurer) drawLabel(pdf *fpdf.Fpdf, style string, size, x, base float64, s string, col rgb) {
	ss := m.segments(m.deflt, style, s)
	textColor(pdf, col)
	cy := base - capRatio*size*mmPerPt/2
	for _, sg := range ss {
		if sg.icon != nil {
			drawPiece(pdf, piece{face: sg.face, icon: sg.icon}, x, base, cy, size, col)
		} else {
			if pt, _ := pdf.GetFontSize(); !strings.EqualFold(pdf.GetFontFamily(), sg.face.family) || pdf.GetFontStyle() != sg.face.style || pt != size {
				sg.face.use(pdf, size)
			}
			pdf.Text(x, base, sg.text)
		}
		x += m.segWidth(sg, size)
	}
}

// CheckIcons reports `:name:` icons the game does not have in the text an
// engine generated for its cards (rules lines, fields), at the card's
// line: validation knows that text only once the engine has built the
// game. A name already reported where the YAML writes it is not reported
// again.
func CheckIcons(doc *Document, g *gamedata.Data) []finding.Finding {
	var fs []finding.Finding
	for i := range doc.Cards {
		c := &doc.Cards[i]
		seen := map[string]bool{}
		check := func(s string) {
			if !icon.Has(s) {
				return
			}
			for _, tk := range icon.Scan(s) {
				if seen[tk.Name] || g.IconKnown(tk.Name) || g.IconReported(tk.Name) {
					continue
				}
				seen[tk.Name] = true
				fs = append(fs, gamedata.CodeIconUnknown.At(c.Pos,
					"the text the engine prints on card %q names icon \":%s:\", which is neither built in nor declared in game.yaml icons", c.ID, tk.Name))
			}
		}
		for _, l := range c.Rules {
			check(l.Text)
		}
		for _, l := range c.BackRules {
			check(l.Text)
		}
		for _, k := range sortedKeys(c.Fields) {
			check(c.Fields[k])
		}
		for _, k := range sortedKeys(c.BackFields) {
			check(c.BackFields[k])
		}
	}
	return fs
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
