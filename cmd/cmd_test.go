package cmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/testutil"
)

var repoRoot = testutil.RepoRoot()

// run runs cardpress in-process in dir and returns its exit code and output.
func run(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	if dir != "" {
		t.Chdir(dir)
	}
	var out, errb bytes.Buffer
	code := Run(IO{Out: &out, Err: &errb}, args)
	if strings.Contains(out.String()+errb.String(), "goroutine ") {
		t.Fatalf("a stack trace was printed:\n%s%s", out.String(), errb.String())
	}
	return code, out.String(), errb.String()
}

// runWithin runs cardpress like run and fails the test if it has not
// finished within a generous time: a read of a FIFO or /proc/kmsg would
// block it forever.
func runWithin(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	type result struct {
		code     int
		out, err string
	}
	done := make(chan result, 1)
	go func() {
		code, out, errOut := run(t, dir, args...)
		done <- result{code, out, errOut}
	}()
	select {
	case r := <-done:
		return r.code, r.out, r.err
	case <-time.After(60 * time.Second):
		t.Fatalf("cardpress %v still running after 60 s", args)
	}
	return 0, "", ""
}

func copyHeat(t *testing.T) string { return testutil.CopyGame(t, "heat") }

func edit(t *testing.T, ws, file, old, new string) int { return testutil.Edit(t, ws, file, old, new) }

// readFile is the content of the file at path.
func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func lineOf(t *testing.T, ws, file, text string) int {
	return testutil.LineOf(t, ws, file, text, false)
}

func TestShippedHeatValidatesAndLintsClean(t *testing.T) {
	code, out, errOut := run(t, repoRoot, "validate", "cards/heat")
	if code != 0 || !strings.Contains(out, "no problems") {
		t.Fatalf("validate: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = run(t, repoRoot, "lint", "--games", "300", "cards/heat")
	if code != 0 || !strings.Contains(out, "no problems") {
		t.Fatalf("lint: exit %d\n%s%s", code, out, errOut)
	}
}

// The four edits: each must make lint exit 1 naming the file and line.
func TestLintReportsEditsAtTheirLine(t *testing.T) {
	cases := []struct {
		name, old, new, code string
		// line is where the finding must point, found after the edit.
		line func(t *testing.T, ws string) int
	}{
		{
			name: "wrong type", code: "SCHEMA_TYPE",
			old:  "  - id: jewelry-smash\n    name: Jewelry Store Smash\n    count: 2\n",
			new:  "  - id: jewelry-smash\n    name: Jewelry Store Smash\n    count: two\n",
			line: func(t *testing.T, ws string) int { return lineOf(t, ws, "cards/heat/cards.yaml", "count: two") },
		},
		{
			name: "unknown field", code: "SCHEMA_UNKNOWN_FIELD",
			old:  "    flavor: Subtle it is not.\n",
			new:  "    flavor: Subtle it is not.\n    colour: red\n",
			line: func(t *testing.T, ws string) int { return lineOf(t, ws, "cards/heat/cards.yaml", "colour: red") },
		},
		{
			name: "duplicated id", code: "DUPLICATE_ID",
			old: "  - id: casino-cage\n",
			new: "  - id: first-national\n",
			line: func(t *testing.T, ws string) int {
				return testutil.LineOf(t, ws, "cards/heat/cards.yaml", "- id: first-national", true)
			},
		},
		{
			name: "too few cards for the draft at 5 players", code: "DRAFT_TOO_FEW_CARDS",
			old: "    count: 2\n    keywords: [heist]\n    players: [3, 4, 5]\n    flavor: Subtle it is not.\n",
			new: "    count: 2\n    keywords: [heist]\n    players: [3, 4]\n    flavor: Subtle it is not.\n",
			line: func(t *testing.T, ws string) int {
				return lineOf(t, ws, "cards/heat/cards.yaml", "    players: [3, 4]\n    flavor: Subtle it is not.")
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ws := copyHeat(t)
			edit(t, ws, "cards/heat/cards.yaml", tc.old, tc.new)
			want := fmt.Sprintf("cards/heat/cards.yaml:%d:", tc.line(t, ws))
			code, out, errOut := run(t, ws, "lint", "--games", "50")
			if code != 1 {
				t.Fatalf("exit %d, want 1\n%s%s", code, out, errOut)
			}
			found := false
			for _, l := range strings.Split(out, "\n") {
				if strings.HasPrefix(l, want) && strings.Contains(l, " "+tc.code+": ") {
					found = true
				}
			}
			if !found {
				t.Errorf("no %s finding at %s in:\n%s", tc.code, want, out)
			}
		})
	}
}

func TestValidateReportsEveryProblemInOneRun(t *testing.T) {
	ws := copyHeat(t)
	l1 := edit(t, ws, "cards/heat/cards.yaml", "    flavor: Subtle it is not.\n", "    flavor: Subtle it is not.\n    colour: red\n") + 1
	l2 := edit(t, ws, "cards/heat/cards.yaml", "    keywords: [crew, muscle]\n", "    keywords: [crew, brawn]\n")
	l3 := edit(t, ws, "cards/heat/game.yaml", "version: 0.96.0\n", "version: 0.96.0\nauthor: me\n") + 1
	// References inside effects are checked by the engine; they must show
	// up in the same run as the schema errors.
	l4 := edit(t, ws, "cards/heat/cards.yaml", "      - {phase: B, gain: 2, per: {record: muscle}}\n", "      - {phase: B, gain: 2, per: {record: musle}}\n")
	l5 := edit(t, ws, "cards/heat/cards.yaml", "      - {phase: B, gain: 1, per: {record: any}}\n", "      - {phase: D, gain: 1, per: {record: any}}\n")
	code, out, _ := run(t, ws, "validate")
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, out)
	}
	for _, want := range []string{
		fmt.Sprintf("cards/heat/cards.yaml:%d:5: error SCHEMA_UNKNOWN_FIELD", l1),
		fmt.Sprintf("cards/heat/cards.yaml:%d:", l2),
		fmt.Sprintf("cards/heat/game.yaml:%d:1: error SCHEMA_UNKNOWN_FIELD", l3),
		fmt.Sprintf("cards/heat/cards.yaml:%d:43: error UNDEFINED_KEYWORD: keyword \"musle\"", l4),
		fmt.Sprintf("cards/heat/cards.yaml:%d:17: error UNDEFINED_PHASE: phase \"D\"", l5),
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "UNDEFINED_KEYWORD") {
		t.Errorf("undefined keyword brawn not reported:\n%s", out)
	}
}

func TestValidateSingleFileAndJSON(t *testing.T) {
	ws := copyHeat(t)
	line := edit(t, ws, "cards/heat/cards.yaml", "    count: 3\n", "    count: -3\n")
	code, out, _ := run(t, ws, "validate", "--format", "json", "cards/heat/cards.yaml")
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, out)
	}
	var rep finding.Report
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if rep.Errors != 1 || len(rep.Findings) != 1 || rep.Findings[0].Line != line || rep.Findings[0].File != "cards/heat/cards.yaml" {
		t.Errorf("report %+v, want one error at cards/heat/cards.yaml:%d", rep, line)
	}
}

func TestHostileInputGetsOneLineAndNoPanic(t *testing.T) {
	cases := map[string]func(path string) error{
		"empty":     func(p string) error { return os.WriteFile(p, nil, 0o644) },
		"binary":    func(p string) error { return os.WriteFile(p, []byte("cards:\x00\x01\x02\xff"), 0o644) },
		"not utf-8": func(p string) error { return os.WriteFile(p, []byte("# x\ncards:\n  - id: caf\xe9\n"), 0o644) },
		"tabs":      func(p string) error { return os.WriteFile(p, []byte("cards:\n\t- id: x\n"), 0o644) },
		"alias bomb": func(p string) error {
			var b strings.Builder
			b.WriteString("# yaml-language-server: $schema=../../engine/heat/cards.schema.json\n")
			b.WriteString("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
			for i := 1; i < 12; i++ {
				fmt.Fprintf(&b, "a%d: &a%d [*a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d]\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
			}
			b.WriteString("cards: *a11\n")
			return os.WriteFile(p, []byte(b.String()), 0o644)
		},
		"50 MB": func(p string) error {
			f, err := os.Create(p)
			if err != nil {
				return err
			}
			defer f.Close()
			return f.Truncate(50 << 20)
		},
	}
	for name, write := range cases {
		t.Run(name, func(t *testing.T) {
			ws := copyHeat(t)
			if err := write(filepath.Join(ws, "cards/heat/cards.yaml")); err != nil {
				t.Fatal(err)
			}
			code, out, errOut := run(t, ws, "validate")
			if code != 1 {
				t.Fatalf("exit %d, want 1\n%s%s", code, out, errOut)
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			var problems []string
			for _, l := range lines {
				if strings.HasPrefix(l, "cards/heat/cards.yaml:") && strings.Contains(l, ": error ") {
					problems = append(problems, l)
				}
			}
			if len(problems) != 1 {
				t.Errorf("want one line about cards.yaml, got:\n%s", out)
			}
		})
	}
}

func TestFolderWithoutManifest(t *testing.T) {
	ws := t.TempDir()
	if err := os.MkdirAll(filepath.Join(ws, "cards/empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, ws, "validate", "cards/empty")
	if code != 1 || !strings.Contains(out, "cards/empty") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	if n := strings.Count(strings.TrimSpace(out), "\n"); n != 1 { // the problem and the summary
		t.Errorf("want one problem line and a summary:\n%s", out)
	}
}

func TestUsageErrorsExit2(t *testing.T) {
	for _, args := range [][]string{
		{"lint", "--format", "xml"},
		{"lint", "--games", "-1"},
		{"render", "--paper", "a3"},
		{"replay", "--game", "heat", "--players", "9"},
		{"validate", "--no-such-flag"},
	} {
		code, _, errOut := run(t, repoRoot, args...)
		if code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line", args, code, errOut)
		}
	}
}

// TestReplayGolden diffs a seeded game's event log against a committed
// playthrough, so any change to the rules or cards shows up in review.
// Regenerate with: go run ./cmd/cardpress replay --game heat --players 4 --seed 42 > cmd/testdata/heat-4p-seed42.txt
func TestReplayGolden(t *testing.T) {
	want, err := os.ReadFile("testdata/heat-4p-seed42.txt")
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, repoRoot, "replay", "--game", "heat", "--players", "4", "--seed", "42")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if out != string(want) {
		t.Errorf("replay differs from testdata/heat-4p-seed42.txt; if the change is intended, regenerate it.\n%s", out)
	}
	code, out, _ = run(t, repoRoot, "replay", "--game", "heat", "--players", "4", "--seed", "42", "--format", "jsonl")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != strings.Count(strings.TrimSpace(string(want)), "\n")+1 {
		t.Fatalf("jsonl: exit %d, %d lines", code, len(lines))
	}
	for _, l := range lines {
		var e map[string]any
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("not a JSON line: %q", l)
		}
	}
}

// A card no sensible player chooses is a warning at its line; a lint.ignore
// entry with a reason keeps it quiet, and a stale or wrong one is reported.
func TestDeadCardWarningAndIgnore(t *testing.T) {
	ws := copyHeat(t)
	edit(t, ws, "cards/heat/cards.yaml", "      - {phase: A, draw: 1}\n      - {phase: C, return_heat: 1}\n", "      - {phase: B, take_heat: 3}\n")
	line := lineOf(t, ws, "cards/heat/cards.yaml", "  - id: lay-low")
	code, out, _ := run(t, ws, "lint")
	want := fmt.Sprintf("cards/heat/cards.yaml:%d:5: warning CARD_NEVER_CHOSEN: ", line)
	if code != 0 || !strings.Contains(out, want) {
		t.Fatalf("exit %d, want 0 and %q in:\n%s", code, want, out)
	}

	data, _ := os.ReadFile(filepath.Join(ws, "cards/heat/game.yaml"))
	ignore := "\nlint:\n  ignore:\n    - code: CARD_NEVER_CHOSEN\n      card: lay-low\n      reason: A trap card, kept on purpose for this playtest.\n"
	if err := os.WriteFile(filepath.Join(ws, "cards/heat/game.yaml"), append(data, ignore...), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := run(t, ws, "lint"); code != 0 || !strings.Contains(out, "no problems") {
		t.Fatalf("ignored warning still reported: exit %d\n%s", code, out)
	}

	// A card renamed since (or misspelt) is validate's to catch, at the
	// entry's card, before any game is played.
	edit(t, ws, "cards/heat/game.yaml", "      card: lay-low\n", "      card: lay-lo\n")
	line = strings.Count(string(data)+ignore, "\n") - 1
	undefined := fmt.Sprintf(`cards/heat/game.yaml:%d:13: error UNDEFINED_CARD: lint.ignore names card "lay-lo", which no card of the game has (did you mean "lay-low"?)`, line)
	for _, command := range []string{"validate", "lint"} {
		code, out, _ = run(t, ws, command)
		if code != 1 || !strings.Contains(out, undefined+"\n") {
			t.Errorf("%s with a wrong card in an ignore: exit %d, want 1 and %q in\n%s", command, code, undefined, out)
		}
	}
}

// The schemas the binary embeds are the files the modelines point at.
func TestSchemaOutMatchesTheRepository(t *testing.T) {
	out := t.TempDir()
	code, stdout, errOut := run(t, repoRoot, "schema", "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		written := strings.TrimPrefix(line, "wrote ")
		rel, err := filepath.Rel(out, written)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := os.ReadFile(written)
		n++
		if filepath.Base(rel) == "params.schema.json" {
			// An engine's parameters schema is generated from its Go
			// declaration (kit.DeclareParams); the repository has none.
			if !json.Valid(got) {
				t.Errorf("%s is not JSON", rel)
			}
			continue
		}
		want, err := os.ReadFile(filepath.Join(repoRoot, rel))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s differs from the repository's copy (%v)", rel, err)
		}
	}
	for _, must := range []string{"schema/manifest.schema.json", "engine/heat/cards.schema.json", "engine/heat/params.schema.json"} {
		if !strings.Contains(stdout, filepath.FromSlash(must)) {
			t.Errorf("schema --out did not write %s", must)
		}
	}
	code, stdout, _ = run(t, repoRoot, "schema")
	if code != 0 || strings.Count(stdout, "\n# ") != n-1 {
		t.Errorf("schema printed %d schemas, wrote %d", strings.Count(stdout, "\n# ")+1, n)
	}
}

func TestBuildWritesBothPDFs(t *testing.T) {
	ws := copyHeat(t)
	code, out, errOut := run(t, ws, "build", "--games", "200", "--paper", "letter")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	for _, name := range []string{"out/heat/heat-pnp.pdf", "out/heat/heat-reference.pdf"} {
		data, err := os.ReadFile(filepath.Join(ws, name))
		if err != nil || !bytes.HasPrefix(data, []byte("%PDF-")) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if !strings.Contains(out, "heat: 34 cards; lint: no problems") {
		t.Errorf("summary missing:\n%s", out)
	}
	// A game with errors is not rendered, and build fails.
	edit(t, ws, "cards/heat/cards.yaml", "    count: 3\n", "    count: three\n")
	if code, out, _ := run(t, ws, "build", "--games", "20", "--out", "elsewhere"); code != 1 || strings.Contains(out, "wrote") {
		t.Errorf("build with errors: exit %d\n%s", code, out)
	}
	if _, err := os.Stat(filepath.Join(ws, "elsewhere")); err == nil {
		t.Error("a game with errors was rendered")
	}
}

// Masterminds: a heist step made trivial or unreachable is reported at the
// heist card's line.
func TestHeistStepTargetsAtTheCardLine(t *testing.T) {
	cases := []struct {
		name, target, code string
		exit               int
	}{
		{"trivial", "target: 1}", "HEIST_STEP_ALWAYS_PERFECT", 0},
		{"beyond reach", "target: 40}", "HEIST_STEP_UNBEATABLE", 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ws := testutil.CopyGame(t, "masterminds")
			edit(t, ws, "cards/masterminds/heist.yaml", "        - {skills: [stealth], target: 8}\n        - {skills: [tech, stealth], target: 10}\n",
				"        - {skills: [stealth], "+tc.target+"\n        - {skills: [tech, stealth], target: 10}\n")
			line := lineOf(t, ws, "cards/masterminds/heist.yaml", "  - id: gilded-opera")
			code, out, errOut := run(t, ws, "lint", "--games", "20")
			want := fmt.Sprintf("cards/masterminds/heist.yaml:%d:", line)
			if code != tc.exit || !containsLine(out, want, tc.code) {
				t.Fatalf("exit %d (want %d), want %s … %s in:\n%s%s", code, tc.exit, want, tc.code, out, errOut)
			}
		})
	}
}

func containsLine(out, prefix, code string) bool {
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, prefix) && strings.Contains(l, " "+code+": ") {
			return true
		}
	}
	return false
}

// validateReports runs validate on game in ws and wants exit 1 and a
// finding code at prefix (file:line:) whose message holds msg.
func validateReports(t *testing.T, ws, game, prefix, code, msg string) {
	t.Helper()
	exit, out, errOut := run(t, ws, "validate", game)
	if exit != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", exit, out, errOut)
	}
	if !containsLine(out, prefix, code) || !strings.Contains(out, msg) {
		t.Errorf("want %s... %s: %s in:\n%s", prefix, code, msg, out)
	}
}

// renderRefuses: no PDF is written from game's data with errors.
func renderRefuses(t *testing.T, ws, game string) {
	t.Helper()
	if code, _, _ := run(t, ws, "render", game, "--out", "out"); code != 1 {
		t.Errorf("render exits %d on invalid data, want 1", code)
	}
}

// Mice Heist: an obstacle whose target no test can reach is reported by
// lint at the obstacle card's line.
func TestMiceObstacleBeyondReachAtTheCardLine(t *testing.T) {
	ws := testutil.CopyGame(t, "mice")
	edit(t, ws, "cards/mice/obstacles.yaml", "job: B, order: 3, target: 3,", "job: B, order: 3, target: 60,")
	line := lineOf(t, ws, "cards/mice/obstacles.yaml", "  - {id: b3-sleeping-cat")
	code, out, errOut := run(t, ws, "lint", "--games", "20")
	want := fmt.Sprintf("cards/mice/obstacles.yaml:%d:", line)
	if code != 1 || !containsLine(out, want, "OBSTACLE_UNREACHABLE") {
		t.Fatalf("exit %d (want 1), want %s … OBSTACLE_UNREACHABLE in:\n%s%s", code, want, out, errOut)
	}
}

// TestReplayGoldenHeuristic pins one game of each of the other games,
// played by heuristic bots, so any change to their rules, cards or bots
// shows up in review. Regenerate a file with the command in its case, e.g.
// go run ./cmd/cardpress replay --game mice --players 3 --seed 5 --bots heuristic > cmd/testdata/mice-3p-seed5-heuristic.txt
func TestReplayGoldenHeuristic(t *testing.T) {
	for _, tc := range []struct{ game, players, seed string }{
		{"masterminds", "2", "3"},
		{"mice", "3", "5"},
		{"hmm", "4", "7"},
	} {
		t.Run(tc.game, func(t *testing.T) {
			file := fmt.Sprintf("testdata/%s-%sp-seed%s-heuristic.txt", tc.game, tc.players, tc.seed)
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			code, out, errOut := run(t, repoRoot, "replay", "--game", tc.game, "--players", tc.players, "--seed", tc.seed, "--bots", "heuristic")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			if out != string(want) {
				t.Errorf("replay differs from %s; if the change is intended, regenerate it", file)
			}
		})
	}
}

// TestHeistMastermindsImpossibleJobAtTheCardLine: a Job no legal crew of
// four can meet, even with substitutions, is an error at its line; so is a
// Complication that makes even the easiest Job impossible.
func TestHeistMastermindsImpossibleJobAtTheCardLine(t *testing.T) {
	cases := []struct {
		name, file, old, new, anchor, code string
	}{
		{"job", "cards/hmm/jobs.yaml", "difficulty: {force: 2, stealth: 2, tech: 2}", "difficulty: {force: 9, stealth: 9, tech: 2}", "  - {id: crown-jewels", "JOB_IMPOSSIBLE"},
		{"complication", "cards/hmm/complications.yaml", "count: 1, skills: {stealth: 2}, prestige: 1}", "count: 1, skills: {stealth: 9}, prestige: 1, crew_max: 1}", "  - {id: undercover-cop", "COMPLICATION_IMPOSSIBLE"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ws := testutil.CopyGame(t, "hmm")
			edit(t, ws, tc.file, tc.old, tc.new)
			line := lineOf(t, ws, tc.file, tc.anchor)
			code, out, errOut := run(t, ws, "lint", "--games", "10")
			want := fmt.Sprintf("%s:%d:", tc.file, line)
			if code != 1 || !containsLine(out, want, tc.code) {
				t.Fatalf("exit %d (want 1), want %s … %s in:\n%s%s", code, want, tc.code, out, errOut)
			}
		})
	}
}

// Masterminds and Heist Masterminds keep fields to their card type: a
// field of another type is reported at its key, naming the condition.
func TestFieldOfAnotherCardTypeAtTheKey(t *testing.T) {
	for _, tc := range []struct{ game, file, old, add, want string }{
		{"masterminds", "prep.yaml", "    flavor: Floor plans, shift changes, the guard who hums.\n", "    skills: {stealth: 2}\n",
			`:5: error SCHEMA_UNKNOWN_FIELD: field "skills" is not used when type is "prep"`},
		{"hmm", "resources.yaml", "  - {id: hacker, name: Hacker, deck: crew, count: 3, cost: 400, skills: {tech: 2}}\n",
			"  - {id: bad-hacker, name: Bad Hacker, deck: crew, cost: 400, skills: {tech: 2}, reward: 2}\n",
			`:82: error SCHEMA_UNKNOWN_FIELD: field "reward" is not used when deck is "crew"`},
	} {
		t.Run(tc.game, func(t *testing.T) {
			ws := testutil.CopyGame(t, tc.game)
			file := "cards/" + tc.game + "/" + tc.file
			line := edit(t, ws, file, tc.old, tc.old+tc.add) + 1
			code, out, errOut := run(t, ws, "validate", "cards/"+tc.game)
			want := fmt.Sprintf("%s:%d%s", file, line, tc.want)
			if code != 1 || !strings.Contains(out, want) {
				t.Fatalf("exit %d (want 1), want %q in:\n%s%s", code, want, out, errOut)
			}
		})
	}
}

// Lint plays its smoke games with the bots named per seat: one heuristic
// bot among random ones wins far more than its share, and lint names that
// seat, the bots and the command that replays the run, in every variant.
// An unknown bot is a usage error.
func TestLintWithHeuristicBotsFindsTheFavouredSeat(t *testing.T) {
	if testing.Short() {
		t.Skip("heuristic games are slow")
	}
	code, out, errOut := run(t, repoRoot, "lint", "--bots", "heuristic,random,random,random", "--players", "4", "--games", "300", "cards/hmm")
	for _, want := range []string{
		"cards/hmm/game.yaml:12:10: warning SEAT_ADVANTAGE: seat 1 wins",
		"cards/hmm/game.yaml:12:10: warning SEAT_ADVANTAGE: [variant equal-turns] seat 1 wins",
		"at 4 players with heuristic,random,random,random bots",
		"--bots heuristic,random,random,random)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lint lacks %q:\n%s%s", want, out, errOut)
		}
	}
	if code != 0 || strings.Contains(out, "seat 2 wins") {
		t.Errorf("exit %d, or a random seat favoured:\n%s", code, out)
	}
	if code, _, errOut := run(t, repoRoot, "lint", "--bots", "genius", "cards/hmm"); code != 2 || !strings.Contains(errOut, `unknown bot "genius"`) {
		t.Errorf("unknown bot: exit %d, %s", code, errOut)
	}
}
