package cmd

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
)

// Two games of one id in one run would write the same OUT/<id>/ and keep
// only the last game's files: build, render and report refuse them before
// writing anything, exit 2. One folder named twice is one game.
func TestTwoGamesOfOneIDAreRefused(t *testing.T) {
	ws := t.TempDir()
	for _, dir := range []string{"a", "b"} {
		testutil.CopyTree(t, filepath.Join(repoRoot, "tune/testdata/duel"), filepath.Join(ws, dir, "duel"))
	}
	const want = "cardpress: two games have the id duel (a/duel and b/duel), so both would write o/duel: give one another id in its game.yaml, or run them apart\n"
	for _, c := range [][]string{{"build"}, {"render"}, {"report", "--games", "5", "--ladder=false"}} {
		args := append(c, "a/duel", "b/duel", "--out", "o")
		code, out, errOut := run(t, ws, args...)
		if code != 2 || out != "" || errOut != want {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 2 and %q", c[0], code, out, errOut, want)
		}
	}
	if _, err := os.Stat(filepath.Join(ws, "o")); err == nil {
		t.Error("something was written")
	}
	if code, out, errOut := run(t, ws, "render", "a/duel", "a/./duel", "--out", "o"); code != 0 {
		t.Errorf("one game named twice: exit %d\n%s%s", code, out, errOut)
	}
}
