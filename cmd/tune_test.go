package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"github.com/cardpress/cardpress/internal/testutil"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// duelArgs tune the toy game Duel (tune/testdata/duel), whose one fair
// head start is 2, with a small budget.
var duelArgs = []string{"tune", "tune/testdata/duel", "--games", "50", "--evaluations", "30", "--repeats", "3", "--confirm", "400", "--seed", "1"}

func TestTuneDuelEndToEnd(t *testing.T) {
	// A tune.yaml is a file of the game folder validate does not warn about.
	if code, out, errOut := run(t, repoRoot, "validate", "tune/testdata/duel"); code != 0 || !strings.Contains(out+errOut, "no problems") {
		t.Errorf("validate: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut := run(t, repoRoot, duelArgs...)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	// Not on a terminal: no bar, only the games played and the time.
	if !strings.HasPrefix(errOut, "tune: 6100 games in ") || strings.Count(errOut, "\n") != 1 || strings.Contains(errOut, "\r") {
		t.Errorf("stderr %q", errOut)
	}
	for _, want := range [][]string{
		{"compensation", "0", "2"},
		{"2", "players:", "seat", "1", "wins", "(95%)"},
		{"targets", "met", "no", "yes"},
		{"-", "default:", "0"},
		{"+", "default:", "2"},
	} {
		if !hasFields(out, want) {
			t.Errorf("output lacks a line %q:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "--- a/tune/testdata/duel/game.yaml\n+++ b/tune/testdata/duel/game.yaml\n") {
		t.Errorf("no diff header:\n%s", out)
	}
	if rows := strings.Count(out, "\n1       ") + strings.Count(out, "\n2       ") + strings.Count(out, "\n3       "); rows != 90 {
		t.Errorf("%d evidence rows, want 90 (3 searches of 30)", rows)
	}
	// The same seed, the same output, whatever the workers.
	if _, again, _ := run(t, repoRoot, append(duelArgs, "--workers", "1")...); again != out {
		t.Errorf("a second run differs:\n%s\n%s", out, again)
	}
	// JSON says the same.
	_, js, _ := run(t, repoRoot, append(duelArgs, "--format", "json")...)
	var res struct {
		Format string
		Best   struct{ Values []any }
		Diff   string
	}
	if err := json.Unmarshal([]byte(js), &res); err != nil || res.Format != "cardpress-tune/1" || res.Best.Values[0] != 2.0 || res.Diff == "" {
		t.Errorf("json: %v %+v\n%s", err, res, js)
	}
	// The printed diff applies with git, when there is one.
	if _, err := exec.LookPath("git"); err == nil {
		dir := t.TempDir()
		testutil.CopyTree(t, filepath.Join(repoRoot, "tune/testdata/duel"), filepath.Join(dir, "tune/testdata/duel"))
		if err := os.WriteFile(filepath.Join(dir, "p.diff"), []byte(res.Diff), 0o644); err != nil {
			t.Fatal(err)
		}
		c := exec.Command("git", "apply", "p.diff")
		c.Dir = dir
		if msg, err := c.CombinedOutput(); err != nil {
			t.Fatalf("git apply: %v\n%s", err, msg)
		}
		// Patched, Duel is fair: seat 1's interval holds a half.
		code, out, errOut := run(t, dir, "sim", "--game", "tune/testdata/duel", "--games", "2000")
		var rate, lo, hi float64
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "seat 1 wins (95%)") {
				fmt.Sscanf(strings.Join(strings.Fields(l)[4:], " "), "%f%% [%f-%f]", &rate, &lo, &hi)
			}
		}
		if code != 0 || lo > 50 || hi < 50 || hi == 0 {
			t.Errorf("the patched Duel: exit %d, seat 1 %.1f%% [%.1f-%.1f]\n%s%s", code, rate, lo, hi, out, errOut)
		}
	}
}

// hasFields: some line of out starts with these fields.
func hasFields(out string, fields []string) bool {
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) >= len(fields) && strings.Join(f[:len(fields)], " ") == strings.Join(fields, " ") {
			return true
		}
	}
	return false
}

// Shards written with --out and put together with --merge print what
// the whole run prints.
func TestTuneShardsMergeByCLI(t *testing.T) {
	_, whole, _ := run(t, repoRoot, duelArgs...)
	dir := t.TempDir()
	var files []string
	for _, k := range []string{"1", "2"} {
		f := filepath.Join(dir, "duel-"+k+".json")
		if code, out, errOut := run(t, repoRoot, append(duelArgs, "--shard", k+"/2", "--out", f)...); code != 0 || !strings.Contains(out, "shard "+k+" of 2") {
			t.Fatalf("shard %s: exit %d\n%s%s", k, code, out, errOut)
		}
		files = append(files, f)
	}
	code, merged, errOut := run(t, repoRoot, "tune", "tune/testdata/duel", "--merge", files[1], files[0])
	if code != 0 || merged != whole {
		t.Errorf("merge: exit %d %s\n%s\nwant\n%s", code, errOut, merged, whole)
	}
	// A matrix of one job: --shard 1/1's file merges alone.
	one := filepath.Join(dir, "duel-1-of-1.json")
	run(t, repoRoot, append(duelArgs, "--shard", "1/1", "--out", one)...)
	if code, merged, errOut := run(t, repoRoot, "tune", "tune/testdata/duel", "--merge", one); code != 0 || merged != whole {
		t.Errorf("merge of --shard 1/1: exit %d %s\n%s", code, errOut, merged)
	}
	// A file edited by hand is refused in one line, exit 2.
	data, _ := os.ReadFile(files[0])
	broken := filepath.Join(dir, "broken.json")
	if err := os.WriteFile(broken, []byte(strings.Replace(string(data), `"games": 50`, `"games": 40`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = run(t, repoRoot, "tune", "tune/testdata/duel", "--merge", broken, files[1])
	if code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 || !strings.Contains(errOut, "broken.json: ") {
		t.Errorf("an edited shard: exit %d, %q", code, errOut)
	}
	code, _, errOut = run(t, repoRoot, "tune", "tune/testdata/duel", "--merge", files[0])
	if code != 2 || !strings.Contains(errOut, "1 files are merged") {
		t.Errorf("one shard of two: exit %d, %q", code, errOut)
	}
}

// A plan with mistakes is reported at the file, line and column of each,
// exit 1, and nothing is played.
func TestTuneBadPlanAtItsLine(t *testing.T) {
	ws := copyHeat(t)
	plan := `parameters:
  heist: {min: 1, max: 4}
  heists: {min: 0, max: 3}
  heat_board.0: {min: 0, max: 3}
  heat_board.9.value: {min: -2, max: -1}
  phase_resolution: {values: [simultaneous, 3]}
  stages: {min: 5, max: 2}
  shortfall: {min: 0, max: 2}
  starting_money: {min: 0, max: 1000}
targets:
  seat_win_rate: {within: 5}
  length: {min: 100, max: 50, counter: rounds}
players: [2, 4]
`
	if err := os.WriteFile(filepath.Join(ws, "cards/heat/tune.yaml"), []byte(plan), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, ws, "tune", "cards/heat")
	want := `cards/heat/tune.yaml:2:3: error TUNE_PARAMETER: game.yaml declares no parameter "heist" (did you mean "heists"?)
cards/heat/tune.yaml:3:11: error TUNE_VALUE: the game does not build with heists = 0: parameter heists is 0, less than 1
cards/heat/tune.yaml:4:3: error TUNE_PARAMETER: heat_board.0 is a mapping in game.yaml; name one number, true/false or word in it (e.g. heat_board.0.slots)
cards/heat/tune.yaml:5:3: error TUNE_PARAMETER: heat_board.9.value: "9" is not an index of the list, which has 5 items (0 to 4)
cards/heat/tune.yaml:6:45: error TUNE_VALUE: phase_resolution is a word in game.yaml, so "3" cannot be one of its values
cards/heat/tune.yaml:7:25: error TUNE_VALUE: stages: max 2 is below min 5
cards/heat/tune.yaml:8:14: error TUNE_VALUE: shortfall is a word in game.yaml: list its values (values: [...]) instead of min and max
cards/heat/tune.yaml:9:19: error TUNE_VALUE: starting_money: min 0 to max 1000 by 1 is 1001 values, more than 64; search a coarser step first
cards/heat/tune.yaml:12:27: error TUNE_TARGET: length: max 50 is below min 100
cards/heat/tune.yaml:12:40: error TUNE_TARGET: the engine counts no "rounds" (its counters: out_of_heat_returns, draws_skipped, arrests)
cards/heat/tune.yaml:13:11: error TUNE_TARGET: heat plays with 3-5 players, not 2
`
	if code != 1 || out != "" || errOut != want {
		t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant:\n%s", code, out, errOut, want)
	}
	// The schema's own checks come first, at their lines.
	if err := os.WriteFile(filepath.Join(ws, "cards/heat/tune.yaml"), []byte("parameters:\n  heists: {min: 1, max: 3}\ntargets:\n  seat_win_rate: {within: 5}\n  skil_ladder: {bots: [random, heuristic]}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = run(t, ws, "tune", "cards/heat")
	if want := "cards/heat/tune.yaml:5:3: error SCHEMA_UNKNOWN_FIELD: unknown field \"skil_ladder\" (did you mean \"skill_ladder\"?)\n"; code != 1 || errOut != want {
		t.Errorf("exit %d, stderr %q, want %q", code, errOut, want)
	}
}

func TestTuneUsageErrors(t *testing.T) {
	ws := copyHeat(t)
	for _, args := range [][]string{
		{"tune", "cards/heat"}, // no tune.yaml
		{"tune", "cards/heat", "--plan", "nosuch.yaml"},
		{"tune", "cards/heat", "--plan", "cards"},
		{"tune", "cards/nosuch"},
		{"tune"},
		{"tune", "cards/heat", "extra.json"},
		{"tune", "cards/heat", "--merge"},
		{"tune", "cards/heat", "--games", "0"},
		{"tune", "cards/heat", "--repeats", "1001"},
		{"tune", "cards/heat", "--format", "xml"},
		{"tune", "cards/heat", "--shard", "3/2"},
		{"tune", "cards/heat", "--bots", "clever"},
	} {
		code, _, errOut := run(t, ws, args...)
		if code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line", args, code, errOut)
		}
	}
}

// The diff applies where the output says: from the folder tune was run
// in when the game is below it, else (an absolute path elsewhere, or one
// through ..) in the game folder, as a/game.yaml: patch and git refuse
// a path with .. or a leading /.
func TestTuneDiffAppliesWhereItSays(t *testing.T) {
	ws := t.TempDir()
	game := filepath.Join(ws, "games", "duel")
	testutil.CopyTree(t, filepath.Join(repoRoot, "tune/testdata/duel"), game)
	elsewhere := filepath.Join(ws, "elsewhere")
	if err := os.Mkdir(elsewhere, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ dir, game, head, in string }{
		{ws, "games/duel", "--- a/games/duel/game.yaml\n+++ b/games/duel/game.yaml\n", "in the folder tune was run from"},
		{ws, game, "--- a/games/duel/game.yaml\n+++ b/games/duel/game.yaml\n", "in the folder tune was run from"},
		{elsewhere, "../games/duel", "--- a/game.yaml\n+++ b/game.yaml\n", "in the game folder ../games/duel"},
		{elsewhere, game, "--- a/game.yaml\n+++ b/game.yaml\n", "in the game folder " + game},
	} {
		code, out, errOut := run(t, tc.dir, append([]string{"tune", tc.game}, duelArgs[2:]...)...)
		if code != 0 || !strings.Contains(out, "game.yaml diff (git apply, or patch -p1, "+tc.in+"):\n"+tc.head) {
			t.Errorf("tune %s in %s: exit %d %s\n%s", tc.game, tc.dir, code, errOut, out)
		}
	}
}

// --out is checked before anything is played: a folder (or a name ending
// in /) would lose the run at its end, and a file the game is made of
// (game.yaml, the plan, a card file) would be overwritten with JSON.
func TestTuneOutCheckedBeforeTheRun(t *testing.T) {
	ws := t.TempDir()
	testutil.CopyTree(t, filepath.Join(repoRoot, "tune/testdata/duel"), filepath.Join(ws, "duel"))
	before := readFile(t, filepath.Join(ws, "duel/game.yaml"))
	for _, tc := range []struct{ out, want string }{
		{"duel", "cardpress: --out duel is a folder; name the results file (e.g. duel/tune.json)\n"},
		{"new/", "cardpress: --out new/ is a folder; name the results file (e.g. new/tune.json)\n"},
		{"duel/game.yaml", "cardpress: --out duel/game.yaml is a file of the game (duel/game.yaml); name another file\n"},
		{"duel/./tune.yaml", "cardpress: --out duel/./tune.yaml is a file of the game (duel/tune.yaml); name another file\n"},
		{"duel/cards.yaml", "cardpress: --out duel/cards.yaml is a file of the game (duel/cards.yaml); name another file\n"},
	} {
		code, out, errOut := run(t, ws, "tune", "duel", "--games", "5", "--evaluations", "2", "--confirm", "5", "--out", tc.out)
		if code != 2 || out != "" || errOut != tc.want {
			t.Errorf("--out %s: exit %d, stdout %q, stderr %q; want 2 and %q", tc.out, code, out, errOut, tc.want)
		}
	}
	plan := readFile(t, filepath.Join(ws, "duel/tune.yaml"))
	if err := os.WriteFile(filepath.Join(ws, "p.yaml"), plan, 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := run(t, ws, "tune", "duel", "--plan", "p.yaml", "--out", "./p.yaml")
	if want := "cardpress: --out ./p.yaml is the plan; name another file\n"; code != 2 || errOut != want {
		t.Errorf("--out the --plan: exit %d, stderr %q; want 2 and %q", code, errOut, want)
	}
	if after := readFile(t, filepath.Join(ws, "duel/game.yaml")); !bytes.Equal(after, before) {
		t.Error("game.yaml changed")
	}
	if _, err := os.Stat(filepath.Join(ws, "new")); err == nil {
		t.Error("--out new/ made a folder")
	}
}

// A results file of another command given to --merge is named for what
// it is, not by its first field the schema does not know.
func TestTuneMergeNamesAFileOfAnotherKind(t *testing.T) {
	dir := t.TempDir()
	sim := filepath.Join(dir, "sim.json")
	if code, _, errOut := run(t, repoRoot, "sim", "--game", "tune/testdata/duel", "--games", "5", "--out", sim); code != 0 {
		t.Fatalf("sim: exit %d %s", code, errOut)
	}
	ladder := filepath.Join(dir, "ladder.json")
	if err := os.WriteFile(ladder, []byte(`{"format": "cardpress-ladder/1", "game": "duel"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{
		sim:    "cardpress: " + sim + ": not a tune results file (tune --out): it is a sim results file (sim --out)\n",
		ladder: "cardpress: " + ladder + ": not a tune results file (tune --out): it is a ladder file (report --ladder --shard)\n",
	} {
		if code, _, errOut := run(t, repoRoot, "tune", "tune/testdata/duel", "--merge", file); code != 2 || errOut != want {
			t.Errorf("exit %d, stderr %q; want 2 and %q", code, errOut, want)
		}
	}
}

// The evidence says whether each candidate met the targets: a score
// below 1 does not (here a length 94 moves short of a range 100 wide).
func TestTuneEvidenceSaysWhatMet(t *testing.T) {
	ws := t.TempDir()
	testutil.CopyTree(t, filepath.Join(repoRoot, "tune/testdata/duel"), filepath.Join(ws, "duel"))
	plan := "parameters:\n  rounds: {values: [3, 50]}\ntargets:\n  length: {min: 100, max: 200}\n"
	if err := os.WriteFile(filepath.Join(ws, "duel/tune.yaml"), []byte(plan), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, ws, "tune", "duel", "--games", "5", "--evaluations", "2", "--confirm", "5")
	if code != 0 || !strings.Contains(out, "\nevidence: every candidate played, in order (score: lower is better, 0 at best; met: every target met)\n") ||
		!hasFields(out, []string{"search", "#", "rounds", "seat", "off", "(points)", "moves", "score", "met", "note"}) ||
		!hasFields(out, []string{"1", "1", "3", "20.0", "6.0", "0.94", "no"}) || !hasFields(out, []string{"1", "2", "50", "50.0", "100.0", "0.00", "yes"}) {
		t.Errorf("exit %d %s\n%s", code, errOut, out)
	}
}

// A results file larger than --merge reads (a shard of very many
// evaluations) is written, with a warning that merging it will fail, at
// once rather than when the merge is run.
func TestTuneWarnsOfAFileMergeCannotRead(t *testing.T) {
	limit := tuneResultsInput.maxBytes
	tuneResultsInput.maxBytes = 4 << 10
	t.Cleanup(func() { tuneResultsInput.maxBytes = limit })
	dir := t.TempDir()
	out := filepath.Join(dir, "duel-1.json")
	code, _, errOut := run(t, repoRoot, append(duelArgs, "--shard", "1/2", "--out", out)...)
	info, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("cardpress: warning: tune --merge cannot read %s: file is %d KiB; the limit is 4 KiB: split the run into more shards (--shard K/N with a larger N) or fewer --evaluations\n", out, info.Size()>>10)
	if code != 0 || !strings.HasSuffix(errOut, want) {
		t.Errorf("exit %d, stderr %q; want 0 and %q", code, errOut, want)
	}
	tuneResultsInput.maxBytes = limit
	if _, _, errOut := run(t, repoRoot, append(duelArgs, "--shard", "1/2", "--out", out)...); strings.Contains(errOut, "warning") {
		t.Errorf("a file --merge reads: %q", errOut)
	}
}

// A game.yaml with CRLF line ends gets a text diff that applies: each
// line's CR is printed as it is, not made visible as the text \r.
func TestTuneTextDiffKeepsCRLF(t *testing.T) {
	ws := t.TempDir()
	testutil.CopyTree(t, filepath.Join(repoRoot, "tune/testdata/duel"), filepath.Join(ws, "duel"))
	game := filepath.Join(ws, "duel/game.yaml")
	crlf := strings.ReplaceAll(string(readFile(t, game)), "\n", "\r\n")
	if err := os.WriteFile(game, []byte(crlf), 0o644); err != nil {
		t.Fatal(err)
	}
	plan := "parameters:\n  rounds: {values: [5]}\ntargets:\n  length: {min: 8, max: 10}\n"
	if err := os.WriteFile(filepath.Join(ws, "duel/tune.yaml"), []byte(plan), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, ws, "tune", "duel", "--games", "5", "--evaluations", "2", "--confirm", "5")
	if code != 0 || !strings.Contains(out, "\n   rounds:\r\n-    default: 3\r\n+    default: 5\r\n     doc: Rounds of rolling.\r\n") {
		t.Errorf("exit %d %s\n%q", code, errOut, out)
	}
}

// More shards than searches is refused by every shard, before anything is
// played: shard 1/3 of 2 searches once ran while 3/3 was refused, so the
// run could never be merged.
func TestTuneMoreShardsThanSearches(t *testing.T) {
	dir := t.TempDir()
	for _, k := range []string{"1", "3"} {
		code, out, errOut := run(t, repoRoot, "tune", "tune/testdata/duel", "--repeats", "2", "--shard", k+"/3", "--out", filepath.Join(dir, k+".json"))
		want := "cardpress: --shard " + k + "/3: 3 shards for 2 searches (--repeats); a shard runs whole searches, so N can be at most --repeats\n"
		if code != 2 || out != "" || errOut != want {
			t.Errorf("shard %s/3: exit %d, stderr %q; want 2 and %q", k, code, errOut, want)
		}
	}
}

// When every candidate's games fail (here the game's 1,000,000 rounds
// never end within the move cap), tune says so rather than "the current
// values scored best", and no distance from fair is shown for games that
// did not end.
func TestTuneSaysWhenEveryCandidateFailed(t *testing.T) {
	ws := t.TempDir()
	testutil.CopyTree(t, filepath.Join(repoRoot, "tune/testdata/duel"), filepath.Join(ws, "duel"))
	edit(t, ws, "duel/game.yaml", "    default: 3\n", "    default: 1000000\n")
	if err := os.WriteFile(filepath.Join(ws, "duel/tune.yaml"), []byte("parameters:\n  compensation: {values: [1, 2]}\ntargets:\n  seat_win_rate: {within: 5}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, ws, "tune", "duel", "--games", "2", "--evaluations", "2", "--confirm", "2")
	if code != 0 || !strings.Contains(out, "\nno proposal: the games of every candidate measured failed (did not end, crashed or broke an invariant): cardpress lint tells why\n") ||
		!hasFields(out, []string{"worst", "seat", "off", "fair", "-", "-"}) || !hasFields(out, []string{"1", "1", "1", "-", "20000.0", "broken", "no"}) {
		t.Errorf("exit %d %s\n%s", code, errOut, out)
	}
}
