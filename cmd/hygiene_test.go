package cmd

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cardpress/cardpress/internal/testutil"
)

// Output hygiene (issue 11): names from files and data cannot forge lines
// or reach the terminal raw, every written file is atomic, and bad flags
// or geometry get one line.

// lines splits output into its lines.
func lines(s string) []string { return strings.Split(strings.TrimSuffix(s, "\n"), "\n") }

func TestFileNamesCannotForgeLinesOrColourTheTerminal(t *testing.T) {
	ws := copyHeat(t)
	for _, name := range []string{"x\n::error::forged.yaml", "y\x1b[31m.yaml"} {
		if err := os.WriteFile(filepath.Join(ws, "cards/heat", name), []byte("a: 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errOut := run(t, ws, "validate", "cards/heat")
	want := []string{
		`cards/heat/x\n::error::forged.yaml:1:1: warning FILE_UNLISTED: not named in game.yaml files, so it is ignored`,
		`cards/heat/y\x1b[31m.yaml:1:1: warning FILE_UNLISTED: not named in game.yaml files, so it is ignored`,
		"validate: 1 game, 34 cards, 0 errors, 2 warnings",
	}
	if code != 0 || !slices.Equal(lines(out), want) {
		t.Errorf("validate: exit %d\n%q\nwant exit 0 and\n%q\n%s", code, lines(out), want, errOut)
	}
	code, out, _ = run(t, ws, "validate", "--format", "github", "cards/heat")
	want = []string{
		`::warning file=cards/heat/x%0A%3A%3Aerror%3A%3Aforged.yaml,title=FILE_UNLISTED::not named in game.yaml files, so it is ignored`,
		`::warning file=cards/heat/y\x1b[31m.yaml,title=FILE_UNLISTED::not named in game.yaml files, so it is ignored`,
	}
	if code != 0 || !slices.Equal(lines(out), want) {
		t.Errorf("validate --format github: exit %d\n%q\nwant exit 0 and\n%q", code, lines(out), want)
	}
}

// Error lines quote paths from the command line and names from the data.
func TestErrorLineIsVisible(t *testing.T) {
	code, out, errOut := run(t, t.TempDir(), "rules", "gone\n::error::forged\x1b[31m")
	want := `cardpress: gone\n::error::forged\x1b[31m: no such file or folder` + "\n"
	if code != ExitUsage || errOut != want || out != "" {
		t.Errorf("exit %d, stderr %q, stdout %q; want 2 and %q", code, errOut, out, want)
	}
}

func TestWroteLinesAreVisible(t *testing.T) {
	ws := copyHeat(t)
	dir := "out\x1b[31m"
	code, out, errOut := run(t, ws, "render", "--out", dir, "cards/heat")
	want := []string{`wrote out\x1b[31m/heat/heat-pnp.pdf`, `wrote out\x1b[31m/heat/heat-reference.pdf`}
	if code != 0 || !slices.Equal(lines(out), want) {
		t.Fatalf("render: exit %d\n%q\nwant\n%q\n%s", code, lines(out), want, errOut)
	}
	code, out, errOut = run(t, ws, "schema", "--out", dir)
	if code != 0 || !strings.HasPrefix(out, `wrote out\x1b[31m/`) || strings.Contains(out, "\x1b") {
		t.Errorf("schema: exit %d\n%s%s", code, out, errOut)
	}
}

func TestProgressPrefixIsVisible(t *testing.T) {
	if got, want := openEnded("he\x1b[2Jat", 1024), "\r"+`he\x1b[2Jat 1024 games, 1.0k/s`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestEmptyOutIsAUsageError(t *testing.T) {
	const want = `cardpress: --out is empty; name the output folder ("." for the current one)` + "\n"
	for _, args := range [][]string{
		{"render", "--out", "", "cards/heat"},
		{"build", "--out", "", "--games", "1", "cards/heat"},
		{"report", "--out", "", "--games", "1", "cards/heat"},
		{"schema", "--out", ""},
		{"schema", "--out="},
	} {
		ws := copyHeat(t)
		code, out, errOut := run(t, ws, args...)
		if code != ExitUsage || errOut != want {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q\n%s", args, code, errOut, want, out)
		}
		entries, _ := os.ReadDir(ws)
		if len(entries) != 1 { // cards/ only
			t.Errorf("%q wrote into the current folder: %v", args, entries)
		}
	}
}

func TestBleedOutOfRange(t *testing.T) {
	for _, cmd := range []string{"render", "build"} {
		for _, v := range []string{"NaN", "nan", "Inf", "-Inf", "+Inf", "-0.5", "10.001", "1e400", "1e308", "ten", ""} {
			code, out, errOut := run(t, repoRoot, cmd, "--bleed", v, "--out", t.TempDir(), "cards/heat")
			want := fmt.Sprintf("cardpress: invalid argument %q for \"--bleed\" flag: want a number of mm from 0 to 10\n", v)
			if code != ExitUsage || errOut != want {
				t.Errorf("%s --bleed %q: exit %d, stderr %q; want 2 and %q\n%s", cmd, v, code, errOut, want, out)
			}
		}
	}
	// The ends of the range are allowed.
	ws := copyHeat(t)
	for _, v := range []string{"0", "10"} {
		if code, out, errOut := run(t, ws, "render", "--bleed", v, "cards/heat"); code != 0 {
			t.Errorf("--bleed %s: exit %d\n%s%s", v, code, out, errOut)
		}
	}
}

func TestRulesOfAPathThatIsNotThere(t *testing.T) {
	code, out, errOut := run(t, repoRoot, "rules", "cards/heat", "/nonexistent")
	if want := "cardpress: /nonexistent: no such file or folder\n"; code != ExitUsage || errOut != want || out != "" {
		t.Errorf("exit %d, stderr %q, stdout %q; want 2 and %q", code, errOut, out, want)
	}
	// Without a path, a folder with no cards/ still gets the catalog of
	// the codes validate, lint and render report.
	code, out, errOut = run(t, t.TempDir(), "rules")
	if code != 0 || !strings.Contains(out, "TEXT_OVERFLOW") {
		t.Errorf("rules without cards/: exit %d\n%s%s", code, out, errOut)
	}
}

// Card sizes that no page can hold get one line naming the sizes, never a
// panic: validation may also refuse them first (exit 1 with a finding on
// game.yaml), but render must not rely on it.
func TestCardSizesRenderCannotPrint(t *testing.T) {
	for _, tc := range []struct{ card, want string }{
		{"{width: 0.000000001, height: 88}", "cardpress: heat: print-and-play: render: a 1e-09x88 mm card is too small to print; each side must be at least 10 mm"},
		{"{width: 1.0e-300, height: 1.0e-300}", "cardpress: heat: print-and-play: render: a 1e-300x1e-300 mm card is too small to print; each side must be at least 10 mm"},
		{"{width: 300, height: 88}", "cardpress: heat: print-and-play: render: a 300x88 mm card with 0 mm bleed does not fit on a 210x297 mm page"},
		{"{width: 200, height: 287.5}", "cardpress: heat: print-and-play: render: a 200x287.5 mm card with 0 mm bleed does not fit on a 210x297 mm page"},
	} {
		t.Run(tc.card, func(t *testing.T) {
			ws := copyHeat(t)
			edit(t, ws, "cards/heat/game.yaml", "card: {width: 63, height: 88}", "card: "+tc.card)
			code, out, errOut := run(t, ws, "render", "cards/heat")
			switch code {
			case ExitFindings: // the schema refused it
				if !strings.HasPrefix(out, "cards/heat/game.yaml:") || errOut != "" {
					t.Errorf("exit 1 without a finding on game.yaml:\n%s%s", out, errOut)
				}
			case ExitUsage:
				if errOut != tc.want+"\n" {
					t.Errorf("stderr %q, want %q", errOut, tc.want)
				}
			default:
				t.Errorf("exit %d\n%s%s", code, out, errOut)
			}
			if _, err := os.Stat(filepath.Join(ws, "out")); err == nil {
				t.Error("render wrote out/ for cards it cannot print")
			}
		})
	}
}

// childArgs, in the environment, makes TestChildCardpress run cardpress
// with these arguments (separated by newlines) the way Execute does.
const childArgs = "CARDPRESS_TEST_CHILD_ARGS"

func TestChildCardpress(t *testing.T) {
	args := os.Getenv(childArgs)
	if args == "" {
		t.Skip("run by TestSignalsStopCleanly as a child process")
	}
	exitOnSignal()
	fmt.Println("ready")
	os.Exit(Run(IO{Out: os.Stdout, Err: os.Stderr}, strings.Split(args, "\n")))
}

// SIGINT and SIGTERM stop a run at once with 130 or 143 and one line, and
// leave nothing behind in --out (the removal of a temporary file caught
// mid-write is tested in internal/fileio).
func TestSignalsStopCleanly(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT or SIGTERM to send on Windows")
	}
	for _, tc := range []struct {
		sig    syscall.Signal
		status int
		line   string
	}{{syscall.SIGINT, 130, "cardpress: stopped by SIGINT\n"}, {syscall.SIGTERM, 143, "cardpress: stopped by SIGTERM\n"}} {
		t.Run(tc.sig.String(), func(t *testing.T) {
			out := t.TempDir()
			cmd := exec.Command(os.Args[0], "-test.run=^TestChildCardpress$")
			cmd.Dir = repoRoot
			cmd.Env = append(os.Environ(), childArgs+"="+strings.Join([]string{"report", "--games", "1000000", "--ladder=false", "--workers", "1", "--out", out, "cards/heat"}, "\n"))
			line, stderr := testutil.StartChild(t, cmd)
			if line != "ready" {
				t.Fatalf("the child did not start: %q\n%s", line, stderr.String())
			}
			time.Sleep(200 * time.Millisecond) // into the run
			if got := testutil.StopChild(t, cmd, tc.sig); got != tc.status {
				t.Errorf("exit status %d (%v), want %d", got, cmd.ProcessState, tc.status)
			}
			if stderr.String() != tc.line {
				t.Errorf("stderr %q, want %q", stderr.String(), tc.line)
			}
			if entries, _ := os.ReadDir(out); len(entries) != 0 {
				t.Errorf("--out holds %v", entries)
			}
		})
	}
}
