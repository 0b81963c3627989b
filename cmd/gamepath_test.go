package cmd

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestSimAndReplayTakeAGameFolder: --game may be the path of a game folder
// anywhere, not only an id in --cards (run from a folder with no cards/).
func TestSimAndReplayTakeAGameFolder(t *testing.T) {
	game := filepath.Join(repoRoot, "cards", "crazy-eights")
	ws := t.TempDir()
	code, out, errOut := run(t, ws, "replay", "--game", game, "--players", "2", "--seed", "1")
	if code != 0 || !strings.Contains(out, "crazy-eights, 2 players, seed 1") {
		t.Errorf("replay --game PATH: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = run(t, ws, "sim", "--game", game, "--players", "2", "--games", "5")
	if code != 0 || !strings.Contains(out, "5 games") {
		t.Errorf("sim --game PATH: exit %d\n%s%s", code, out, errOut)
	}
	// A path that is no game folder is still the usage error it was.
	code, _, errOut = run(t, ws, "sim", "--game", ws, "--games", "5")
	if code != 2 || !strings.Contains(errOut, "no game") {
		t.Errorf("sim --game NOT-A-GAME: exit %d, %s", code, errOut)
	}
}
