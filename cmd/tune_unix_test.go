//go:build unix

package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
)

// copyDuel copies the toy game Duel into a fresh folder and returns the
// folder tune runs in (the game is its "duel").
func copyDuel(t *testing.T) string {
	t.Helper()
	ws := t.TempDir()
	testutil.CopyTree(t, filepath.Join(repoRoot, "tune/testdata/duel"), filepath.Join(ws, "duel"))
	return ws
}

// A tune.yaml planted as a link out of the game folder is not followed,
// as the game's own files are not: a plan outside (here a valid one) is
// never read because the folder names it. A FIFO is refused, not opened.
func TestTunePlanInTheFolderOnly(t *testing.T) {
	ws := copyDuel(t)
	plan := filepath.Join(ws, "duel", "tune.yaml")
	outside := filepath.Join(ws, "outside.yaml")
	if err := os.Rename(plan, outside); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, plan); err != nil {
		t.Fatal(err)
	}
	budget := []string{"--games", "5", "--evaluations", "2", "--confirm", "5"}
	code, out, errOut := runWithin(t, ws, append([]string{"tune", "duel"}, budget...)...)
	want := "duel/tune.yaml:1:1: error FILE_OUTSIDE: a symbolic link to a place outside the game folder; not opened (copy the file into the folder instead)\n"
	if code != 1 || out != "" || errOut != want {
		t.Errorf("a link out: exit %d, stdout %q, stderr %q; want 1 and %q", code, out, errOut, want)
	}
	// Named with --plan, the same file is the user's to name.
	if code, _, errOut := runWithin(t, ws, append([]string{"tune", "duel", "--plan", outside}, budget...)...); code != 0 {
		t.Errorf("--plan outside: exit %d, %q", code, errOut)
	}
	if err := os.Remove(plan); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(plan, 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runWithin(t, ws, append([]string{"tune", "duel"}, budget...)...)
	if want := "duel/tune.yaml:1:1: error FILE_READ: cannot read: not a regular file but a named pipe (FIFO)\n"; code != 1 || errOut != want {
		t.Errorf("a FIFO: exit %d, stderr %q; want 1 and %q", code, errOut, want)
	}
}

// A diff names game.yaml so that patch -p1 and git apply both read it: a
// folder with a space is quoted (patch stopped at the space), one with a
// control character is left out of the name, applied in the game folder.
func TestTuneDiffNamesOddFolders(t *testing.T) {
	ws := t.TempDir()
	for _, tc := range []struct{ folder, head, in string }{
		{"my game", "--- \"a/my game/game.yaml\"\n+++ \"b/my game/game.yaml\"\n", "in the folder tune was run from"},
		{"a\"b\\c", "--- \"a/a\\\"b\\\\c/game.yaml\"\n+++ \"b/a\\\"b\\\\c/game.yaml\"\n", "in the folder tune was run from"},
		{"we\nird", "--- a/game.yaml\n+++ b/game.yaml\n", `in the game folder we\nird`},
	} {
		testutil.CopyTree(t, filepath.Join(repoRoot, "tune/testdata/duel"), filepath.Join(ws, tc.folder))
		code, out, errOut := run(t, ws, append([]string{"tune", tc.folder}, duelArgs[2:]...)...)
		if code != 0 || !strings.Contains(out, "game.yaml diff (git apply, or patch -p1, "+tc.in+"):\n"+tc.head) {
			t.Errorf("tune %q: exit %d %s\n%s", tc.folder, code, errOut, out)
		}
	}
}
