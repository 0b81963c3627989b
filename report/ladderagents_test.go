package report

import (
	"fmt"
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
}
