package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/testutil"
)

// maxSafe is 2^53: above it a JSON reader that holds numbers as doubles
// (jq, JavaScript) no longer reads every integer exactly.
var maxSafe = new(big.Float).SetInt64(1 << 53)

// shortRounds is a copy of Heist Masterminds stopped after 5 rounds, so
// that every smoke game ends at round_limit: lint then warns
// GOAL_NOT_REACHED, naming the first such game's seed, and sim's files
// name it as the first game that counted no_goal.
func shortRounds(t *testing.T) string {
	ws := testutil.CopyGame(t, "hmm")
	edit(t, ws, "cards/hmm/game.yaml", "  round_limit:\n    default: 60\n", "  round_limit:\n    default: 5\n")
	return ws
}

// checkJSONNumbers fails the test for any number in doc above 2^53 in
// size, and returns the seeds (values of "seed" or "Seed" keys) it holds.
func checkJSONNumbers(t *testing.T, what string, doc []byte) (seeds []any) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(doc))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%s: %v\n%s", what, err, doc)
	}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch v := v.(type) {
		case json.Number:
			f, _, err := big.ParseFloat(v.String(), 10, 256, big.ToNearestEven)
			if err != nil || f.Abs(f).Cmp(maxSafe) > 0 {
				t.Errorf("%s: %s is %s, above 2^53: jq and JavaScript read it inexactly", what, path, v)
			}
		case map[string]any:
			for k, x := range v {
				if k == "seed" || k == "Seed" {
					seeds = append(seeds, x)
				}
				walk(path+"/"+k, x)
			}
		case []any:
			for i, x := range v {
				walk(fmt.Sprintf("%s/%d", path, i), x)
			}
		}
	}
	walk("", v)
	return seeds
}

// wantBigSeed checks that seeds holds a decimal string above 2^53, so
// that the check above had a seed to catch, and returns it.
func wantBigSeed(t *testing.T, what string, seeds []any) string {
	t.Helper()
	for _, s := range seeds {
		if str, ok := s.(string); ok {
			if v, err := strconv.ParseUint(str, 10, 64); err == nil && v > 1<<53 {
				return str
			}
		}
	}
	t.Fatalf("%s: no seed above 2^53 as a decimal string among %v", what, seeds)
	return ""
}

// The issue: no JSON output carries an integer above 2^53. Every command
// writing JSON with seeds in it runs on games whose seeds use all 64 bits.
func TestJSONOutputsCarryNoIntegerAbove2To53(t *testing.T) {
	ws := shortRounds(t)
	lintArgs := []string{"lint", "--games", "20", "--players", "2", "cards/hmm"}
	for _, format := range []string{"json", "sarif"} {
		code, out, errOut := run(t, ws, append(lintArgs, "--format", format)...)
		if code != 0 || !strings.Contains(out, "GOAL_NOT_REACHED") {
			t.Fatalf("lint --format %s: exit %d, want 0 and GOAL_NOT_REACHED\n%s%s", format, code, out, errOut)
		}
		wantBigSeed(t, "lint --format "+format, checkJSONNumbers(t, "lint --format "+format, []byte(out)))
	}

	shards := bigSeedShards(t, ws)
	merged := filepath.Join(t.TempDir(), "merged.json")
	if code, out, errOut := run(t, ws, "merge", "--out", merged, shards[0], shards[1]); code != 0 {
		t.Fatalf("merge: exit %d\n%s%s", code, out, errOut)
	}
	for _, f := range append(shards, merged) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		seeds := checkJSONNumbers(t, f, data)
		// The run seed and the seed of the first game that counted no_goal.
		if !slices.Contains(seeds, any("13757245211066428519")) {
			t.Errorf("%s: seeds %v, want the run seed as a string among them", f, seeds)
		}
		wantBigSeed(t, f, seeds)
	}
}

// The script: a seed taken from lint's JSON (as jq -r prints it,
// or pasted with its quotes) replays the game the finding names, the same
// game its replay hint plays; read as a double it would be another game.
func TestSeedFromLintJSONReplaysTheFindingsGame(t *testing.T) {
	ws := shortRounds(t)
	code, out, errOut := run(t, ws, "lint", "--games", "20", "--players", "2", "--format", "json", "cards/hmm")
	if code != 0 {
		t.Fatalf("lint: exit %d\n%s%s", code, out, errOut)
	}
	var raw struct {
		Findings []struct {
			Code    string          `json:"code"`
			Message string          `json:"message"`
			Players int             `json:"players"`
			Seed    json.RawMessage `json:"seed"`
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatal(err)
	}
	hint := regexp.MustCompile(`cardpress (replay --game hmm --players 2 --seed ([0-9]+))\)$`)
	found := false
	for _, f := range raw.Findings {
		m := hint.FindStringSubmatch(f.Message)
		if f.Code != "GOAL_NOT_REACHED" || m == nil {
			continue
		}
		found = true
		var seed string // what jq -r .seed prints
		if err := json.Unmarshal(f.Seed, &seed); err != nil || seed != m[2] {
			t.Fatalf("seed %s is not the string of the hint's %s (%v)", f.Seed, m[2], err)
		}
		code, want, errOut := run(t, ws, strings.Fields(m[1])...) // the hint as printed
		if code != 0 || !strings.Contains(want, "result       round limit after ") {
			t.Fatalf("%s: exit %d, want the game stopped at round_limit\n%s%s", m[1], code, want, errOut)
		}
		for _, arg := range []string{seed, string(f.Seed)} { // bare, and pasted with its quotes
			code, got, errOut := run(t, ws, "replay", "--game", "hmm", "--players", "2", "--seed", arg)
			if code != 0 || got != want {
				t.Errorf("replay --seed %s: exit %d, another game than the hint's\n%s%s", arg, code, got, errOut)
			}
		}
		if v, _ := strconv.ParseUint(seed, 10, 64); v > 1<<53 {
			asDouble := strconv.FormatFloat(float64(v), 'f', -1, 64)
			if _, other, _ := run(t, ws, "replay", "--game", "hmm", "--players", "2", "--seed", asDouble); other == want {
				t.Errorf("seed %s read as a double (%s) replays the same game: the test shows nothing", seed, asDouble)
			}
		}
	}
	if !found {
		t.Fatalf("no GOAL_NOT_REACHED finding with a replay hint:\n%s", out)
	}
	for _, bad := range []string{"-1", "1.5e19", "18446744073709551616", `"12`, "twelve"} {
		code, out, errOut := run(t, ws, "replay", "--game", "hmm", "--players", "2", "--seed", bad)
		if code != 2 || !strings.Contains(errOut, "want a whole number from 0 to 18446744073709551615") {
			t.Errorf("--seed %s: exit %d, want 2 and the range\n%s%s", bad, code, out, errOut)
		}
	}
}

// Files written before seeds were strings hold numbers: a lint baseline
// and sim results with numeric seeds still read, as they were.
func TestNumericSeedsFromEarlierVersionsStillRead(t *testing.T) {
	ws := shortRounds(t)
	lintArgs := []string{"lint", "--games", "20", "--players", "2", "cards/hmm"}
	code, out, errOut := run(t, ws, append(lintArgs, "--format", "json")...)
	if code != 0 {
		t.Fatalf("lint: exit %d\n%s%s", code, out, errOut)
	}
	quoted := regexp.MustCompile(`("[sS]eed": )"([0-9]+)"`)
	old := quoted.ReplaceAllString(out, "$1$2")
	if old == out || !strings.Contains(old, `"seed": 1`) {
		t.Fatalf("no seed to write as a number in:\n%s", out)
	}
	base := filepath.Join(ws, "old.json")
	if err := os.WriteFile(base, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = run(t, ws, append(lintArgs, "--baseline", base)...)
	if code != 0 || !strings.Contains(out, "0 new, 0 fixed, 0 metrics moved") {
		t.Fatalf("baseline with numeric seeds: exit %d\n%s%s", code, out, errOut)
	}
	var rep finding.Report
	if err := json.Unmarshal([]byte(old), &rep); err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.Findings {
		if f.Code == "GOAL_NOT_REACHED" && (f.Seed == nil || !strings.Contains(f.Message, "--seed "+f.Seed.String()+")")) {
			t.Errorf("numeric seed read as %v, the message says %q", f.Seed, f.Message)
		}
	}

	files := bigSeedShards(t, ws)
	code, want, errOut := run(t, ws, append([]string{"merge"}, files...)...)
	if code != 0 {
		t.Fatalf("merge: exit %d\n%s%s", code, want, errOut)
	}
	// Shard 1 as an earlier version wrote it, merged with shard 2 as now.
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	numeric := quoted.ReplaceAll(data, []byte("$1$2"))
	if bytes.Equal(numeric, data) || !bytes.Contains(numeric, []byte(`"seed": 13757245211066428519`)) {
		t.Fatalf("no seed to write as a number in:\n%s", data)
	}
	if err := os.WriteFile(files[0], numeric, 0o644); err != nil {
		t.Fatal(err)
	}
	code, got, errOut := run(t, ws, append([]string{"merge"}, files...)...)
	if code != 0 || got != want {
		t.Errorf("merge of a file with numeric seeds: exit %d\n%s%s\nwant:\n%s", code, got, errOut, want)
	}
}

// bigSeedShards runs sim on ws's hmm from a seed above 2^63 in two shards
// and returns the files they wrote.
func bigSeedShards(t *testing.T, ws string) []string {
	t.Helper()
	dir := t.TempDir()
	simArgs := []string{"sim", "--cards", "cards", "--game", "hmm", "--players", "2", "--games", "10", "--seed", "13757245211066428519"}
	var files []string
	for _, k := range []string{"1", "2"} {
		f := filepath.Join(dir, k+".json")
		if code, out, errOut := run(t, ws, append(simArgs, "--shard", k+"/2", "--out", f)...); code != 0 {
			t.Fatalf("sim shard %s: exit %d\n%s%s", k, code, out, errOut)
		}
		files = append(files, f)
	}
	return files
}
