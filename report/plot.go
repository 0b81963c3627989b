// Package report draws simulation statistics as vector plots in a PDF: bar
// charts with error bars, histograms and scatter plots, with titles, axes,
// tick labels and units. It knows nothing of any particular game.
package report

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/fonts"

	"codeberg.org/go-pdf/fpdf"
)

// Box is a plot's place on the page, in mm (x, y the top-left corner).
type Box struct{ X, Y, W, H float64 }

// Bar is one bar: a label, a value and an optional interval (Lo < Hi).
type Bar struct {
	Label     string
	Value     float64
	Lo, Hi    float64
	Highlight bool
}

// Point is one point of a scatter plot; a highlighted point is drawn in
// Colour and labelled.
type Point struct {
	X, Y   float64
	Label  string
	Colour [3]int // 0,0,0 means the default grey-blue
	Mark   bool
}

const (
	titleSize = 10.0 // pt
	labelSize = 7.5  // pt
	tickSize  = 7.0  // pt
	mmPerPt   = 25.4 / 72
)

var (
	barColour  = [3]int{70, 110, 170}
	hiColour   = [3]int{200, 80, 40}
	dotColour  = [3]int{90, 110, 140}
	gridColour = [3]int{215, 215, 215}
)

// plot is a box with its data ranges: the frame, ticks and labels are drawn
// by newPlot; x and y map data to the page.
type plot struct {
	pdf                    *fpdf.Fpdf
	left, top, right, bot  float64 // the plotting area, mm
	xmin, xmax, ymin, ymax float64
}

func (p *plot) x(v float64) float64 {
	return p.left + (v-p.xmin)/(p.xmax-p.xmin)*(p.right-p.left)
}
func (p *plot) y(v float64) float64 { return p.bot - (v-p.ymin)/(p.ymax-p.ymin)*(p.bot-p.top) }

func setFont(pdf *fpdf.Fpdf, style string, size float64) { pdf.SetFont(fonts.Family, style, size) }

func colour(pdf *fpdf.Fpdf, c [3]int) {
	pdf.SetFillColor(c[0], c[1], c[2])
	pdf.SetDrawColor(c[0], c[1], c[2])
}

// text draws s with its left, centre or right ("L", "C", "R") at x and its
// baseline at y.
func text(pdf *fpdf.Fpdf, x, y float64, align, s string) {
	w := width(pdf, s)
	switch align {
	case "C":
		x -= w / 2
	case "R":
		x -= w
	}
	eachRun(pdf, s, func(run string) {
		pdf.Text(x, y, run)
		x += pdf.GetStringWidth(run)
	})
}

// width is s's width in mm in the current font, its symbols (fallback)
// measured in the font they are drawn in.
func width(pdf *fpdf.Fpdf, s string) float64 {
	w := 0.0
	eachRun(pdf, s, func(run string) { w += pdf.GetStringWidth(run) })
	return w
}

// eachRun calls do on each stretch of s in one font, that font set: the
// report is set in the Go fonts, and a character they lack that the
// symbol fallback has ("★": validate accepts it, as the cards print it)
// is drawn from the fallback, registered with the PDF when first needed.
func eachRun(pdf *fpdf.Fpdf, s string, do func(run string)) {
	if !slices.ContainsFunc([]rune(s), fromFallback) {
		do(s)
		return
	}
	style := pdf.GetFontStyle()
	size, _ := pdf.GetFontSize()
	fb := fonts.Fallback()
	if pdf.GetFontDesc(fb.Key(), "").Ascent == 0 {
		pdf.AddUTF8FontFromBytes(fb.Key(), "", fb.TTF)
	}
	r := []rune(s)
	for start := 0; start < len(r); {
		end, symbols := start+1, fromFallback(r[start])
		for end < len(r) && fromFallback(r[end]) == symbols {
			end++
		}
		if symbols {
			pdf.SetFont(fb.Key(), "", size)
		}
		do(string(r[start:end]))
		setFont(pdf, style, size)
		start = end
	}
}

// fromFallback says whether r is drawn from the symbol fallback.
func fromFallback(r rune) bool { return r >= 0x80 && !fonts.GoCovers(r) && fonts.Fallback().Covers(r) }

// title draws a chart's title centred at the top of its box, shrinking it
// by up to a quarter before shortening it with an ellipsis.
func title(pdf *fpdf.Fpdf, b Box, s string) {
	size, s := fitTitle(pdf, s, b.W)
	setFont(pdf, "B", size)
	text(pdf, b.X+b.W/2, b.Y+titleSize*mmPerPt, "C", s)
}

// fitTitle picks the title's size and text for a box w mm wide.
func fitTitle(pdf *fpdf.Fpdf, s string, w float64) (float64, string) {
	size := titleSize
	for ; size > titleSize*0.75; size -= 0.25 {
		setFont(pdf, "B", size)
		if width(pdf, s) <= w {
			return size, s
		}
	}
	setFont(pdf, "B", size)
	return size, fit(pdf, s, w)
}

// titleFits says whether s fits a box w mm wide as a title, whole.
func titleFits(pdf *fpdf.Fpdf, s string, w float64) bool {
	_, got := fitTitle(pdf, s, w)
	return got == s
}

// fit shortens s with an ellipsis until it is at most w mm wide.
func fit(pdf *fpdf.Fpdf, s string, w float64) string {
	if width(pdf, s) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 && width(pdf, string(r)+"…") > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// Ticks picks about n round tick values covering [lo, hi].
func Ticks(lo, hi float64, n int) []float64 {
	if hi <= lo {
		hi = lo + 1
	}
	raw := (hi - lo) / float64(max(n, 1))
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := mag
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	var out []float64
	for v := math.Ceil(lo/step-1e-9) * step; v <= hi+step*1e-9; v += step {
		// Round away binary noise (3 × 0.1 is not 0.3).
		t, _ := strconv.ParseFloat(strconv.FormatFloat(math.Round(v/step)*step, 'g', 10, 64), 64)
		if t == 0 {
			t = 0 // never -0
		}
		out = append(out, t)
	}
	return out
}

func tickText(v float64, percent bool) string {
	if percent {
		return fmt.Sprintf("%g%%", math.Round(v*1000)/10)
	}
	if v == math.Trunc(v) {
		return fmt.Sprintf("%.0f", v)
	}
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", v), "0"), ".")
}

// Axes is what a plot says about itself.
type Axes struct {
	Title, XLabel, YLabel string
	// YPercent shows y ticks as percentages of 1; XPercent likewise.
	YPercent, XPercent bool
}

// newPlot draws the title, the frame, the grid, the y ticks and the axis
// labels, and returns the plotting area. X ticks are left to the caller when
// xticks is nil.
func newPlot(pdf *fpdf.Fpdf, b Box, a Axes, xmin, xmax, ymin, ymax float64, xticks []float64) *plot {
	yt := Ticks(ymin, ymax, 5)
	ymin, ymax = math.Min(ymin, yt[0]), math.Max(ymax, yt[len(yt)-1])
	if xticks != nil {
		xmin, xmax = math.Min(xmin, xticks[0]), math.Max(xmax, xticks[len(xticks)-1])
	}
	p := &plot{pdf: pdf, left: b.X + 14, top: b.Y + 8, right: b.X + b.W - 2, bot: b.Y + b.H - 10,
		xmin: xmin, xmax: xmax, ymin: ymin, ymax: ymax}
	pdf.SetTextColor(0, 0, 0)
	title(pdf, b, a.Title)
	setFont(pdf, "", tickSize)
	pdf.SetLineWidth(0.15)
	for _, v := range yt {
		yy := p.y(v)
		colour(pdf, gridColour)
		pdf.Line(p.left, yy, p.right, yy)
		pdf.SetTextColor(0, 0, 0)
		text(pdf, p.left-1, yy+tickSize*mmPerPt/3, "R", tickText(v, a.YPercent))
	}
	for _, v := range xticks {
		xx := p.x(v)
		colour(pdf, [3]int{0, 0, 0})
		pdf.Line(xx, p.bot, xx, p.bot+1)
		text(pdf, xx, p.bot+1+tickSize*mmPerPt, "C", tickText(v, a.XPercent))
	}
	colour(pdf, [3]int{0, 0, 0})
	pdf.SetLineWidth(0.25)
	pdf.Line(p.left, p.top, p.left, p.bot)
	pdf.Line(p.left, p.bot, p.right, p.bot)
	setFont(pdf, "", labelSize)
	text(pdf, (p.left+p.right)/2, b.Y+b.H-1, "C", a.XLabel)
	pdf.TransformBegin()
	cx, cy := b.X+2.5, (p.top+p.bot)/2
	pdf.TransformRotate(90, cx, cy)
	text(pdf, cx, cy, "C", fit(pdf, a.YLabel, p.bot-p.top))
	pdf.TransformEnd()
	return p
}

// BarChart draws bars with their intervals as error bars; ref, if not NaN,
// is drawn as a dashed reference line (an expected value). yMax fixes the
// top of the scale when positive.
func BarChart(pdf *fpdf.Fpdf, b Box, a Axes, bars []Bar, ref, yMax float64) {
	top := yMax
	if top <= 0 {
		for _, br := range bars {
			top = math.Max(top, math.Max(br.Value, br.Hi))
		}
		if !math.IsNaN(ref) {
			top = math.Max(top, ref)
		}
		if top == 0 {
			top = 1
		}
		top *= 1.1
	}
	p := newPlot(pdf, b, a, 0, float64(max(len(bars), 1)), 0, top, nil)
	slot := barSlot(b, len(bars))
	setFont(pdf, "", tickSize)
	for i, br := range bars {
		x0 := p.left + slot*float64(i) + slot*0.15
		w := slot * 0.7
		c := barColour
		if br.Highlight {
			c = hiColour
		}
		colour(pdf, c)
		if h := p.y(0) - p.y(br.Value); h > 0 {
			pdf.Rect(x0, p.y(br.Value), w, h, "F")
		}
		if br.Hi > br.Lo {
			colour(pdf, [3]int{0, 0, 0})
			pdf.SetLineWidth(0.3)
			mid := x0 + w/2
			pdf.Line(mid, p.y(br.Lo), mid, p.y(br.Hi))
			pdf.Line(mid-w/6, p.y(br.Lo), mid+w/6, p.y(br.Lo))
			pdf.Line(mid-w/6, p.y(br.Hi), mid+w/6, p.y(br.Hi))
		}
		pdf.SetTextColor(0, 0, 0)
		text(pdf, x0+w/2, p.bot+1+tickSize*mmPerPt, "C", fit(pdf, br.Label, slot))
	}
	if !math.IsNaN(ref) {
		colour(pdf, hiColour)
		pdf.SetLineWidth(0.3)
		pdf.SetDashPattern([]float64{1.5, 1}, 0)
		pdf.Line(p.left, p.y(ref), p.right, p.y(ref))
		pdf.SetDashPattern(nil, 0)
	}
}

// barSlot is the width each of n bars has in a bar chart drawn in b: its
// plotting area (newPlot's) shared out.
func barSlot(b Box, n int) float64 { return (b.W - 16) / float64(max(n, 1)) }

// LabelsFit says whether every bar's label fits whole under its bar in a
// bar chart drawn in b: when one does not, the caller shortens them or
// draws the bars across (HBarChart), since cut to "se…" they say nothing.
func LabelsFit(pdf *fpdf.Fpdf, b Box, bars []Bar) bool {
	setFont(pdf, "", tickSize)
	slot := barSlot(b, len(bars))
	for _, br := range bars {
		if width(pdf, br.Label) > slot {
			return false
		}
	}
	return true
}

// Histogram draws counts of integer values (value → count) in at most
// about 20 equal bins, as a share of all, ticked at whole values.
func Histogram(pdf *fpdf.Fpdf, b Box, a Axes, counts map[int]int) {
	total := 0
	for _, n := range counts {
		total += n
	}
	if total == 0 {
		newPlot(pdf, b, a, 0, 1, 0, 1, Ticks(0, 1, 5))
		return
	}
	lo, width, bins := binned(counts)
	nbins := len(bins)
	top := 0.0
	for _, f := range bins {
		top = math.Max(top, f)
	}
	x0, x1 := float64(lo), float64(lo+nbins*width)
	// Whole moves: no tick at 10.5 when the games are 10 to 12 moves long.
	p := newPlot(pdf, b, a, x0, x1, 0, top*1.1, Ticks(x0, x1, min(6, int(x1-x0))))
	colour(pdf, barColour)
	pdf.SetDrawColor(255, 255, 255)
	pdf.SetLineWidth(0.15)
	for i, f := range bins {
		l := p.x(float64(lo + i*width))
		r := p.x(float64(lo + (i+1)*width))
		if f > 0 {
			pdf.Rect(l, p.y(f), r-l, p.y(0)-p.y(f), "FD")
		}
	}
}

// binned shares counts of integer values (value → count, some) out into
// equal bins from lo, each width wide: about 20, but no more than there
// are values. Hearts' games last a whole number of deals (818, 921, 1024
// … moves): 20 bins over them left every other one empty, a comb of bars
// as if there were two kinds of game.
func binned(counts map[int]int) (lo, width int, shares []float64) {
	lo, hi, total := math.MaxInt, math.MinInt, 0
	for v, n := range counts {
		lo, hi, total = min(lo, v), max(hi, v), total+n
	}
	width = max(1, int(math.Ceil(float64(hi-lo+1)/float64(min(20, len(counts))))))
	shares = make([]float64, (hi-lo)/width+1)
	for v, n := range counts {
		shares[(v-lo)/width] += float64(n) / float64(total)
	}
	return lo, width, shares
}

// Scatter draws points; marked points are drawn in their colour with
// their label beside them. ref, if not NaN, is a dashed horizontal line.
func Scatter(pdf *fpdf.Fpdf, b Box, a Axes, pts []Point, ref float64) {
	xmax, ymax := 0.0, 0.0
	for _, pt := range pts {
		xmax, ymax = math.Max(xmax, pt.X), math.Max(ymax, pt.Y)
	}
	if !math.IsNaN(ref) {
		ymax = math.Max(ymax, ref)
	}
	xmax, ymax = math.Max(xmax*1.05, 1e-9), math.Max(ymax*1.1, 0.1)
	p := newPlot(pdf, b, a, 0, xmax, 0, ymax, Ticks(0, xmax, 6))
	if !math.IsNaN(ref) {
		colour(pdf, [3]int{120, 120, 120})
		pdf.SetLineWidth(0.25)
		pdf.SetDashPattern([]float64{1.5, 1}, 0)
		pdf.Line(p.left, p.y(ref), p.right, p.y(ref))
		pdf.SetDashPattern(nil, 0)
	}
	setFont(pdf, "", tickSize-1)
	for _, pass := range []bool{false, true} { // marked points on top
		for _, pt := range pts {
			if pt.Mark != pass {
				continue
			}
			c := dotColour
			if pt.Mark {
				c = pt.Colour
			}
			colour(pdf, c)
			pdf.Circle(p.x(pt.X), p.y(pt.Y), 0.7, "F")
			if pt.Mark && pt.Label != "" {
				pdf.SetTextColor(c[0], c[1], c[2])
				align, x, room := "L", p.x(pt.X)+1.2, p.right-p.x(pt.X)-1.2
				if p.x(pt.X) > (p.left+p.right)/2 {
					align, x, room = "R", p.x(pt.X)-1.2, p.x(pt.X)-1.2-p.left
				}
				// A card's name may be 200 characters: cut at the plot's edge.
				text(pdf, x, p.y(pt.Y)+0.8, align, fit(pdf, pt.Label, room))
			}
		}
	}
	pdf.SetTextColor(0, 0, 0)
}

// HBarChart draws horizontal bars, one row per label: for many bars with
// long names (x is the value axis). Intervals and highlights are drawn as
// BarChart draws them; each bar's value is written beside it, in room kept
// for it right of the scale.
func HBarChart(pdf *fpdf.Fpdf, b Box, a Axes, bars []Bar) {
	setFont(pdf, "", tickSize)
	labelW, valueW, top, bottom := 0.0, 0.0, 0.0, 0.0
	for _, br := range bars {
		labelW = math.Max(labelW, width(pdf, br.Label))
		valueW = math.Max(valueW, pdf.GetStringWidth(valueText(a, br.Value)))
		top = math.Max(top, math.Max(br.Value, br.Hi))
		bottom = math.Min(bottom, math.Min(br.Value, br.Lo))
	}
	labelW = math.Min(labelW+2, b.W*0.55)
	if top == 0 && bottom == 0 {
		top = 1
	}
	pdf.SetTextColor(0, 0, 0)
	title(pdf, b, a.Title)
	p := &plot{pdf: pdf, left: b.X + labelW, top: b.Y + 6, right: b.X + b.W - 3 - valueW - 1, bot: b.Y + b.H - 9}
	// A tick label every 8 mm or so: closer, "0%10%20%" run together.
	n := max(2, min(5, int((p.right-p.left)/8)))
	xt := Ticks(bottom*1.05, top*1.05, n)
	for ; len(xt) < 2 && n < 20; n++ { // a scale of one tick says nothing
		xt = Ticks(bottom*1.05, top*1.05, n+1)
	}
	p.xmin, p.xmax, p.ymax = math.Min(xt[0], bottom*1.05), math.Max(xt[len(xt)-1], top*1.05), 1
	setFont(pdf, "", tickSize)
	pdf.SetLineWidth(0.15)
	for _, v := range xt {
		colour(pdf, gridColour)
		pdf.Line(p.x(v), p.top, p.x(v), p.bot)
		pdf.SetTextColor(0, 0, 0)
		text(pdf, p.x(v), p.bot+1+tickSize*mmPerPt, "C", tickText(v, a.XPercent))
	}
	row := (p.bot - p.top) / float64(max(len(bars), 1))
	size := math.Min(tickSize, row/mmPerPt*0.9)
	for i, br := range bars {
		p.hbar(a, br, p.top+row*float64(i), row, size, labelW)
	}
	colour(pdf, [3]int{0, 0, 0})
	pdf.SetLineWidth(0.25)
	pdf.Line(p.left, p.top, p.left, p.bot)
	pdf.Line(p.left, p.bot, p.right, p.bot)
	if p.xmin < 0 {
		pdf.Line(p.x(0), p.top, p.x(0), p.bot)
	}
	setFont(pdf, "", labelSize)
	text(pdf, (p.left+p.right)/2, b.Y+b.H-1, "C", a.XLabel)
}

// hbar draws one row of HBarChart at y0, row mm high: the bar, its
// interval, its label (shrunk to 5 pt before it loses its end) and value.
func (p *plot) hbar(a Axes, br Bar, y0, row, size, labelW float64) {
	pdf := p.pdf
	c := barColour
	if br.Highlight {
		c = hiColour
	}
	colour(pdf, c)
	if l, r := math.Min(p.x(0), p.x(br.Value)), math.Max(p.x(0), p.x(br.Value)); r > l {
		pdf.Rect(l, y0+row*0.15, r-l, row*0.7, "F")
	}
	end, mid := math.Max(br.Value, 0), y0+row/2
	if br.Hi > br.Lo {
		colour(pdf, [3]int{0, 0, 0})
		pdf.SetLineWidth(0.3)
		tick := row * 0.35 / 2
		pdf.Line(p.x(br.Lo), mid, p.x(br.Hi), mid)
		pdf.Line(p.x(br.Lo), mid-tick, p.x(br.Lo), mid+tick)
		pdf.Line(p.x(br.Hi), mid-tick, p.x(br.Hi), mid+tick)
		end = math.Max(end, br.Hi)
	}
	pdf.SetTextColor(0, 0, 0)
	ls := size
	for setFont(pdf, "", ls); ls > 5 && width(pdf, br.Label) > labelW-1; ls -= 0.25 {
		setFont(pdf, "", ls)
	}
	text(pdf, p.left-1, mid+size*mmPerPt/3, "R", fit(pdf, br.Label, labelW-1))
	setFont(pdf, "", size)
	text(pdf, p.x(end)+1, mid+size*mmPerPt/3, "L", valueText(a, br.Value))
}

// valueText is how HBarChart writes a bar's value.
func valueText(a Axes, v float64) string {
	if a.XPercent {
		return fmt.Sprintf("%.1f%%", 100*v)
	}
	return fmt.Sprintf("%.2f", v)
}

// Statement draws a chart's title and, in place of a chart that would
// show one bar or nothing, what it would have shown in words: smaller (to
// statementMin) when it does not fit the box, then cut short.
func Statement(pdf *fpdf.Fpdf, b Box, heading, say string) {
	pdf.SetTextColor(0, 0, 0)
	title(pdf, b, heading)
	top := b.Y + titleSize*mmPerPt + 2
	size, lines := statementLines(pdf, say, b.W-12, b.Y+b.H-top)
	lh := size * mmPerPt * 1.4
	for i, l := range lines {
		text(pdf, b.X+b.W/2, top+lh*float64(i+1), "C", l)
	}
}

// statementMin is the smallest size a statement shrinks to, in pt.
const statementMin = 6.0

// statementLines sets s in lines at most w mm wide and h mm high in all,
// at the largest size from titleSize-1 pt down to statementMin that
// holds it whole, else at statementMin with the last line that fits cut.
func statementLines(pdf *fpdf.Fpdf, s string, w, h float64) (float64, []string) {
	for size := titleSize - 1; ; size -= 0.5 {
		setFont(pdf, "", size)
		lines := pdf.SplitText(s, w)
		fits := int(h / (size * mmPerPt * 1.4))
		if len(lines) <= fits {
			return size, lines
		}
		if size <= statementMin {
			if fits < 1 {
				return size, nil
			}
			lines = lines[:fits]
			lines[fits-1] = fit(pdf, lines[fits-1]+"…", w)
			return size, lines
		}
	}
}
