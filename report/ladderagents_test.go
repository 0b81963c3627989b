package report

import (
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
