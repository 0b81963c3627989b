package tune

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/pipeline"
)

// duelSeat1 is seat 1's share of Duel's games, worked out exactly: each
// seat sums rounds six-sided dice, seat 1 adds 2 and seat 2 compensation;
// the higher total wins and a tie is shared. The two totals' difference
// is symmetric about 0, so the game is fair exactly when compensation is
// 2, whatever the rounds.
func duelSeat1(compensation, rounds int) float64 {
	sum := map[int]float64{0: 1} // the distribution of one seat's total
	for range rounds {
		next := map[int]float64{}
		for s, p := range sum {
			for face := 1; face <= 6; face++ {
				next[s+face] += p / 6
			}
		}
		sum = next
	}
	win := 0.0
	for a, pa := range sum {
		for b, pb := range sum {
			switch d := a + 2 - (b + compensation); {
			case d > 0:
				win += pa * pb
			case d == 0:
				win += pa * pb / 2
			}
		}
	}
	return win
}

func TestDuelSeat1IsWorkedOutRight(t *testing.T) {
	// One round: the difference of two dice is d with probability
	// (6-|d|)/36; at compensation 1 seat 1 wins when d > -1 and shares
	// d = -1: (21 + 5/2)/36.
	if got, want := duelSeat1(1, 1), 23.5/36; math.Abs(got-want) > 1e-12 {
		t.Errorf("duelSeat1(1, 1) = %v, want %v", got, want)
	}
	for r := 1; r <= 6; r++ {
		if got := duelSeat1(2, r); math.Abs(got-0.5) > 1e-12 {
			t.Errorf("duelSeat1(2, %d) = %v, want 0.5", r, got)
		}
	}
}

// loadGame loads a game folder as the CLI does.
func loadGame(t testing.TB, dir string) *pipeline.LoadedGame {
	t.Helper()
	games, fs := pipeline.Load([]string{dir})
	if errs, _ := finding.Count(fs); errs > 0 || len(games) != 1 || games[0].Engine == nil {
		t.Fatalf("%s does not load: %v", dir, fs)
	}
	return games[0]
}

func loadPlan(t testing.TB, g *pipeline.LoadedGame, path string) *Plan {
	t.Helper()
	p, fs := LoadPlan(path, g.Data, g.Engine.Info(), buildErrors(g))
	if len(fs) > 0 {
		t.Fatalf("plan: %v", fs)
	}
	return p
}

func buildErrors(g *pipeline.LoadedGame) func(*gamedata.Data) []finding.Finding {
	return func(d *gamedata.Data) []finding.Finding {
		_, fs := g.Build(d)
		return fs
	}
}

func duelConfig(t testing.TB, seed uint64) Config {
	g := loadGame(t, "testdata/duel")
	return Config{Game: g.Data, Build: g.Build, Plan: loadPlan(t, g, "testdata/duel/tune.yaml"), Bots: []string{"random"},
		Games: 50, Evaluations: 30, Repeats: 3, Confirm: 400, Seed: seed, Workers: 1}
}

// The search finds Duel's one fair head start from the unfair one the
// game ships with, over several run seeds, and its measured proposal
// agrees with the exact win rates.
func TestTuneRecoversTheFairSetting(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		res, err := Tune(duelConfig(t, seed))
		if err != nil {
			t.Fatal(err)
		}
		best := res.Best
		if best.Values[0] != 2 {
			t.Errorf("seed %d: proposed compensation %v, want 2 (the only fair one)", seed, best.Values[0])
		}
		if rounds := best.Values[1].(int); 2*rounds < 8 || 2*rounds > 10 {
			t.Errorf("seed %d: proposed %d rounds, %d moves: outside the 8-10 target", seed, rounds, 2*rounds)
		}
		if !best.Score.Met {
			t.Errorf("seed %d: the proposal does not meet the targets: %+v", seed, best.Score)
		}
		// Both measured candidates' intervals hold the exact rate.
		for _, c := range []*Candidate{&res.Current, best} {
			m := c.Measures[0]
			want := duelSeat1(c.Values[0].(int), c.Values[1].(int))
			if lo, hi := m.Interval(0); want < lo || want > hi {
				t.Errorf("seed %d, %v: seat 1 won %.3f [%.3f-%.3f] of %d games; exactly %.3f", seed, c.Values, m.WinRate(0), lo, hi, m.Games, want)
			}
		}
		if res.Current.Score.Met || res.Current.Score.SeatOff < 15 {
			t.Errorf("seed %d: the shipped Duel measured fair: %+v", seed, res.Current.Score)
		}
	}
}

// The same seed gives the same result, byte for byte, whatever the
// number of workers.
func TestTuneIsReproducible(t *testing.T) {
	text := func(workers int) []byte {
		cfg := duelConfig(t, 7)
		cfg.Workers = workers
		res, err := Tune(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteText(&b, res); err != nil {
			t.Fatal(err)
		}
		j, _ := json.Marshal(res)
		return append(b.Bytes(), j...)
	}
	if a, b := text(1), text(2); !bytes.Equal(a, b) {
		t.Errorf("two runs with seed 7 differ:\n%s\n%s", a, b)
	}
}

// The shards of a run, merged, are the unsharded run.
func TestMergedShardsEqualTheWholeRun(t *testing.T) {
	whole, err := Tune(duelConfig(t, 5))
	if err != nil {
		t.Fatal(err)
	}
	var parts []*Result
	var names []string
	for k := 1; k <= 2; k++ {
		cfg := duelConfig(t, 5)
		cfg.Shard, cfg.Shards = k, 2
		r, err := Tune(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if r.Best != nil || r.Diff != "" {
			t.Errorf("shard %d proposes on its own", k)
		}
		// Through JSON, as the files carry them.
		b, _ := json.Marshal(r)
		var back Result
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		parts, names = append(parts, &back), append(names, "shard"+string(rune('0'+k)))
	}
	cfg := duelConfig(t, 5)
	merged, err := Merge(names, []*Result{parts[1], parts[0]}, cfg.Game, cfg.Plan, "")
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(whole)
	b, _ := json.Marshal(merged)
	if !bytes.Equal(a, b) {
		t.Errorf("merged shards differ from the whole run:\n%s\n%s", a, b)
	}
	// A missing shard, a shard given twice and a changed count are refused.
	if _, err := Merge(names[:1], parts[:1], cfg.Game, cfg.Plan, ""); err == nil {
		t.Error("one shard of two merged")
	}
	if _, err := Merge([]string{"a", "b"}, []*Result{parts[0], parts[0]}, cfg.Game, cfg.Plan, ""); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("a shard given twice: %v", err)
	}
	bad := *parts[1]
	bad.Runs = slices.Clone(bad.Runs)
	bad.Runs[0].Evaluations = slices.Clone(bad.Runs[0].Evaluations)
	bad.Runs[0].Evaluations[0].Measures = slices.Clone(bad.Runs[0].Evaluations[0].Measures)
	bad.Runs[0].Evaluations[0].Measures[0].SeatWins = []float64{40, 40}
	if _, err := Merge(names, []*Result{parts[0], &bad}, cfg.Game, cfg.Plan, ""); err == nil || !strings.Contains(err.Error(), "shard2: search 2, evaluation 1: 2 players: counts that do not add up") {
		t.Errorf("80 wins in 50 games: %v", err)
	}
}

// The proposal's diff applies to game.yaml, and the game loaded from the
// patched file has the proposed values.
func TestDiffAppliesToGameYAML(t *testing.T) {
	res, err := Tune(duelConfig(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	if res.Diff == "" {
		t.Fatal("no diff")
	}
	dir := t.TempDir()
	testutil.CopyTree(t, "testdata/duel", dir)
	orig, _ := os.ReadFile(filepath.Join(dir, "game.yaml"))
	patched, err := applyUnified(string(orig), res.Diff)
	if err != nil {
		t.Fatalf("%v\n%s", err, res.Diff)
	}
	if err := os.WriteFile(filepath.Join(dir, "game.yaml"), []byte(patched), 0o644); err != nil {
		t.Fatal(err)
	}
	g := loadGame(t, dir)
	for i, d := range duelConfig(t, 1).Plan.Dims {
		if got := g.Data.Params[d.Path].Value; got != res.Best.Values[i] {
			t.Errorf("patched %s is %v, want %v", d.Path, got, res.Best.Values[i])
		}
	}
}

// A value inside a list of mappings, written in flow style (HEAT's
// board), is changed where it is written, and the engine plays it.
func TestDiffAndApplyReachIntoAList(t *testing.T) {
	t.Chdir(testutil.RepoRoot())
	g := loadGame(t, "cards/heat")
	p := &Plan{Dims: []Dim{{Path: "heat_board.1.value", Values: []any{-2, -3}}, {Path: "phase_resolution", Values: []any{"simultaneous", "seat_order"}}}}
	diff, err := Diff(g.Data, p, []any{-2, "simultaneous"}, []any{-3, "seat_order"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\n-      - {value: -2, slots: 3}\n", "\n+      - {value: -3, slots: 3}\n", "\n-    default: simultaneous\n", "\n+    default: seat_order\n"} {
		if !strings.Contains(diff, want) {
			t.Errorf("diff lacks %q:\n%s", want, diff)
		}
	}
	orig, _ := os.ReadFile("cards/heat/game.yaml")
	if _, err := applyUnified(string(orig), diff); err != nil {
		t.Errorf("%v\n%s", err, diff)
	}
	d, err := Apply(g.Data, map[string]any{"heat_board.1.value": -3})
	if err != nil {
		t.Fatal(err)
	}
	if _, fs := g.Build(d); len(fs) > 0 {
		t.Fatal(fs)
	}
	row := d.Params["heat_board"].Value.([]any)[1].(map[string]any)
	if row["value"] != -3 || g.Data.Params["heat_board"].Value.([]any)[1].(map[string]any)["value"] != -2 {
		t.Errorf("Apply changed %v, or the loaded game's too", row)
	}
	var node struct {
		Value int `yaml:"value"`
	}
	if err := d.Params["heat_board"].Node.Content[1].Decode(&node); err != nil || node.Value != -3 {
		t.Errorf("the node the engine decodes holds %d (%v)", node.Value, err)
	}
}

// With a skill ladder, each rung's games are played with the stronger bot
// at every seat, and the total the progress bar is given is the games
// played.
func TestProgressCountsEveryGame(t *testing.T) {
	cfg := duelConfig(t, 1)
	cfg.Repeats, cfg.Evaluations = 1, 4
	cfg.Plan.Targets.Ladder = &Ladder{Bots: []string{"random", "heuristic"}, Games: 10}
	var played int64
	cfg.Progress = func() { played++ }
	cfg.Workers = 1
	res, err := Tune(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if played != cfg.TotalGames() {
		t.Errorf("played %d games, the bar was told %d", played, cfg.TotalGames())
	}
	// A search plays the plan's 10 games a rung, a confirmation its 400.
	if r := res.Runs[0].Evaluations[0].Measures[0].Ladder; len(r) != 1 || r[0].Games != 10 || r[0].Bot != "heuristic" || r[0].Against != "random" {
		t.Errorf("an evaluation's ladder %+v", r)
	}
	if r := res.Current.Measures[0].Ladder; len(r) != 1 || r[0].Games != cfg.Confirm {
		t.Errorf("the confirmation's ladder %+v", r)
	}
}

// applyUnified applies a unified diff to text, checking every context
// and removed line: an applier written from the format's definition, not
// from Diff's code.
func applyUnified(text, diff string) (string, error) {
	lines := strings.SplitAfter(text, "\n")
	d := strings.SplitAfter(diff, "\n")
	if len(d) < 3 || !strings.HasPrefix(d[0], "--- a/") || !strings.HasPrefix(d[1], "+++ b/") {
		return "", fmt.Errorf("no file header")
	}
	var out []string
	at := 0 // next line of text not yet copied
	for i := 2; i < len(d) && d[i] != ""; {
		var oldStart, oldLen, newStart, newLen int
		if _, err := fmt.Sscanf(d[i], "@@ -%d,%d +%d,%d @@\n", &oldStart, &oldLen, &newStart, &newLen); err != nil {
			return "", fmt.Errorf("hunk header %q: %v", d[i], err)
		}
		if oldStart-1 < at || newStart != oldStart {
			return "", fmt.Errorf("hunk at %d overlaps the one before, or moves lines", oldStart)
		}
		out = append(out, lines[at:oldStart-1]...)
		at = oldStart - 1
		seenOld, seenNew := 0, 0
		for i++; i < len(d) && d[i] != "" && !strings.HasPrefix(d[i], "@@ "); i++ {
			l := d[i]
			switch l[0] {
			case ' ', '-':
				if at >= len(lines) || lines[at] != l[1:] {
					return "", fmt.Errorf("line %d is %q, the diff says %q", at+1, lineAt(lines, at), l[1:])
				}
				if l[0] == ' ' {
					out = append(out, l[1:])
					seenNew++
				}
				at++
				seenOld++
			case '+':
				out = append(out, l[1:])
				seenNew++
			default:
				return "", fmt.Errorf("bad diff line %q", l)
			}
		}
		if seenOld != oldLen || seenNew != newLen {
			return "", fmt.Errorf("hunk at %d: %d old and %d new lines, the header says %d and %d", oldStart, seenOld, seenNew, oldLen, newLen)
		}
	}
	return strings.Join(append(out, lines[at:]...), ""), nil
}

func lineAt(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "(end of file)"
}

// Tuning a variant changes the variant's override where it is written,
// not the default every variant starts from.
func TestDiffEditsTheVariantsOverride(t *testing.T) {
	t.Chdir(testutil.RepoRoot())
	g, _, err := loadGame(t, "cards/hmm").BuildVariant("equal-turns")
	if err != nil {
		t.Fatal(err)
	}
	p := &Plan{Dims: []Dim{{Path: "final_round", Values: []any{"others_once", "finish_round"}}}}
	diff, err := Diff(g.Data, p, []any{"finish_round"}, []any{"others_once"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(diff, "\n-        final_round: finish_round\n+        final_round: others_once\n") || strings.Contains(diff, "default: others_once") {
		t.Errorf("diff:\n%s", diff)
	}
}

// A value written as a block scalar is not rewritten on its line: the
// diff says why instead of breaking the file.
func TestDiffRefusesABlockScalar(t *testing.T) {
	ws := testutil.CopyGame(t, "heat")
	testutil.Edit(t, ws, "cards/heat/game.yaml", "    default: simultaneous\n", "    default: >-\n      simultaneous\n")
	g := loadGame(t, filepath.Join(ws, "cards/heat"))
	p := &Plan{Dims: []Dim{{Path: "phase_resolution", Values: []any{"simultaneous", "seat_order"}}}}
	_, err := Diff(g.Data, p, []any{"simultaneous"}, []any{"seat_order"})
	if err == nil || !strings.Contains(err.Error(), "phase_resolution: a block scalar cannot be rewritten on one line") {
		t.Errorf("got %v", err)
	}
}

// Whatever a shard's file holds, merging it ends in a result or an
// error, never a panic.
func FuzzMerge(f *testing.F) {
	cfg := duelConfig(f, 5)
	cfg.Repeats, cfg.Evaluations, cfg.Games, cfg.Confirm = 2, 3, 10, 10
	var files [][]byte
	for k := 1; k <= 2; k++ {
		c := cfg
		c.Shard, c.Shards = k, 2
		r, err := Tune(c)
		if err != nil {
			f.Fatal(err)
		}
		b, _ := json.Marshal(r)
		files = append(files, b)
	}
	f.Add(files[1])
	f.Add([]byte(strings.Replace(string(files[1]), `"values":[`, `"values":[{"a":1},[2],`, 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		var first, second Result
		if err := json.Unmarshal(files[0], &first); err != nil {
			t.Fatal(err)
		}
		if json.Unmarshal(data, &second) != nil {
			return
		}
		r, err := Merge([]string{"a", "b"}, []*Result{&first, &second}, cfg.Game, cfg.Plan, "")
		if (r == nil) == (err == nil) {
			t.Fatalf("result %v, error %v", r, err)
		}
		if r != nil {
			var b bytes.Buffer
			if err := WriteText(&b, r); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// A length counted by one of the engine's counters: Duel tallies its
// rounds, and a plan asking for 4 to 5 of them gets them.
func TestLengthByCounter(t *testing.T) {
	cfg := duelConfig(t, 3)
	plan := filepath.Join(t.TempDir(), "tune.yaml")
	if err := os.WriteFile(plan, []byte("parameters:\n  rounds: {min: 1, max: 8}\ntargets:\n  length: {min: 4, max: 5, counter: rounds_played}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	g := loadGame(t, "testdata/duel")
	cfg.Plan = loadPlan(t, g, plan)
	res, err := Tune(cfg)
	if err != nil {
		t.Fatal(err)
	}
	rounds := res.Best.Values[0].(int)
	if m := res.Best.Measures[0]; rounds < 4 || rounds > 5 || m.CounterSum != int64(rounds*m.Games) || !res.Best.Score.Met {
		t.Errorf("proposed %d rounds, counted %d in %d games: %+v", rounds, m.CounterSum, m.Games, res.Best.Score)
	}
	var b bytes.Buffer
	if err := WriteText(&b, res); err != nil || !strings.Contains(b.String(), "mean length 4-5 rounds_played") || !strings.Contains(b.String(), "2 players: rounds_played per game") {
		t.Errorf("%v\n%s", err, b.String())
	}
}

// A value shared through a YAML anchor is not rewritten: the candidate
// played changed one parameter, while rewriting the anchor would change
// every alias of it too, and rewriting the anchored value would drop
// the anchor and break the file. The diff says why instead.
func TestDiffRefusesASharedValue(t *testing.T) {
	dir := t.TempDir()
	testutil.CopyTree(t, "testdata/duel", dir)
	yaml := filepath.Join(dir, "game.yaml")
	data, _ := os.ReadFile(yaml)
	shared := strings.Replace(strings.Replace(string(data), "    default: 0\n", "    default: &r 3\n", 1), "  rounds:\n    default: 3\n", "  rounds:\n    default: *r\n", 1)
	if err := os.WriteFile(yaml, []byte(shared), 0o644); err != nil {
		t.Fatal(err)
	}
	g := loadGame(t, dir)
	for _, path := range []string{"compensation", "rounds"} {
		p := &Plan{Dims: []Dim{{Path: path, Values: []any{3, 5}}}}
		diff, err := Diff(g.Data, p, []any{3}, []any{5})
		want := path + ": the value is shared through the YAML anchor &r; change it by hand (a rewrite would change every use of &r)"
		if diff != "" || err == nil || err.Error() != want {
			t.Errorf("%s: diff %q, error %v; want %q", path, diff, err, want)
		}
	}
}

// A run's file of every search (no --shard, or --shard 1/1) merges alone
// into the same result; shards played from values game.yaml no longer
// has are refused, as a plan changed since is.
func TestMergeAWholeRunAndRefuseAChangedGame(t *testing.T) {
	cfg := duelConfig(t, 5)
	cfg.Repeats, cfg.Evaluations = 1, 5
	whole, err := Tune(cfg)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(whole)
	var back Result
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	merged, err := Merge([]string{"whole.json"}, []*Result{&back}, cfg.Game, cfg.Plan, "")
	if err != nil {
		t.Fatal(err)
	}
	if m, _ := json.Marshal(merged); !bytes.Equal(m, b) {
		t.Errorf("a whole run merged alone differs:\n%s\n%s", b, m)
	}
	changed, err := Apply(cfg.Game, map[string]any{"compensation": 1})
	if err != nil {
		t.Fatal(err)
	}
	json.Unmarshal(b, &back)
	_, err = Merge([]string{"whole.json"}, []*Result{&back}, changed, cfg.Plan, "")
	want := "whole.json: played from compensation = 0, but game.yaml has 1 now: run it again"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %q", err, want)
	}
}

// A value written with a YAML tag (!!int 3) is rewritten in place, tag
// and all; one tagged and quoted is left to the hand, saying so.
func TestDiffRewritesATaggedValue(t *testing.T) {
	dir := t.TempDir()
	testutil.CopyTree(t, "testdata/duel", dir)
	yaml := filepath.Join(dir, "game.yaml")
	data, _ := os.ReadFile(yaml)
	if err := os.WriteFile(yaml, []byte(strings.Replace(string(data), "    default: 0\n", "    default: !!int 0 # head start\n", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	g := loadGame(t, dir)
	p := &Plan{Dims: []Dim{{Path: "compensation", Values: []any{0, 2}}}}
	diff, err := Diff(g.Data, p, []any{0}, []any{2})
	if err != nil || !strings.Contains(diff, "\n-    default: !!int 0 # head start\n+    default: 2 # head start\n") {
		t.Errorf("diff %q, error %v", diff, err)
	}
}
