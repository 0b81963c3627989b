package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/render/pdftest"
	"github.com/ledongthuc/pdf"
)

// The ladder page reads back from the PDF: every cell of the matchup
// matrix with its rate, interval and games, filled with the colour its
// rate has on the scale (blue above the fair share, red below), and the
// verdict in words.
func TestLadderHeatMapReadsBack(t *testing.T) {
	g := &enginetest.Toy{Goal: 12, Dominant: true}
	l := PlayLadder(g, tiny(2, 60, 0, 1))
	r := ladderPDF(t, l)
	if r.NumPage() != 3 {
		t.Fatalf("%d pages, want outcomes, cards and the ladder", r.NumPage())
	}
	texts := pdftest.PageText(t, r, 3)
	page := pdftest.Joined(texts)
	content := pdftest.Content(t, r, 3)
	for _, want := range []string{"Toy balance: 2 players, skill ladder", "Matchups", "Seat advantage", "Skill depth", "look-ahead beats random", "MCTS 30", "MCTS 60"} {
		if !strings.Contains(page, want) {
			t.Errorf("the ladder page lacks %q:\n%s", want, page)
		}
	}
	fill := func(c [3]int) string {
		return fmt.Sprintf("%.3f %.3f %.3f rg", float64(c[0])/255, float64(c[1])/255, float64(c[2])/255)
	}
	for row := range l.Agents {
		for col := range l.Agents {
			if row == col {
				continue
			}
			m := l.Matchup(row, col)
			text, note := percent(m)
			if len(pdftest.Find(texts, text)) == 0 || len(pdftest.Find(texts, note)) == 0 {
				t.Errorf("%s vs %s: %q %q not on the page", l.Agents[row], l.Agents[col], text, note)
			}
			if !strings.Contains(content, fill(HeatColour(m.Value, l.Fair()))) {
				t.Errorf("%s vs %s (%s): no cell filled with %s", l.Agents[row], l.Agents[col], text, fill(HeatColour(m.Value, l.Fair())))
			}
		}
	}
	// The colours mean what the legend says.
	if c := HeatColour(l.Matchup(3, 0).Value, l.Fair()); c[2] <= c[0] {
		t.Errorf("MCTS beating random is coloured %v, want blue", c)
	}
	if c := HeatColour(l.Matchup(0, 3).Value, l.Fair()); c[0] <= c[2] {
		t.Errorf("random losing to MCTS is coloured %v, want red", c)
	}
	if c := HeatColour(0.5, 0.5); c != [3]int{255, 255, 255} {
		t.Errorf("the fair share is coloured %v, want white", c)
	}
}

// A ladder of the guided search names its agents by budget, and says
// under the matrices how they search.
func TestLadderPageNamesTheGuidedSearch(t *testing.T) {
	g := &enginetest.Toy{Goal: 12, Dominant: true}
	cfg := tiny(2, 8, 0, 1)
	cfg.Agents = LadderAgents(LadderPlan{Budget: 8, Guided: true})
	page := ladderPageText(t, PlayLadder(g, cfg))
	for _, want := range []string{"MCTS at 4 and 8 iterations a decision", fmt.Sprintf("MCTS starts from the look-ahead's choice, plays each iteration on with look-ahead moves for %d moves and scores it by each seat's lead in the evaluation", engine.GuidedHorizon), "MCTS 4", "MCTS 8"} {
		if !strings.Contains(page, want) {
			t.Errorf("the ladder page lacks %q:\n%s", want, page)
		}
	}
	if strings.Contains(page, "horizon=") || strings.Contains(page, "prior=") {
		t.Errorf("the page shows a bot spec:\n%s", page)
	}
}

// The verdict says what a rung beats further down when it does not beat
// its neighbour; such a ladder is not flat, one where nobody beats
// anybody is.
func TestLadderVerdictNamesWhatARungBeatsFurtherDown(t *testing.T) {
	var wins [4][4]int
	wins[1][0], wins[2][1], wins[3][2], wins[3][1], wins[3][0], wins[2][0] = 136, 112, 92, 120, 160, 104
	page := ladderPageText(t, madeLadder(wins))
	for _, want := range []string{
		"look-ahead beats random: 34% [30-39].",
		"MCTS 343 does not beat look-ahead: 28% [24-33].",
		"MCTS 686 does not beat MCTS 343: 23% [19-27], but MCTS 686 beats look-ahead: 30% [26-35].",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the verdict lacks %q:\n%s", want, page)
		}
	}
	// No step shows, but the top search beats the look-ahead: not flat.
	wins[1][0] = 100
	if page = ladderPageText(t, madeLadder(wins)); strings.Contains(page, "LUCK-DOMINATED") || !strings.Contains(page, "but MCTS 686 beats look-ahead") {
		t.Errorf("a ladder whose top agent beats the look-ahead reads:\n%s", page)
	}
	// Nobody beats anybody: flat.
	wins[3][1], wins[3][0] = 100, 104
	if page = ladderPageText(t, madeLadder(wins)); !strings.Contains(page, "LUCK-DOMINATED: no agent beats a weaker one") || strings.Contains(page, "does not beat") {
		t.Errorf("a flat ladder reads:\n%s", page)
	}
}

// ladderPDF is a Toy report with ladder l at l's player count, read
// back; its last page is the ladder's.
func ladderPDF(t *testing.T, l *Ladder) *pdf.Reader {
	t.Helper()
	g := &enginetest.Toy{Goal: 12, Dominant: true}
	sum := engine.Run(g, engine.RunConfig{Players: l.Players, Games: 20, Seed: 5, Workers: 1})
	b := &Balance{Title: "Toy", Games: 20, Seed: 5, Bots: []string{"random"}, Counts: []Count{{Players: l.Players,
		Columns: []Column{{Sum: sum, Counters: []string{"rolls", "ties"}, Ladder: l}}}}}
	data, err := PDF(b)
	if err != nil {
		t.Fatal(err)
	}
	return pdftest.Read(t, data)
}

// ladderPageText is the text of the ladder page of a report with l.
func ladderPageText(t *testing.T, l *Ladder) string {
	t.Helper()
	r := ladderPDF(t, l)
	return pdftest.Joined(pdftest.PageText(t, r, r.NumPage()))
}

// With two variants side by side, each column is headed by its variant and
// each heat map's heading is drawn whole, not cut short with an ellipsis.
func TestLadderHeadingsFitTwoVariants(t *testing.T) {
	g := &enginetest.Toy{Goal: 12, Dominant: true}
	sum := engine.Run(g, engine.RunConfig{Players: 4, Games: 20, Seed: 5, Workers: 1})
	var cols []Column
	for _, v := range []string{"v2.2", "equal-turns"} {
		var wins [4][4]int
		cols = append(cols, Column{Variant: v, Sum: sum, Counters: []string{"rolls", "ties"}, Ladder: madeLadder(wins)})
	}
	b := &Balance{Title: "Toy", Games: 20, Seed: 5, Bots: []string{"random"}, Counts: []Count{{Players: 4, Columns: cols}}}
	data, err := PDF(b)
	if err != nil {
		t.Fatal(err)
	}
	r := pdftest.Read(t, data)
	page := pdftest.Joined(pdftest.PageText(t, r, r.NumPage()))
	for _, want := range []string{"Variant v2.2", "Variant equal-turns"} {
		if !strings.Contains(page, want) {
			t.Errorf("the ladder page lacks %q:\n%s", want, page)
		}
	}
	for _, want := range []string{"Matchups: the row agent's wins, the column agent in every other seat", "Seat advantage: each seat's win rate, the row agent in every seat"} {
		if n := strings.Count(page, want); n != 2 {
			t.Errorf("%q drawn whole %d times, want once a variant:\n%s", want, n, page)
		}
	}
}
