package cmd

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
)

// copyRulesTestGame copies engine/rules/testdata/<name> into a workspace
// as cards/<name>, returning the workspace.
func copyRulesTestGame(t *testing.T, name string) string {
	t.Helper()
	ws := t.TempDir()
	src := filepath.Join(testutil.RepoRoot(), "engine", "rules", "testdata", name)
	if err := os.CopyFS(filepath.Join(ws, "cards", name), os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return ws
}

// A card chosen into a zone only its owner sees reached a seat: Pickup
// with its piles face down (visibility: owner) is not CARD_NEVER_DRAWN
// for every card, as it was while only a choice that plays counted. A
// card that truly never reaches a seat still is, at its line.
func TestCardNeverDrawnCountsOwnerOnlyZones(t *testing.T) {
	ws := copyRulesTestGame(t, "pickup")
	const rules = "cards/pickup/rules.yaml"
	edit(t, ws, rules, "  pile: {owner: player, visibility: public}", "  pile: {owner: player, visibility: owner}")
	code, out, errOut := run(t, ws, "lint", "cards/pickup", "--games", "50")
	if code != 0 || strings.Contains(out, "CARD_NEVER_DRAWN") {
		t.Errorf("lint with cards chosen into owner-only piles: exit %d, want 0 and no CARD_NEVER_DRAWN:\n%s%s", code, out, errOut)
	}

	edit(t, ws, rules, "  row: {owner: table, visibility: public}", "  row: {owner: table, visibility: public}\n  box: {owner: table, visibility: hidden}")
	edit(t, ws, rules, "play:\n", "play:\n  - move: {from: \"deck where card == 'four'\", to: box, count: all}\n")
	code, out, errOut = run(t, ws, "lint", "cards/pickup", "--games", "50")
	want := "cards/pickup/cards.yaml:8:5: error CARD_NEVER_DRAWN: card four never reached a hand in 150 smoke games at 2-4 players"
	if code != 1 || !strings.Contains(out, want) || strings.Count(out, "CARD_NEVER_DRAWN") != 1 {
		t.Errorf("lint with four boxed away: exit %d, want 1 and only\n%s\nin:\n%s%s", code, want, out, errOut)
	}
}

// withoutSpeed drops sim's speed line (stderr), the one figure that
// differs between two runs of the same seed.
func withoutSpeed(s string) string {
	var keep []string
	for _, line := range strings.SplitAfter(s, "\n") {
		if !strings.HasPrefix(line, "speed: ") {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "")
}

// sim prints, on stderr, the moves a second and the time a move takes,
// measured in the run, for a game folder given by its path as for a
// shipped game; stdout stays the same from run to run.
func TestSimPrintsItsSpeed(t *testing.T) {
	ws := copyRulesTestGame(t, "pickup")
	for _, args := range [][]string{
		{"sim", "--game", filepath.Join(ws, "cards", "pickup"), "--games", "20", "--workers", "1"},
		{"sim", "--game", "crazy-eights", "--cards", filepath.Join(testutil.RepoRoot(), "cards"), "--games", "5", "--players", "3", "--workers", "2"},
	} {
		code, out, errOut := run(t, ws, args...)
		if code != 0 || !speedLine.MatchString(errOut) || strings.Contains(out, "speed:") {
			t.Errorf("%v: exit %d, want 0 and a speed line on stderr only:\n%s---\n%s", args, code, out, errOut)
		}
		if _, again, _ := run(t, ws, args...); again != out {
			t.Errorf("%v: stdout differs between two runs:\n%s---\n%s", args, out, again)
		}
	}
}

var speedLine = regexp.MustCompile(`(?m)^speed: [1-9][0-9]* moves a second on [12] workers?, [1-9][0-9]* ns a move on one \([1-9][0-9]* moves in [0-9.]+ s, bots and invariant checks included; measured in this run\)$`)

// Without evaluate: the heuristic bots play at random, and sim, replay and
// lint say so; with one, nothing is said.
func TestHeuristicBotsSayTheyPlayAtRandom(t *testing.T) {
	ws := copyRulesTestGame(t, "pickup")
	const note = "the heuristic bots play at random: the rules of pickup give no evaluate: (docs/rules.md#evaluate)"
	for _, args := range [][]string{
		{"sim", "--game", "pickup", "--games", "5", "--bots", "heuristic,random"},
		{"replay", "--game", "pickup", "--bots", "heuristic"},
	} {
		if _, _, errOut := run(t, ws, args...); strings.Contains(errOut, note) {
			t.Errorf("%v with evaluate: says the bots play at random:\n%s", args, errOut)
		}
	}
	edit(t, ws, "cards/pickup/rules.yaml", "evaluate:", "# evaluate:")
	for _, args := range [][]string{
		{"sim", "--game", "pickup", "--games", "5", "--bots", "heuristic,random"},
		{"replay", "--game", "pickup", "--bots", "heuristic"},
	} {
		if code, _, errOut := run(t, ws, args...); code != 0 || !strings.Contains(errOut, args[0]+": "+note) {
			t.Errorf("%v without evaluate: exit %d, want 0 and\n%s: %s\nin:\n%s", args, code, args[0], note, errOut)
		}
	}
	if _, _, errOut := run(t, ws, "sim", "--game", "pickup", "--games", "5"); strings.Contains(errOut, note) {
		t.Errorf("sim with random bots speaks of the heuristic bots:\n%s", errOut)
	}
}

// The two test games of issue 34 (a perfect-information game, and a
// hidden-hand deduction game with a look at a hand) lint without an
// error and pass their rule tests.
func TestVisibilityTestGamesLintAndPassTheirTests(t *testing.T) {
	for _, game := range []string{"pickup", "alibi"} {
		ws := copyRulesTestGame(t, game)
		code, out, errOut := run(t, ws, "lint", "cards/"+game, "--games", "200")
		if code != 0 || !strings.Contains(out, "0 errors") || strings.Count(out, ": warning ") != 1 || !strings.Contains(out, "SCHEMA_STALE") {
			t.Errorf("lint %s: exit %d, want 0 with no finding but the missing schema copy:\n%s%s", game, code, out, errOut)
		}
		code, out, errOut = run(t, ws, "test", "cards/"+game)
		if code != 0 || !strings.Contains(out, game+": ") || !strings.Contains(out, "tests passed") || strings.Contains(out, "failed") {
			t.Errorf("test %s: exit %d:\n%s%s", game, code, out, errOut)
		}
	}
}
