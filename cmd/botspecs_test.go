package cmd

import (
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// Hostile bot specs on the commands that play with bots: each is a usage
// error of one line naming what is wrong, exit 2, nothing on stdout and
// no game played.
func TestHostileBotSpecs(t *testing.T) {
	budget := func(spec, n string) string {
		return `--bots: bot "` + spec + `": the budget "` + n + `" is not 1 to 1000000 iterations`
	}
	long := "mcts:" + strings.Repeat("c=1:", 5000)
	for spec, want := range map[string]string{
		"mcts:-1":                   budget("mcts:-1", "-1"),
		"mcts:1e9":                  budget("mcts:1e9", "1e9"),
		"mcts:1000001":              budget("mcts:1000001", "1000001"),
		"mcts:99999999999999999999": budget("mcts:99999999999999999999", "99999999999999999999"),
		"mcts::":                    budget("mcts::", ""),
		"mcts: 5":                   budget("mcts: 5", " 5"),
		"mcts:c=NaN":                `--bots: bot "mcts:c=NaN": c="NaN": want c=X, UCB1's exploration constant, 0 to 100`,
		"mcts:c=Inf":                `--bots: bot "mcts:c=Inf": c="Inf": want c=X`,
		"mcts:c=":                   `--bots: bot "mcts:c=": c="": want c=X`,
		"mcts:c=０.５":                `--bots: bot "mcts:c=０.５": c="０.５": want c=X`,
		"mcts:horizon=-1":           `--bots: bot "mcts:horizon=-1": horizon="-1": want horizon=H`,
		"mcts:horizon=100001":       `--bots: bot "mcts:horizon=100001": horizon="100001": want horizon=H`,
		"mcts:prior=NaN":            `--bots: bot "mcts:prior=NaN": prior="NaN": want prior=W`,
		"mcts:ç=1":                  `--bots: bot "mcts:ç=1": "ç=1" is not a knob of mcts`,
		"mcts:c=1\nx":               `--bots: bot "mcts:c=1\nx": c="1\nx": want c=X`,
		"mcts,":                     `--bots: unknown bot "" (want random, heuristic or mcts`,
		long:                        `--bots: bot "` + long + `": c given twice`,
	} {
		for _, args := range [][]string{
			{"sim", "--game", "heat", "--games", "1"},
			{"replay", "--game", "heat", "--players", "3", "--seed", "1"},
			{"lint", "--games", "1", "cards/heat"},
		} {
			code, out, errOut := run(t, repoRoot, append(args, "--bots", "random,"+spec)...)
			if code != 2 || !strings.HasPrefix(errOut, "cardpress: "+want) || strings.Count(strings.TrimSpace(errOut), "\n") > 0 || out != "" {
				t.Errorf("%s --bots %.60q: exit %d, %.200q; want exit 2 and one line starting %.200q", args[0], spec, code, errOut, want)
			}
		}
	}
}

// Odd specs that are bots all the same play: an exploration of -0, more
// specs than seats (a thousand: the first ones play, cycled as the flag
// says), a single iteration.
func TestOddButGoodBotSpecs(t *testing.T) {
	thousand := strings.TrimSuffix(strings.Repeat("mcts:1,random,", 500), ",")
	for _, bots := range []string{"mcts:2:c=-0", thousand, "mcts:1:horizon=0:prior=0"} {
		code, out, errOut := run(t, repoRoot, "sim", "--game", "heat", "--players", "3", "--games", "2", "--bots", bots)
		if code != 0 || !strings.Contains(out, "seat 1 wins") {
			t.Errorf("--bots %.40q: exit %d\n%s%s", bots, code, out, errOut)
		}
	}
}

// Without evaluate: an mcts spec whose knobs read the evaluation (a
// horizon, look-ahead play-outs, a prior) searches blind, and sim and
// replay say so in one line; plain mcts reads none, and nothing is said.
func TestBlindSearchKnobsAreNamed(t *testing.T) {
	ws := copyRulesTestGame(t, "pickup")
	const note = "mcts:20:horizon=5: the rules of pickup give no evaluate:, so a play-out cut by the horizon counts as a draw, look-ahead play-outs play at random and the prior is off (docs/rules.md#evaluate)"
	runs := [][]string{
		{"sim", "--game", "pickup", "--games", "3", "--bots", "mcts:20:horizon=5,random"},
		{"replay", "--game", "pickup", "--bots", "mcts:20:horizon=5"},
	}
	for _, args := range runs {
		if _, _, errOut := run(t, ws, args...); strings.Contains(errOut, "evaluate") {
			t.Errorf("%v with evaluate: says the search is blind:\n%s", args, errOut)
		}
	}
	edit(t, ws, "cards/pickup/rules.yaml", "evaluate:", "# evaluate:")
	for _, args := range runs {
		if code, _, errOut := run(t, ws, args...); code != 0 || !strings.Contains(errOut, args[0]+": "+note+"\n") {
			t.Errorf("%v without evaluate: exit %d, want 0 and\n%s: %s\nin:\n%s", args, code, args[0], note, errOut)
		}
	}
	for _, bots := range []string{"mcts:20,random", "mcts:20:c=1.5"} {
		if _, _, errOut := run(t, ws, "sim", "--game", "pickup", "--games", "3", "--bots", bots); strings.Contains(errOut, "evaluate") {
			t.Errorf("--bots %s reads no evaluation, but sim says:\n%s", bots, errOut)
		}
	}
	for _, bots := range []string{"mcts:20:rollout=heuristic", "mcts:20:prior=1", "random,mcts:5:" + engine.GuidedKnobs} {
		if _, _, errOut := run(t, ws, "sim", "--game", "pickup", "--games", "3", "--bots", bots); !strings.Contains(errOut, "give no evaluate:") {
			t.Errorf("--bots %s reads the evaluation, but sim says nothing:\n%s", bots, errOut)
		}
	}
}
