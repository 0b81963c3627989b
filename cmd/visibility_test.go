package cmd

import (
	"os"
	"path/filepath"
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
