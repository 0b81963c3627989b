package pipeline

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine/heat"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/render"
	"github.com/cardpress/cardpress/render/pdftest"
	"github.com/cardpress/cardpress/smoke"
)

func load(t testing.TB, dir string) *LoadedGame {
	t.Helper()
	games, fs := Load([]string{dir})
	if errs, _ := finding.Count(fs); errs > 0 || len(games) != 1 || games[0].Engine == nil {
		t.Fatalf("%s does not load: %v", dir, fs)
	}
	return games[0]
}

// pdfText extracts each page's text.
func pdfText(t *testing.T, path string) (pages []string, raw []byte) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return pdftest.Pages(t, raw), raw
}

// loadWithParams loads a copy of cards/<id> with each edit (old text, new
// text) made in its game.yaml.
func loadWithParams(t *testing.T, id string, edits ...[2]string) *LoadedGame {
	t.Helper()
	ws := testutil.CopyGame(t, id)
	for _, e := range edits {
		testutil.Edit(t, ws, filepath.Join("cards", id, "game.yaml"), e[0], e[1])
	}
	return load(t, filepath.Join(ws, "cards", id))
}

// renderSays renders g into a new folder, which it returns, and wants
// each of says in its reference sheet, whose text it returns.
func renderSays(t *testing.T, g *LoadedGame, says ...string) (out, sheet string) {
	t.Helper()
	out = t.TempDir()
	if _, err := Render(g, RenderOptions{OutDir: out, Options: render.Options{}}); err != nil {
		t.Fatalf("render: %v", err)
	}
	id := g.Data.Manifest.ID
	ref, _ := pdfText(t, filepath.Join(out, id, id+"-reference.pdf"))
	sheet = strings.Join(ref, "\n")
	for _, s := range says {
		if !strings.Contains(sheet, s) {
			t.Errorf("reference sheet does not say %q", s)
		}
	}
	return out, sheet
}

func TestRenderShippedHeat(t *testing.T) {
	g := load(t, filepath.Join(testutil.RepoRoot(), "cards/heat"))
	out := t.TempDir()
	paths, err := Render(g, RenderOptions{OutDir: out, Options: render.Options{Paper: "a4"}})
	if err != nil {
		t.Fatalf("render: %v", err)
	}
	want := []string{filepath.Join(out, "heat", "heat-pnp.pdf"), filepath.Join(out, "heat", "heat-reference.pdf")}
	if strings.Join(paths, ",") != strings.Join(want, ",") {
		t.Fatalf("wrote %v, want %v", paths, want)
	}

	pages, raw := pdfText(t, want[0])
	// 34 cards at 9 a page: 4 front pages, each followed by its back page,
	// then the board and token pages.
	if len(pages) < 9 {
		t.Fatalf("print-and-play has %d pages, want 8 card pages and components", len(pages))
	}
	all := strings.Join(pages, "\n")
	for _, c := range g.Data.Cards {
		if !strings.Contains(strings.ReplaceAll(all, " ", ""), strings.ReplaceAll(c.Name, " ", "")) {
			t.Errorf("card %q is not in the PDF text", c.Name)
		}
	}
	for i := 1; i < 8; i += 2 {
		if !strings.Contains(pages[i], "HEAT") {
			t.Errorf("page %d should be a back page showing the title", i+1)
		}
	}
	if !bytes.Contains(raw, []byte("/FontFile2")) {
		t.Error("fonts are not embedded")
	}

	ref, _ := pdfText(t, want[1])
	if len(ref) != 2 {
		t.Fatalf("reference has %d pages, want the sheet and the player aid", len(ref))
	}
	for _, s := range []string{"Setup", "Heat", "End and scoring", "Prepare", "Score"} {
		if !strings.Contains(ref[0], s) {
			t.Errorf("reference sheet lacks %q", s)
		}
	}
}

func TestRenderIsByteIdentical(t *testing.T) {
	g := load(t, filepath.Join(testutil.RepoRoot(), "cards/heat"))
	a, b := t.TempDir(), t.TempDir()
	for _, dir := range []string{a, b} {
		if _, err := Render(g, RenderOptions{OutDir: dir, Options: render.Options{Paper: "letter", Bleed: 3}}); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"heat-pnp.pdf", "heat-reference.pdf"} {
		x, _ := os.ReadFile(filepath.Join(a, "heat", name))
		y, _ := os.ReadFile(filepath.Join(b, "heat", name))
		if len(x) == 0 || !bytes.Equal(x, y) {
			t.Errorf("%s differs between two renders of the same input", name)
		}
	}
}

// One source of truth: a parameter changed in game.yaml changes both what
// the engine plays and what the reference sheet prints.
func TestParameterChangesEngineAndSheet(t *testing.T) {
	g := loadWithParams(t, "heat",
		[2]string{"  out_of_heat_penalty:\n    default: 3\n", "  out_of_heat_penalty:\n    default: 7\n"},
		[2]string{"      - {value: -1, slots: 3}\n", "      - {value: -1, slots: 2}\n      - {value: -1, slots: 1}\n"},
		[2]string{"  draft_rounds:\n    default: 3\n", "  draft_rounds:\n    default: 4\n"})
	p := g.Engine.(*heat.Game).Params()
	if p.OutOfHeatPenalty != 7 || p.HandSize() != 6 || p.HeatValue(2) != -1 {
		t.Fatalf("engine did not pick up the parameters: %+v", p)
	}
	_, sheet := renderSays(t, g, "loses $7", "Repeat 4 times", "Hands end at 6 cards")
	if strings.Contains(sheet, "loses $3") {
		t.Error("reference sheet still prints the old penalty")
	}
}

func TestUndefinedPlaceholderIsReported(t *testing.T) {
	ws := testutil.CopyGame(t, "heat")
	line := testutil.Edit(t, ws, "cards/heat/reference.yaml", "      - \"Deal {draft_deal} cards to each player.\"\n",
		"      - \"Deal {draft_dael} cards to each player.\"\n")
	games, fs := Load([]string{filepath.Join(ws, "cards/heat")})
	if len(games) == 1 && games[0].Engine != nil {
		fs = append(fs, Static(games[0])...)
	}
	for _, f := range fs {
		if f.Code == "UNDEFINED_PARAMETER" && f.Line == line && strings.HasSuffix(f.File, "reference.yaml") {
			return
		}
	}
	t.Errorf("no UNDEFINED_PARAMETER at reference.yaml:%d in %v", line, fs)
}

func TestTextThatDoesNotFitIsALintError(t *testing.T) {
	ws := testutil.CopyGame(t, "heat")
	testutil.Edit(t, ws, "cards/heat/cards.yaml", "    flavor: Subtle it is not.\n",
		"    flavor: \""+strings.Repeat("Subtle it is not, and it never was, not even once. ", 9)+"\"\n")
	line := testutil.LineOf(t, ws, "cards/heat/cards.yaml", "  - id: jewelry-smash", false)
	g := load(t, filepath.Join(ws, "cards/heat"))
	fs := Lint(g, smoke.Options{Games: 20})
	for _, f := range fs {
		if f.Code == "TEXT_OVERFLOW" && f.Line == line && f.Severity == finding.Error {
			return
		}
	}
	t.Errorf("no TEXT_OVERFLOW error at cards.yaml:%d in %v", line, fs)
}

// BenchmarkBuildHeat is `cardpress build` for HEAT: load, lint with the
// default smoke games, render both PDFs (target: under a second).
func BenchmarkBuildHeat(b *testing.B) {
	dir := filepath.Join(testutil.RepoRoot(), "cards/heat")
	out := b.TempDir()
	for i := 0; i < b.N; i++ {
		g := load(b, dir)
		if fs := Lint(g, smoke.Options{Games: smoke.DefaultGames, Seed: 1}); len(fs) > 0 {
			b.Fatal(fs)
		}
		if _, err := Render(g, RenderOptions{OutDir: out}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestRenderShippedMasterminds(t *testing.T) {
	g := load(t, filepath.Join(testutil.RepoRoot(), "cards/masterminds"))
	out := t.TempDir()
	if _, err := Render(g, RenderOptions{OutDir: out}); err != nil {
		t.Fatal(err)
	}
	pages, _ := pdfText(t, filepath.Join(out, "masterminds", "masterminds-pnp.pdf"))
	// 162 cards at 9 a page: 18 front pages, each with its back page.
	if len(pages) < 37 {
		t.Fatalf("%d pages, want at least 36 card pages and the box page", len(pages))
	}
	last := pages[len(pages)-1]
	for _, s := range []string{"Supply your own", "30 × 12 mm dice", "Gem bag", "Printed in this file", "162 × Game cards"} {
		if !strings.Contains(last, s) {
			t.Errorf("box page lacks %q:\n%s", s, last)
		}
	}
	// Heist cards are two-sided: some back page shows steps B, C and D
	// instead of a common back.
	found := false
	for i := 3; i < 2+36; i += 2 { // the back pages, after the two guide pages
		found = found || (strings.Contains(pages[i], "Side B") && !strings.Contains(pages[i], "HEIST"))
	}
	if !found {
		t.Error("no back page shows a heist's own side B")
	}
}

// boundsCase is one edit of a shipped game and the one finding it must
// give: code, at the first occurrence of at in file after the edit.
type boundsCase struct {
	name, game, file, old, new string
	at, code                   string
	also                       [][3]string // more edits: file, old, new
}

// loadEdited loads a copy of a shipped game with one edit, measuring what
// Load allocates.
func loadEdited(t *testing.T, tc boundsCase) (*LoadedGame, []finding.Finding, uint64, finding.Pos) {
	t.Helper()
	ws := testutil.CopyGame(t, tc.game)
	rel := filepath.Join("cards", tc.game, tc.file)
	testutil.Edit(t, ws, rel, tc.old, tc.new)
	for _, e := range tc.also {
		testutil.Edit(t, ws, filepath.Join("cards", tc.game, e[0]), e[1], e[2])
	}
	line := testutil.LineOf(t, ws, rel, tc.at, false)
	data, err := os.ReadFile(filepath.Join(ws, rel))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Split(string(data), "\n")[line-1]
	want := finding.Pos{File: filepath.Join(ws, rel), Line: line, Col: strings.Index(text, tc.at) + 1}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	games, fs := Load([]string{filepath.Join(ws, "cards", tc.game)})
	runtime.ReadMemStats(&after)
	if len(games) != 1 {
		t.Fatalf("%d games", len(games))
	}
	return games[0], fs, after.TotalAlloc - before.TotalAlloc, want
}

// Values no engine can afford stop at the schema: Load reports each once,
// at the value, builds no engine, and neither allocates per card copy nor
// walks a player range of 2^63 (a count of a billion used to run out of
// memory while the engine was built for its reference findings).
func TestOutOfRangeValuesStopAtTheSchema(t *testing.T) {
	const jewelry = "  - id: jewelry-smash\n    name: Jewelry Store Smash\n    count: 2\n"
	cases := []boundsCase{
		{"heat count 1e9 written out", "heat", "cards.yaml", jewelry, strings.Replace(jewelry, "count: 2", "count: 1000000000", 1), "1000000000", "SCHEMA", nil},
		{"heat count 1e9", "heat", "cards.yaml", jewelry, strings.Replace(jewelry, "count: 2", "count: 1e9", 1), "1e9", "SCHEMA", nil},
		{"heat count 2^63-1", "heat", "cards.yaml", jewelry, strings.Replace(jewelry, "count: 2", "count: 9223372036854775807", 1), "9223372036854775807", "SCHEMA", nil},
		{"masterminds count 2^63-1", "masterminds", "prep.yaml", "    keywords: [action]\n    count: 3\n    effect: {draw_prep: 2}",
			"    keywords: [action]\n    count: 9223372036854775807\n    effect: {draw_prep: 2}", "9223372036854775807", "SCHEMA", nil},
		{"mice count 1e9", "mice", "skills.yaml", "name: Twitchy Whiskers, deck: starting, count: 6,", "name: Twitchy Whiskers, deck: starting, count: 1000000000,", "1000000000", "SCHEMA", nil},
		{"hmm count 2^63-1", "hmm", "complications.yaml", "{id: laser-grid, name: Laser Grid, deck: complication, count: 3,", "{id: laser-grid, name: Laser Grid, deck: complication, count: 9223372036854775807,", "9223372036854775807", "SCHEMA", nil},
		{"heat players 2^63-1", "heat", "game.yaml", "players: {min: 3, max: 5}", "players: {min: 3, max: 9223372036854775807}", "9223372036854775807", "SCHEMA", nil},
		{"masterminds players 2^63-1", "masterminds", "game.yaml", "players: {min: 2, max: 5}", "players: {min: 2, max: 9223372036854775807}", "9223372036854775807", "SCHEMA", nil},
		{"hmm players 2^63-1", "hmm", "game.yaml", "players: {min: 2, max: 6}", "players: {min: 2, max: 9223372036854775807}", "9223372036854775807", "SCHEMA", nil},
		{"heat starting money 2^63-1", "heat", "game.yaml", "  starting_money:\n    default: 0\n", "  starting_money:\n    default: 9223372036854775807\n", "9223372036854775807", "SCHEMA", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g, fs, alloc, want := loadEdited(t, tc)
			if len(fs) != 1 || fs[0].Code != tc.code || fs[0].Pos != want {
				t.Errorf("want one %s at %s, got %v", tc.code, want, fs)
			}
			if g.Engine != nil {
				t.Error("an engine was built on invalid data")
			}
			if alloc > 256<<20 {
				t.Errorf("Load allocated %d MB", alloc>>20)
			}
		})
	}
}

// A deck too big for its engine passes the schema (each count is at most
// 999, and the box's count is made to agree) but not the engine: one
// TOO_MANY_CARDS at the count, and no engine.
func TestOverfullDeckIsTheEnginesFinding(t *testing.T) {
	cases := []boundsCase{
		{"heat", "heat", "cards.yaml", "    name: Jewelry Store Smash\n    count: 2\n", "    name: Jewelry Store Smash\n    count: 999\n", "999", "TOO_MANY_CARDS",
			[][3]string{{"game.yaml", "count: 34, deck: main", "count: 1031, deck: main"}}},
		{"hmm", "hmm", "complications.yaml", "{id: laser-grid, name: Laser Grid, deck: complication, count: 3,", "{id: laser-grid, name: Laser Grid, deck: complication, count: 999,", "999", "TOO_MANY_CARDS",
			[][3]string{{"game.yaml", "kind: cards, count: 27, deck: complication}", "kind: cards, count: 1023, deck: complication}"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g, fs, _, want := loadEdited(t, tc)
			if len(fs) != 1 || fs[0].Code != tc.code || fs[0].Pos != want || g.Engine != nil {
				t.Errorf("want one %s at %s and no engine, got %v (engine %v)", tc.code, want, fs, g.Engine != nil)
			}
		})
	}
}

// An engine's reference finding on a value the schema rejected is left
// out: the value is reported once.
func TestReferenceFindingsSkipRejectedValues(t *testing.T) {
	tc := boundsCase{"keyword", "heat", "cards.yaml", "      - {phase: B, gain: 2, per: {record: muscle}}\n", "      - {phase: B, gain: 2, per: {record: Muscle}}\n", "Muscle", "SCHEMA", nil}
	_, fs, _, want := loadEdited(t, tc)
	if len(fs) != 1 || fs[0].Code != tc.code || fs[0].Pos != want {
		t.Errorf("want one %s at %s (no UNDEFINED_KEYWORD there too), got %v", tc.code, want, fs)
	}
}

// In a folder of games, one game's errors keep only that game from being
// built: the others are built (and their engines' findings reported).
func TestOneBrokenGameLeavesTheOthersBuilt(t *testing.T) {
	ws := testutil.CopyGame(t, "heat")
	hmm := testutil.CopyGame(t, "hmm")
	if err := os.Rename(filepath.Join(hmm, "cards", "hmm"), filepath.Join(ws, "cards", "hmm")); err != nil {
		t.Fatal(err)
	}
	testutil.Edit(t, ws, "cards/heat/cards.yaml", "    name: Jewelry Store Smash\n    count: 2\n", "    name: Jewelry Store Smash\n    count: 1000000000\n")
	games, fs := Load([]string{filepath.Join(ws, "cards")})
	built := map[string]bool{}
	for _, g := range games {
		built[g.Data.Manifest.ID] = g.Engine != nil
	}
	if len(games) != 2 || built["heat"] || !built["hmm"] {
		t.Errorf("engines built: %v, want hmm only (findings %v)", built, fs)
	}
}

// Loading one file of a game reports that file's findings, but an error
// in another file of the game still keeps the engine from being built:
// nothing plays data that failed its schema (here a field the engine does
// not read, so only the schema can tell).
func TestOneFileOfABrokenGameBuildsNoEngine(t *testing.T) {
	ws := testutil.CopyGame(t, "heat")
	testutil.Edit(t, ws, "cards/heat/game.yaml", "version: 0.96.0\n", "version: 0.96.0\nauthor: me\n")
	games, fs := Load([]string{filepath.Join(ws, "cards", "heat", "cards.yaml")})
	if len(games) != 1 || games[0].Engine != nil || len(fs) != 0 {
		t.Errorf("engine built %v, findings %v: want no engine and no finding in cards.yaml", len(games) == 1 && games[0].Engine != nil, fs)
	}
}
