package report

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"codeberg.org/go-pdf/fpdf"

	"github.com/cardpress/cardpress/engine"
)

// The heat map's colours: white at the fair share, blue towards 100%
// (the row agent wins more than its share), red towards 0%.
var (
	winColour  = [3]int{40, 95, 170}
	loseColour = [3]int{200, 70, 45}
	diagColour = [3]int{225, 225, 225}
)

// HeatColour is the colour of a win rate v against the fair share fair.
func HeatColour(v, fair float64) [3]int {
	to, t := winColour, 0.0
	if v >= fair {
		t = (v - fair) / math.Max(1-fair, 1e-9)
	} else {
		to, t = loseColour, (fair-v)/math.Max(fair, 1e-9)
	}
	t = math.Min(1, math.Max(0, t))
	var c [3]int
	for i := range c {
		c[i] = int(math.Round(255 + t*float64(to[i]-255)))
	}
	return c
}

// AgentName is how the report names a ladder agent.
func AgentName(kind string) string {
	switch {
	case kind == "heuristic":
		return "look-ahead"
	case strings.HasPrefix(kind, "mcts:"):
		budget, _ := mctsSpec(kind)
		return "MCTS " + budget
	}
	return kind
}

// mctsSpec is a ladder MCTS agent's budget and horizon ("" for none),
// from its spec "mcts:N[:horizon=H]".
func mctsSpec(kind string) (budget, horizon string) {
	parts := strings.Split(kind, ":")
	for _, p := range parts[2:] {
		if h, ok := strings.CutPrefix(p, "horizon="); ok {
			horizon = h
		}
	}
	return parts[1], horizon
}

// HeatCell is one cell of a heat map: its colour's value, its text and
// the smaller line under it.
type HeatCell struct {
	Value      float64
	Text, Note string
	Blank      bool // drawn grey, without colour scale (the diagonal)
}

// HeatMap draws a matrix of cells coloured by value against fair, with
// row labels on the left and column labels on top.
func HeatMap(pdf *fpdf.Fpdf, b Box, heading string, rows, cols []string, cells [][]HeatCell, fair float64) {
	pdf.SetTextColor(0, 0, 0)
	titleBox := b
	titleBox.H = titleSize * mmPerPt
	title(pdf, titleBox, heading)
	setFont(pdf, "", labelSize)
	labelW := 0.0
	for _, r := range rows {
		labelW = math.Max(labelW, pdf.GetStringWidth(r))
	}
	labelW = math.Min(labelW+2, b.W*0.3)
	left, top := b.X+labelW, b.Y+8+5
	cw := (b.X + b.W - left) / float64(max(len(cols), 1))
	ch := math.Min((b.Y+b.H-top)/float64(max(len(rows), 1)), 14)
	for j, c := range cols {
		text(pdf, left+cw*(float64(j)+0.5), top-1.5, "C", fit(pdf, c, cw-1))
	}
	for i, r := range rows {
		y := top + ch*float64(i)
		pdf.SetTextColor(0, 0, 0)
		setFont(pdf, "", labelSize)
		text(pdf, left-1.5, y+ch/2+labelSize*mmPerPt/3, "R", fit(pdf, r, labelW-1.5))
		for j, cell := range cells[i] {
			x := left + cw*float64(j)
			c := diagColour
			if !cell.Blank {
				c = HeatColour(cell.Value, fair)
			}
			pdf.SetFillColor(c[0], c[1], c[2])
			pdf.SetDrawColor(255, 255, 255)
			pdf.SetLineWidth(0.4)
			pdf.Rect(x, y, cw, ch, "FD")
			ink := 0
			if 0.299*float64(c[0])+0.587*float64(c[1])+0.114*float64(c[2]) < 140 {
				ink = 255
			}
			pdf.SetTextColor(ink, ink, ink)
			setFont(pdf, "B", titleSize-1)
			text(pdf, x+cw/2, y+ch/2, "C", cell.Text)
			setFont(pdf, "", tickSize-1)
			for k, line := range noteLines(pdf, cell.Note, cw-1) {
				text(pdf, x+cw/2, y+ch/2+3.2+2.6*float64(k), "C", fit(pdf, line, cw-1))
			}
		}
	}
	pdf.SetTextColor(0, 0, 0)
}

// noteLines is a cell's note in one line, or in two split at its last
// space when it is wider than w: at 6 and 7 seats, two variants side by
// side, "[10-22] n=150" was cut to "[10-…", its games lost.
func noteLines(pdf *fpdf.Fpdf, note string, w float64) []string {
	if i := strings.LastIndex(note, " "); i > 0 && pdf.GetStringWidth(note) > w {
		return []string{note[:i], note[i+1:]}
	}
	return []string{note}
}

// heatLegend draws the colour scale from 0% through fair to 100%.
func heatLegend(pdf *fpdf.Fpdf, x, y, w float64, fair float64) {
	const steps = 40
	for i := range steps {
		v := (float64(i) + 0.5) / steps
		c := HeatColour(v, fair)
		pdf.SetFillColor(c[0], c[1], c[2])
		pdf.Rect(x+w*float64(i)/steps, y, w/steps+0.05, 2.5, "F")
	}
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.15)
	pdf.Rect(x, y, w, 2.5, "D")
	pdf.SetTextColor(0, 0, 0)
	setFont(pdf, "", tickSize-1)
	for _, v := range []float64{0, fair, 1} {
		pdf.Line(x+w*v, y+2.5, x+w*v, y+3.3)
		label := fmt.Sprintf("%.0f%%", 100*v)
		if v == fair {
			label += " fair"
		}
		text(pdf, x+w*v, y+5.5, "C", label)
	}
}

// percent is a rate with its interval, for a heat-map cell.
func percent(r Rate) (string, string) {
	return fmt.Sprintf("%.0f%%", 100*r.Value), fmt.Sprintf("[%.0f-%.0f] n=%d", 100*r.Lo, 100*r.Hi, r.Games)
}

// LadderVariantsPerPage is how many variants' ladders stand side by side
// on a page: with three, the agents' names over the matrix's columns were
// cut to "MCT…", the two MCTS budgets no longer told apart.
const LadderVariantsPerPage = 2

// ladderPages are c's variants that have a ladder, LadderVariantsPerPage
// to a page.
func ladderPages(c Count) []Count {
	var pages []Count
	for _, col := range c.Columns {
		if col.Ladder == nil {
			continue
		}
		if len(pages) == 0 || len(pages[len(pages)-1].Columns) == LadderVariantsPerPage {
			pages = append(pages, Count{Players: c.Players})
		}
		last := &pages[len(pages)-1]
		last.Columns = append(last.Columns, col)
	}
	return pages
}

// ladderBudgets says the MCTS agents' budgets of c's ladders when every
// variant has the same, else that the rows name them: the game's lengths
// gave Heist Masterminds' variants 26 and 52, 27 and 54, and the header
// named the first variant's for both.
func ladderBudgets(c Count) string {
	var budgets []string
	for _, col := range c.Columns {
		// A horizon is said under the matrices: the header is full.
		half, _ := mctsSpec(col.Ladder.Agents[2])
		top, _ := mctsSpec(col.Ladder.Agents[3])
		budgets = append(budgets, half+" and "+top)
	}
	if len(slices.Compact(budgets)) == 1 {
		return "MCTS at " + budgets[0] + " iterations a decision"
	}
	return "MCTS N: N iterations a decision" // short, so the header keeps its colour note
}

// ladderPage draws each variant's ladder of c (every column has one):
// the matchup matrix, the seat advantage at each skill level, and what
// they say in words; named heads each column with its variant.
func ladderPage(pdf *fpdf.Fpdf, b *Balance, c Count, named bool) {
	y := headerWith(pdf, b, c, "skill ladder", fmt.Sprintf(
		"random, look-ahead (one step), %s; seed %d; 95%% intervals, n games; colour: win rate vs the fair 1/%d",
		ladderBudgets(c), b.Seed, c.Players))
	w := (pageW - 2*margin - float64(len(c.Columns)-1)*6) / float64(len(c.Columns))
	for k, col := range c.Columns {
		l := col.Ladder
		x := margin + float64(k)*(w+6)
		y := y
		if named {
			// The variant heads its column once: in the maps' headings it
			// would not fit beside each other.
			// A long variant id shrinks, then is cut: it ran into the
			// next column and off the page.
			heading := "Variant " + variantName(col.Variant)
			size := titleSize + 1
			for setFont(pdf, "B", size); pdf.GetStringWidth(heading) > w && size > titleSize*0.75; setFont(pdf, "B", size) {
				size -= 0.25
			}
			text(pdf, x+w/2, y+(titleSize+1)*mmPerPt, "C", fit(pdf, heading, w))
			y += 8
		}
		var names []string
		for _, a := range l.Agents {
			names = append(names, AgentName(a))
		}
		fair := l.Fair()
		var cells [][]HeatCell
		for r := range l.Agents {
			var row []HeatCell
			for cc := range l.Agents {
				if r == cc {
					row = append(row, HeatCell{Text: "—", Note: "see below", Blank: true})
					continue
				}
				t, n := percent(l.Matchup(r, cc))
				row = append(row, HeatCell{Value: l.Matchup(r, cc).Value, Text: t, Note: n})
			}
			cells = append(cells, row)
		}
		mh := 13 + 14*float64(len(l.Agents))
		HeatMap(pdf, Box{X: x, Y: y, W: w, H: mh}, "Matchups: the row agent's wins, the column agent in every other seat", names, names, cells, fair)
		heatLegend(pdf, x+w*0.3, y+mh+2, w*0.65, fair)
		y2 := y + mh + 12
		var seats []string
		for s := range l.Players {
			seats = append(seats, fmt.Sprintf("seat %d", s+1))
		}
		cells = nil
		for a := range l.Agents {
			var row []HeatCell
			for _, r := range l.SeatRates(a) {
				t, n := percent(r)
				row = append(row, HeatCell{Value: r.Value, Text: t, Note: n})
			}
			cells = append(cells, row)
		}
		sh := 13 + 14*float64(len(l.Agents))
		HeatMap(pdf, Box{X: x, Y: y2, W: w, H: sh}, "Seat advantage: each seat's win rate, the row agent in every seat", names, seats, cells, fair)
		verdict(pdf, Box{X: x, Y: y2 + sh + 6, W: w, H: pageH - margin - (y2 + sh + 6)}, col)
	}
}

// matchWords is "A word C: rate [interval]." for row agent r against c.
func matchWords(l *Ladder, r, c int, word string) string {
	m := l.Matchup(r, c)
	return fmt.Sprintf("%s %s %s: %.0f%% [%.0f-%.0f].", AgentName(l.Agents[r]), word, AgentName(l.Agents[c]), 100*m.Value, 100*m.Lo, 100*m.Hi)
}

// verdict says in words what the ladder shows.
func verdict(pdf *fpdf.Fpdf, b Box, col Column) {
	l := col.Ladder
	fair := l.Fair()
	var lines []string
	d := l.Depth()
	lines = append(lines, fmt.Sprintf("Skill depth: the stronger agent of a pair wins %.0f%% [%.0f-%.0f] of its games against the weaker (fair %.0f%%; the mean of the matrix below its diagonal).",
		100*d.Value, 100*d.Lo, 100*d.Hi, 100*fair))
	if col.Blind {
		// Else "look-ahead does not beat random" reads as a game without depth.
		lines = append(lines, "The look-ahead plays this game at random: its rules give it no evaluate: to look ahead with (docs/rules.md#evaluate); MCTS plays each play-out to the end.")
	}
	if capped, panicked := l.Unfinished(); capped+panicked > 0 {
		what := fmt.Sprintf("%d of the %d games hit the turn cap", capped, l.Games())
		if panicked > 0 {
			what += fmt.Sprintf(", %d stopped on an error", panicked)
		}
		lines = append(lines, "Unfinished: "+what+": they count as won by nobody, so the rates add up to less than the fair shares.")
	}
	switch {
	case l.LuckDominated() && l.MostlyUnfinished():
		// Games won by nobody flatten every cell: the cap, not luck.
		lines = append(lines, "Not decided: no agent beats a weaker one beyond its interval, but too many games did not finish to call the game luck-dominated; make them end first.")
	case l.LuckDominated():
		lines = append(lines, "LUCK-DOMINATED: no agent beats a weaker one beyond its interval; skill does not show in who wins.")
	default:
		for i, up := range l.Steps() {
			r := i + 1
			word := "does not beat"
			switch {
			case up:
				word = "beats"
			case l.Matchup(r, i).Below(fair):
				word = "loses to"
			}
			line := matchWords(l, r, i, word)
			if c := l.StrongestBeaten(r); !up && c >= 0 {
				line = strings.TrimSuffix(line, ".") + ", but " + matchWords(l, r, c, "beats")
			}
			lines = append(lines, line)
		}
	}
	for _, s := range l.SkilledSeats() {
		what := "an advantage"
		if s.Rate.Value < fair {
			what = "a handicap"
		}
		lines = append(lines, fmt.Sprintf("Seat %d: %.0f%% [%.0f-%.0f] with %s at every seat, but %.0f%% [%.0f-%.0f] with random play: %s only skilled play shows.",
			s.Seat+1, 100*s.Rate.Value, 100*s.Rate.Lo, 100*s.Rate.Hi, AgentName(l.Agents[s.Agent]), 100*s.Random.Value, 100*s.Random.Lo, 100*s.Random.Hi, what))
	}
	if steady := steadyWords(l); steady != "" {
		lines = append(lines, steady)
	}
	switch top := l.Agents[len(l.Agents)-1]; {
	case strings.HasSuffix(top, ":"+LadderGuided):
		lines = append(lines, fmt.Sprintf("MCTS starts from the look-ahead's choice, plays each iteration on with look-ahead moves for %d moves and scores it by each seat's lead in the evaluation.", engine.GuidedHorizon))
	default:
		if _, horizon := mctsSpec(top); horizon != "" {
			lines = append(lines, fmt.Sprintf("MCTS stops each play-out %s moves after the decision and counts the seat the evaluation puts ahead as the winner.", horizon))
		}
	}
	lines = append(lines, fmt.Sprintf("%d games; MCTS budgets in iterations a decision; cells stop when their 95%% interval leaves the fair share or is within ±%.0f points, seats when their interval widened for every seat and look leaves it or their 95%% interval holds it within ±%.0f; at most %d games a seat.",
		l.Games(), 100*LadderWithin, 100*LadderSeatWithin, LadderCap))
	paragraphs(pdf, b, lines)
}

// steadyWords names the seats off fair at every skill level in one
// sentence ("" for none): at 7 seats, a line each ran off the page.
func steadyWords(l *Ladder) string {
	seats := l.SteadySeats()
	if len(seats) == 0 {
		return ""
	}
	var each []string
	for _, s := range seats {
		what := "an advantage"
		if s.Rate.Value < l.Fair() {
			what = "a handicap"
		}
		each = append(each, fmt.Sprintf("seat %d %.0f%% [%.0f-%.0f] and %.0f%% [%.0f-%.0f], %s", s.Seat+1,
			100*s.Random.Value, 100*s.Random.Lo, 100*s.Random.Hi, 100*s.Rate.Value, 100*s.Rate.Lo, 100*s.Rate.Hi, what))
	}
	return fmt.Sprintf("Seats off fair at every skill level, with random play and with %s at every seat: %s.", AgentName(l.Agents[seats[0].Agent]), strings.Join(each, "; "))
}

// paragraphs writes lines into b, the findings in bold, in the largest
// size from labelSize down to 70% of it that fits b's height: at 7 seats
// and two variants a page, the verdict ran off the page.
func paragraphs(pdf *fpdf.Fpdf, b Box, lines []string) {
	style := func(i int, s string) string {
		for _, bold := range []string{"LUCK", "Seat", "Unfinished", "Not decided"} {
			if strings.HasPrefix(s, bold) {
				return "B"
			}
		}
		if i == 0 {
			return "B"
		}
		return ""
	}
	height := func(size float64) float64 {
		h := 0.0
		for i, s := range lines {
			setFont(pdf, style(i, s), size)
			h += float64(len(pdf.SplitText(s, b.W)))*size*mmPerPt*1.35 + 1
		}
		return h
	}
	size := labelSize
	for size > labelSize*0.7 && height(size) > b.H {
		size -= 0.25
	}
	pdf.SetXY(b.X, b.Y)
	pdf.SetTextColor(0, 0, 0)
	for i, s := range lines {
		setFont(pdf, style(i, s), size)
		pdf.SetX(b.X)
		pdf.MultiCell(b.W, size*mmPerPt*1.35, s, "", "L", false)
		pdf.SetY(pdf.GetY() + 1)
	}
}
