package cmd

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/internal/testutil"
)

func TestSimHeat(t *testing.T) {
	code, out, errOut := run(t, repoRoot, "sim", "--game", "heat", "--games", "100", "--seed", "3")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{
		"heat: 100 games per player count and variant, seed 3, bots random",
		"3 players", "4 players", "5 players", "moves (mean ± sd)", "seat 5 wins (95%)",
		"out_of_heat_returns per game", "arrests per game", "end: heists complete",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	// The same seed gives the same table.
	if _, again, _ := run(t, repoRoot, "sim", "--game", "heat", "--games", "100", "--seed", "3", "--workers", "1"); again != out {
		t.Errorf("a second run differs:\n%s\n%s", out, again)
	}
}

func TestSimUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"sim", "--game", "heat", "--vs", "draft"},
		{"sim", "--game", "heat", "--variant", "draft"},
		{"sim", "--game", "heat", "--players", "2"},
		{"sim", "--game", "heat", "--games", "0"},
		{"sim", "--game", "heat", "--bots", "clever"},
		{"sim"},
		{"replay", "--game", "heat", "--variant", "draft"},
		{"render", "--variant", "draft", "cards/heat"},
	} {
		code, _, errOut := run(t, repoRoot, args...)
		if code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one line", args, code, errOut)
		}
	}
}

// heatWithVariants is a copy of HEAT with two variants: standard (the
// default) and harsh, whose out-of-Heat penalty is 9.
func heatWithVariants(t *testing.T) string {
	ws := copyHeat(t)
	edit(t, ws, "cards/heat/game.yaml", "\nprint:\n", `
variants:
  default: standard
  list:
    - {id: standard, name: As printed}
    - id: harsh
      name: Harsh
      doc: Running out of Heat hurts three times as much.
      parameters:
        out_of_heat_penalty: 9

print:
`)
	return ws
}

func TestVariantsFromTheCommandLine(t *testing.T) {
	ws := heatWithVariants(t)
	code, out, errOut := run(t, ws, "sim", "--game", "heat", "--vs", "harsh", "--games", "200", "--players", "4")
	if code != 0 {
		t.Fatalf("sim --vs: exit %d\n%s%s", code, out, errOut)
	}
	lines := strings.Split(out, "\n")
	header := strings.Fields(lines[2])
	if strings.Join(header, " ") != "4 players standard harsh" || strings.Contains(out, "5 players") {
		t.Errorf("want one table with the columns standard and harsh:\n%s", out)
	}
	// Same seeds, same game lengths: the penalty moves only money.
	moves := strings.Fields(lines[4])
	if len(moves) != 10 || moves[0] != "moves" || strings.Join(moves[4:7], " ") != strings.Join(moves[7:], " ") {
		t.Errorf("game length differs between variants: %q", lines[4])
	}

	if code, out, _ := run(t, ws, "lint", "--games", "100"); code != 0 || !strings.Contains(out, "no problems") {
		t.Errorf("lint over both variants: exit %d\n%s", code, out)
	}

	code, std, _ := run(t, ws, "replay", "--game", "heat", "--players", "5", "--seed", "7")
	code2, harsh, errOut := run(t, ws, "replay", "--game", "heat", "--players", "5", "--seed", "7", "--variant", "harsh")
	if code != 0 || code2 != 0 {
		t.Fatalf("replay: exit %d and %d: %s", code, code2, errOut)
	}
	if std == harsh || !strings.Contains(harsh, "$9") {
		t.Errorf("replaying variant harsh did not change the game")
	}

	code, out, errOut = run(t, ws, "render", "--variant", "harsh", "cards/heat")
	if code != 0 || !strings.Contains(out, filepath.Join("out", "heat", "heat-reference-harsh.pdf")) {
		t.Fatalf("render --variant: exit %d\n%s%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(ws, "out", "heat", "heat-reference.pdf")); err == nil {
		t.Error("render --variant harsh wrote the default sheet too")
	}
	if code, _, errOut := run(t, ws, "sim", "--game", "heat", "--vs", "harhs", "--games", "10"); code != 2 || !strings.Contains(errOut, `did you mean "harsh"?`) {
		t.Errorf("unknown --vs: exit %d, %q", code, errOut)
	}
}

// The table never prints NaN or Inf, whatever summary it is given: merge
// refuses such files, and the printer does not rely on that.
func TestSimTableNeverPrintsNaNOrInf(t *testing.T) {
	s := engine.NewSummary(engine.Info{Counters: []string{"turns"}}, 2)
	s.Games = 3
	s.SeatWins[0] = -5 * 840 // a win rate of -5/3: its interval is NaN
	s.MovesSum, s.MovesSq = math.MaxInt64, math.MaxInt64
	s.Tally.Counters[0] = math.MaxInt64
	s.EndCauses["done"] = 3
	res := &SimResults{Game: "g", Games: 3, Bots: []string{"random"}, Shard: 1, Shards: 1,
		Columns: []SimColumn{{Counters: []string{"turns"}, Summaries: []*engine.Summary{s}}}}
	var out strings.Builder
	if err := printSim(&out, res); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "NaN") || strings.Contains(out.String(), "Inf") {
		t.Errorf("NaN or Inf printed:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "seat 1 wins (95%)  -\n") {
		t.Errorf("the seat with an impossible rate should show -:\n%s", out.String())
	}
}

// sim --out naming a folder, or a file the game is made of, is refused
// before anything is played: the run would be lost at its end, or
// game.yaml or a card file overwritten with JSON.
func TestSimOutCheckedBeforeTheRun(t *testing.T) {
	ws := t.TempDir()
	testutil.CopyTree(t, filepath.Join(repoRoot, "tune/testdata/duel"), filepath.Join(ws, "duel"))
	before := readFile(t, filepath.Join(ws, "duel/game.yaml"))
	for _, tc := range []struct{ out, want string }{
		{"duel", "cardpress: --out duel is a folder; name the results file (e.g. duel/sim.json)\n"},
		{"new/", "cardpress: --out new/ is a folder; name the results file (e.g. new/sim.json)\n"},
		{"duel/game.yaml", "cardpress: --out duel/game.yaml is a file of the game (duel/game.yaml); name another file\n"},
		{"duel/./cards.yaml", "cardpress: --out duel/./cards.yaml is a file of the game (duel/cards.yaml); name another file\n"},
	} {
		code, out, errOut := run(t, ws, "sim", "--game", "duel", "--games", "5", "--out", tc.out)
		if code != 2 || out != "" || errOut != tc.want {
			t.Errorf("--out %s: exit %d, stdout %q, stderr %q; want 2 and %q", tc.out, code, out, errOut, tc.want)
		}
	}
	if after := readFile(t, filepath.Join(ws, "duel/game.yaml")); !bytes.Equal(after, before) {
		t.Error("game.yaml changed")
	}
	if code, _, errOut := run(t, ws, "sim", "--game", "duel", "--games", "5", "--out", "duel.json"); code != 0 {
		t.Errorf("--out duel.json: exit %d, %s", code, errOut)
	}
}
