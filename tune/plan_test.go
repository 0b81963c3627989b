package tune

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/schema"
)

// The schema states the plan's limits the code holds min..max ranges to:
// they are the same numbers.
func TestSchemaStatesTheLimits(t *testing.T) {
	data, err := schema.Generic(schema.Tune)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Properties struct {
			Parameters struct{ MaxProperties int } `json:"parameters"`
		} `json:"properties"`
		Defs struct {
			Range struct {
				Properties struct {
					Values struct{ MaxItems int } `json:"values"`
				} `json:"properties"`
			} `json:"range"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Properties.Parameters.MaxProperties != MaxDims || doc.Defs.Range.Properties.Values.MaxItems != MaxValues {
		t.Errorf("schema: %d parameters of %d values; the code: %d of %d", doc.Properties.Parameters.MaxProperties,
			doc.Defs.Range.Properties.Values.MaxItems, MaxDims, MaxValues)
	}
}

// Whatever tune.yaml holds, loading it ends with a plan or with findings
// at positions in the file, never a panic.
func FuzzLoadPlan(f *testing.F) {
	seed, _ := os.ReadFile("testdata/duel/tune.yaml")
	f.Add(seed)
	f.Add([]byte("parameters:\n  compensation: {values: [1, true, x]}\n  rounds.0: {min: 1, max: 2}\ntargets: {length: {min: 3, max: 1, counter: x}}\nplayers: [0, 2, 99]\n"))
	f.Add([]byte("parameters: &a {compensation: *a}\ntargets: {}\n"))
	f.Add([]byte("parameters:\n  compensation: {min: 0x0, max: 010, step: 0x2}\ntargets: {skill_ladder: {bots: [random, mcts], games: 0x1}}\nplayers: [0x2]\n"))
	g := loadGame(f, "testdata/duel")
	build := buildErrors(g)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "tune.yaml")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		p, fs := LoadPlan(path, g.Data, g.Engine.Info(), build)
		if (p == nil) == (len(fs) == 0) {
			t.Fatalf("plan %v with %d findings", p, len(fs))
		}
		for _, f := range fs {
			if f.Pos.File != path || strings.Contains(f.Message, "\n") {
				t.Errorf("finding %v", f)
			}
		}
		if p != nil {
			for _, d := range p.Dims {
				if len(d.Values) == 0 || len(d.Values) > MaxValues {
					t.Errorf("%s: %d values", d.Path, len(d.Values))
				}
			}
		}
	})
}

// Every shipped game's plan loads without a finding.
func TestShippedPlansLoad(t *testing.T) {
	t.Chdir(testutil.RepoRoot())
	plans, _ := filepath.Glob("cards/*/" + FileName)
	if len(plans) == 0 {
		t.Fatal("no shipped game has a plan")
	}
	for _, path := range plans {
		g := loadGame(t, filepath.Dir(path))
		if _, fs := LoadPlan(path, g.Data, g.Engine.Info(), buildErrors(g)); len(fs) > 0 {
			t.Errorf("%s: %v", path, fs)
		}
	}
}

// The results schema bounds the searches as --repeats does.
func TestResultsSchemaStatesMaxRepeats(t *testing.T) {
	data, err := schema.Generic(schema.TuneResults)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Properties struct {
			Repeats struct{ Maximum int } `json:"repeats"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(data, &doc); err != nil || doc.Properties.Repeats.Maximum != MaxRepeats {
		t.Errorf("schema repeats maximum %d, MaxRepeats %d (%v)", doc.Properties.Repeats.Maximum, MaxRepeats, err)
	}
}

// Whole numbers are read as YAML (and game.yaml) reads them, whatever the
// spelling: 0x4 is 4 and 010 is 8, not 0 and 10; a step of 0x2 once
// divided by zero.
func TestPlanReadsNumbersAsYAMLDoes(t *testing.T) {
	g := loadGame(t, "testdata/duel")
	path := filepath.Join(t.TempDir(), "tune.yaml")
	plan := "parameters:\n  compensation: {min: 0x0, max: 0x4, step: 0x2}\n  rounds: {values: [0x1, 010]}\n" +
		"targets:\n  seat_win_rate: {within: 0x5}\n  length: {min: 0o10, max: 1e1}\n  skill_ladder: {bots: [random, heuristic], games: 0xA}\nplayers: [0x2]\n"
	if err := os.WriteFile(path, []byte(plan), 0o644); err != nil {
		t.Fatal(err)
	}
	p, fs := LoadPlan(path, g.Data, g.Engine.Info(), buildErrors(g))
	if len(fs) > 0 {
		t.Fatal(fs)
	}
	got := fmt.Sprint(p.Dims[0].Values, p.Dims[1].Values, p.Targets.Within, *p.Targets.Length, p.Targets.Ladder.Games, p.Players)
	if want := "[0 2 4] [1 8] 5 {8 10  0} 10 [2]"; got != want {
		t.Errorf("read %s, want %s", got, want)
	}
}

// A ladder bot the engine cannot make is a finding at the bot, not a run
// whose every candidate is "broken": the schema lets mcts:N have 7 digits,
// the engine's bots 1,000,000 iterations at most.
func TestPlanLadderBotsAreMade(t *testing.T) {
	g := loadGame(t, "testdata/duel")
	path := filepath.Join(t.TempDir(), "tune.yaml")
	plan := "parameters:\n  compensation: {min: 0, max: 4}\ntargets:\n  skill_ladder: {bots: [random, mcts:5000000]}\n"
	if err := os.WriteFile(path, []byte(plan), 0o644); err != nil {
		t.Fatal(err)
	}
	_, fs := LoadPlan(path, g.Data, g.Engine.Info(), buildErrors(g))
	want := path + `:4:33: error TUNE_TARGET: skill_ladder: bot "mcts:5000000": the budget "5000000" is not 1 to 1000000 iterations`
	if len(fs) != 1 || fs[0].String() != want {
		t.Errorf("got %v, want %s", fs, want)
	}
}

// A value a YAML merge key (<<: *b) brings into a mapping cannot be
// changed there alone: the plan says so at the value, in those words.
func TestPlanValueFromAMergeKey(t *testing.T) {
	dir := t.TempDir()
	testutil.CopyTree(t, "testdata/duel", dir)
	yml := filepath.Join(dir, "game.yaml")
	data, _ := os.ReadFile(yml)
	merged := strings.Replace(string(data), "parameters:\n", "parameters:\n  setup:\n    default:\n      base: &b {comp: 0}\n      used: {<<: *b, extra: 2}\n    doc: x\n", 1)
	if err := os.WriteFile(yml, []byte(merged), 0o644); err != nil {
		t.Fatal(err)
	}
	g := loadGame(t, dir)
	path := filepath.Join(dir, "tune.yaml")
	if err := os.WriteFile(path, []byte("parameters:\n  setup.used.comp: {values: [0, 1]}\ntargets:\n  seat_win_rate: {within: 5}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, fs := LoadPlan(path, g.Data, g.Engine.Info(), buildErrors(g))
	want := path + `:2:33: error TUNE_VALUE: the game does not build with setup.used.comp = 1: setup.used.comp: "comp" comes into the mapping by a YAML merge key (<<); write it in the mapping to tune it`
	if len(fs) != 1 || fs[0].String() != want {
		t.Errorf("got %v\nwant %s", fs, want)
	}
}

// A path into a list the variant played leaves empty says so, not "0 to
// -1".
func TestPlanPathIntoAnEmptyList(t *testing.T) {
	t.Chdir(testutil.RepoRoot())
	g, _, err := loadGame(t, "cards/masterminds").BuildVariant("draft")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "tune.yaml")
	if err := os.WriteFile(path, []byte("parameters:\n  starter_cash.0.cards: {min: 0, max: 2}\ntargets:\n  seat_win_rate: {within: 5}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, fs := LoadPlan(path, g.Data, g.Engine.Info(), buildErrors(g))
	want := path + `:2:3: error TUNE_PARAMETER: starter_cash.0.cards: "0" is not an index of the list, which is empty`
	if len(fs) != 1 || fs[0].String() != want {
		t.Errorf("got %v\nwant %s", fs, want)
	}
}

// A parameter that is empty or a fractional number cannot be tuned, and
// the finding says so rather than "name one number ... in it (e.g. it)".
func TestPlanParameterOfAnUntunableType(t *testing.T) {
	dir := t.TempDir()
	testutil.CopyTree(t, "testdata/duel", dir)
	yml := filepath.Join(dir, "game.yaml")
	data, _ := os.ReadFile(yml)
	odd := strings.Replace(string(data), "parameters:\n", "parameters:\n  label:\n    default: ~\n    doc: x\n  ratio:\n    default: 1.5\n    doc: y\n", 1)
	if err := os.WriteFile(yml, []byte(odd), 0o644); err != nil {
		t.Fatal(err)
	}
	g := loadGame(t, dir)
	path := filepath.Join(dir, "tune.yaml")
	if err := os.WriteFile(path, []byte("parameters:\n  label: {values: [a]}\n  ratio: {values: [2]}\ntargets:\n  seat_win_rate: {within: 5}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, fs := LoadPlan(path, g.Data, g.Engine.Info(), buildErrors(g))
	want := path + ":2:3: error TUNE_PARAMETER: label is empty in game.yaml; tune changes a whole number, true/false or a word\n" +
		path + ":3:3: error TUNE_PARAMETER: ratio is a fractional number in game.yaml; tune changes a whole number, true/false or a word\n"
	var got strings.Builder
	for _, f := range fs {
		got.WriteString(f.String() + "\n")
	}
	if got.String() != want {
		t.Errorf("got\n%swant\n%s", got.String(), want)
	}
}
