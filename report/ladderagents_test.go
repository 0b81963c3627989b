package report

import (
	"codeberg.org/go-pdf/fpdf"
	"fmt"
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/fonts"
	"github.com/cardpress/cardpress/render/pdftest"
	"strings"
	"testing"
)

// The page names a ladder's rungs by their place (random, look-ahead,
// the MCTS budgets from the last two specs): a ladder with other agents,
// which only a shard file edited by hand can hold, is refused by Check,
// not drawn (it panicked the page: index out of range).
func TestLadderCheckRefusesOtherAgents(t *testing.T) {
	var wins [4][4]int
	if err := madeLadder(wins).CheckAgents(); err != nil {
		t.Fatalf("a whole ladder: %v", err)
	}
	guided := madeLadder(wins)
	guided.Agents = LadderAgents(LadderPlan{Budget: 9, Guided: true})
	if err := guided.CheckAgents(); err != nil {
		t.Errorf("the guided agents at an odd --budget: %v", err)
	}
	for _, agents := range [][]string{
		{"random", "heuristic"},
		{"random", "heuristic", "mcts:343"},
		{"mcts:686", "mcts:343", "heuristic", "random"},
		{"random", "random", "random", "random"},
		{"random", "heuristic", "mcts:300", "mcts:686"},
		{"random", "heuristic", "mcts:343", "mcts:686:c=2"},
		{"random", "heuristic", "mcts:343", "mcts:686", "mcts:1000"},
	} {
		l := madeLadder(wins)
		l.Agents = agents
		err := l.Check()
		if err == nil || !strings.Contains(err.Error(), "are not a skill ladder's") {
			t.Errorf("agents %q: %v, want them refused", agents, err)
		}
	}
}

// Games that hit the turn cap have no winner, so every cell of a game
// that never ends reads 0% and the verdict called it luck-dominated with
// no word of why: the verdict says how many games were unfinished.
func TestLadderVerdictSaysGamesHitTheCap(t *testing.T) {
	var wins [4][4]int
	l := madeLadder(wins)
	page := ladderPageText(t, l)
	if strings.Contains(page, "Unfinished") {
		t.Errorf("a ladder whose games all ended says some did not:\n%s", page)
	}
	for _, c := range l.Cells {
		c.Seats[0].Capped = c.Seats[0].Games
	}
	l.Cell(1, 0).Seats[1].Panics = 2
	capped, _ := l.Unfinished()
	page = ladderPageText(t, l)
	want := fmt.Sprintf("Unfinished: %d of the %d games hit the turn cap, 2 stopped on an error: they count as won by nobody", capped, l.Games())
	if !strings.Contains(page, want) {
		t.Errorf("the ladder page lacks %q:\n%s", want, page)
	}
	// A ladder flattened by games won by nobody is not called luck.
	if !strings.Contains(page, "Not decided: no agent beats a weaker one") || strings.Contains(page, "LUCK-DOMINATED") {
		t.Errorf("a ladder whose games mostly hit the cap is called luck-dominated, or not undecided:\n%s", page)
	}
	// One unfinished game in a thousand leaves a flat ladder luck.
	l = madeLadder(wins)
	l.Cell(1, 0).Seats[1].Capped = 1
	if l.Games() < 100 {
		t.Fatalf("the made ladder has %d games: too few for one to be under 1%%", l.Games())
	}
	if page = ladderPageText(t, l); !strings.Contains(page, "LUCK-DOMINATED") || strings.Contains(page, "Not decided") {
		t.Errorf("a flat ladder with one game capped is not luck-dominated:\n%s", page)
	}
}

// seatLadder is a whole ladder at players with agents, every seat of
// every run winning its share of games a seat.
func seatLadder(players, games int, agents []string) *Ladder {
	l := &Ladder{Players: players, Agents: agents}
	for _, rc := range ladderCells(len(agents)) {
		cell := &LadderCell{Row: rc[0], Col: rc[1]}
		runs, n := players, games
		if rc[0] == rc[1] {
			runs, n = 1, games*players
		}
		for range runs {
			s := &engine.Summary{Players: players, Games: n}
			for p := range players {
				s.SeatWins[p] = int64(n/players) * 840
			}
			cell.Seats = append(cell.Seats, s)
		}
		l.Cells = append(l.Cells, cell)
	}
	return l
}

// Three variants at 7 players: two ladders a page, so the agents' names
// over the matrices' columns are whole ("MCTS 343", not "MCT…"), and a
// seat's interval and games, in two lines when one is too wide, are not
// cut short; when the variants' lengths gave them other budgets, the
// header says the rows name them.
func TestLadderPagesFitManyVariantsAndSeats(t *testing.T) {
	sum := toySummary(7) // the outcomes pages only need a summary to draw
	var cols []Column
	for i, v := range []string{"book", "short-hands", "grosse-ziel"} {
		budget := 686
		if i == 1 {
			budget = 100
		}
		cols = append(cols, Column{Variant: v, Sum: sum, Counters: []string{"rolls"}, Ladder: seatLadder(7, 150, LadderAgents(LadderPlan{Budget: budget}))})
	}
	b := &Balance{Title: "Toy", Games: 20, Seed: 5, Bots: []string{"random"}, Counts: []Count{{Players: 7, Columns: cols}}}
	data, err := PDF(b)
	if err != nil {
		t.Fatal(err)
	}
	r := pdftest.Read(t, data)
	if r.NumPage() != 4 {
		t.Fatalf("%d pages, want outcomes, cards and two ladder pages", r.NumPage())
	}
	for page, want := range map[int][]string{
		3: {"Variant book", "Variant short-hands", "MCTS N: N iterations a decision", "colour: win rate vs the fair 1/7", "MCTS 343", "MCTS 100"},
		4: {"Variant grosse-ziel", "MCTS at 343 and 686 iterations a decision", "MCTS 686"},
	} {
		texts := pdftest.PageText(t, r, page)
		text := pdftest.Joined(texts)
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("page %d lacks %q:\n%s", page, w, text)
			}
		}
		// The PDF reader gives U+2026 by its low byte, as '&', which the
		// page has nowhere else.
		if strings.ContainsAny(text, "…&") {
			t.Errorf("page %d cuts text short:\n%s", page, text)
		}
		// A variant's 12 matchups and 7 seats × 4 agents, each with its games.
		if n, variants := len(pdftest.Find(texts, "n=1050")), strings.Count(text, "Variant "); n != 40*variants {
			t.Errorf("page %d: n=1050 drawn whole %d times, want 40 for each of %d variants", page, n, variants)
		}
	}
}

// A long game title is cut with an ellipsis so that what the page is
// stays on it: an 80-letter title pushed "balance: 2 players, skill
// ladder" off the page.
func TestLongTitleKeepsThePageName(t *testing.T) {
	var wins [4][4]int
	l := madeLadder(wins)
	sum := toySummary(l.Players)
	title := "Die Abenteuer des überaus langen Kartenspiels mit dem unendlich langen Titel — Edition ✓"
	data, err := PDF(&Balance{Title: title, Games: 20, Seed: 5, Bots: []string{"random"},
		Counts: []Count{{Players: l.Players, Columns: []Column{{Sum: sum, Ladder: l}}}}})
	if err != nil {
		t.Fatal(err)
	}
	r := pdftest.Read(t, data)
	for page := 1; page <= r.NumPage(); page++ {
		texts := pdftest.PageText(t, r, page)
		name := []string{"outcomes", "cards, counters and bots", "skill ladder"}[page-1]
		heading := pdftest.Find(texts, " balance: 4 players, "+name)
		if len(heading) != 1 || !strings.HasPrefix(pdftest.Joined(texts), "Die Abenteuer des") {
			t.Fatalf("page %d: heading %v, want the title cut and then \"balance: 4 players, %s\":\n%s", page, heading, name, pdftest.Joined(texts))
		}
		// The reader gives no glyph widths: the heading's width is
		// measured in its font, from where the PDF says it starts (the
		// reader reads the bold ellipsis as "&").
		var line strings.Builder
		for _, g := range texts {
			if g.Y == heading[0].Y {
				line.WriteString(g.S)
			}
		}
		end := texts[0].X*mmPerPt + headingWidth(strings.ReplaceAll(line.String(), "&", "…"))
		if end > pageW-margin+0.5 {
			t.Errorf("page %d: the heading ends at %.1f mm, past the margin at %.1f", page, end, pageW-margin)
		}
	}
}

// headingWidth is s's width in mm in a page heading's font.
func headingWidth(s string) float64 {
	pdf := fpdf.New("P", "mm", "A4", "")
	for _, f := range fonts.Faces {
		pdf.AddUTF8FontFromBytes(fonts.Family, f.Style, f.TTF)
	}
	setFont(pdf, "B", 14)
	return pdf.GetStringWidth(s)
}

// A game that seat 1 always wins has a flat ladder, and its verdict
// said only LUCK-DOMINATED; the seat's advantage at every skill level is
// named, and not as one only skilled play shows.
func TestLadderVerdictNamesASeatThatAlwaysWins(t *testing.T) {
	l := seatLadder(4, 40, LadderAgents(LadderPlan{Budget: 100, Guided: true}))
	for a := range l.Agents {
		s := l.Cell(a, a).Seats[0]
		s.SeatWins = [len(s.SeatWins)]int64{int64(s.Games) * 840}
	}
	if got := l.SkilledSeats(); len(got) != 0 {
		t.Errorf("skilled seats %v, want none: random play shows it too", got)
	}
	page := ladderPageText(t, l)
	for _, want := range []string{"LUCK-DOMINATED", "Seats off fair at every skill level, with random play and with MCTS 100 at every seat: seat 1 100% [98-100] and 100% [98-100], an advantage; seat",
		"0% [0-2] and 0% [0-2], a handicap; seat 3 0% [0-2] and 0% [0-2], a handicap; seat 4 0% [0-2] and 0% [0-2], a handicap."} {
		if !strings.Contains(strings.ReplaceAll(page, "\n", ""), want) {
			t.Errorf("the verdict lacks %q:\n%s", want, page)
		}
	}
	// Fair seats are not named, nor seats of unfinished games (a game
	// that never ends: every seat at 0%).
	if got := seatLadder(4, 40, l.Agents).SteadySeats(); len(got) != 0 {
		t.Errorf("steady seats %v in a fair ladder", got)
	}
	for a := range l.Agents {
		s := l.Cell(a, a).Seats[0]
		s.SeatWins, s.Capped = [len(s.SeatWins)]int64{}, s.Games
	}
	if got := l.SteadySeats(); len(got) != 0 {
		t.Errorf("steady seats %v when no game ended", got)
	}
}

// In a rules game without evaluate: the look-ahead plays at random, and
// the ladder page said so nowhere: "look-ahead does not beat random"
// read as a game without depth. The verdict says why.
func TestLadderVerdictSaysTheLookAheadPlaysAtRandom(t *testing.T) {
	var wins [4][4]int
	l := madeLadder(wins)
	sum := toySummary(l.Players)
	want := "The look-ahead plays this game at random: its rules give it no evaluate: to look ahead with"
	for _, blind := range []bool{false, true} {
		data, err := PDF(&Balance{Title: "Toy", Games: 20, Seed: 5, Bots: []string{"random"},
			Counts: []Count{{Players: l.Players, Columns: []Column{{Sum: sum, Ladder: l, Blind: blind}}}}})
		if err != nil {
			t.Fatal(err)
		}
		r := pdftest.Read(t, data)
		page := pdftest.Joined(pdftest.PageText(t, r, r.NumPage()))
		if got := strings.Contains(page, want); got != blind {
			t.Errorf("blind %v: the ladder page says %q: %v:\n%s", blind, want, got, page)
		}
	}
}

// At 7 seats and two variants a page, with every seat named, the
// look-ahead at random and unfinished games, the verdict ran off the
// bottom of the page; its size shrinks until it fits.
func TestLadderVerdictFitsThePage(t *testing.T) {
	sum := toySummary(7)
	var cols []Column
	for _, v := range []string{"book", "short-hands"} {
		l := seatLadder(7, 150, LadderAgents(LadderPlan{Budget: 100, Guided: true}))
		top := l.Cell(3, 3).Seats[0] // seat 1 wins every game with skill: every seat named
		top.SeatWins = [len(top.SeatWins)]int64{int64(top.Games) * 840}
		l.Cell(1, 0).Seats[0].Capped = 1
		cols = append(cols, Column{Variant: v, Sum: sum, Counters: []string{"rolls"}, Ladder: l, Blind: true})
	}
	if n := len(cols[0].Ladder.SkilledSeats()); n != 7 {
		t.Fatalf("%d seats named, want 7", n)
	}
	data, err := PDF(&Balance{Title: "Toy", Games: 20, Seed: 5, Bots: []string{"random"}, Counts: []Count{{Players: 7, Columns: cols}}})
	if err != nil {
		t.Fatal(err)
	}
	texts := pdftest.PageText(t, pdftest.Read(t, data), 3)
	last := pdftest.Find(texts, "at most 150 games a seat.")
	if len(last) != 2 {
		t.Fatalf("the verdicts' last line found %d times, want 2:\n%s", len(last), pdftest.Joined(texts))
	}
	for _, s := range last {
		if bottom := s.Y * mmPerPt; bottom < margin { // PDF y grows upwards
			t.Errorf("the verdict ends %.1f mm above the page's bottom edge, below its margin of %.0f", bottom, margin)
		}
	}
}

// A long variant id heading its ladder ran into the next column and off
// the page; it shrinks, then is cut, within its column.
func TestLadderVariantHeadingFitsItsColumn(t *testing.T) {
	var wins [4][4]int
	sum := toySummary(4)
	long := "a-very-long-variant-identifier-that-goes-on-and-on-and-on-and-on"
	var cols []Column
	for _, v := range []string{"book", long} {
		cols = append(cols, Column{Variant: v, Sum: sum, Ladder: madeLadder(wins)})
	}
	data, err := PDF(&Balance{Title: "Toy", Games: 20, Seed: 5, Bots: []string{"random"}, Counts: []Count{{Players: 4, Columns: cols}}})
	if err != nil {
		t.Fatal(err)
	}
	texts := pdftest.PageText(t, pdftest.Read(t, data), 3)
	heading := pdftest.Find(texts, "Variant a-very-long")
	if len(heading) != 1 || len(pdftest.Find(texts, "Variant "+long)) != 0 {
		t.Fatalf("the long variant's heading found %d times whole, want it cut:\n%s", len(pdftest.Find(texts, "Variant "+long)), pdftest.Joined(texts))
	}
	if start := heading[0].X * mmPerPt; start < pageW/2 {
		t.Errorf("the second column's heading starts at %.1f mm, in the first column", start)
	}
}

// toySummary is a summary of 20 toy games passed off as one at players:
// the outcomes pages only need a summary to draw.
func toySummary(players int) *engine.Summary {
	sum := engine.Run(&enginetest.Toy{Goal: 12, Dominant: true}, engine.RunConfig{Players: 2, Games: 20, Seed: 5, Workers: 1})
	sum.Players = players
	return sum
}
