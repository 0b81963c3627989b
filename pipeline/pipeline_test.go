package pipeline

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cardpress/engine/finding"
	"cardpress/engine/heat"
	"cardpress/internal/testutil"
	"cardpress/lint"
	"cardpress/render"

	"github.com/ledongthuc/pdf"
)

func load(t testing.TB, dir string) *Game {
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
	r, err := pdf.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		t.Fatalf("%s does not read back: %v", path, err)
	}
	for i := 1; i <= r.NumPage(); i++ {
		var b strings.Builder
		for _, tx := range r.Page(i).Content().Text {
			b.WriteString(tx.S)
		}
		pages = append(pages, b.String())
	}
	return pages, raw
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
	ws := testutil.CopyGame(t, "heat")
	testutil.Edit(t, ws, "cards/heat/game.yaml", "  out_of_heat_penalty:\n    default: 3\n", "  out_of_heat_penalty:\n    default: 7\n")
	testutil.Edit(t, ws, "cards/heat/game.yaml", "      - {value: -1, slots: 3}\n", "      - {value: -1, slots: 2}\n      - {value: -1, slots: 1}\n")
	testutil.Edit(t, ws, "cards/heat/game.yaml", "  draft_rounds:\n    default: 3\n", "  draft_rounds:\n    default: 4\n")
	g := load(t, filepath.Join(ws, "cards/heat"))
	p := g.Engine.(*heat.Game).Params()
	if p.OutOfHeatPenalty != 7 || p.HandSize() != 6 || p.HeatValue(2) != -1 {
		t.Fatalf("engine did not pick up the parameters: %+v", p)
	}
	out := t.TempDir()
	if _, err := Render(g, RenderOptions{OutDir: out, Options: render.Options{}}); err != nil {
		t.Fatalf("render: %v", err)
	}
	ref, _ := pdfText(t, filepath.Join(out, "heat", "heat-reference.pdf"))
	sheet := strings.Join(ref, "\n")
	for _, s := range []string{"loses $7", "Repeat 4 times", "Hands end at 6 cards"} {
		if !strings.Contains(sheet, s) {
			t.Errorf("reference sheet does not say %q", s)
		}
	}
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
	fs := Lint(g, lint.Options{Games: 20})
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
		if fs := Lint(g, lint.Options{Games: lint.DefaultGames, Seed: 1}); len(fs) > 0 {
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
	for i := 1; i < 36; i += 2 {
		found = found || (strings.Contains(pages[i], "Driving") && !strings.Contains(pages[i], "HEIST"))
	}
	if !found {
		t.Error("no back page shows a heist's own side B")
	}
}
