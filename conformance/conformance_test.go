package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/cmd"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/render"
	"github.com/cardpress/cardpress/render/pdftest"
	"github.com/cardpress/cardpress/schema"
)

// gamesPerCount is how many random games each variant plays at each
// player count, from seed: enough to catch data that breaks the State
// contract at once, while the slowest game, Masterminds, takes about 3 s
// (its variants in parallel). The engines' own tests play synthetic data
// and the fuzz targets mutated data far longer.
const (
	gamesPerCount = 10
	seed          = 7
)

// TestGames runs every check on every folder under cards/, and fails for
// a registered engine no folder uses, so no engine goes untested.
func TestGames(t *testing.T) {
	used := map[string]bool{}
	for _, dir := range gameFolders(t) {
		games, fs := pipeline.Load([]string{dir})
		for _, g := range games {
			used[g.Data.Manifest.Engine] = true
		}
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			conform(t, dir, games, fs, true)
			if m, ok := kit.Lookup(games[0].Data.Manifest.Engine); ok {
				t.Run("log", func(t *testing.T) { logValidates(t, dir, games[0]) })
				// Bounds changes the data it checks: a copy of its own.
				fresh, _ := pipeline.Load([]string{dir})
				t.Run("bounds", func(t *testing.T) { enginetest.Bounds(t, m, fresh[0].Data) })
			}
		})
	}
	for _, id := range kit.Modules() {
		if !used[id] {
			t.Errorf("engine %s has no game folder under cards/", id)
		}
	}
}

// TestNewTemplate holds what `cardpress new` writes to the same checks:
// the blank template, and a copy (--from) of every game under cards/. A
// copy has the same engine and plays the same data as its folder, so the
// engine checks run in TestGames only.
func TestNewTemplate(t *testing.T) {
	if !hasCommand("new") {
		t.Skip("cardpress new not available yet")
	}
	t.Run("blank", func(t *testing.T) {
		t.Parallel()
		newGame(t, true)
	})
	for _, from := range gameFolders(t) {
		t.Run("from-"+filepath.Base(from), func(t *testing.T) {
			t.Parallel()
			newGame(t, false, "--from", from)
		})
	}
}

// newGame runs `cardpress new DIR args...` into a new folder and checks
// the game it writes.
func newGame(t *testing.T, engineChecks bool, args ...string) {
	dir := filepath.Join(t.TempDir(), "mygame")
	var out, errOut bytes.Buffer
	if code := cmd.Run(cmd.IO{Out: &out, Err: &errOut}, append([]string{"new", dir}, args...)); code != cmd.ExitClean {
		t.Fatalf("cardpress new: exit %d\n%s%s", code, out.String(), errOut.String())
	}
	games, fs := pipeline.Load([]string{dir})
	conform(t, dir, games, fs, engineChecks)
}

func hasCommand(name string) bool {
	for _, c := range cmd.NewRoot(cmd.IO{Out: io.Discard, Err: io.Discard}).Commands() {
		if c.Name() == name {
			return true
		}
	}
	return false
}

// gameFolders lists the folders under cards/: each is a game.
func gameFolders(t *testing.T) []string {
	t.Helper()
	cards := filepath.Join(testutil.RepoRoot(), "cards")
	entries, err := os.ReadDir(cards)
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
			dirs = append(dirs, filepath.Join(cards, e.Name()))
		}
	}
	return dirs
}

// conform checks the game loaded from dir: it validates with no finding
// at all, and then each of its variants (in parallel subtests) builds,
// lints and prints. With engineChecks, every variant plays.
func conform(t *testing.T, dir string, games []*pipeline.LoadedGame, loaded []finding.Finding, engineChecks bool) {
	for _, f := range loaded {
		t.Errorf("validate: %s", f)
	}
	if len(games) != 1 {
		t.Fatalf("%s holds %d games, want one", dir, len(games))
	}
	if errs, _ := finding.Count(loaded); errs > 0 {
		t.FailNow()
	}
	g := games[0]
	variants := []string{g.Variant}
	if g.Data.Manifest.HasEngine() {
		if g.Engine == nil {
			t.Fatalf("engine %s did not build the game", g.Data.Manifest.Engine)
		}
		variants = g.Data.Variants()
	}
	for _, id := range variants {
		name := id
		if name == "" {
			name = "default"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			v := g
			if id != g.Variant {
				var fs []finding.Finding
				var err error
				if v, fs, err = g.BuildVariant(id); err != nil || v.Engine == nil {
					t.Fatalf("variant %s does not build: %v %v", id, err, fs)
				}
			}
			staticLint(t, v)
			prints(t, v, id)
			if engineChecks && v.Engine != nil {
				play(t, v)
			}
		})
	}
}

// staticLint fails for what lint reports without smoke games, after the
// game's lint.ignore; ignores of smoke-game findings are not stale here.
func staticLint(t *testing.T, g *pipeline.LoadedGame) {
	t.Helper()
	for _, f := range check.ApplyIgnores(g.Data, pipeline.Static(g), false) {
		t.Errorf("lint: %s", f)
	}
}

// prints renders both PDFs as `cardpress render --variant id` would, reads
// every card's name back from the print-and-play sheets, and fails for any
// text CheckFit finds too big for its box, kept by lint.ignore or not.
func prints(t *testing.T, g *pipeline.LoadedGame, variant string) {
	t.Helper()
	for _, f := range render.CheckFit(pipeline.Document(g)) {
		t.Errorf("fit: %s", f)
	}
	paths, err := pipeline.Render(g, pipeline.RenderOptions{OutDir: t.TempDir(), Variant: variant})
	if err != nil {
		t.Fatalf("render: %v", err)
	}
	var pnp []byte
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(data, []byte("%PDF-")) {
			t.Errorf("%s is not a PDF", filepath.Base(p))
		}
		if strings.Contains(filepath.Base(p), "-pnp") {
			pnp = data
		}
	}
	if pnp == nil {
		t.Fatalf("render wrote no print-and-play PDF: %v", paths)
	}
	// Names may wrap, so compare without spaces.
	text := squeeze(strings.Join(pdftest.Pages(t, pnp), ""))
	for _, c := range g.Data.Cards {
		if !strings.Contains(text, squeeze(c.Name)) {
			t.Errorf("card %s: name %q is not in the print-and-play PDF", c.ID, c.Name)
		}
	}
}

func squeeze(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// play runs random playouts at every player count the box states, which
// the engine must play, and checks there that its bots decide from what
// their seat sees.
func play(t *testing.T, g *pipeline.LoadedGame) {
	t.Helper()
	box, info := g.Data.Manifest.Players, g.Engine.Info()
	if info.MinPlayers > box.Min || info.MaxPlayers < box.Max {
		t.Errorf("the game is for %d-%d players, the engine plays %d-%d", box.Min, box.Max, info.MinPlayers, info.MaxPlayers)
	}
	for players := max(box.Min, info.MinPlayers); players <= min(box.Max, info.MaxPlayers); players++ {
		t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) {
			enginetest.RandomPlayouts(t, g.Engine, players, gamesPerCount, seed)
			enginetest.FairBots(t, g.Engine, players, 1, seed)
		})
	}
}

// logValidates replays a game of dir at its fewest players as `cardpress
// replay --format jsonl` does and checks every line against the log's
// schema: a header first with the game and its seed as a string, a result
// last.
func logValidates(t *testing.T, dir string, g *pipeline.LoadedGame) {
	players := strconv.Itoa(g.Engine.Info().MinPlayers)
	var out, errOut bytes.Buffer
	args := []string{"replay", "--cards", filepath.Dir(dir), "--game", filepath.Base(dir), "--players", players, "--seed", "18446744073709551557", "--format", "jsonl"}
	if code := cmd.Run(cmd.IO{Out: &out, Err: &errOut}, args); code != cmd.ExitClean {
		t.Fatalf("replay: exit %d: %s", code, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	for i, line := range lines {
		if err := schema.CheckJSON(schema.Log, []byte(line), 1<<16); err != nil {
			t.Fatalf("line %d does not match %s: %v\n%s", i+1, schema.Log, err, line)
		}
	}
	var first, last struct {
		Kind   string
		Header *struct{ Game, Seed string }
	}
	if json.Unmarshal([]byte(lines[0]), &first) != nil || first.Kind != "header" || first.Header == nil ||
		first.Header.Game != g.Data.Manifest.ID || first.Header.Seed != "18446744073709551557" {
		t.Errorf("first line is not the header: %s", lines[0])
	}
	if json.Unmarshal([]byte(lines[len(lines)-1]), &last) != nil || last.Kind != "result" {
		t.Errorf("last line is not the result: %s", lines[len(lines)-1])
	}
}
