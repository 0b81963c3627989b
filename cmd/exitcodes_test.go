package cmd

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Exit codes, command by command (docs/commands.md, "Exit codes"): 0 clean,
// 1 findings (data with errors), 2 usage — a bad flag or argument, or a
// path that does not exist or cannot be read — with one line on stderr.

// exitCase runs one command line in a fresh copy of HEAT (ws/cards/heat).
type exitCase struct {
	name string
	// setup prepares the workspace; nil leaves HEAT as shipped.
	setup func(t *testing.T, ws string)
	args  []string
	want  int
	// line, for exit 2, is the one line stderr must hold ("" checks only
	// that there is one line starting with "cardpress: ").
	line string
}

// tunePlan writes a tune.yaml for HEAT at 3 players searching params.
func tunePlan(params string) func(t *testing.T, ws string) {
	return func(t *testing.T, ws string) {
		plan := "parameters:\n" + params + "targets:\n  seat_win_rate: {within: 5}\nplayers: [3]\n"
		if err := os.WriteFile(filepath.Join(ws, "cards/heat/tune.yaml"), []byte(plan), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// breakHeat gives the HEAT copy a schema error (a negative count).
func breakHeat(t *testing.T, ws string) {
	edit(t, ws, "cards/heat/cards.yaml", "    count: 3\n", "    count: -3\n")
}

// throughAFile is a path through a file, which cannot be read as a folder.
const throughAFile = "cards/heat/game.yaml/x"

// missing and unreadable cases of a command taking PATH arguments.
func pathCases(args ...string) []exitCase {
	with := func(path string) []string { return append(slices.Clone(args), path) }
	return []exitCase{
		{name: "missing path", args: with("nosuch"), want: ExitUsage, line: "cardpress: nosuch: no such file or folder"},
		{name: "unreadable path", args: with(throughAFile), want: ExitUsage, line: "cardpress: " + throughAFile + ": cannot read: not a directory"},
	}
}

func exitCodeCases() map[string][]exitCase {
	noCards := func(t *testing.T, ws string) {
		if err := os.RemoveAll(filepath.Join(ws, "cards")); err != nil {
			t.Fatal(err)
		}
	}
	emptyFolder := func(t *testing.T, ws string) {
		if err := os.Mkdir(filepath.Join(ws, "empty"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	shardFile := func(t *testing.T, ws string) {
		if code, out, errOut := run(t, ws, "sim", "--game", "heat", "--games", "6", "--players", "3", "--shard", "1/1", "--out", "shard.json"); code != 0 {
			t.Fatalf("sim --out: exit %d\n%s%s", code, out, errOut)
		}
	}
	exportedCSV := func(t *testing.T, ws string) {
		if code, out, errOut := run(t, ws, "export", "csv", "--deck", "main", "--out", "x", "cards/heat"); code != 0 {
			t.Fatalf("export csv: exit %d\n%s%s", code, out, errOut)
		}
		if err := os.Rename(filepath.Join(ws, "x/heat/heat-main.csv"), filepath.Join(ws, "main.csv")); err != nil {
			t.Fatal(err)
		}
	}
	badCSV := func(t *testing.T, ws string) {
		if err := os.WriteFile(filepath.Join(ws, "bad.csv"), []byte("id,name,count\nx,X,-3\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	notEmpty := func(t *testing.T, ws string) {
		if err := os.MkdirAll(filepath.Join(ws, "taken"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(ws, "taken/notes.txt"), []byte("mine"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return map[string][]exitCase{
		"validate": append([]exitCase{
			{name: "clean", args: []string{"validate", "cards/heat"}, want: ExitClean},
			{name: "findings", setup: breakHeat, args: []string{"validate", "cards/heat"}, want: ExitFindings},
			{name: "a folder that is not a game", setup: emptyFolder, args: []string{"validate", "empty"}, want: ExitFindings},
			{name: "bad flag value", args: []string{"validate", "--format", "xml"}, want: ExitUsage},
			{name: "no cards folder", setup: noCards, args: []string{"validate"}, want: ExitUsage,
				line: "cardpress: cards: no such file or folder (no PATH given, so the games under cards/ were looked for)"},
		}, pathCases("validate")...),
		"test": append([]exitCase{
			{name: "clean: a game without rule tests", args: []string{"test", "cards/heat"}, want: ExitClean},
			{name: "findings", setup: breakHeat, args: []string{"test", "cards/heat"}, want: ExitFindings},
			{name: "no cards folder", setup: noCards, args: []string{"test"}, want: ExitUsage,
				line: "cardpress: cards: no such file or folder (no PATH given, so the games under cards/ were looked for)"},
		}, pathCases("test")...),
		"lint": append([]exitCase{
			{name: "clean", args: []string{"lint", "--games", "20", "cards/heat"}, want: ExitClean},
			{name: "findings", setup: breakHeat, args: []string{"lint", "--games", "20", "cards/heat"}, want: ExitFindings},
			{name: "bad flag value", args: []string{"lint", "--games", "-1"}, want: ExitUsage},
			{name: "missing baseline", args: []string{"lint", "--baseline", "nosuch.json", "cards/heat"}, want: ExitUsage,
				line: "cardpress: --baseline nosuch.json: cannot read: no such file or folder"},
		}, pathCases("lint", "--games", "20")...),
		"render": append([]exitCase{
			{name: "clean", args: []string{"render", "--out", "out", "cards/heat"}, want: ExitClean},
			{name: "findings", setup: breakHeat, args: []string{"render", "--out", "out", "cards/heat"}, want: ExitFindings},
			{name: "bad flag value", args: []string{"render", "--paper", "a3", "cards/heat"}, want: ExitUsage,
				line: `cardpress: unknown --paper "a3" (want a4 or letter)`},
			{name: "unknown variant", args: []string{"render", "--variant", "nosuch", "cards/heat"}, want: ExitUsage},
		}, pathCases("render", "--out", "out")...),
		"build": append([]exitCase{
			{name: "clean", args: []string{"build", "--games", "20", "--out", "out", "cards/heat"}, want: ExitClean},
			{name: "findings", setup: breakHeat, args: []string{"build", "--games", "20", "--out", "out", "cards/heat"}, want: ExitFindings},
			{name: "bad flag value", args: []string{"build", "--bleed", "-1", "cards/heat"}, want: ExitUsage},
		}, pathCases("build", "--games", "20", "--out", "out")...),
		"report": append([]exitCase{
			{name: "clean", args: []string{"report", "--games", "10", "--ladder=false", "--out", "out", "cards/heat"}, want: ExitClean},
			{name: "findings", setup: breakHeat, args: []string{"report", "--games", "10", "--out", "out", "cards/heat"}, want: ExitFindings},
			{name: "bad flag value", args: []string{"report", "--games", "-1", "cards/heat"}, want: ExitUsage,
				line: "cardpress: --games must be 1 or more (0, the default: until the intervals are narrow)"},
		}, pathCases("report", "--games", "10", "--out", "out")...),
		"replay": {
			{name: "clean", args: []string{"replay", "--game", "heat", "--players", "3", "--seed", "7"}, want: ExitClean},
			{name: "findings", setup: breakHeat, args: []string{"replay", "--game", "heat"}, want: ExitFindings},
			{name: "bad flag value", args: []string{"replay", "--game", "heat", "--players", "9"}, want: ExitUsage},
			{name: "no --game", args: []string{"replay"}, want: ExitUsage},
			{name: "an argument", args: []string{"replay", "--game", "heat", "extra"}, want: ExitUsage},
			{name: "unknown game", args: []string{"replay", "--game", "nosuch"}, want: ExitUsage,
				line: `cardpress: no game "nosuch" in cards (its games are heat)`},
			{name: "missing cards folder", args: []string{"replay", "--game", "heat", "--cards", "nosuch"}, want: ExitUsage,
				line: `cardpress: no game "heat": --cards nosuch: no such file or folder`},
		},
		"sim": {
			{name: "clean", args: []string{"sim", "--game", "heat", "--games", "10"}, want: ExitClean},
			{name: "findings", setup: breakHeat, args: []string{"sim", "--game", "heat", "--games", "10"}, want: ExitFindings},
			{name: "bad flag value", args: []string{"sim", "--game", "heat", "--games", "0"}, want: ExitUsage},
			{name: "unknown game", args: []string{"sim", "--game", "nosuch"}, want: ExitUsage,
				line: `cardpress: no game "nosuch" in cards (its games are heat)`},
		},
		"schema": append([]exitCase{
			{name: "clean, printing", args: []string{"schema"}, want: ExitClean},
			{name: "clean, a game", args: []string{"schema", "cards/heat"}, want: ExitClean},
			{name: "findings: not a game", setup: emptyFolder, args: []string{"schema", "empty"}, want: ExitFindings},
			{name: "bad flag", args: []string{"schema", "--out", "x", "cards/heat"}, want: ExitUsage},
		}, pathCases("schema")...),
		"rules": append([]exitCase{
			// rules reports no findings, so it has no exit 1.
			{name: "clean", args: []string{"rules", "cards/heat"}, want: ExitClean},
			{name: "params", args: []string{"rules", "--params", "cards/heat"}, want: ExitClean},
			{name: "clean without cards", setup: noCards, args: []string{"rules"}, want: ExitClean},
			{name: "bad flag value", args: []string{"rules", "--format", "sarif"}, want: ExitUsage},
		}, pathCases("rules")...),
		"merge": {
			// merge reads its own output back; a file that is not what it
			// reads is a usage error, so it has no exit 1.
			{name: "clean", setup: shardFile, args: []string{"merge", "shard.json"}, want: ExitClean},
			{name: "no files", args: []string{"merge"}, want: ExitUsage},
			{name: "missing file", args: []string{"merge", "nosuch.json"}, want: ExitUsage,
				line: "cardpress: nosuch.json: cannot read: no such file or folder"},
			{name: "not a results file", args: []string{"merge", "cards/heat/game.yaml"}, want: ExitUsage},
		},
		"tune": {
			{name: "clean", setup: tunePlan("  heists: {min: 2, max: 3}\n"), args: []string{"tune", "cards/heat", "--games", "4", "--evaluations", "2", "--confirm", "4"}, want: ExitClean},
			{name: "bad plan", setup: tunePlan("  heists: {min: 0, max: 3}\n"), args: []string{"tune", "cards/heat"}, want: ExitFindings},
			{name: "data errors", setup: func(t *testing.T, ws string) { tunePlan("  heists: {min: 2, max: 3}\n")(t, ws); breakHeat(t, ws) }, args: []string{"tune", "cards/heat"}, want: ExitFindings},
			{name: "no plan", args: []string{"tune", "cards/heat"}, want: ExitUsage,
				line: "cardpress: cards/heat has no tune.yaml: write one (docs/commands.md, Tuning) or name one with --plan"},
			{name: "bad flag value", args: []string{"tune", "cards/heat", "--games", "0"}, want: ExitUsage},
		},
		"new": {
			{name: "clean", args: []string{"new", "mygame"}, want: ExitClean},
			{name: "refused folder", setup: notEmpty, args: []string{"new", "taken"}, want: ExitFindings},
			{name: "bad flag value", args: []string{"new", "x", "--id", "9lives"}, want: ExitUsage},
			{name: "missing --from", args: []string{"new", "x", "--from", "nosuch"}, want: ExitUsage},
		},
		// serve and watch run until stopped, so their clean exit is tested
		// where they are (serve_test.go, watch_test.go); here the cases that
		// end before they start.
		"serve": append([]exitCase{
			{name: "not loopback", args: []string{"serve", "--addr", "0.0.0.0", "cards/heat"}, want: ExitUsage},
			{name: "two paths", args: []string{"serve", "cards/heat", "cards"}, want: ExitUsage},
		}, pathCases("serve")...),
		"watch": append([]exitCase{
			{name: "bad flag value", args: []string{"watch", "--paper", "a3", "cards/heat"}, want: ExitUsage},
		}, pathCases("watch")...),
		"export": slices.Concat([]exitCase{
			{name: "no format", args: []string{"export", "cards/heat"}, want: ExitUsage},
			{name: "unknown --format", args: []string{"export", "--format", "pdf", "cards/heat"}, want: ExitUsage,
				line: `cardpress: unknown --format "pdf" (want csv, png, tts, xlsx)`},
			{name: "csv clean", args: []string{"export", "csv", "--out", "out", "cards/heat"}, want: ExitClean},
			{name: "--format csv clean", args: []string{"export", "--format", "csv", "--out", "out", "cards/heat"}, want: ExitClean},
			{name: "csv findings", setup: breakHeat, args: []string{"export", "csv", "--out", "out", "cards/heat"}, want: ExitFindings},
			{name: "csv unknown deck", args: []string{"export", "csv", "--deck", "nosuch", "cards/heat"}, want: ExitUsage},
			{name: "xlsx clean", args: []string{"export", "xlsx", "--out", "out", "cards/heat"}, want: ExitClean},
			{name: "xlsx findings", setup: breakHeat, args: []string{"export", "xlsx", "--out", "out", "cards/heat"}, want: ExitFindings},
			{name: "png clean", args: []string{"export", "png", "--out", "out", "--deck", "main", "cards/heat"}, want: ExitClean},
			{name: "png findings", setup: breakHeat, args: []string{"export", "png", "--out", "out", "cards/heat"}, want: ExitFindings},
			{name: "png bad flag value", args: []string{"export", "png", "--profile", "nosuch", "cards/heat"}, want: ExitUsage,
				line: `cardpress: unknown --profile "nosuch" (want a shop, tgc, mpc, dtc, or shop-size such as tgc-bridge)`},
			{name: "tts clean", args: []string{"export", "tts", "--out", "out", "cards/heat"}, want: ExitClean},
			{name: "tts findings", setup: breakHeat, args: []string{"export", "tts", "--out", "out", "cards/heat"}, want: ExitFindings},
			{name: "tts bad flag value", args: []string{"export", "tts", "--base-url", "ftp://x", "cards/heat"}, want: ExitUsage},
		}, pathCases("export", "csv"), pathCases("export", "png"), pathCases("export", "tts")),
		"import": {
			{name: "clean", setup: exportedCSV, args: []string{"import", "main.csv", "--game", "cards/heat", "--deck", "main", "--into", "cards.yaml"}, want: ExitClean},
			{name: "findings", setup: badCSV, args: []string{"import", "bad.csv", "--game", "cards/heat", "--deck", "main", "--into", "cards.yaml"}, want: ExitFindings},
			{name: "no --deck, the one deck's findings", setup: badCSV, args: []string{"import", "bad.csv", "--game", "cards/heat"}, want: ExitFindings},
			{name: "--into without --deck", setup: badCSV, args: []string{"import", "bad.csv", "--game", "cards/heat", "--into", "cards.yaml"}, want: ExitUsage,
				line: "cardpress: --into needs --deck: it names the file of one deck's cards"},
			{name: "missing file", args: []string{"import", "nosuch.csv", "--game", "cards/heat", "--deck", "main"}, want: ExitUsage,
				line: "cardpress: nosuch.csv: no such file or folder"},
			{name: "missing --game folder", setup: badCSV, args: []string{"import", "bad.csv", "--game", "nosuch", "--deck", "main"}, want: ExitUsage},
		},
		"lsp": {
			{name: "an argument", args: []string{"lsp", "cards"}, want: ExitUsage},
			{name: "bad flag", args: []string{"lsp", "--tcp"}, want: ExitUsage},
		},
		"version": {
			{name: "clean", args: []string{"version"}, want: ExitClean},
			{name: "the flag", args: []string{"--version"}, want: ExitClean},
			{name: "an argument", args: []string{"version", "x"}, want: ExitUsage},
		},
		"completion": {
			{name: "clean", args: []string{"completion", "bash"}, want: ExitClean},
			{name: "unknown shell", args: []string{"completion", "tcsh"}, want: ExitUsage,
				line: `cardpress: unknown command "tcsh" for "cardpress completion"`},
		},
		"help": {
			{name: "clean", args: []string{"help", "lint"}, want: ExitClean},
			{name: "unknown topic", args: []string{"help", "nosuch"}, want: ExitUsage,
				line: `cardpress: no help topic "nosuch" (cardpress help lists the commands)`},
		},
		"": {
			{name: "unknown command", args: []string{"nosuch"}, want: ExitUsage},
			{name: "unknown flag", args: []string{"--nosuch"}, want: ExitUsage},
		},
	}
}

func TestExitCodes(t *testing.T) {
	for command, cases := range exitCodeCases() {
		for _, tc := range cases {
			t.Run(command+"/"+tc.name, func(t *testing.T) {
				ws := copyHeat(t)
				if tc.setup != nil {
					tc.setup(t, ws)
				}
				code, out, errOut := run(t, ws, tc.args...)
				if code != tc.want {
					t.Fatalf("%q: exit %d, want %d\n%s%s", tc.args, code, tc.want, out, errOut)
				}
				if code != ExitUsage {
					return
				}
				switch {
				case tc.line != "" && errOut != tc.line+"\n":
					t.Errorf("%q: stderr %q, want %q", tc.args, errOut, tc.line+"\n")
				case strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "cardpress: "):
					t.Errorf("%q: stderr %q, want one line starting \"cardpress: \"", tc.args, errOut)
				}
			})
		}
	}
}

// Commands that run until they are stopped: no clean exit to test here.
var longRunning = []string{"serve", "watch", "lsp"}

// Commands with no exit 1, and why.
var noFindings = map[string]string{
	"rules":      "lists codes; reports none",
	"merge":      "a file that is not a sim result is a usage error",
	"version":    "prints a line",
	"completion": "prints a script",
	"help":       "prints help",
	"serve":      "shows findings in the page and keeps running",
	"watch":      "prints findings after each save and keeps running",
	"lsp":        "publishes findings to the editor and keeps running",
}

// Every command has its row, so a new command cannot skip the test; each
// has a clean (0) and a usage (2) case, and one that reads a game a
// findings (1) case.
func TestExitCodesCoverEveryCommand(t *testing.T) {
	cases := exitCodeCases()
	root := NewRoot(IO{Out: &strings.Builder{}, Err: &strings.Builder{}})
	for _, c := range root.Commands() {
		if c.Hidden {
			continue
		}
		rows, ok := cases[c.Name()]
		if !ok {
			t.Errorf("cardpress %s has no exit-code cases in exitCodeCases", c.Name())
			continue
		}
		has := map[int]bool{}
		for _, r := range rows {
			has[r.want] = true
		}
		if !has[ExitClean] && !slices.Contains(longRunning, c.Name()) || !has[ExitUsage] {
			t.Errorf("cardpress %s: want a clean (0) and a usage (2) case", c.Name())
		}
		if _, none := noFindings[c.Name()]; !none && !has[ExitFindings] {
			t.Errorf("cardpress %s: want a findings (1) case (or an entry in noFindings saying why it has none)", c.Name())
		}
	}
	for name := range cases {
		if name == "" {
			continue
		}
		if c, _, err := root.Find([]string{name}); err != nil || c == root {
			t.Errorf("exitCodeCases has %q, which is no command", name)
		}
	}
}

// A folder named on the command line that cannot be listed is exit 2 for
// every command taking PATHs. Root reads every folder, so as root the test
// runs in a child process as the user nobody.
func TestUnreadablePathNamedIsUsage(t *testing.T) {
	if os.Getenv("CARDPRESS_TEST_UNPRIVILEGED") == "" && os.Geteuid() == 0 {
		rerunAsNobody(t, "TestUnreadablePathNamedIsUsage")
		return
	}
	ws := copyHeat(t)
	dir := filepath.Join(ws, "cards/heat")
	if err := os.Chmod(dir, 0o300); err != nil { // enter and write, not list
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	for _, command := range []string{"validate", "lint", "render", "build", "report", "schema", "rules"} {
		code, out, errOut := run(t, ws, command, "cards/heat")
		if want := "cardpress: cards/heat: cannot read: permission denied\n"; code != ExitUsage || errOut != want {
			t.Errorf("%s: exit %d, stderr %q; want 2 and %q\n%s", command, code, errOut, want, out)
		}
	}
}
