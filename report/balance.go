package report

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/fonts"
	"github.com/cardpress/cardpress/internal/words"

	"codeberg.org/go-pdf/fpdf"
)

// Balance is what a balance report shows: per player count, one column per
// rule variant.
type Balance struct {
	Title string // the game's title
	// Games is the games per player count and variant when they were
	// fixed (--games), or 0 when each run played until its intervals were
	// narrow enough (Within); every summary holds its own count.
	Games int
	// Within is the half-width of every seat's 95% interval an unfixed run
	// played for.
	Within float64
	Seed   uint64
	Bots   []string
	Epoch  int64 // the PDF's dates (SOURCE_DATE_EPOCH)
	Counts []Count
}

// Count is one player count.
type Count struct {
	Players int
	Columns []Column
	// named says the columns are named by their variants even when one
	// stands alone: the last of a game's variants on a page of their own.
	named bool
}

// VariantsPerPage is how many variants' outcomes, and cards, stand side by
// side on a page: six made columns 25 mm wide, whose axes' labels ran
// into each other.
const VariantsPerPage = 3

// variantPages are c's variants, VariantsPerPage to a page.
func variantPages(c Count) []Count {
	var pages []Count
	for cols := c.Columns; len(cols) > 0; {
		n := min(len(cols), VariantsPerPage)
		pages = append(pages, Count{Players: c.Players, Columns: cols[:n], named: len(c.Columns) > 1})
		cols = cols[n:]
	}
	return pages
}

// Column is one variant at one player count.
type Column struct {
	Variant  string
	Cards    []string // card names, by engine card index
	Counters []string // the engine's counters in words (CounterLabel), by index
	Sum      *engine.Summary
	// Rotation holds, for each seat k, a run with the heuristic bot at seat
	// k and random bots elsewhere: every seat gets the greedy bot in turn.
	Rotation []*engine.Summary
	// Blind says the game's states have no evaluation (engine.Evaluates:
	// a rules file without evaluate:), so the heuristic bot plays at
	// random and there is no rotation to show.
	Blind bool
	// Ladder is the skill ladder at this count, nil when none was played.
	Ladder *Ladder
}

// Dead and dominant cards: a card is dead when its plays per game are under
// DeadShare of the median card's and its interval of being chosen when
// offered is below the median card's share, dominant when the lower end of its
// won-when-played interval is DominantFactor times the fair share 1/n.
const (
	DeadShare      = 0.1
	DominantFactor = 1.25
)

const (
	pageW, pageH = 210.0, 297.0
	margin       = 12.0
)

// PDF draws the report: per player count, a page of seat win rates, game
// length and ending causes, and a page of cards, counters and the
// heuristic bot against random ones. Variants stand side by side.
func PDF(b *Balance) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("report: internal error: %v", r)
		}
	}()
	pdf := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", Size: fpdf.SizeType{Wd: pageW, Ht: pageH}})
	pdf.SetMargins(0, 0, 0)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetCatalogSort(true)
	t := time.Unix(b.Epoch, 0).UTC()
	pdf.SetCreationDate(t)
	pdf.SetModificationDate(t)
	for _, f := range fonts.Faces {
		pdf.AddUTF8FontFromBytes(fonts.Family, f.Style, f.TTF)
	}
	pdf.SetTitle(b.Title+" balance report", true)
	pdf.SetCreator("cardpress", true)
	for _, c := range b.Counts {
		pages := variantPages(c)
		for _, page := range pages {
			outcomesPage(pdf, b, page)
		}
		for _, page := range pages {
			cardsPage(pdf, b, page)
		}
		for _, page := range ladderPages(c) {
			ladderPage(pdf, b, page, len(c.Columns) > 1)
		}
	}
	if err := pdf.Error(); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	var buf bytes.Buffer
	if err := pdf.Output(&buf); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	return fonts.Tag(buf.Bytes()), nil // the fallback's subset named as such
}

// header starts a page and returns the y below it.
func header(pdf *fpdf.Fpdf, b *Balance, c Count, what string) float64 {
	var vs []string
	for _, col := range c.Columns {
		vs = append(vs, variantName(col.Variant))
	}
	return headerWith(pdf, b, c, what, fmt.Sprintf("%s (%s), seed %d, bots %s; intervals are 95%% Wilson; dashed line: the fair share 1/%d",
		gamesText(b, c), joinNames(vs), b.Seed, joinNames(b.Bots), c.Players))
}

// headerWith starts a page with its title and a line saying what it shows,
// and returns the y below them.
func headerWith(pdf *fpdf.Fpdf, b *Balance, c Count, what, about string) float64 {
	pdf.AddPage()
	pdf.SetTextColor(0, 0, 0)
	setFont(pdf, "B", 14)
	// A long title is cut, not the page's name after it: a title of 80
	// letters ran off the page with "balance: 4 players, skill ladder".
	page := fmt.Sprintf(" balance: %d players, %s", c.Players, what)
	text(pdf, margin, margin+5, "L", fit(pdf, b.Title, pageW-2*margin-width(pdf, page))+page)
	setFont(pdf, "", 8)
	// A line too long (three long variant ids) goes on to a second
	// rather than lose the bots and the fair share; a third is cut.
	lines := pdf.SplitText(about, pageW-2*margin)
	if len(lines) > 2 {
		lines = []string{lines[0], fit(pdf, strings.Join(lines[1:], " "), pageW-2*margin)}
	}
	for i, l := range lines {
		text(pdf, margin, margin+10+3.2*float64(i), "L", l)
	}
	below := 3.2 * float64(max(len(lines)-1, 0))
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.3)
	pdf.Line(margin, margin+12+below, pageW-margin, margin+12+below)
	return margin + 16 + below
}

// gamesText says how many games each variant played at c.
func gamesText(b *Balance, c Count) string {
	if b.Games > 0 {
		return words.Count(b.Games, "game") + " per variant"
	}
	var ns []string
	same := true
	for _, col := range c.Columns {
		ns = append(ns, fmt.Sprint(col.Sum.Games))
		same = same && ns[len(ns)-1] == ns[0]
	}
	if same {
		ns = ns[:1]
	}
	return fmt.Sprintf("%s games per variant (played to ±%.0f-point intervals)", joinNames(ns), 100*b.Within)
}

func joinNames(s []string) string {
	out := ""
	for i, v := range s {
		if i > 0 {
			out += ", "
		}
		out += v
	}
	return out
}

func variantName(v string) string {
	if v == "" {
		return "default"
	}
	return v
}

// grid places rows of plots, one column per variant.
func grid(y float64, heights []float64, cols int) [][]Box {
	w := (pageW - 2*margin - float64(cols-1)*6) / float64(cols)
	var out [][]Box
	for _, h := range heights {
		var row []Box
		for k := range cols {
			row = append(row, Box{X: margin + float64(k)*(w+6), Y: y, W: w, H: h})
		}
		out = append(out, row)
		y += h + 6
	}
	return out
}

func suffix(c Count, col Column) string {
	if len(c.Columns) < 2 && !c.named {
		return ""
	}
	return " (" + variantName(col.Variant) + ")"
}

func outcomesPage(pdf *fpdf.Fpdf, b *Balance, c Count) {
	y := header(pdf, b, c, "outcomes")
	h := (pageH - margin - y - 12) / 3
	heights := []float64{h, h, h}
	if !slices.ContainsFunc(c.Columns, func(col Column) bool { return endings(col.Sum) > 1 }) {
		// One way to end, said in a line: the charts take its room.
		heights[0], heights[1], heights[2] = heights[0]+0.4*h, heights[1]+0.4*h, 0.2*h
	}
	if !slices.ContainsFunc(c.Columns, func(col Column) bool { return len(col.Sum.MovesHist) > 1 }) {
		// One length, said in a line: the seats' chart takes its room.
		heights[0], heights[1] = heights[0]+heights[1]-0.2*h, 0.2*h
	}
	boxes := grid(y, heights, len(c.Columns))
	fair := 1 / float64(c.Players)
	for k, col := range c.Columns {
		s := col.Sum
		var bars []Bar
		for seat := range c.Players {
			rate := s.WinRate(seat)
			lo, hi := engine.Wilson(rate*float64(s.Games), float64(s.Games))
			bars = append(bars, Bar{Label: fmt.Sprintf("seat %d", seat+1), Value: rate, Lo: lo, Hi: hi})
		}
		numbered(pdf, boxes[0][k], bars, 0)
		BarChart(pdf, boxes[0][k], Axes{Title: "Seat win rates" + suffix(c, col), XLabel: "seat (1 moves first)", YLabel: "games won (%)", YPercent: true}, bars, fair, 0)
		if len(s.MovesHist) == 1 {
			for moves, n := range s.MovesHist {
				Statement(pdf, boxes[1][k], "Game length"+suffix(c, col), fmt.Sprintf("Every game lasted %d moves (%d of %d games).", moves, n, s.Games))
			}
		} else {
			Histogram(pdf, boxes[1][k], Axes{Title: fmt.Sprintf("Game length (mean %.1f ± %.1f moves)%s", s.MeanMoves(), s.StdMoves(), suffix(c, col)),
				XLabel: "game length (moves, chance included)", YLabel: "share of games (%)", YPercent: true}, s.MovesHist)
		}
		endingCauses(pdf, boxes[2][k], c, col)
	}
}

// endings is how many ways s's games ended, hitting the turn cap one of them.
func endings(s *engine.Summary) int {
	n := len(s.Causes())
	if s.Capped > 0 {
		n++
	}
	return n
}

// endingCauses draws the shares of the ways col's games ended, or says
// the one way they all did.
func endingCauses(pdf *fpdf.Fpdf, b Box, c Count, col Column) {
	s := col.Sum
	heading := "Ending causes" + suffix(c, col)
	causes := s.Causes()
	switch {
	case endings(s) == 0:
		Statement(pdf, b, heading, fmt.Sprintf("The engine named no cause for the end of any of the %d games.", s.Games))
		return
	case endings(s) == 1 && s.Capped > 0:
		Statement(pdf, b, heading, fmt.Sprintf("No game ended: all %d hit the turn cap.", s.Games))
		return
	case endings(s) == 1:
		Statement(pdf, b, heading, fmt.Sprintf("Every game ended the same way: %s (%d of %d games).", causes[0], s.EndCauses[causes[0]], s.Games))
		return
	}
	var bars []Bar
	for _, cause := range causes {
		n := float64(s.EndCauses[cause])
		lo, hi := engine.Wilson(n, float64(s.Games))
		bars = append(bars, Bar{Label: cause, Value: n / float64(max(s.Games, 1)), Lo: lo, Hi: hi})
	}
	if s.Capped > 0 {
		bars = append(bars, Bar{Label: "no end (capped)", Value: float64(s.Capped) / float64(s.Games), Highlight: true})
	}
	a := Axes{Title: heading, XLabel: "how the game ended", YLabel: "share of games (%)", YPercent: true}
	if LabelsFit(pdf, b, bars) {
		BarChart(pdf, b, a, bars, math.NaN(), 0)
		return
	}
	a.XLabel, a.XPercent = "share of games", true
	HBarChart(pdf, b, a, bars)
}

// numbered labels the seats' bars, from bars[from] on, by their numbers
// alone when "seat 7" would not fit under them (the axis says they are
// seats), and says whether it did.
func numbered(pdf *fpdf.Fpdf, b Box, bars []Bar, from int) bool {
	if LabelsFit(pdf, b, bars) {
		return false
	}
	for i := range bars[from:] {
		bars[from+i].Label = fmt.Sprint(i + 1)
	}
	return true
}

// Judged says whether card i is judged dead or dominant: it was offered
// at a choice (held with another card at a seat's decision) at least
// once. A card never dealt at this count is not the card's fault, and a
// card that comes into play only by chance or with no alternative (the
// secret colour cards dealt to each Mastermind) is not chosen at all, so
// its play rate says nothing of its worth.
func Judged(s *engine.Summary, i int) bool { return s.Tally.CardOffered[i] > 0 }

// CardFlags names the dead and the dominant cards of a summary at n players.
func CardFlags(s *engine.Summary, players int) (dead, dominant []int) {
	t := s.Tally
	var plays, shares []float64
	for i, p := range t.CardPlayed {
		if Judged(s, i) {
			// The medians of the cards chosen: cards only dealt would
			// pull them to 0, and nothing would be dead.
			plays = append(plays, float64(p))
			shares = append(shares, float64(t.CardChosen[i])/float64(t.CardOffered[i]))
		}
	}
	medianPlays, medianShare := median(plays), median(shares)
	fair := 1 / float64(players)
	for i, p := range t.CardPlayed {
		if !Judged(s, i) {
			continue
		}
		// Played rarely, and offered often enough for that not to be
		// chance: chosen less often when offered than the median card,
		// beyond its interval (a card offered three times in a game or
		// two and never chosen says nothing yet).
		_, hi := engine.Wilson(float64(t.CardChosen[i]), float64(t.CardOffered[i]))
		if (float64(p) < DeadShare*medianPlays || p == 0) && hi < medianShare {
			dead = append(dead, i)
			continue
		}
		if rate, plays, ok := s.WonWhenPlayed(i); ok {
			lo, _ := engine.Wilson(rate*float64(plays), float64(plays))
			if lo > DominantFactor*fair {
				dominant = append(dominant, i)
			}
		}
	}
	return dead, dominant
}

// median is the middle of xs (the upper middle of an even count), 0 for none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sort.Float64s(xs)
	return xs[len(xs)/2]
}

func cardsPage(pdf *fpdf.Fpdf, b *Balance, c Count) {
	y := header(pdf, b, c, "cards, counters and bots")
	avail := pageH - margin - y - 12
	heights := []float64{avail * 0.44, avail * 0.28, avail * 0.28}
	if !slices.ContainsFunc(c.Columns, counterChart) {
		// The counters are a sentence: the cards take their room.
		heights = []float64{avail * 0.64, avail * 0.08, avail * 0.28}
	}
	if !slices.ContainsFunc(c.Columns, func(col Column) bool { return !col.Blind }) {
		heights[0], heights[2] = heights[0]+heights[2]-avail*0.08, avail*0.08
	}
	if !slices.ContainsFunc(c.Columns, func(col Column) bool { pts, _, _ := cardPoints(c, col); return len(pts) > 0 }) {
		// The cards are a sentence: the charts below take their room.
		spare := heights[0] - avail*0.12
		heights[0] = avail * 0.12
		if heights[1] >= heights[2] {
			heights[1] += spare
		} else {
			heights[2] += spare
		}
	}
	boxes := grid(y, heights, len(c.Columns))
	fair := 1 / float64(c.Players)
	for k, col := range c.Columns {
		cards(pdf, boxes[0][k], c, col)
		counters(pdf, boxes[1][k], c, col)
		if col.Blind {
			Statement(pdf, boxes[2][k], "Heuristic vs random"+suffix(c, col),
				"The heuristic bot plays this game at random: its rules give it no evaluate: to look ahead with (docs/rules.md#evaluate). The skill ladder measures skill with MCTS.")
			continue
		}
		var bars []Bar
		var won, games float64
		for seat, r := range col.Rotation {
			rate := r.WinRate(seat)
			lo, hi := engine.Wilson(rate*float64(r.Games), float64(r.Games))
			bars = append(bars, Bar{Label: fmt.Sprintf("at seat %d", seat+1), Value: rate, Lo: lo, Hi: hi})
			won += rate * float64(r.Games)
			games += float64(r.Games)
		}
		title := "Heuristic bot vs random bots" + suffix(c, col)
		if games > 0 {
			lo, hi := engine.Wilson(won, games)
			bars = append([]Bar{{Label: "all seats", Value: won / games, Lo: lo, Hi: hi, Highlight: true}}, bars...)
			if numbered(pdf, boxes[2][k], bars, 1) {
				bars[0].Label = "all"
			}
			title = fmt.Sprintf("Heuristic vs random: %.0f%% wins of %.0f (fair %.0f%%)%s", 100*won/games, games, 100*fair, suffix(c, col))
			if !titleFits(pdf, title, boxes[2][k].W) { // the dashed line shows the fair share
				title = fmt.Sprintf("Heuristic vs random: %.0f%% wins of %.0f%s", 100*won/games, games, suffix(c, col))
			}
		}
		BarChart(pdf, boxes[2][k], Axes{Title: title, XLabel: "heuristic bot's seat (rotated)", YLabel: "heuristic wins (%)", YPercent: true}, bars, fair, 0)
	}
}

// cardPoints are col's cards on its scatter, the dead grey and the
// dominant red, and the dead cards' names.
func cardPoints(c Count, col Column) (pts []Point, deadNames []string, dominants int) {
	s := col.Sum
	dead, dominant := CardFlags(s, c.Players)
	for i := range s.Tally.CardPlayed {
		if !Judged(s, i) {
			continue
		}
		name := fmt.Sprint(i)
		if i < len(col.Cards) {
			name = col.Cards[i]
		}
		rate, _, ok := s.WonWhenPlayed(i)
		if !ok && !slices.Contains(dead, i) {
			continue // played only by chance, never by a seat (in a game that ended)
		}
		pt := Point{X: float64(s.Tally.CardPlayed[i]) / float64(max(s.Games, 1)), Y: rate, Label: name}
		switch {
		case slices.Contains(dead, i):
			pt.Mark, pt.Colour, pt.Label = true, [3]int{150, 150, 150}, ""
			deadNames = append(deadNames, name)
		case slices.Contains(dominant, i):
			pt.Mark, pt.Colour = true, hiColour
		}
		pts = append(pts, pt)
	}
	return pts, deadNames, len(dominant)
}

// cards draws the scatter of the cards a seat chose at col, with the dead
// ones named under it, or says why there is none.
func cards(pdf *fpdf.Fpdf, sb Box, c Count, col Column) {
	s := col.Sum
	pts, deadNames, dominants := cardPoints(c, col)
	if len(pts) == 0 {
		// An empty scatter said "0 dead, 0 dominant", as if every card
		// had been judged and found fine.
		say := fmt.Sprintf("No seat chose between cards in %d games: the engine records no card choices, or the game has none, so no card is judged dead or dominant.", s.Games)
		switch {
		case !slices.ContainsFunc(s.Tally.CardOffered, func(n int64) bool { return n > 0 }):
		case s.Capped == s.Games:
			say = fmt.Sprintf("Seats chose between cards, but no game of %d ended (all hit the turn cap), so no card's win rate when played is known.", s.Games)
		default:
			say = fmt.Sprintf("Seats held cards at their decisions but played none of them in %d games, so no card is judged dead or dominant.", s.Games)
		}
		Statement(pdf, sb, "Cards"+suffix(c, col), say)
		return
	}
	sb.H -= 5
	if len(deadNames) > 0 {
		setFont(pdf, "", tickSize)
		pdf.SetTextColor(90, 90, 90)
		text(pdf, sb.X, sb.Y+sb.H+3.5, "L", fit(pdf, "Dead: "+joinNames(deadNames), sb.W))
	}
	Scatter(pdf, sb, Axes{Title: fmt.Sprintf("Cards: %d dead (grey), %d dominant (red)%s", len(deadNames), dominants, suffix(c, col)),
		XLabel: "plays per game", YLabel: "seat won when it played the card (%)", YPercent: true}, pts, 1/float64(c.Players))
}

// counterChart says whether col's counters are drawn as a chart: two or
// more, one of them moved (a tally may add a negative number).
func counterChart(col Column) bool {
	return len(col.Counters) > 1 && slices.ContainsFunc(col.Sum.Tally.Counters, func(n int64) bool { return n != 0 })
}

// counters draws the game's counters per game, or says in words what a
// chart would not show: one counter, or none that ever went up.
func counters(pdf *fpdf.Fpdf, b Box, c Count, col Column) {
	s := col.Sum
	heading := "Game counters (resource exhaustion)" + suffix(c, col)
	var bars, up []Bar
	var raised, never []string
	for i, name := range col.Counters {
		v := float64(s.Tally.Counters[i]) / float64(max(s.Games, 1))
		bars = append(bars, Bar{Label: name, Value: v})
		if v != 0 { // a tally may add a negative number
			up = append(up, bars[i])
			raised = append(raised, fmt.Sprintf("%s: %.2f per game", name, v))
		} else {
			never = append(never, name)
		}
	}
	if len(up) > 1 && len(never) > 0 && crowded(b, len(bars)) {
		// Too many rows to read: chart the counters that went up, and
		// name the others under it.
		b.H -= 4
		setFont(pdf, "", tickSize)
		pdf.SetTextColor(90, 90, 90)
		text(pdf, b.X, b.Y+b.H+3, "L", fit(pdf, "Never went up: "+joinNames(never), b.W))
		bars = up
	}
	switch {
	case len(bars) == 0:
		Statement(pdf, b, heading, "The game's engine counts nothing of its own.")
	case len(raised) == 0:
		Statement(pdf, b, heading, fmt.Sprintf("None of the game's counters went up in %d games (%s).", s.Games, joinNames(col.Counters)))
	case len(bars) == 1:
		Statement(pdf, b, heading, raised[0]+".")
	default:
		HBarChart(pdf, b, Axes{Title: heading, XLabel: "times per game"}, bars)
	}
}

// crowded says whether n rows of a horizontal bar chart in b would be set
// smaller than 5 pt (HBarChart's rows: its plotting area shared out).
func crowded(b Box, n int) bool { return (b.H-15)/float64(n)/mmPerPt*0.9 < 5 }

// CounterLabel is how the report names a counter: what its engine says it
// counts (Info.CounterDocs), else its name in words.
func CounterLabel(info engine.Info, i int) string {
	if i < len(info.CounterDocs) && info.CounterDocs[i] != "" {
		return info.CounterDocs[i]
	}
	return strings.ReplaceAll(info.Counters[i], "_", " ")
}
