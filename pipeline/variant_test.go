package pipeline

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/heat"
	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/smoke"
)

// heatVariants is HEAT with two variants: harsh (the default) raises the
// out-of-Heat penalty; long has more stages than a hand has cards, an
// error only that variant has.
const heatVariants = `variants:
  default: harsh
  list:
    - id: standard
      name: As printed
    - id: harsh
      name: Harsh
      parameters:
        out_of_heat_penalty: 7
    - id: long
      name: Long heists
      parameters:
        stages: 6

print:
`

func heatWithVariants(t *testing.T) string {
	ws := testutil.CopyGame(t, "heat")
	testutil.Edit(t, ws, "cards/heat/game.yaml", "\nprint:\n", "\n"+heatVariants)
	return ws
}

func TestLoadBuildsTheDefaultVariant(t *testing.T) {
	ws := heatWithVariants(t)
	g := load(t, filepath.Join(ws, "cards/heat"))
	if g.Variant != "harsh" || g.Engine.(*heat.Game).Params().OutOfHeatPenalty != 7 {
		t.Fatalf("loaded variant %q with penalty %d, want harsh and 7", g.Variant, g.Engine.(*heat.Game).Params().OutOfHeatPenalty)
	}
	std, fs, err := g.BuildVariant("standard")
	if err != nil || len(fs) != 0 || std.Variant != "standard" || std.Engine.(*heat.Game).Params().OutOfHeatPenalty != 3 {
		t.Fatalf("standard: %v %v %+v", err, fs, std)
	}
	if _, _, err := g.BuildVariant("nope"); err == nil {
		t.Error("an unknown variant was built")
	}
}

func TestLintPlaysEveryVariant(t *testing.T) {
	ws := heatWithVariants(t)
	line := testutil.LineOf(t, ws, "cards/heat/game.yaml", "        stages: 6", false)
	g := load(t, filepath.Join(ws, "cards/heat"))
	fs := Lint(g, smoke.Options{Games: 50, Seed: 1})
	var got []string
	for _, f := range fs {
		got = append(got, f.String())
	}
	if len(fs) != 1 || fs[0].Code != "HAND_TOO_SMALL" || fs[0].Line != line || !strings.HasPrefix(fs[0].Message, "[variant long] ") {
		t.Fatalf("want one HAND_TOO_SMALL at game.yaml:%d for variant long, got:\n%s", line, strings.Join(got, "\n"))
	}

	// Smoke games are played for every variant: a seat factor below zero
	// makes every run report, and another variant's report names it.
	testutil.Edit(t, ws, "cards/heat/game.yaml", "        stages: 6\n", "        stages: 3\n")
	g = load(t, filepath.Join(ws, "cards/heat"))
	var seen []string
	for _, id := range g.Data.Variants() {
		v, _, _ := g.BuildVariant(id)
		seen = append(seen, id+":"+v.otherVariant())
	}
	if !slices.Equal(seen, []string{"harsh:", "standard:standard", "long:long"}) {
		t.Errorf("variants and their flags: %v", seen)
	}
	fs = Lint(g, smoke.Options{Games: 50, Seed: 1, SeatFactor: -1})
	found := false
	for _, f := range fs {
		if f.Code == "SEAT_ADVANTAGE" && strings.HasPrefix(f.Message, "[variant long] ") {
			found = true
		}
	}
	if !found {
		t.Errorf("no SEAT_ADVANTAGE marked [variant long] in %v", fs)
	}
}

// probe is HEAT's engine registered under another id, whose build also
// reports an out_of_heat_penalty of 7, so a variant can fail to build.
type probe struct{ kit.Module }

// probeFinding is the code of probe's own finding: a test engine declares
// its codes as every engine does.
var probeFinding = finding.Declare(finding.Code{ID: "PROBE", Severity: finding.Error, Scope: finding.Engine, Engine: "heatprobe",
	Purpose: "A test engine's finding on an out_of_heat_penalty of 7."})

func (probe) ID() string { return "heatprobe" }

func (p probe) Build(d *gamedata.Data) (engine.Game, []finding.Finding) {
	g, fs := p.Module.Build(d)
	if prm := d.Params["out_of_heat_penalty"]; prm.Value == 7 {
		fs = append(fs, probeFinding.At(prm.Pos, "a penalty of 7"))
	}
	return g, fs
}

func init() {
	m, _ := kit.Lookup("heat")
	kit.Register(probe{m})
}

func TestLoadBuildsEveryVariant(t *testing.T) {
	ws := heatWithVariants(t)
	testutil.Edit(t, ws, "cards/heat/game.yaml", "engine: heat\n", "engine: heatprobe\n")
	testutil.Edit(t, ws, "cards/heat/game.yaml", "default: harsh", "default: standard")
	line := testutil.LineOf(t, ws, "cards/heat/game.yaml", "out_of_heat_penalty: 7", false)
	_, fs := Load([]string{filepath.Join(ws, "cards/heat")})
	var probes []finding.Finding
	for _, f := range fs {
		if probeFinding.Is(f) {
			probes = append(probes, f)
		}
	}
	if len(probes) != 1 || probes[0].Line != line || probes[0].Message != "[variant harsh] a penalty of 7" {
		t.Errorf("want the harsh variant's build finding at line %d, got %v", line, fs)
	}
}

// Rendering another variant prints its numbers under its own file names;
// the default keeps the plain names.
func TestRenderVariant(t *testing.T) {
	ws := heatWithVariants(t)
	testutil.Edit(t, ws, "cards/heat/reference.yaml", `subtitle: "{players_min}`, `subtitle: "{variant} rules, {players_min}`)
	g := load(t, filepath.Join(ws, "cards/heat"))
	out := t.TempDir()
	def, err := Render(g, RenderOptions{OutDir: out})
	if err != nil {
		t.Fatal(err)
	}
	std, err := Render(g, RenderOptions{OutDir: out, Variant: "standard"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{filepath.Join(out, "heat", "heat-pnp.pdf"), filepath.Join(out, "heat", "heat-reference.pdf")}; !slices.Equal(def, want) {
		t.Errorf("default wrote %v, want %v", def, want)
	}
	if want := []string{filepath.Join(out, "heat", "heat-pnp-standard.pdf"), filepath.Join(out, "heat", "heat-reference-standard.pdf")}; !slices.Equal(std, want) {
		t.Errorf("standard wrote %v, want %v", std, want)
	}
	for _, c := range []struct{ path, want string }{
		{def[1], "loses $7"}, {def[1], "Harsh rules"}, {std[1], "loses $3"}, {std[1], "As printed rules"},
	} {
		pages, _ := pdfText(t, c.path)
		if !strings.Contains(strings.Join(pages, "\n"), c.want) {
			t.Errorf("%s does not say %q", c.path, c.want)
		}
	}
	if _, err := Render(g, RenderOptions{OutDir: out, Variant: "nope"}); err == nil {
		t.Error("an unknown variant was rendered")
	}
	if _, err := os.Stat(filepath.Join(out, "heat", "heat-reference-nope.pdf")); err == nil {
		t.Error("an unknown variant wrote a file")
	}
}

// facedHeat is HEAT with game fields on its cards and the first card
// two-sided, as an engine implementing engine.CardFaces gives them.
type facedHeat struct{ engine.Game }

func (facedHeat) CardFields(i int) (front, back map[string]string) {
	if i == 0 {
		return map[string]string{"side": "A"}, map[string]string{"side": "B", "name": "Back name"}
	}
	return map[string]string{"side": "A"}, nil
}

func (facedHeat) BackRules(i int) []engine.RulesLine {
	if i == 0 {
		return []engine.RulesLine{{Phase: "D", Text: "Take 3 gems."}}
	}
	return nil
}

func TestDocumentMergesCardFaces(t *testing.T) {
	g := load(t, filepath.Join(testutil.RepoRoot(), "cards/heat"))
	doc := Document(&LoadedGame{Data: g.Data, Engine: facedHeat{g.Engine}, Variant: g.Variant})
	first, second := doc.Cards[0], doc.Cards[1]
	if first.Fields["side"] != "A" || first.Fields["name"] != g.Data.Cards[0].Name || len(first.Rules) == 0 {
		t.Errorf("front of card 0: %+v", first.Fields)
	}
	if !first.TwoSided() || first.BackFields["side"] != "B" || first.BackFields["name"] != "Back name" ||
		first.BackFields["flavor"] != g.Data.Cards[0].Flavor || len(first.BackRules) != 1 || first.BackRules[0].Phase != "D" {
		t.Errorf("back of card 0: %+v %+v", first.BackFields, first.BackRules)
	}
	if second.TwoSided() || second.Fields["side"] != "A" {
		t.Errorf("card 1 should be one-sided with its field: %+v", second)
	}
}
