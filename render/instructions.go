package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/fonts"
	"github.com/cardpress/cardpress/gamedata"
)

// guidePages is how many pages the print-and-play file opens with: the
// instructions with the duplex check's front, and the check's back.
const guidePages = 2

// printPlan is the page layout of a print-and-play file, worked out
// before anything is drawn so that page 1 can tell it.
type printPlan struct {
	title    string
	p        paper
	paper    string
	opt      Options
	pages    int
	cards    []cardRun
	twoSided pageRange // two-sided token sheets; zero when there are none
	oneSided []int     // the pages one-sided sheets are on, each with a blank back
	box      []int
	tokens   bool // some sheet has tokens to cut out
	tracks   bool
	rules    bool // the game has a reference sheet (a file of its own)
}

type pageRange struct{ first, last int }

// cardRun is the pages of one card size.
type cardRun struct {
	pageRange
	cards int
	size  gamedata.Size
	g     grid
}

// plan numbers the pages PnP is about to draw. The component and box
// pages are counted by drawing them once on a scratch PDF: how they pack
// is theirs to decide.
func (r *renderer) plan(p paper, opt Options, groups []sizeGroup, grids []grid, twoSided, oneSided []Component) printPlan {
	pl := printPlan{title: r.doc.Title, p: p, paper: "A4", opt: opt}
	if p.w != 210 {
		pl.paper = "US Letter"
	}
	next := guidePages + 1
	for i, gr := range groups {
		sheets := (len(gr.prints) + grids[i].perPage() - 1) / grids[i].perPage()
		pl.cards = append(pl.cards, cardRun{pageRange{next, next + 2*sheets - 1}, len(gr.prints), gr.size, grids[i]})
		next += 2 * sheets
	}
	two, one, lastPiece, boxFrom := 0, 0, -1, -1
	if len(twoSided)+len(oneSided)+len(r.doc.Box) > 0 {
		// A measurer of its own: the real one places image icons on the
		// real PDF.
		d := *r.doc
		s := &renderer{doc: &d, pdf: newPDF(p, 0, ""), m: newMeasurerFor(&d)}
		s.m.art = s
		s.sheets(p, twoSided, false)
		two = s.pdf.PageNo()
		lastPiece, boxFrom = s.sheets(p, oneSided, true)
		one = s.pdf.PageNo() - two
	}
	if two > 0 {
		pl.twoSided = pageRange{next, next + two - 1}
		next += two
	}
	// A one-sided page always lands on a front: an even page is left blank.
	onFront := func() int {
		if next%2 == 0 {
			next++
		}
		next++
		return next - 1
	}
	for i := range one {
		page := onFront()
		if i <= lastPiece {
			pl.oneSided = append(pl.oneSided, page)
		}
		if boxFrom >= 0 && i >= boxFrom {
			pl.box = append(pl.box, page)
		}
	}
	pl.pages = next - 1
	for _, c := range r.doc.Components {
		pl.tokens = pl.tokens || c.Kind == "tokens"
		pl.tracks = pl.tracks || c.Kind == "track"
	}
	ref := r.doc.Reference
	pl.rules = len(ref.Sections) > 0 || len(ref.AidItems) > 0
	return pl
}

// mmText writes a length without trailing zeros: 3, 1.5, 63.
func mmText(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

func (pr pageRange) String() string {
	if pr.first == pr.last {
		return strconv.Itoa(pr.first)
	}
	return fmt.Sprintf("%d–%d", pr.first, pr.last)
}

// oddPages writes pages as "page 13", "pages 13 and 15", "pages 13, 15 and
// 17" or, for more, "the odd pages 13–21".
func oddPages(pages []int) string {
	s := make([]string, len(pages))
	for i, p := range pages {
		s[i] = strconv.Itoa(p)
	}
	switch {
	case len(s) == 1:
		return "page " + s[0]
	case len(s) <= 3:
		return "pages " + strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
	}
	return "the odd pages " + pageRange{pages[0], pages[len(pages)-1]}.String()
}

// instruction is one entry of page 1: a short bold label and its text.
type instruction struct{ label, text string }

// instructions says, for this file, how to print it and what to cut.
func (pl printPlan) instructions() []instruction {
	o := pl.opt
	lastDuplex := guidePages
	if n := len(pl.cards); n > 0 {
		lastDuplex = pl.cards[n-1].last
	}
	if pl.twoSided.last > 0 {
		lastDuplex = pl.twoSided.last
	}
	out := []instruction{
		{"Scale", "Print at 100 % (“Actual size”); turn off “Fit to page” and “Shrink oversized pages”. " +
			"The bar below this text must measure 100 mm, or the cards come out the wrong size."},
		{"Sides", fmt.Sprintf("Print the whole file double-sided on %s paper, flipping on the long edge (“long-edge binding”): "+
			"each odd page is a front and the even page after it is its back. Print pages 1–2 first and do the duplex check below.", pl.paper)},
		{"Pages", ""},
		{"1–2", "this sheet: these instructions, and the duplex check on both sides"},
	}
	_, same := pl.gutter()
	for _, c := range pl.cards {
		g := c.g
		apart := ""
		if !same {
			apart = fmt.Sprintf(", %s mm apart", mmText(g.gutter))
		}
		if g.turned {
			apart += ", turned on their side"
		}
		out = append(out, instruction{c.pageRange.String(), fmt.Sprintf(
			"%d cards of %s × %s mm, %d a sheet (%d × %d%s): fronts on the odd pages, their backs on the even pages, mirrored to land behind them",
			c.cards, mmText(c.size.Width), mmText(c.size.Height), g.perPage(), g.cols, g.rows, apart)})
	}
	if pl.twoSided.last > 0 {
		out = append(out, instruction{pl.twoSided.String(), "two-sided token sheets: fronts on the odd pages, backs on the even pages"})
	}
	if len(pl.oneSided)+len(pl.box) > 0 {
		first := pl.pages
		if len(pl.oneSided) > 0 {
			first = pl.oneSided[0]
		} else if len(pl.box) > 0 {
			first = pl.box[0]
		}
		var parts []string
		if len(pl.oneSided) > 0 {
			parts = append(parts, "sheets on "+oddPages(pl.oneSided))
		}
		if len(pl.box) > 0 {
			parts = append(parts, "what's in the box on "+oddPages(pl.box))
		}
		text := "one-sided: " + strings.Join(parts, "; ")
		if pl.pages > first {
			text += ". The even pages between are blank, so that nothing is printed on the back of a sheet you cut up"
		}
		out = append(out, instruction{pageRange{first, pl.pages}.String(), text})
		if pl.pages > first {
			out = append(out, instruction{"Save paper", fmt.Sprintf("Print pages 1–%d double-sided, then pages %d–%d one-sided, odd pages only.", lastDuplex, first, pl.pages)})
		}
	}
	out = append(out, instruction{"Duplex check", fmt.Sprintf(
		"Hold this sheet against a window with this side towards you. The bold cross printed on page 2 should lie on the thin cross below. "+
			"If it does not, read where its upright line crosses the X scale and where its level line crosses the Y scale (mm; + is right and down), "+
			"then render again with --back-offset X,Y. This file was made with --back-offset %s,%s: add your reading to those numbers, and reprint pages 1–2 to see the crosses meet.",
		mmText(o.BackOffset[0]), mmText(o.BackOffset[1]))})
	if len(pl.cards) > 0 {
		out = append(out, instruction{"Cutting cards", pl.cutting()})
	}
	var other []string
	if pl.tokens {
		other = append(other, "cut out tokens along their outlines")
	}
	if pl.tracks {
		other = append(other, "cut tracks along their outlines; the pieces of a long one are numbered (1/2, 2/2) to lay end to end")
	}
	if len(other) > 0 {
		s := strings.Join(other, "; ")
		out = append(out, instruction{"Other pieces", strings.ToUpper(s[:1]) + s[1:] + "."})
	}
	if pl.rules {
		out = append(out, instruction{"Rules", "The rule reference and player aid are a separate PDF; print it one-sided."})
	}
	return out
}

// cutting says how the cards are cut out.
func (pl printPlan) cutting() string {
	s := "Print both sides first, then cut on the lines the crop marks round the sheet point along. "
	g := pl.cards[0].g
	if _, same := pl.gutter(); !same {
		s += "Cards that touch share one cut; between cards apart there are two, and the strip between is waste."
		if g.bleed > 0 {
			s += fmt.Sprintf(" Each card's colour runs up to %s mm past its cuts (bleed), at most half-way to its neighbour, so a cut a little off still shows the card's own colour.", mmText(g.bleed))
		}
		return s
	}
	switch {
	case g.gutter == 0:
		s += "Neighbouring cards share one cut."
	default:
		s += fmt.Sprintf("Neighbouring cards are %s mm apart: two cuts, and the strip between is waste.", mmText(g.gutter))
	}
	inner := min(g.bleed, g.gutter/2)
	switch {
	case g.bleed == 0:
		s += " There is no bleed (see --bleed): cut exactly on the lines."
	case inner == 0:
		s += fmt.Sprintf(" Each card's colour runs %s mm past the sheet's outer cuts (bleed); cut exactly on the lines between cards.", mmText(g.bleed))
	case inner < g.bleed:
		s += fmt.Sprintf(" Each card's colour runs %s mm past its cuts between cards and %s mm past the sheet's outer cuts (bleed), so a cut a little off still shows the card's own colour.",
			mmText(inner), mmText(g.bleed))
	default:
		s += fmt.Sprintf(" Each card's colour runs %s mm past its cuts (bleed), so a cut a little off still shows the card's own colour.", mmText(g.bleed))
	}
	return s
}

// guide draws pages 1 and 2: the instructions, the 100 mm bar and the
// duplex check's front; then the check's back.
func (r *renderer) guide(pl printPlan) {
	pdf := r.pdf
	p := pl.p
	pdf.AddPage()
	left, width := pageMargin, p.w-2*pageMargin
	_, cy := calCentre(p)
	barY := cy - calArm - 14
	bottom := barY - 10 // the text ends above the bar
	textColor(pdf, black)
	title := clean(pl.title + ": printing this file")
	setting := fmt.Sprintf("%s, %d pages. Cards with %s mm bleed", pl.paper, pl.pages, mmText(pl.opt.Bleed))
	if gutter, same := pl.gutter(); same {
		setting += fmt.Sprintf(", %s mm apart", mmText(gutter))
	}
	setting += "."
	items := pl.instructions()
	// The largest size at which everything fits above the bar.
	size := 10.0
	for ; size > 6; size -= 0.5 {
		if pageMargin+14+instructionsHeight(r, items, width, size) <= bottom {
			break
		}
	}
	r.m.drawLabel(pdf, "B", 16, left, pageMargin+6, title, black)
	pdf.SetFont(fonts.Family, "", 9)
	pdf.Text(left, pageMargin+11, clean(setting))
	drawInstructions(r, items, left, pageMargin+16, width, size)
	ruler(pdf, p.w/2, barY)
	calibrationFront(pdf, p)

	pdf.AddPage()
	textColor(pdf, black)
	pdf.SetFont(fonts.Family, "B", 12)
	r.m.drawLabel(pdf, "B", 12, left, pageMargin+6, pl.title+": duplex check, back of page 1", black)
	pdf.SetFont(fonts.Family, "", 9)
	y := pageMargin + 12
	for _, l := range wrapWords(r, "Pin test, if the window test is hard to read: push a pin through the centre of the thin cross on page 1; "+
		"the scales round the bold cross on this side, where the pin comes out, give the same X and Y.", width, "", 9) {
		pdf.Text(left, y, l)
		y += 9 * mmPerPt * 1.35
	}
	calibrationBack(pdf, p)
}

// gutter is the space between the file's cards and whether every card
// size has the same (the auto gutter may differ between sizes).
func (pl printPlan) gutter() (float64, bool) {
	if len(pl.cards) == 0 {
		if pl.opt.Gutter != nil {
			return *pl.opt.Gutter, true
		}
		return pl.opt.Bleed, true
	}
	g := pl.cards[0].g.gutter
	for _, c := range pl.cards {
		if c.g.gutter != g {
			return 0, false
		}
	}
	return g, true
}

const labelWidth = 26.0 // mm, the instructions' label column

func instructionsHeight(r *renderer, items []instruction, width, size float64) float64 {
	h := 0.0
	for _, it := range items {
		h += instructionHeight(r, it, width, size)
	}
	return h
}

func instructionHeight(r *renderer, it instruction, width, size float64) float64 {
	lead := size * mmPerPt * 1.3
	if it.text == "" {
		return lead + 1
	}
	return float64(len(wrapWords(r, it.text, width-labelWidth, "", size)))*lead + size*mmPerPt*0.5
}

func drawInstructions(r *renderer, items []instruction, x, y, width, size float64) {
	pdf := r.pdf
	lead := size * mmPerPt * 1.3
	y += size * mmPerPt // first baseline
	for _, it := range items {
		pdf.SetFont(fonts.Family, "B", size)
		pdf.Text(x, y, clean(it.label))
		pdf.SetFont(fonts.Family, "", size)
		ly := y
		for _, l := range wrapWords(r, it.text, width-labelWidth, "", size) {
			// Game text (titles, component names) may hold :icons:.
			r.m.drawLabel(pdf, "", size, x+labelWidth, ly, l, black)
			ly += lead
		}
		y += instructionHeight(r, it, width, size)
	}
}

// wrapWords breaks s into lines no wider than width at size pt.
func wrapWords(r *renderer, s string, width float64, style string, size float64) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(clean(s)) {
		try := w
		if line != "" {
			try = line + " " + w
		}
		if line != "" && r.m.labelWidth(style, size, try) > width {
			lines = append(lines, line)
			line = w
			continue
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
