package cmd

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/cardpress/cardpress/report"
)

// ladderShardFile plays bank's whole ladder as shard 1/1 (ladderArgs)
// and returns its file, for tests that edit it.
func ladderShardFile(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if code, out, errOut := run(t, repoRoot, append(slices.Clone(ladderArgs), "--shard", "1/1", "--out", dir, bank)...); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	return filepath.Join(dir, "bank", "bank-ladder-1-of-1.json")
}

// editedShard writes the shard file at path with edit applied to its
// decoded JSON, and returns the new file's path.
func editedShard(t *testing.T, path string, edit func(r *LadderResults)) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var r LadderResults
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	edit(&r)
	if data, err = json.Marshal(r); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "edited.json")
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}

// reportFails runs report with ladderArgs and args and wants exit 2 and
// exactly the one line want on stderr.
func reportFails(t *testing.T, want string, args ...string) {
	t.Helper()
	code, out, errOut := run(t, repoRoot, append(append(slices.Clone(ladderArgs), args...), "--out", t.TempDir(), bank)...)
	if code != 2 || errOut != want+"\n" {
		t.Errorf("%v: exit %d, %q%q; want exit 2 and %q", args, code, out, errOut, want)
	}
}

// A shard file edited by hand to hold other agents than a ladder's (two
// agents, the rungs reversed) is refused in one line naming the file and
// the field; the page, which names the rungs by place, panicked on them
// ("internal error: index out of range").
func TestReportMergeRefusesOtherAgents(t *testing.T) {
	file := ladderShardFile(t)
	two := editedShard(t, file, func(r *LadderResults) {
		l := r.Columns[0].Ladders[0]
		l.Agents = l.Agents[:2]
		l.Cells = slices.DeleteFunc(l.Cells, func(c *report.LadderCell) bool { return c.Row >= 2 || c.Col >= 2 })
	})
	reportFails(t, "cardpress: "+two+`: columns/0/ladders/0/agents: ["random" "heuristic"] are not a skill ladder's (random, heuristic, mcts:B/2 and mcts:B with the same knobs)`, "--merge", two)
	reversed := editedShard(t, file, func(r *LadderResults) { slices.Reverse(r.Columns[0].Ladders[0].Agents) })
	reportFails(t, "cardpress: "+reversed+`: columns/0/ladders/0/agents: ["mcts:8" "mcts:4" "heuristic" "random"] are not a skill ladder's (random, heuristic, mcts:B/2 and mcts:B with the same knobs)`, "--merge", reversed)
}

// --merge with no files (an empty glob: --merge "$(ls shards/*.json |
// paste -sd,)") played the whole ladder instead of drawing the shards;
// it is a usage error now.
func TestReportMergeOfNoFiles(t *testing.T) {
	reportFails(t, "cardpress: --merge: no shard files named", "--merge", "")
}

// The budget is in the shards' agents; a --budget the merge is given that
// is not theirs was ignored, the page drawn at the shards' budget. Without
// --budget, or with theirs, they are drawn.
func TestReportMergeChecksTheBudget(t *testing.T) {
	file := ladderShardFile(t) // ladderArgs: --budget 8
	reportFails(t, "cardpress: --merge: the shards were played with --budget 8; draw them with --budget 8, or without --budget", "--merge", file, "--budget", "10")
	for _, budget := range []string{"0", "8"} {
		code, out, errOut := run(t, repoRoot, append(slices.Clone(ladderArgs), "--merge", file, "--budget", budget, "--out", t.TempDir(), bank)...)
		if code != 0 {
			t.Errorf("--budget %s: exit %d\n%s%s", budget, code, out, errOut)
		}
	}
}

// A sim or tune results file given to report --merge is named for what
// it is, with the command that reads it, in one line; it said
// `bots: unknown field "bots" (and 5 more problems)`.
func TestReportMergeNamesSimAndTuneFiles(t *testing.T) {
	dir := t.TempDir()
	sim, tuned := filepath.Join(dir, "sim.json"), filepath.Join(dir, "tune.json")
	for _, args := range [][]string{
		{"sim", "--game", bank, "--games", "4", "--players", "2", "--shard", "1/2", "--out", sim},
		{"tune", filepath.Join("tune", "testdata", "duel"), "--games", "4", "--evaluations", "2", "--confirm", "4", "--repeats", "1", "--out", tuned},
	} {
		if code, out, errOut := run(t, repoRoot, args...); code != 0 {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errOut)
		}
	}
	reportFails(t, "cardpress: "+sim+": a sim results file (sim --out), not a ladder shard: add sim's shards up with cardpress merge FILE...", "--merge", sim)
	reportFails(t, "cardpress: "+tuned+": a tune results file (tune --out), not a ladder shard: merge tune's shards with cardpress tune GAME_DIR --merge FILE...", "--merge", tuned)
}

// A shard file with a cell, a player count or a variant twice was drawn
// (the first taken, the games counted twice); each is refused in one line.
func TestReportMergeRefusesDoubles(t *testing.T) {
	file := ladderShardFile(t)
	cell := editedShard(t, file, func(r *LadderResults) {
		l := r.Columns[0].Ladders[0]
		l.Cells = append(l.Cells, l.Cells[5])
	})
	reportFails(t, "cardpress: "+cell+": columns/0/ladders/0/cells/16: row 0, column 2 twice", "--merge", cell)
	players := editedShard(t, file, func(r *LadderResults) {
		r.Columns[0].Ladders = append(r.Columns[0].Ladders, r.Columns[0].Ladders[0])
	})
	reportFails(t, "cardpress: "+players+": columns/0/ladders/1/players: 2 twice", "--merge", players)
	variant := editedShard(t, file, func(r *LadderResults) { r.Columns = append(r.Columns, r.Columns[0]) })
	reportFails(t, "cardpress: "+variant+`: columns/1/variant: "" twice`, "--merge", variant)
}

// tune --merge and merge take their files as arguments; report --merge
// takes them comma-separated. Shards named as arguments after the game
// were told "--merge draws one game's ladders: name that game alone";
// now the message says how --merge takes its files.
func TestReportMergeFilesAsArguments(t *testing.T) {
	a, b := ladderShardFile(t), filepath.Join(t.TempDir(), "b.json")
	if err := os.WriteFile(b, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, repoRoot, append(slices.Clone(ladderArgs), "--out", t.TempDir(), bank, "--merge", a, b)...)
	want := "cardpress: --merge takes its files comma-separated (--merge a.json,b.json) or one --merge each: " + b + " is not a game\n"
	if code != 2 || errOut != want {
		t.Errorf("exit %d, %q%q; want exit 2 and %q", code, out, errOut, want)
	}
}

// Shards played at one player count, drawn at another, say which counts
// they hold.
func TestReportMergeAtAnotherPlayerCount(t *testing.T) {
	file := ladderShardFile(t) // --players 2
	args := append(slices.Clone(ladderArgs), "--merge", file, "--out", t.TempDir(), bank)
	args[slices.Index(args, "--players")+1] = "3"
	code, out, errOut := run(t, repoRoot, args...)
	want := "cardpress: --merge: the files hold no ladder of variant default at 3 players (they hold 2 players: draw them with the --players or --ladder they were played with)\n"
	if code != 2 || errOut != want {
		t.Errorf("exit %d, %q%q; want exit 2 and %q", code, out, errOut, want)
	}
}
