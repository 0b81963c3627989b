package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
)

// Shards of sim, report's ladder and tune played from different files of
// a game (a card edited between them) are not merged, nor is a run played
// before the game's files changed: each results file records a digest of
// the files it was played from. An edit to the layout does not count.
func TestShardsOfChangedFilesAreNotMerged(t *testing.T) {
	ws := t.TempDir()
	testutil.CopyTree(t, filepath.Join(repoRoot, "tune/testdata/duel"), filepath.Join(ws, "duel"))
	edit := func(name string) {
		t.Helper()
		path := filepath.Join(ws, "duel", name)
		f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := f.WriteString("\n# an edit\n"); err != nil {
			t.Fatal(err)
		}
	}
	mustRun := func(args ...string) {
		t.Helper()
		if code, out, errOut := run(t, ws, args...); code != 0 {
			t.Fatalf("%s: exit %d\n%s%s", strings.Join(args, " "), code, out, errOut)
		}
	}
	refused := func(what string, args ...string) {
		t.Helper()
		code, _, errOut := run(t, ws, args...)
		if code != 2 || !strings.Contains(errOut, "played from other files of duel (game.yaml, cards or rules) than") || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
			t.Errorf("%s: exit %d, %q; want exit 2 and one line saying the files changed", what, code, errOut)
		}
	}
	sim := []string{"sim", "--game", "duel", "--games", "10"}
	ladder := []string{"report", "duel", "--ladder", "--players", "2", "--budget", "4", "--out", "o"}
	tune := []string{"tune", "duel", "--games", "5", "--evaluations", "2", "--confirm", "5", "--repeats", "2"}
	mustRun(append(sim, "--shard", "1/2", "--out", "s1.json")...)
	mustRun(append(ladder, "--shard", "1/2")...)
	mustRun(append(tune, "--shard", "1/2", "--out", "t1.json")...)
	edit("layout.yaml") // not played: the shards still merge
	mustRun(append(sim, "--shard", "2/2", "--out", "s2.json")...)
	mustRun(append(ladder, "--shard", "2/2")...)
	mustRun(append(tune, "--shard", "2/2", "--out", "t2.json")...)
	mustRun("merge", "s1.json", "s2.json")
	ladders := "o/duel/duel-ladder-1-of-2.json,o/duel/duel-ladder-2-of-2.json"
	mustRun("report", "duel", "--ladder", "--players", "2", "--out", "o", "--merge", ladders)
	mustRun("tune", "duel", "--merge", "t1.json", "t2.json")

	edit("cards.yaml")
	refused("sim shards after a card edit", "merge", "s1.json", "s2.json")
	refused("ladder shards after a card edit", "report", "duel", "--ladder", "--players", "2", "--out", "o", "--merge", ladders)
	refused("tune shards after a card edit", "tune", "duel", "--merge", "t1.json", "t2.json")
	mustRun(append(sim, "--shard", "2/2", "--out", "s2.json")...)
	mustRun(append(ladder, "--shard", "2/2")...)
	mustRun(append(tune, "--shard", "2/2", "--out", "t2.json")...)
	// Now shard 2 was played from the new files and shard 1 from the old.
	for _, merge := range [][]string{{"merge", "s2.json", "s1.json"}, {"tune", "duel", "--merge", "t2.json", "t1.json"}} {
		code, _, errOut := run(t, ws, merge...)
		if code != 2 || !strings.Contains(errOut, "files") {
			t.Errorf("%s: exit %d, %q; want exit 2 naming the files", strings.Join(merge, " "), code, errOut)
		}
	}
}
